"""The served tables: each game file of the games folder, its links, its connections and its bots.

A :class:`Table` runs one operation of its game at a time (an asyncio lock; the work itself runs in a worker
thread so the server keeps answering). After each decision it sends every connected audience its own message
(:meth:`lifeboat.service.live.game.LiveGame.message`), computed once per audience, never another audience's. Bots play their
seats through the same :meth:`Table.decide` as a page, from their seat's own view.

:class:`Tables` finds games by id in the folder; :meth:`Tables.create` starts one and issues its links.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from anyio import to_thread

from lifeboat.service.live.bots import bot_names
from lifeboat.service.errors import BadRequest
from lifeboat.service.errors import Conflict, LiveError, StoreUnreachable
from lifeboat.service.live.game import LiveGame, Update
from lifeboat.service.live.links import LinkEntry, Sidecar
from lifeboat.service.live.stored import GameStore
from lifeboat.web.tokens import Access, TokenStore
from lifeboat.service import using_language

_encode = msgspec.json.Encoder().encode
log = logging.getLogger("lifeboat.serve")


STOP = b""
"""What a subscriber's queue gets when the host stops serving (its stream says so and ends; no frame is empty)."""


@dataclass(eq=False)
class Subscriber:
    """One connection (an event stream): its audience, the language its page reads (issue 29: ``en``,
    ``zh_Hans``, ``zh_Hant``) and the queue of its event-stream frames (:func:`sse`: built once per audience and
    language, whatever the number of their connections)."""

    audience: str
    lang: str = "en"
    queue: asyncio.Queue[bytes] = field(default_factory=asyncio.Queue)


def sse(seq: int, body: bytes) -> bytes:
    """The event-stream frame of a message (``id`` its seq, so a reconnecting page says where it was)."""
    return b"id: %d\nevent: update\ndata: %s\n\n" % (seq, body)


class Table:
    """One served game: the live game, its links, its subscribers, its bots."""

    def __init__(self, game: LiveGame, links: TokenStore, *, bot_delay: float = 0.0, seed: int | None = None):
        self.game, self.links = game, links
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.bot_delay = bot_delay
        self._rng = random.Random(seed)
        self._bots_task: asyncio.Task[None] | None = None
        self._owed_task: asyncio.Task[None] | None = None  # a look once chance another process owes is due
        self._wake = asyncio.Event()
        self.pushed = game.seq  # the seq every subscriber has been sent up to
        self.stopping = False  # the host stopped serving: streams end
        self._cache: dict[tuple[str, str, int], tuple[int, bytes]] = {}  # (audience, lang, since) → message
        self._cached_seq = -1

    @property
    def shared(self) -> bool:
        """True for a game of a PostgreSQL store, which other processes may move on too."""
        return self.game.store is not None

    async def catch_up(self) -> None:
        """Adopt the commits other processes made (a store's game) and send them to every subscriber."""
        async with self.lock:
            await self._adopt()

    async def _adopt(self) -> None:
        """Call with the lock held: catch up with the store, then send what is new."""
        if self.shared and await to_thread.run_sync(self.game.catch_up):
            self._wake.set()
        wait = self.game.owed_wait() if self.shared else None
        task = self._owed_task  # none pending, or this is it, looking again (the chance may be owed anew)
        if wait is not None and (task is None or task.done() or task is asyncio.current_task()):
            self._owed_task = asyncio.get_running_loop().create_task(self._look_again(wait))
        await self._send()

    async def _look_again(self, wait: float) -> None:
        """Catch up once the chance another process owes is due (SERVE-12): dealt here if it is still owed."""
        await asyncio.sleep(wait + 0.05)
        try:
            await self.catch_up()
        except (LiveError, StoreUnreachable) as exc:
            log.warning("game %s: %s", self.game.game_id, exc)

    async def _send(self) -> None:
        """Call with the lock held: send every subscriber its message from ``pushed`` to the game's seq."""
        if self.game.seq != self.pushed:
            self._deliver(await to_thread.run_sync(self._pushes, self._readers()))

    def _readers(self) -> set[tuple[str, str]]:
        """The (audience, language) of every subscriber: each gets its message once, in its own language."""
        return {(s.audience, s.lang) for s in self.subscribers}

    def _pushes(self, readers: set[tuple[str, str]]) -> tuple[int, dict[tuple[str, str], tuple[int, bytes]]]:
        """(A worker thread, the lock held.) Each of ``readers``' (audience, language) message from ``pushed`` to
        now, encoded once per reader whatever the number of its connections; and the seq they bring it to."""
        return self.game.seq, {r: self._encoded(r[0], self.pushed, r[1]) for r in readers}

    def _deliver(self, pushes: tuple[int, dict[tuple[str, str], tuple[int, bytes]]]) -> None:
        """Call with the lock held: queue :meth:`_pushes`' messages to every subscriber (none can join between
        the two: :meth:`subscribe` takes the lock)."""
        seq, out = pushes
        if seq == self.pushed:
            return
        self.pushed = seq
        frames = {reader: sse(*message) for reader, message in out.items()}
        for sub in self.subscribers:
            sub.queue.put_nowait(frames[(sub.audience, sub.lang)])

    # ---- reading ----

    async def snapshot(self, audience: str, since: int, lang: str = "en") -> tuple[int, bytes]:
        """``audience``'s message from seq ``since`` on (0: everything), encoded, its lines in ``lang``. Raises
        :class:`lifeboat.service.live.game.Diverged` (SERVE-9) for a ``since`` past the game's seq."""
        async with self.lock:
            await self._adopt()
            return await to_thread.run_sync(self._encoded, audience, since, lang)

    def _encoded(self, audience: str, since: int, lang: str = "en") -> tuple[int, bytes]:
        """Call with the lock held: ``audience``'s message from ``since`` to now, its lines written in ``lang``
        (:mod:`lifeboat.i18n`), encoded; built once per seq for each (audience, lang, since) asked (pushes, and
        pages that load or reconnect at the same seq, share it)."""
        if self._cached_seq != self.game.seq:
            self._cache.clear()
            self._cached_seq = self.game.seq
        found = self._cache.get((audience, lang, since))
        if found is None:
            with using_language(lang):
                msg = self.game.message(audience, since)
            found = self._cache[(audience, lang, since)] = (msg.seq, _encode(msg))
        return found

    async def subscribe(self, audience: str, since: int, lang: str = "en") -> tuple[Subscriber, tuple[int, bytes]]:
        """A new subscriber of ``audience`` and its first message (from ``since``), atomically: no update is
        missed or sent twice between the two. Raises :class:`lifeboat.service.live.game.Diverged` (SERVE-9) for a ``since`` past
        the game's seq, before anything is subscribed."""
        async with self.lock:
            await self._adopt()
            first = await to_thread.run_sync(self._encoded, audience, since, lang)
            sub = Subscriber(audience, lang)
            self.subscribers.add(sub)
            return sub, first

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    def stop_streams(self) -> None:
        """The host stops serving: every open stream is told (:data:`STOP`) and ends."""
        self.stopping = True
        for sub in self.subscribers:
            sub.queue.put_nowait(STOP)

    # ---- deciding ----

    async def decide(self, seat: str, expected_seq: int, *, line: str | None = None,
                     command: dict[str, Any] | None = None, cmd: Any = None, lang: str = "en") -> int:
        """``seat``'s decision made on seq ``expected_seq`` (a line of notation, a command's JSON, or a bot's
        ``cmd``); returns the new seq. Every check is the live game's (:meth:`LiveGame.submit`,
        :meth:`LiveGame.decide`: SERVE-2..5, SERVE-11); this table only holds the lock and tells the subscribers.
        Raises :class:`LiveError` (:class:`Conflict` when another decision came first), its message in ``lang``."""
        async with self.lock:
            await self._adopt()  # a store's game: another process may have moved it on (SERVE-2 then)
            try:  # one worker-thread call: the append (its fsync) and the messages it sends
                update, pushes = await to_thread.run_sync(self._decide_and_push, seat, expected_seq,
                                                          (line, command, cmd, lang), self._readers())
                self._deliver(pushes)
            finally:  # after an unexpected error too, whatever was written reaches the subscribers
                await self._send()
        if isinstance(update, LiveError):
            raise update
        self._wake.set()
        return update.seq

    def _decide_and_push(self, seat: str, expected_seq: int, asked: tuple[str | None, dict[str, Any] | None, Any, str],
                         readers: set[tuple[str, str]]
                         ) -> tuple[Update | LiveError, tuple[int, dict[tuple[str, str], tuple[int, bytes]]]]:
        """(A worker thread, the lock held.) The decision ``asked`` (line, command, bot's command), or the
        :class:`LiveError` that refused it; and the messages to push: this decision's, or (refused as stale) those
        of the commits it caught up with."""
        line, command, cmd, lang = asked
        result: Update | LiveError
        try:
            with using_language(lang):  # a refusal in the deciding page's language
                if cmd is None:
                    result = self.game.submit(seat, expected_seq, line=line, command=command)
                else:
                    result = self.game.decide(seat, cmd, expected_seq)
        except LiveError as exc:
            result = exc
        if not isinstance(result, LiveError):
            self.game.apply_orders()  # SERVE-13: in the same message as the window this decision opened
        return result, self._pushes(readers)

    async def give_order(self, seat: str, kind: str | None) -> None:
        """``seat``'s standing order (SERVE-13), applied at once if a window waits for it. Raises
        :class:`LiveError` (SERVE-4: no such order)."""
        async with self.lock:
            await self._adopt()
            self.game.give_order(seat, kind)
            await to_thread.run_sync(self.game.apply_orders)
            await self._send()
        self._wake.set()

    # ---- bots ----

    def start_bots(self) -> None:
        """Start this table's bot task (once; it ends with the game)."""
        if self.links.bots and self._bots_task is None and self.game.playable:
            self._bots_task = asyncio.get_running_loop().create_task(self._play_bots())

    async def stop_bots(self) -> None:
        for task in (self._bots_task, self._owed_task):
            if task is not None:
                task.cancel()
                try:
                    await task
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
            except StoreUnreachable:  # the store is down or restarting (SERVE-16): look again in a while
                await asyncio.sleep(1.0)


def named_bots(spec: list[str]) -> dict[str, str]:
    """``{player name: bot kind}`` from ``["Dee", "Eve=search", …]``. Raises :class:`LiveError` (SERVE-6) for an
    unknown kind."""
    try:
        return bot_names(spec)
    except BadRequest as exc:
        raise LiveError("SERVE-6", exc.message) from None


class Tables:
    """Every served game of a folder, by game id; or (``store`` given) of a PostgreSQL store shared with other
    serve processes, where a game with links is opened on its first request and followed by :meth:`follow`."""

    def __init__(self, folder: Path | None, *, bot_delay: float = 0.0, store: GameStore | None = None,
                 cards: Any = None) -> None:
        self.folder, self.bot_delay, self.store = folder, bot_delay, store
        self.cards = cards  # the card data new games play with (serve --cards, CARD-3); None: the bundled data
        self._tables: dict[str, Table] = {}
        self._opening: dict[str, asyncio.Lock] = {}  # a store's game being opened for its first request

    async def access(self, game_id: str, token: str) -> tuple[Table, Access] | None:
        """The table of ``game_id`` and who ``token`` lets in, or ``None`` (SERVE-1). An unknown game and a known
        game with a wrong token take the same path, so neither is told by the time it takes (SERVE-17): one token
        check (against the game's links, or links of no game), and with a store one look-up of the game's links
        in the store (a wrong token is checked again against the stored links: another process may have issued
        new ones), under no lock any other request waits on. Only a good token opens a game not served here yet
        (under that game's own lock). Raises :class:`lifeboat.service.errors.StoreUnreachable` (SERVE-16)."""
        table = self._tables.get(game_id)
        found = (table.links if table is not None else _NO_LINKS).check(token)
        if table is not None and found is not None:
            return table, found
        if self.store is None or not _plausible(game_id):
            return None
        raw = await to_thread.run_sync(self.store.links, game_id)
        links = _NO_LINKS if raw is None else self._links(game_id, raw)
        found = links.check(token)
        if raw is None or found is None:
            return None
        if table is None:
            table = await self._open(game_id, links)
        else:
            table.links = links  # issued again by another process (--new-links)
        return table, found

    def _links(self, game_id: str, raw: bytes) -> TokenStore:
        assert self.store is not None
        return TokenStore.of_bytes(f"{self.store.location}/{game_id}", raw, self._saver(game_id, True))

    async def _open(self, game_id: str, links: TokenStore) -> Table:
        """Open a store's game for a request its links let in, once (that game's own lock: concurrent first
        requests open it once)."""
        lock = self._opening.setdefault(game_id, asyncio.Lock())
        async with lock:
            table = self._tables.get(game_id)
            if table is None:
                assert self.store is not None
                game = await to_thread.run_sync(LiveGame.open_stored, self.store, game_id)
                table = self._tables[game_id] = Table(game, links, bot_delay=self.bot_delay)
                table.start_bots()
        self._opening.pop(game_id, None)
        return table

    def bot_kinds(self, game_id: str) -> dict[str, str]:
        """``{character id: bot kind}`` of the seats bots play in a store's game (by its stored links). Raises
        :class:`lifeboat.web.tokens.TokenFileError`."""
        assert self.store is not None
        return TokenStore.of_bytes(game_id, self.store.links(game_id), self._saver(game_id, True)).bot_kinds

    def _saver(self, game_id: str, replace: bool) -> Callable[[bytes], bool]:
        store = self.store
        assert store is not None
        return lambda raw: store.save_links(game_id, raw, replace=replace)

    async def follow(self) -> None:
        """Forever: catch every served table up with the commits other processes make (LISTEN/NOTIFY); after a
        lost connection, listen again and catch every table up (a notice may have been missed)."""
        assert self.store is not None
        while True:
            try:
                follower = await to_thread.run_sync(self.store.follow)
            except StoreUnreachable as exc:
                log.warning("cannot listen to the store (%s); trying again in 1 s", exc)
                await asyncio.sleep(1.0)
                continue
            try:
                for table in self.all():
                    await table.catch_up()
                while True:
                    seen = await to_thread.run_sync(follower.wait, 1000, abandon_on_cancel=True)
                    for game_id, seq in seen.items():
                        served = self._tables.get(game_id)
                        if served is not None and seq > served.game.seq:
                            await served.catch_up()
            except (StoreUnreachable, LiveError) as exc:
                log.warning("following the store: %s; listening again", exc)
                await asyncio.sleep(0.2)
            finally:
                follower.close()

    def add(self, path: Path) -> Table:
        """Serve the game file ``path``. Raises what :meth:`LiveGame.open` and :meth:`TokenStore.load` raise, and
        :class:`LiveError` (SERVE-8) for a second file of a game served already."""
        game = LiveGame.open(path)
        self._one_file(game)
        table = Table(game, TokenStore.load(path), bot_delay=self.bot_delay)
        self._tables[game.game_id] = table
        return table

    def _one_file(self, game: LiveGame) -> None:
        """A game is served from one file (SERVE-8): a copy of a served game's file (the same game id) would take
        over its id, and the links printed for the first file would stop working. Raises :class:`LiveError`."""
        other = self._tables.get(game.game_id)
        if other is not None and self.store is None and Path(other.game.path) != Path(game.path):
            raise LiveError("SERVE-8", f"the same game (id {game.game_id}) as {Path(other.game.path).name}, which is "
                            "served: one is a copy of the other; keep one file of a game in the folder (lifeboat fork "
                            "makes a new game of a copy)")

    def get(self, game_id: str) -> Table | None:
        return self._tables.get(game_id)

    def stop_streams(self) -> None:
        """Ctrl-C: every open page of every game is told the host stopped (:meth:`Table.stop_streams`)."""
        for table in self.all():
            table.stop_streams()

    def all(self) -> list[Table]:
        return list(self._tables.values())

    def create(self, players: list[str], bots: list[str], seed: int | None,
               options: list[str]) -> tuple[Table, dict[str, str]]:
        """Start a game in a new file of the folder, with bots for the players named in ``bots`` (``NAME`` or
        ``NAME=KIND``, a kind of :data:`lifeboat.service.live.bots.KINDS`, random unless given); returns the table and its new
        links (:meth:`TokenStore.issue`). Raises :class:`LiveError` (SETUP-1, OPT-1, SERVE-6)."""
        kinds = named_bots(bots)
        unknown = [b for b in kinds if b not in players]
        if unknown:
            raise LiveError("SERVE-6", f"bots must be players of the game; not players: {', '.join(unknown)}")
        if self.store is not None:
            game = LiveGame.create_stored(self.store, players, seed=seed, options=options, cards=self.cards)
            return self.issue(game, kinds)
        assert self.folder is not None
        while True:
            path = self.folder / f"table-{secrets.token_hex(4)}.jsonl"
            if not path.exists():
                break
        game = LiveGame.create(path, players, seed=seed, options=options, cards=self.cards)
        return self.issue(game, kinds)

    def issue(self, game: LiveGame, bots: dict[str, str], *,
              replace: bool = True) -> tuple[Table, dict[str, str]]:
        """New links for ``game`` (served from now on), the seats of the players named in ``bots`` (``{player
        name: bot kind}``) played by bots of that kind. A store's game with ``replace=False`` keeps the links
        another process issued first (the tokens returned are then ``{}``). Raises :class:`LiveError` (SERVE-8: a
        second file of a served game)."""
        self._one_file(game)
        if self.store is None:
            links = TokenStore.load(Path(game.path))
        else:
            links = TokenStore.of_bytes(str(game.path), None, self._saver(game.game_id, replace))
        seats = game.seats()
        tokens = links.issue(list(seats), {c: bots[p] for c, p in seats.items() if p in bots})
        if not tokens:  # another process issued them first: serve with those
            assert self.store is not None
            raw = self.store.links(game.game_id)
            links = TokenStore.of_bytes(str(game.path), raw, self._saver(game.game_id, True))
        table = Table(game, links, bot_delay=self.bot_delay)
        self._tables[game.game_id] = table
        return table, tokens


_NO_LINKS = TokenStore("/dev/null/no-game", Sidecar(links=tuple(LinkEntry("0" * 64, Access("seat", f"s{i}")) for i in range(8))))
"""Links of no game: an unknown game's token is checked against these, as long as a game's own (SERVE-17; a
file-kept game's check looks at its sidecar's stamp, this one at a sidecar that is not there: one stat each)."""


def _plausible(game_id: str) -> bool:
    """A game id worth looking up in a store (ours are short and printable; anything else is not a game)."""
    return 0 < len(game_id) <= 200 and game_id.isprintable()
