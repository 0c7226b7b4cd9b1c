"""``lifeboat record``: record a real tabletop game as it happens (REC-1, REC-2, POS-1).

The physical cards decide chance; the recorder types one line of notation per decision (docs/notation.md), ``?``
for a card nobody showed. Every line is checked by the rules before it is appended; a refused line changes
nothing. Lines come from the keyboard, or from stdin when it is not a terminal
(``lifeboat record game.jsonl < moves.txt``). Besides notation:

- ``undo``: withdraw what the last line did (an appended correction; nothing is deleted) (REC-2);
- ``close``: close the open window (fight, overboard, thirst): everyone who has not passed passes (PROC-1);
- ``legal``: what the player(s) to move (or chance) may type; ``show``: the table; ``hands``: every hand, face-up
  card, LOVE and HATE as recorded so far, with the placeholders (``?p12``) still to name; ``help``; ``quit``;
- ``# …``: a comment, kept as a public note (NOTE-1) on the decision typed next (consecutive comment lines make
  one note; a line that starts with two spaces after ``#`` goes on the line before); comments after the last
  decision go on it. ``## …``: a comment kept out of the journal.

Exit code 0 when every line was accepted, 3 when some line was refused (each refusal is printed with its line
number and rule id), 4 for a journal problem.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from cli.errors import RULE, USAGE, fail, user_errors
from cli.terminal import read_line
from lifeboat.i18n import NP_, N_, _, pgettext

HELP = N_("""Type one decision per line, e.g.  captain: row  ·  chance: nav ? ?  ·  kid: mug lauren hand  ·  stephen: refuse
Chance: chance: draw ? ? ?  ·  chance: nav 27  ·  chance: take ?     The recorder: recorder: ?p3 is water
Also: undo (withdraw the last line) · close (everyone left passes) · legal · show · hands · help or ? · quit
# comment: a public note on the next decision · ## comment: kept out of the journal
The status line ends with a line you can type as it is shown (type: …; in kid: choose <card>, name the card).""")

DEDUCED = frozenset({"cards_unseen", "card_deduced", "card_traced", "love_hate_deduced"})
"""REC-3 events the recorder sees as the referee does: what the record itself says (the public reads "not to you")."""

RECORDER_WORDS = {"退出": "quit", "帮助": "help", "幫助": "help", "牌桌": "show", "可选": "legal", "可選": "legal",
                  "手牌": "hands", "撤回": "undo", "关闭": "close", "關閉": "close"}
"""The recorder's own words (not notation) in Chinese, as its help lists them (a Chinese table typed 关闭)."""

CHANCE_EXAMPLES = {
    "draw_provisions": N_("chance: draw {q}  (name a card you see: chance: draw water {q1})"),
    "draw_from_hand": N_("chance: take ?  (or the card, if it is shown: chance: take water)"),
    "row": N_("chance: nav {q}  (cards only the rower or the navigator sees)"),
    "turn": N_("chance: nav {n}  (the card is turned face up: name it)"),
}


def status_lines(changes) -> list[str]:
    """Plain words for :class:`lifeboat.service.StatusChange` values: who became unconscious, woke up or died (STATUS-1);
    the story already says who is lost at sea (OVER-3)."""
    from cli.describe import who

    return [(_("{character} is now dead (a body in the boat).") if c.after == "dead" else
             _("{character} is now {status}.")).format(character=who(c.character), status=_(c.after))
            for c in changes if c.after != "lost at sea"]


class Recorder:
    """One recording session over a journal: the state, the views, and the decisions that can be undone.

    ``undo`` withdraws what the last accepted line did: one decision, or every pass of a ``close``. Lines of an
    earlier session are not known, so there it withdraws one decision at a time."""

    def __init__(self, path: Path, out) -> None:
        from lifeboat.service import Table

        self.path = path
        self.out = out
        self.table = Table.open(path)
        self.refused = 0
        self.prompting = False  # True at the keyboard: the status is shown before each prompt
        self.lines: list[int] = []  # the first seq of each line of this session still in force
        self.comment: list[str] = []  # '# …' lines waiting for the next decision (NOTE-1)

    @property
    def state(self):
        return self.table.state

    @property
    def obs(self):
        return self.table.views

    @property
    def active(self) -> list[int]:
        return self.table.active

    # ---- lines ----

    def say(self, text: str) -> None:
        from rich.text import Text

        self.out.print(Text(text))

    def status(self) -> str:
        """The status line: the round, what the game waits for (navigation cards with what they do) and a line
        that can be typed as shown (``type: chance: draw ? ? ?``, ``type: frenchy: keep ?``)."""
        from cli.describe import in_game, who, with_contents

        st = self.state
        if st.over:
            left = _("; ").join(self.still_unnamed())
            return (_("The game is over; the scores are provisional (no winner) until these are named: {left}. Name "
                      "them ({example}), then quit.").format(left=left, example=self.example()) if left
                    else _("The game is over and every card that counts is named. quit to see the scores."))
        view = self.obs.public_view()
        waiting = self.table.waiting_for()
        names = _(", ").join(who(x) for x in waiting)
        parts = [_("[round {round}] {step}").format(round=st.round,
                                                    step=with_contents(view.step.text, in_game(st), st.cards))]
        if names:
            parts.append(_("waiting for {players}").format(players=names))
        hint = self.hint()
        if hint:
            from lifeboat.i18n import language
            from lifeboat.notation.chinese import in_language

            parts.append(_("type: {line}").format(line=in_language(hint, st, language())))  # 劳伦夫人：保留 ?
        words = [pgettext("recorder word", NP_("recorder word", "legal")),  # typed as they are (可选 in Chinese:
                 pgettext("recorder word", NP_("recorder word", "help"))]   # RECORDER_WORDS)
        return " · ".join(parts + words)

    def hint(self) -> str | None:
        """One line the recorder can type as shown now (chance's line, or the first legal line of whoever must
        decide), or ``None``."""
        from cli.describe import recorder_hint
        from lifeboat.notation import recorder_lines

        req = self.table.chance_request()
        if req is not None:
            if req.kind == "deal_setup":
                return None
            example = re.split("  [(（]", self.chance_example(req))[0]  # a card turned up: its form, not a made-up 27
            return example if "?" in example else _("chance: nav {cards}").format(cards=" ".join([_("<card>")] * req.count))
        for ch in self.table.waiting_for():
            lines = recorder_lines(self.state, ch)
            if lines:
                return recorder_hint(self.state, ch, lines[0])  # NAV-1: a card drawn, or <card>
        return None

    def chance_example(self, req) -> str:
        from lifeboat.state import FlareDraw, NavigationTurn

        key = req.kind if req.kind != "draw_navigation" else (
            "turn" if isinstance(self.state.step, (FlareDraw, NavigationTurn)) else "row")
        return _(CHANCE_EXAMPLES[key]).format(q=" ".join("?" * req.count), q1=" ".join("?" * (req.count - 1)),
                                           n=" ".join(["27", "31", "25"][:req.count]))

    def default_actor(self) -> str | None:
        if self.table.chance_request() is not None:
            return "chance"
        waiting = self.table.waiting_for()
        return waiting[0] if len(waiting) == 1 else None

    def handle(self, line: str, number: int) -> bool:
        """Handle one input line; returns False to stop."""
        text = line.lstrip("\ufeff").strip()  # a file saved with a byte-order mark
        if text.startswith("#") and not text.startswith("##"):
            self.comment.append(line.lstrip("\ufeff").lstrip().rstrip("\r\n")[1:])
        if not text or text.startswith("#"):
            return True
        word = text.lower()
        word = RECORDER_WORDS.get(word, word)
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", "h"):
            self.say(_(HELP))
        elif word == "show":
            from cli import render

            self.out.print(render.table(self.obs.public_view()))
        elif word == "legal":
            self.legal()
        elif word == "hands":
            self.hands()
        elif word == "undo":
            self.undo(number)
        else:
            first = len(self.active)
            if word == "close":
                self.close(number)
            else:
                self.decide(text, number)
            if len(self.active) > first:
                self.lines.append(self.active[first])
                self.keep_comment(self.active[first])
        return True

    def keep_comment(self, at: int | None = None) -> None:
        """Append the waiting '#' comment as a public note on decision ``at`` (default: the last in force)."""
        from lifeboat.service import BadRequest

        at = at if at is not None else (self.active[-1] if self.active else None)
        parts: list[str] = []
        for raw in self.comment:
            body = raw.strip()
            if body and parts and raw.startswith("  "):
                parts[-1] += " " + body
            elif body:
                parts.append(body)
        self.comment = []
        if not parts:
            return
        if at is None:
            self.say(_("comment not kept: there is no decision yet to attach it to (NOTE-1): {comment}").format(
                comment=" / ".join(parts)))
            return
        try:
            self.table.note(at, "\n".join(parts))
        except BadRequest as exc:
            self.say(_("comment not kept: {message}").format(message=exc.message))
            return
        if self.prompting:
            self.say(_("  (comment kept as a public note on decision {at})").format(at=at))

    def refuse(self, number: int, rule: str, message: str) -> None:
        self.refused += 1
        self.say(_("line {number}: refused [{rule}] {message} (nothing was recorded)").format(number=number, rule=rule, message=message))

    def legal(self) -> None:
        from cli.describe import who
        from lifeboat.notation import recorder_lines

        if self.state.over:
            left = _("; ").join(self.still_unnamed()) or _("nothing")
            self.say(_("The game is over: only recorder lines ({example}). Still unnamed: {left}").format(example=self.example(), left=left))
            return
        req = self.table.chance_request()
        if req is not None:
            if req.kind == "deal_setup":
                parts = "; ".join(f"{p.lower()} = <character> love ? hate ? ?" for p in self.state.players)
                short = len(self.state.players) < 6 and self.state.ruleset.remove_provisions_short_handed
                removed = "; removed 10 ?" if short else ""
                self.say(f"chance: deal {parts}{removed}")
                return
            self.say(self.chance_example(req))
            return
        from lifeboat.i18n import language
        from lifeboat.notation.chinese import in_language

        for ch in self.table.waiting_for():
            lines = [in_language(line, self.state, language()) for line in recorder_lines(self.state, ch)]
            self.say("; ".join(lines[:30]) + (" …" if len(lines) > 30 else "") if lines else _("{character}: nothing").format(character=who(ch)))

    def hands(self) -> None:
        """Every character's cards as recorded: named cards by id, unseen ones by placeholder (REC-1). The
        placeholders are the recorder's own bookkeeping (which '?' went where), so showing them reveals nothing."""
        from cli.describe import who

        for ch in self.state.characters:
            character = who(ch.character) if ch.in_boat else _("{character} (lost at sea)").format(
                character=who(ch.character))
            parts = [_("{player} ({character}): hand {hand}").format(player=ch.player, character=character,
                                                                     hand=" ".join(ch.hand) or _("empty"))]
            if ch.face_up:
                parts.append(_("face up {cards}").format(cards=" ".join(ch.face_up)))
            parts.append(_("LOVE {character}").format(character=who(ch.love)))
            parts.append(_("HATE {character}").format(character=who(ch.hate)))
            self.say(" · ".join(parts))

    def still_unnamed(self) -> list[str]:
        """What the end still needs named (SCORE-4, REF-21, END-2), per player: the placeholders in a hand or face up
        that may be a treasure, and a LOVE or HATE that could change the total: ``["Ann (Lady Lauren): ?p23 ?p24
        LOVE HATE", …]``; it shrinks as cards are named (or deduced, REC-3)."""
        from lifeboat.service import to_show, to_show_lines

        return to_show_lines(to_show(self.state))

    def example(self) -> str:
        """The recorder's lines for the first things still to name (SCORE-4), e.g. ``recorder: ?p23 is cash ·
        recorder: lauren love captain hate kid``."""
        from lifeboat.service import to_show

        items = to_show(self.state)
        ph = next((x for item in items for x in item.cards), None)
        ch = next((item.character for item in items if item.love or item.hate), None)
        others = [c.character for c in self.state.characters if ch is not None and c.character != ch]
        lines = [f"recorder: {ph} is cash"] if ph else []
        if ch is not None and len(others) >= 2:
            lines.append(f"recorder: {short(ch)} love {short(others[0])} hate {short(others[-1])}")
        return " · ".join(lines)

    def unnamed(self) -> bool:
        """True when a card that could change a score is still unnamed at the end (SCORE-4)."""
        from lifeboat.service import to_show

        return bool(to_show(self.state))

    def tell(self, done) -> None:
        """Say what a :class:`lifeboat.service.Appended` did, as the public sees it, and the status changes it caused."""
        from cli.describe import in_game, with_contents

        referee = done.seen.get("referee", ())
        for i, (v, changes) in enumerate(zip(done.seen.get("public", ()), done.changes)):
            if v.type in DEDUCED and i < len(referee):  # REC-3: the recorder's own deductions, from the record
                v = referee[i]
            if v.type != "passed":
                self.say("  " + with_contents(v.text, in_game(self.state), self.state.cards))
            for line in status_lines(changes):  # said after the wound that did it
                self.say("  " + line)

    def after(self, was_over: bool) -> None:
        if self.state.over and not was_over and self.unnamed():
            self.say(_("The game is over. Name what each player shows, e.g. {example}; still unnamed: {left}").format(
                example=self.example(), left=_("; ").join(self.still_unnamed())))


    def decide(self, text: str, number: int) -> None:
        from lifeboat.service import AmbiguousCommand, RuleViolation, decide_line

        was_over = self.state.over
        try:
            self.tell(decide_line(self.table, text, self.default_actor()))
        except AmbiguousCommand as exc:
            self.refuse(number, exc.rule, _("{refusal}; type one of: {lines}").format(
                refusal=exc.message, lines=" | ".join(exc.candidates)) if exc.candidates else exc.message)
        except RuleViolation as exc:
            self.refuse(number, exc.rule, exc.message)
        self.after(was_over)

    def close(self, number: int) -> None:
        from lifeboat.service import RuleViolation

        was_over = self.state.over
        try:
            self.tell(self.table.close_window())
        except RuleViolation as exc:
            self.refuse(number, exc.rule, exc.message)
        self.after(was_over)

    def undo(self, number: int) -> None:
        from lifeboat.service import RuleViolation

        if not self.active:
            self.refuse(number, "REC-2", _("there is no decision to undo"))
            return
        last = self.lines[-1] if self.lines else self.active[-1]
        count = sum(1 for seq in self.active if seq >= last)
        try:
            self.table.withdraw(last)
        except RuleViolation as exc:
            self.refuse(number, exc.rule, exc.message)
            return
        self.lines = [seq for seq in self.lines if seq in self.active]
        text = (_("  withdrew decision {first} (journal line {line}); the game goes on from before it") if count == 1
                else _("  withdrew decisions {first}-{last} (journal line {line}); the game goes on from before it"))
        self.say(text.format(first=last, last=last + count - 1, line=last + 1))
        if not self.prompting:  # at the keyboard the prompt says it
            self.say("  " + self.status())


def saved(game: Path, finished: bool) -> str:
    """The last words of a session: how to resume, or, for a ``finished`` game (over, every shown card named), that
    there is nothing to resume and how to see it (a game over with cards still to name resumes to name them)."""
    if finished:
        return _("Saved to {game}. The game is over: nothing to resume. See it with: lifeboat replay {game} (scores: "
                 "lifeboat score {game})").format(game=game)
    return _("Saved to {game}. Resume with: lifeboat record {game}").format(game=game)


def short(character: str) -> str:
    """The word a recorder types for ``character`` (``lady_lauren`` → ``lauren``, ``first_mate`` → ``first mate``)."""
    return {"lady_lauren": "lauren", "sir_stephen": "stephen", "dr_harter": "harter"}.get(
        character, character.replace("_", " "))


def _record_from(game: Path, position: Path, options: list[str], cards: Any = None) -> None:
    """Start a recording from a position file (POS-1): a file that is not TOML / JSON is refused as a wrong field is
    (exit 3, docs/cli.md); one that cannot be read exits 4. An option the file sets that this version cannot play is
    the same usage mistake as a bad ``--option`` (exit 2), named as the file writes it (OPT-1)."""
    from lifeboat.service import RuleViolation, Table, read_position

    decoded: dict[str, Any] = {}
    try:
        decoded = read_position(position)
        Table.record_new(game, position=decoded, options=options, cards=cards).close()
    except RuleViolation as exc:
        if exc.rule != "OPT-1":  # POS-1 and the rest: the file is named, as for any input file, and the line
            from lifeboat.service.game.position_file import where

            raise fail(_("{position}: [{rule}] {message}; fix the file (docs/position-format.md) and run the command "
                         "again (nothing was written)").format(position=where(position, exc.message), rule=exc.rule, message=exc.message), RULE) from None
        name = getattr(exc, "option", None)
        given: dict[str, Any] = decoded["options"] if isinstance(decoded.get("options"), dict) else {}
        if name in given:
            value = str(given[name]).lower() if isinstance(given[name], bool) else repr(given[name])
            raise fail(_("{position}: [options] {name} = {value}: [OPT-1] this option is not implemented yet; leave it "
                         "out (its default is kept)").format(position=position, name=name, value=value), USAGE) from None
        raise fail(f"{position}: [options]: [OPT-1] {exc.message}", USAGE) from None


def run(game: Path, position: Path | None, players: str | None, options: list[str], cards: Path | None = None,
        serve: tuple[str, int, bool] | None = None) -> None:
    """``serve``: ``(host, port, qr)`` to record on the record page instead (cli/cmd_serve.py)."""
    from cli.common import check_options, console, ctrl_c_stops
    from lifeboat.service import Table, load_card_file, parse_players

    ctrl_c_stops()
    out = console()
    interactive = sys.stdin.isatty() and serve is None
    if position is not None and players is not None:
        raise fail(_("--position names the players already; leave out --players"), USAGE)
    if position is not None and options:  # the file's [options] say; an --option beside them was left unread
        raise fail(_("--position sets the options in its [options] section (docs/position-format.md); put them there "
                     "and leave out --option"), USAGE)
    with user_errors():
        if not game.exists():
            check_options(options)
            card_set = load_card_file(cards)  # CARD-2, CARD-3: checked before anything is written
            if position is not None:
                _record_from(game, position, options, card_set)
            else:
                def start(names: str) -> None:
                    Table.record_new(game, players=parse_players(names), options=options, cards=card_set).close()

                if players is None and interactive:
                    from cli.record_setup import ask_players

                    ask_players(start, out)  # a refused answer (SETUP-1) is said and asked again
                elif not players:
                    raise fail(_("name the players with --players (or start from --position)"), USAGE)
                else:
                    start(players)
        elif position is not None or players is not None or cards is not None or options:
            raise fail(_("{game}: already exists; --position, --players, --option and --cards only start a new recording "
                         "(a recording keeps the options it started with)").format(game=game), USAGE)
        rec = Recorder(game, out)
        if rec.table.digital or rec.table.orders is not None:
            # the header says so even when the deck file is not beside it: its state holds the real cards
            raise fail(_("{game}: a digital game (its deck is committed); use 'lifeboat play'").format(game=game), USAGE)
    if serve is not None:  # the record page: the same journal, lines from a phone or a tablet
        from cli.cmd_serve import serve_recording

        rec.table.close()
        serve_recording(game, *serve)
        return
    with user_errors():
        _session(rec, game, out, interactive)
    if rec.refused:
        raise fail(_("{refused} line(s) were refused; the journal holds only the accepted ones").format(refused=rec.refused), RULE)


def _session(rec: Recorder, game: Path, out, interactive: bool) -> None:
    """The lines of one session, from the keyboard or stdin, then the final words (SCORE-4 at the end)."""
    rec.prompting = interactive
    if interactive:
        from cli.record_setup import guided_setup
        from lifeboat.state import AwaitSetup

        try:
            guided_setup(rec)
        except (KeyboardInterrupt, EOFError):  # as at the prompt below: the journal holds what was accepted
            rec.say("")
            if isinstance(rec.state.step, AwaitSetup):  # the deal is written once every player is named (REC-1)
                rec.say(_("Stopped before the deal: the characters typed so far were not kept. Start again with: "
                          "lifeboat record {game}").format(game=game))
            else:
                rec.say(_("Saved to {game}. Resume with: lifeboat record {game}").format(game=game))
            return
    number = 0
    try:  # from the first word of the session on, Ctrl-C saves (the journal holds every accepted line)
        rec.say(_("Recording {game}. {first_help_line}  (help for more)").format(game=game,
                                                                           first_help_line=_(HELP).splitlines()[0]))
        while True:
            if interactive:
                rec.say(rec.status())
                sys.stdout.write("> ")
                sys.stdout.flush()
            line = read_line()  # a Ctrl-C raises KeyboardInterrupt however late it comes (issue 27)
            if not line:
                break
            number += 1
            if not rec.handle(line, number):
                break
    except KeyboardInterrupt:  # every accepted line is already in the journal
        rec.say("")
    rec.keep_comment()  # comments after the last decision go on it
    if rec.state.over:
        from cli import render

        provisional = rec.unnamed()  # SCORE-4: cards that could change a score are unnamed: no winner yet
        render.final(out, rec.obs.public_view(), provisional=provisional)
        if provisional:
            rec.say(_("Provisional: no winner until these are shown and named ({example}); then run lifeboat score. "
                      "Still to show:").format(example=rec.example()))
            for line in rec.still_unnamed():
                rec.say(line)
    else:
        rec.say(rec.status())
    rec.say(saved(game, rec.state.over and not rec.unnamed()))
