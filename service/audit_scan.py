"""Audit, step 1: one streaming pass over a journal file's lines, every structure problem a finding.

After a line whose hash, ``prev`` or ``seq`` is wrong but which still decodes as a commit, the scan adopts the
line as written (its stored hash carries the chain on), so one edited line gives one finding and the rest is
still audited. A line that does not decode, or a torn last line, ends the reading there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec

import journal
from journal.codec import ChainReader, line_hash, split_hash
from service.errors import Unreadable
from service.findings import Finding, show


class Scan:
    """One streaming pass over a journal file: ``commits()`` yields ``(line number, commit, real hash)``,
    appending structure findings to ``findings`` (pass ``None`` to ignore them). ``header`` and
    ``header_hash`` are set once line 1 was read; ``lines`` counts the lines read."""

    def __init__(self, path: Path, findings: list[Finding] | None) -> None:
        self.path = path
        self.findings = findings
        self.header: journal.Header | None = None
        self.header_hash = ""
        self.lines = 0
        self.stopped = False

    def _find(self, exc: journal.JournalError, line: int, code: str) -> None:
        if self.findings is not None:
            self.findings.append(Finding(line=line, check="structure", rule=code, message=exc.message,
                                         found=exc.found, expected=exc.expected))

    def commits(self) -> Iterator[tuple[int, journal.Commit, str]]:
        where = str(self.path)
        if not self.path.exists():
            raise Unreadable(f"{where}: no such file")
        if self.path.is_dir():
            raise Unreadable(f"{where}: is a directory, expected a journal file (pass the files, e.g. DIR/*.jsonl)")
        try:
            stream = open(self.path, "rb")  # noqa: SIM115
        except OSError as exc:
            raise Unreadable(f"{where}: cannot read: {exc.strerror}") from None
        reader = ChainReader(where)
        with stream:
            number = 0
            for chunk in iter(stream.readline, b""):
                number += 1
                self.lines = number
                complete = chunk.endswith(b"\n")
                raw = chunk[:-1] if complete else chunk
                if not complete and number > 1:
                    self.stopped = True
                    if self.findings is not None:
                        self.findings.append(Finding(
                            line=number, check="structure", rule="JOURNAL-TORN",
                            message=f"the last line ({len(raw)} bytes) is torn: it has no newline (a crash "
                                    "during a write, or the file was cut); journal.repair cuts it and keeps a copy",
                            expected="a complete line ending in a newline",
                            found=show(raw[:60].decode("utf-8", "replace"))))
                    return
                try:
                    commit = reader.feed(raw)
                    if number == 1 and not complete:
                        raise journal.JournalCorrupt("line 1 does not end in a newline", path=where, line=1)
                except journal.JournalTampered as exc:
                    self._find(exc, number, "JOURNAL-TAMPERED")
                    commit = self._adopt(reader, raw, number)
                    if commit is None and number > 1:
                        self.stopped = True
                        return
                except (journal.UnsupportedJournalVersion, journal.JournalCorrupt) as exc:
                    if number == 1:
                        raise Unreadable(str(exc)) from None
                    self._find(exc, number, "JOURNAL-CORRUPT")
                    self.stopped = True
                    return
                if number == 1:
                    self.header, self.header_hash = reader.header, reader.header_hash
                    continue
                assert commit is not None
                split = split_hash(raw)
                yield number, commit, line_hash(split[0]) if split else commit.hash
            if number == 0:
                raise Unreadable(f"{where}: the file is empty, expected a lifeboat-journal")

    def _adopt(self, reader: ChainReader, raw: bytes, number: int) -> journal.Commit | None:
        """Take a line whose chain check failed as written, so the audit can go on. ``None`` when it does not
        decode (the header: raises :class:`Unreadable`)."""
        if number == 1:
            try:
                stored = msgspec.json.decode(raw, type=journal.HeaderLine)
            except msgspec.DecodeError as exc:
                raise Unreadable(f"{self.path}:1: the header does not decode: {exc}") from None
            # ChainReader has no "accept a header" call: set the attributes its docstring documents.
            reader.header = journal.Header(**{f: getattr(stored, f) for f in journal.Header.__struct_fields__})
            reader.header_hash = reader.head_hash = stored.hash
            reader.line = 1
            return None
        try:
            commit = msgspec.json.decode(raw, type=journal.Commit)
        except msgspec.DecodeError:
            return None
        reader.accept(commit)
        return commit


def read_header(path: Path) -> journal.Header:
    """The header of the journal at ``path`` (line 1 only). Raises :class:`Unreadable`."""
    scan = Scan(path, None)
    for _ in scan.commits():
        break
    if scan.header is None:
        raise Unreadable(f"{path}: no journal header")
    return scan.header

