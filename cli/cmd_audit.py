"""``lifeboat audit``: check journals and report every finding (logic in :mod:`lifeboat.service.auditing.run`, guide in
docs/disputes.md).

Exit codes: 0 every file is clean; 5 findings; 4 a file cannot be read at all (it wins over 5); 2 usage (a bad
``--receipt``, ``--parent``).
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import FINDINGS, JOURNAL, OK, USAGE, fail


def exit_code(reports, unmatched) -> int:  # type: ignore[no-untyped-def]
    if any(not r.readable for r in reports):
        return JOURNAL
    if unmatched or any(r.findings for r in reports):
        return FINDINGS
    return OK


def run(games: list[Path], json_: bool, parent: Path | None, receipt_values: list[str]) -> None:
    import typer

    from lifeboat.service import BadRequest, audit_many, read_receipts
    from lifeboat.service.errors import not_a_file

    if not games:
        raise fail("give at least one journal file", USAGE)
    if parent is not None and (why := not_a_file(parent)) is not None:  # a directory, a pipe, a loop...: by name
        raise fail(f"--parent {parent}: {why} (expected the parent game's journal file, the .jsonl it was forked "
                   "from)", USAGE)
    try:
        receipts = read_receipts(receipt_values)
    except BadRequest as exc:
        raise fail(exc.message, USAGE) from None

    if len(games) > 1:
        from rich.progress import Progress

        from cli.common import console

        with Progress(console=console(stderr=True), transient=True) as bar:
            task = bar.add_task("Auditing", total=len(games))
            reports, unmatched = audit_many(games, parent=parent, receipts=receipts,
                                            progress=lambda _p: bar.advance(task))
    else:
        reports, unmatched = audit_many(games, parent=parent, receipts=receipts)
    code = exit_code(reports, unmatched)
    if json_:
        _print_json(reports, unmatched, code)
    else:
        _print_rich(reports, unmatched, code)
    raise typer.Exit(code)


def _print_json(reports, unmatched, code: int) -> None:  # type: ignore[no-untyped-def]
    import msgspec

    from cli.terminal import json_text

    doc = {
        "exit_code": code,
        "clean": code == OK,
        "findings": sum(len(r.findings) for r in reports),
        "files": [msgspec.to_builtins(r) for r in reports],
        "unmatched_receipts": [r.token for r in unmatched],
    }
    print(json_text(doc))


def _print_rich(reports, unmatched, code: int) -> None:  # type: ignore[no-untyped-def]
    from rich.text import Text

    from cli.common import console

    out = console()
    detailed = len(reports) == 1
    for r in reports:
        if not r.readable:
            out.print(Text(f"{r.path}: cannot be audited: {r.error}", style="bold red"))
            continue
        if not detailed and r.clean:
            continue
        title = f"{r.path} — game {r.game_id}" + (f", a fork of {r.parent}" if r.parent else "")
        verdict = "clean" if r.clean else f"{len(r.findings)} finding(s)"
        out.print(Text(f"{title}: {verdict}", style="bold green" if r.clean else "bold red"))
        for f in r.findings:
            where = "-" if f.line is None else str(f.line)
            head = Text(f"  line {where:>5}  ")
            head.append(f"{f.check} [{f.rule}]", style="bold")
            head.append(f"  {f.message}")
            out.print(head, soft_wrap=True)
            if f.found is not None:
                out.print(Text(f"      the journal says: {f.found}"), soft_wrap=True)
            if f.expected is not None:
                out.print(Text(f"      it should say:    {f.expected}"), soft_wrap=True)
        out.print(Text(f"{r.lines} lines, last seq {r.last_seq}; chance: {r.chance}"))
        for note in r.notes:
            out.print(Text(f"note: {note}"))
        for rc in r.receipts:
            _print_receipt(out, rc)
        if detailed and r.scores is not None:
            _print_scores(out, r)
    for rc in unmatched:
        out.print(Text(f"receipt {rc.token}: its game {rc.game_id} is not among the audited files", style="red"))
    if not detailed:
        from cli.render import Fitted

        out.print(Fitted(_summary_table(reports), lambda: _summary_lines(reports)))
        bad = sum(1 for r in reports if not r.clean)
        out.print(Text(f"{len(reports)} file(s): {len(reports) - bad} clean, {bad} with findings or unreadable."))


def _summary_table(reports):  # type: ignore[no-untyped-def]
    """The summary of many files, one row each: file, game, commits, over, findings, winner(s)."""
    from rich.table import Table
    from rich.text import Text

    t = Table(title="Audit summary")
    for col in ("file", "game", "commits", "over", "findings", "winner(s)"):
        t.add_column(col, overflow="fold")  # a file name is never cut to "docs/examples/ep…"
    for r in reports:
        if not r.readable:
            t.add_row(Text(r.path), "-", "-", "-", Text("unreadable", style="red"), "")
            continue
        t.add_row(Text(r.path), Text(r.game_id or ""), str(r.last_seq), "yes" if r.over else "no",
                  Text(str(len(r.findings)), style="green" if r.clean else "red"), Text(", ".join(r.winners or [])))
    return t


def _summary_lines(reports):  # type: ignore[no-untyped-def]
    """The summary where the table's file names would not fit whole (an 80-column terminal): each file name on a
    line of its own (never folded: a name can be copied as it is), what the table says of it on the next."""
    from rich.console import Group
    from rich.text import Text

    lines = [Text("Audit summary", style="italic")]
    for r in reports:
        lines.append(Text(r.path))
        if not r.readable:
            lines.append(Text("  unreadable", style="red"))
            continue
        line = Text(f"  game {r.game_id or ''} · {r.last_seq} commits · over: {'yes' if r.over else 'no'} · findings: ")
        line.append(str(len(r.findings)), style="green" if r.clean else "red")
        if r.winners:
            line.append(" · winner(s): " + ", ".join(r.winners))
        lines.append(line)
    return Group(*lines)


def _print_receipt(out, rc) -> None:  # type: ignore[no-untyped-def]
    from rich.text import Text

    from cli.describe import card, who
    from lifeboat.cards import card_set

    status = "matches the journal" if rc.ok else "does NOT match the journal"
    out.print(Text(f"receipt of {who(rc.seat)} at seq {rc.seq}: {status}", style="green" if rc.ok else "red"))
    view = rc.view
    if isinstance(view, dict):
        cards = card_set((view.get("ruleset") or {}).get("card_data"))  # CARD-3: registered by the audit's replay
        hand = ", ".join(card(x, cards) for x in view.get("hand", ())) or "empty"
        out.print(Text(f"  what {who(rc.seat)} ({view.get('player')}) knew then: hand {hand}; "
                       f"LOVE {who(view.get('love', ''))}; HATE {who(view.get('hate', ''))}"))
        memory = [m.get("text") for m in view.get("memory", ()) if isinstance(m, dict) and m.get("text")]
        if len(memory) > 6:
            out.print(Text(f"  ({len(memory) - 6} earlier things it saw; --json lists them all)"))
        for text in memory[-6:]:
            out.print(Text(f"  saw: {text}"))


def _print_scores(out, r) -> None:  # type: ignore[no-untyped-def]
    import msgspec
    from rich.text import Text

    from cli.render import scores_table, winners_line
    from lifeboat.service.game.score import Score

    scores = [msgspec.convert(s, Score) for s in r.scores]
    out.print(scores_table(scores, r.winners or [], title="Scores recomputed from the final state"))
    out.print(Text(winners_line(r.winners or [])))  # as replay and score say it (SCORE-3)
