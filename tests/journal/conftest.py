"""Fixtures for the journal tests: a stepping clock, a header, and a journal factory run against every store
(a JSONL file, memory, and a PostgreSQL schema of the test's own)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from journal_testkit import StepClock, make_header

from journal import Header, JsonlJournal, MemoryJournal, PostgresJournal, PostgresStore


@pytest.fixture
def clock() -> StepClock:
    return StepClock()


@pytest.fixture
def header() -> Header:
    return make_header()


AnyJournal = JsonlJournal | MemoryJournal | PostgresJournal
Factory = Callable[..., AnyJournal]


@pytest.fixture
def pg_store(postgres_url: str, postgres_schema: str) -> Iterator[PostgresStore]:
    """A PostgreSQL store in a schema of the test's own (dropped after the test)."""
    with PostgresStore(postgres_url, schema=postgres_schema) as store:
        yield store


@pytest.fixture(params=["jsonl", "memory", "postgresql"])
def new_journal(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Factory]:
    """``new_journal(header, clock=...)``: a fresh journal of the store under test."""
    opened: list[AnyJournal] = []
    store = request.getfixturevalue("pg_store") if request.param == "postgresql" else None

    def make(header: Header, *, clock: Callable[[], int] | None = None) -> AnyJournal:
        journal: AnyJournal
        if request.param == "jsonl":
            journal = JsonlJournal.create(tmp_path / f"journal-{len(opened)}.jsonl", header, clock=clock)
        elif store is not None:
            journal = store.create(header, clock=clock)
        else:
            journal = MemoryJournal(header, clock=clock)
        opened.append(journal)
        return journal

    yield make
    for journal in opened:
        journal.close()


@pytest.fixture
def fork_of(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[..., AnyJournal]:
    """``fork_of(journal, at_seq, game_id=..., **kw)``: fork with the store's own API."""

    def fork(journal: AnyJournal, at_seq: int, **kw: object) -> AnyJournal:
        if isinstance(journal, JsonlJournal):
            return journal.fork(at_seq, tmp_path / f"{kw['game_id']}.jsonl", **kw)  # type: ignore[arg-type]
        return journal.fork(at_seq, **kw)  # type: ignore[arg-type]

    return fork
