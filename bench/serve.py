"""Benchmark of ``lifeboat serve``: N tables on loopback, every seat a scripted HTTP client (bots in every seat).

    .venv/bin/python bench/serve.py [--tables 1,10,50] [--players 4] [--seed 1] [--client aiohttp|httpx]
                                    [--think MS] [--seconds S] [--store URL [--processes N]]
    .venv/bin/python bench/serve.py --streams N      # the server's memory per open event stream

``--seconds S`` stops the tables after S seconds and measures what was done; ``--store URL --processes N`` serves a
fresh schema of that PostgreSQL from N ``serve --store`` processes, the links of each table spread over them
(issue 32: several processes, one store).

For each N it starts a fresh ``lifeboat serve`` (uvicorn, a subprocess) on 127.0.0.1, deals N games through the
API and lets one client per seat play each game to the end: the client follows its seat's event stream and, when
the seat has decisions, picks one with the random bot and POSTs it; a spectator and a referee stream watch each
table too. The clients are :class:`LightPlayer` (aiohttp, the default) or ``tests/web/players.py`` as the web
tests run it (``--client httpx``): the same protocol and bot; aiohttp costs the clients about a quarter of the CPU
a decision, and the clients share the cores with the server. It prints:

- decisions/s: decisions the server accepted (200), over the wall time of the run;
- latency p50/p99 (ms): from the moment a client sent a decision to the arrival, at each seat's connection of
  that table, of the message carrying the seq the decision produced (every seat, every accepted decision);
- the bare write+fsync rate of the same disk, measured in the same run (400-byte lines appended to one file, an
  fsync after each), and the ratio decisions/s ÷ that rate;
- 409/dec: decisions refused as stale (SERVE-2) per accepted one: in a window several seats may act, every
  client sends at once and one wins;
- srv ms / cli ms: CPU milliseconds (user + system) the server process and this process (the clients) used per
  accepted decision during the run (on a shared machine, what the wall time cannot say).

Goals (issue 11): p99 ≤ 50 ms at 50 tables; decisions/s ≥ 0.5 × the write+fsync rate. The clients run in this
one process, on the same cores as the server: they are part of what is measured. By default they decide at once
(no thinking time: a closed loop, the headline figures), so each table has a decision in flight nearly all the
time and, by Little's law, the latency is at least tables ÷ decisions/s: p99 ≤ 50 ms at 50 tables needs over
1,000 decisions/s, i.e. under 2 ms of CPU a decision for server and clients together on two idle cores.
``--think MS`` makes each seat wait before sending a decision, as a person at a table would: MS ms on average,
uniform from 0.5 to 1.5 × MS; a seat still thinking when the table changes decides again on the new table, as a
person whose page was redrawn would (without that, every seat of a window sent its decision on a stale seq: as many
409s as accepted decisions). The decision is timed from its sending, after the wait: the latency of a server that
is not saturated. Each client has its
own connection pool (httpcore polls every idle connection of a pool on each request), and the cyclic garbage
collector is off in this process during the run (its full collections of the messages the clients keep stopped
every stream at once for seconds: the clients' pause, not the server's).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import platform
import random
import resource
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
import httpx  # noqa: E402
import msgspec  # noqa: E402

from lifeboat.commands import PlayerCommand  # noqa: E402
from lifeboat.service.live.bots import random_bot  # noqa: E402
from tests.web.conftest import Server, new_game, spawn_serve, start_server, stop_server, wait_up  # noqa: E402
from tests.web.players import Player, Received, Sent, run_async  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def fsync_rate(folder: Path, seconds: float = 2.0) -> float:
    """Appends of a 400-byte line, each followed by an fsync, per second."""
    path = folder / "fsync.bin"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    line = b"x" * 399 + b"\n"
    n, start = 0, time.perf_counter()
    try:
        while time.perf_counter() - start < seconds:
            os.write(fd, line)
            os.fsync(fd)
            n += 1
    finally:
        os.close(fd)
        path.unlink()
    return n / (time.perf_counter() - start)


def cpu_s(pid: int | None = None) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` (Linux /proc), or by this process."""
    if pid is None:
        ru = resource.getrusage(resource.RUSAGE_SELF)
        return ru.ru_utime + ru.ru_stime
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


class _View(msgspec.Struct):
    over: bool
    viewer: str | None = None


class _Decision(msgspec.Struct):
    command: PlayerCommand


class _Message(msgspec.Struct):
    """What a scripted client reads of a pushed message (msgspec skips the rest: the view's table, the events)."""

    seq: int
    view: _View
    decisions: list[_Decision] = []


_read = msgspec.json.Decoder(_Message).decode
_RETRY = (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError)


class LightPlayer(Player):
    """:class:`tests.web.players.Player` on aiohttp (one session per client): the same protocol and the same random
    bot, measured the same way (``received``, ``sent``), with less of the clients' own CPU per decision; it keeps
    each message's seq and arrival time, not its bytes."""

    async def play_light(self, session: aiohttp.ClientSession, think: float) -> None:
        rng, tasks, decided_on = random.Random(self.seed), [], -1
        self._pace = random.Random(self.seed + 1)  # thinking times: a stream of their own, the bot's stays as it was
        self._thinking: asyncio.Task[None] | None = None  # a decision still being thought over (--think)
        url = f"{self.base}/api/games/{self.game}/events"
        try:
            async with session.get(url, params={"since": str(self.since)}, headers=self.headers,
                                   timeout=aiohttp.ClientTimeout(total=None, sock_read=60)) as resp:
                assert resp.status == 200, resp.status
                data: list[bytes] = []
                async for line in resp.content:
                    if line.startswith(b"data:"):
                        data.append(line[5:].strip())
                        continue
                    if line.strip() or not data:
                        continue
                    msg, data = _read(b"\n".join(data)), []
                    self.received.append(Received(time.perf_counter(), msg.seq, b"", {}))
                    if self._thinking is not None:  # the table changed while this seat thought: as a person
                        self._thinking.cancel()      # sees the page redrawn, it decides again on the new table
                        self._thinking = None
                    if msg.view.over:
                        return
                    if self.decide and msg.decisions and msg.seq != decided_on:
                        decided_on = msg.seq
                        tasks.append(asyncio.get_running_loop().create_task(self._post(session, msg, rng, think)))
                        tasks[-1].add_done_callback(_stop_on_error(asyncio.current_task()))
                        self._thinking = tasks[-1] if think else None
        finally:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _post(self, session: aiohttp.ClientSession, msg: _Message, rng: random.Random, think: float) -> None:
        cmd = random_bot(msg.view.viewer or "", [d.command for d in msg.decisions], rng)
        if think:  # a person: some time between half and one and a half times the mean
            await asyncio.sleep(think * self._pace.uniform(0.5, 1.5))
            self._thinking = None  # decided: sent whatever comes now (a 409 if the table moved meanwhile)
        body = msgspec.json.encode({"expected_seq": msg.seq, "command": cmd})
        url = f"{self.base}/api/games/{self.game}/decisions"
        headers = dict(self.headers, **{"Content-Type": "application/json"})
        at = time.perf_counter()
        for attempt in (1, 2):  # once more on a kept-alive connection the server had just closed (a replay: 409)
            try:
                async with session.post(url, data=body, headers=headers) as r:
                    status, raw = r.status, await r.read()
                break
            except _RETRY:
                if attempt == 2:
                    raise
        self.sent.append(Sent(at, msg.seq, status, msgspec.json.decode(raw)["seq"] if status == 200 else None))


FAILED_DECISIONS: list[BaseException] = []
"""The decisions whose POST failed (a timeout, a lost connection): each stopped its client."""


def _stop_on_error(follow: asyncio.Task | None):  # type: ignore[no-untyped-def]
    def check(task: asyncio.Task[None]) -> None:  # a decision that failed: stop this client, do not hang
        if not task.cancelled() and task.exception() is not None and follow is not None:
            FAILED_DECISIONS.append(task.exception())  # type: ignore[arg-type]
            follow.cancel()
    return check


def _players(bases: list[str], games: list[dict], seed: int, kind: type[Player]) -> list[list[Player]]:
    """One client per link of each table; the links of table ``t`` go to the servers in turn from ``t``."""
    return [[kind(bases[(t + i) % len(bases)], g["game"], name, token, decide=name not in ("spectator", "referee"),
                  seed=seed * 1000 + t * 10 + i)
             for i, (name, token) in enumerate(sorted(g["tokens"].items()))]
            for t, g in enumerate(games)]


async def run_tables(bases: list[str], games: list[dict], seed: int, client: str,
                     think: float, seconds: float = 0.0) -> tuple[float, list[list[Player]]]:
    tables = _players(bases, games, seed, LightPlayer if client == "aiohttp" else Player)
    players = [p for table in tables for p in table]
    # One client (connection pool) per player: on each request httpcore looks over every connection of its pool
    # (a poll of each idle socket), so one pool for 50 tables cost the clients O(tables) a request.
    if client == "aiohttp":
        sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0), read_bufsize=2**20)
                    for _ in players]
        plays = [p.play_light(c, think) for c, p in zip(sessions, players)]  # type: ignore[attr-defined]
    else:
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
        sessions = [httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(60)) for _ in players]
        plays = [p.play(c) for c, p in zip(sessions, players)]
    # The clients keep every message they receive to measure afterwards: with the cyclic garbage
    # collector on, its full collections over that growing heap stopped this process for 1-4 s at a time
    # (every stream of every table at once), which the latencies counted as the server's. Off during the run.
    gc.disable()
    try:
        start = time.perf_counter()
        tasks = [asyncio.ensure_future(p) for p in plays]
        done, pending = await asyncio.wait(tasks, timeout=seconds or None)  # --seconds: the tables stop there
        for task in pending:
            task.cancel()
        wall = time.perf_counter() - start
        await asyncio.gather(*pending, return_exceptions=True)
        failed = [t.exception() for t in done if not t.cancelled() and t.exception() is not None]
        failed += FAILED_DECISIONS
        if failed:  # a client that failed (a lost connection) stops; the others go on: said, not hidden
            kinds = sorted({type(e).__name__ for e in failed})
            print(f"  ({sum(t.cancelled() or t.exception() is not None for t in done)} of {len(tasks)} clients "
                  f"stopped early: {', '.join(kinds)})", flush=True)
        FAILED_DECISIONS.clear()
        return wall, tables
    finally:
        gc.enable()
        for session in sessions:
            await (session.close() if client == "aiohttp" else session.aclose())  # type: ignore[union-attr]


def measure(tables: list[list[Player]]) -> tuple[int, int, list[float]]:
    """Decisions accepted, decisions refused as stale (409, SERVE-2), and every latency (ms)."""
    accepted, conflicts, latencies = 0, 0, []
    for table in tables:
        seats = [p for p in table if p.decide]
        arrivals = {p.name: {r.seq: r.at for r in p.received} for p in table}
        for p in seats:
            for sent in p.sent:
                conflicts += sent.status == 409
                if sent.status != 200 or sent.seq is None:
                    continue
                accepted += 1
                for other in seats:
                    at = arrivals[other.name].get(sent.seq)
                    if at is not None:
                        latencies.append((at - sent.at) * 1000)
    return accepted, conflicts, latencies


@contextlib.contextmanager
def serving(folder: Path, store: str | None, processes: int) -> Iterator[tuple[list[int], list[Server]]]:
    """A fresh ``lifeboat serve`` of ``folder``, or ``processes`` ``serve --store`` processes on a fresh schema of
    ``store`` (dropped after): their pids and servers."""
    if store is None:
        proc, server = start_server(folder)
        try:
            yield [proc.pid], [server]
        finally:
            stop_server(proc)
        return
    schema = f"bench_{secrets.token_hex(4)}"
    started = [spawn_serve(folder / f"serve{i}.log", "--store", store, "--schema", schema) for i in range(processes)]
    try:
        for i, (proc, base) in enumerate(started):
            wait_up(proc, base, folder / f"serve{i}.log")
        yield [p.pid for p, _ in started], [Server(base, folder, folder / f"serve{i}.log")
                                            for i, (_, base) in enumerate(started)]
    finally:
        for proc, _ in started:
            stop_server(proc)
        import psycopg

        with psycopg.connect(store, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def open_streams(base: str, game: dict, n: int) -> list[aiohttp.ClientResponse]:
    """``n`` spectator event streams of ``game``, each read up to its first message (the catch-up)."""
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    url, headers = f"{base}/api/games/{game['game']}/events", {"Authorization": f"Bearer {game['tokens']['spectator']}"}

    async def one() -> aiohttp.ClientResponse:
        r = await session.get(url, headers=headers, timeout=aiohttp.ClientTimeout(total=None, sock_read=120))
        seen_data = False
        while True:  # up to the blank line that ends the first message
            line = (await r.content.readline()).strip()
            if line.startswith(b"data:"):
                seen_data = True
            elif not line and seen_data:
                return r

    opened: list[aiohttp.ClientResponse] = []
    for start in range(0, n, 200):  # in batches: the listen backlog
        opened += await asyncio.gather(*(one() for _ in range(min(200, n - start))))
    opened.append(session)  # type: ignore[arg-type]
    return opened


def stream_memory(n: int) -> None:
    """``--streams N``: a fresh server with one game; its resident memory before and with N open streams."""
    with tempfile.TemporaryDirectory() as tmp, serving(Path(tmp), None, 1) as (pids, servers):
        game = new_game(servers[0], NAMES[:4], seed=1)
        time.sleep(1.0)
        before = rss_kb(pids[0])

        async def hold() -> int:
            opened = await open_streams(servers[0].base, game, n)
            await asyncio.sleep(2.0)
            during = rss_kb(pids[0])
            session = opened.pop()
            for r in opened:
                r.close()
            await session.close()  # type: ignore[attr-defined]
            return during

        during = run_async(hold())
    print(f"{n} open event streams: server resident memory {before / 1024:.1f} MB -> {during / 1024:.1f} MB, "
          f"{(during - before) / n:.1f} KB per open stream (load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", default="1,10,50", help="comma-separated table counts")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--client", choices=("aiohttp", "httpx"), default="aiohttp",
                    help="the scripted clients' HTTP library (httpx: tests/web/players.py as the tests run it)")
    ap.add_argument("--think", type=float, default=0.0, metavar="MS",
                    help="each seat waits MS milliseconds on average (uniform from 0.5 to 1.5 x MS) before sending "
                         "a decision, like a person (aiohttp clients only; 0: a closed loop, the headline figures)")
    ap.add_argument("--seconds", type=float, default=0.0, help="stop the tables after this many seconds (0: play "
                    "every game to its end); the figures are of what was done by then")
    ap.add_argument("--store", default=None, help="serve --store on this PostgreSQL (a fresh schema, dropped after)")
    ap.add_argument("--processes", type=int, default=1, help="with --store: this many serve processes; the seats "
                    "of a table go to them in turn (no sticky sessions)")
    ap.add_argument("--streams", type=int, default=0, help="instead: the server's memory per open event stream")
    args = ap.parse_args()
    if args.streams:
        stream_memory(args.streams)
        return
    if args.think and args.client != "aiohttp":
        ap.error("--think works with --client aiohttp")
    where = f"serve --store, {args.processes} process(es)" if args.store else "serve --dir"
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}; {where}; {args.players} players per table, all seats scripted HTTP clients "
          f"({args.client}, think {args.think:g} ms) + spectator + referee streams")
    print(f"{'tables':>6} {'decisions':>9} {'wall s':>7} {'dec/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'fsync/s':>8} {'ratio':>6} {'409/dec':>7} {'srv ms':>6} {'cli ms':>6} {'load':>5}")
    for n in [int(x) for x in args.tables.split(",")]:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            rate = fsync_rate(folder)
            with serving(folder, args.store, args.processes) as (pids, servers):
                games = [new_game(servers[t % len(servers)], NAMES[:args.players], seed=args.seed * 100 + t)
                         for t in range(n)]
                server_cpu, client_cpu = sum(map(cpu_s, pids)), cpu_s()
                wall, tables = run_async(run_tables([s.base for s in servers], games, args.seed, args.client,
                                                    args.think / 1000, args.seconds))
                server_cpu, client_cpu = sum(map(cpu_s, pids)) - server_cpu, cpu_s() - client_cpu
            accepted, conflicts, lat = measure(tables)
            per_s = accepted / wall
            print(f"{n:>6} {accepted:>9} {wall:>7.1f} {per_s:>8.1f} {statistics.median(lat):>7.1f} "
                  f"{percentile(lat, 0.99):>7.1f} {rate:>8.0f} {per_s / rate:>6.3f} {conflicts / accepted:>7.2f} "
                  f"{server_cpu * 1000 / accepted:>6.2f} {client_cpu * 1000 / accepted:>6.2f} "
                  f"{os.getloadavg()[0]:>5.1f}", flush=True)


if __name__ == "__main__":
    main()
