"""Replay streams: its memory does not grow with the journal's length (measured with tracemalloc).

* :func:`lifeboat.service.game.replay` over a short real game and over a long one (the same game stretched with REC-2
  corrections to ~650 and ~1,900 commits): live memory stays flat once the undo window (``UNDO_DEPTH`` states) is
  full, and the peak is the same for both. Both files are longer than the lines ``open`` keeps for the first read
  (:data:`journal.stream.KEEP_BYTES`, a constant): a short game under it keeps its whole file, less than a long one
  keeps, and the two peaks would differ by that constant, not by the journal's length. Two canaries show the measurement would catch a replay that kept every
  state or loaded the whole journal.
* :meth:`journal.JsonlJournal.commits` (and ``open``, which also reads the whole file) over 20,000 synthetic
  commits (~12 MB): the peak stays far below the file's size.

Live memory is sampled after ``gc.collect()``, which also empties the interpreter's free lists: without it,
freed tuples parked there (a few hundred KB at most) look like growth.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import journal
from journal.stream import KEEP_BYTES
from lifeboat.service.live.bots import random_bot
from lifeboat.service import UNDO_DEPTH, Step, Table, replay
from lifeboat import legal_commands, waiting_for
from lifeboat.state import State

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
SEED = 3  # a 6-player game of ~280 commits
LOOPS, SPAN = 50, 30  # the long journal: LOOPS times, play SPAN decisions and withdraw them (~1,900 commits)
SHORT_LOOPS = 10  # the short journal (~650 commits, ~250 KB): longer than the kept first lines (KEEP_BYTES)
WARM_UP = 300  # commits after which the undo window and the game's state have reached their size
LIVE_SLACK = 64_000  # bytes live memory may drift over >= 1,000 commits after the warm-up (64 B a commit)
PEAK_SLACK = 128_000  # bytes the long journal's peak may exceed the short game's


def play_game(path: Path, seed: int, *, loops: int = 0, span: int = SPAN) -> int:
    """Play a 6-player all-bots game (the loop of ``lifeboat play --bots all``) and save it at ``path``.

    With ``loops``, early in the game, ``loops`` times: play ``span`` decisions, then append a
    correction withdrawing them (REC-2, :meth:`Table.withdraw`), so the journal is long yet valid. The game is set up by
    :meth:`Table.deal_new` and played into a :class:`journal.MemoryJournal` (one fsync at the end, not one per
    commit), then saved as a real file. Returns the number of commits.
    """
    setup = path.with_name(path.name + ".setup")
    dealt = Table.deal_new(setup, PLAYERS, seed=seed)
    m = journal.MemoryJournal(dealt.header)
    for c in dealt.journal.commits():
        m.append(c.seq, c.actor, c.command, c.events, at_ms=c.at_ms)
    dealt.close()
    table = Table.of_journal(m, dealt.orders)
    rng = random.Random(seed)

    def step() -> None:
        table.deal(detail=False)
        if not table.state.over:
            me = waiting_for(table.state)[0]
            table.decide(random_bot(me, legal_commands(table.state, me), rng), detail=False)

    for _ in range(5):
        step()
    for _ in range(loops):
        from_seq = m.last_seq + 1
        for _ in range(span):
            step()
            assert not table.state.over
        table.withdraw(from_seq, actor="system")  # REC-2: the journal grows, the game goes back
    while not table.state.over:
        step()
    m.save(path).close()
    return m.last_seq


class Measured:
    """What :func:`measure` saw: ``n`` items, ``live`` {item number: live bytes}, ``peak`` bytes (both above the
    baseline taken before the journal was opened)."""

    def __init__(self, n: int, live: dict[int, int], peak: int) -> None:
        self.n, self.live, self.peak = n, live, peak

    def growth_after(self, start: int) -> int:
        """The most live memory grew from item ``start`` on."""
        return max(v for k, v in self.live.items() if k >= start) - self.live[start]


def measure(items: Callable[[], Iterator[Any]], *, every: int = 100, stop: int | None = None,
            keep: Callable[[Any], None] | None = None) -> Measured:
    """Consume ``items()`` under tracemalloc, sampling live memory every ``every`` items; keep nothing (unless a
    canary passes ``keep``, called with each item). Stop after ``stop`` items if given."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        live: dict[int, int] = {}
        n, item = 0, None
        for item in items():
            n += 1
            if keep is not None:
                keep(item)
            if n % every == 0:
                gc.collect()
                live[n] = tracemalloc.get_traced_memory()[0] - base
            if stop is not None and n >= stop:
                break
        del item
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return Measured(n, live, peak)


def replayed(path: Path) -> Callable[[], Iterator[Step]]:
    """``replay`` of the file at ``path`` as ``lifeboat replay`` does it (open, then stream the steps)."""

    def steps() -> Iterator[Step]:
        with journal.JsonlJournal.open(path) as j:
            yield from replay(j, str(path))

    return steps


def test_replay_memory_does_not_grow_with_the_journal(tmp_path: Path) -> None:
    short_path, long_path = tmp_path / "short.jsonl", tmp_path / "long.jsonl"
    short_n = play_game(short_path, SEED, loops=SHORT_LOOPS)
    long_n = play_game(long_path, SEED, loops=LOOPS)
    short_size, long_size = short_path.stat().st_size, long_path.stat().st_size
    assert short_size > KEEP_BYTES * 5 // 4  # both fill open()'s kept lines, whatever the draws
    assert long_n - WARM_UP >= 1_000 and long_n > 2 * short_n
    # holding what the long file has more, even as raw bytes, would break the peak bound
    assert long_size - short_size > 3 * PEAK_SLACK

    assert sum(1 for _ in replayed(short_path)()) == short_n  # warm up: first-use caches are not growth
    short = measure(replayed(short_path))
    long = measure(replayed(long_path))
    assert (short.n, long.n) == (short_n, long_n)  # every commit was replayed and re-validated

    start = WARM_UP // 100 * 100
    assert WARM_UP > 2 * UNDO_DEPTH
    growth = long.growth_after(start)
    assert growth < LIVE_SLACK, (
        f"replay's live memory grew by {growth} bytes over commits {start}..{long_n} "
        f"({growth / (long_n - start):.0f} B a commit): something keeps every commit or state. "
        f"Samples: {long.live}")
    assert long.peak - short.peak < PEAK_SLACK, (
        f"replay peaked at {long.peak} bytes on {long_n} commits ({long_size} bytes) but {short.peak} on "
        f"{short_n}: memory grows with the journal's length")

    # Canary 1: a replay that kept every state (here the consumer keeps each step's state) breaks the live
    # bound within 600 commits of the warm-up (and by ~10 times over the whole long journal).
    kept: list[State] = []
    keeping = measure(replayed(long_path), stop=start + 600, keep=lambda step: kept.append(step.after))
    del kept
    assert keeping.growth_after(start) > 2 * LIVE_SLACK, keeping.live

    # Canary 2: a replay that materialized the commits (list(j.commits())) would break the peak bound.
    def all_commits() -> Iterator[journal.Commit]:
        with journal.JsonlJournal.open(long_path) as j:
            yield from list(j.commits())

    loading = measure(all_commits)
    assert loading.n == long_n
    assert loading.peak - short.peak > 10 * PEAK_SLACK, loading.peak


def test_jsonl_commits_streams_a_large_file(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    header = journal.Header.new(game_id="stream", ruleset="synthetic", players=["ann", "ben"],
                                clock=lambda: 1)
    m = journal.MemoryJournal(header, clock=lambda: 1)
    pad = "x" * 400
    count = 20_000
    for seq in range(1, count + 1):
        m.append(seq, "ann", {"type": "row", "seat": "ann", "n": seq, "pad": pad}, [{"type": "rowed", "n": seq}])
    m.save(path).close()
    head = m.head_hash
    del m
    size = path.stat().st_size
    assert size > 10_000_000

    # open() reads the whole file once to check the chain; commits() streams it again.
    opened: list[journal.JsonlJournal] = []

    def commits() -> Iterator[journal.Commit]:
        j = journal.JsonlJournal.open(path)
        opened.append(j)
        with j:
            yield from j.commits()

    seen = measure(commits, every=1_000)
    assert seen.n == count and opened[0].head_hash == head
    bound = 1_000_000  # under a tenth of the file
    assert seen.peak < bound, f"reading a {size}-byte journal peaked at {seen.peak} bytes"
    assert seen.growth_after(1_000) < 64_000, seen.live
