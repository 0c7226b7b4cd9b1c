"""Crashes and concurrent writers, with real processes.

Crash: a child appends in a loop (half of its lines about 1 MB) and is killed with SIGKILL, again and again (at
least 12 times in CI and 140 in the slow run, and until both outcomes below were seen twice): every other kill at a random moment, the others
as soon as the parent sees the file end inside a line (a large write being copied; the kill may still land after
it), so that torn lines occur often enough to be tested even on a busy disk. A kill that lands while the kernel is copying a large line leaves a torn last line (Linux stops a
multi-page write at a fatal signal), so both outcomes occur. After every kill: each commit the child acknowledged
(printed after ``append`` returned) is in the file with the same hash; the file either reads cleanly or reports
exactly one torn line, the last; ``repair`` then cuts exactly those bytes into a side file and the file reads
cleanly again; and the next child appends after it.

Concurrency: several processes append to one journal at once (4 to a file, 8 to a PostgreSQL game). Exactly one
wins a race for seq 1 and the others get ``JournalConflict``; then each appends its commits, retrying on conflict;
no line is lost, duplicated or interleaved.

PostgreSQL crash: children appending to games in a PostgreSQL store are killed at random moments; no acknowledged
commit is lost (see the test's docstring).
"""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest
from journal_testkit import await_ready, finish, go, make_header, spawn, start

from journal import JournalTorn, JsonlJournal, PostgresStore, read, repair, verify

MIN_KILLS = 12  # kill at least this often in CI (the slow run: 140; each kill ~0.35 s of CPU)...
MIN_EACH = 2  # ...and until each outcome (clean, torn) was seen this often,
MAX_KILLS, MAX_SECONDS = 200, 50  # but no longer than this (then the test fails if an outcome never occurred)
KILLS_PER_FILE = 6  # start a new journal now and then, so the files (and the checks) stay small


def wait_for_a_write_in_progress(path: Path, timeout: float) -> None:
    """Return as soon as the file is seen to end inside a line (a large ``write`` being copied), or after
    ``timeout`` seconds. The kill that follows may still come after the write finished: both outcomes remain."""
    deadline = time.monotonic() + timeout
    with open(path, "rb") as f:
        while time.monotonic() < deadline:
            size = os.fstat(f.fileno()).st_size
            f.seek(max(size - 1, 0))
            if f.read(1) not in (b"\n", b""):
                return


@pytest.mark.parametrize("min_kills", [MIN_KILLS, pytest.param(140, marks=pytest.mark.slow)])
def test_sigkill_at_random_moments_loses_no_acknowledged_commit(tmp_path: Path, min_kills: int) -> None:
    rng = random.Random(20240506)
    outcomes = {"clean": 0, "torn": 0}
    torn_by_random_kills = 0
    started = time.monotonic()
    kill = -1
    while kill + 1 < min_kills or (min(outcomes.values()) < MIN_EACH and kill + 1 < MAX_KILLS
                                   and time.monotonic() - started < MAX_SECONDS):
        kill += 1
        path = tmp_path / f"crash-{kill // KILLS_PER_FILE}.jsonl"
        if kill % KILLS_PER_FILE == 0:
            JsonlJournal.create(path, make_header(f"crash-{kill}")).close()
            acked: dict[int, str] = {}
            last_seq = 0
        child = spawn("crash", str(path), str(rng.randrange(2**32)))
        time.sleep(rng.uniform(0.0, 0.05))
        if kill % 2:
            wait_for_a_write_in_progress(path, timeout=0.5)
        child.send_signal(signal.SIGKILL)
        out, err = finish(child)
        assert child.returncode == -signal.SIGKILL, err
        *complete, _cut = out.split("\n")  # a line cut by the kill (no newline) acknowledges nothing
        acked_now = {int(seq): digest for seq, digest in (line.split() for line in complete)}
        assert list(acked_now) == list(range(last_seq + 1, last_seq + 1 + len(acked_now)))
        acked.update(acked_now)

        before = path.read_bytes()
        try:
            verify(path)
        except JournalTorn as torn:
            outcomes["torn"] += 1
            torn_by_random_kills += kill % 2 == 0
            assert not before.endswith(b"\n")
            assert torn.line == before.count(b"\n") + 1  # the last line, and the only problem
            assert torn.offset == before.rfind(b"\n") + 1 and torn.size == len(before) - torn.offset
            report = repair(path)
            assert (report.cut_line, report.cut_bytes) == (torn.line, torn.size)
            assert Path(report.side_file).read_bytes() == before[torn.offset:]
            assert path.read_bytes() == before[:torn.offset]
        else:
            outcomes["clean"] += 1
            assert before.endswith(b"\n")
            assert repair(path).cut_line is None
        in_file = {commit.seq: commit.hash for commit in read(path)}
        assert {seq: in_file.get(seq) for seq in acked} == acked
        # At most one commit beyond the last acknowledged one: written whole, but the kill came before the ack.
        newest_ack = max(acked_now, default=last_seq)
        last_seq = max(in_file, default=0)
        assert newest_ack <= last_seq <= newest_ack + 1
    elapsed = time.monotonic() - started
    print(f"{kill + 1} kills in {elapsed:.1f} s: {outcomes}; torn after a random-moment kill: {torn_by_random_kills}")
    assert outcomes["torn"] >= 1 and outcomes["clean"] >= 1, outcomes
    assert sum(outcomes.values()) == kill + 1 >= min_kills


@pytest.mark.parametrize(("store", "writers", "count"), [("jsonl", 4, 20), ("postgresql", 8, 12)])
def test_concurrent_writers_never_interleave_or_lose_a_line(store: str, writers: int, count: int, tmp_path: Path,
                                                            request: pytest.FixtureRequest) -> None:
    if store == "jsonl":
        path = tmp_path / "race.jsonl"
        JsonlJournal.create(path, make_header("race")).close()
        spec = str(path)
    else:
        pg: PostgresStore = request.getfixturevalue("pg_store")
        pg.create(make_header("race")).close()
        spec = f"pg:{pg.url}#{pg.schema}/race"
    children = {f"w{n}": start("race", spec, f"w{n}", str(count)) for n in range(writers)}
    for child in children.values():
        await_ready(child)
    for child in children.values():
        go(child)
    reports = {}
    for name, child in children.items():
        out, err = finish(child)
        assert child.returncode == 0, err
        reports[name] = out.splitlines()
    if store == "jsonl":
        commits = list(read(path))
        assert verify(path).last_seq == writers * count + 1
    else:
        with pg.open("race") as journal:  # checks the whole chain
            commits = list(journal.commits())
            assert journal.last_seq == writers * count + 1

    # Phase 1: exactly one writer got seq 1; every other one was told seq 1 was taken.
    first = {name: lines[0].split() for name, lines in reports.items()}
    winners = [name for name, words in first.items() if words[0] == "won"]
    assert len(winners) == 1
    losers = [words for name, words in first.items() if name not in winners]
    assert [words[0] for words in losers] == ["lost"] * (writers - 1)
    assert all(int(next_seq) >= 2 for _, next_seq in losers)  # others may have gone on appending meanwhile

    # Phase 2: every acknowledged commit is in the journal, once, with its hash; nothing else is.
    assert [c.seq for c in commits] == list(range(1, writers * count + 2))
    assert commits[0].actor == winners[0] and commits[0].hash == first[winners[0]][1]
    acked = {}
    for name, lines in reports.items():
        assert lines[-1] == "done"
        oks = [line.split() for line in lines[1:-1] if line.startswith("ok")]
        assert [int(words[3]) for words in oks] == list(range(count))
        assert all(line in ("conflict",) or line.startswith("ok") for line in lines[1:-1])
        for _, seq, digest, i in oks:
            acked[int(seq)] = (name, int(i), digest)
    assert {c.seq: (c.actor, c.command["i"], c.hash) for c in commits[1:]} == acked
    for name in reports:  # each writer's commits are in the order it made them
        mine = [c.command["i"] for c in commits[1:] if c.actor == name]
        assert mine == list(range(count))
    conflicts = sum(line == "conflict" for lines in reports.values() for line in lines)
    print(f"{store}: {writers} writers x {count} commits: {conflicts} conflicts retried")


PG_ROUNDS, PG_CHILDREN = 2, 4  # PostgreSQL: rounds of children killed at once, each on a game of its own


def test_sigkill_of_a_postgresql_writer_loses_no_acknowledged_commit(pg_store: PostgresStore) -> None:
    """A child appending to a PostgreSQL game is killed at a random moment (8 kills, 4 at a time on 4 games):
    every commit it acknowledged is in the store with the same hash, at most one more commit is there (committed,
    but killed before it could say so), the chain checks, and the next child appends after it. No row is ever
    half-written: the server rolls back a transaction whose client died."""
    rng = random.Random(20261201)
    games = [f"crash-{n}" for n in range(PG_CHILDREN)]
    acked: dict[str, dict[int, str]] = {game: {} for game in games}
    unacked_but_committed = 0
    for game in games:
        pg_store.create(make_header(game)).close()
    for _ in range(PG_ROUNDS):
        children = {game: start("crash", f"pg:{pg_store.url}#{pg_store.schema}/{game}", str(rng.randrange(2**32)))
                    for game in games}
        for child in children.values():
            await_ready(child)
        for game, child in children.items():
            time.sleep(rng.uniform(0.0, 0.03))
            child.send_signal(signal.SIGKILL)
        for game, child in children.items():
            out, err = finish(child)
            assert child.returncode == -signal.SIGKILL, err
            *complete, _cut = out.split("\n")  # a line cut by the kill (no newline) acknowledges nothing
            acked_now = {int(seq): digest for seq, digest in (line.split() for line in complete)}
            before = max(acked[game], default=0)
            assert list(acked_now) == list(range(before + 1, before + 1 + len(acked_now)))
            acked[game].update(acked_now)
            with pg_store.open(game) as journal:  # checks every line and the chain
                stored = {commit.seq: commit.hash for commit in journal.commits()}
            assert {seq: stored.get(seq) for seq in acked[game]} == acked[game]
            newest_ack = max(acked[game], default=0)
            assert newest_ack <= max(stored, default=0) <= newest_ack + 1
            if max(stored, default=0) > newest_ack:
                unacked_but_committed += 1
                acked[game][newest_ack + 1] = stored[newest_ack + 1]  # the next child appends after it
    total = sum(len(a) for a in acked.values())
    print(f"{PG_ROUNDS * PG_CHILDREN} kills: {total} commits stored; {unacked_but_committed} committed but "
          "killed before the acknowledgement")
    assert total > 0
