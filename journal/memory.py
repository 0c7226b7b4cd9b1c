"""The in-memory journal: the same protocol as :class:`journal.JsonlJournal`, for tests and dry runs.

It encodes every line exactly as the JSONL journal does (same bytes, same hashes), so a dry run can be saved as
a real journal file with :meth:`MemoryJournal.save`, and its commits hand back the same raw JSON values a file
reader would.
"""

from __future__ import annotations

import threading
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import Any

from journal.codec import check_expected_seq, encode_commit, encode_header
from journal.errors import JournalConflict, JournalError
from journal.fork import check_fork_point, fork_header, rechain
from journal.files import PathLike, write_new_file
from journal.jsonl import JsonlJournal
from journal.model import FORMAT_VERSION, Clock, Commit, Header, decode_as, header_of, system_clock


class MemoryJournal:
    """A journal held in memory. Thread-safe; not shared between processes.

    Properties: ``path`` (always ``None``), ``header``, ``header_hash``, ``file_version`` (1), ``last_seq``,
    ``head_hash``, ``torn`` (always ``None``): as on :class:`journal.JsonlJournal`.
    """

    path = None
    torn = None
    file_version = FORMAT_VERSION

    def __init__(self, header: Header, *, clock: Clock | None = None) -> None:
        """Start a journal holding only ``header``.

        Args:
            header: the game's :class:`journal.Header`.
            clock: the clock ``append`` reads when no ``at_ms`` is given (default :func:`journal.system_clock`).

        Raises:
            TypeError, ValueError: ``header`` is not a valid :class:`journal.Header`.
        """
        line, stored = encode_header(header)
        self.header: Header = header_of(stored)  # as a file reader would see it (tuples, copies)
        self.header_hash: str = stored.hash
        self._lines: list[bytes] = [line]
        self._commits: list[Commit] = []
        self._clock = clock or system_clock
        self._mutex = threading.Lock()
        self._closed = False

    def close(self) -> None:
        """Mark the journal closed: further calls raise :class:`JournalError`. Idempotent."""
        self._closed = True

    def __enter__(self) -> MemoryJournal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"MemoryJournal(game_id={self.header.game_id!r}, last_seq={self.last_seq})"

    def _check_open(self) -> None:
        if self._closed:
            raise JournalError("the journal is closed")

    @property
    def last_seq(self) -> int:
        """The seq of the last commit; 0 if there is none."""
        return len(self._commits)

    @property
    def head_hash(self) -> str:
        """The hash of the last line: the last commit's, or the header's if there is no commit."""
        return self._commits[-1].hash if self._commits else self.header_hash

    def refresh(self) -> int:
        """Return ``last_seq`` (nothing else can append to a memory journal).

        Raises:
            JournalError: the journal is closed.
        """
        self._check_open()
        return self.last_seq

    def append(self, expected_seq: int, actor: str, command: Any, events: Iterable[Any] = (), *,
               at_ms: int | None = None) -> Commit:
        """Append one commit; same contract as :meth:`journal.JsonlJournal.append` (minus the file).

        Raises:
            JournalConflict: ``expected_seq`` is not ``last_seq + 1``.
            JournalError: the journal is closed.
            TypeError: ``expected_seq`` is not an ``int``, or a payload is not msgspec-encodable.
            ValueError: ``actor`` or ``at_ms`` is invalid (nothing is appended).
        """
        check_expected_seq(expected_seq)
        with self._mutex:
            self._check_open()
            if expected_seq != self.last_seq + 1:
                raise JournalConflict(path=None, expected_seq=expected_seq, next_seq=self.last_seq + 1)
            when = self._clock() if at_ms is None else at_ms
            line, commit = encode_commit(expected_seq, when, actor, command, events, self.head_hash)
            self._lines.append(line)
            self._commits.append(commit)
            return commit

    def commits(self, *, from_seq: int = 1, command_type: Any = None,
                event_type: Any = None) -> Generator[Commit, None, None]:
        """Iterate the commits present when the iteration starts; same contract as
        :meth:`journal.JsonlJournal.commits`.

        Raises (during iteration):
            JournalCorrupt: a payload does not convert to the requested type (``path`` is ``None``).
            JournalError: the journal is closed.
        """
        self._check_open()
        snapshot = self._commits[max(from_seq, 1) - 1:self.last_seq]
        for commit in snapshot:
            if command_type is not None or event_type is not None:
                commit = decode_as(commit, command_type, event_type)
            yield commit

    def fork(self, at_seq: int, *, game_id: str, clock: Clock | None = None,
             **header_changes: Any) -> MemoryJournal:
        """A new memory journal holding commits ``1..at_seq`` re-chained under a fork header (see
        :meth:`journal.JsonlJournal.fork`). Its appends use ``clock``.

        Raises:
            JournalError: ``at_seq`` is not between 0 and ``last_seq``, or the journal is closed.
            TypeError: ``header_changes`` names an unknown or reserved field, or ``at_seq`` is not an int.
            ValueError: the new header is invalid.
        """
        self._check_open()
        check_fork_point(at_seq, self.last_seq, None)
        parent_hash = self._commits[at_seq - 1].hash if at_seq else self.header_hash
        header = fork_header(self.header, parent_hash=parent_hash, at_seq=at_seq, game_id=game_id, clock=clock,
                             changes=header_changes)
        child = MemoryJournal(header, clock=clock)
        for line, decoded in rechain(header, self._commits[:at_seq]):
            if isinstance(decoded, Commit):
                child._lines.append(line)
                child._commits.append(decoded)
        return child

    def to_bytes(self) -> bytes:
        """The journal as the bytes of a JSONL journal file (header line, then one line per commit)."""
        return b"".join(self._lines)

    def save(self, path: PathLike, *, clock: Clock | None = None) -> JsonlJournal:
        """Write this journal to a new file at ``path`` (durably, never over an existing file) and open it.

        Raises:
            JournalExists: a file exists at ``path``.
            JournalNotFound: the directory does not exist.
            JournalError: the OS refused.
        """
        self._check_open()
        write_new_file(Path(path), list(self._lines))
        return JsonlJournal.open(path, clock=clock or self._clock)
