"""Several processes, one store (issue 32): two real ``lifeboat serve --store`` processes on the real PostgreSQL
(two servers on two ports, or ``--workers 2`` on one port);
the pages of one game follow it on both (event streams, LISTEN/NOTIFY between the processes); one process is
killed (SIGKILL) mid-game; its pages reconnect to the other from the last seq they saw and the game goes on; every
decision a process acknowledged (200) is in the store, as that seat's decision at that seq, and the exported game
audits clean."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

import httpx

from tests.helpers import EXE
from tests.web.conftest import spawn_serve, stop_server, wait_up
from tests.web.players import run_async

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
BEFORE_KILL, AFTER_KILL = 12, 12  # acknowledged decisions before the kill, and after it


async def _events(response: httpx.Response):  # type: ignore[no-untyped-def]
    seq, data = None, None
    async for line in response.aiter_lines():
        if line.startswith("id: "):
            seq = int(line[4:])
        elif line.startswith("data: "):
            data = json.loads(line[6:])
        elif line == "" and data is not None:
            yield seq, data
            seq, data = None, None


class Table:
    """The pages of one game, each seat's on a process of its own choosing; ``acked``: ``(seq made on, seq
    answered, seat name, command)`` of every decision a process answered 200."""

    def __init__(self, game: str, tokens: dict[str, str], home: dict[str, str]) -> None:
        self.game, self.tokens, self.home = game, tokens, home
        self.acked: list[tuple[int, int, str, dict]] = []
        self.seen: dict[str, list[tuple[str, int]]] = {n: [] for n in PLAYERS}  # (process, seq) each page got
        self.dead: set[str] = set()
        self.over = asyncio.Event()
        self.killed_at, self.killed = 0, False
        self.after: set[str] = set()  # the pages that a live process sent something after the kill

    async def page(self, client: httpx.AsyncClient, name: str, bases: list[str]) -> None:
        """A seat's page: follow the stream of its process, decide when it may (the first decision offered);
        when the connection breaks, reconnect to a live process from the last seq seen."""
        since, headers = 0, {"Authorization": f"Bearer {self.tokens[name]}"}
        while not self.over.is_set():
            base = next(b for b in bases if b not in self.dead)
            try:
                async with client.stream("GET", f"{base}/api/games/{self.game}/events", params={"since": since},
                                         headers=headers) as r:
                    assert r.status_code == 200, await r.aread()
                    async for seq, msg in _events(r):
                        since = seq
                        self.seen[name].append((base, seq))
                        if self.killed and base not in self.dead:  # a live process's message: one the dead
                            self.after.add(name)  # process had sent before the kill, read after it, is not one
                        if msg["view"]["over"] or (len(self.acked) >= BEFORE_KILL + AFTER_KILL
                                                   and self.after == set(PLAYERS)):
                            self.over.set()
                            return
                        if msg["decisions"]:
                            await self._decide(client, base, name, seq, msg["decisions"][0]["command"])
            except (httpx.HTTPError, OSError):
                await asyncio.sleep(0.05)

    async def _decide(self, client: httpx.AsyncClient, base: str, name: str, seq: int, command: dict) -> None:
        """Send the decision; on a lost connection (not acknowledged: it may or may not be in the store) raise
        :class:`httpx.HTTPError`, so the page reconnects and reads the table again, as a person would look again."""
        r = await client.post(f"{base}/api/games/{self.game}/decisions", json={"expected_seq": seq,
                              "command": command}, headers={"Authorization": f"Bearer {self.tokens[name]}"})
        if r.status_code == 200:
            self.acked.append((seq, r.json()["seq"], name, command))  # the decision and the chance after it


def play_and_kill(table: Table, bases: dict[str, list[str]], kill: Callable[[], None]) -> None:
    """The pages of ``table`` (each seat tries ``bases[seat]`` in turn), deciding; after :data:`BEFORE_KILL`
    acknowledged decisions ``kill()``; then on to :data:`AFTER_KILL` more (or the end)."""

    async def run() -> None:
        async with httpx.AsyncClient(timeout=httpx.Timeout(20)) as client:
            pages = [asyncio.create_task(table.page(client, n, bases[n])) for n in PLAYERS]
            while len(table.acked) < BEFORE_KILL and not table.over.is_set():
                await asyncio.sleep(0.02)
            kill()  # mid-game, whatever the process was doing
            table.killed_at, table.killed = len(table.acked), True
            await asyncio.wait_for(table.over.wait(), 90)
            for task in pages:
                task.cancel()
            await asyncio.gather(*pages, return_exceptions=True)

    run_async(run())  # in a thread of its own: a test before may have left this thread an event loop


def new_table(base: str, home: Callable[[str], str]) -> Table:
    made = httpx.post(base + "/api/games", json={"players": PLAYERS, "seed": 31})
    assert made.status_code == 201, made.text
    tokens = {n: u.split("#", 1)[1] for n, u in made.json()["links"].items()}
    return Table(made.json()["game"], tokens, {n: home(n) for n in PLAYERS})


def test_two_processes_serve_one_game_and_a_killed_one_loses_nothing_acknowledged(
        postgres_url: str, postgres_schema: str, tmp_path: Path) -> None:
    procs = [spawn_serve(tmp_path / f"{x}.log", "--store", postgres_url, "--schema", postgres_schema)
             for x in "ab"]
    try:
        for (proc, base), x in zip(procs, "ab"):
            wait_up(proc, base, tmp_path / f"{x}.log")
        (proc_a, a), (_, b) = procs
        table = new_table(a, lambda n: a if n in ("Ann", "Bob") else b)  # two pages on each process

        def kill_a() -> None:
            os.kill(proc_a.pid, signal.SIGKILL)
            table.dead.add(a)

        play_and_kill(table, {n: [table.home[n]] + [x for x in (a, b) if x != table.home[n]] for n in PLAYERS},
                      kill_a)
    finally:
        for proc, _ in procs:
            stop_server(proc)
    check(table, postgres_url, postgres_schema, tmp_path)
    # the pages on B followed decisions A took, and A's pages went on with B after the kill
    by_a = {seq for _, seq, name, _ in table.acked[:table.killed_at] if table.home[name] == a}
    assert by_a & {seq for base, seq in table.seen["Cy"] if base == b}, "a page on B saw A's decisions"
    assert any(base == b for base, _ in table.seen["Ann"]), "Ann's page reconnected to B"


def test_serve_workers_two_processes_on_one_port_and_a_killed_worker_loses_nothing_acknowledged(
        postgres_url: str, postgres_schema: str, tmp_path: Path) -> None:
    """``serve --store --workers 2``: two processes behind one port (no sticky sessions: the kernel hands each
    connection to either); one worker killed mid-game, its pages reconnect to the same address."""
    log = tmp_path / "w.log"
    proc, base = spawn_serve(log, "--store", postgres_url, "--schema", postgres_schema, "--workers", "2")
    try:
        wait_up(proc, base, log)
        workers = [pid for pid in map(int, Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split())
                   if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert len(workers) == 2, workers
        table = new_table(base, lambda n: base)
        play_and_kill(table, {n: [base] for n in PLAYERS}, lambda: os.kill(workers[0], signal.SIGKILL))
    finally:
        stop_server(proc)
    check(table, postgres_url, postgres_schema, tmp_path)


def check(table: Table, postgres_url: str, postgres_schema: str, tmp_path: Path) -> None:
    """The game went on after the kill; every acknowledged decision is in the store; the export audits clean."""
    game = table.game
    acked_after = table.acked[table.killed_at:]
    assert table.killed_at >= BEFORE_KILL and acked_after, "the game went on after the kill"
    out = tmp_path / "game.jsonl"
    exp = subprocess.run([EXE, "export", game, "-o", str(out), "--store", postgres_url, "--schema", postgres_schema],
                         capture_output=True, text=True, timeout=60)
    assert exp.returncode == 0, exp.stderr
    commits = {c["seq"]: c for c in map(json.loads, out.read_text().splitlines()[1:])}
    for made_on, seq, name, command in table.acked:  # nothing acknowledged is lost: each as sent, in its range
        assert seq in commits, f"acknowledged seq {seq} ({name}) is not in the store"
        assert any(commits[s]["command"] == command for s in range(made_on + 1, seq + 1)), (made_on, seq, name)
    audit = subprocess.run([EXE, "audit", str(out)], capture_output=True, text=True, timeout=120)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_workers_serve_a_store_never_a_folder(tmp_path: Path) -> None:
    """``--workers N`` is for a store: a folder is served by one process (SERVE-10); N from 1 to 64."""
    for args, says in ((["--workers", "2"], "never a folder"), (["--workers", "0", "--store", "postgresql://x/y"],
                                                                 "from 1 to 64")):
        done = subprocess.run([EXE, "serve", "--dir", str(tmp_path), "--no-qr", *args], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 2 and says in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
