"""A child process for the crash, concurrency and notification tests. It uses the real journal API only.

PATH is a JSONL file, or a game in a PostgreSQL store written ``pg:CONNECTION_STRING#SCHEMA/GAME_ID``.

    python journal_child.py crash PATH SEED
        Open the journal, print "ready", then append commits forever (half of them about 1 MB, so that a
        SIGKILL can land in the middle of the kernel copying the line). After each append returns it prints
        "SEQ HASH": that commit is acknowledged.

    python journal_child.py race PATH NAME COUNT
        Open the journal, print "ready", wait for a line on stdin, then:
        1. append seq 1 once: print "won HASH" or "lost NEXT_SEQ" (JournalConflict);
        2. append COUNT commits, each retried on JournalConflict: print "ok SEQ HASH I" per commit and
           "conflict" per conflict; finally "done".

    python journal_child.py append PATH COUNT
        Open the journal, print "ready", wait for a line on stdin, then append COUNT commits, printing
        "ok SEQ HASH" after each; finally "done".
"""

from __future__ import annotations

import random
import sys

from journal import JournalConflict, JsonlJournal, PostgresJournal

PAD = {"jsonl": 150_000, "postgresql": 2_000}  # race: bytes of padding per event


def open_journal(spec: str) -> JsonlJournal | PostgresJournal:
    """``spec``: a file path, or ``pg:CONNECTION_STRING#SCHEMA/GAME_ID``."""
    if spec.startswith("pg:"):
        url, _, where = spec[3:].rpartition("#")
        schema, _, game_id = where.partition("/")
        return PostgresJournal.open(url, game_id, schema=schema)
    return JsonlJournal.open(spec)


def store_of(spec: str) -> str:
    return "postgresql" if spec.startswith("pg:") else "jsonl"


def crash(path: str, seed: int) -> None:
    rng = random.Random(seed)
    journal = open_journal(path)
    big = store_of(path) == "jsonl"  # a file: large lines, so that a kill can tear one
    print("ready", flush=True)
    while True:
        size = rng.randint(800_000, 1_500_000) if big and rng.random() < 1 / 2 else rng.randint(0, 2000)
        seq = journal.last_seq + 1
        commit = journal.append(seq, "alice", {"type": "row", "seat": "alice", "pad": "x" * size},
                                [{"type": "rowed", "seat": "alice", "distance": seq}])
        sys.stdout.write(f"{commit.seq} {commit.hash}\n")  # one write: the ack is the complete line
        sys.stdout.flush()


def race(path: str, name: str, count: int) -> None:
    journal = open_journal(path)
    print("ready", flush=True)
    sys.stdin.readline()
    try:
        print("won", journal.append(1, name, {"type": "claim", "writer": name}).hash, flush=True)
    except JournalConflict as exc:
        print("lost", exc.next_seq, flush=True)
    pad = "y" * PAD[store_of(path)]
    for i in range(count):
        while True:
            try:
                commit = journal.append(journal.last_seq + 1, name, {"type": "row", "writer": name, "i": i},
                                        [{"type": "rowed", "pad": pad}])
            except JournalConflict:
                print("conflict", flush=True)
                continue
            print("ok", commit.seq, commit.hash, i, flush=True)
            break
    print("done", flush=True)


def append(path: str, count: int) -> None:
    journal = open_journal(path)
    print("ready", flush=True)
    sys.stdin.readline()
    for i in range(count):
        commit = journal.append(journal.last_seq + 1, "bob", {"type": "row", "seat": "bob", "i": i})
        print("ok", commit.seq, commit.hash, flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "crash":
        crash(args[0], int(args[1]))
    elif mode == "race":
        race(args[0], args[1], int(args[2]))
    elif mode == "append":
        append(args[0], int(args[1]))
    else:
        sys.exit(f"unknown mode {mode!r}")
