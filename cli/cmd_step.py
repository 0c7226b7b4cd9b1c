"""``lifeboat replay --step``: step through a game interactively (Enter next, ``b`` back, a number jumps to that
commit, ``t`` shows the table there, ``w`` asks a bot what it would do there for the ``--as`` seat, knowing only
what that seat knew then, ``q`` quits). Reads commands from stdin, so it can be scripted."""

from __future__ import annotations

import sys
from pathlib import Path

HELP = "Enter: next · b: back · NUMBER: jump to that commit · t: the table here · w: what would a bot do here · q: quit"


def run(game: Path, as_: str, to: int | None, bot: str = "heuristic", think_ms: int = 200) -> None:
    from rich.text import Text

    from cli import render
    from cli.common import console
    from service import story, view_at

    out = console()
    pages: list[tuple[int, list[str]]] = []
    for st in story(game, as_, to):
        if st.step is not None:
            pages.append((st.step.commit.seq, [v.text for v in st.views if v.type != "passed"]))
    if not pages:
        out.print(Text("No commits to step through."))
        return
    out.print(Text(HELP))
    i = 0
    while True:
        seq, lines = pages[i]
        out.print(Text(f"[{seq}/{pages[-1][0]}]", style="bold"))
        for line in lines:
            out.print(Text("  " + line))
        sys.stdout.write("> ")
        sys.stdout.flush()
        answer = sys.stdin.readline()
        if not answer or answer.strip().lower() == "q":
            return
        a = answer.strip().lower()
        if a == "":
            if i + 1 >= len(pages):
                out.print(Text("That was the last commit (q quits, b goes back)."))
            else:
                i += 1
        elif a == "b":
            i = max(0, i - 1)
        elif a == "t":
            out.print(render.table(view_at(game, as_, seq, "--to")))
        elif a == "w":
            out.print(Text(_suggestion(game, as_, seq, bot, think_ms)))
        elif a.isdigit() and any(s == int(a) for s, _ in pages):
            i = next(k for k, (s, _) in enumerate(pages) if s == int(a))
        else:
            out.print(Text(HELP))


def _suggestion(game: Path, as_: str, seq: int, bot: str, think_ms: int) -> str:
    """One line: what a ``bot`` would do after commit ``seq`` for the ``--as`` seat, or why it cannot say."""
    from cli.describe import command, who
    from service import BadRequest, suggest

    try:
        seat, cmd, waiting = suggest(game, as_, seq, bot, think_ms)
    except BadRequest as exc:
        return exc.message
    if cmd is None:
        others = ", ".join(who(x) for x in waiting) or "chance"
        return f"{who(seat)} is not to move here (the game waits for {others})."
    return f"The {bot} bot, as {who(seat)} knowing only what it knew then, would: {command(cmd)}"
