"""Checking and repairing journal files.

:func:`verify` checks a whole file (optionally against a head hash known from elsewhere, which is the only way to
notice that complete lines were cut off the end). :func:`repair` cuts a torn last line, and only that, keeping
the cut bytes in a side file ``<name>.torn-<n>``; a file whose lines an editor wrapped in a byte-order mark, CR LF
endings or trailing blank lines, or whose whole last line lacks only its newline (:class:`JournalUnclean`), it
leaves as it is and writes a clean copy beside it.
"""

from __future__ import annotations

import fcntl
import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import msgspec

from journal.codec import BOM, ChainReader
from journal.errors import JournalExists, JournalTampered, JournalTorn, JournalUnclean
from journal.files import PathLike, checked_file, flocked, fsync_directory, open_existing, write_new_file
from journal.hashes import sealed_whole
from journal.model import Header
from journal.stream import check_lines, check_stream


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
        last_seq: the seq of the last commit now in the file (in the clean copy, if one was written).
        head_hash: the hash of the file's last line now (in the clean copy, if one was written).
        clean_copy: the clean copy written beside an unclean file (``<stem>.clean.jsonl``, or ``.clean-<n>``),
            or ``None``; the file itself is then left as it was.
        cleaned: what the clean copy leaves out, one phrase each (e.g. ``"CR before the newline of 12 lines"``).
        newline_added: the number of the last line when the file's last line is whole (its hash and the chain
            check) but lacks its newline, which the clean copy adds; else ``None``. Such a line is never cut.
    """

    path: str
    cut_line: int | None
    cut_bytes: int
    side_file: str | None
    last_seq: int
    head_hash: str
    clean_copy: str | None = None
    cleaned: tuple[str, ...] = ()
    newline_added: int | None = None

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

    Under an exclusive lock, checks every complete line; if the file ends in a torn line (no trailing newline, and
    not a whole line: a last line whose hash and chain check is never cut, see below),
    copies those bytes to ``<path>.torn-<n>`` (the lowest ``n >= 1`` not taken; written and ``fsync``\\ ed
    first), then truncates the file to its last complete line and ``fsync``\\ s it. A file without a torn line is
    left as it is (``cut_line`` is ``None``). Nothing else is ever removed: a problem in a complete line is
    raised and the file is not touched.

    A file whose only problems are a byte-order mark before line 1, CR before newlines, blank lines at the end or
    a whole last line without its newline (:class:`JournalUnclean`), perhaps with a torn last line as well, is not
    touched: its complete lines without those bytes (the whole last line with its newline added,
    ``newline_added``) are checked like any journal and written to a new file beside it (``clean_copy``), for the
    user to look at and put in its place.

    Raises:
        JournalNotFound, JournalCorrupt, UnsupportedJournalVersion, JournalTampered, JournalError: a problem
            other than a torn last line or unclean bytes (as :meth:`journal.JsonlJournal.open`; for an unclean
            file, in its clean lines); the file is left untouched and no copy is written.
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
                except JournalUnclean:
                    return _clean_copy(path, stream, end)
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


def _clean_copy(path: Path, stream: IO[bytes], end: int) -> RepairReport:
    """Write the lines of ``stream[:end]`` without a byte-order mark, CRs before newlines, trailing blank lines and
    a torn last line (a whole last line lacking its newline gets it) to a new ``<stem>.clean.jsonl`` beside
    ``path``, checking each as it goes; nothing is written on a problem."""
    stream.seek(0)
    data = stream.read(end)
    lines = data.split(b"\n")
    cleaned = []
    newline_added = None
    if data.startswith(BOM):
        lines[0] = lines[0][len(BOM):]
        cleaned.append("a byte-order mark before line 1")
    crs = sum(1 for line in lines[:-1] if line.endswith(b"\r"))  # the last is b"" when the file ends in a newline
    last_cr = lines[-1].endswith(b"\r") and sealed_whole(lines[-1][:-1])  # a whole last line ending in CR, no LF
    lines = [line[:-1] if line.endswith(b"\r") and (i < len(lines) - 1 or last_cr) else line
             for i, line in enumerate(lines)]  # a torn last line is kept as it is
    if crs:
        cleaned.append(f"CR before the newline of {crs} line{'s' if crs > 1 else ''}")
    if last_cr:
        cleaned.append(f"the CR that ends the last line {len(lines)} in place of its newline")
    ended = lines[-1] == b""  # the file ends in a newline
    if ended:
        lines.pop()
    blank = 0
    while len(lines) > 1 and not lines[-1].strip():
        lines.pop()
        blank += 1
    if blank:
        cleaned.append(f"{blank} blank line{'s' if blank > 1 else ''} after the last line")
    elif not ended and sealed_whole(lines[-1]):  # a whole last line lacking only its newline: the copy adds it
        newline_added = len(lines)
        ended = True
    elif not ended and len(lines) > 1:  # a torn last line too (a crash mid-write): the copy ends before it
        torn = lines.pop()
        cleaned.append(f"the torn last line {len(lines) + 1} of {len(torn)} bytes with no newline, which the file "
                       "keeps")
        ended = True
    body = b"\n".join(lines) + (b"\n" if ended or blank else b"")
    reader = ChainReader(str(path))
    for _ in check_lines(reader, io.BytesIO(body), 0, len(body)):
        pass
    copy = _free_name(path)
    write_new_file(copy, (body,))
    return RepairReport(path=str(path), cut_line=None, cut_bytes=0, side_file=None, last_seq=reader.last_seq,
                        head_hash=reader.head_hash, clean_copy=str(copy), cleaned=tuple(cleaned),
                        newline_added=newline_added)


def _free_name(path: Path) -> Path:
    """``<stem>.clean<suffix>`` beside ``path``, or ``<stem>.clean-<n><suffix>`` (lowest free ``n >= 2``)."""
    number = 1
    while True:
        tag = "clean" if number == 1 else f"clean-{number}"
        copy = path.with_name(f"{path.stem}.{tag}{path.suffix}")
        if not os.path.lexists(copy):
            return copy
        number += 1
