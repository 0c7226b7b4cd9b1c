"""Helpers for the journal tests: a stepping clock, a miniature game's commands and events, a header, and the
child processes of journal_child.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec

from journal import Header

T0 = 1_700_000_000_000  # 2023-11-14T22:13:20Z in ms


class StepClock:
    """A clock that starts at T0 and advances 1000 ms per reading; ``now`` is the last reading."""

    def __init__(self, start: int = T0, step: int = 1000) -> None:
        self.now = start - step
        self.step = step

    def __call__(self) -> int:
        self.now += self.step
        return self.now


# A miniature game's commands and events: msgspec tagged unions, as a real game passes them.
class Row(msgspec.Struct, frozen=True, tag="row"):
    seat: str
    strokes: int = 1


class Fight(msgspec.Struct, frozen=True, tag="fight"):
    attacker: str
    defender: str


class Rowed(msgspec.Struct, frozen=True, tag="rowed"):
    seat: str
    distance: int


class Wounded(msgspec.Struct, frozen=True, tag="wounded"):
    seat: str
    wounds: int


Command = Row | Fight
Event = Rowed | Wounded


def make_header(game_id: str = "game-1", **changes: object) -> Header:
    fields: dict[str, object] = dict(game_id=game_id, created_ms=T0, ruleset="standard",
                                     options={"rounds": 4, "variant": None}, players=("alice", "bob", "carol"),
                                     deck_commitment="0" * 64, meta={"table": "kitchen"})
    fields.update(changes)
    return Header(**fields)  # type: ignore[arg-type]


def sound_file(path: Path, commits: int) -> list[bytes]:
    """Write a new journal at ``path`` holding ``commits`` commits (alice rows at odd seqs, bob fights at even ones,
    a :class:`StepClock`); return its lines, each with its newline."""
    from journal import JsonlJournal

    with JsonlJournal.create(path, make_header(), clock=StepClock()) as j:
        for seq in range(1, commits + 1):
            if seq % 2:
                j.append(seq, "alice", Row("alice", strokes=seq), [Rowed("alice", distance=seq)])
            else:
                j.append(seq, "bob", Fight("bob", "alice"), [Wounded("alice", wounds=seq)])
    return path.read_bytes().splitlines(keepends=True)


CHILD = str(Path(__file__).with_name("journal_child.py"))


def start(*args: str) -> subprocess.Popen[str]:
    """Start a child (``journal_child.py ARGS``) without waiting for it."""
    return subprocess.Popen([sys.executable, CHILD, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def await_ready(child: subprocess.Popen[str]) -> subprocess.Popen[str]:
    """Wait for a child's "ready" line; return the child."""
    assert child.stdout is not None and child.stderr is not None
    ready = child.stdout.readline()
    assert ready == "ready\n", (ready, child.stderr.read())
    return child


def spawn(*args: str) -> subprocess.Popen[str]:
    """Start a child and wait for its "ready" line."""
    return await_ready(start(*args))


def go(child: subprocess.Popen[str]) -> None:
    """Send a child waiting on stdin its "go" line."""
    assert child.stdin is not None
    child.stdin.write("go\n")
    child.stdin.flush()


def finish(child: subprocess.Popen[str]) -> tuple[str, str]:
    """The rest of a child's stdout and stderr, once it has exited.

    Read through the same buffered file objects as the "ready" line: ``communicate()`` would read the raw pipes
    and miss any acknowledgement already buffered behind that line.
    """
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    child.stdin.close()
    out, err = child.stdout.read(), child.stderr.read()
    child.wait(timeout=60)
    return out, err
