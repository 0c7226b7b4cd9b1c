"""Audit, step 1: one streaming pass over a journal file's lines (:func:`journal.read_with_findings`), every
structure problem a :class:`~lifeboat.service.auditing.findings.Finding` (check ``structure``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import journal
from lifeboat.service.errors import Unreadable
from lifeboat.service.auditing.findings import Finding
from lifeboat.service.journal_words import journal_phrase, journal_error_text


class Scan:
    """One streaming pass over a journal file: ``commits()`` yields ``(line number, commit, real hash)``,
    appending structure findings to ``findings`` (pass ``None`` to ignore them). ``header`` and
    ``header_hash`` are set once line 1 was read; ``lines`` counts the lines read; ``stopped`` tells a
    problem ended the reading. Raises :class:`Unreadable` for a file that is no journal at all."""

    def __init__(self, path: Path, findings: list[Finding] | None) -> None:
        self.path = path
        self.findings = findings
        self._reader = journal.read_with_findings(path)

    @property
    def header(self) -> journal.Header | None:
        return self._reader.header

    @property
    def header_hash(self) -> str:
        return self._reader.header_hash

    @property
    def lines(self) -> int:
        return self._reader.lines

    @property
    def stopped(self) -> bool:
        return self._reader.stopped

    @property
    def unclean(self) -> list[str]:
        """The kinds of bytes an editor or a transfer added around the lines (``"bom"``, ``"crlf"``), read past."""
        return self._reader.unclean

    def commits(self) -> Iterator[tuple[int, journal.Commit, str]]:
        try:
            yield from self._reader.commits()
        except journal.JournalError as exc:
            raise Unreadable(journal_error_text(exc)) from None
        finally:
            if self.findings is not None:
                self.findings.extend(Finding(line=p.line, check="structure", rule=p.code,
                                             message=journal_phrase(p.message), found=p.found,
                                             expected=None if p.expected is None else journal_phrase(p.expected))
                                     for p in self._reader.problems)
                self._reader.problems.clear()


def read_header(path: Path) -> journal.Header:
    """The header of the journal at ``path`` (line 1 only). Raises :class:`Unreadable`."""
    try:
        return journal.read_header(path)
    except journal.JournalError as exc:
        raise Unreadable(journal_error_text(exc)) from None
