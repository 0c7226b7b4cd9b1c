"""`lifeboat replay` streams: after the first commits, the memory it holds does not grow with the game.

The story needs each commit's events once (the views forget them after), a public or referee replay keeps no seat
memory, and a seat's replay keeps only that seat's. Measured with tracemalloc over the bundled 6-player game.
"""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from service import story

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
