"""``lifeboat record``: record a real tabletop game as it happens (REC-1, REC-2, POS-1).

The physical cards decide chance; the recorder types one line of notation per decision (docs/notation.md), ``?``
for a card nobody showed. Every line is checked by the rules before it is appended; a refused line changes
nothing. Lines come from the keyboard, or from stdin when it is not a terminal
(``lifeboat record game.jsonl < moves.txt``). Besides notation:

- ``undo``: withdraw what the last line did (an appended correction; nothing is deleted) (REC-2);
- ``close``: close the open window (fight, overboard, thirst): everyone who has not passed passes (PROC-1);
- ``legal``: what the player(s) to move (or chance) may type; ``show``: the table; ``hands``: every hand, face-up
  card, LOVE and HATE as recorded so far, with the placeholders (``?p12``) still to name; ``help``; ``quit``;
- ``# …``: a comment, kept out of the journal.

Exit code 0 when every line was accepted, 3 when some line was refused (each refusal is printed with its line
number and rule id), 4 for a journal problem.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from cli.errors import RULE, USAGE, fail, user_errors

HELP = """Type one decision per line, e.g.  captain: row  ·  chance: nav ? ?  ·  kid: mug lauren hand  ·  stephen: refuse
Chance: chance: draw ? ? ?  ·  chance: nav 27  ·  chance: take ?     The recorder: recorder: ?p3 is water
Also: undo (withdraw the last line) · close (everyone left passes) · legal · show · hands · help · quit · # comment"""

CHANCE_EXAMPLES = {
    "draw_provisions": "chance: draw {q}  (name a card you see: chance: draw water {q1})",
    "draw_from_hand": "chance: take ?  (or the card, if it is shown: chance: take water)",
    "row": "chance: nav {q}  (cards only the rower or the navigator sees)",
    "turn": "chance: nav {n}  (the card is turned face up: name it)",
}


def _read_position(path: Path) -> dict:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise fail(f"{path}: cannot read the position file ({exc.strerror})", USAGE) from None
    try:
        if path.suffix.lower() == ".json":
            import json

            return json.loads(raw)
        return tomllib.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise fail(f"{path}: not a valid position file: {exc}", USAGE) from None


def status_changes(before, after) -> list[str]:  # type: ignore[no-untyped-def]
    """Plain words for the table: who became unconscious, woke up, died or was lost at sea (STATUS-1, OVER-3)."""
    from cli.describe import who

    out = []
    for ch in after.characters:
        if not before.has(ch.character) or not before.characters:
            continue
        old = before.status(ch.character) if before.char(ch.character).in_boat else "lost at sea"
        new = after.status(ch.character) if ch.in_boat else "lost at sea"
        if old != new and new != "lost at sea":  # the story already says who is lost at sea
            out.append(f"{who(ch.character)} is now {new}" + (" (a body in the boat)." if new == "dead" else "."))
    return out


class Recorder:
    """One recording session over a journal: the state, the views, and the decisions that can be undone.

    ``undo`` withdraws what the last accepted line did: one decision, or every pass of a ``close``. Lines of an
    earlier session are not known, so there it withdraws one decision at a time."""

    def __init__(self, path: Path, out) -> None:  # type: ignore[no-untyped-def]
        from cli.common import open_game

        self.path = path
        self.out = out
        self.j = open_game(path)
        self.refused = 0
        self.prompting = False  # True at the keyboard: the status is shown before each prompt
        self.lines: list[int] = []  # the first seq of each line of this session still in force
        self.rebuild()

    def rebuild(self) -> None:
        """Replay the journal: the state, the views, the active decisions (after corrections), and which decisions
        a correction may still reach (the last UNDO_DEPTH game commits, withdrawn ones included: REC-2)."""
        from collections import deque

        from cli.records import Correction, DecksRevealed
        from cli.session import UNDO_DEPTH, initial_state, replay
        from lifeboat.views import Observer

        self.obs = Observer(initial_state(self.j.header, str(self.path)))
        kept: list[tuple[int, tuple]] = []
        reach: deque[int] = deque(maxlen=UNDO_DEPTH)
        for step in replay(self.j, str(self.path)):
            if isinstance(step.record, Correction):
                kept = [(seq, evs) for seq, evs in kept if seq < step.record.from_seq]
            elif not isinstance(step.record, DecksRevealed):
                kept.append((step.commit.seq, step.events))
                reach.append(step.commit.seq)
        self.active = [seq for seq, _ in kept]
        self.reach = set(reach)
        self.lines = [seq for seq in self.lines if seq in self.active]
        for _, events in kept:
            self.obs.record(events)
        self.state = self.obs.state

    # ---- lines ----

    def say(self, text: str) -> None:
        from rich.text import Text

        self.out.print(Text(text))

    def status(self) -> str:
        from cli.describe import who
        from lifeboat import chance_request, waiting_for

        st = self.state
        if st.over:
            return "The game is over. Name unseen cards with 'recorder: ?p3 is water', then quit."
        view = self.obs.public_view()
        waiting = waiting_for(st)
        req = chance_request(st)
        extra = f" · chance: {req.kind.replace('_', ' ')}" if req else ""
        names = ", ".join(who(x) for x in waiting)
        return f"[round {st.round}] {view.step.text}{extra}" + (f" · waiting for {names}" if names else "")

    def default_actor(self) -> str | None:
        from lifeboat import chance_request, waiting_for

        if chance_request(self.state) is not None:
            return "chance"
        waiting = waiting_for(self.state)
        return waiting[0] if len(waiting) == 1 else None

    def handle(self, line: str, number: int) -> bool:
        """Handle one input line; returns False to stop."""
        text = line.lstrip("\ufeff").strip()  # a file saved with a byte-order mark
        if not text or text.startswith("#"):
            return True
        word = text.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word == "help":
            self.say(HELP)
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
        return True

    def refuse(self, number: int, rule: str, message: str) -> None:
        self.refused += 1
        self.say(f"line {number}: refused [{rule}] {message} (nothing was recorded)")

    def legal(self) -> None:
        from cli.describe import who
        from lifeboat import chance_request, waiting_for
        from lifeboat.notation import legal_lines
        from lifeboat.state import FlareDraw, NavigationTurn

        if self.state.over:
            self.say("The game is over: only recorder lines (recorder: ?p3 is water; "
                     "recorder: kid love captain hate lauren). Type 'hands' to see what is still unnamed.")
            return
        req = chance_request(self.state)
        if req is not None:
            if req.kind == "deal_setup":
                parts = "; ".join(f"{p.lower()} = <character> love ? hate ? ?" for p in self.state.players)
                short = len(self.state.players) < 6 and self.state.ruleset.remove_provisions_short_handed
                removed = "; removed 10 ?" if short else ""
                self.say(f"chance: deal {parts}{removed}")
                return
            key = req.kind if req.kind != "draw_navigation" else (
                "turn" if isinstance(self.state.step, (FlareDraw, NavigationTurn)) else "row")
            self.say(CHANCE_EXAMPLES[key].format(q=" ".join("?" * req.count), q1=" ".join("?" * (req.count - 1)),
                                                 n=" ".join(["27", "31", "25"][:req.count])))
            return
        for ch in waiting_for(self.state):
            lines = legal_lines(self.state, ch)
            self.say("; ".join(lines[:30]) + (" …" if len(lines) > 30 else "") if lines else f"{who(ch)}: nothing")

    def hands(self) -> None:
        """Every character's cards as recorded: named cards by id, unseen ones by placeholder (REC-1). The
        placeholders are the recorder's own bookkeeping (which '?' went where), so showing them reveals nothing."""
        from cli.describe import who

        for ch in self.state.characters:
            where = "" if ch.in_boat else " (lost at sea)"
            hand = " ".join(ch.hand) or "empty"
            face_up = f" · face up {' '.join(ch.face_up)}" if ch.face_up else ""
            self.say(f"{ch.player} ({who(ch.character)}{where}): hand {hand}{face_up} · "
                     f"LOVE {who(ch.love)} · HATE {who(ch.hate)}")

    def unnamed(self) -> bool:
        """True when a hand, a face-up card, a LOVE or a HATE is still unknown (the end: END-2)."""
        from lifeboat.cards import is_unknown

        return any(is_unknown(x) for ch in self.state.characters for x in (*ch.hand, *ch.face_up)) or any(
            "?" in (ch.love, ch.hate) for ch in self.state.characters)

    def append(self, command) -> None:  # type: ignore[no-untyped-def]
        from cli.session import append
        from lifeboat.evolve import evolve

        before, table, was_over = len(self.obs), self.state, self.state.over
        self.state, events = append(self.j, self.state, command)
        self.obs.record(events)
        self.active.append(self.j.last_seq)
        self.reach.add(self.j.last_seq)
        for event, v in zip(events, self.obs.log(start=before)):
            if v.type != "passed":
                self.say("  " + v.text)
            after = evolve(table, event)  # who is now unconscious or dead: said after the wound that did it
            for line in status_changes(table, after):
                self.say("  " + line)
            table = after
        if self.state.over and not was_over and self.unnamed():
            self.say("The game is over. Type 'hands' to see what is still unnamed, then name what each player shows: "
                     "recorder: ?p12 is cash · recorder: kid love captain hate lauren")

    def decide(self, text: str, number: int) -> None:
        from lifeboat.errors import AmbiguousCommand, RuleViolation
        from lifeboat.notation import parse

        try:
            command = parse(text, self.state, self.default_actor())
            self.append(command)
        except AmbiguousCommand as exc:
            self.refuse(number, exc.rule, exc.message + ("; type one of: " + " | ".join(exc.candidates)
                                                         if exc.candidates else ""))
        except RuleViolation as exc:
            self.refuse(number, exc.rule, exc.message)

    def close(self, number: int) -> None:
        from lifeboat import commands as c
        from lifeboat.decide import may_act_in_window

        waiting = may_act_in_window(self.state)
        if not waiting:
            self.refuse(number, "PROC-1", "no window is open: there is nothing to close")
            return
        for ch in waiting:
            if ch in may_act_in_window(self.state):
                self.append(c.Pass(by=ch))

    def undo(self, number: int) -> None:
        from cli.records import Correction
        from cli.session import UNDO_DEPTH

        if not self.active:
            self.refuse(number, "REC-2", "there is no decision to undo")
            return
        last = self.lines[-1] if self.lines else self.active[-1]
        if last not in self.reach:  # replay could not fold it back: the journal would be broken (REC-2)
            self.refuse(number, "REC-2", f"only the last {UNDO_DEPTH} decisions can be withdrawn, undone ones "
                                         f"included; decision {last} is older")
            return
        count = sum(1 for seq in self.active if seq >= last)
        self.j.append(self.j.last_seq + 1, "recorder", Correction(from_seq=last), ())
        self.rebuild()
        what = f"decision {last}" if count == 1 else f"decisions {last}-{last + count - 1}"
        self.say(f"  withdrew {what} (journal line {last + 1}); the game goes on from before it")
        if not self.prompting:  # at the keyboard the prompt says it
            self.say("  " + self.status())


def _guided_setup(rec: Recorder) -> None:
    """At a keyboard, ask each player's character and deal everything else unseen ('?'), SETUP-2..5, REC-1.
    Each answer is checked at once (a known character, not taken yet) and asked again if wrong."""
    from cli.describe import who
    from lifeboat.errors import RuleViolation
    from lifeboat.notation import parse
    from lifeboat.state import AwaitSetup

    if not isinstance(rec.state.step, AwaitSetup):
        return
    rec.say("Setup: which character did each player draw? (e.g. captain, lauren, 船长). LOVE, HATE and "
            "provisions are recorded as unseen.")
    taken: dict[str, str] = {}
    for player in rec.state.players:
        while True:
            sys.stdout.write(f"  {player}'s character: ")
            sys.stdout.flush()
            answer = sys.stdin.readline()
            if not answer:
                return
            try:
                character = getattr(parse(f"{answer.strip()}: pass", rec.state), "by", None)
            except RuleViolation as exc:
                rec.say(f"  {exc.message}")
                continue
            if character is None:
                rec.say("  type a character's name, e.g. captain")
            elif character in taken.values():
                rec.say(f"  {who(character)} is already taken; each player draws a different character")
            else:
                taken[player] = character
                break
    n = len(rec.state.players)
    removed = 10 if n < 6 and rec.state.ruleset.remove_provisions_short_handed else 0
    parts = [f"{player} = {character} love ? hate ? ?" for player, character in taken.items()]
    rec.decide("chance: deal " + "; ".join(parts) + (f"; removed {removed} ?" if removed else ""), 0)


def run(game: Path, position: Path | None, players: str | None, options: list[str]) -> None:
    from cli.cmd_new import build_ruleset, parse_players
    from cli.common import console
    from cli.session import create_recorded_game, load_orders
    from lifeboat.errors import RuleViolation

    out = console()
    interactive = sys.stdin.isatty()
    if position is not None and players is not None:
        raise fail("--position names the players already; leave out --players", USAGE)
    with user_errors():
        if not game.exists():
            try:
                ruleset = build_ruleset(options)
            except RuleViolation as exc:
                raise fail(f"--option: [{exc.rule}] {exc.message}", USAGE) from None
            if position is not None:
                create_recorded_game(game, position=_read_position(position), ruleset=ruleset)
            else:
                names = players
                if names is None and interactive:
                    sys.stdout.write("Players, comma-separated, in any order: ")
                    sys.stdout.flush()
                    names = sys.stdin.readline().strip()
                if not names:
                    raise fail("name the players with --players (or start from --position)", USAGE)
                create_recorded_game(game, players=parse_players(names), ruleset=ruleset)
        elif position is not None or players is not None:
            raise fail(f"{game}: already exists; --position and --players only start a new recording", USAGE)
        from cli.common import open_game

        if open_game(game).header.deck_commitment is not None or load_orders(game) is not None:
            # the header says so even when the deck file is not beside it: its state holds the real cards
            raise fail(f"{game}: a digital game (its deck is committed); use 'lifeboat play'", USAGE)
        rec = Recorder(game, out)
        rec.prompting = interactive
        if interactive:
            _guided_setup(rec)
        rec.say(f"Recording {game}. {HELP.splitlines()[0]}  (help for more)")
        number = 0
        try:
            while True:
                if interactive:
                    rec.say(rec.status())
                    sys.stdout.write("> ")
                    sys.stdout.flush()
                line = sys.stdin.readline()
                if not line:
                    break
                number += 1
                if not rec.handle(line, number):
                    break
        except KeyboardInterrupt:  # every accepted line is already in the journal
            rec.say("")
        if rec.state.over:
            from cli import render

            render.final(out, rec.obs.public_view())
            if rec.unnamed():
                rec.say("To score it, name what each player shows (recorder: ?p12 is cash; recorder: kid love "
                        "captain hate lauren), then run lifeboat score. Still unnamed:")
                rec.hands()
        else:
            rec.say(rec.status())
        rec.say(f"Saved to {game}. Resume with: lifeboat record {game}")
    if rec.refused:
        raise fail(f"{rec.refused} line(s) were refused; the journal holds only the accepted ones", RULE)
