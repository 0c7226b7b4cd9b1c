"""Moving a game between a JSONL file and a PostgreSQL store (``lifeboat import`` / ``lifeboat export``).

A store is a PostgreSQL schema holding many games (docs/postgresql.md). Both directions copy the journal's lines
byte for byte, checking every hash and the chain on the way, so a game exported to JSONL is the very file it was
imported from (or that a JSONL journal would have written), and audits the same. A digital game's deck orders
(``GAME.jsonl.deck.json``, the dealer's secret until the end, CHANCE-2) are never put in the store: they are not
part of the journal.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

import journal
from service.errors import BadRequest
from service.games import deck_path

STORE_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_SCHEMA = "journal"


class Transferred(msgspec.Struct, frozen=True, kw_only=True):
    """A game copied between a file and a store.

    Fields:
        game_id: the game's id (its key in the store).
        last_seq: the seq of its last commit (0: the header only).
        head_hash: the hash of its last line.
        file: the JSONL file, as given.
        store: the store's location, ``postgresql://host:port/dbname/schema`` (no user or password).
        deck_file_left: for an import, the deck file beside the JSONL file that was not copied (a digital game's
            secret deck orders), or ``None``.
    """

    game_id: str
    last_seq: int
    head_hash: str
    file: str
    store: str
    deck_file_left: str | None = None


def _store(url: str, schema: str) -> journal.PostgresStore:
    """Open the store; a URL that is not PostgreSQL's, or a bad schema name, is a :class:`BadRequest`."""
    if not url.startswith(STORE_SCHEMES):
        raise BadRequest(f"--store must be a PostgreSQL URL, postgresql://[user@]host[:port]/dbname; got "
                         f"{url.split('://')[0] + '://…' if '://' in url else 'no URL'}", "--store")
    try:
        return journal.PostgresStore(url, schema=schema)
    except ValueError as exc:
        raise BadRequest(f"--schema: {exc}", "--schema") from None


def import_game(path: Path, store_url: str, *, schema: str = DEFAULT_SCHEMA) -> Transferred:
    """Copy the game file ``path`` into the store at ``store_url`` (schema ``schema``), in one transaction.

    Raises:
        BadRequest: ``store_url`` is not a ``postgresql://`` URL (field ``--store``), or ``schema`` is not a valid
            schema name (field ``--schema``); nothing was done.
        journal.JournalError: the file does not read cleanly (``JournalNotFound``, ``JournalCorrupt``,
            ``JournalTorn``: repair it first, ``JournalTampered``, ``UnsupportedJournalVersion``), the store
            already holds this game id (``JournalExists``), or the server cannot be reached or fails. Nothing is
            left in the store.
    """
    with _store(store_url, schema) as store, store.import_jsonl(path) as game:
        deck = deck_path(Path(path))
        return Transferred(game_id=game.header.game_id, last_seq=game.last_seq, head_hash=game.head_hash,
                           file=str(path), store=store.location,
                           deck_file_left=str(deck) if deck.exists() else None)


def export_game(store_url: str, game_id: str, path: Path, *, schema: str = DEFAULT_SCHEMA) -> Transferred:
    """Write game ``game_id`` of the store to a new JSONL file ``path``, byte for byte as a file journal would
    have written it (durably; never over an existing file).

    Raises:
        BadRequest: as :func:`import_game`.
        journal.JournalError: the store holds no such game (``JournalNotFound``), a stored row does not check
            (``JournalCorrupt``, ``JournalTampered``: no file is left), a file exists at ``path``
            (``JournalExists``), its directory does not exist (``JournalNotFound``), or the server cannot be
            reached or fails.
    """
    with _store(store_url, schema) as store, store.open(game_id) as game, game.save(path) as saved:
        return Transferred(game_id=game_id, last_seq=saved.last_seq, head_hash=saved.head_hash, file=str(path),
                           store=store.location)


def store_games(store_url: str, *, schema: str = DEFAULT_SCHEMA) -> list[str]:
    """The ids of the games in the store, sorted. Raises as :func:`import_game` (``BadRequest``, server errors)."""
    with _store(store_url, schema) as store:
        return store.game_ids()
