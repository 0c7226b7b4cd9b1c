"""``lifeboat play``: hotseat play in the terminal, with optional bots.

Before each human seat's decision the screen is cleared and the next player confirms they are at the keyboard;
they then see only their own view and a numbered list of their legal moves. Bots (``--bots Ann=search,Bob``: a kind
per seat, ``random`` by default) get only their own seat's view and log (docs/bots.md). Every decision is appended
to the journal at once, so Ctrl-C or EOF loses nothing and ``play`` resumes (the screen is cleared first when a
seat's hand may be on it, as it is before an error stops the game, and the resume hint keeps ``--bots``).
"""

from __future__ import annotations

from typing import Any

import re
import sys
from pathlib import Path

from cli.errors import USAGE, fail, user_errors
from cli.terminal import read_line, terminal_safe
from lifeboat.i18n import N_, _


def _ask(prompt: str) -> str:
    sys.stdout.write(terminal_safe(prompt))
    sys.stdout.flush()
    line = read_line()  # a Ctrl-C raises KeyboardInterrupt however late it comes (issue 27)
    if not line:
        raise EOFError
    return line.strip()


def _check_think(think: str | None, bots: str | None) -> None:
    """``--think`` given (``think`` not None) with no search bot in ``bots`` would do nothing: refused (exit 2)."""
    from lifeboat.service.live.bots import spec_kinds

    if think is not None and "search" not in spec_kinds(bots):
        raise fail((_("--think needs a search bot among --bots: it is the search bot's thinking time, and --bots "
                      "{bots} has no search bot") if bots else
                    _("--think needs a search bot among --bots: it is the search bot's thinking time, and no --bots "
                      "was given")).format(bots=bots), USAGE)


def run(game: Path, bots: str | None, seed: int | None, players: str | None, think: str | None = None,
        cards: Path | None = None, options: list[str] | None = None) -> None:
    """``think`` is None when not given (then 200ms); given with no search bot among ``bots`` it would change
    nothing, and is refused (exit 2) once the seats and kinds are checked, before a new game is written."""
    from cli import render
    from cli.cmd_arena import parse_think
    from cli.common import check_options, console, ctrl_c_stops
    from lifeboat.service import Table, bot_kinds, deck_path, load_card_file, parse_players
    from lifeboat.service.live.bots import check_bot_spec
    from lifeboat.service.game.clock import rng as make_rng

    ctrl_c_stops()
    out = console()
    with user_errors():
        think_ms = parse_think(think or "200ms")  # a bad --think is refused before a new game is written
        starts = not game.exists() and bool(players)
        if cards is not None and not starts:
            raise fail(_("--cards goes with --players (a new game); a game plays with the card data it was made with"),
                       USAGE)
        if options and not starts:
            raise fail(_("--option goes with --players (a new game); a game keeps the options it was made with"), USAGE)
        if starts:
            check_options(options or [])  # OPT-1: a bad option is refused before the new game is written
            names = parse_players(players or "")  # starts: players were given
            if bots:  # a bad --bots is refused before the new game is written
                check_bot_spec(bots, names)
            _check_think(think, bots)
            table = Table.deal_new(game, names, seed=seed, options=options or [], cards=load_card_file(cards))
            if seed is not None:
                out.print(render.seeded(seed), markup=False)
        else:
            if players:
                raise fail(_("{game}: already exists; --players only starts a new game").format(game=game), USAGE)
            if not game.exists() and not game.is_symlink():  # a newcomer's first try: say how to start one
                raise fail(_("{game}: no such game; start one with: lifeboat play {game} --players Ann,Bob,Cy,Dee (or "
                             "lifeboat new)").format(game=game), 4)
            table = Table.open(game)
        if bots and table.state.characters:  # dealt (a finished game too): its seats and kinds are checked now
            bot_kinds(table.state, bots)
        if not starts:  # a new game's was checked before it was written
            _check_think(think, bots)
        if not table.state.over and not table.digital:
            raise fail(_("{game}: this game's chance is recorded by hand; use 'lifeboat record'").format(game=game), USAGE)
        if not table.state.over and table.orders is None:
            raise fail(_("{game}: its deck file {game2} is missing; the committed deck order is needed to deal (restore "
                         "the file; 'lifeboat audit' checks the game so far)").format(game=game, game2=deck_path(game)), 4)
        _Game(out, table, bots, make_rng(seed), think_ms).play(game)


class _Game:
    """One hotseat session: the table, the bots, and each human seat's story (lifeboat.service.live.hotseat.Hotseat)."""

    def __init__(self, out, table, bots, rng, think_ms) -> None:
        from lifeboat.service.live.hotseat import Hotseat

        self.out, self.table, self.bots, self.rng, self.think_ms = out, table, bots, rng, think_ms
        self.seats: dict[str, Any] | None = None
        self.hotseat = Hotseat(table)
        self.last_human: str | None = None
        self.refusal: str | None = None  # said under the menu of the redrawn screen (a clear would wipe it)

    def say(self, text: str) -> None:
        from rich.text import Text

        self.out.print(Text(text))

    def play(self, game: Path) -> None:
        from cli import render
        from lifeboat.service import bot_kinds, make_bot

        table = self.table
        try:
            while True:
                table.deal()
                if table.state.over:
                    break
                if self.seats is None:  # the seats exist once the characters are dealt
                    self.seats = {seat: make_bot(kind, self.think_ms)
                                  for seat, kind in bot_kinds(table.state, self.bots).items()}
                who = table.waiting_for()
                if not who:
                    raise fail(_("the game waits for chance but has no dealer"), 4)
                if who[0] in self.seats:
                    self.bot_turn(who[0])
                else:
                    self.human_turn(who[0])
        except (EOFError, KeyboardInterrupt):
            if self.last_human is not None:  # a seat's hand, LOVE and HATE may be on the screen: clear it first
                render.clear(self.out)
            self.say(_("\nSaved. Resume with: {game}").format(game=resume_command(game, self.bots, self.think_ms)))
            return
        except Exception:  # the game stops on an error (another program wrote to it: exit 4): no hand stays either
            if self.last_human is not None:
                render.clear(self.out)
            raise
        render.final(self.out, table.views.public_view())

    def bot_turn(self, me: str) -> None:
        """A bot decides from its own seat's view; with a human at the table its decision is shown as it happens,
        in public words."""
        from cli import render
        from lifeboat.service import ask

        assert self.seats is not None
        done = self.table.decide(ask(self.seats[me], self.table.views, me, self.rng))
        if len(self.seats) < len(self.table.state.characters):
            state = self.table.state
            for line in render.story_lines(done.seen.get("public", ()), tuple(state.seats), state.cards):
                self.say(f"  {line}")

    def human_turn(self, me: str) -> None:
        """Before the keyboard goes to ``me``: the story since its last decision, the table, then the decision."""
        from cli import render
        from cli.describe import in_game as boat
        from lifeboat import commands as c
        from lifeboat.service import RuleViolation

        table = self.table
        if self.hotseat.holds(me):  # it passes until something changes for it (REF-18); its story goes on
            table.decide(c.Pass(by=me))
            self.say(_("  {me} passes (until something changes for them).").format(me=render.who(me)))
            return
        view = table.views.seat_view(me)  # a seat gets only its own view
        if me != self.last_human:
            render.clear(self.out)
            while _ask(_("Pass the keyboard to {player} ({character}) and press Enter. ").format(
                    player=view.player, character=render.who(me))):
                self.say(_("  (Nothing was decided: press Enter alone, then type the decision at the next prompt.)"))
            self.last_human = me
        render.clear(self.out)  # each screen is the story since the last decision, the table and the decision
        in_game = boat(view)
        self.out.print(render.story(self.hotseat.story(me), in_game, table.state.cards,
                                    limit=story_rows(view, table.state), width=self.out.width))
        self.out.print(render.table(view))
        note, self.refusal = self.refusal, None
        cmd, hold = _choose(self.out, view, table.state, me, self.hotseat, note)
        if any(isinstance(x, c.Pass) for x in [cmd]) and hold:
            self.say(_("  You pass; this window will not ask you again unless something changes for you."))
        before = len(table.views)
        try:
            table.decide(cmd)
        except RuleViolation as exc:  # a typed line the rules refuse: nothing was written, ask again
            self.refusal = _("Refused [{rule}] {message} (nothing was decided)").format(
                rule=exc.rule, message=named_cards(exc.message, table.state.cards))
            return
        self.hotseat.decided(me, before)  # its next story starts with this decision and what it caused
        if hold:
            self.hotseat.hold(me)


def resume_command(game: Path, bots: str | None, think_ms: int = 200) -> str:
    """The command that resumes ``game`` as it was played: the same ``--bots`` (without it, bot seats would come
    back as human seats) and, when it was not the default, the same ``--think``; shell-quoted."""
    import shlex

    words = ["lifeboat", "play", str(game)] + (["--bots", bots] if bots else [])
    if bots and think_ms != 200:  # the search bots' budget the game was played with (it was dropped)
        words += ["--think", f"{think_ms}ms"]
    return " ".join(shlex.quote(w) for w in words)


PLAY_HELP = N_("""At the prompt type:
  a number from the list          that decision
  a line of notation              any decision of yours, e.g. 'reveal knife', 'offer kid water for oar'
                                  (docs/notation.md; the list abbreviates trades of several cards)
  story                           everything you saw since the game began (the last 40 lines)
  memory                          what you saw that the table did not (cards drawn, passed, mugged)
  table                           the table again
  help or ?                       this help
Ctrl-C or Ctrl-D saves and stops; 'lifeboat play GAME' resumes.""")

HOLD = N_("Pass until something changes for me")


def menu(view, in_game: tuple[str, ...]) -> list[tuple[str, object]]:
    """The numbered choices of a seat: its legal commands, identical cards listed once (the first instance
    stands for them all; named as the game's printing has them, CARD-3), and in a window "pass until something
    changes for me" (REF-18)."""
    from cli.describe import with_contents
    from lifeboat import commands as c
    from lifeboat.cards import cards_of
    from lifeboat.service.live.hotseat import WINDOWS
    from lifeboat.views.decisions import describe

    cards = cards_of(view.ruleset)
    out: list[tuple[str, object]] = []
    seen: set[str] = set()
    for cmd in view.legal:
        if isinstance(cmd, c.OfferTrade):  # one line says how to type any trade (trade_hint)
            continue
        text = describe(view, cmd).label  # the one describer's words, as the served page's buttons say it
        if isinstance(cmd, c.ChooseNavigationCard):  # what the card does (NAV-3); a placement's legend says it
            text = with_contents(text, in_game, cards)
        if text not in seen:
            seen.add(text)
            out.append((text, cmd))
    if view.step.kind in WINDOWS and any(isinstance(cmd, c.Pass) for cmd in view.legal):
        out.append((_(HOLD), c.Pass(by=view.viewer)))
    return out


def story_rows(view, state) -> int:
    """How many story lines fit on a 100×40 screen above this seat's table and menu (at least 3)."""
    items = menu(view, tuple(view.seats))
    menu_rows = len(items) if len(items) <= 6 or max(len(t) for t, _ in items) > 43 else (len(items) + 1) // 2
    extras = [view.in_play, view.discard, view.offer, view.open_parasol, trade_hint(view, state),
              [x for x in view.row_stack if x is not None]]
    table_rows = len(view.characters) + 5 + 3 + sum(1 for x in extras if x) + len(placement_legend(view, ()))
    return max(3, 40 - 1 - 2 - table_rows - menu_rows)


def placement_legend(view, in_game: tuple[str, ...]) -> list[str]:
    """Above a row placement's menu (ROW-1), one line per drawn card: what it does (NAV-3) as the game's printing
    has it (CARD-3), in the order drawn; no lines for any other menu."""
    from lifeboat import commands as c
    from lifeboat.cards import cards_of
    from lifeboat.views.text import navigation_contents

    place = next((cmd for cmd in view.legal if isinstance(cmd, c.PlaceRowedCards)), None)
    if place is None:
        return []
    lost, cards = getattr(in_game, "lost", ()), cards_of(view.ruleset)
    return [f"  {cards.card_name(x)}: {navigation_contents(x, in_game, lost, cards)}"
            for x in place.to_stack + place.to_bottom]


def trade_hint(view, state) -> str | None:
    """The line that replaces every trade in the menu (TRADE-1, REF-6): how to type one, with a real example."""
    from lifeboat import commands as c
    from lifeboat.notation import render

    offers = [cmd for cmd in view.legal if isinstance(cmd, c.OfferTrade)]
    if not offers:
        return None
    example = render(offers[-1], state).partition(": ")[2]
    return _("  Trades: type e.g. '{example}' (a gift) or '{example} for water'").format(example=example)


def _columns(out, items: list[str]) -> None:
    """The menu in two columns when every entry fits half of the terminal (48 columns each at most; a 100-column
    screen when the output is not a terminal), else one. Widths are terminal columns (a Chinese character takes
    two: the right column stands straight in Chinese too); a narrow terminal gets one column, never wrapped
    entries side by side."""
    from rich.cells import cell_len
    from rich.text import Text

    cells = [f"{i:>2}. {text}" for i, text in enumerate(items, 1)]
    column = min(48, ((out.width if out.is_terminal else 100) - 2) // 2)
    if len(cells) > 6 and max(cell_len(x) for x in cells) <= column - 1:
        half = (len(cells) + 1) // 2
        for left, right in zip(cells[:half], cells[half:] + [""]):
            out.print(Text(f"  {left}{' ' * (column - cell_len(left))}{right}"))
    else:
        for cell in cells:
            out.print(Text(f"  {cell}"))


def _choose(out, view, state, me, hotseat, note=None):
    """A number from the menu, or any line of notation for ``me`` (docs/notation.md): a trade of several cards,
    an ask, anything the list abbreviates; ``note`` (why the last choice was refused) is said under the menu.
    Returns ``(command, hold)``: ``hold`` when the seat chose to pass until something changes for it."""
    from cli import render
    from rich.text import Text

    from cli.describe import in_game as boat

    in_game = boat(view)
    items = menu(view, in_game)
    for line in placement_legend(view, in_game):  # the menu names the drawn cards only: what each does, once
        out.print(Text(line))
    _columns(out, [text for text, _ in items])
    if (hint := trade_hint(view, state)) is not None:
        out.print(Text(hint))
    if note:
        out.print(Text(note))
    while True:
        answer = _ask(_("Your choice (1-{n}, a line of notation, or help): ").format(n=len(items)))
        word = answer.lower()
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(items):  # '²' is no int()
            text, cmd = items[int(answer) - 1]
            return cmd, text == _(HOLD)
        if word in ("help", "?", "h"):
            out.print(Text(_(PLAY_HELP)))
        elif word == "story":
            lines = render.story_lines(hotseat.table.views.log(me), in_game, state.cards)
            out.print(Text("\n".join("  " + x for x in lines[-40:])))
        elif word == "memory":
            out.print(render.memory(view))
        elif word == "table":
            out.print(render.table(view))
        elif (said := _no_text(answer, items)) is not None:
            out.print(Text(said))
        elif answer and not (answer.isascii() and answer.isdigit()):
            cmd = _typed(out, answer, state, me)
            if cmd is not None:
                return cmd, False
        else:
            out.print(Text(_("Type {items}, a line of notation, or help.").format(items=_numbers(items))))


def _no_text(answer: str, items: list[Any]) -> str | None:
    """NOTATION-1 for a line typed at the prompt that holds no text: a key that types none (Escape, an arrow) or a
    byte stdin's encoding cannot read (a lone surrogate, :func:`cli.terminal.tolerant_streams`); else ``None``.
    What the notation says of such a line ("is this the right file?", a hint for a file fed to record) is no help
    at a prompt: this says what the prompt expects."""
    if bad := next((ch for ch in answer if "\udc80" <= ch <= "\udcff"), None):
        return _("[NOTATION-1] the line holds the byte 0x{byte:02X}, which the input's encoding ({encoding}) cannot "
                 "read; type {items}, a line of notation in characters it reads, or help.").format(
            byte=ord(bad) - 0xDC00, encoding=sys.stdin.encoding, items=_numbers(items))
    if bad := next((ch for ch in answer if (ch < " " and ch != "\t") or "\x7f" <= ch <= "\x9f"), None):
        return _("[NOTATION-1] the line holds {key!r}, a key that types no text (Escape, an arrow); type {items}, a "
                 "line of notation, or help.").format(key=bad, items=_numbers(items))
    return None


def _numbers(items: list[Any]) -> str:
    return "1" if len(items) == 1 else _("a number from 1 to {n}").format(n=len(items))


def _typed(out, answer: str, state, me):
    """A line of notation typed by ``me``, or ``None`` (the reason printed) when it is not a decision of its own."""
    from rich.text import Text

    from lifeboat.notation import parse
    from lifeboat.service import RuleViolation

    try:
        head, sep, _rest = answer.replace("：", ":").partition(":")
        if sep and getattr(parse(f"{head}: pass", state), "by", None) != me:
            # checked before the rest is read: reading another seat's line would look in their hand
            out.print(Text(_own(me)))
            return None
        cmd = parse(answer, state, me, as_seat=True)  # VIEW-FACE-1: 'mug captain water' keeps the face, as the menu
    except RuleViolation as exc:
        out.print(Text(f"[{exc.rule}] {named_cards(exc.message, state.cards)}"))
        return None
    if getattr(cmd, "by", None) == me:
        return cmd
    out.print(Text(_own(me)))
    return None


_CARD_ID = re.compile(r"\b[a-z][a-z_]*-[0-9]+\b")


def named_cards(message: str, cards) -> str:
    """A rules message for the player at the keyboard: each card id it quotes named as the game's printing
    ``cards`` has it, the id after it (``jewels-1`` → ``Jewels (jewels-1)``, CARD-3); text that is no card id of
    ``cards`` is left as it is."""
    from cli.describe import card

    return _CARD_ID.sub(lambda m: card(m[0], cards), message)


def _own(me: str) -> str:
    """TURN-1 at the hotseat: a seat acting for another, the line for another character is refused, naming the one at
    the keyboard (SERVE-3 is the served game's link, not this)."""
    from cli.describe import who

    return _("[TURN-1] Type a decision of your own character, {character} (a line without 'name:' is yours).").format(
        character=who(me))
