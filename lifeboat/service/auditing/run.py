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

The steps live in :mod:`lifeboat.service.auditing.scan` (1), :mod:`lifeboat.service.auditing.rules` (2-3, 6), this module (4, 5);
the findings are data (:mod:`lifeboat.service.auditing.findings`). Receipts (the token, the view digest): :mod:`lifeboat.service.auditing.receipts`.
"""


from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

import journal
from lifeboat.service.game.score import score_sheet, to_show_lines
from lifeboat.service.auditing.rules import RuleCheck, events_diff, orders_to_check
from lifeboat.service.auditing.scan import Scan, read_header
from lifeboat.service.auditing.times import TimeCheck
from lifeboat.service.errors import ReplayError, Unreadable
from lifeboat.service.journal_words import journal_error_text
from lifeboat.service.auditing.findings import Finding, ReceiptResult, Report, show
from lifeboat.service.game.headers import RULESET_NAME, card_data_note, initial_state
from lifeboat.service.game.files import deck_file_note
from lifeboat.service.auditing.receipts import Receipt
from lifeboat.i18n import N_, _


SEEDED_NOTE = (N_("a seeded game (--seed): its deck orders follow from the seed, so whoever knows or guesses the "
                 "seed can predict every card; fine for tests and teaching, not for a game with stakes"))


def unclean_note(path: Path, kinds: Sequence[str]) -> str:
    """What to do with a file whose lines an editor or a transfer wrapped in a byte-order mark or CR LF endings
    (``kinds``): the audit read the lines without those bytes."""
    options: dict[tuple[str, ...], str] = {("bom",): _("the byte-order mark"), ("crlf",): _("the CR LF line endings")}
    what = options.get(
        tuple(kinds), _("the byte-order mark and the CR LF line endings"))
    return _("the lines were audited without {what} (the hashes are over the lines without them); run {command} to "
             "write a clean copy beside the file (the file is kept), audit the copy, then put it in the file's "
             "place").format(what=what, command=f"lifeboat repair {path}")


def audit(path: Path, *, parent: Path | None = None, receipts: Sequence[Receipt] = ()) -> Report:
    """Audit the journal at ``path``; see the module docstring. ``receipts`` must be this game's (see
    :func:`route_receipts`). Never raises for a bad file: an unreadable one gives ``readable=False``."""
    report = Report(path=str(path))
    try:
        _audit(path, report, parent, receipts)
    except Unreadable as exc:  # the dealer's deck file given for its journal: say so, show none of it
        report.readable, report.error = False, deck_file_note(path) or str(exc)
    report.findings.sort(key=lambda f: 0 if f.line is None else f.line)  # stable: by line, then as found
    return report


def _audit(path: Path, report: Report, parent: Path | None, receipts: Sequence[Receipt]) -> None:
    # pass 1: structure, and the revealed orders (they come last but every draw needs them)
    scan = Scan(path, report.findings)
    reveal = None
    times = TimeCheck()
    for line, commit, _data in scan.commits():
        assert scan.header is not None
        times.see(scan.header, line, commit)
        cmd = commit.command
        if reveal is None and isinstance(cmd, dict) and cmd.get("type") == "decks_revealed":
            reveal = (line, commit.seq, cmd)
        report.last_seq = commit.seq
    header = scan.header
    assert header is not None
    report.game_id, report.lines = header.game_id, scan.lines
    report.parent = None if header.parent is None else f"{header.parent.game_id}@{header.parent.seq}"
    if header.ruleset != RULESET_NAME:
        raise Unreadable(_("{path}: not a Lifeboat game (ruleset {ruleset!r})").format(path=path, ruleset=header.ruleset))
    try:
        initial_state(header, str(path))
    except journal.JournalError as exc:
        raise Unreadable(journal_error_text(exc)) from None
    except ReplayError as exc:
        report.findings.append(Finding(line=1, check="header", rule=exc.rule, message=exc.message))
        return
    if scan.unclean:
        report.notes.append(unclean_note(path, scan.unclean))
    if header.meta.get("seeded"):
        report.notes.append(_(SEEDED_NOTE))
    if (note := card_data_note(header)) is not None:
        report.notes.append(note)
    report.notes.extend(times.notes(header))
    orders = orders_to_check(path, header, reveal, report)
    if header.parent is not None and orders is not None:
        if parent is None or deck_file_note(parent):
            text = _("draws up to seq {seq} are inherited from the parent game {game}: audit the parent, and this "
                     "fork with --parent")
        else:
            text = _("draws up to seq {seq} are inherited from the parent game {game}: --parent checks they are its "
                     "commits; audit {parent} itself for its draws")
        report.notes.append(text.format(seq=header.parent.seq, game=header.parent.game_id, parent=parent))

    # pass 2: the rules, chance, receipts
    mine = [r for r in receipts if r.game_id == header.game_id]
    for r in receipts:
        if r.game_id != header.game_id:
            report.findings.append(Finding(line=1, check="receipt", rule="RECEIPT-GAME",
                                           message=_("the receipt is for another game"), found=_("game {game_id}").format(game_id=header.game_id),
                                           expected=f"game {r.game_id} (receipt {r.token})"))
    rp = RuleCheck(report, header, orders, mine)
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
            message=_("the journal ends before the receipt's line {seq}: lines were cut off the end").format(seq=r.seq + 1),
            found=_("the end of the file after seq {last_seq}").format(last_seq=report.last_seq), expected=_("seq {seq} (receipt {token})").format(seq=r.seq, token=r.token)))

    _verdict(report, rp, scan, header, reveal is not None, orders is not None)

    # 5. the fork's prefix against its parent
    if parent is not None:
        check_fork(path, header, parent, report)
    elif header.parent is not None and orders is None:  # else the draws' note above said it
        report.notes.append(_("a fork of game {game_id} at seq {seq}: pass --parent PARENT.jsonl to check what it inherited").format(game_id=header.parent.game_id, seq=header.parent.seq))


def _verdict(report: Report, rp: RuleCheck, scan: Scan, header: journal.Header, revealed: bool,
             orders: bool) -> None:
    """Where the game ended (scores, or why none), said of the lines that were read: a structure problem that
    stopped the reading is not the end of the game (CHANCE-2 for an over game whose orders were never revealed)."""
    state = rp.state
    report.over = state.over and not rp.stopped
    if scan.stopped:
        if not orders and not revealed:
            report.chance = (_("draws not checked: the lines read (to line {lines}) reveal no deck orders and there is no deck "
                               "file").format(lines=scan.lines))
        report.notes.append((_("reading stopped at line {line}: the lines after it are not checked; fix that line "
                               "(see the finding), then audit again") if state.over else
                             _("reading stopped at line {line}: the lines after it are not checked, nor whether the "
                               "game is over; fix that line (see the finding), then audit again")).format(
            line=scan.lines))
        if not report.over:
            return
    elif state.over and header.deck_commitment is not None and not revealed:
        report.findings.append(Finding(
            line=scan.lines + 1, check="commitment", rule="CHANCE-2",
            message=_("the game is over but its deck orders were never revealed (or the last lines were cut)"),
            found=_("the end of the file"), expected=_("a decks_revealed record")))
    if state.over and not rp.stopped:
        sheet = score_sheet(state)
        report.scores = [msgspec.to_builtins(s) for s in sheet.scores]
        report.winners = list(sheet.winners)
        if sheet.provisional:  # SCORE-4: no winner while cards that could change a score are unnamed
            report.notes.append(_("provisional scores, no winner yet: still to be shown and named: {cards}").format(
                cards=_("; ").join(to_show_lines(sheet.to_show))))
    elif rp.stopped:
        report.notes.append(_("no scores: the rule checks stopped before the end"))
    else:
        report.notes.append(_("the game is not over"))


# ---- 5. forks ---------------------------------------------------------------------------------------------------


def check_fork(path: Path, header: journal.Header, parent_path: Path, report: Report) -> None:
    """Check that the journal at ``path`` (its ``header``) is a faithful fork of ``parent_path``."""
    ref = header.parent

    def find(line: int | None, rule: str, message: str, found: str | None = None, expected: str | None = None,
             seq: int | None = None) -> None:
        report.findings.append(Finding(line=line, seq=seq, check="fork", rule=rule, message=message, found=found,
                                       expected=expected))

    if ref is None:
        return find(1, "FORK-PARENT", _("this journal is not a fork: its header names no parent"),
                    _("parent null"), _("a parent in its header (a journal made by lifeboat fork); audit this one without --parent"))
    if (note := deck_file_note(parent_path, "give --parent")) is not None:  # none of it is shown (CHANCE-2)
        return find(1, "FORK-PARENT", _("the parent is not a journal: {note}").format(note=note), _("a dealer's deck file (the --parent file)"), _("the journal of game {game_id}").format(game_id=ref.game_id))
    parent_findings: list[Finding] = []
    pscan = Scan(parent_path, parent_findings)
    try:
        parent_commits = {c.seq: (c, d) for _line, c, d in pscan.commits() if c.seq <= ref.seq}
    except Unreadable as exc:
        return find(1, "FORK-PARENT", _("the parent cannot be read: {exc}").format(exc=exc))
    assert pscan.header is not None
    if pscan.header.game_id != ref.game_id:
        return find(1, "FORK-PARENT", _("{parent_path} is another game, not this fork's parent; give --parent the file of game {game_id}").format(parent_path=parent_path, game_id=ref.game_id), _("game {game_id} (the --parent file)").format(game_id=pscan.header.game_id),
                    _("game {game_id} (the parent this fork's header names)").format(game_id=ref.game_id))
    for f in parent_findings:
        if f.line is not None and f.line <= ref.line:
            find(1, "FORK-PARENT", _("the parent {parent_path}:{line} has a structure problem: {message}").format(parent_path=parent_path, line=f.line, message=f.message),
                 f.found, f.expected)
    if ref.seq == 0:
        parent_hash: str | None = pscan.header_hash
    else:
        parent_hash = parent_commits[ref.seq][1] if ref.seq in parent_commits else None
    if parent_hash is None:
        find(1, "FORK-SHORT", _("the parent ends before its line {line}, which this fork was made from").format(line=ref.line),
             _("seq {parent_commits}, its last (the --parent file)").format(parent_commits=max(parent_commits, default=0)),
             _("seq {seq} (the parent line this fork's header names)").format(seq=ref.seq))
    elif parent_hash != ref.hash:
        find(1, "FORK-HASH", _("the parent's line {line} is not the one this fork was made from: the parent was rewritten "
                               "since (or it is another copy)").format(line=ref.line), _("hash {parent_hash} (the --parent file's line {line})").format(parent_hash=parent_hash, line=ref.line),
             _("hash {hash} (this fork's header)").format(hash=ref.hash))
    for line, commit, _data in Scan(path, None).commits():
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
            found, expected = show(getattr(commit, field)), show(getattr(theirs[0], field))
            if field == "events":
                _message, found, expected = events_diff(list(commit.events), list(theirs[0].events))
            find(line, "FORK-PREFIX", _("this inherited commit differs from the parent's ({field})").format(field=field), found,
                 _("{expected} (the parent's)").format(expected=expected), seq=commit.seq)


# ---- many files ---------------------------------------------------------------------------------------------


def audit_many(paths: Sequence[Path], *, parent: Path | None = None, receipts: Sequence[Receipt] = (),
               progress: Any = None) -> tuple[list[Report], list[Receipt]]:
    """Audit every file; returns the reports and the receipts that name none of the audited games.

    Each receipt goes to the file of its game (with one file, every receipt goes to it: one for another game is a
    finding there). When several files share the receipt's game id (a copy, a backup, forks from before fork ids
    were unique), it goes to the ones whose line at the receipt's seq is the one it names, or, if none is, to all
    of them; each of those files gets a note naming the others. A fork whose parent game is among ``paths`` is
    checked against it even without ``parent``. ``progress(path)`` is called after each file."""
    ids: dict[str, list[Path]] = {}
    for p in paths:
        try:
            ids.setdefault(read_header(p).game_id, []).append(p)
        except Unreadable:
            pass
    routed = _route_receipts(paths, ids, receipts)
    reports = []
    for p in paths:
        mine = routed.get(p, [])
        his_parent = parent
        if his_parent is None:
            try:
                ref = read_header(p).parent
            except Unreadable:
                ref = None
            if ref is not None and ref.game_id in ids:
                his_parent = ids[ref.game_id][0]
        report = audit(p, parent=his_parent, receipts=mine)
        twins = next((g for g in ids.values() if p in g and len(g) > 1), [])
        if twins:
            others = ", ".join(str(q) for q in twins if q != p)
            report.notes.append(_("{n} of the files audited share the game id {game_id} (this one and {others}): a receipt for "
                                  "that id is checked against the file(s) holding the line it names, or against each of them when "
                                  "none does").format(n=len(twins), game_id=report.game_id, others=others))
        reports.append(report)
        if progress is not None:
            progress(p)
    matched = {r.token for rs in routed.values() for r in rs}
    return reports, [r for r in receipts if r.token not in matched]


def _route_receipts(paths: Sequence[Path], ids: dict[str, list[Path]],
                    receipts: Sequence[Receipt]) -> dict[Path, list[Receipt]]:
    """Which receipts each file is audited with (see :func:`audit_many`)."""
    routed: dict[Path, list[Receipt]] = {}
    for r in receipts:
        if len(paths) == 1:
            group = list(paths)
        else:
            group = ids.get(r.game_id, [])
            if len(group) > 1:
                group = [p for p in group if _line_hash(p, r.seq).startswith(r.line)] or group
        for p in group:
            routed.setdefault(p, []).append(r)
    return routed


def _line_hash(path: Path, seq: int) -> str:
    """The real hash of commit ``seq`` of ``path`` (0: the header), or ``""`` when it cannot be read."""
    try:
        scan = Scan(path, None)
        for _, commit, digest in scan.commits():
            if seq == 0:
                return scan.header_hash
            if commit.seq == seq:
                return digest
        return scan.header_hash if seq == 0 and scan.header is not None else ""
    except Unreadable:
        return ""


__all__ = ["Finding", "ReceiptResult", "Report", "Scan", "Unreadable", "audit", "audit_many", "check_fork",
           "read_header"]
