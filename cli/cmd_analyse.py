"""``lifeboat analyse``: judge every decision of a seat from what it knew then (ANALYSIS-1..6;
:func:`lifeboat.service.analysis.run.analyse`), keep the result beside the game and print the marked decisions.

Progress goes to stderr (rich), so ``--json`` on stdout stays one JSON value.
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors
from lifeboat.i18n import _, ngettext


def _marks(name: str) -> str:
    return {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}.get(name, name)


def run(game: Path, who: str, worlds: int, seed: int | None, json_: bool) -> None:
    import msgspec
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
    from rich.table import Table
    from rich.text import Text

    from cli.common import console
    from cli.describe import who as name_of
    from cli.terminal import json_text
    from lifeboat.service.analysis.run import analyse
    from lifeboat.service.analysis.sidecar import save

    screen = console()
    with user_errors():
        bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                       console=console(stderr=True), transient=True)
        task: list[TaskID] = []  # the bar starts with the first decision: a refusal before it is its one line

        def progress(done: int, total: int) -> None:
            if not task:
                bar.start()
                task.append(bar.add_task(_("analysing"), total=None))
            bar.update(task[0], completed=done, total=total)

        try:
            got = analyse(game, who, worlds=worlds, seed=seed, progress=progress)
        finally:
            if task:
                bar.stop()
        file = save(game, got.analysis)
    a = got.analysis
    if json_:
        print(json_text(msgspec.to_builtins(a)))
        return
    table = Table(box=None, pad_edge=False)
    for head in (_("seq"), _("player"), _("decision"), _("mark"), _("loss"), _("better"), _("win chance")):
        table.add_column(head)
    marked = [d for d in a.decisions if d.mark]
    for d in marked:
        words = got.words[d.seq]
        best, chosen = d.options[d.best], d.options[d.chosen_index]
        table.add_row(str(d.seq), a.players.get(d.seat, d.seat), words[0], _marks(d.mark), f"{d.loss:.2f}",
                      words[1 + d.best], f"{chosen.win:.0%} → {best.win:.0%}")
    for seat in a.seats:
        mine = [d for d in a.decisions if d.seat == seat]
        counts = {m: sum(d.mark == m for d in mine) for m in ("blunder", "mistake", "inaccuracy")}
        screen.print(Text(_("{player} ({character}): {n} decisions, {forced} forced; blunders: {blunders}, "
                            "mistakes: {mistakes}, inaccuracies: {inaccuracies}").format(
            player=a.players.get(seat, seat), character=name_of(seat), n=len(mine),
            forced=sum(d.forced for d in mine), blunders=counts["blunder"], mistakes=counts["mistake"],
            inaccuracies=counts["inaccuracy"])))
        skipped = [d.seq for d in mine if d.skipped]
        if skipped:  # ANALYSIS-1: no world could judge them
            screen.print(Text(_("  not judged (no table agrees with what the seat saw, or Mrs. Wong's answer to a "
                                "share): seq {seqs}").format(seqs=_(", ").join(map(str, skipped)))))
    if marked:
        screen.print(table)
    screen.print(Text(ngettext("{worlds} world per decision, seed {seed}; written to {file}",
                               "{worlds} worlds per decision, seed {seed}; written to {file}",
                               a.settings.worlds).format(worlds=a.settings.worlds, seed=a.settings.seed, file=file)))
