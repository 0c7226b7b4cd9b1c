"""Moving a game between a JSONL file and a PostgreSQL store (``lifeboat import`` / ``lifeboat export``).

A store is a PostgreSQL schema holding many games (docs/postgresql.md). Both directions copy the journal's lines
byte for byte, checking every hash and the chain on the way, so a game exported to JSONL is the very file it was
imported from (or that a JSONL journal would have written), and audits the same.

A digital game's deck orders (``GAME.jsonl.deck.json``, the dealer's secret until the end, CHANCE-2) are not part
of the journal: an import keeps them in the store's ``private`` table (``deck.json``, as for a game started in the
store, so any ``serve --store`` process can deal), in the same transaction as the journal; an export writes them
to the deck file beside the new JSONL file. Neither ever puts them in a journal line.

A served game's links (``GAME.jsonl.serve.json``: the sha256 of each token and the seats bots play, never a token;
SERVE-1) go along the same way (``serve.json``), so ``serve --store`` keeps the game's links working and gives its
bot seats to bots of the same kinds; an export writes them back beside the new file.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

import journal
from lifeboat.service.errors import BadRequest, FileProblem, missing_folder
from lifeboat.service.game.files import decode_orders, deck_path, read_regular, write_deck_file
from lifeboat.service.live.links import LINKS, decode_links, sidecar_path, write_links_file
from lifeboat.service.game.records import DecksRevealed
from lifeboat.i18n import N_, _

STORE_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_SCHEMA = "journal"
DECK = "deck.json"
"""The name of a digital game's deck orders in the store's ``private`` table."""


class Transferred(msgspec.Struct, frozen=True, kw_only=True):
    """A game copied between a file and a store.

    Fields:
        game_id: the game's id (its key in the store).
        last_seq: the seq of its last commit (0: the header only).
        head_hash: the hash of its last line.
        file: the JSONL file, as given.
        store: the store's location, ``postgresql://host:port/dbname/schema`` (no user or password).
        deck_file: the deck file (a digital game's secret deck orders) copied into the store (import) or written
            beside ``file`` (export), or ``None`` when there was none.
        links_file: the served game's links sidecar (token hashes and bot seats, SERVE-1) copied into the store
            (import) or written beside ``file`` (export), or ``None`` when the game was never served.
        bots: the seats bots play by those links, ``CHARACTER=KIND`` each (``()`` without links).
    """

    game_id: str
    last_seq: int
    head_hash: str
    file: str
    store: str
    deck_file: str | None = None
    links_file: str | None = None
    bots: tuple[str, ...] = ()


def _store(url: str, schema: str, create: bool = True) -> journal.PostgresStore:
    """Open the store (creating its tables only if ``create``: a reader must not leave a new schema behind a
    mistyped ``--schema``); a URL that is not PostgreSQL's, or a bad schema name, is a :class:`BadRequest`."""
    if not url.startswith(STORE_SCHEMES):
        raise BadRequest(_("--store must be a PostgreSQL URL, postgresql://[user@]host[:port]/dbname; got {value}").format(value=url.split('://')[0] + '://…' if '://' in url else 'no URL'), "--store")
    try:
        return journal.PostgresStore(url, schema=schema, create=create)
    except ValueError as exc:
        raise BadRequest(f"--schema: {exc}", "--schema") from None


def import_game(path: Path, store_url: str, *, schema: str = DEFAULT_SCHEMA) -> Transferred:
    """Copy the game file ``path`` into the store at ``store_url`` (schema ``schema``), with its deck file's orders
    (checked against the header's commitment, CHANCE-2) if it is a digital game, and its links sidecar (token
    hashes and bot seats, SERVE-1) if it was served, in one transaction.

    Raises:
        BadRequest: ``store_url`` is not a ``postgresql://`` URL (field ``--store``), or ``schema`` is not a valid
            schema name (field ``--schema``); nothing was done.
        journal.JournalError: the file does not read cleanly (``JournalNotFound``, ``JournalCorrupt``,
            ``JournalTorn``: repair it first, ``JournalTampered``, ``UnsupportedJournalVersion``), the store
            already holds this game id (``JournalExists``), the deck file is not this game's deck orders or the
            links sidecar not a served game's links (``JournalCorrupt``), or the server cannot be reached or
            fails. Nothing is left in the store.
        FileProblem: ``path`` is a digital game that is not over and its deck file is missing (nothing is done).
    """
    deck, private = deck_path(Path(path)), _deck_orders(Path(path))  # the files first: no connection for a typo
    links = sidecar_path(Path(path))
    raw_links = _beside(links) if links.exists() else None
    kept = None if raw_links is None else decode_links(raw_links, str(links))
    if raw_links is not None:
        private[LINKS] = raw_links
    with _store(store_url, schema) as store:
        with store.import_jsonl(path, private=private) as game:
            return Transferred(game_id=game.header.game_id, last_seq=game.last_seq, head_hash=game.head_hash,
                               file=str(path), store=store.location, deck_file=str(deck) if DECK in private else None,
                               links_file=None if kept is None else str(links), bots=() if kept is None else kept.bots)


def _beside(file: Path) -> bytes:
    """The bytes of ``file``, kept beside the journal; a named pipe or a directory there (or a file that cannot be
    read) raises :class:`FileProblem` naming it, never waited on."""
    try:
        return read_regular(file)
    except OSError as exc:
        raise FileProblem(_("{file}: cannot be read ({why}); move it away, or put the file written with the game "
                            "there (nothing was imported)").format(file=file, why=exc.strerror or exc)) from None


def _deck_orders(path: Path) -> dict[str, bytes]:
    """``{DECK: the deck file's bytes}`` for a digital game (checked against its header's commitment, CHANCE-2),
    ``{}`` for a recorded game or one that has revealed its orders and has no deck file left. Raises as
    :func:`import_game` (JournalCorrupt, FileProblem, the file's journal errors)."""
    deck, commitment = deck_path(path), journal.read_header(path).deck_commitment
    if commitment is None:
        return {}
    if deck.exists():
        raw = _beside(deck)
        decode_orders(raw, str(deck), commitment)
        return {DECK: raw}
    revealed = DecksRevealed.__struct_config__.tag
    if any(isinstance(c.command, dict) and c.command.get("type") == revealed for c in journal.read(path)):
        return {}  # over: nothing more is dealt
    raise FileProblem(_("{deck}: missing: {path} is a digital game that is not over, and the store could not deal its "
                        "chance without the dealer's deck orders (CHANCE-2); put its deck file beside it and import "
                        "again (nothing was imported)").format(deck=deck, path=path))


def export_game(store_url: str, game_id: str, path: Path, *, schema: str = DEFAULT_SCHEMA) -> Transferred:
    """Write game ``game_id`` of the store to a new JSONL file ``path``, byte for byte as a file journal would
    have written it (durably; never over an existing file), and the deck orders the store keeps for it (a digital
    game's, CHANCE-2) to its new deck file beside it (owner-only, 0600), and its links (a served game's token
    hashes and bot seats, SERVE-1) to the new sidecar beside it (``NEW.jsonl.serve.json``, 0600).

    Raises:
        BadRequest: as :func:`import_game`.
        FileProblem: the folder of ``path`` does not exist, or the store keeps deck orders or links for the game
            and a file exists where its deck file or sidecar would go (nothing is written).
        journal.JournalError: the store holds no such game (``JournalNotFound``), a stored row does not check
            (``JournalCorrupt``, ``JournalTampered``: no file is left), a file exists at ``path``
            (``JournalExists``), or the server cannot be reached or fails.
    """
    deck, links = deck_path(Path(path)), sidecar_path(Path(path))
    with _store(store_url, schema, create=False) as store, store.open(game_id) as game:
        if (why := missing_folder(Path(path))) is not None:
            raise FileProblem(why)
        raw = store.get_private(game_id, DECK)
        orders = None if raw is None else decode_orders(raw, f"{game.path} ({DECK})", game.header.deck_commitment)
        raw_links = store.get_private(game_id, LINKS)
        kept = None if raw_links is None else decode_links(raw_links, f"{game.path} ({LINKS})")
        for there, what, text in ((deck, orders, N_("{there}: already exists (another game's deck file?); move it "
                                                    "away or choose another file name (nothing was written)")),
                                  (links, kept, N_("{there}: already exists (another game's links?); move it away or "
                                                   "choose another file name (nothing was written)"))):
            if what is not None and (there.exists() or there.is_symlink()):
                raise FileProblem(_(text).format(there=there))
        with game.save(path) as saved:
            if orders is not None:
                write_deck_file(deck, orders)
            if raw_links is not None:
                write_links_file(links, raw_links)
            return Transferred(game_id=game_id, last_seq=saved.last_seq, head_hash=saved.head_hash, file=str(path),
                               store=store.location, deck_file=None if orders is None else str(deck),
                               links_file=None if kept is None else str(links), bots=() if kept is None else kept.bots)


def store_games(store_url: str, *, schema: str = DEFAULT_SCHEMA) -> list[str]:
    """The ids of the games in the store, sorted. Raises as :func:`import_game` (``BadRequest``, server errors),
    and ``journal.JournalNotFound`` when the schema holds no store (nothing is created)."""
    with _store(store_url, schema, create=False) as store:
        return store.game_ids()
