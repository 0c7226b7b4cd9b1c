"""``lifeboat annotate``: append a note about one decision to a game file (NOTE-1; :func:`lifeboat.service.annotate`).

The game is replayed strictly first; the note is a new last line (the hash chain goes on, nothing is rewritten).
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors
from lifeboat.i18n import _


def run(game: Path, at: int, text: str, for_: str) -> None:
    from rich.text import Text

    from cli.common import console
    from cli.describe import who
    from lifeboat.service import annotate

    with user_errors():
        commit, note = annotate(game, at, text, for_)
    where = dict(note=commit.seq, at=note.at, game=game, line=commit.seq + 1)
    if note.audience == "public":
        text = _("Note {note} on commit {at} appended to {game} (line {line}); everyone may read it.").format(**where)
    elif note.audience == "referee":
        text = _("Note {note} on commit {at} appended to {game} (line {line}); the referee only may read it.").format(
            **where)
    else:
        text = _("Note {note} on commit {at} appended to {game} (line {line}); {who} and the referee may read "
                 "it.").format(who=who(note.seat or ""), **where)
    console().print(Text(text))
