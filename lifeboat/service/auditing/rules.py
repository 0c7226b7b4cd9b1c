"""Audit, steps 2-3: the rules and chance, decided again commit by commit, and the receipts along the way.

How the audit goes on after a finding: a command the rules refuse is *skipped* (the state stays as it was: an
illegal move does not happen, so an inserted move disturbs nothing after it); a legal command whose recorded
events differ is applied with the *decided* events. After :data:`MAX_SKIPPED` refused commands in a row the
history has left the rules for good; the rule checks stop there with a note. A draw that differs from the
committed orders gives a finding and the audit goes on with the *committed* draw.
"""

from __future__ import annotations

import hashlib
import os
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

import journal
from lifeboat import apply, chance_request, waiting_for
from lifeboat.chance import DeckOrders, commitment, next_chance
from lifeboat.commands import is_chance
from lifeboat.errors import LifeboatError, RuleViolation
from lifeboat.events import Event
from lifeboat.state import State
from lifeboat.service.auditing.findings import Finding, ReceiptResult, Report, show
from lifeboat.service.game.records import actor_of
from lifeboat.service.game.files import deck_path, read_regular
from lifeboat.service.game.headers import initial_state
from lifeboat.service.auditing.receipts import LINE_HEX, VIEW_HEX, Receipt, seat_view_of
from lifeboat.service.game.records import NOTE_ACTOR, NOTE_MAX_CHARS, Correction, DecksRevealed, Note, to_record
from lifeboat.service.game.replay import UNDO_DEPTH
from lifeboat.i18n import _

MAX_SKIPPED = 8
"""Refused commands in a row after which the rule checks stop (the history no longer follows the rules)."""


def orders_to_check(path: Path, header: journal.Header, reveal: tuple[int, int, Any] | None,
            report: Report) -> DeckOrders | None:
    """The deck orders to check draws against, and ``report.chance`` saying where they come from."""
    committed = header.deck_commitment
    if committed is None:
        report.chance = _("recorded: each draw checked to be possible (CHANCE-1)")
        if reveal is not None:
            report.findings.append(Finding(line=reveal[0], seq=reveal[1], check="commitment", rule="CHANCE-2",
                                           message=_("deck orders revealed, but the header committed to none"),
                                           found=_("a decks_revealed record"), expected=_("no deck commitment")))
        return None
    orders = None
    if reveal is not None:
        try:
            revealed = msgspec.convert(reveal[2], DecksRevealed).orders
        except msgspec.ValidationError as exc:
            report.findings.append(Finding(line=reveal[0], seq=reveal[1], check="commitment", rule="CHANCE-2",
                                           message=_("the revealed deck orders do not decode: {exc}").format(exc=exc),
                                           found=show(reveal[2]), expected=_("the deck orders of the header")))
        else:
            if commitment(revealed) == committed:
                report.chance = _("every draw checked against the revealed deck orders (CHANCE-2)")
                return revealed
            report.findings.append(Finding(
                line=reveal[0], seq=reveal[1], check="commitment", rule="CHANCE-2",
                message=_("the revealed deck orders do not match the header's commitment"),
                found=_("orders hashing to {revealed}").format(revealed=commitment(revealed)), expected=_("orders hashing to {committed}").format(committed=committed)))
    deck = deck_path(path)
    if os.path.exists(deck):  # False too for a name too long for a deck file (a journal of 246-255 bytes)
        try:
            orders = msgspec.json.decode(read_regular(deck), type=DeckOrders)  # a FIFO: refused, never waited on
        except (OSError, msgspec.DecodeError) as exc:
            report.findings.append(Finding(line=None, check="commitment", rule="CHANCE-2",
                                           message=_("the dealer's deck file {deck} cannot be read: {exc}").format(deck=deck, exc=exc)))
            orders = None
        if orders is not None and commitment(orders) != committed:
            report.findings.append(Finding(
                line=None, check="commitment", rule="CHANCE-2",
                message=_("the dealer's deck file {name} does not match the header's commitment").format(name=deck.name),
                found=_("orders hashing to {orders}").format(orders=commitment(orders)), expected=_("orders hashing to {committed}").format(committed=committed)))
            orders = None
        if orders is not None:
            report.chance = _("every draw checked against the dealer's deck file, which matches the commitment")
            return orders
    report.chance = _("draws not checked: the deck orders are not revealed yet and there is no deck file")
    return None


def _expected_now(state: State) -> str:
    req = chance_request(state)
    if req is not None:
        return f"chance: {req.kind} ({req.count})"
    who = waiting_for(state)
    if who:
        from lifeboat.views.words import inner

        return _("a move by {players}").format(players=_(" or ").join(inner(c) for c in who))  # the Captain, 船长
    return _("nothing: the game is over") if state.over else _("nothing")


def events_diff(found: Sequence[Any], decided: Sequence[Any]) -> tuple[str, str, str]:
    """(message, found, expected) naming the first event where ``found`` and ``decided`` differ."""
    for i in range(max(len(found), len(decided))):
        f = found[i] if i < len(found) else None
        d = decided[i] if i < len(decided) else None
        if f != d:
            return (_("the recorded consequences differ from what the rules decide (event {i})").format(i=i + 1),
                    show(f) if f is not None else _("nothing (only {n} events recorded)").format(n=len(found)),
                    show(d) if d is not None else _("nothing (the rules decide {n} events)").format(n=len(decided)))
    return _("the recorded consequences differ from what the rules decide"), show(found), show(decided)


class RuleCheck:
    """The rule, chance and receipt checks of one pass over the commits."""

    def __init__(self, report: Report, header: journal.Header, orders: DeckOrders | None,
                 receipts: Sequence[Receipt]) -> None:
        self.report = report
        self.header = header
        self.orders = orders
        self.receipts = {r.token: r for r in receipts}
        self.fork_seq = header.parent.seq if header.parent is not None else 0
        self.state = self.initial = initial_state(header, report.path)
        self.log: list[Event] = []
        self.history: deque[tuple[int, State, int]] = deque(maxlen=UNDO_DEPTH)
        self.skipped = 0
        self.broke_at = 0  # the line of the first refused command of the current run of refusals
        self.stopped = False
        self.reveals = 0
        self.decisions: set[int] = set()  # the seqs of game commands (what a note may point at, NOTE-1)

    def find(self, line: int, seq: int, check: str, rule: str, message: str, found: Any = None,
             expected: Any = None) -> None:
        self.report.findings.append(Finding(
            line=line, seq=seq, check=check, rule=rule, message=message,
            found=None if found is None else show(found), expected=None if expected is None else show(expected)))

    def refuse(self, line: int, seq: int, rule: str, message: str, found: Any) -> None:
        """A finding for a command the rules refuse. The first refusal of a run says what the game waited for
        there; a refusal right after it is likely its echo (a line removed or moved before it), and what that
        line should be cannot be known: it names the line where the history broke instead."""
        if self.skipped == 0:
            return self.find(line, seq, "legality", rule, message, found, _expected_now(self.state))
        self.find(line, seq, "legality", rule, _("{message} (after the refused line {broke_at}, perhaps its echo: what this line should be "
                                                 "cannot be known)").format(message=message, broke_at=self.broke_at), found)

    def commit(self, line: int, commit: journal.Commit) -> None:
        if self.stopped:
            return
        seq = commit.seq
        try:
            record = to_record(commit.command)
        except msgspec.ValidationError as exc:
            self.refuse(line, seq, "JOURNAL-CMD", _("not a Lifeboat command: {exc}").format(exc=exc), commit.command)
            return self._skip(line)
        if isinstance(record, Note):
            return self.note(line, commit, record)
        if isinstance(record, DecksRevealed):
            self.reveals += 1
            if self.reveals > 1:
                self.find(line, seq, "commitment", "CHANCE-2", _("the deck orders are revealed a second time"),
                          _("a second decks_revealed record"), _("one, as the last line"))
            elif not self.state.over:
                self.find(line, seq, "commitment", "CHANCE-2", _("the deck orders are revealed before the game ended"),
                          _("decks_revealed while the game goes on"), _expected_now(self.state))
            if commit.events:
                self.find(line, seq, "legality", "EVENTS", _("a system record has events"), commit.events, [])
            return
        if isinstance(record, Correction):
            target = next(((st, n) for s, st, n in self.history if s == record.from_seq), None)
            if target is None:
                self.find(line, seq, "legality", "REC-2", _("cannot withdraw from seq {from_seq}: not one of the last decisions").format(from_seq=record.from_seq), commit.command, _("a seq among the last decisions"))
                return self._skip(line)
            self.state, keep = target
            del self.log[keep:]
            return
        self.decisions.add(seq)
        self.history.append((seq, self.state, len(self.log)))
        expected_actor = actor_of(self.state, record)
        if commit.actor != expected_actor:
            self.find(line, seq, "legality", "TURN-1", _("the recorded actor is not the seat of the command"),
                      f"actor {commit.actor!r}", f"actor {expected_actor!r}")
        committed = None  # the committed draw, when the recorded one differs from it
        if is_chance(record) and self.orders is not None and seq > self.fork_seq:
            want = next_chance(self.state, self.orders)  # None: no draw now, and decide says so below
            if want is not None and msgspec.json.encode(want) != msgspec.json.encode(record):
                committed = want
                self.find(line, seq, "chance", "CHANCE-2", _("the draw is not the one the committed deck orders give"),
                          record, want)
        try:
            state, events = apply(self.state, record)
        except RuleViolation as exc:
            self.refuse(line, seq, exc.rule, _("the rules refuse this command: {message}").format(message=exc.message), record)
            if committed is None:
                return self._skip(line)
        except LifeboatError as exc:
            self.refuse(line, seq, "EVOLVE", str(exc), record)
            if committed is None:
                return self._skip(line)
        else:
            decided = msgspec.json.decode(msgspec.json.encode(events))  # JSON values, as recorded
            if decided != list(commit.events):
                message, found, expected = events_diff(list(commit.events), decided)
                self.find(line, seq, "legality", "EVENTS", message, found, expected)
        if committed is not None:  # go on with what the commitment says was drawn
            state, events = apply(self.state, committed)
        self.skipped = 0
        self.state = state
        self.log.extend(events)

    def note(self, line: int, commit: journal.Commit, note: Note) -> None:
        """The structural checks of a note (NOTE-1): it points at an earlier game decision, its audience is
        public, the referee or a seat of the game, its text is there and not too long, it has no events and the
        annotator's actor. A note never changes the state, so a finding here disturbs nothing after it."""
        seq = commit.seq
        if note.at not in self.decisions:
            why = _("a later commit") if note.at >= seq else _("not a game decision (a note, a system record, or no commit)")
            self.find(line, seq, "note", "NOTE-1", _("the note points at seq {at}: {why}").format(at=note.at, why=why), note.at,
                      _("the seq of a game decision before {seq}").format(seq=seq))
        if note.audience == "seat" and not self.state.has(note.seat or ""):
            self.find(line, seq, "note", "NOTE-1", _("the note is for a seat that is not in this game"), note.seat,
                      _("a character of this game"))
        elif note.audience != "seat" and note.seat is not None:
            self.find(line, seq, "note", "NOTE-1", _("a {audience} note names a seat").format(audience=note.audience), note.seat, None)
        if not note.text.strip() or len(note.text) > NOTE_MAX_CHARS:
            self.find(line, seq, "note", "NOTE-1", _("the note's text is empty or too long"),
                      f"{len(note.text)} characters", f"1 to {NOTE_MAX_CHARS} characters")
        if commit.events:
            self.find(line, seq, "legality", "EVENTS", _("a note has events"), commit.events, [])
        if commit.actor != NOTE_ACTOR:
            self.find(line, seq, "note", "NOTE-1", _("a note's actor is not the annotator"), _("actor {actor!r}").format(actor=commit.actor),
                      f"actor {NOTE_ACTOR!r}")

    def _skip(self, line: int) -> None:
        if self.skipped == 0:
            self.broke_at = line
        self.skipped += 1
        if self.skipped >= MAX_SKIPPED:
            self.stopped = True
            self.report.notes.append(_("rule checks stopped at line {line}: {max_skipped} refused commands in a row; the history no "
                                       "longer follows the rules from here").format(line=line, max_skipped=MAX_SKIPPED))

    def receipt(self, line: int, commit_seq: int, digest: str) -> None:
        for token, r in list(self.receipts.items()):
            if r.seq != commit_seq:
                continue
            del self.receipts[token]
            self.check_receipt(r, line, digest)

    def check_receipt(self, r: Receipt, line: int, digest: str) -> None:
        ok = digest.startswith(r.line)
        if not ok:
            self.find(line, r.seq, "receipt", "RECEIPT-LINE",
                      _("the line differs from the one {seat}'s receipt saw: the journal was rewritten at or before "
                        "this line").format(seat=r.seat), _("line hash {digest}").format(digest=digest[:LINE_HEX]), _("line hash {line} (receipt)").format(line=r.line))
        view = None
        if self.stopped:
            self.report.notes.append(_("receipt {token}: the seat's view cannot be recomputed (rule checks stopped)").format(token=r.token))
        elif not self.state.has(r.seat):
            ok = False
            self.find(line, r.seq, "receipt", "RECEIPT-VIEW", _("the receipt's seat {seat!r} is not in the game at this line").format(seat=r.seat), r.seat, _("a character of this game"))
        else:
            view = seat_view_of(self.initial, self.log, r.seat)
            got = hashlib.sha256(msgspec.json.encode(view)).hexdigest()[:VIEW_HEX]
            if got != r.view and _before_faces(self.initial, self.log, r.seat) == r.view:
                got = r.view  # a receipt made before VIEW-FACE-1 hashed the view with every card by its instance
                self.report.notes.append(_("receipt {token}: made before VIEW-FACE-1 (its view named every card by its instance); it "
                                           "matches the view as computed then").format(token=r.token))
            if got != r.view:
                ok = False
                why = (_("the journal is unchanged up to here, so the view was computed differently (another engine "
                         "version, or the receipt was not made by 'lifeboat receipt')")) if digest.startswith(
                    r.line) else _("the journal was rewritten")
                # the recomputed hash is not shown: it is a digest of that seat's secrets
                self.find(line, r.seq, "receipt", "RECEIPT-VIEW", _("{seat}'s view differs from the receipt: {why}").format(seat=r.seat, why=why),
                          _("another view hash"), _("view hash {view} (receipt)").format(view=r.view))
        # the seat's view is shown only for a receipt that matches: a token is a claim to be that seat, and a
        # forged one (the game id is public) must not open anybody's hand
        self.report.receipts.append(ReceiptResult(token=r.token, seq=r.seq, seat=r.seat, ok=ok,
                                                  view=msgspec.to_builtins(view) if view is not None and ok else None))


def _before_faces(initial: Any, log: Any, seat: str) -> str:
    """The view hash a receipt made before VIEW-FACE-1 holds for ``seat`` (its view naming every card by its
    instance)."""
    view = seat_view_of(initial, log, seat, faces=False)
    return hashlib.sha256(msgspec.json.encode(view)).hexdigest()[:VIEW_HEX]
