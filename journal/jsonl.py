"""The JSONL journal: one game per file, appended durably, read as a stream.

Durability and concurrency:

* ``create`` and ``fork`` write the new file under a temporary name, ``fsync`` it and hard-link it into place,
  so a crash never leaves a half-written header at the path and an existing file is never overwritten.
* ``append`` takes an exclusive ``fcntl.flock`` on the file, reads any lines other writers appended since this
  object last looked (checking their chain), compares the caller's expected seq, encodes the whole line, writes
  it with one ``write`` (looping only if the kernel accepts part of it), ``fsync``\\ s, and unlocks. When
  ``append`` returns, the commit is on disk.
* Readers take a shared lock only to read the file's size, then stream the lines below that size: lines are
  never rewritten, so that prefix is stable while writers go on appending.
* No method rewrites or deletes a line. :func:`journal.repair` is the only code that shortens a file, and it
  cuts only a torn last line, keeping a copy.
"""

from __future__ import annotations

import errno
import fcntl
import os
import threading
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import Any

from journal.codec import (ChainHead, ChainReader, check_current_version, check_expected_seq, encode_commit,
                           encode_header)
from journal.errors import JournalConflict, JournalError, JournalTampered, JournalTorn
from journal.files import PathLike, flocked, open_existing, write_all, write_new_file
from journal.fork import fork_lines
from journal.model import Clock, Commit, Header, decode_as, system_clock
from journal.stream import Kept, check_stream


READ_BUFFER = 1 << 16
"""The buffer of a whole-file read (``open``, ``commits()``): 64 KiB, a ``read`` call for ~160 lines rather than the
file system's block (4 KiB here, ~10 lines); the lines read are the same."""


class JsonlJournal(ChainHead):
    """A journal stored in one JSONL file. Get one with :meth:`create` or :meth:`open`; close it (or use it as a
    context manager) when done. Safe to share between threads; several processes may append to one file.

    Attributes and properties:
        path: the file (:class:`pathlib.Path`).
        header: the game's :class:`journal.Header`.
        header_hash: the hash of line 1.
        file_version: the format version written in the file (always 1 today).
        last_seq: the seq of the last commit this object has seen (0 if none). Another process may have
            appended since; :meth:`refresh` and :meth:`append` catch up.
        head_hash: the hash of that commit's line (the header's hash if there is no commit).
        torn: when opened with ``allow_torn=True`` on a file ending in a torn line, that
            :class:`JournalTorn`; else ``None``.
    """

    def __init__(self, path: Path, fd: int, writable: bool, reader: ChainReader, offset: int,
                 torn: JournalTorn | None, clock: Clock) -> None:
        self.path = path
        self._fd = fd
        self._writable = writable
        self._reader = reader
        self._offset = offset  # end of the last complete line checked
        self.torn = torn
        self._clock = clock
        self._mutex = threading.RLock()
        self._closed = False
        self._kept: Kept | tuple[()] = ()  # open()'s first lines, for the first commits() (stream.KEEP_BYTES)
        assert reader.header is not None
        self.header: Header = reader.header
        self.header_hash: str = reader.header_hash
        self.file_version: int = reader.file_version

    # ------------------------------------------------------------------------------------------ life cycle

    @classmethod
    def create(cls, path: PathLike, header: Header, *, clock: Clock | None = None) -> JsonlJournal:
        """Create a new journal file holding only ``header`` (line 1), durably, and open it.

        Args:
            path: where to create it; the directory must exist.
            header: the game's header (its ``created_ms`` is used as given).
            clock: the clock ``append`` reads when no ``at_ms`` is given (default :func:`journal.system_clock`).

        Raises:
            JournalExists: a file already exists at ``path`` (it is left untouched).
            JournalNotFound: the directory does not exist.
            JournalError: the OS refused (permission, disk full...).
            TypeError, ValueError: ``header`` is not a valid :class:`journal.Header`.
        """
        path = Path(path)
        line, _ = encode_header(header)
        write_new_file(path, (line,))
        return cls.open(path, clock=clock)

    @classmethod
    def open(cls, path: PathLike, *, clock: Clock | None = None, allow_torn: bool = False) -> JsonlJournal:
        """Open an existing journal, streaming through it once to check the whole hash chain.

        The first lines (up to :data:`journal.stream.KEEP_BYTES`, 128 KiB, whatever the file's length) are kept with
        their commits until the first :meth:`commits` (or an ``append``, or ``close``): that read compares them
        byte for byte with the file and checks again only from the first line that differs, so a journal opened
        and then read (every replay) checks those lines once. Nothing else is kept.

        Args:
            path: the journal file.
            clock: the clock ``append`` reads when no ``at_ms`` is given (default :func:`journal.system_clock`).
            allow_torn: open a file whose last line is torn (it is then read-only until repaired: ``torn`` is
                set, ``commits()`` raises :class:`JournalTorn` after the last complete commit and ``append``
                raises it at once). By default such a file raises :class:`JournalTorn`.

        Raises:
            JournalNotFound: no file at ``path``.
            JournalCorrupt: a directory, an empty or binary file, a malformed line (``line`` says which).
            JournalTorn: the last line is torn (unless ``allow_torn``).
            JournalUnclean: the last line is whole but lacks its newline (``kind`` ``newline``; ``allow_torn``
                does not cover it: :func:`journal.repair` writes a clean copy that adds it), or another edited
                ending (a byte-order mark, CR LF, trailing blank lines).
            UnsupportedJournalVersion: another format version than this code reads.
            JournalTampered: the hash chain is broken (``line`` says where).
            JournalError: the file cannot be opened (permission...).
        """
        path = Path(path)
        writable = True
        try:
            fd = open_existing(path, os.O_RDWR | os.O_APPEND)
        except JournalError as exc:
            cause = exc.__cause__
            if not (isinstance(cause, OSError) and cause.errno in (errno.EACCES, errno.EPERM, errno.EROFS)):
                raise
            fd, writable = open_existing(path, os.O_RDONLY), False
        try:
            with flocked(fd, fcntl.LOCK_SH):
                end = os.fstat(fd).st_size
            reader = ChainReader(str(path))
            offset, torn = 0, None
            kept: Kept = []
            with os.fdopen(os.dup(fd), "rb", buffering=READ_BUFFER) as stream:
                try:
                    for offset, _ in check_stream(reader, stream, 0, end, build=False, keep=kept):
                        pass
                except JournalTorn as exc:
                    if not allow_torn:
                        raise
                    torn = exc
            journal = cls(path, fd, writable, reader, offset, torn, clock or system_clock)
            journal._kept = kept  # the first commits() checks these lines once more only if they changed
            return journal
        except BaseException:
            os.close(fd)
            raise

    def close(self) -> None:
        """Release the file. Further calls on this object raise :class:`JournalError`. Idempotent."""
        with self._mutex:
            if not self._closed:
                self._closed = True
                self._kept = ()
                os.close(self._fd)

    def __enter__(self) -> JsonlJournal:
        return self

    def __del__(self) -> None:
        if not getattr(self, "_closed", True):
            self.close()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"JsonlJournal({str(self.path)!r}, game_id={self.header.game_id!r}, last_seq={self.last_seq})"

    # ------------------------------------------------------------------------------------------ state

    def refresh(self) -> int:
        """Read the commits other writers appended since this object last looked; return ``last_seq``.

        Raises:
            JournalTorn: the file now ends in a torn line (``last_seq`` stays at the last complete commit).
            JournalUnclean: it ends in a whole line without its newline (``last_seq`` stays at the last ended one).
            JournalCorrupt, JournalTampered: a new line is malformed or does not chain.
            JournalError: the journal is closed.
        """
        with self._mutex:
            self._check_open()
            with flocked(self._fd, fcntl.LOCK_SH):
                self._catch_up()
            return self.last_seq

    def _check_open(self) -> None:
        if self._closed:
            raise JournalError("the journal is closed", path=self.path)

    def _check_same_file(self) -> None:
        """Raise unless ``path`` still names the file this object has open (an editor may have replaced it)."""
        mine = os.fstat(self._fd)
        try:
            there = os.stat(self.path)
        except FileNotFoundError:
            there = None
        if there is None or (there.st_dev, there.st_ino) != (mine.st_dev, mine.st_ino):
            raise JournalTampered("the journal file was replaced or removed since it was opened; nothing written",
                                  path=self.path, line=1, expected="the file this journal opened",
                                  found="no file" if there is None else "another file")

    def _catch_up(self) -> None:
        """Check and adopt the lines past ``_offset``. Call with ``_mutex`` and a lock held."""
        end = os.fstat(self._fd).st_size
        if end < self._offset:
            raise JournalTampered("the file is shorter than when it was read: complete lines were removed",
                                  path=self.path, line=self._reader.line,
                                  expected=f"at least {self._offset} bytes", found=f"{end} bytes")
        if end == self._offset:
            self.torn = None
            return
        # A fresh buffered stream each time: a kept one could serve stale bytes of a since-repaired torn line.
        try:
            with os.fdopen(os.dup(self._fd), "rb") as stream:
                for self._offset, _ in check_stream(self._reader, stream, self._offset, end, build=False):
                    pass
        except JournalTorn as exc:
            self.torn = exc
            raise
        self.torn = None

    # ------------------------------------------------------------------------------------------ writing

    def append(self, expected_seq: int, actor: str, command: Any, events: Iterable[Any] = (), *,
               at_ms: int | None = None) -> Commit:
        """Append one commit durably and return it.

        Args:
            expected_seq: the seq the new commit must get: ``last_seq + 1`` as the caller knows it. If another
                writer appended first, nothing is written and :class:`JournalConflict` is raised (``refresh``
                was done, so ``last_seq + 1`` is then the seq to retry with).
            actor: who acts: a player name, ``"chance"``, ``"recorder"``, ``"system"`` (non-empty ``str``).
            command: any msgspec-encodable value (e.g. a game's tagged-union Struct).
            events: msgspec-encodable values, in order (may be empty).
            at_ms: the commit time in integer ms since the epoch; default: read the clock (under the lock).

        Returns:
            The :class:`Commit` as a reader will see it: ``command`` and ``events`` as raw decoded JSON values.

        Raises:
            JournalConflict: ``expected_seq`` is not the next seq.
            JournalTorn: the file ends in a torn line; run :func:`journal.repair` first.
            JournalCorrupt, JournalTampered: a line another writer appended does not check, or the file at
                ``path`` was replaced or removed since it was opened (nothing is written).
            UnsupportedJournalVersion: the file is of an older version (read-only; fork it to upgrade).
            JournalError: the journal is closed or read-only, or the write or ``fsync`` failed (then the
                commit may or may not be in the file, and the file may end in a torn line).
            TypeError: ``expected_seq`` is not an ``int``, or a payload is not msgspec-encodable.
            ValueError: ``actor`` or ``at_ms`` is invalid (nothing is written).
        """
        check_expected_seq(expected_seq)
        with self._mutex:
            self._check_open()
            if not self._writable:
                raise JournalError("the journal file is read-only", path=self.path,
                                   expected="a writable file", found="no write permission")
            check_current_version(self.file_version, self.path)
            self._kept = ()  # a writer's journal: open()'s lines are not read again through it
            with flocked(self._fd, fcntl.LOCK_EX):
                self._check_same_file()
                self._catch_up()
                if expected_seq != self.last_seq + 1:
                    raise JournalConflict(path=self.path, expected_seq=expected_seq, next_seq=self.last_seq + 1)
                when = self._clock() if at_ms is None else at_ms
                line, commit = encode_commit(expected_seq, when, actor, command, events, self.head_hash)
                try:
                    write_all(self._fd, line)
                    os.fsync(self._fd)
                except OSError as exc:
                    raise JournalError(f"the append failed ({exc.strerror}); the commit may be incomplete: "
                                       "open the journal again, and repair it if its last line is torn",
                                       path=self.path, line=commit.line) from exc
                self._offset += len(line)
                self._reader.accept(commit)
            return commit

    # ------------------------------------------------------------------------------------------ reading

    def commits(self, *, from_seq: int = 1, command_type: Any = None,
                event_type: Any = None) -> Generator[Commit, None, None]:
        """Stream the commits in the file when the iteration starts, checking the whole chain from line 1.

        Reads one line at a time (a file of any length is never loaded whole).

        Args:
            from_seq: yield only commits with ``seq >= from_seq`` (earlier lines are still checked).
            command_type: if given, each ``command`` is converted with ``msgspec.convert`` to this type.
            event_type: if given, each event is converted to this type (e.g. a game's event union).

        Yields:
            :class:`Commit` objects in seq order.

        Raises (during iteration):
            JournalTorn: after the last complete commit, if the file ends in a torn line.
            JournalUnclean: after the last ended commit, if the file ends in a whole line without its newline.
            JournalCorrupt: a malformed line, or a payload that does not convert to the requested type.
            JournalTampered: the chain is broken, or the file no longer matches what this object read.
            UnsupportedJournalVersion: the file was replaced by one of another version.
            JournalNotFound, JournalError: the file is gone, or the journal is closed.
        """
        self._check_open()
        known_seq, known_hash = self.last_seq, self.head_hash
        kept, self._kept = self._kept, ()  # only the first read after open() compares with what open() kept
        fd = open_existing(self.path, os.O_RDONLY)
        with os.fdopen(fd, "rb", buffering=READ_BUFFER) as stream:
            with flocked(fd, fcntl.LOCK_SH):
                end = os.fstat(fd).st_size
            reader = ChainReader(str(self.path))
            for _, commit in check_stream(reader, stream, 0, end, kept=kept):
                if commit is None:
                    if reader.header_hash != self.header_hash:
                        raise JournalTampered("the header changed since the journal was opened", path=self.path,
                                              line=1, expected=f"hash {self.header_hash}",
                                              found=f"hash {reader.header_hash}")
                    continue
                if commit.seq == known_seq and commit.hash != known_hash:
                    raise JournalTampered("the line changed since the journal was opened", path=self.path,
                                          line=commit.line, expected=f"hash {known_hash}", found=f"hash {commit.hash}")
                if commit.seq >= from_seq:
                    if command_type is not None or event_type is not None:
                        commit = decode_as(commit, command_type, event_type, path=str(self.path))
                    yield commit
            if reader.last_seq < known_seq:
                raise JournalTampered("the file is shorter than when it was read: commits were removed",
                                      path=self.path, line=reader.line + 1, expected=f"seq {reader.last_seq + 1}",
                                      found="the end of the file")

    # ------------------------------------------------------------------------------------------ forking

    def fork(self, at_seq: int, new_path: PathLike, *, game_id: str, clock: Clock | None = None,
             **header_changes: Any) -> JsonlJournal:
        """Write a new journal at ``new_path`` holding commits ``1..at_seq`` of this one, re-chained under a new
        header (this header with ``game_id``, ``created_ms`` from ``clock``, ``parent`` naming this journal, and
        ``header_changes`` applied, e.g. ``meta={...}``). Returns it opened (its appends use ``clock``).

        Raises:
            JournalError: ``at_seq`` is not between 0 and ``last_seq``.
            JournalExists: a file exists at ``new_path``.
            JournalNotFound: the directory of ``new_path`` does not exist.
            JournalTorn, JournalCorrupt, JournalTampered: from reading this journal up to ``at_seq``.
            TypeError: ``header_changes`` names an unknown or reserved field, or ``at_seq`` is not an int.
            ValueError: the new header is invalid (e.g. an empty ``game_id``).
        """
        lines = fork_lines(self, at_seq, game_id=game_id, clock=clock, changes=header_changes)
        write_new_file(Path(new_path), (line for line, _ in lines))
        return JsonlJournal.open(new_path, clock=clock)


def fork(parent_path: PathLike, at_seq: int, new_path: PathLike, *, game_id: str, clock: Clock | None = None,
         **header_changes: Any) -> JsonlJournal:
    """Open the journal at ``parent_path`` and fork it at ``at_seq`` into ``new_path`` (see
    :meth:`JsonlJournal.fork`, which lists what is raised; also :meth:`JsonlJournal.open`'s errors for the
    parent). Returns the new journal, opened.
    """
    with JsonlJournal.open(parent_path) as parent:
        return parent.fork(at_seq, new_path, game_id=game_id, clock=clock, **header_changes)


def read(path: PathLike, *, from_seq: int = 1, command_type: Any = None,
         event_type: Any = None) -> Iterator[Commit]:
    """Stream the commits of the journal at ``path`` (see :meth:`JsonlJournal.commits`); the file is closed when
    the iteration ends. Raises what :meth:`JsonlJournal.open` and :meth:`JsonlJournal.commits` raise.
    """
    with JsonlJournal.open(path) as journal:
        yield from journal.commits(from_seq=from_seq, command_type=command_type, event_type=event_type)


__all__ = ["JsonlJournal", "fork", "read"]
