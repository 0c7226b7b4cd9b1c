"""A PostgreSQL journal store: the connections, the two tables, and the notifications of new commits.

One store is one PostgreSQL schema (default ``journal``) holding any number of games::

    <schema>.games    (game_id text PRIMARY KEY, line bytea NOT NULL)
    <schema>.commits  (game_id text REFERENCES games, seq bigint CHECK (seq >= 1), line bytea NOT NULL,
                       PRIMARY KEY (game_id, seq))
    <schema>.private  (game_id text REFERENCES games, name text, data bytea NOT NULL, PRIMARY KEY (game_id, name))

``private`` holds what a program keeps beside a game but outside its journal (never exported, never hashed into
the chain): a served game's link hashes, a dealer's secret deck orders. It is the only table whose rows change.

``line`` holds a line exactly as a JSONL journal file holds it, without its ``\\n`` (the header line in ``games``,
commit ``seq``'s line in ``commits``), so the hash chain is the file's and an export is byte-identical. The primary
key ``(game_id, seq)`` is the optimistic concurrency check: two writers cannot both insert a game's seq N.

Every append also sends ``NOTIFY <schema>_commits, '<seq> <hash> <game_id>'`` in its transaction, so a
:class:`CommitListener` in any process learns of each commit once it is durable.

A store is safe to share between threads: each operation borrows a connection from a small pool (opened on
demand, kept while the store is open). Every connection runs with ``synchronous_commit`` on (raised from ``off``
if the server's default is off), so a commit is on the server's disk when the append returns. psycopg is imported
only when a PostgreSQL store is used.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import msgspec
import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from journal.errors import JournalError, JournalNotFound, JournalUnavailable
from journal.model import Clock, Header

if TYPE_CHECKING:
    from journal.files import PathLike
    from journal.pg_journal import PostgresJournal

DEFAULT_SCHEMA = "journal"
"""The schema a store uses unless told otherwise."""

SCHEMA_PATTERN = re.compile(r"^[a-z_][a-z0-9_]{0,39}$")
"""Schema names a store accepts: lowercase letters, digits and ``_``, at most 40 characters."""

MAX_GAME_ID_BYTES = 1000
"""The longest game id (in UTF-8 bytes) a PostgreSQL store accepts: a notification holds at most 8000 bytes."""

_DDL = """
CREATE SCHEMA IF NOT EXISTS {schema};
CREATE TABLE IF NOT EXISTS {schema}.games (
    game_id text PRIMARY KEY,
    line bytea NOT NULL
);
CREATE TABLE IF NOT EXISTS {schema}.commits (
    game_id text NOT NULL REFERENCES {schema}.games (game_id),
    seq bigint NOT NULL CHECK (seq >= 1),
    line bytea NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS {schema}.private (
    game_id text NOT NULL REFERENCES {schema}.games (game_id),
    name text NOT NULL,
    data bytea NOT NULL,
    PRIMARY KEY (game_id, name)
);
"""


class Notice(msgspec.Struct, frozen=True, kw_only=True):
    """One notification: commit ``seq`` (line hash ``hash``) of game ``game_id`` is durable in the store."""

    game_id: str
    seq: int
    hash: str


def display_url(url: str) -> str:
    """``postgresql://host:port/dbname`` for ``url`` (a URL or a libpq key=value string), without user or password.

    Raises:
        JournalError: ``url`` is not a connection string libpq understands.
    """
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise JournalError(f"not a PostgreSQL connection string: {_first_line(exc)}", path=None,
                           expected="postgresql://[user@]host[:port]/dbname", found=_redact(url)) from exc
    host = parts.get("host") or parts.get("hostaddr") or "localhost"
    port = parts.get("port") or 5432
    return f"postgresql://{host}:{port}/{parts.get('dbname') or parts.get('user') or ''}"


def _redact(url: str) -> str:
    """``url`` with any password replaced by ``***``."""
    url = re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)
    return re.sub(r"(password\s*=\s*)\S+", r"\1***", url)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


class PostgresStore:
    """Games in one schema of one PostgreSQL database. Use it as a context manager, or call :meth:`close`.

    Attributes:
        url: the connection string as given (it may hold a password: never print it; use ``location``).
        schema: the schema holding the tables.
        location: ``postgresql://host:port/dbname/schema`` (no user or password): what errors name as ``path``.
        channel: the notification channel, ``<schema>_commits``.
    """

    def __init__(self, url: str, *, schema: str = DEFAULT_SCHEMA, connect_timeout_s: int = 5,
                 create: bool = True) -> None:
        """Connect, and create the schema and tables if they do not exist yet (unless ``create`` is False: a
        reader such as ``export`` must not leave a new schema behind a mistyped ``--schema``).

        Args:
            url: a libpq connection string, e.g. ``postgresql://user@127.0.0.1:5432/games``.
            schema: the schema to use (see :data:`SCHEMA_PATTERN`).
            connect_timeout_s: seconds to wait for the server on each new connection.
            create: create the schema and tables when they are missing.

        Raises:
            ValueError: ``schema`` does not match :data:`SCHEMA_PATTERN`.
            JournalNotFound: ``create`` is False and the schema holds no journal store.
            JournalError: ``url`` is not a connection string, or the server cannot be reached or refuses
                (``expected`` names what was wanted, ``found`` the server's first line of complaint).
        """
        if not isinstance(schema, str) or not SCHEMA_PATTERN.match(schema):
            raise ValueError(f"schema must match {SCHEMA_PATTERN.pattern}, not {schema!r}")
        self.url = url
        self.schema = schema
        self.location = f"{display_url(url)}/{schema}"
        self.channel = f"{schema}_commits"
        self._connect_timeout_s = connect_timeout_s
        self._idle: list[psycopg.Connection[Any]] = []
        self._mutex = threading.Lock()
        self._closed = False
        self._ident = sql.Identifier(schema)
        with self.connection() as conn:
            if conn.execute("SELECT to_regclass(%s)", (f"{schema}.private",)).fetchone() == (None,):
                if not create:
                    self.close()
                    raise JournalNotFound(f"no journal store in schema {schema!r} of this database (is --schema "
                                          "spelled as when the games were imported?)", path=self.location)
                with conn.transaction():  # only then: a role without CREATE may use existing tables
                    conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"journal schema {schema}",))
                    conn.execute(sql.SQL(_DDL).format(schema=self._ident))

    # ------------------------------------------------------------------------------------------ connections

    def connect(self) -> psycopg.Connection[Any]:
        """A new autocommit connection with ``synchronous_commit`` on; the caller closes it.

        Raises:
            JournalError: the server cannot be reached or refuses the connection.
        """
        try:
            conn = psycopg.connect(self.url, autocommit=True, connect_timeout=self._connect_timeout_s,
                                   application_name="journal")
            if conn.execute("SELECT current_setting('synchronous_commit')").fetchone() == ("off",):
                conn.execute("SET synchronous_commit = on")
        except psycopg.Error as exc:
            kind = JournalUnavailable if isinstance(exc, psycopg.OperationalError) else JournalError
            raise kind(f"cannot connect to the PostgreSQL store: {_first_line(exc)}", path=self.location,
                       expected="a PostgreSQL server accepting connections") from exc
        return conn

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        """Borrow a connection (autocommit, idle) for the ``with`` block; it goes back to the pool unless it broke.

        Raises:
            JournalUnavailable: a new connection cannot be made, or the server was lost during the block (a
                ``psycopg.OperationalError`` of the block becomes this: the server is down or restarting).
            JournalError: the store is closed.
        """
        with self._mutex:
            if self._closed:
                raise JournalError("the store is closed", path=self.location)
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = self.connect()
        try:
            yield conn
        except psycopg.OperationalError as exc:
            raise JournalUnavailable(f"lost the connection to the PostgreSQL store ({_first_line(exc)})",
                                     path=self.location) from exc
        finally:
            healthy = not conn.closed and conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
            with self._mutex:
                keep = healthy and not self._closed
                if keep:
                    self._idle.append(conn)
            if not keep:
                conn.close()

    def table(self, name: str) -> sql.Composed:
        """``<schema>.<name>`` as an SQL identifier."""
        return sql.SQL("{}.{}").format(self._ident, sql.Identifier(name))

    def close(self) -> None:
        """Close every pooled connection; further use raises :class:`JournalError`. Idempotent."""
        with self._mutex:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PostgresStore({self.location!r})"

    # ------------------------------------------------------------------------------------------ games

    def game_ids(self) -> list[str]:
        """The ids of the games in the store, sorted.

        Raises:
            JournalError: the store is closed or the server fails.
        """
        with self.connection() as conn:
            rows = conn.execute(sql.SQL("SELECT game_id FROM {} ORDER BY game_id").format(self.table("games")))
            return [game_id for (game_id,) in rows]

    def create(self, header: Header, *, clock: Clock | None = None) -> PostgresJournal:
        """A new game holding only ``header``; see :meth:`journal.PostgresJournal.create`."""
        from journal.pg_journal import PostgresJournal
        return PostgresJournal.create(self, header, clock=clock)

    def open(self, game_id: str, *, clock: Clock | None = None) -> PostgresJournal:
        """An existing game; see :meth:`journal.PostgresJournal.open`."""
        from journal.pg_journal import PostgresJournal
        return PostgresJournal.open(self, game_id, clock=clock)

    def import_jsonl(self, path: PathLike, *, clock: Clock | None = None,
                     private: Mapping[str, bytes] | None = None) -> PostgresJournal:
        """Copy a JSONL journal file into the store, byte for byte (with the game's ``private`` data, in the same
        transaction); see :meth:`journal.PostgresJournal.import_jsonl`."""
        from journal.pg_journal import PostgresJournal
        return PostgresJournal.import_jsonl(self, path, clock=clock, private=private)

    def private_ids(self, name: str) -> list[str]:
        """The ids of the games that hold private data ``name``, sorted.

        Raises:
            JournalError: the store is closed or the server fails.
        """
        query = sql.SQL("SELECT game_id FROM {} WHERE name = %s ORDER BY game_id").format(self.table("private"))
        with self._failing("reading private data"), self.connection() as conn:
            return [game_id for (game_id,) in conn.execute(query, (name,))]

    def get_private(self, game_id: str, name: str) -> bytes | None:
        """The private data ``name`` kept beside game ``game_id`` (outside its journal), or ``None``.

        Raises:
            JournalError: the store is closed or the server fails.
        """
        query = sql.SQL("SELECT data FROM {} WHERE game_id = %s AND name = %s").format(self.table("private"))
        with self._failing("reading private data"), self.connection() as conn:
            row = conn.execute(query, (game_id, name)).fetchone()
        return None if row is None else bytes(row[0])

    def put_private(self, game_id: str, name: str, data: bytes, *, replace: bool = True) -> bool:
        """Keep ``data`` as private data ``name`` of game ``game_id`` (durably, outside its journal). With
        ``replace=False`` an existing value is kept (whichever process wrote first wins). Returns True when
        ``data`` was written.

        Raises:
            JournalNotFound: the store holds no game ``game_id``.
            JournalError: the store is closed or the server fails.
        """
        table = self.table("private")
        query = sql.SQL("INSERT INTO {} (game_id, name, data) VALUES (%s, %s, %s) ON CONFLICT (game_id, name) "
                        + ("DO UPDATE SET data = EXCLUDED.data" if replace else "DO NOTHING")
                        + " RETURNING 1").format(table)
        try:
            with self._failing("writing private data"), self.connection() as conn:
                return conn.execute(query, (game_id, name, data)).fetchone() is not None
        except JournalError as exc:
            if isinstance(exc.__cause__, psycopg.errors.ForeignKeyViolation):
                raise JournalNotFound("no game with this id in the store", path=f"{self.location}/{game_id}",
                                      expected="a game in the store", found="nothing") from None
            raise

    @contextmanager
    def _failing(self, doing: str) -> Iterator[None]:
        try:
            yield
        except psycopg.OperationalError as exc:
            raise JournalUnavailable(f"{doing} failed ({_first_line(exc)})", path=self.location) from exc
        except psycopg.Error as exc:
            raise JournalError(f"{doing} failed ({_first_line(exc)})", path=self.location) from exc

    def listen(self) -> CommitListener:
        """A :class:`CommitListener` on this store's channel (its own connection, listening from now on).

        Raises:
            JournalError: the store is closed, or the server cannot be reached.
        """
        if self._closed:
            raise JournalError("the store is closed", path=self.location)
        return CommitListener(self)


class CommitListener:
    """Notices of new commits in one store, from any process (PostgreSQL ``LISTEN``). Close it when done.

    Only commits made after the listener was created are noticed: to wait for a game's next commit without a gap,
    create the listener first, then read the game's last seq, then :meth:`wait`.
    """

    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self._conn = store.connect()
        try:
            self._conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(store.channel)))
        except BaseException:
            self._conn.close()
            raise

    def wait(self, timeout_ms: int, *, game_id: str | None = None) -> list[Notice]:
        """The notices that arrive within ``timeout_ms`` milliseconds: returns as soon as at least one (of
        ``game_id``, if given) has arrived, with every other one already received; ``[]`` on timeout.

        Raises:
            JournalError: the connection to the server was lost.
        """
        wanted: list[Notice] = []

        def take(timeout_s: float) -> int:
            # stop_after=1 ends the generator after the whole packet that holds the first notice: none is dropped.
            received = 0
            for note in self._conn.notifies(timeout=max(timeout_s, 0.0), stop_after=1):
                received += 1
                notice = _parse(note.payload)
                if notice is not None and (game_id is None or notice.game_id == game_id):
                    wanted.append(notice)
            return received

        deadline = time.monotonic() + max(timeout_ms, 0) / 1000
        try:
            take(deadline - time.monotonic())
            while not wanted and time.monotonic() < deadline:
                take(deadline - time.monotonic())
            while take(0.0):  # whatever else already arrived
                pass
        except psycopg.OperationalError as exc:
            raise JournalUnavailable(f"lost the connection to the PostgreSQL store ({_first_line(exc)})",
                                     path=self.store.location) from exc
        return wanted

    def close(self) -> None:
        """Stop listening and close the connection. Idempotent."""
        self._conn.close()

    def __enter__(self) -> CommitListener:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _parse(payload: str) -> Notice | None:
    """A :class:`Notice` from ``'<seq> <hash> <game_id>'``, or ``None`` for any other payload."""
    seq, _, rest = payload.partition(" ")
    digest, _, game_id = rest.partition(" ")
    if not seq.isdigit() or len(digest) != 64 or not game_id:
        return None
    return Notice(game_id=game_id, seq=int(seq), hash=digest)


__all__ = ["DEFAULT_SCHEMA", "CommitListener", "Notice", "PostgresStore", "display_url"]
