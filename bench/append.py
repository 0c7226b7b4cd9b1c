"""Durable appends per second: the journal's stores against the eventsourcing library's recorders.

Every store writes the same payload (a game-sized command and one event, as JSON bytes), one commit per durable
write, in the same run:

* journal (JSONL):            ``JsonlJournal.append`` = flock, catch-up check, one ``write``, one ``fsync``;
* eventsourcing (SQLite):     ``SQLiteAggregateRecorder.insert_events([one StoredEvent])`` = one SQLite transaction
  per event (WAL mode; the script prints the ``synchronous`` level in force: FULL means the WAL is fsynced at every
  commit), in the same directory as the JSONL file (so on the same disk);
* floor (write+fsync):        a bare ``os.write`` + ``os.fsync`` of the same bytes, for reference;
* journal (PostgreSQL):       ``PostgresJournal.append`` = one autocommit ``INSERT`` of the line (with its
  ``NOTIFY``) per commit, acknowledged once committed;
* eventsourcing (PostgreSQL): ``PostgresAggregateRecorder.insert_events([one StoredEvent])`` = one autocommit
  ``INSERT`` per event, through its connection pool (pool size 1).

Both PostgreSQL stores use the same server (``--postgres``, default ``postgresql://postgres@127.0.0.1:5432/test``),
each in a schema of its own made for the run and dropped after it; the script prints the server's ``fsync`` and
``synchronous_commit`` settings (on/on: a commit is flushed to disk before it is acknowledged). ``--postgres ''``
leaves PostgreSQL out.

The stores take turns in rounds, so a drift of the disk's speed during the run hits both alike; the ratio is
printed from the overall rates and from the median rounds (the latter shrugs off a stall of a shared disk). This is a
benchmark, not a test. It needs ``pip install -e '.[bench]'`` (for eventsourcing). Run:

    .venv/bin/python bench/append.py [--commits 10000] [--rounds 20] [--dir PATH] [--postgres URL]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from journal import Header, JsonlJournal

Store = tuple[Callable[[int], None], Callable[[], int], Callable[[], None]]

COMMAND = {"type": "row", "seat": "alice", "strokes": 1, "note": "a game-sized command"}
EVENTS = [{"type": "rowed", "seat": "alice", "distance": 1, "thirst": ["bob", "carol"]}]


def journal_store(directory: Path) -> Store:
    journal = JsonlJournal.create(directory / "bench.jsonl",
                                  Header.new(game_id="bench", ruleset="standard", players=["alice", "bob", "carol"]))

    def append(seq: int) -> None:
        journal.append(seq, "alice", COMMAND, EVENTS)

    def count() -> int:
        return sum(1 for _ in journal.commits())

    return append, count, journal.close


def eventsourcing_store(directory: Path) -> Store:
    from eventsourcing.sqlite import SQLiteAggregateRecorder, SQLiteDatastore

    datastore = SQLiteDatastore(str(directory / "bench.sqlite"))
    return recorder_store(SQLiteAggregateRecorder(datastore), datastore.close)


def recorder_store(recorder: Any, close: Callable[[], None]) -> Store:
    """An eventsourcing aggregate recorder as a store: one ``insert_events`` of one event per append."""
    from eventsourcing.persistence import StoredEvent

    recorder.create_table()
    originator = uuid.uuid4()
    state = msgspec.json.encode({"command": COMMAND, "events": EVENTS})

    def append(seq: int) -> None:
        recorder.insert_events([StoredEvent(originator_id=originator, originator_version=seq,
                                            topic="bench:Rowed", state=state)])

    def count() -> int:
        return len(recorder.select_events(originator))

    return append, count, close


def postgres_schema(url: str, schema: str) -> Callable[[], None]:
    """Create ``schema`` (empty) on the server; return a function that drops it."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        conn.execute(f"CREATE SCHEMA {schema}")

    def drop() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")

    return drop


def journal_postgres_store(url: str, schema: str) -> Store:
    from journal import PostgresStore

    store = PostgresStore(url, schema=schema)
    journal = store.create(Header.new(game_id="bench", ruleset="standard", players=["alice", "bob", "carol"]))

    def append(seq: int) -> None:
        journal.append(seq, "alice", COMMAND, EVENTS)

    def count() -> int:
        return sum(1 for _ in journal.commits())

    def close() -> None:
        journal.close()
        store.close()

    return append, count, close


def eventsourcing_postgres_store(url: str, schema: str) -> Store:
    from eventsourcing.postgres import PostgresAggregateRecorder, PostgresDatastore
    from psycopg.conninfo import conninfo_to_dict

    parts = conninfo_to_dict(url)
    datastore = PostgresDatastore(str(parts.get("dbname", "")), str(parts.get("host", "127.0.0.1")),
                                  str(parts.get("port", 5432)), str(parts.get("user", "")),
                                  str(parts.get("password", "")), schema=schema)
    return recorder_store(PostgresAggregateRecorder(datastore), datastore.close)


def postgres_settings(url: str) -> str:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        version = conn.execute("SHOW server_version").fetchone()[0]
        fsync = conn.execute("SHOW fsync").fetchone()[0]
        commit = conn.execute("SHOW synchronous_commit").fetchone()[0]
    return f"PostgreSQL {version}, fsync={fsync}, synchronous_commit={commit}"


def floor_store(directory: Path) -> Store:
    fd = os.open(directory / "bench.raw", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    line = msgspec.json.encode({"command": COMMAND, "events": EVENTS}) + b"\n"
    written = [0]

    def append(seq: int) -> None:
        os.write(fd, line)
        os.fsync(fd)
        written[0] += 1

    return append, lambda: written[0], lambda: os.close(fd)


def sqlite_synchronous(directory: Path) -> str:
    from eventsourcing.sqlite import SQLiteDatastore

    datastore = SQLiteDatastore(str(directory / "bench.sqlite"))
    with datastore.transaction(commit=False) as cursor:
        cursor.execute("PRAGMA synchronous")
        level = cursor.fetchone()[0]
        cursor.execute("PRAGMA journal_mode")
        mode = cursor.fetchone()[0]
    datastore.close()
    return f"journal_mode={mode}, synchronous={ {0: 'OFF', 1: 'NORMAL', 2: 'FULL', 3: 'EXTRA'}.get(level, level)}"


def run(stores: dict[str, Store], per_round: int, rounds: int) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Let the stores take turns, ``rounds`` times ``per_round`` appends each; the seconds of each turn, and how
    many commits each store holds at the end."""
    seconds: dict[str, list[float]] = {name: [] for name in stores}
    next_seq = dict.fromkeys(stores, 1)
    for name, (append, _, _) in stores.items():  # warm up: imports, tables, first file blocks, prepared statements
        for _ in range(20):
            append(next_seq[name])
            next_seq[name] += 1
    for _ in range(rounds):
        for name, (append, _, _) in stores.items():
            start = time.perf_counter()
            for _ in range(per_round):
                append(next_seq[name])
                next_seq[name] += 1
            seconds[name].append(time.perf_counter() - start)
    return seconds, {name: count() for name, (_, count, _) in stores.items()}


def report(seconds: dict[str, list[float]], counts: dict[str, int], per_round: int) -> None:
    """Print each store's rate, then the ratios (the PostgreSQL one last)."""
    rates = {name: per_round * len(times) / sum(times) for name, times in seconds.items()}
    medians = {name: per_round / statistics.median(times) for name, times in seconds.items()}
    for name, rate in rates.items():
        times = seconds[name]
        print(f"  {name:27s} {rate:9.0f} commits/s   (rounds: {per_round / max(times):.0f} to "
              f"{per_round / min(times):.0f}; median {medians[name]:.0f}; {counts[name]} stored)")

    def ratio(label: str, mine: str, peer: str) -> None:
        print(f"  {label}: {rates[mine] / rates[peer]:.2f}x overall, {medians[mine] / medians[peer]:.2f}x by median "
              "round")

    ratio("ratio journal (JSONL) / eventsourcing (SQLite)", "journal (JSONL)", "eventsourcing (SQLite)")
    ratio("journal (JSONL) / floor (of a bare write+fsync)", "journal (JSONL)", "floor (write+fsync)")
    if "journal (PostgreSQL)" in rates:
        ratio("ratio journal (PostgreSQL) / eventsourcing (PostgreSQL)", "journal (PostgreSQL)",
              "eventsourcing (PostgreSQL)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=10000, help="commits per store in all (default 10000)")
    parser.add_argument("--rounds", type=int, default=20, help="turns each store takes (default 20)")
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temp dir in the cwd)")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test",
                        help="the PostgreSQL server and database to use ('' to leave PostgreSQL out)")
    args = parser.parse_args()
    try:
        import eventsourcing  # noqa: F401
    except ImportError:
        sys.exit("bench/append.py needs eventsourcing: .venv/bin/pip install -e '.[bench]'")

    directory = Path(tempfile.mkdtemp(prefix="bench-append-", dir=args.dir or Path.cwd()))
    stores = {"journal (JSONL)": journal_store(directory), "eventsourcing (SQLite)": eventsourcing_store(directory),
              "floor (write+fsync)": floor_store(directory)}
    drops = []
    per_round = args.commits // args.rounds
    try:
        if args.postgres:
            tag = f"{os.getpid()}"
            drops = [postgres_schema(args.postgres, f"bench_journal_{tag}"),
                     postgres_schema(args.postgres, f"bench_es_{tag}")]
            stores["journal (PostgreSQL)"] = journal_postgres_store(args.postgres, f"bench_journal_{tag}")
            stores["eventsourcing (PostgreSQL)"] = eventsourcing_postgres_store(args.postgres, f"bench_es_{tag}")
            server = "; " + postgres_settings(args.postgres)
        else:
            server = ""
        seconds, counts = run(stores, per_round, args.rounds)
        mode = sqlite_synchronous(directory)
    finally:
        for _, _, close in stores.values():
            close()
        for drop in drops:
            drop()
        shutil.rmtree(directory, ignore_errors=True)
    print(f"durable appends, one commit per fsync/transaction: {per_round * args.rounds} per store in "
          f"{args.rounds} alternating rounds, in {directory.parent} ({platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, eventsourcing SQLite {mode}"
          f"{server})")
    report(seconds, counts, per_round)


if __name__ == "__main__":
    main()
