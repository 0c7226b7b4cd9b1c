"""`lifeboat replay` streams: after the first commits, the memory it holds does not grow with the game.

The story needs each commit's events once (the views forget them after), a public or referee replay keeps no seat
memory, and a seat's replay keeps only that seat's. Measured with tracemalloc over the bundled 6-player game.
"""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from lifeboat.service import story

GAME = Path(__file__).resolve().parents[2] / "docs" / "examples" / "six-players.jsonl"


def growth_per_commit(perspective: str) -> float:
    samples: dict[int, int] = {}
    tracemalloc.start()
    try:
        for st in story(GAME, perspective, None):
            step = st.step
            if step is not None and step.commit.seq in (100, 230):
                gc.collect()
                samples[step.commit.seq] = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (samples[230] - samples[100]) / 130


@pytest.mark.parametrize(("perspective", "bound"), [("public", 120), ("referee", 120), ("Ann", 200)])
def test_replay_holds_almost_nothing_per_commit(perspective: str, bound: int) -> None:
    # Before forget()/remember_only the public replay kept about 450 bytes per commit.
    assert growth_per_commit(perspective) < bound


def test_show_json_memory_seq_is_the_events_number_as_docs_cli_says(lb) -> None:  # type: ignore[no-untyped-def]
    """``show --json``'s ``memory[].seq`` numbers the event, not the commit (scripts read the field, so it keeps
    its name): each one is an ``events[].seq`` of ``replay --json``, of the same type, and docs/cli.md says so."""
    import json

    shown = lb.run("show", GAME, "--as", "Ann", "--json")
    memory = json.loads(shown.stdout)["memory"]
    replayed = lb.run("replay", GAME, "--as", "Ann", "--json")
    events = {ev["seq"]: (ev["type"], line["seq"]) for line in map(json.loads, replayed.stdout.splitlines())
              if "events" in line for ev in line["events"]}
    assert memory and all(events[m["seq"]][0] == m["type"] for m in memory)
    assert any(events[m["seq"]][1] != m["seq"] for m in memory)  # the commit's seq would be another number
    docs = (GAME.parents[1] / "cli.md").read_text(encoding="utf-8")
    assert "**`memory[].seq` is the event's number, not the commit's**" in docs
