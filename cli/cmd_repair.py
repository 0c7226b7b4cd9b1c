"""``lifeboat repair``: cut a torn last line (a crash mid-write), keeping the cut bytes in a side file.

Nothing else is ever removed: a journal with any other problem is left as it is and reported (exit 4).
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors


def run(game: Path) -> None:
    from cli.common import console
    from service import repair_game

    with user_errors():
        report = repair_game(game)
    out = console()
    if report.cut_line is None:
        out.print(f"{game}: nothing to repair (last seq {report.last_seq}).", markup=False)
    else:
        out.print(f"{game}: cut the torn line {report.cut_line} ({report.cut_bytes} bytes), kept in "
                  f"{report.side_file}; the journal now ends at seq {report.last_seq}.", markup=False)
