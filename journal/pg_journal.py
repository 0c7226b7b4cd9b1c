"""The PostgreSQL journal: one game of a :class:`journal.PostgresStore`, with the protocol of every journal store.

It writes exactly the lines :class:`journal.JsonlJournal` writes (same bytes, same hash chain) into the store's
tables (see :mod:`journal.pg_store` and docs/postgresql.md), so a game exported to JSONL is byte-identical to the
same game written to JSONL directly.

Durability and concurrency:

* ``append`` encodes the line after the head it knows and inserts it as ``(game_id, seq, line)`` in one
  autocommit statement, which also sends the commit's notification. When ``append`` returns, the transaction is
  committed (with ``synchronous_commit`` on: on the server's disk). The primary key ``(game_id, seq)`` refuses a
  second seq N, whichever process tries: the loser gets :class:`journal.JournalConflict` and nothing is written.
* Reads stream through a server-side cursor, checking every line's hash and the chain as the JSONL reader does,
  so a row edited in the database is reported as :class:`journal.JournalTampered` at its line.
* No method updates or deletes a row.
"""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Generator, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
from psycopg import errors as pgerrors
from psycopg import sql

from journal.codec import (ChainHead, ChainReader, check_current_version, check_expected_seq, encode_commit,
                           encode_header)
from journal.errors import (JournalConflict, JournalError, JournalExists, JournalNotFound, JournalTampered,
                            JournalTorn, JournalUnavailable)
from journal.files import PathLike, checked_file, write_new_file
from journal.fork import fork_lines
from journal.jsonl import JsonlJournal
from journal.model import Clock, Commit, Header, decode_as, system_clock
from journal.pg_store import DEFAULT_SCHEMA, MAX_GAME_ID_BYTES, CommitListener, PostgresStore, _first_line

StoreLike = PostgresStore | str


class PostgresJournal(ChainHead):
    """One game in a PostgreSQL store. Get one with :meth:`create`, :meth:`open` or :meth:`import_jsonl` (or the
    same methods of :class:`journal.PostgresStore`); close it when done. Safe to share between threads; any number
    of processes, on any number of machines, may append to one game.

    Attributes and properties (as on :class:`journal.JsonlJournal`):
        path: ``postgresql://host:port/dbname/schema/game_id`` (no user or password), the ``path`` of its errors.
        store: the :class:`journal.PostgresStore` it lives in.
        header, header_hash, file_version, last_seq, head_hash; torn (always ``None``).
    """

    torn: JournalTorn | None = None

    def __init__(self, store: PostgresStore, reader: ChainReader, clock: Clock, owns_store: bool) -> None:
        assert reader.header is not None
        self.store = store
        self.header: Header = reader.header
        self.header_hash: str = reader.header_hash
        self.file_version: int = reader.file_version
        self.path: str = reader.path or ""
        self._game_id = reader.header.game_id
        self._reader = reader
        self._clock = clock
        self._owns_store = owns_store
        self._mutex = threading.RLock()
        self._closed = False
        self._listener: CommitListener | None = None
        commits = store.table("commits")
        # rendered once (not at every append), and prepared on the server from the first append on
        self._insert = sql.SQL("WITH added AS (INSERT INTO {} (game_id, seq, line) VALUES (%s, %s, %s) RETURNING seq)"
                               " SELECT pg_notify(%s, %s) FROM added").format(commits).as_string()
        self._after = sql.SQL("SELECT seq, line FROM {} WHERE game_id = %s AND seq > %s ORDER BY seq").format(commits)

    # ------------------------------------------------------------------------------------------ life cycle

    @classmethod
    def create(cls, store: StoreLike, header: Header, *, schema: str = DEFAULT_SCHEMA,
               clock: Clock | None = None) -> PostgresJournal:
        """Create a new game holding only ``header`` and open it.

        Args:
            store: a :class:`journal.PostgresStore`, or a connection string (a store of its own is then opened on
                ``schema`` and closed with the journal).
            header: the game's header; its ``game_id`` is the game's key in the store.
            clock: the clock ``append`` reads when no ``at_ms`` is given (default :func:`journal.system_clock`).

        Raises:
            JournalExists: the store already holds a game with this id (it is left untouched).
            JournalError: the server cannot be reached or fails.
            TypeError, ValueError: ``header`` is not a valid :class:`journal.Header`, or its ``game_id`` is longer
                than 1000 UTF-8 bytes or holds a NUL character.
        """
        line, stored = encode_header(header)
        _check_game_id(stored.game_id)
        with _store_of(store, schema) as (the_store, owned):
            _insert_game(the_store, stored.game_id, line[:-1], ())
            reader = ChainReader(f"{the_store.location}/{stored.game_id}")
            reader.feed(line[:-1])
            return cls(the_store, reader, clock or system_clock, owned)

    @classmethod
    def open(cls, store: StoreLike, game_id: str, *, schema: str = DEFAULT_SCHEMA,
             clock: Clock | None = None) -> PostgresJournal:
        """Open a game, streaming through it once to check the whole hash chain.

        Raises:
            JournalNotFound: the store holds no game ``game_id``.
            JournalCorrupt, UnsupportedJournalVersion, JournalTampered: a stored line does not check (``line``
                says which, as in the JSONL file it would be).
            JournalError: the server cannot be reached or fails.
        """
        with _store_of(store, schema) as (the_store, owned):
            reader = ChainReader(f"{the_store.location}/{game_id}")
            with the_store.connection() as conn, conn.transaction():
                for _ in _checked_rows(the_store, conn, reader, game_id, 0, header=True):
                    pass
            return cls(the_store, reader, clock or system_clock, owned)

    @classmethod
    def import_jsonl(cls, store: StoreLike, path: PathLike, *, schema: str = DEFAULT_SCHEMA,
                     clock: Clock | None = None, private: Mapping[str, bytes] | None = None) -> PostgresJournal:
        """Copy the JSONL journal at ``path`` into the store, byte for byte, in one transaction, and open it.

        Every line is checked as it is copied; on any problem nothing is left in the store. ``private`` (``{name:
        bytes}``) is kept as the game's private data (see :meth:`journal.PostgresStore.get_private`) in the same
        transaction: never in the journal, never exported.

        Raises:
            JournalNotFound, JournalCorrupt, JournalTorn, UnsupportedJournalVersion, JournalTampered: the file
                does not read cleanly (as :meth:`journal.JsonlJournal.open` says; repair a torn file first).
            JournalExists: the store already holds a game with the file's game id.
            JournalError: the server cannot be reached or fails.
            ValueError: the game id is longer than 1000 UTF-8 bytes or holds a NUL character.
        """
        with _store_of(store, schema) as (the_store, owned), checked_file(Path(path)) as (file_reader, lines):
            _, header_line, _ = next(lines)
            assert file_reader.header is not None
            game_id = file_reader.header.game_id
            _check_game_id(game_id)
            _insert_game(the_store, game_id, header_line,
                         ((commit.seq, raw) for _, raw, commit in lines if commit is not None), private or {})
            imported = cls.open(the_store, game_id, clock=clock)
        if owned:  # the journal was opened on the store made here: hand it over
            imported._owns_store = True
        return imported

    def close(self) -> None:
        """Release the journal (and its store, if it opened one). Further calls raise :class:`JournalError`.
        Idempotent."""
        with self._mutex:
            if self._closed:
                return
            self._closed = True
            if self._listener is not None:
                self._listener.close()
            if self._owns_store:
                self.store.close()

    def __enter__(self) -> PostgresJournal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PostgresJournal({self.path!r}, last_seq={self.last_seq})"

    def _check_open(self) -> None:
        if self._closed:
            raise JournalError("the journal is closed", path=self.path)

    # ------------------------------------------------------------------------------------------ state

    def refresh(self) -> int:
        """Read the commits other writers appended since this object last looked; return ``last_seq``.

        Raises:
            JournalCorrupt, JournalTampered: a new row does not check or chain.
            JournalError: the journal is closed, or the server cannot be reached or fails.
        """
        with self._mutex:
            self._check_open()
            self._catch_up()
            return self.last_seq

    def _catch_up(self) -> None:
        """Check and adopt the rows past ``last_seq``, a page at a time. Call with ``_mutex`` held."""
        with self.store.connection() as conn:
            while True:
                rows = conn.execute(self._after + sql.SQL(" LIMIT 1000"), (self._game_id, self.last_seq)).fetchall()
                for seq, line in rows:
                    _feed(self._reader, seq, line)
                if len(rows) < 1000:
                    return

    def wait(self, after_seq: int, timeout_ms: int) -> int:
        """Block until the game holds a commit past ``after_seq`` (appended by any process, told by a
        PostgreSQL notification) or ``timeout_ms`` milliseconds have passed; return ``last_seq`` (refreshed).

        Raises:
            JournalCorrupt, JournalTampered: a new row does not check or chain.
            JournalError: the journal is closed, or the server cannot be reached or fails.
        """
        with self._mutex:
            self._check_open()
            if self._listener is None:  # listen before looking, so no commit falls in between
                self._listener = self.store.listen()
            listener = self._listener
        deadline = time.monotonic() + max(timeout_ms, 0) / 1000
        while self.refresh() <= after_seq:
            remaining_ms = round((deadline - time.monotonic()) * 1000)
            if remaining_ms <= 0:
                break
            listener.wait(remaining_ms, game_id=self._game_id)
        return self.last_seq

    # ------------------------------------------------------------------------------------------ writing

    def append(self, expected_seq: int, actor: str, command: Any, events: Iterable[Any] = (), *,
               at_ms: int | None = None) -> Commit:
        """Append one commit durably (a committed transaction) and return it; same contract as
        :meth:`journal.JsonlJournal.append`.

        Raises:
            JournalConflict: ``expected_seq`` is not the next seq (another writer got there first, in this process
                or another); ``last_seq + 1`` is then the seq to retry with. Nothing was written.
            JournalCorrupt, JournalTampered: a row another writer appended does not check.
            JournalNotFound: the game was removed from the store.
            UnsupportedJournalVersion: the game is of an older version (read-only; fork it to upgrade).
            JournalError: the journal is closed; the server cannot be reached; or the connection broke during the
                append (then the commit may or may not be in the store: :meth:`refresh` tells).
            TypeError: ``expected_seq`` is not an ``int``, or a payload is not msgspec-encodable.
            ValueError: ``actor`` or ``at_ms`` is invalid (nothing is written).
        """
        check_expected_seq(expected_seq)
        with self._mutex:
            self._check_open()
            check_current_version(self.file_version, self.path)
            if expected_seq != self.last_seq + 1:
                self._catch_up()
                if expected_seq != self.last_seq + 1:
                    raise JournalConflict(path=self.path, expected_seq=expected_seq, next_seq=self.last_seq + 1)
            when = self._clock() if at_ms is None else at_ms
            line, commit = encode_commit(expected_seq, when, actor, command, events, self.head_hash)
            notice = f"{commit.seq} {commit.hash} {self._game_id}"
            try:
                with self.store.connection() as conn:
                    conn.execute(self._insert, (self._game_id, commit.seq, line[:-1], self.store.channel, notice),
                                 prepare=True)
            except pgerrors.UniqueViolation:
                self._catch_up()
                raise JournalConflict(path=self.path, expected_seq=expected_seq,
                                      next_seq=self.last_seq + 1) from None
            except pgerrors.ForeignKeyViolation as exc:
                raise JournalNotFound("the game is no longer in the store", path=self.path,
                                      expected="the game's row", found="nothing") from exc
            except psycopg.Error as exc:
                kind = JournalUnavailable if isinstance(exc, psycopg.OperationalError) else JournalError
                raise kind(f"the append failed ({_first_line(exc)}); the commit may or may not be in the "
                           "store: refresh to see", path=self.path, line=commit.line) from exc
            self._reader.accept(commit)
            return commit

    # ------------------------------------------------------------------------------------------ reading

    def commits(self, *, from_seq: int = 1, command_type: Any = None,
                event_type: Any = None) -> Generator[Commit, None, None]:
        """Stream the game's commits present when the iteration starts (a server-side cursor), in seq order,
        checking each line's hash and the chain; same contract as :meth:`journal.JsonlJournal.commits`.

        From the start (``from_seq <= last_seq``) the whole chain is checked from the header; past the last commit
        this object knows, only the new rows are read, chained to that commit's hash.

        Raises (during iteration):
            JournalCorrupt: a malformed row, or a payload that does not convert to the requested type.
            JournalTampered: the chain is broken, or the rows no longer match what this object read.
            JournalError: the journal is closed, or the server cannot be reached or fails.
        """
        self._check_open()
        with self._mutex:
            known_seq, known_hash = self.last_seq, self.head_hash
            tail = copy.copy(self._reader) if from_seq > known_seq else None
        with self.store.connection() as conn, conn.transaction():
            if tail is not None:
                rows = _checked_rows(self.store, conn, tail, self._game_id, known_seq, header=False)
            else:
                rows = self._from_header(conn, known_seq, known_hash)
            for _, commit in rows:
                if commit is not None and commit.seq >= from_seq:
                    if command_type is not None or event_type is not None:
                        commit = decode_as(commit, command_type, event_type, path=self.path)
                    yield commit

    def _from_header(self, conn: psycopg.Connection[Any], known_seq: int,
                     known_hash: str) -> Iterator[tuple[bytes, Commit | None]]:
        """Every row from the header on, checked, and checked against what this object read."""
        reader = ChainReader(self.path)
        for raw, commit in _checked_rows(self.store, conn, reader, self._game_id, 0, header=True):
            if commit is None and reader.header_hash != self.header_hash:
                raise JournalTampered("the header changed since the journal was opened", path=self.path, line=1,
                                      expected=f"hash {self.header_hash}", found=f"hash {reader.header_hash}")
            if commit is not None and commit.seq == known_seq and commit.hash != known_hash:
                raise JournalTampered("the line changed since the journal was opened", path=self.path,
                                      line=commit.line, expected=f"hash {known_hash}", found=f"hash {commit.hash}")
            yield raw, commit
        if reader.last_seq < known_seq:
            raise JournalTampered("the store holds fewer commits than when they were read: commits were removed",
                                  path=self.path, line=reader.line + 1, expected=f"seq {reader.last_seq + 1}",
                                  found="no row")

    def lines(self) -> Iterator[bytes]:
        """The game as the lines of a JSONL journal file, each ending in ``\\n``: the header line, then one line per
        commit present when the iteration starts; streamed and checked as :meth:`commits` does.

        Raises (during iteration): what :meth:`commits` raises.
        """
        self._check_open()
        with self._mutex:
            known_seq, known_hash = self.last_seq, self.head_hash
        with self.store.connection() as conn, conn.transaction():
            for raw, _ in self._from_header(conn, known_seq, known_hash):
                yield raw + b"\n"

    def save(self, path: PathLike, *, clock: Clock | None = None) -> JsonlJournal:
        """Write the game to a new JSONL journal file at ``path`` (durably, never over an existing file), byte for
        byte as a :class:`journal.JsonlJournal` would have written it, and open that file.

        Raises:
            JournalExists: a file exists at ``path``.
            JournalNotFound: the directory does not exist.
            JournalCorrupt, JournalTampered: a stored row does not check (then no file is left at ``path``).
            JournalError: the journal is closed, the OS refused, or the server cannot be reached or fails.
        """
        write_new_file(Path(path), self.lines())
        return JsonlJournal.open(path, clock=clock or self._clock)

    # ------------------------------------------------------------------------------------------ forking

    def fork(self, at_seq: int, *, game_id: str, clock: Clock | None = None,
             **header_changes: Any) -> PostgresJournal:
        """A new game in the same store holding commits ``1..at_seq`` of this one, re-chained under a fork header
        (see :meth:`journal.JsonlJournal.fork`), written in one transaction. Its appends use ``clock``.

        Raises:
            JournalError: ``at_seq`` is not between 0 and ``last_seq``, or the journal is closed.
            JournalExists: the store holds a game ``game_id``.
            JournalCorrupt, JournalTampered: from reading this game up to ``at_seq``.
            TypeError: ``header_changes`` names an unknown or reserved field, or ``at_seq`` is not an int.
            ValueError: the new header is invalid (e.g. an empty ``game_id``).
        """
        self._check_open()
        lines = fork_lines(self, at_seq, game_id=game_id, clock=clock, changes=header_changes)
        header_line, _ = next(lines)  # checks the new header
        _check_game_id(game_id)
        _insert_game(self.store, game_id, header_line[:-1],
                     ((decoded.seq, line[:-1]) for line, decoded in lines if isinstance(decoded, Commit)))
        return PostgresJournal.open(self.store, game_id, clock=clock)


# ---------------------------------------------------------------------------------------------- helpers

@contextmanager
def _store_of(store: StoreLike, schema: str) -> Iterator[tuple[PostgresStore, bool]]:
    """``(store, opened_here)`` for the block: the store given, or a new one on the connection string given, which
    is closed if the block raises (a journal made in the block then owns it)."""
    if isinstance(store, PostgresStore):
        yield store, False
        return
    if not isinstance(store, str):
        raise TypeError(f"expected a PostgresStore or a connection string, not {type(store).__name__}")
    made = PostgresStore(store, schema=schema)
    try:
        yield made, True
    except BaseException:
        made.close()
        raise


def _check_game_id(game_id: str) -> None:
    if "\x00" in game_id or len(game_id.encode("utf-8")) > MAX_GAME_ID_BYTES:
        raise ValueError(f"a PostgreSQL store takes game ids of at most {MAX_GAME_ID_BYTES} UTF-8 bytes "
                         "without NUL characters")


def _feed(reader: ChainReader, seq: int, line: bytes) -> Commit:
    """Check ``line`` (commit row ``seq``) and adopt it; the row's key must be the line's seq."""
    commit = reader.feed(bytes(line))
    assert commit is not None
    if commit.seq != seq:
        raise JournalTampered("the row's seq is not the seq in its line", path=reader.path, line=commit.line,
                              expected=f"seq {commit.seq}", found=f"row seq {seq}")
    return commit


def _checked_rows(store: PostgresStore, conn: psycopg.Connection[Any], reader: ChainReader, game_id: str,
                  after_seq: int, *, header: bool) -> Iterator[tuple[bytes, Commit | None]]:
    """``(line, commit)`` for the game's commit rows past ``after_seq`` (after the header row, as ``(line, None)``,
    if ``header``), each fed to ``reader``; commit rows through a server-side cursor. Run inside a transaction on
    ``conn``."""
    if header:
        row = conn.execute(sql.SQL("SELECT line FROM {} WHERE game_id = %s").format(store.table("games")),
                           (game_id,)).fetchone()
        if row is None:
            raise JournalNotFound("no game with this id in the store", path=reader.path,
                                  expected="a game in the store", found="nothing")
        header_line = bytes(row[0])
        reader.feed(header_line)
        if reader.header is None or reader.header.game_id != game_id:  # a row moved under another key
            found = None if reader.header is None else reader.header.game_id
            raise JournalTampered("the game's row is keyed by another game id than its header's", path=reader.path,
                                  line=1, expected=f"game id {game_id!r}", found=f"game id {found!r}")
        yield header_line, None
    query = sql.SQL("SELECT seq, line FROM {} WHERE game_id = %s AND seq > %s ORDER BY seq").format(
        store.table("commits"))
    with conn.cursor(name="journal_commits", binary=True) as cursor:
        cursor.itersize = 500
        cursor.execute(query, (game_id, after_seq))
        for seq, line in cursor:
            yield bytes(line), _feed(reader, seq, line)


def _insert_game(store: PostgresStore, game_id: str, header_line: bytes, rows: Iterable[tuple[int, bytes]],
                 private: Mapping[str, bytes] | None = None) -> None:
    """Insert a game's header row, its commit rows (COPY) and its ``private`` data rows in one transaction.

    Raises:
        JournalExists: the store holds a game ``game_id`` already.
        JournalError: the server fails.
        whatever producing ``rows`` raises (the transaction is then rolled back).
    """
    location = f"{store.location}/{game_id}"
    try:
        with store.connection() as conn, conn.transaction():
            conn.execute(sql.SQL("INSERT INTO {} (game_id, line) VALUES (%s, %s)").format(store.table("games")),
                         (game_id, header_line))
            copy_sql = sql.SQL("COPY {} (game_id, seq, line) FROM STDIN").format(store.table("commits"))
            with conn.cursor().copy(copy_sql) as copy_in:
                for seq, line in rows:
                    copy_in.write_row((game_id, seq, line))
            for name, data in (private or {}).items():
                conn.execute(sql.SQL("INSERT INTO {} (game_id, name, data) VALUES (%s, %s, %s)").format(
                    store.table("private")), (game_id, name, data))
    except pgerrors.UniqueViolation as exc:
        raise JournalExists("the store already holds a game with this id", path=location,
                            expected="a new game id", found=f"game {game_id!r}") from exc
    except psycopg.Error as exc:
        raise JournalError(f"writing the game failed ({_first_line(exc)}); nothing was written",
                           path=location) from exc


__all__ = ["PostgresJournal"]
