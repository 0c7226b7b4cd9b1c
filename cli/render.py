"""Rendering for people: the table, the seat screen, the story, the final scores.

Renders views from :mod:`lifeboat.views` only (never the raw state), so what a perspective sees is decided in one
place. Every user or card string goes through :class:`rich.text.Text` (brackets are not read as markup). Cards are
named as the game's own printing has them (CARD-3): from a view's ruleset (``cards_of(view.ruleset)``), or from
the :class:`lifeboat.card_set.CardSet` a function takes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from cli.describe import in_game as describe_in_game
from cli.describe import with_contents
from cli.terminal import terminal_safe
from lifeboat.cards import cards_of
from lifeboat.i18n import _, ngettext
from lifeboat.views.words import inner
from lifeboat.views.words import name as _character_name

who = _character_name
"""A character's name, as the story writes it (cmd_play names the seats with it)."""

if TYPE_CHECKING:
    from lifeboat.cards import CardSet


def clear(out: Console) -> None:
    """Clear the screen and the scrollback (hotseat: the next player must not scroll up to the previous hand); on
    output that is no terminal (a pipe, a file) nothing is written, as rich does for the screen."""
    if not out.is_terminal or out.is_dumb_terminal:
        return
    out.clear()
    out.file.write("\x1b[3J")
    out.file.flush()


_RICH_REWRITES = frozenset("\t\a\b\v\f\r")  # rich's Text expands tabs and rewrites these (cli.terminal escapes them)


def print_lines(out: Console, lines: list[tuple[str, str | None]]) -> None:
    """Print ``(text, style or None)`` lines as ``out.print(*[Text(t, style=s) ...], sep="\\n")`` does, byte for
    byte, without rich's layout machinery (a replay prints a few hundred commits; rich's was a fifth of its time).

    On a soft-wrapping console (:func:`cli.common.console`) rich neither wraps nor crops: each row of a line is
    written as it is, a styled non-empty row between its style's escape codes when the console has colour (bold and
    italic only: no colour for ``NO_COLOR`` to remove). Anything else (a tab, a control code rich strips, another
    style, a console that wraps, records or is quiet) goes through ``out.print``. On a console from :func:`cli.common.console`,
    either way, unprintable characters but the newline are escaped (:func:`cli.terminal.terminal_safe`). Raises nothing of its own."""
    plain = out.soft_wrap and not out.quiet and not out.record and out.style is None
    if not plain or any(s not in (None, "bold", "italic") or not _RICH_REWRITES.isdisjoint(t) for t, s in lines):
        out.print(*[Text(t, style=s or "") for t, s in lines], sep="\n")
        return
    lines = [(terminal_safe(t), s) for t, s in lines]  # a note or a name from a hand-edited journal: no ESC
    colour = out.color_system
    if colour is None:
        text = "\n".join(t for t, _ in lines)
    else:
        from rich.console import COLOR_SYSTEMS

        system = COLOR_SYSTEMS[colour]
        rows = []
        for t, s in lines:
            style = out.get_style(s) if s else None
            rows += [style.render(r, color_system=system) if style and r else r for r in t.split("\n")]
        text = "\n".join(rows)
    out.file.write(text + "\n")
    out.file.flush()


def seeded(seed: int) -> str:
    """What ``new`` and ``play --players`` say of a seeded game (issue 13: it is predictable)."""
    return _("Seeded game (--seed {seed}): anyone who knows or guesses the seed can predict every card. Leave out "
             "--seed for a game that matters.").format(seed=seed)


def card_names(ids, cards: CardSet, in_game: tuple[str, ...] = ()) -> str:
    """Readable names of card ids as the game's printing ``cards`` has them (``None`` for a hidden card is shown
    as ``?``); navigation cards with what they do for the characters ``in_game``."""
    out = []
    for c in ids:
        if c is None:
            out.append("?")
            continue
        try:
            out.append(cards.card_name(c))
        except KeyError:
            out.append(str(c))
    return with_contents(_(", ").join(out), in_game, cards)


def counted(ids, cards: CardSet) -> str:
    """Card names (the game's printing ``cards``) with identical ones counted: ``Water ×3, Bundle of Cash``."""
    from collections import Counter

    names = Counter(card_names([c], cards) for c in ids)
    return _(", ").join(name if n == 1 else f"{name} ×{n}" for name, n in names.items())


class Fitted:
    """``wide`` where all its words fit whole in the width it is drawn at (measured unclamped: a word is never
    folded or cut), else what ``narrow()`` makes: show's seats table with its seat column headed ``#`` (three columns
    fewer), audit's summary with each file name on a line of its own. Wide enough, ``wide`` is drawn as it always
    was."""

    def __init__(self, wide, narrow: Callable[[], RenderableType]) -> None:
        self.wide, self.narrow = wide, narrow  # the narrow one is made only when needed

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        wide = self.wide
        fits = Measurement.get(console, options.update_width(10_000), wide).minimum <= options.max_width  # unclamped
        yield wide if fits else self.narrow()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.wide)


def seats_table(view, cards: CardSet, seat_header: str = "seat") -> Table:
    """One row per character bow to stern, then the lost at sea; a status ('unconscious', 'lost at sea') is never
    wrapped or cut: the other columns wrap first."""
    title = Text(_("Round {round} · seagulls {seagulls}/4 · provisions deck {provisions} · navigation deck "
                   "{navigation} · row stack {row_stack}").format(
        round=view.round, seagulls=view.seagulls, provisions=view.provisions_deck, navigation=view.navigation_deck,
        row_stack=len(view.row_stack)))
    t = Table(title=title, title_justify="left")
    longest = max((len(status_word(ch.status)) for ch in view.characters), default=0)
    columns = (seat_header, _("character"), _("player"), _("wounds"), _("status"), _("face up"), _("hand"),
               _("markers"))
    for i, col in enumerate(columns):
        t.add_column(col, **({"no_wrap": True, "min_width": longest} if i == 4 else {"overflow": "fold"}))
    for ch in view.characters:
        drinks = view.drank.count(ch.character)  # LIQUID-1, WONG-1: +3 in fights, one more thirst, each
        drank = _("drank") if drinks == 1 else _("drank ×{n}").format(n=drinks)
        markers = " ".join(m for m, on in ((_("rowed"), ch.rowed), (_("fought"), ch.fought), (drank, drinks)) if on)
        t.add_row(
            "-" if ch.seat is None else str(ch.seat + 1), Text(ch.name), Text(ch.player),
            f"{ch.wounds}/{ch.size}", status_word(ch.status), Text(card_names(ch.face_up, cards)),
            str(ch.hand_size), markers,
        )
    return t


def status_word(status: str) -> str:
    """A character's status (STATUS-1) in words: conscious, unconscious, dead, lost at sea."""
    return {"conscious": _("conscious"), "unconscious": _("unconscious"), "dead": _("dead"),
            "lost_at_sea": _("lost at sea")}.get(status, status.replace("_", " "))


def table(view) -> Group:
    """The boat from a table view (public, seat or referee), its cards named as its game's printing has them."""
    cards = cards_of(view.ruleset)  # CARD-3
    in_game = describe_in_game(view)  # the lost at sea too: cards name them as printed
    parts: list[RenderableType] = [Fitted(seats_table(view, cards, _("seat")), lambda: seats_table(view, cards, seat_header="#"))]
    if view.in_play:
        parts.append(Text(_("Face up: {cards}").format(cards=card_names(view.in_play, cards, in_game))))
    parts.append(Text(_("Now: {what}").format(what=with_contents(view.step.text, in_game, cards))))
    if view.open_parasol is not None and getattr(view, "parasol_holder", None):
        parts.append(Text(_("Open Parasol: {who}").format(who=who(view.parasol_holder))))
    if view.offer is not None:
        parts.append(Text(_("Trade offer: {offer}").format(offer=view.offer.text)))
    if view.discard:
        parts.append(Text(_("Discard pile: {cards}").format(cards=discard_names(view.discard, cards))))
    if getattr(view, "viewer", None):
        parts.append(Text(_("You are {character} ({player}). LOVE: {love} · HATE: {hate}").format(
            character=inner(view.viewer), player=view.player, love=who(view.love), hate=who(view.hate))))
        parts.append(Text(_("Your hand: {cards}").format(cards=card_names(view.hand, cards) or _("empty"))))
        known = [c for c in view.row_stack if c is not None]
        if known and view.step.kind != "navigator_choice":  # the step line names them then
            parts.append(Text(_("Row stack cards you know: {cards}").format(cards=card_names(known, cards, in_game))))
    if getattr(view, "secrets", None):
        parts += [secrets_line(s, cards) for s in view.secrets]
    return Group(*parts)


def discard_names(ids, cards: CardSet) -> str:
    """The discard pile, oldest first, its unseen cards (placeholders, a position's unknown pile: POS-1) counted
    instead of listed, identical cards counted (named as the game's printing ``cards`` has them): ``"7 unseen
    cards, Water ×2, Oar"``."""
    from lifeboat.cards import is_unknown

    unseen = sum(1 for c in ids if c is None or is_unknown(c))
    named = counted([c for c in ids if c is not None and not is_unknown(c)], cards)
    count = ngettext("{n} unseen card", "{n} unseen cards", unseen).format(n=unseen) if unseen else ""
    return _(", ").join(x for x in (count, named) if x)


def secrets_line(s, cards: CardSet) -> Text:
    """One character's secrets (a SecretsView; its hand named as the game's printing ``cards`` has it): for the
    referee, and for everyone at the end (END-2)."""
    hand = card_names(s.hand, cards) or _("empty")
    return Text(_("{character}: hand {hand} · LOVE {love} · HATE {hate}").format(
        character=who(s.character), hand=hand, love=who(s.love), hate=who(s.hate)))


def story(events, in_game: tuple[str, ...], cards: CardSet, limit: int = 12,
          width: int = 100) -> Group:
    """The events since a seat last decided (:class:`lifeboat.views.EventView` as the seat saw them), one line
    each, navigation cards with what they do (as the game's printing ``cards`` has it); a run of passes is one
    line; the last lines that fit in ``limit`` rows of a ``width``-column screen (a long line wraps over several),
    with a note of how many came before."""
    lines = story_lines(events, in_game, cards)
    shown = _last_rows(lines, limit, width) if limit else lines
    head = ([Text("  " + _("… {n} earlier (type 'story' for all)").format(n=len(lines) - len(shown)))]
            if len(shown) < len(lines) else [])
    if not shown:
        return Group(Text(_("Since your last decision: nothing happened.")))
    return Group(Text(_("Since your last decision:")), *head, *[Text("  " + line) for line in shown])


def _last_rows(lines: list[str], limit: int, width: int) -> list[str]:
    """The last of ``lines`` (each printed after two spaces) that fit in ``limit`` screen rows of ``width``
    columns, counting the header line and, when some are left out, the "… earlier" line."""
    rows = limit - 1
    out: list[str] = []
    for line in reversed(lines):
        need = -(-(len(line) + 2) // max(width, 20))
        if rows - need < (1 if len(out) + 1 < len(lines) else 0):
            break
        out.append(line)
        rows -= need
    return out[::-1]


def story_lines(events, in_game: tuple[str, ...], cards: CardSet) -> list[str]:
    """One line per event (passes in a row joined: "Lady Lauren, you and The Kid passed."), navigation cards with
    what they do for the characters ``in_game`` as the game's printing ``cards`` has it."""
    out: list[str] = []
    passed: list[str] = []
    for ev in events:
        if ev.type == "passed":
            passed.append(_passer(ev.text))
            continue
        if passed:
            out.append(_passes(passed))
            passed = []
        out.append(with_contents(ev.text, in_game, cards))
    if passed:
        out.append(_passes(passed))
    return out


def _passer(text: str) -> str:
    """Who passed, from the line "{who} passed." (in the language in use)."""
    before, _who, after = _("{who} passed.").partition("{who}")
    if text.startswith(before) and text.endswith(after):
        return text[len(before):len(text) - len(after)]
    return text


def _passes(names: list[str]) -> str:
    from lifeboat.views.words import join

    names = [n if n != _("You") or i == 0 else _("you") for i, n in enumerate(names)]
    return _("{who} passed.").format(who=join(names))


def memory(view) -> Group:
    """What a seat remembers seeing (its ``memory``), last ten facts."""
    lines = [Text("  " + (_("round {round}: {text}").format(round=m.round, text=m.text) if m.round else
                          _("the deal: {text}").format(text=m.text))) for m in view.memory[-10:]]  # not "round 0"
    return Group(Text(_("You remember:")), *lines) if lines else Group()


def scores_table(scores, winners, title: str | None = None) -> Table:
    """The scoring breakdown (SCORE-1..3) of :class:`lifeboat.scoring.Score` values; winners marked with ``*``;
    ``title`` "Scores" by default."""
    t = Table(title=_("Scores") if title is None else title, title_justify="left")
    for i, col in enumerate((_("player"), _("character"), _("survival"), _("treasure"), _("love"), _("hate"),
                             _("total"))):
        t.add_column(col, justify="left" if i < 2 else "right")
    for s in scores:
        t.add_row(Text(s.player + (" *" if s.player in winners else "")), Text(who(s.character)), str(s.survival),
                  str(s.treasure), str(s.love), str(s.hate), str(s.total))
    return t


def final(out: Console, view, provisional: bool = False) -> None:
    """The end of the game from a view that has its ``reveal`` (END-2); ``provisional`` (SCORE-4): a recorded game
    with cards still to show that could change a score: the scores without a winner (the caller says what is left)."""
    reveal = view.reveal
    out.print(Text(view.step.text))
    out.print(table(view))
    if reveal is not None:
        for s in reveal.secrets:
            out.print(secrets_line(s, cards_of(view.ruleset)))
        out.print(scores_table(reveal.scores, () if provisional else reveal.winners))
        if not provisional:
            out.print(Text(winners_under_table(reveal.winners)))


def winners_under_table(winners: Sequence[str]) -> str:
    """:func:`winners_line` under a scores table, saying what its ``*`` marks: the one line of replay, score and
    audit under their tables."""
    return _("{winners}  (* in the table)").format(winners=winners_line(winners))


def winners_line(winners: Sequence[str]) -> str:
    """``Winner: Cy``, or ``Shared win: Ann, Cy`` when several players have the highest total (SCORE-3): the one
    wording of replay, score and audit."""
    if len(winners) == 1:
        return _("Winner: {players}").format(players=winners[0])
    return _("Shared win: {players}").format(players=_(", ").join(winners))


def arena_tables(per_kind, pairwise) -> Group:
    """The arena's strength table (lifeboat.service.arena.summarize): per bot kind, then per pairing."""
    kinds = Table(title=_("Per bot kind (every seat it played)"))
    for i, col in enumerate((_("bot"), _("seats played"), _("mean score"), _("win rate"), _("95% CI"))):
        kinds.add_column(col, justify="left" if i == 0 else "right", no_wrap=True)
    for line in per_kind:
        kinds.add_row(Text(line.who), str(line.games), f"{line.mean_score:.2f}", f"{line.win_rate:.3f}",
                      f"{line.low:.3f}–{line.high:.3f}")
    pairs = Table(title=_("Pairwise: one seat of the bot against a field of the other kind"))
    for i, col in enumerate((_("bot"), _("field"), _("games"), _("mean"), _("win rate"), _("95% CI"), _("verdict"))):
        pairs.add_column(col, justify="left" if i in (0, 1, 6) else "right", no_wrap=True)
    for line in pairwise:
        verdict = _("{verdict} 1/{n}").format(verdict=_(line.verdict), n=round(1 / line.equal_share)) \
            if line.equal_share else ""
        pairs.add_row(Text(line.who), Text(line.field or ""), str(line.games), f"{line.mean_score:.1f}",
                      f"{line.win_rate:.3f}", f"{line.low:.2f}–{line.high:.2f}", Text(verdict))
    return Group(kinds, pairs)
