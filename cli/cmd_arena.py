"""``lifeboat arena``: seeded, seat-rotated tournaments between bot kinds, with a progress bar and the strength
table (docs/bots.md). The games are played by :mod:`lifeboat.service.arena`; this module parses and renders only."""

from __future__ import annotations

from pathlib import Path

from cli.errors import USAGE, fail, user_errors
from lifeboat.i18n import _


def parse_think(text: str) -> int:
    """``"200ms"``, ``"1s"`` or ``"200"`` (milliseconds) → milliseconds, at least 1. Raises the usage exit for
    anything else (checked before anything is written: ``play --players`` deals only after it)."""
    t = text.strip().lower()
    try:
        if t.endswith("ms"):
            ms = int(t[:-2])
        elif t.endswith("s"):
            ms = int(float(t[:-1]) * 1000)
        else:
            ms = int(t)
    except (ValueError, OverflowError):  # OverflowError: 'infs', '1e400s' (it was an internal error)
        raise fail(_("--think: expected a time like 200ms or 1s, got {text!r}").format(text=text), USAGE) from None
    if ms < 1:
        raise fail(_("--think: at least 1ms, got {ms}ms").format(ms=ms), USAGE)
    return ms


def run(bots: str, games: int, seed: int, seats: int, think: str | None, out: Path, json_: bool, resume: bool = False,
        jobs: int = 1) -> None:
    """``think`` is None when not given (then 200ms); given without search among ``bots`` it would change nothing,
    and is refused (exit 2)."""
    from lifeboat.service.game.players import split_list

    kinds = [k.strip() for k in split_list(bots) if k.strip()]
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cli import render
    from cli.common import console
    from cli.terminal import json_text
    from lifeboat.service.arena import Arena, summarize

    arena = Arena(kinds=kinds, games=games, seed=seed, out=out, seats=seats, think_ms=parse_think(think or "200ms"),
                  resume=resume, jobs=jobs)
    screen = console()
    with user_errors():
        arena.check()
        if think is not None and "search" not in (k.lower() for k in kinds):
            raise fail(_("--think needs search among --bots: it is the search bot's thinking time, and --bots "
                         "{bots} has no search bot").format(bots=bots), USAGE)
        total = arena.total()
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=screen, transient=True, disable=json_) as bar:
            task = bar.add_task("arena", total=total, completed=arena.played_before())
            for result in arena.play():
                bar.update(task, advance=1, description=_("{pairing} game {n}").format(
                    pairing=result.pairing, n=result.game + 1))
    per_kind, pairwise = summarize(arena.results)
    unclean = [r.file for r in arena.results if not r.clean]
    if json_:
        print(json_text({"per_kind": per_kind, "pairwise": pairwise, "unclean": unclean}))
    else:
        screen.print(render.arena_tables(per_kind, pairwise))
        text = (_("{n} games in {out}/ ; every game audited: all clean") if not unclean else
                _("{n} games in {out}/ ; every game audited: {bad} with findings: {files}"))
        screen.print(text.format(n=len(arena.results), out=out, bad=len(unclean), files=", ".join(unclean)),
                     markup=False)
    if unclean:
        raise fail(_("{n} arena game(s) have audit findings; run 'lifeboat audit' on them").format(n=len(unclean)), 5)
