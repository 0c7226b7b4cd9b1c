"""``lifeboat annotate``: append a note about one decision to a game file (NOTE-1; :func:`lifeboat.service.annotate`).

The game is replayed strictly first; the note is a new last line (the hash chain goes on, nothing is rewritten).
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors


def run(game: Path, at: int, text: str, for_: str) -> None:
    from rich.text import Text

    from cli.common import console
    from cli.describe import who
    from lifeboat.service import annotate

    with user_errors():
        commit, note = annotate(game, at, text, for_)
    reader = {"public": "everyone", "referee": "the referee only"}.get(
        note.audience, f"{who(note.seat or '')} and the referee")
    console().print(Text(f"Note {commit.seq} on commit {note.at} appended to {game} (line {commit.seq + 1}); "
                         f"{reader} may read it."))
