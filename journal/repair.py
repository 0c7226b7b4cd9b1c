"""Checking and repairing journal files.

:func:`verify` checks a whole file (optionally against a head hash known from elsewhere, which is the only way to
notice that complete lines were cut off the end). :func:`repair` cuts a torn last line, and only that, keeping
the cut bytes in a side file ``<name>.torn-<n>``.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import msgspec

from journal.codec import ChainReader, check_stream
from journal.errors import JournalExists, JournalTampered, JournalTorn
from journal.files import PathLike, checked_file, flocked, fsync_directory, open_existing, write_new_file
from journal.model import Header


class Verified(msgspec.Struct, frozen=True, kw_only=True):
    """The result of :func:`verify`.

    Fields:
        path: the file checked.
        header: its :class:`journal.Header`.
        header_hash: the hash of line 1.
        lines: the number of lines (header included).
        last_seq: the seq of the last commit (0 if none).
        head_hash: the hash of the last line.
    """

    path: str
    header: Header
    header_hash: str
    lines: int
    last_seq: int
    head_hash: str


class RepairReport(msgspec.Struct, frozen=True, kw_only=True):
    """The result of :func:`repair`.

    Fields:
        path: the journal file.
        cut_line: the line number of the torn line that was cut, or ``None`` if nothing was cut.
        cut_bytes: how many bytes were cut (0 if nothing).
        side_file: the file holding exactly the cut bytes (``<path>.torn-<n>``), or ``None``.
        last_seq: the seq of the last commit now in the file.
        head_hash: the hash of the file's last line now.
    """

    path: str
    cut_line: int | None
    cut_bytes: int
    side_file: str | None
    last_seq: int
    head_hash: str

    @property
    def repaired(self) -> bool:
        """Whether a torn line was cut."""
        return self.cut_line is not None


def verify(path: PathLike, *, known_head: tuple[int, str] | None = None) -> Verified:
    """Check every line of the journal at ``path`` (streaming) and return a summary.

    Args:
        path: the journal file.
        known_head: ``(seq, hash)`` of a commit known from elsewhere (a referee's note, a fork's ``parent``,
            seq 0 meaning the header): the file must hold that commit with that hash. This is what detects a
            tail cut at a line boundary, which leaves a shorter but valid journal.

    Raises:
        JournalNotFound, JournalCorrupt, UnsupportedJournalVersion, JournalError: as
            :meth:`journal.JsonlJournal.open`.
        JournalTorn: the last line is torn.
        JournalTampered: the chain is broken; or the file does not hold ``known_head``: ``line`` is that
            commit's line (``seq + 1``) if its hash differs, or the first missing line if the file is too short.
    """
    path = Path(path)
    with checked_file(path) as (reader, lines):
        for _, _, commit in lines:
            if known_head is not None:
                seq, digest = known_head
                line_hash = reader.header_hash if commit is None else commit.hash
                if reader.last_seq == seq and line_hash != digest:
                    raise JournalTampered("the line does not match the known head hash", path=path,
                                          line=seq + 1, expected=f"hash {digest}", found=f"hash {line_hash}")
    if known_head is not None and reader.last_seq < known_head[0]:
        raise JournalTampered("the file ends before the known head: lines were cut off the end", path=path,
                              line=reader.line + 1, expected=f"seq {reader.last_seq + 1} (up to seq {known_head[0]})",
                              found="the end of the file")
    assert reader.header is not None
    return Verified(path=str(path), header=reader.header, header_hash=reader.header_hash, lines=reader.line,
                    last_seq=reader.last_seq, head_hash=reader.head_hash)


def repair(path: PathLike) -> RepairReport:
    """Cut a torn last line off the journal at ``path``, keeping the cut bytes in a new side file.

    Under an exclusive lock, checks every complete line; if the file ends in a torn line (no trailing newline),
    copies those bytes to ``<path>.torn-<n>`` (the lowest ``n >= 1`` not taken; written and ``fsync``\\ ed
    first), then truncates the file to its last complete line and ``fsync``\\ s it. A file without a torn line is
    left as it is (``cut_line`` is ``None``). Nothing else is ever removed: a problem in a complete line is
    raised and the file is not touched.

    Raises:
        JournalNotFound, JournalCorrupt, UnsupportedJournalVersion, JournalTampered, JournalError: a problem
            other than a torn last line (as :meth:`journal.JsonlJournal.open`); the file is left untouched.
    """
    path = Path(path)
    fd = open_existing(path, os.O_RDWR)
    try:
        with flocked(fd, fcntl.LOCK_EX):
            end = os.fstat(fd).st_size
            reader = ChainReader(str(path))
            torn: JournalTorn | None = None
            with os.fdopen(os.dup(fd), "rb") as stream:
                try:
                    for _ in check_stream(reader, stream, 0, end):
                        pass
                except JournalTorn as exc:
                    torn = exc
                if torn is None:
                    return RepairReport(path=str(path), cut_line=None, cut_bytes=0, side_file=None,
                                        last_seq=reader.last_seq, head_hash=reader.head_hash)
                side = _save_side_file(path, stream, torn.offset, end)
            os.ftruncate(fd, torn.offset)
            os.fsync(fd)
        fsync_directory(path.parent)
    finally:
        os.close(fd)
    return RepairReport(path=str(path), cut_line=torn.line, cut_bytes=end - torn.offset, side_file=str(side),
                        last_seq=reader.last_seq, head_hash=reader.head_hash)


def _save_side_file(path: Path, stream: IO[bytes], start: int, end: int) -> Path:
    """Copy ``stream[start:end]`` to a new ``<path>.torn-<n>`` (lowest free ``n >= 1``), durably; return it."""

    def chunks() -> Iterator[bytes]:
        stream.seek(start)
        left = end - start
        while left > 0:
            chunk = stream.read(min(left, 1 << 20))
            if not chunk:
                return
            left -= len(chunk)
            yield chunk

    number = 1
    while True:
        side = path.with_name(f"{path.name}.torn-{number}")
        try:
            write_new_file(side, chunks())
            return side
        except JournalExists:
            number += 1
