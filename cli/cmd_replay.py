"""``lifeboat replay``: the game as a story, re-validated commit by commit, from one perspective.

Streams: one commit is decided, checked and printed before the next is read (the views keep the event log of
the game, which a seat's memory needs; the journal itself is never loaded whole).
"""

from __future__ import annotations

import sys
from pathlib import Path

from cli.errors import USAGE, fail, user_errors


def _perspective(obs, viewer: str):  # type: ignore[no-untyped-def]
    if viewer == "public":
        return obs.public_view()
    if viewer == "referee":
        return obs.referee_view()
    return obs.seat_view(viewer, legal=False)


def _log(obs, viewer: str, start: int):  # type: ignore[no-untyped-def]
    if viewer == "public":
        return obs.log(start=start)
    if viewer == "referee":
        return obs.log(referee=True, start=start)
    return obs.log(viewer, start=start)


def story(game: Path, as_: str, to: int | None, to_option: str = "--to"):  # type: ignore[no-untyped-def]
    """Yield ``(step, event_views, observer, viewer)`` per commit up to ``to``. Raises what replay raises and
    :class:`typer.Exit` (2) for a bad ``--as`` or ``--to``."""
    from cli.common import open_game, resolve_viewer
    from cli.records import Correction
    from cli.session import active_events, initial_state, replay
    from lifeboat.views import Observer

    j = open_game(game)
    last = j.last_seq
    if to is not None and not 0 <= to <= last:
        raise fail(f"{to_option} {to}: expected a commit number from 0 to {last} in {game}", USAGE)
    who = as_.strip().casefold()
    remember: tuple[str, ...] | None = () if who in ("public", "referee") else None  # a seat's memory only
    obs = Observer(initial_state(j.header, str(game)), remember=remember)
    viewer = None
    initial = obs.state
    for step in replay(j, str(game)):
        if to is not None and step.commit.seq > to:
            break
        if isinstance(step.record, Correction):  # REC-2: the views forget the withdrawn decisions too
            obs = Observer(initial, remember=remember)
            obs.record(active_events(j, str(game), step.commit.seq))
        start = len(obs)
        obs.record(step.events)
        if viewer is None and obs.state.characters:
            viewer = resolve_viewer(obs.state, as_)
            if viewer not in ("public", "referee"):
                remember = (viewer,)
                obs.remember_only(remember)  # from now on, only this seat's memory grows
        yield step, (_log(obs, viewer, start) if viewer else ()), obs, viewer
        obs.forget()  # streaming: the story needs each commit's events once; the table and memory stay
    if viewer is None:  # nothing dealt yet (a fork at 0, a fresh game): no seat exists to be viewed
        yield None, (), obs, "public"


def run(game: Path, as_: str, to: int | None, step: bool, json_: bool) -> None:
    if step and json_:
        raise fail("--step and --json do not go together: --step is for people, --json for scripts", USAGE)
    if step:
        from cli import cmd_step

        with user_errors():
            cmd_step.run(game, as_, to)
        return
    import msgspec
    from rich.text import Text

    from cli import render
    from cli.common import console

    out = console()
    obs = viewer = None
    with user_errors():
        if as_.strip().lower() == "referee" and not json_:
            out.print(Text("REFEREE VIEW: every secret is shown.", style="bold"))
        for st, views, obs, viewer in story(game, as_, to):
            if st is None:
                continue
            if json_:
                line = {"seq": st.commit.seq, "line": st.commit.line, "actor": st.commit.actor,
                        "events": views}
                sys.stdout.write(msgspec.json.encode(line).decode() + "\n")
                continue
            if type(st.record).__name__ == "Correction":
                out.print(Text(f"   (the recorder withdrew the decisions from {st.record.from_seq} on)"))
            for i, v in enumerate(views):
                if v.type == "passed":  # window passes are noise in a story; --json keeps them
                    continue
                if v.type == "round_started":
                    out.print(Text(f"\n── Round {v.data.get('round')} ──", style="bold"))
                    continue
                out.print(Text(("" if i == 0 else "   ") + v.text))
    if obs is None:
        return
    view = _perspective(obs, viewer or "public")
    if json_:
        sys.stdout.write(msgspec.json.encode({"table": view}).decode() + "\n")
        return
    out.print()
    if view.over:
        render.final(out, view)
    else:
        out.print(render.table(view))
