"""``lifeboat show``: the table at one moment, from one perspective."""

from __future__ import annotations

import sys
from pathlib import Path

from cli.errors import user_errors


def run(game: Path, as_: str, at: int | None, json_: bool) -> None:
    from cli import render
    from cli.common import console
    from cli.terminal import json_text
    from lifeboat.service import view_at

    with user_errors():
        view = view_at(game, as_, at, "--at")  # render.table names cards as its game prints them (CARD-3)
    if json_:
        sys.stdout.write(json_text(view) + "\n")
        return
    out = console()
    out.print(render.table(view))
    if getattr(view, "memory", None):
        out.print(render.memory(view))
