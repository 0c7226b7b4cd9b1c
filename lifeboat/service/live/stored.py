"""Games kept in a PostgreSQL store and served by several processes at once (``lifeboat serve --store``).

A :class:`GameStore` is one schema of a PostgreSQL database (docs/postgresql.md). Besides each game's journal it
keeps, in the store's ``private`` table (outside the journal: never exported, never in the hash chain):

* ``serve.json``: the served game's links, only the sha256 of each token and the seats bots play (the same bytes
  as a ``GAME.jsonl.serve.json`` sidecar file), shared by every serve process;
* ``deck.json``: the dealer's secret deck orders of a game started here (the bytes of a ``GAME.jsonl.deck.json``
  file, CHANCE-2), so any process can deal the chance that follows a decision.

:meth:`GameStore.follow` gives a :class:`Follower`, whose :meth:`Follower.wait` returns, per game, the last seq
that any process committed (PostgreSQL ``LISTEN``/``NOTIFY``).

Errors: :class:`lifeboat.service.errors.BadRequest` for a store URL or schema name that cannot be used (``field`` names
``--store`` or ``--schema``); :class:`lifeboat.service.errors.StoreUnreachable` for a lost connection while
following; ``journal.JournalError`` (and its subclasses) for a server that cannot be reached at the start, a game
that is not in the store or a stored row that does not check (:class:`lifeboat.service.live.game.LiveGame` turns
those into :class:`lifeboat.service.errors.LiveError`).
"""

from __future__ import annotations

import msgspec

import journal
from lifeboat.chance import DeckOrders
from lifeboat.card_set import CardSet
from lifeboat.service.game.headers import build_ruleset, with_cards
from lifeboat.service.game.files import decode_orders
from lifeboat.service.game.create import new_digital_game
from lifeboat.service.live.links import LINKS
from lifeboat.service.errors import StoreUnreachable
from lifeboat.service.game.table import Table
from lifeboat.service.transfer.store import DECK, DEFAULT_SCHEMA, _store


class GameStore:
    """The games of one PostgreSQL store, to open, create and follow. Close it when done.

    ``location`` is ``postgresql://host:port/dbname/schema`` (no user or password): what messages may show.
    """

    def __init__(self, url: str, schema: str = DEFAULT_SCHEMA) -> None:
        """Connect (creating the schema's tables if needed). Raises BadRequest, journal.JournalError."""
        self._store = _store(url, schema)
        self.location = self._store.location

    def close(self) -> None:
        self._store.close()

    # ---- games ----

    def game_ids(self) -> list[str]:
        """Every game of the store, sorted."""
        return self._store.game_ids()

    def linked_ids(self) -> list[str]:
        """The games of the store that have links (they are served), sorted."""
        return self._store.private_ids(LINKS)

    def open(self, game_id: str) -> Table:
        """Open and replay game ``game_id`` with its deck orders, if the store keeps them (else it deals nothing).

        Raises journal.JournalNotFound (no such game), the journal's errors, ReplayError."""
        j = self._store.open(game_id)
        try:
            raw = self._store.get_private(game_id, DECK)
            orders = None if raw is None else decode_orders(raw, f"{j.path} ({DECK})", j.header.deck_commitment)
            return Table.of_journal(j, orders)
        except BaseException:
            j.close()
            raise

    def deal_new(self, players: list[str], *, seed: int | None = None, options: list[str] | None = None,
                 cards: CardSet | None = None) -> Table:
        """Start a digital game in the store: its header, then its secret deck orders (``deck.json``); nothing is
        dealt yet (:meth:`lifeboat.service.game.table.Table.deal`); ``cards``: the table's own card data (CARD-3). Raises
        RuleViolation (SETUP-1, OPT-1), journal errors."""
        ruleset = with_cards(build_ruleset(list(options or [])), cards)
        header, _, orders = new_digital_game(players, seed=seed, ruleset=ruleset)
        j = self._store.create(header)
        try:
            self._store.put_private(header.game_id, DECK, msgspec.json.encode(orders))
        except BaseException:
            j.close()
            raise
        return Table.of_journal(j, orders)

    def orders(self, game_id: str) -> DeckOrders | None:
        """The deck orders the store keeps for ``game_id`` (unchecked), or ``None``."""
        raw = self._store.get_private(game_id, DECK)
        return None if raw is None else msgspec.json.decode(raw, type=DeckOrders)

    # ---- links ----

    def links(self, game_id: str) -> bytes | None:
        """The stored links of ``game_id`` (the bytes of a serve sidecar: token hashes only), or ``None``. Raises
        :class:`lifeboat.service.errors.StoreUnreachable` (SERVE-16), the journal's errors."""
        try:
            return self._store.get_private(game_id, LINKS)
        except journal.JournalUnavailable as exc:
            raise StoreUnreachable(str(exc)) from None

    def save_links(self, game_id: str, data: bytes, *, replace: bool = True) -> bool:
        """Store the links of ``game_id``; ``replace=False`` keeps links another process stored first. Returns
        True when ``data`` was stored. Raises :class:`lifeboat.service.errors.StoreUnreachable` (SERVE-16), the
        journal's errors."""
        try:
            return self._store.put_private(game_id, LINKS, data, replace=replace)
        except journal.JournalUnavailable as exc:
            raise StoreUnreachable(str(exc)) from None

    # ---- following every process's commits ----

    def follow(self) -> Follower:
        """A :class:`Follower` of this store's commits, listening from now on (a connection of its own). Raises
        :class:`lifeboat.service.errors.StoreUnreachable` when the server cannot be reached."""
        try:
            return Follower(self._store.listen())
        except journal.JournalError as exc:
            raise StoreUnreachable(str(exc)) from None


class Follower:
    """The commits any process makes in one store, told by PostgreSQL notifications. Not thread-safe."""

    def __init__(self, listener: journal.CommitListener) -> None:
        self._listener = listener

    def wait(self, timeout_ms: int) -> dict[str, int]:
        """``{game id: its highest seq noticed}`` for the commits that arrive within ``timeout_ms`` milliseconds
        (``{}`` on timeout). Raises :class:`lifeboat.service.errors.StoreUnreachable` when the connection to the
        server is lost."""
        seen: dict[str, int] = {}
        try:
            notices = self._listener.wait(timeout_ms)
        except journal.JournalError as exc:
            raise StoreUnreachable(str(exc)) from None
        for notice in notices:
            seen[notice.game_id] = max(seen.get(notice.game_id, 0), notice.seq)
        return seen

    def close(self) -> None:
        self._listener.close()
