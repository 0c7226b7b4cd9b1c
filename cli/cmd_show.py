"""``lifeboat show``: the table at one moment, from one perspective."""

from __future__ import annotations

import sys
from pathlib import Path

from cli.errors import user_errors


def run(game: Path, as_: str, at: int | None, json_: bool) -> None:
    import msgspec

    from cli import render
    from cli.cmd_replay import _perspective, story
    from cli.common import console

    obs = viewer = None
    with user_errors():
        for _, _, obs, viewer in story(game, as_, at, "--at"):
            pass
    if obs is None:
        return
    view = _perspective(obs, viewer or "public")
    if json_:
        sys.stdout.write(msgspec.json.encode(view).decode() + "\n")
        return
    out = console()
    out.print(render.table(view))
    if getattr(view, "memory", None):
        out.print(render.memory(view))
