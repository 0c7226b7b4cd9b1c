"""``lifeboat repair``: cut a torn last line (a crash mid-write), keeping the cut bytes in a side file; or, for a
file an editor wrapped in a byte-order mark, CR LF endings or trailing blank lines, write a clean copy beside it.

Nothing else is ever removed: a journal with any other problem is left as it is and reported (exit 4).
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors
from lifeboat.i18n import _


def run(game: Path) -> None:
    from cli.common import console
    from lifeboat.service import repair_game

    with user_errors():
        report = repair_game(game)
    out = console()
    if report.clean_copy is not None:
        changes = [_("without {what}").format(what=_(", ").join(report.cleaned))] if report.cleaned else []
        if report.newline_added is not None:
            changes.append(_("line {line}, the last, kept whole and given the newline it lacked").format(
                line=report.newline_added))
        out.print(_("{game}: wrote a clean copy to {copy} ({changes}); every line and the hash chain check, last seq "
                    "{seq}. The file itself is kept as it was: look at the copy ({command}), then put it in its "
                    "place.").format(game=game, copy=report.clean_copy, changes=_("; ").join(changes),
                                     seq=report.last_seq, command=f"lifeboat audit {report.clean_copy}"), markup=False)
    elif report.cut_line is None:
        out.print(_("{game}: nothing to repair (last seq {seq}).").format(game=game, seq=report.last_seq), markup=False)
    else:
        out.print(_("{game}: cut the torn line {line} ({n} bytes), kept in {side}; the journal now ends at seq "
                    "{seq}.").format(game=game, line=report.cut_line, n=report.cut_bytes, side=report.side_file,
                                     seq=report.last_seq), markup=False)
