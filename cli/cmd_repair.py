"""``lifeboat repair``: cut a torn last line (a crash mid-write), keeping the cut bytes in a side file; or, for a
file an editor wrapped in a byte-order mark, CR LF endings or trailing blank lines, write a clean copy beside it.

Nothing else is ever removed: a journal with any other problem is left as it is and reported (exit 4).
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors


def run(game: Path) -> None:
    from cli.common import console
    from lifeboat.service import repair_game

    with user_errors():
        report = repair_game(game)
    out = console()
    if report.clean_copy is not None:
        changes = [f"without {', '.join(report.cleaned)}"] if report.cleaned else []
        if report.newline_added is not None:
            changes.append(f"line {report.newline_added}, the last, kept whole and given the newline it lacked")
        out.print(f"{game}: wrote a clean copy to {report.clean_copy} ({'; '.join(changes)}); "
                  f"every line and the hash chain check, last seq {report.last_seq}. The file itself is kept as "
                  f"it was: look at the copy (lifeboat audit {report.clean_copy}), then put it in its place.",
                  markup=False)
    elif report.cut_line is None:
        out.print(f"{game}: nothing to repair (last seq {report.last_seq}).", markup=False)
    else:
        out.print(f"{game}: cut the torn line {report.cut_line} ({report.cut_bytes} bytes), kept in "
                  f"{report.side_file}; the journal now ends at seq {report.last_seq}.", markup=False)
