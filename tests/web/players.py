"""Scripted HTTP players for a served game: one client per link, reading its event stream and (for a seat)
deciding with the random bot from the decisions it was sent. Used by the web tests and by ``bench/serve.py``.

Every raw message each client receives is kept with its arrival time (``time.perf_counter``), and every decision
with the time it was sent and the seq it produced, so a caller can check what was pushed and measure latency.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec

from lifeboat.commands import PlayerCommand

from lifeboat.service.live.bots import random_bot

_decode = msgspec.json.Decoder().decode


@dataclass
class Received:
    at: float
    seq: int
    raw: bytes
    message: dict[str, Any]


@dataclass
class Sent:
    at: float
    expected_seq: int
    status: int
    seq: int | None


@dataclass
class Player:
    """One link of a game: ``name`` (a player, ``spectator`` or ``referee``) and its ``token``."""

    base: str
    game: str
    name: str
    token: str
    decide: bool = True
    seed: int = 0
    since: int = 0
    received: list[Received] = field(default_factory=list)
    sent: list[Sent] = field(default_factory=list)
    responses: list[tuple[int, bytes]] = field(default_factory=list)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    async def play(self, client: httpx.AsyncClient, *, stop_after: int | None = None) -> None:
        """Follow the stream until the game is over (or ``stop_after`` messages), deciding when it may."""
        rng = random.Random(self.seed)
        url = f"{self.base}/api/games/{self.game}/events"
        tasks: list[asyncio.Task[None]] = []
        follow, failed = asyncio.current_task(), []

        def check(task: asyncio.Task[None]) -> None:  # a decision that failed (a timeout…): stop, do not hang
            if not task.cancelled() and task.exception() is not None and follow is not None:
                failed.append(task.exception())
                follow.cancel()

        try:
            await self._follow(client, url, rng, stop_after, tasks, check)
        except asyncio.CancelledError:
            if failed:
                raise failed[0] from None
            raise
        finally:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _follow(self, client: httpx.AsyncClient, url: str, rng: random.Random, stop_after: int | None,
                      tasks: list[asyncio.Task[None]], check: Any) -> None:
        decided_on = -1
        async with client.stream("GET", url, params={"since": self.since}, headers=self.headers,
                                 timeout=httpx.Timeout(30, read=60)) as resp:
            assert resp.status_code == 200, resp.status_code
            data: list[str] = []
            async for line in resp.aiter_lines():
                if line.startswith("data:"):
                    data.append(line[5:].lstrip(" "))
                    continue
                if line or not data:
                    continue
                raw = "\n".join(data).encode()
                data = []
                msg = _decode(raw)
                self.received.append(Received(time.perf_counter(), msg["seq"], raw, msg))
                if msg["view"]["over"] or (stop_after is not None and len(self.received) >= stop_after):
                    return
                if self.decide and msg["decisions"] and msg["seq"] != decided_on:
                    decided_on = msg["seq"]
                    tasks.append(asyncio.get_running_loop().create_task(self._decide(client, msg, rng)))
                    tasks[-1].add_done_callback(check)

    async def _decide(self, client: httpx.AsyncClient, msg: dict[str, Any], rng: random.Random) -> None:
        legal = [msgspec.convert(d["command"], PlayerCommand) for d in msg["decisions"]]
        me = msg["view"]["viewer"]
        cmd = random_bot(me, legal, rng)
        at = time.perf_counter()
        url, body = f"{self.base}/api/games/{self.game}/decisions", {"expected_seq": msg["seq"],
                                                                   "command": msgspec.to_builtins(cmd)}
        try:
            r = await client.post(url, headers=self.headers, json=body)
        except (httpx.ReadError, httpx.RemoteProtocolError):  # a kept-alive connection the server had just closed
            r = await client.post(url, headers=self.headers, json=body)  # once more: a replay is a 409 (SERVE-2)
        self.responses.append((r.status_code, r.content))
        seq = r.json()["seq"] if r.status_code == 200 else None
        self.sent.append(Sent(at, msg["seq"], r.status_code, seq))


def run_async(coro: Any) -> Any:
    """``asyncio.run(coro)`` in a thread of its own: Playwright's sync API keeps an event loop running in the
    main thread for the whole session, where ``asyncio.run`` is refused."""
    import threading

    out: dict[str, Any] = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the caller's thread
            out["error"] = exc

    t = threading.Thread(target=target)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


async def play_game(base: str, game: str, tokens: dict[str, str], *, seed: int = 0,
                    client: httpx.AsyncClient | None = None) -> list[Player]:
    """Every link of a game plays (seats decide; spectator and referee watch) until it is over."""
    players = [Player(base, game, name, token, decide=name not in ("spectator", "referee"), seed=seed * 31 + i)
               for i, (name, token) in enumerate(sorted(tokens.items()))]
    own = client is None
    client = client or httpx.AsyncClient(limits=httpx.Limits(max_connections=None))
    try:
        await asyncio.gather(*(p.play(client) for p in players))
    finally:
        if own:
            await client.aclose()
    return players
