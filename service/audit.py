"""Auditing game journals: every finding, not just the first (docs/disputes.md).

:func:`audit` reads one journal and checks, in one report:

1. **structure**: the journal's own checks (header, version, seq, hash chain, torn tail), line by line. After a
   line whose hash, ``prev`` or ``seq`` is wrong but which still decodes as a commit, the audit adopts the line as
   written (its stored hash carries the chain on), so one edited line gives one finding and the rest is still
   audited. A line that does not decode, or a torn last line, ends the reading there.
2. **legality**: every command is decided again from the state before it (:func:`lifeboat.decide`) and its
   recorded events must equal the decided ones (``EVENTS``); the recorded actor must be the command's seat
   (``TURN-1``). How the audit goes on after a finding: a command the rules refuse is *skipped* (the state stays
   as it was: an illegal move does not happen, so an inserted move disturbs nothing after it); a legal command
   whose recorded events differ is applied with the *decided* events (the rules, not the record, say what
   follows). After :data:`MAX_SKIPPED` refused commands in a row the history has left the rules for good; the
   rule checks stop there with a note.
3. **chance**: in a digital game every draw must be the one the committed deck orders give
   (:func:`lifeboat.chance.next_chance`), checked against the orders revealed at the end (which must hash to the
   header's ``deck_commitment``), or, before the end, against the dealer's deck file if it matches the
   commitment. After a draw that differs, the audit goes on with the *committed* draw (the commitment, not the
   record, says what was drawn), so a forged card in an otherwise true journal gives one finding. A finished
   game must reveal its orders. In a recorded game, ``decide`` checks every draw was possible (CHANCE-1). In a
   fork, the draws it inherited from its parent (seq <= parent seq) are the parent's business: audit the
   parent, and tie the fork to it with ``--parent``.
4. **scores** of a finished game, recomputed from the final state (reported, not a finding).
5. **fork**: with the parent's file, the parent's line named by the fork's header must have the named hash, and
   every inherited commit must equal the parent's.
6. **receipts** (:class:`Receipt`): the line hash and the seat's view at the receipt's seq must match.

Receipts (the token, the view digest) are in :mod:`cli.cmd_receipt`.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

import journal
from journal.codec import ChainReader, line_hash, split_hash
from cli.cmd_receipt import LINE_HEX, VIEW_HEX, Receipt, seat_view_of
from cli.records import Correction, DecksRevealed, Record
from cli.session import RULESET_NAME, UNDO_DEPTH, ReplayError, actor_of, deck_path, initial_state
from lifeboat import apply, chance_request, waiting_for
from lifeboat.chance import DeckOrders, commitment, next_chance
from lifeboat.commands import is_chance
from lifeboat.errors import LifeboatError, RuleViolation
from lifeboat.events import Event
from lifeboat.scoring import scores, winners
from lifeboat.state import State

MAX_SKIPPED = 8
"""Refused commands in a row after which the rule checks stop (the history no longer follows the rules)."""

SHOW = 160
"""``found`` / ``expected`` texts are cut to this many characters."""


class Unreadable(Exception):
    """The file cannot be audited at all (missing, a directory, not a journal, another version): exit 4."""


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """One problem. ``line`` is the 1-based line of the audited file it is on (``None``: not on a line);
    ``seq`` the commit's seq when known; ``check`` one of ``structure``, ``header``, ``legality``, ``chance``,
    ``commitment``, ``fork``, ``receipt``; ``rule`` the rule id (``MUG-1``, ``CHANCE-2`` …) or the check's code
    (``JOURNAL-TAMPERED``, ``EVENTS``, ``FORK-PREFIX`` …); ``found`` what the journal says; ``expected`` what it
    should say."""

    line: int | None
    check: str
    rule: str
    message: str
    seq: int | None = None
    found: str | None = None
    expected: str | None = None


class ReceiptResult(msgspec.Struct, kw_only=True):
    """What an audit found for one receipt: ``ok`` when the line and the view match; ``view`` the seat's view
    then (as JSON values), when the journal reaches that far."""

    token: str
    seq: int
    seat: str
    ok: bool
    view: Any = None


# ---- the report -------------------------------------------------------------------------------------------------


class Report(msgspec.Struct, kw_only=True):
    """The audit of one file. ``readable`` False means it could not be audited at all (``error`` says why).
    ``chance`` says how the draws were checked; ``scores`` and ``winners`` are set for a finished game."""

    path: str
    readable: bool = True
    error: str | None = None
    game_id: str | None = None
    parent: str | None = None
    lines: int = 0
    last_seq: int = 0
    over: bool = False
    chance: str = ""
    findings: list[Finding] = []
    notes: list[str] = []
    scores: list[dict[str, Any]] | None = None
    winners: list[str] | None = None
    receipts: list[ReceiptResult] = []

    @property
    def clean(self) -> bool:
        return self.readable and not self.findings


def _show(value: Any) -> str:
    text = value if isinstance(value, str) else msgspec.json.encode(value).decode()
    return text if len(text) <= SHOW else text[: SHOW - 3] + "..."


# ---- 1. structure -------------------------------------------------------------------------------------------


class Scan:
    """One streaming pass over a journal file: ``commits()`` yields ``(line number, commit, real hash)``,
    appending structure findings to ``findings`` (pass ``None`` to ignore them). ``header`` and
    ``header_hash`` are set once line 1 was read; ``lines`` counts the lines read."""

    def __init__(self, path: Path, findings: list[Finding] | None) -> None:
        self.path = path
        self.findings = findings
        self.header: journal.Header | None = None
        self.header_hash = ""
        self.lines = 0
        self.stopped = False

    def _find(self, exc: journal.JournalError, line: int, code: str) -> None:
        if self.findings is not None:
            self.findings.append(Finding(line=line, check="structure", rule=code, message=exc.message,
                                         found=exc.found, expected=exc.expected))

    def commits(self) -> Iterator[tuple[int, journal.Commit, str]]:
        where = str(self.path)
        if not self.path.exists():
            raise Unreadable(f"{where}: no such file")
        if self.path.is_dir():
            raise Unreadable(f"{where}: is a directory, expected a journal file (pass the files, e.g. DIR/*.jsonl)")
        try:
            stream = open(self.path, "rb")  # noqa: SIM115
        except OSError as exc:
            raise Unreadable(f"{where}: cannot read: {exc.strerror}") from None
        reader = ChainReader(where)
        with stream:
            number = 0
            for chunk in iter(stream.readline, b""):
                number += 1
                self.lines = number
                complete = chunk.endswith(b"\n")
                raw = chunk[:-1] if complete else chunk
                if not complete and number > 1:
                    self.stopped = True
                    if self.findings is not None:
                        self.findings.append(Finding(
                            line=number, check="structure", rule="JOURNAL-TORN",
                            message=f"the last line ({len(raw)} bytes) is torn: it has no newline (a crash "
                                    "during a write, or the file was cut); journal.repair cuts it and keeps a copy",
                            expected="a complete line ending in a newline",
                            found=_show(raw[:60].decode("utf-8", "replace"))))
                    return
                try:
                    commit = reader.feed(raw)
                    if number == 1 and not complete:
                        raise journal.JournalCorrupt("line 1 does not end in a newline", path=where, line=1)
                except journal.JournalTampered as exc:
                    self._find(exc, number, "JOURNAL-TAMPERED")
                    commit = self._adopt(reader, raw, number)
                    if commit is None and number > 1:
                        self.stopped = True
                        return
                except (journal.UnsupportedJournalVersion, journal.JournalCorrupt) as exc:
                    if number == 1:
                        raise Unreadable(str(exc)) from None
                    self._find(exc, number, "JOURNAL-CORRUPT")
                    self.stopped = True
                    return
                if number == 1:
                    self.header, self.header_hash = reader.header, reader.header_hash
                    continue
                assert commit is not None
                split = split_hash(raw)
                yield number, commit, line_hash(split[0]) if split else commit.hash
            if number == 0:
                raise Unreadable(f"{where}: the file is empty, expected a lifeboat-journal")

    def _adopt(self, reader: ChainReader, raw: bytes, number: int) -> journal.Commit | None:
        """Take a line whose chain check failed as written, so the audit can go on. ``None`` when it does not
        decode (the header: raises :class:`Unreadable`)."""
        if number == 1:
            try:
                stored = msgspec.json.decode(raw, type=journal.HeaderLine)
            except msgspec.DecodeError as exc:
                raise Unreadable(f"{self.path}:1: the header does not decode: {exc}") from None
            # ChainReader has no "accept a header" call: set the attributes its docstring documents.
            reader.header = journal.Header(**{f: getattr(stored, f) for f in journal.Header.__struct_fields__})
            reader.header_hash = reader.head_hash = stored.hash
            reader.line = 1
            return None
        try:
            commit = msgspec.json.decode(raw, type=journal.Commit)
        except msgspec.DecodeError:
            return None
        reader.accept(commit)
        return commit


def read_header(path: Path) -> journal.Header:
    """The header of the journal at ``path`` (line 1 only). Raises :class:`Unreadable`."""
    scan = Scan(path, None)
    for _ in scan.commits():
        break
    if scan.header is None:
        raise Unreadable(f"{path}: no journal header")
    return scan.header


# ---- 2-4. the rules, chance and scores ---------------------------------------------------------------------


def _orders(path: Path, header: journal.Header, reveal: tuple[int, int, Any] | None,
            report: Report) -> DeckOrders | None:
    """The deck orders to check draws against, and ``report.chance`` saying where they come from."""
    committed = header.deck_commitment
    if committed is None:
        report.chance = "recorded: each draw checked to be possible (CHANCE-1)"
        if reveal is not None:
            report.findings.append(Finding(line=reveal[0], seq=reveal[1], check="commitment", rule="CHANCE-2",
                                           message="deck orders revealed, but the header committed to none",
                                           found="a decks_revealed record", expected="no deck commitment"))
        return None
    orders = None
    if reveal is not None:
        try:
            revealed = msgspec.convert(reveal[2], DecksRevealed).orders
        except msgspec.ValidationError as exc:
            report.findings.append(Finding(line=reveal[0], seq=reveal[1], check="commitment", rule="CHANCE-2",
                                           message=f"the revealed deck orders do not decode: {exc}",
                                           found=_show(reveal[2]), expected="the deck orders of the header"))
        else:
            if commitment(revealed) == committed:
                report.chance = "every draw checked against the revealed deck orders (CHANCE-2)"
                return revealed
            report.findings.append(Finding(
                line=reveal[0], seq=reveal[1], check="commitment", rule="CHANCE-2",
                message="the revealed deck orders do not match the header's commitment",
                found=f"orders hashing to {commitment(revealed)}", expected=f"orders hashing to {committed}"))
    deck = deck_path(path)
    if deck.exists():
        try:
            orders = msgspec.json.decode(deck.read_bytes(), type=DeckOrders)
        except (OSError, msgspec.DecodeError) as exc:
            report.findings.append(Finding(line=None, check="commitment", rule="CHANCE-2",
                                           message=f"the dealer's deck file {deck} cannot be read: {exc}"))
            orders = None
        if orders is not None and commitment(orders) != committed:
            report.findings.append(Finding(
                line=None, check="commitment", rule="CHANCE-2",
                message=f"the dealer's deck file {deck.name} does not match the header's commitment",
                found=f"orders hashing to {commitment(orders)}", expected=f"orders hashing to {committed}"))
            orders = None
        if orders is not None:
            report.chance = "every draw checked against the dealer's deck file, which matches the commitment"
            return orders
    report.chance = "draws not checked: the deck orders are not revealed yet and there is no deck file"
    return None


def _expected_now(state: State) -> str:
    req = chance_request(state)
    if req is not None:
        return f"chance: {req.kind} ({req.count})"
    who = waiting_for(state)
    if who:
        return "a move by " + " or ".join(who)
    return "nothing: the game is over" if state.over else "nothing"


def _events_diff(found: Sequence[Any], decided: Sequence[Any]) -> tuple[str, str, str]:
    """(message, found, expected) naming the first event where ``found`` and ``decided`` differ."""
    for i in range(max(len(found), len(decided))):
        f = found[i] if i < len(found) else None
        d = decided[i] if i < len(decided) else None
        if f != d:
            return (f"the recorded consequences differ from what the rules decide (event {i + 1})",
                    _show(f) if f is not None else f"nothing (only {len(found)} events recorded)",
                    _show(d) if d is not None else f"nothing (the rules decide {len(decided)} events)")
    return "the recorded consequences differ from what the rules decide", _show(found), _show(decided)


class _Replay:
    """The rule, chance and receipt checks of one pass over the commits."""

    def __init__(self, report: Report, header: journal.Header, orders: DeckOrders | None,
                 receipts: Sequence[Receipt]) -> None:
        self.report = report
        self.header = header
        self.orders = orders
        self.receipts = {r.token: r for r in receipts}
        self.fork_seq = header.parent.seq if header.parent is not None else 0
        self.state = initial_state(header, report.path)
        self.log: list[Event] = []
        self.history: deque[tuple[int, State, int]] = deque(maxlen=UNDO_DEPTH)
        self.skipped = 0
        self.stopped = False
        self.reveals = 0

    def find(self, line: int, seq: int, check: str, rule: str, message: str, found: Any = None,
             expected: Any = None) -> None:
        self.report.findings.append(Finding(
            line=line, seq=seq, check=check, rule=rule, message=message,
            found=None if found is None else _show(found), expected=None if expected is None else _show(expected)))

    def commit(self, line: int, commit: journal.Commit) -> None:
        if self.stopped:
            return
        seq = commit.seq
        try:
            record = msgspec.convert(commit.command, Record)  # type: ignore[arg-type]
        except msgspec.ValidationError as exc:
            self.find(line, seq, "legality", "JOURNAL-CMD", f"not a Lifeboat command: {exc}", commit.command,
                      _expected_now(self.state))
            return self._skip(line)
        if isinstance(record, DecksRevealed):
            self.reveals += 1
            if self.reveals > 1:
                self.find(line, seq, "commitment", "CHANCE-2", "the deck orders are revealed a second time",
                          "a second decks_revealed record", "one, as the last line")
            elif not self.state.over:
                self.find(line, seq, "commitment", "CHANCE-2", "the deck orders are revealed before the game ended",
                          "decks_revealed while the game goes on", _expected_now(self.state))
            if commit.events:
                self.find(line, seq, "legality", "EVENTS", "a system record has events", commit.events, [])
            return
        if isinstance(record, Correction):
            target = next(((st, n) for s, st, n in self.history if s == record.from_seq), None)
            if target is None:
                self.find(line, seq, "legality", "REC-2", f"cannot withdraw from seq {record.from_seq}: "
                          "not one of the last decisions", commit.command, "a seq among the last decisions")
                return self._skip(line)
            self.state, keep = target
            del self.log[keep:]
            return
        self.history.append((seq, self.state, len(self.log)))
        expected_actor = actor_of(self.state, record)
        if commit.actor != expected_actor:
            self.find(line, seq, "legality", "TURN-1", "the recorded actor is not the seat of the command",
                      f"actor {commit.actor!r}", f"actor {expected_actor!r}")
        committed = None  # the committed draw, when the recorded one differs from it
        if is_chance(record) and self.orders is not None and seq > self.fork_seq:
            want = next_chance(self.state, self.orders)  # None: no draw now, and decide says so below
            if want is not None and msgspec.json.encode(want) != msgspec.json.encode(record):
                committed = want
                self.find(line, seq, "chance", "CHANCE-2", "the draw is not the one the committed deck orders give",
                          record, want)
        try:
            state, events = apply(self.state, record)
        except RuleViolation as exc:
            self.find(line, seq, "legality", exc.rule, f"the rules refuse this command: {exc.message}",
                      record, _expected_now(self.state))
            if committed is None:
                return self._skip(line)
        except LifeboatError as exc:
            self.find(line, seq, "legality", "EVOLVE", str(exc), record, _expected_now(self.state))
            if committed is None:
                return self._skip(line)
        else:
            decided = msgspec.json.decode(msgspec.json.encode(events))  # JSON values, as recorded
            if decided != list(commit.events):
                message, found, expected = _events_diff(list(commit.events), decided)
                self.find(line, seq, "legality", "EVENTS", message, found, expected)
        if committed is not None:  # go on with what the commitment says was drawn
            state, events = apply(self.state, committed)
        self.skipped = 0
        self.state = state
        self.log.extend(events)

    def _skip(self, line: int) -> None:
        self.skipped += 1
        if self.skipped >= MAX_SKIPPED:
            self.stopped = True
            self.report.notes.append(f"rule checks stopped at line {line}: {MAX_SKIPPED} refused commands in a "
                                     "row; the history no longer follows the rules from here")

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
                      f"the line differs from the one {r.seat}'s receipt saw: the journal was rewritten at or "
                      "before this line", f"line hash {digest[:LINE_HEX]}", f"line hash {r.line} (receipt)")
        view = None
        if self.stopped:
            self.report.notes.append(f"receipt {r.token}: the seat's view cannot be recomputed (rule checks stopped)")
        elif not self.state.has(r.seat):
            ok = False
            self.find(line, r.seq, "receipt", "RECEIPT-VIEW", f"the receipt's seat {r.seat!r} is not in the game "
                      "at this line", r.seat, "a character of this game")
        else:
            view = seat_view_of(self.state, self.log, r.seat)
            got = hashlib.sha256(msgspec.json.encode(view)).hexdigest()[:VIEW_HEX]
            if got != r.view:
                ok = False
                why = ("the journal is unchanged up to here, so the view was computed differently (another "
                       "engine version, or the receipt was not made by 'lifeboat receipt')") if digest.startswith(
                    r.line) else "the journal was rewritten"
                # the recomputed hash is not shown: it is a digest of that seat's secrets
                self.find(line, r.seq, "receipt", "RECEIPT-VIEW", f"{r.seat}'s view differs from the receipt: {why}",
                          "another view hash", f"view hash {r.view} (receipt)")
        # the seat's view is shown only for a receipt that matches: a token is a claim to be that seat, and a
        # forged one (the game id is public) must not open anybody's hand
        self.report.receipts.append(ReceiptResult(token=r.token, seq=r.seq, seat=r.seat, ok=ok,
                                                  view=msgspec.to_builtins(view) if view is not None and ok else None))


def audit(path: Path, *, parent: Path | None = None, receipts: Sequence[Receipt] = ()) -> Report:
    """Audit the journal at ``path``; see the module docstring. ``receipts`` must be this game's (see
    :func:`route_receipts`). Never raises for a bad file: an unreadable one gives ``readable=False``."""
    report = Report(path=str(path))
    try:
        _audit(path, report, parent, receipts)
    except Unreadable as exc:
        report.readable, report.error = False, str(exc)
    report.findings.sort(key=lambda f: 0 if f.line is None else f.line)  # stable: by line, then as found
    return report


def _audit(path: Path, report: Report, parent: Path | None, receipts: Sequence[Receipt]) -> None:
    # pass 1: structure, and the revealed orders (they come last but every draw needs them)
    scan = Scan(path, report.findings)
    reveal = None
    for line, commit, _ in scan.commits():
        cmd = commit.command
        if reveal is None and isinstance(cmd, dict) and cmd.get("type") == "decks_revealed":
            reveal = (line, commit.seq, cmd)
        report.last_seq = commit.seq
    header = scan.header
    assert header is not None
    report.game_id, report.lines = header.game_id, scan.lines
    report.parent = None if header.parent is None else f"{header.parent.game_id}@{header.parent.seq}"
    if header.ruleset != RULESET_NAME:
        raise Unreadable(f"{path}: not a Lifeboat game (ruleset {header.ruleset!r})")
    try:
        initial_state(header, str(path))
    except journal.JournalError as exc:
        raise Unreadable(str(exc)) from None
    except ReplayError as exc:
        report.findings.append(Finding(line=1, check="header", rule=exc.rule, message=exc.message))
        return
    orders = _orders(path, header, reveal, report)
    if header.parent is not None and orders is not None:
        report.notes.append(f"draws up to seq {header.parent.seq} are inherited from the parent game "
                            f"{header.parent.game_id}: audit the parent, and this fork with --parent")

    # pass 2: the rules, chance, receipts
    mine = [r for r in receipts if r.game_id == header.game_id]
    for r in receipts:
        if r.game_id != header.game_id:
            report.findings.append(Finding(line=1, check="receipt", rule="RECEIPT-GAME",
                                           message="the receipt is for another game", found=f"game {header.game_id}",
                                           expected=f"game {r.game_id} (receipt {r.token})"))
    rp = _Replay(report, header, orders, mine)
    for r in mine:
        if r.seq == 0:
            rp.receipt(1, 0, scan.header_hash)
    for line, commit, digest in Scan(path, None).commits():
        rp.commit(line, commit)
        rp.receipt(line, commit.seq, digest)
    for r in rp.receipts.values():
        report.receipts.append(ReceiptResult(token=r.token, seq=r.seq, seat=r.seat, ok=False))
        report.findings.append(Finding(
            line=scan.lines + 1, seq=r.seq, check="receipt", rule="RECEIPT-MISSING",
            message=f"the journal ends before the receipt's line {r.seq + 1}: lines were cut off the end",
            found=f"the end of the file after seq {report.last_seq}", expected=f"seq {r.seq} (receipt {r.token})"))

    state = rp.state
    report.over = state.over and not rp.stopped
    if state.over and header.deck_commitment is not None and reveal is None and not scan.stopped:
        report.findings.append(Finding(
            line=scan.lines + 1, check="commitment", rule="CHANCE-2",
            message="the game is over but its deck orders were never revealed (or the last lines were cut)",
            found="the end of the file", expected="a decks_revealed record"))
    if state.over and not rp.stopped:
        report.scores = [msgspec.to_builtins(s) for s in scores(state)]
        report.winners = list(winners(state))
    elif rp.stopped:
        report.notes.append("no scores: the rule checks stopped before the end")
    else:
        report.notes.append("the game is not over")

    # 5. the fork's prefix against its parent
    if parent is not None:
        check_fork(path, header, parent, report)
    elif header.parent is not None:
        report.notes.append(f"a fork of game {header.parent.game_id} at seq {header.parent.seq}: pass --parent "
                            "PARENT.jsonl to check what it inherited")


# ---- 5. forks ---------------------------------------------------------------------------------------------------


def check_fork(path: Path, header: journal.Header, parent_path: Path, report: Report) -> None:
    """Check that the journal at ``path`` (its ``header``) is a faithful fork of ``parent_path``."""
    ref = header.parent

    def find(line: int | None, rule: str, message: str, found: str | None = None, expected: str | None = None,
             seq: int | None = None) -> None:
        report.findings.append(Finding(line=line, seq=seq, check="fork", rule=rule, message=message, found=found,
                                       expected=expected))

    if ref is None:
        return find(1, "FORK-PARENT", "this journal is not a fork: its header names no parent",
                    "parent null", f"a parent naming {parent_path}")
    parent_findings: list[Finding] = []
    pscan = Scan(parent_path, parent_findings)
    try:
        parent_commits = {c.seq: (c, d) for _, c, d in pscan.commits() if c.seq <= ref.seq}
    except Unreadable as exc:
        return find(1, "FORK-PARENT", f"the parent cannot be read: {exc}")
    assert pscan.header is not None
    if pscan.header.game_id != ref.game_id:
        return find(1, "FORK-PARENT", f"{parent_path} is another game, not this fork's parent",
                    f"game {pscan.header.game_id}", f"game {ref.game_id}")
    for f in parent_findings:
        if f.line is not None and f.line <= ref.line:
            find(1, "FORK-PARENT", f"the parent {parent_path}:{f.line} has a structure problem: {f.message}",
                 f.found, f.expected)
    if ref.seq == 0:
        parent_hash: str | None = pscan.header_hash
    else:
        parent_hash = parent_commits[ref.seq][1] if ref.seq in parent_commits else None
    if parent_hash is None:
        find(1, "FORK-SHORT", f"the parent ends before its line {ref.line}, which this fork was made from",
             "the end of the parent", f"parent seq {ref.seq}")
    elif parent_hash != ref.hash:
        find(1, "FORK-HASH", f"the parent's line {ref.line} is not the one this fork was made from: the parent was "
             "rewritten since (or it is another copy)", f"parent line hash {parent_hash}",
             f"hash {ref.hash} (this fork's header)")
    for line, commit, _ in Scan(path, None).commits():
        if commit.seq > ref.seq:
            break
        theirs = parent_commits.get(commit.seq)
        if theirs is None:
            continue
        keys = ("at_ms", "actor", "command", "events")
        mine = [getattr(commit, k) for k in keys]
        other = [getattr(theirs[0], k) for k in keys]
        if msgspec.json.encode(mine) != msgspec.json.encode(other):
            field = next(k for k, a, b in zip(keys, mine, other) if a != b)
            found, expected = _show(getattr(commit, field)), _show(getattr(theirs[0], field))
            if field == "events":
                _, found, expected = _events_diff(list(commit.events), list(theirs[0].events))
            find(line, "FORK-PREFIX", f"this inherited commit differs from the parent's ({field})", found,
                 f"{expected} (the parent's)", seq=commit.seq)


# ---- many files ---------------------------------------------------------------------------------------------


def audit_many(paths: Sequence[Path], *, parent: Path | None = None, receipts: Sequence[Receipt] = (),
               progress: Any = None) -> tuple[list[Report], list[Receipt]]:
    """Audit every file; returns the reports and the receipts that name none of the audited games.

    Each receipt goes to the file of its game (with one file, every receipt goes to it: one for another game is a
    finding there). A fork whose parent game is among ``paths`` is checked against it even without ``parent``.
    ``progress(path)`` is called after each file."""
    ids: dict[str, Path] = {}
    for p in paths:
        try:
            ids.setdefault(read_header(p).game_id, p)
        except Unreadable:
            pass
    reports = []
    matched: set[str] = set()
    for p in paths:
        if len(paths) == 1:
            mine = list(receipts)
        else:
            gid = next((g for g, q in ids.items() if q == p), None)
            mine = [r for r in receipts if r.game_id == gid]
        matched.update(r.token for r in mine)
        his_parent = parent
        if his_parent is None:
            try:
                ref = read_header(p).parent
            except Unreadable:
                ref = None
            if ref is not None and ref.game_id in ids:
                his_parent = ids[ref.game_id]
        reports.append(audit(p, parent=his_parent, receipts=mine))
        if progress is not None:
            progress(p)
    return reports, [r for r in receipts if r.token not in matched]


__all__ = ["Finding", "ReceiptResult", "Report", "Scan", "Unreadable", "audit", "audit_many", "check_fork",
           "read_header"]
