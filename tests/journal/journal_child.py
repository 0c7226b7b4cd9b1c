"""A child process for the crash and concurrency tests. It uses the real journal API only.

    python journal_child.py crash PATH SEED
        Open the journal, print "ready", then append commits forever (half of them about 1 MB, so that a
        SIGKILL can land in the middle of the kernel copying the line). After each append returns it prints
        "SEQ HASH": that commit is acknowledged.

    python journal_child.py race PATH NAME COUNT
        Open the journal, print "ready", wait for a line on stdin, then:
        1. append seq 1 once: print "won HASH" or "lost NEXT_SEQ" (JournalConflict);
        2. append COUNT commits, each retried on JournalConflict: print "ok SEQ HASH I" per commit and
           "conflict" per conflict; finally "done".
"""

from __future__ import annotations

import random
import sys

from journal import JournalConflict, JsonlJournal


def crash(path: str, seed: int) -> None:
    rng = random.Random(seed)
    journal = JsonlJournal.open(path)
    print("ready", flush=True)
    while True:
        size = rng.randint(800_000, 1_500_000) if rng.random() < 1 / 2 else rng.randint(0, 2000)
        seq = journal.last_seq + 1
        commit = journal.append(seq, "alice", {"type": "row", "seat": "alice", "pad": "x" * size},
                                [{"type": "rowed", "seat": "alice", "distance": seq}])
        sys.stdout.write(f"{commit.seq} {commit.hash}\n")  # one write: the ack is the complete line
        sys.stdout.flush()


def race(path: str, name: str, count: int) -> None:
    journal = JsonlJournal.open(path)
    print("ready", flush=True)
    sys.stdin.readline()
    try:
        print("won", journal.append(1, name, {"type": "claim", "writer": name}).hash, flush=True)
    except JournalConflict as exc:
        print("lost", exc.next_seq, flush=True)
    pad = "y" * 150_000
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


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "crash":
        crash(args[0], int(args[1]))
    elif mode == "race":
        race(args[0], args[1], int(args[2]))
    else:
        sys.exit(f"unknown mode {mode!r}")
