"""The journal protocol: what every store (:class:`journal.JsonlJournal`, :class:`journal.MemoryJournal`,
:class:`journal.PostgresJournal`) offers.

Code that plays or replays a game should depend on :class:`Journal` only. Forking is store-specific (a file fork
needs a new path) and is not part of the protocol.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from typing import Any, Protocol, runtime_checkable

from journal.model import Commit, Header
from journal.errors import JournalTorn


@runtime_checkable
class Journal(Protocol):
    """An append-only, hash-chained log of commits under one header.

    * ``header``: the game's :class:`Header`; ``header_hash``: the hash of line 1.
    * ``last_seq``: the seq of the last commit known (0 if none); ``head_hash``: the hash of its line.
    * ``append(expected_seq, actor, command, events=(), *, at_ms=None) -> Commit``: durable append; raises
      :class:`journal.JournalConflict` unless ``expected_seq == last_seq + 1`` (after catching up).
    * ``commits(*, from_seq=1, command_type=None, event_type=None) -> Iterator[Commit]``: in seq order.
    * ``refresh() -> int``: catch up with other writers; returns ``last_seq``.
    * ``close()``; also a context manager.

    Seqs start at 1 and grow by 1; commit ``seq`` is on line ``seq + 1``. Nothing is ever rewritten or deleted:
    a correction (an undo) is a new commit whose meaning the game layer decides.
    """

    header: Header
    header_hash: str
    file_version: int
    path: Any
    torn: JournalTorn | None

    @property
    def last_seq(self) -> int: ...

    @property
    def head_hash(self) -> str: ...

    def append(self, expected_seq: int, actor: str, command: Any, events: Iterable[Any] = (), *,
               at_ms: int | None = None) -> Commit: ...

    def commits(self, *, from_seq: int = 1, command_type: Any = None,
                event_type: Any = None) -> Generator[Commit, None, None]: ...

    def refresh(self) -> int: ...

    def close(self) -> None: ...
