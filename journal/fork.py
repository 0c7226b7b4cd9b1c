"""Forking: the first N commits of a journal, re-chained under a new header that names the parent.

A fork keeps each copied commit's ``seq``, ``at_ms``, ``actor``, ``command`` and ``events``; its ``prev`` and
``hash`` are recomputed from the new header, so the fork is a journal in its own right. Its header's ``parent``
(:class:`journal.model.ParentRef`) names the parent's game id, the parent line of commit N and that line's hash,
which ties the fork to exactly one parent history.

The stores use these helpers: ``JsonlJournal.fork``, ``MemoryJournal.fork``, ``PostgresJournal.fork`` and
``journal.fork``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import closing
from typing import TYPE_CHECKING, Any

import msgspec

from journal.codec import encode_commit, encode_header
from journal.errors import JournalError, JournalTampered
from journal.model import Clock, Commit, Header, HeaderLine, ParentRef, system_clock

if TYPE_CHECKING:
    from journal.protocol import Journal


def check_fork_point(at_seq: int, last_seq: int, path: str | None) -> None:
    """Raise unless ``0 <= at_seq <= last_seq``.

    Raises:
        TypeError: ``at_seq`` is not an ``int``.
        JournalError: ``at_seq`` is out of range (``line`` is ``None``; ``expected`` names the range).
    """
    if not isinstance(at_seq, int) or isinstance(at_seq, bool):
        raise TypeError(f"at_seq must be an int, not {type(at_seq).__name__}")
    if not 0 <= at_seq <= last_seq:
        raise JournalError("cannot fork at a commit the journal does not have", path=path,
                           expected=f"a seq from 0 to {last_seq}", found=f"seq {at_seq}")


def fork_header(parent: Header, *, parent_hash: str, at_seq: int, game_id: str, clock: Clock | None,
                changes: dict[str, Any]) -> Header:
    """The header of a fork: the parent's header with a new ``game_id``, ``created_ms`` from ``clock`` (default
    :func:`journal.model.system_clock`), ``parent`` set, and any other header field replaced by ``changes``.

    Raises:
        TypeError: ``changes`` names a field a header does not have, or tries to set ``parent``/``format``/
            ``version`` (the fork sets those).
    """
    reserved = {"parent", "format", "version", "game_id"} & changes.keys()
    unknown = set(changes) - set(Header.__struct_fields__)
    if reserved or unknown:
        raise TypeError(f"fork cannot set header fields {sorted(reserved | unknown)}")
    fields: dict[str, Any] = {"created_ms": (clock or system_clock)(), **changes}
    ref = ParentRef(game_id=parent.game_id, seq=at_seq, line=at_seq + 1, hash=parent_hash)
    return msgspec.structs.replace(parent, game_id=game_id, parent=ref, **fields)


def rechain(header: Header, commits: Iterable[Commit]) -> Iterator[tuple[bytes, HeaderLine | Commit]]:
    """The lines of a new journal: ``header``, then each commit re-chained after it.

    Yields ``(line_with_newline, decoded)`` pairs, header first. Streams: holds one commit at a time.

    Raises:
        TypeError, ValueError: from :func:`journal.codec.encode_header` (an invalid header).
    """
    line, stored = encode_header(header)
    yield line, stored
    prev = stored.hash
    for commit in commits:
        line, copied = encode_commit(commit.seq, commit.at_ms, commit.actor, commit.command, commit.events, prev)
        prev = copied.hash
        yield line, copied


def fork_lines(parent: Journal, at_seq: int, *, game_id: str, clock: Clock | None,
               changes: dict[str, Any]) -> Iterator[tuple[bytes, HeaderLine | Commit]]:
    """The lines of a fork of ``parent`` at ``at_seq`` (see :func:`rechain`), header first.

    Reads the parent's commits ``1..at_seq`` twice, streaming: once now, for the hash the new header names, then
    as the lines are consumed (checking that commit ``at_seq`` still has that hash). A torn or bad tail after
    ``at_seq`` does not matter.

    Raises:
        TypeError, JournalError: from :func:`check_fork_point` and :func:`fork_header`, before any line.
        JournalTorn, JournalCorrupt, JournalTampered: from reading the parent up to ``at_seq``.
    """
    path = None if parent.path is None else str(parent.path)
    check_fork_point(at_seq, parent.last_seq, path)

    def prefix() -> Iterator[Commit]:
        """Commits 1..at_seq, checked from line 1; stops there."""
        if at_seq == 0:
            return
        with closing(parent.commits()) as stream:
            for commit in stream:
                yield commit
                if commit.seq == at_seq:
                    return

    parent_hash = parent.header_hash
    for commit in prefix():  # first pass: the hash the new header names
        parent_hash = commit.hash
    header = fork_header(parent.header, parent_hash=parent_hash, at_seq=at_seq, game_id=game_id, clock=clock,
                         changes=changes)

    def second_pass() -> Iterator[Commit]:
        for commit in prefix():
            if commit.seq == at_seq and commit.hash != parent_hash:  # pragma: no cover - lines never change
                raise JournalTampered("the parent changed while forking", path=path, line=commit.line,
                                      expected=f"hash {parent_hash}", found=f"hash {commit.hash}")
            yield commit

    return rechain(header, second_pass())
