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

Same payload: every eventsourcing event's ``state`` is the very bytes of the journal's line for the same commit
(seq, time, actor, command, events, previous hash and hash), so both stores write as many bytes per commit.

Both PostgreSQL stores use the same server (``--postgres``, default ``postgresql://postgres@127.0.0.1:5432/test``),
each in a schema of its own made for the run and dropped after it; the script prints the server's ``fsync`` and
``synchronous_commit`` settings (on/on: a commit is flushed to disk before it is acknowledged). ``--postgres ''``
leaves PostgreSQL out.

The stores take turns in rounds, in the opposite order every other round, so a drift of the disk's speed during
the run hits both alike; each ratio is printed from the overall rates, from the median rounds, and as the median of
the per-round ratios (each round's pair ran back to back: this one shrugs off a stall of a shared disk best). The
PostgreSQL settings printed are read on each store's own connection. This is a
benchmark, not a test. It needs ``pip install -e '.[bench]'`` (for eventsourcing). Run:

    .venv/bin/python bench/append.py [--commits 10000] [--rounds 20] [--dir PATH] [--postgres URL] [--only-postgres]
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


def journal_line() -> bytes:
    """The journal's line (without its newline) for a commit of ``COMMAND`` and ``EVENTS``: the payload the
    eventsourcing stores write, so that both sides write as many bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "line.jsonl"
        with JsonlJournal.create(path, Header.new(game_id="bench", ruleset="standard",
                                                   players=["alice", "bob", "carol"])) as journal:
            journal.append(1, "alice", COMMAND, EVENTS)
        return path.read_bytes().splitlines()[1]


def recorder_store(recorder: Any, close: Callable[[], None]) -> Store:
    """An eventsourcing aggregate recorder as a store: one ``insert_events`` of one event per append, its state
    the bytes of a journal line (:func:`journal_line`)."""
    from eventsourcing.persistence import StoredEvent

    recorder.create_table()
    originator = uuid.uuid4()
    state = journal_line()

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


def journal_postgres_store(url: str, schema: str) -> tuple[Store, Any]:
    """The journal's PostgreSQL store as a store, and the :class:`journal.PostgresStore` it writes to."""
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

    return (append, count, close), store


def eventsourcing_postgres_store(url: str, schema: str) -> tuple[Store, Any]:
    """eventsourcing's PostgreSQL aggregate recorder as a store, and its ``PostgresDatastore``."""
    from eventsourcing.postgres import PostgresAggregateRecorder, PostgresDatastore
    from psycopg.conninfo import conninfo_to_dict

    parts = conninfo_to_dict(url)
    datastore = PostgresDatastore(str(parts.get("dbname", "")), str(parts.get("host", "127.0.0.1")),
                                  str(parts.get("port", 5432)), str(parts.get("user", "")),
                                  str(parts.get("password", "")), schema=schema)
    return recorder_store(PostgresAggregateRecorder(datastore), datastore.close), datastore


SETTINGS = ("SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync, "
            "current_setting('wal_sync_method') AS method, current_setting('synchronous_commit') AS commit")


def postgres_settings(ours: Any, peers: Any) -> str:
    """The server's version and durability settings, ``synchronous_commit`` as each store's own connection has it
    (``ours``: a :class:`journal.PostgresStore`; ``peers``: eventsourcing's ``PostgresDatastore``)."""
    with ours.connection() as conn:
        version, fsync, method, mine = conn.execute(SETTINGS).fetchone()
    with peers.get_connection() as conn, conn.cursor() as cursor:
        cursor.execute(SETTINGS)
        theirs = cursor.fetchone()["commit"]
    return (f"PostgreSQL {version}, fsync={fsync}, wal_sync_method={method}, synchronous_commit={mine} (journal) / "
            f"{theirs} (eventsourcing)")


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
    """Let the stores take turns, ``rounds`` times ``per_round`` appends each, in the opposite order every other
    round; the seconds of each turn, and how many commits each store holds at the end."""
    seconds: dict[str, list[float]] = {name: [] for name in stores}
    next_seq = dict.fromkeys(stores, 1)
    for name, (append, _, _) in stores.items():  # warm up: imports, tables, first file blocks, prepared statements
        for _ in range(20):
            append(next_seq[name])
            next_seq[name] += 1
    for number in range(rounds):
        turns = list(stores.items())
        for name, (append, _, _) in turns if number % 2 == 0 else reversed(turns):
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
        paired = statistics.median(theirs / ours for ours, theirs in zip(seconds[mine], seconds[peer]))
        print(f"  {label}: {rates[mine] / rates[peer]:.2f}x overall, {medians[mine] / medians[peer]:.2f}x by median "
              f"round, {paired:.2f}x median of the {len(seconds[mine])} rounds' ratios")

    if "journal (JSONL)" in rates:
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
    parser.add_argument("--only-postgres", action="store_true", help="leave out the JSONL, SQLite and floor stores")
    args = parser.parse_args()
    if args.dir is not None and not args.dir.is_dir():  # a mistyped folder: one line, not mkdtemp's traceback
        what = ("is a file, not a folder; name a folder" if args.dir.exists()
                else f"no such folder; create it (mkdir {args.dir})")
        print(f"bench/append.py: --dir {args.dir}: {what} or leave --dir out (a temp dir)", file=sys.stderr)
        sys.exit(2)
    try:
        import eventsourcing  # noqa: F401
    except ImportError:
        sys.exit("bench/append.py needs eventsourcing: .venv/bin/pip install -e '.[bench]'")

    directory = Path(tempfile.mkdtemp(prefix="bench-append-", dir=args.dir or Path.cwd()))
    stores: dict[str, Store] = {}
    if not args.only_postgres:
        stores = {"journal (JSONL)": journal_store(directory), "eventsourcing (SQLite)": eventsourcing_store(directory),
                  "floor (write+fsync)": floor_store(directory)}
    drops = []
    per_round = args.commits // args.rounds
    try:
        if args.postgres:
            tag = f"{os.getpid()}"
            drops = [postgres_schema(args.postgres, f"bench_journal_{tag}"),
                     postgres_schema(args.postgres, f"bench_es_{tag}")]
            stores["journal (PostgreSQL)"], ours = journal_postgres_store(args.postgres, f"bench_journal_{tag}")
            stores["eventsourcing (PostgreSQL)"], peers = eventsourcing_postgres_store(args.postgres,
                                                                                      f"bench_es_{tag}")
            server = "; " + postgres_settings(ours, peers)
        else:
            server = ""
        seconds, counts = run(stores, per_round, args.rounds)
        mode = "" if args.only_postgres else f", eventsourcing SQLite {sqlite_synchronous(directory)}"
    finally:
        for _, _, close in stores.values():
            close()
        for drop in drops:
            drop()
        shutil.rmtree(directory, ignore_errors=True)
    print(f"durable appends, one commit per fsync/transaction: {per_round * args.rounds} per store in "
          f"{args.rounds} alternating rounds, in {directory.parent} ({platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}{mode}"
          f"{server})")
    report(seconds, counts, per_round)


if __name__ == "__main__":
    main()
