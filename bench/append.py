"""Durable appends per second: the JSONL journal against the eventsourcing library's SQLite recorder.

Both stores write the same payload (a game-sized command and one event, as JSON bytes), one commit per durable
write, in the same run, in the same directory (so on the same disk):

* journal:       ``JsonlJournal.append`` = flock, catch-up check, one ``write``, one ``fsync`` per commit;
* eventsourcing: ``SQLiteAggregateRecorder.insert_events([one StoredEvent])`` = one SQLite transaction per event
  (WAL mode; the script prints the ``synchronous`` level in force: FULL means the WAL is fsynced at every commit);
* floor:         a bare ``os.write`` + ``os.fsync`` of the same bytes, for reference.

The stores take turns in rounds, so a drift of the disk's speed during the run hits both alike; the ratio is
printed from the overall rates and from the median rounds (the latter shrugs off a stall of a shared disk). This is a
benchmark, not a test. It needs ``pip install -e '.[bench]'`` (for eventsourcing). Run:

    .venv/bin/python bench/append.py [--commits 3000] [--rounds 6] [--dir PATH]
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

import msgspec

from journal import Header, JsonlJournal

COMMAND = {"type": "row", "seat": "alice", "strokes": 1, "note": "a game-sized command"}
EVENTS = [{"type": "rowed", "seat": "alice", "distance": 1, "thirst": ["bob", "carol"]}]


def journal_store(directory: Path) -> tuple[Callable[[int], None], Callable[[], int], Callable[[], None]]:
    journal = JsonlJournal.create(directory / "bench.jsonl",
                                  Header.new(game_id="bench", ruleset="standard", players=["alice", "bob", "carol"]))

    def append(seq: int) -> None:
        journal.append(seq, "alice", COMMAND, EVENTS)

    def count() -> int:
        return sum(1 for _ in journal.commits())

    return append, count, journal.close


def eventsourcing_store(directory: Path) -> tuple[Callable[[int], None], Callable[[], int], Callable[[], None]]:
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.sqlite import SQLiteAggregateRecorder, SQLiteDatastore

    datastore = SQLiteDatastore(str(directory / "bench.sqlite"))
    recorder = SQLiteAggregateRecorder(datastore)
    recorder.create_table()
    originator = uuid.uuid4()
    state = msgspec.json.encode({"command": COMMAND, "events": EVENTS})

    def append(seq: int) -> None:
        recorder.insert_events([StoredEvent(originator_id=originator, originator_version=seq,
                                            topic="bench:Rowed", state=state)])

    def count() -> int:
        return len(recorder.select_events(originator))

    return append, count, datastore.close


def floor_store(directory: Path) -> tuple[Callable[[int], None], Callable[[], int], Callable[[], None]]:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=10000, help="commits per store in all (default 10000)")
    parser.add_argument("--rounds", type=int, default=20, help="turns each store takes (default 20)")
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temp dir in the cwd)")
    args = parser.parse_args()
    try:
        import eventsourcing  # noqa: F401
    except ImportError:
        sys.exit("bench/append.py needs eventsourcing: .venv/bin/pip install -e '.[bench]'")

    directory = Path(tempfile.mkdtemp(prefix="bench-append-", dir=args.dir or Path.cwd()))
    stores = {"journal (JSONL)": journal_store(directory), "eventsourcing (SQLite)": eventsourcing_store(directory),
              "floor (write+fsync)": floor_store(directory)}
    per_round = args.commits // args.rounds
    seconds: dict[str, list[float]] = {name: [] for name in stores}
    next_seq = dict.fromkeys(stores, 1)
    try:
        for name, (append, _, _) in stores.items():  # warm up: imports, tables, first file blocks
            for _ in range(20):
                append(next_seq[name])
                next_seq[name] += 1
        for _ in range(args.rounds):
            for name, (append, _, _) in stores.items():
                start = time.perf_counter()
                for _ in range(per_round):
                    append(next_seq[name])
                    next_seq[name] += 1
                seconds[name].append(time.perf_counter() - start)
        counts = {name: count() for name, (_, count, _) in stores.items()}
        mode = sqlite_synchronous(directory)
    finally:
        for _, _, close in stores.values():
            close()
        shutil.rmtree(directory, ignore_errors=True)

    rates = {name: per_round * len(times) / sum(times) for name, times in seconds.items()}
    spread = {name: (per_round / max(times), per_round / min(times)) for name, times in seconds.items()}
    print(f"durable appends, one commit per fsync/transaction: {per_round * args.rounds} per store in "
          f"{args.rounds} alternating rounds, in {directory.parent} ({platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, eventsourcing SQLite {mode})")
    for name, rate in rates.items():
        low, high = spread[name]
        print(f"  {name:24s} {rate:9.0f} commits/s   (rounds: {low:.0f} to {high:.0f}; "
              f"median {per_round / statistics.median(seconds[name]):.0f}; {counts[name]} stored)")
    medians = {name: per_round / statistics.median(times) for name, times in seconds.items()}
    journal, peer, floor = "journal (JSONL)", "eventsourcing (SQLite)", "floor (write+fsync)"
    print(f"  ratio journal / eventsourcing: {rates[journal] / rates[peer]:.2f}x overall, "
          f"{medians[journal] / medians[peer]:.2f}x by median round")
    print(f"  journal / floor: {rates[journal] / rates[floor]:.2f} overall, "
          f"{medians[journal] / medians[floor]:.2f} by median round (of a bare write+fsync)")


if __name__ == "__main__":
    main()
