"""Fixtures for the journal tests: a stepping clock, a header, and a journal factory run against every store."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from journal_testkit import StepClock, make_header

from journal import Header, JsonlJournal, MemoryJournal


@pytest.fixture
def clock() -> StepClock:
    return StepClock()


@pytest.fixture
def header() -> Header:
    return make_header()


Factory = Callable[..., "JsonlJournal | MemoryJournal"]


@pytest.fixture(params=["jsonl", "memory"])
def new_journal(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Factory]:
    """``new_journal(header, clock=...)``: a fresh journal of the store under test."""
    opened: list[JsonlJournal | MemoryJournal] = []

    def make(header: Header, *, clock: Callable[[], int] | None = None) -> JsonlJournal | MemoryJournal:
        if request.param == "jsonl":
            journal: JsonlJournal | MemoryJournal = JsonlJournal.create(
                tmp_path / f"journal-{len(opened)}.jsonl", header, clock=clock)
        else:
            journal = MemoryJournal(header, clock=clock)
        opened.append(journal)
        return journal

    yield make
    for journal in opened:
        journal.close()


@pytest.fixture
def fork_of(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[..., "JsonlJournal | MemoryJournal"]:
    """``fork_of(journal, at_seq, game_id=..., **kw)``: fork with the store's own API."""

    def fork(journal: JsonlJournal | MemoryJournal, at_seq: int, **kw: object) -> JsonlJournal | MemoryJournal:
        if isinstance(journal, JsonlJournal):
            return journal.fork(at_seq, tmp_path / f"{kw['game_id']}.jsonl", **kw)  # type: ignore[arg-type]
        return journal.fork(at_seq, **kw)  # type: ignore[arg-type]

    return fork
