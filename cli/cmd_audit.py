"""``lifeboat audit``: check journals and report every finding (logic in :mod:`lifeboat.service.auditing.run`, guide in
docs/disputes.md).

Exit codes: 0 every file is clean; 5 findings; 4 a file cannot be read at all (it wins over 5); 2 usage (a bad
``--receipt``, ``--parent``).
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import FINDINGS, JOURNAL, OK, USAGE, fail
from lifeboat.i18n import NP_, _, pgettext

CHECK_WORDS = (NP_("audit check", "structure"), NP_("audit check", "header"), NP_("audit check", "legality"),
               NP_("audit check", "chance"), NP_("audit check", "commitment"), NP_("audit check", "fork"),
               NP_("audit check", "receipt"), NP_("audit check", "note"), NP_("audit check", "time"))
"""The checks a finding names (``Finding.check``: the --json key stays English), for the catalogs."""


def exit_code(reports, unmatched) -> int:
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
        raise fail(_("give at least one journal file"), USAGE)
    if parent is not None and (why := not_a_file(parent)) is not None:  # a directory, a pipe, a loop...: by name
        raise fail(_("--parent {parent}: {why} (expected the parent game's journal file, the .jsonl it was forked "
                     "from)").format(parent=parent, why=why), USAGE)
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


def _print_json(reports, unmatched, code: int) -> None:
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


def _print_rich(reports, unmatched, code: int) -> None:
    from rich.text import Text

    from cli.common import console

    out = console()
    detailed = len(reports) == 1
    for r in reports:
        if not r.readable:
            out.print(Text(_("{path}: cannot be audited: {error}").format(path=r.path, error=r.error), style="bold red"))
            continue
        if not detailed and r.clean:
            continue
        verdict = _("clean") if r.clean else _("{n} finding(s)").format(n=len(r.findings))
        title = (_("{path} — game {game}, a fork of {parent}: {verdict}") if r.parent
                 else _("{path} — game {game}: {verdict}")).format(path=r.path, game=r.game_id, parent=r.parent,
                                                                   verdict=verdict)
        out.print(Text(title, style="bold green" if r.clean else "bold red"))
        for f in r.findings:
            where = "-" if f.line is None else str(f.line)
            head = Text("  " + _line_label(where) + "  ")
            head.append(f"{pgettext('audit check', f.check)} [{f.rule}]", style="bold")
            head.append(f"  {f.message}")
            out.print(head, soft_wrap=True)
            if f.found is not None:
                out.print(Text("      " + _("the journal says: {found}").format(found=f.found)), soft_wrap=True)
            if f.expected is not None:
                out.print(Text("      " + _("it should say:    {expected}").format(expected=f.expected)),
                          soft_wrap=True)
        out.print(Text(_("{lines} lines, last seq {seq}; chance: {chance}").format(
            lines=r.lines, seq=r.last_seq, chance=r.chance)))
        for note in r.notes:
            out.print(Text(_("note: {note}").format(note=note)))
        for rc in r.receipts:
            _print_receipt(out, rc)
        if detailed and r.scores is not None:
            _print_scores(out, r)
    for rc in unmatched:
        out.print(Text(_("receipt {token}: its game {game} is not among the audited files").format(
            token=rc.token, game=rc.game_id), style="red"))
    if not detailed:
        from cli.render import Fitted

        out.print(Fitted(_summary_table(reports), lambda: _summary_lines(reports)))
        bad = sum(1 for r in reports if not r.clean)
        out.print(Text(_("{files} file(s): {clean} clean, {bad} with findings or unreadable.").format(
            files=len(reports), clean=len(reports) - bad, bad=bad)))


def _summary_table(reports):
    """The summary of many files, one row each: file, game, commits, over, findings, winner(s)."""
    from rich.table import Table
    from rich.text import Text

    t = Table(title=_("Audit summary"))
    for col in (_("file"), _("game"), _("commits"), _("over"), _("findings"), _("winner(s)")):
        t.add_column(col, overflow="fold")  # a file name is never cut to "docs/examples/ep…"
    for r in reports:
        if not r.readable:
            t.add_row(Text(r.path), "-", "-", "-", Text(_("unreadable"), style="red"), "")
            continue
        t.add_row(Text(r.path), Text(r.game_id or ""), str(r.last_seq), _("yes") if r.over else _("no"),
                  Text(str(len(r.findings)), style="green" if r.clean else "red"), Text(_winners(r)))
    return t


def _winners(r) -> str:
    """The winner(s) of a report, or "provisional" (SCORE-4: scores but no winner yet)."""
    return _(", ").join(r.winners) if r.winners else (_("provisional") if r.scores is not None else "")


def _summary_lines(reports):
    """The summary where the table's file names would not fit whole (an 80-column terminal): each file name on a
    line of its own (never folded: a name can be copied as it is), what the table says of it on the next."""
    from rich.console import Group
    from rich.text import Text

    lines = [Text(_("Audit summary"), style="italic")]
    for r in reports:
        lines.append(Text(r.path))
        if not r.readable:
            lines.append(Text("  " + _("unreadable"), style="red"))
            continue
        line = Text("  " + _("game {game} · {commits} commits · over: {over} · findings: ").format(
            game=r.game_id or "", commits=r.last_seq, over=_("yes") if r.over else _("no")))
        line.append(str(len(r.findings)), style="green" if r.clean else "red")
        if r.scores is not None:
            line.append(_(" · winner(s): {players}").format(players=_winners(r)))
        lines.append(line)
    return Group(*lines)


def _print_receipt(out, rc) -> None:
    from rich.text import Text

    from cli.describe import card
    from lifeboat.cards import card_set
    from lifeboat.views.words import name as who

    status = (_("receipt of {who} at seq {seq}: matches the journal") if rc.ok
              else _("receipt of {who} at seq {seq}: does NOT match the journal"))
    out.print(Text(status.format(who=who(rc.seat), seq=rc.seq), style="green" if rc.ok else "red"))
    view = rc.view
    if isinstance(view, dict):
        cards = card_set((view.get("ruleset") or {}).get("card_data"))  # CARD-3: registered by the audit's replay
        hand = _(", ").join(card(x, cards) for x in view.get("hand", ())) or _("empty")
        out.print(Text("  " + _("what {who} ({player}) knew then: hand {hand}; LOVE {love}; HATE {hate}").format(
            who=who(rc.seat), player=view.get("player"), hand=hand, love=who(view.get("love", "")),
            hate=who(view.get("hate", "")))))
        memory = [m.get("text") for m in view.get("memory", ()) if isinstance(m, dict) and m.get("text")]
        if len(memory) > 6:
            out.print(Text("  " + _("({n} earlier things it saw; --json lists them all)").format(n=len(memory) - 6)))
        for text in memory[-6:]:
            out.print(Text("  " + _("saw: {text}").format(text=text)))


def _print_scores(out, r) -> None:
    import msgspec
    from rich.text import Text

    from cli.render import scores_table, winners_under_table
    from lifeboat.service.game.score import Score

    scores = [msgspec.convert(s, Score) for s in r.scores]
    out.print(scores_table(scores, r.winners or [], title=_("Scores recomputed from the final state")))
    if r.winners:  # SCORE-4: none while the scores are provisional (a note says what is still to be shown)
        out.print(Text(winners_under_table(r.winners)))  # as replay and score say it (SCORE-3)


def _line_label(where: str) -> str:
    """"line     5" (the numbers right-aligned), or "第5行" padded after it to one width (第    5行 read oddly)."""
    from rich.cells import cell_len

    from lifeboat.i18n import language

    if language() == "en":
        return _("line {line}").format(line=f"{where:>5}")
    label = _("line {line}").format(line=where)
    return label + " " * max(0, 9 - cell_len(label))
