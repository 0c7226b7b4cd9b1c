"""Reading a journal with findings: one streaming pass that reports every problem on the way instead of stopping
at the first (what an audit needs; :func:`journal.read` raises at the first problem instead).

After a line whose hash, ``prev`` or ``seq`` is wrong but which still decodes as a commit, the reader adopts the
line as written (its stored hash carries the chain on), so one edited line gives one problem and the lines after
it are still read. A byte-order mark before line 1 and CR LF line endings (a file saved on Windows) are one problem
each, at the first line that has them, and the lines are read without them (the hashes are over the lines without
those bytes; ``unclean`` names them). A line that does not decode, or a torn last line, ends the reading there
(``stopped``).

Public API::

    read_with_findings(path) -> FindingsReader     .commits() -> Iterator[(line, Commit, real hash)]
                                                   .problems, .header, .header_hash, .lines, .stopped,
                                                   .unclean
    read_header(path) -> Header
    LineProblem(line, code, message, expected, found)   code: JOURNAL-TAMPERED, JOURNAL-CORRUPT, JOURNAL-TORN
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import msgspec

from journal.codec import BOM, ChainReader, blank_line, check_clean
from journal.errors import (JournalCorrupt, JournalError, JournalTampered, JournalUnclean, UnsupportedJournalVersion,
                            missing_newline, printable)
from journal.files import open_existing
from journal.hashes import line_hash, split_hash, unended_whole
from journal.model import Commit, Header, HeaderLine, header_of
from journal.stream import blank_to

TORN_SHOWN = 60
"""Bytes of a torn last line shown in its problem's ``found``."""


class LineProblem(msgspec.Struct, frozen=True, kw_only=True):
    """A problem on one line of a journal file: ``line`` (1-based), ``code`` (``JOURNAL-TAMPERED``: the hash chain
    is broken there; ``JOURNAL-CORRUPT``: the line is not what the format says; ``JOURNAL-TORN``: the last line has
    no newline), ``message``, and what was ``expected`` and ``found`` there (or ``None``)."""

    line: int
    code: str
    message: str
    expected: str | None = None
    found: str | None = None


class FindingsReader:
    """One streaming pass over the journal file at ``path``: :meth:`commits` yields ``(line number, commit, real
    hash of the line)`` and appends a :class:`LineProblem` to ``problems`` for each problem on the way.
    ``header`` and ``header_hash`` are set once line 1 was read; ``lines`` counts the lines read; ``stopped`` is
    True when a problem ended the reading before the end of the file; ``unclean`` lists the kinds of bytes an
    editor or a transfer added around whole lines that were read without them (``"bom"``, ``"crlf"``: a clean
    copy from :func:`journal.repair` drops them)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.problems: list[LineProblem] = []
        self.header: Header | None = None
        self.header_hash = ""
        self.lines = 0
        self.stopped = False
        self.unclean: list[str] = []
        self._crlf = 0  # lines read that ended in CR LF

    def _problem(self, exc: JournalError, line: int, code: str) -> None:
        self.problems.append(LineProblem(line=line, code=code, message=exc.message, found=exc.found,
                                         expected=exc.expected))

    def _open(self) -> BinaryIO:
        """The file, opened for reading as :func:`journal.files.open_existing` does: a named pipe, a device, a
        loop of symbolic links or a name too long is refused by name, never opened in a way that blocks."""
        if os.path.isdir(self.path):
            raise JournalCorrupt("is a directory, expected a journal file (pass the files, e.g. DIR/*.jsonl)",
                                 path=str(self.path))
        return os.fdopen(open_existing(self.path, os.O_RDONLY), "rb")

    def _torn(self, raw: bytes, number: int) -> None:
        self.stopped = True
        self.problems.append(LineProblem(
            line=number, code="JOURNAL-TORN",
            message=f"the last line ({len(raw)} bytes) is torn: it has no newline (a crash during a write, or the "
                    "file was cut); `lifeboat repair` cuts it and keeps a copy",
            expected="a complete line ending in a newline",
            found=printable(raw[:TORN_SHOWN].decode("utf-8", "backslashreplace"))))  # no raw ESC to a terminal

    def _cleaned(self, raw: bytes, number: int) -> bytes:
        """Line ``number`` without a byte-order mark before line 1 or a CR before its newline: the first line that
        has each is a problem (a later CR LF line is only counted, :meth:`_count_crlf` says how many)."""
        if not (raw.endswith(b"\r") or (number == 1 and raw.startswith(BOM))):
            return raw
        while True:
            try:
                check_clean(raw, number, str(self.path))
                return raw
            except JournalUnclean as exc:
                if exc.kind not in self.unclean:
                    self._problem(exc, number, "JOURNAL-CORRUPT")
                    self.unclean.append(exc.kind)
                self._crlf += exc.kind == "crlf"
                raw = raw[len(BOM):] if exc.kind == "bom" else raw[:-1]
            except JournalCorrupt:  # nested too deep: the line's own problem, which reading it says
                return raw

    def _count_crlf(self) -> None:
        """Say in the CR LF problem how many later lines end in CR LF too (a file saved on Windows: all of them)."""
        later = self._crlf - 1
        for i, p in enumerate(self.problems):
            if later > 0 and p.message.startswith(f"line {p.line} ends in CR LF"):
                also = "the line after it does too" if later == 1 else f"the {later} lines after it do too"
                self.problems[i] = msgspec.structs.replace(p, message=p.message.replace(
                    "ends in CR LF", f"ends in CR LF, and {also}", 1))

    def commits(self) -> Iterator[tuple[int, Commit, str]]:
        """Every commit that can be read, with its line number and the hash its bytes really have.

        Raises:
            JournalNotFound: no file at ``path``.
            JournalCorrupt, UnsupportedJournalVersion: the file cannot be read as a journal at all (a directory, a
                named pipe or another special file, empty, line 1 not a header this code reads).
            JournalError: the file cannot be opened (permission, a loop of symbolic links, a name too long).
        """
        try:
            yield from self._commits()
        finally:
            self._count_crlf()

    def _commits(self) -> Iterator[tuple[int, Commit, str]]:
        where = str(self.path)
        reader = ChainReader(where)
        with self._open() as stream:
            number = 0
            for chunk in iter(stream.readline, b""):
                number += 1
                self.lines = number
                complete = chunk.endswith(b"\n")
                raw = chunk[:-1] if complete else chunk
                whole = None if complete else unended_whole(raw)  # a whole last line, only its newline missing
                unended, cr = whole is not None, whole is not None and whole is not raw
                raw = whole if whole is not None else raw  # without a CR that ends it in place of the newline
                raw = self._cleaned(raw, number)
                if not complete and not unended and number > 1:
                    return self._torn(raw, number)
                try:
                    if not raw.strip():
                        raise blank_line(number, where, blank_to(stream, stream.tell(), os.fstat(stream.fileno()).st_size))
                    commit = reader.feed(raw)
                    if number == 1 and not complete and not unended:
                        raise JournalCorrupt("line 1 does not end in a newline", path=where, line=1)
                except JournalTampered as exc:
                    self._problem(exc, number, "JOURNAL-TAMPERED")
                    commit = self._adopt(reader, raw, number)
                    if commit is None and number > 1:
                        self.stopped = True
                        return
                except (UnsupportedJournalVersion, JournalCorrupt) as exc:
                    if number == 1:
                        raise
                    self._problem(exc, number, "JOURNAL-CORRUPT")
                    self.stopped = True
                    return
                if unended:
                    self._problem(missing_newline(number, where, cr), number, "JOURNAL-CORRUPT")
                if number == 1:
                    self.header, self.header_hash = reader.header, reader.header_hash
                    continue
                assert commit is not None
                split = split_hash(raw)
                yield number, commit, line_hash(split[0]) if split else commit.hash
            if number == 0:
                raise JournalCorrupt("the file is empty, expected a lifeboat-journal", path=where)

    def _adopt(self, reader: ChainReader, raw: bytes, number: int) -> Commit | None:
        """Take a line whose chain check failed as written, so the reading can go on. ``None`` when it does not
        decode. Raises JournalCorrupt for a header that does not decode."""
        if number == 1:
            try:
                stored = msgspec.json.decode(raw, type=HeaderLine)
            except msgspec.DecodeError as exc:
                raise JournalCorrupt(f"the header does not decode: {exc}", path=str(self.path), line=1) from None
            reader.header = header_of(stored)
            reader.header_hash = reader.head_hash = stored.hash
            reader.line = 1
            return None
        try:
            commit = msgspec.json.decode(raw, type=Commit)
        except msgspec.DecodeError:
            return None
        reader.accept(commit)
        return commit


def read_with_findings(path: str | os.PathLike[str]) -> FindingsReader:
    """A :class:`FindingsReader` over the journal file at ``path`` (nothing is read until :meth:`commits`)."""
    return FindingsReader(path)


def read_header(path: str | os.PathLike[str]) -> Header:
    """The header of the journal at ``path`` (line 1 only, adopted as written when its hash is wrong).

    Raises: JournalNotFound; JournalCorrupt (not a journal, no header); UnsupportedJournalVersion.
    """
    reader = FindingsReader(path)
    for _ in reader.commits():
        break
    if reader.header is None:
        raise JournalCorrupt("no journal header", path=str(path))
    return reader.header
