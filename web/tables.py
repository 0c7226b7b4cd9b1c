"""The served tables: each game file of the games folder, its links, its connections and its bots.

A :class:`Table` runs one operation of its game at a time (an asyncio lock; the work itself runs in a worker
thread so the server keeps answering). After each decision it sends every connected audience its own message
(:meth:`service.live.LiveGame.message`), computed once per audience, never another audience's. Bots play their
seats through the same :meth:`Table.decide` as a page, from their seat's own view.

:class:`Tables` finds games by id in the folder; :meth:`Tables.create` starts one and issues its links.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from anyio import to_thread

from service.bots import bot_names
from service.errors import BadRequest
from service.live import Conflict, LiveError, LiveGame, Update
from web.tokens import TokenStore

_encode = msgspec.json.Encoder().encode


@dataclass(eq=False)
class Subscriber:
    """One connection (an event stream): its audience and the queue of encoded messages (``seq``, bytes)."""

    audience: str
    queue: asyncio.Queue[tuple[int, bytes]] = field(default_factory=asyncio.Queue)


class Table:
    """One served game: the live game, its links, its subscribers, its bots."""

    def __init__(self, game: LiveGame, links: TokenStore, *, bot_delay: float = 0.0, seed: int | None = None):
        self.game, self.links = game, links
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.bot_delay = bot_delay
        self._rng = random.Random(seed)
        self._bots_task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()

    # ---- reading ----

    async def snapshot(self, audience: str, since: int) -> tuple[int, bytes]:
        """``audience``'s message from seq ``since`` on (0: everything), encoded."""
        async with self.lock:
            return await to_thread.run_sync(self._encoded, audience, since)

    def _encoded(self, audience: str, since: int) -> tuple[int, bytes]:
        since = since if 0 <= since <= self.game.seq else 0
        msg = self.game.message(audience, since)
        return msg.seq, _encode(msg)

    async def subscribe(self, audience: str, since: int) -> tuple[Subscriber, tuple[int, bytes]]:
        """A new subscriber of ``audience`` and its first message (from ``since``), atomically: no update is
        missed or sent twice between the two."""
        async with self.lock:
            sub = Subscriber(audience)
            first = await to_thread.run_sync(self._encoded, audience, since)
            self.subscribers.add(sub)
            return sub, first

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    # ---- deciding ----

    async def decide(self, seat: str, expected_seq: int, *, line: str | None = None,
                     command: dict[str, Any] | None = None, cmd: Any = None) -> int:
        """``seat``'s decision made on seq ``expected_seq``; returns the new seq. Raises :class:`LiveError`
        (:class:`Conflict` when another decision came first)."""
        async with self.lock:
            if expected_seq != self.game.seq:
                raise Conflict(expected_seq, self.game.seq)
            if cmd is None:
                cmd = self.game.read(seat, line=line, command=command)
            update, out = await to_thread.run_sync(self._decide, seat, cmd, expected_seq)
            for sub in self.subscribers:
                sub.queue.put_nowait(out[sub.audience])
        self._wake.set()
        return update.seq

    def _decide(self, seat: str, cmd: Any, expected_seq: int) -> tuple[Update, dict[str, tuple[int, bytes]]]:
        update = self.game.decide(seat, cmd, expected_seq)
        out = {aud: self._encoded(aud, update.before_seq) for aud in {s.audience for s in self.subscribers}}
        return update, out

    # ---- bots ----

    def start_bots(self) -> None:
        """Start this table's bot task (once; it ends with the game)."""
        if self.links.bots and self._bots_task is None and self.game.playable:
            self._bots_task = asyncio.get_running_loop().create_task(self._play_bots())

    async def stop_bots(self) -> None:
        if self._bots_task is not None:
            self._bots_task.cancel()
            try:
                await self._bots_task
            except (asyncio.CancelledError, Exception):
                pass

    async def _play_bots(self) -> None:
        kinds = self.links.bot_kinds
        while self.game.playable:
            async with self.lock:
                seat = next((s for s in self.game.waiting_for() if s in kinds), None)
                seq = self.game.seq
                cmd = None
                if seat is not None:  # a search bot thinks for a while: in a worker thread, the server answers
                    cmd = await to_thread.run_sync(self.game.bot_decision, seat, self._rng, kinds[seat])
            if seat is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                await self.decide(seat, seq, cmd=cmd)
            except Conflict:
                continue  # a person decided first: look again
            except LiveError:
                continue


def named_bots(spec: list[str]) -> dict[str, str]:
    """``{player name: bot kind}`` from ``["Dee", "Eve=search", …]``. Raises :class:`LiveError` (SERVE-6) for an
    unknown kind."""
    try:
        return bot_names(spec)
    except BadRequest as exc:
        raise LiveError("SERVE-6", exc.message) from None


class Tables:
    """Every served game of a folder, by game id, opened on first use."""

    def __init__(self, folder: Path, *, bot_delay: float = 0.0) -> None:
        self.folder, self.bot_delay = folder, bot_delay
        self._tables: dict[str, Table] = {}
        self._paths: dict[str, Path] = {}

    def add(self, path: Path) -> Table:
        """Serve the game file ``path``. Raises what :meth:`LiveGame.open` and :meth:`TokenStore.load` raise."""
        game = LiveGame.open(path)
        table = Table(game, TokenStore.load(path), bot_delay=self.bot_delay)
        self._tables[game.game_id] = table
        return table

    def get(self, game_id: str) -> Table | None:
        return self._tables.get(game_id)

    def all(self) -> list[Table]:
        return list(self._tables.values())

    def create(self, players: list[str], bots: list[str], seed: int | None,
               options: list[str]) -> tuple[Table, dict[str, str]]:
        """Start a game in a new file of the folder, with bots for the players named in ``bots`` (``NAME`` or
        ``NAME=KIND``, a kind of :data:`service.bots.KINDS`, random unless given); returns the table and its new
        links (:meth:`TokenStore.issue`). Raises :class:`LiveError` (SETUP-1, OPT-1, SERVE-6)."""
        kinds = named_bots(bots)
        unknown = [b for b in kinds if b not in players]
        if unknown:
            raise LiveError("SERVE-6", f"bots must be players of the game; not players: {', '.join(unknown)}")
        while True:
            path = self.folder / f"table-{secrets.token_hex(4)}.jsonl"
            if not path.exists():
                break
        game = LiveGame.create(path, players, seed=seed, options=options)
        return self.issue(game, kinds)

    def issue(self, game: LiveGame, bots: dict[str, str]) -> tuple[Table, dict[str, str]]:
        """New links for ``game`` (served from now on), the seats of the players named in ``bots`` (``{player
        name: bot kind}``) played by bots of that kind."""
        links = TokenStore.load(game.path)
        seats = game.seats()
        tokens = links.issue(list(seats), {c: bots[p] for c, p in seats.items() if p in bots})
        table = Table(game, links, bot_delay=self.bot_delay)
        self._tables[game.game_id] = table
        return table, tokens
