"""Errors raised by the journal.

Every error is a :class:`JournalError` with structured fields, so callers and tests assert on fields, not on
message text:

``path``
    the journal file (a :class:`str`), or ``None`` for an in-memory journal.
``line``
    the 1-based line number the problem is on (line 1 is the header, line ``seq + 1`` holds commit ``seq``),
    or ``None`` when the problem is not on a line (a missing file, a wrong argument).
``expected`` / ``found``
    short human-readable descriptions of what the reader expected there and what it found instead
    (``found`` is cut to :data:`FOUND_LIMIT` characters, every unprintable character escaped: :func:`printable`).

``str(error)`` reads ``path:line: message (expected ...; found ...)``.

Hierarchy::

    JournalError
    ├── JournalNotFound              no file at the path
    ├── JournalExists                create/fork over an existing file
    ├── JournalCorrupt               a line is not what the format says (not JSON, wrong shape, not a file...)
    │   ├── NotAJournal              line 1 is no journal header: another kind of file (a README, a deck file)
    │   ├── JournalTorn              the last line is incomplete (a crash mid-write); see journal.repair
    │   └── JournalUnclean           a byte-order mark, CR LF endings, trailing blank lines or a whole last line
    │                                without its newline; see journal.repair
    ├── UnsupportedJournalVersion    another format, or a version this code cannot read
    ├── JournalConflict              append with an expected seq that is not the next seq
    └── JournalTampered              the hash chain is broken (hash, prev or seq does not follow)
"""

from __future__ import annotations

import os

FOUND_LIMIT = 80
"""``found`` fields longer than this many characters are cut and end in ``...``."""


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on or not show (control characters such as ESC and NUL,
    separators other than the space) escaped as Python writes it (``\\x1b``): a message that quotes a broken
    line never drives the terminal or a log it is printed to."""
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _cut(text: str | None) -> str | None:
    if text is None:
        return None
    text = printable(text)
    if len(text) <= FOUND_LIMIT:
        return text
    return text[: FOUND_LIMIT - 3] + "..."


class JournalError(Exception):
    """Root of every journal error.

    Attributes:
        message: what went wrong, one sentence (unprintable characters escaped, as in ``found``).
        path: the journal file as a string, or ``None`` (in-memory journal, no file involved).
        line: 1-based line number, or ``None``.
        expected: what the reader expected, or ``None``.
        found: what it found instead (at most :data:`FOUND_LIMIT` characters, unprintable ones escaped), or
            ``None``.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        expected: str | None = None,
        found: str | None = None,
    ) -> None:
        self.message = printable(message)  # msgspec names a line's own keys: "unknown field `\x1b[31m`"
        self.path = None if path is None else str(path)
        self.line = line
        self.expected = None if expected is None else printable(expected)
        self.found = _cut(found)
        super().__init__(self._render())

    @property
    def location(self) -> str:
        """``path:line``, ``path``, ``<memory>:line`` or ``<memory>``."""
        where = self.path if self.path is not None else "<memory>"
        return where if self.line is None else f"{where}:{self.line}"

    def _render(self) -> str:
        text = f"{self.location}: {self.message}"
        details = []
        if self.expected is not None:
            details.append(f"expected {self.expected}")
        if self.found is not None:
            details.append(f"found {self.found}")
        if details:
            text += " (" + "; ".join(details) + ")"
        return text


class JournalUnavailable(JournalError):
    """A PostgreSQL store's server cannot be reached, or the connection to it was lost (``path`` is the store's
    location). Nothing is wrong with the journal: try again once the server is back. During an append, the commit
    may or may not be in the store (``refresh`` tells)."""


class JournalNotFound(JournalError):
    """There is no journal file at ``path`` (``line`` is ``None``)."""


class JournalExists(JournalError):
    """``create`` or ``fork`` was asked to write a journal where a file already exists (``line`` is ``None``)."""


class JournalCorrupt(JournalError):
    """A line cannot be read as what the format says it is.

    Raised for: a directory or unreadable path, an empty file, bytes that are not UTF-8 JSON, a line whose
    fields have the wrong names or types, a line that does not end in its ``hash`` member, an empty line,
    a header that is not a ``lifeboat-journal`` header, and (from ``commits(command_type=...)``) a payload that
    does not convert to the requested type.
    """


class NotAJournal(JournalCorrupt):
    """Line 1 of the file is not a lifeboat-journal header: not JSON (a README, a log), or JSON that is no header
    (another program's file, a dealer's deck file given for its journal). ``line`` is 1. A front end that knows
    such files can name the one it was given here, and only here (where it is met)."""


class JournalTorn(JournalCorrupt):
    """The last line of the file is incomplete: it has no trailing newline (a crash during an append).

    It is never skipped silently. :func:`journal.repair` cuts it and keeps the cut bytes in a side file.

    Attributes:
        offset: byte offset in the file where the torn line starts.
        size: number of bytes in the torn line.
    """

    def __init__(self, message: str, *, path: str | os.PathLike[str] | None, line: int, offset: int, size: int,
                 found: str | None = None) -> None:
        self.offset = offset
        self.size = size
        super().__init__(message, path=path, line=line, expected="a complete line ending in a newline", found=found)


class JournalUnclean(JournalCorrupt):
    """The lines are intact but an editor or a transfer added bytes around them: a UTF-8 byte-order mark before
    line 1 (``kind`` ``"bom"``), a CR before a line's newline (``"crlf"``) or blank lines after the last line
    (``"blank"``); or took one away: the last line is whole (its hash and the chain check) but lacks its final
    newline (``"newline"``). The hashes are over the lines without those bytes, so :func:`journal.repair` can
    write a clean copy beside the file (the file itself is kept as it is).

    Attributes:
        kind: ``"bom"``, ``"crlf"``, ``"blank"`` or ``"newline"``.
    """

    def __init__(self, message: str, *, kind: str, path: str | os.PathLike[str] | None, line: int, expected: str,
                 found: str) -> None:
        self.kind = kind
        super().__init__(message, path=path, line=line, expected=expected, found=found)


class UnsupportedJournalVersion(JournalError):
    """The file is a journal of a version this code cannot read (newer, or older without an upcaster),
    or appending was asked of a file of an older version (fork it to upgrade).

    Attributes:
        version: the version found in the header.
        supported: the versions this code reads, ascending.
    """

    def __init__(self, message: str, *, path: str | os.PathLike[str] | None, line: int | None, version: object,
                 supported: tuple[int, ...]) -> None:
        self.version = version
        self.supported = supported
        super().__init__(message, path=path, line=line,
                         expected="version " + " or ".join(str(v) for v in supported), found=repr(version))


class JournalConflict(JournalError):
    """``append`` was told a seq that is not the journal's next seq (another writer got there first, or the
    caller's view is stale). Nothing was written.

    Attributes:
        expected_seq: the seq the caller said the new commit would get.
        next_seq: the seq the new commit would actually get (``last_seq + 1``).
        line: the line the commit would have been written on (``next_seq + 1``).
    """

    def __init__(self, *, path: str | os.PathLike[str] | None, expected_seq: int, next_seq: int) -> None:
        self.expected_seq = expected_seq
        self.next_seq = next_seq
        super().__init__(
            f"conflict: the caller expected to write seq {expected_seq} but the journal's next seq is {next_seq}",
            path=path, line=next_seq + 1,  # the message says both seqs; an "(expected …; found …)" would invert them
        )


class JournalTampered(JournalError):
    """The hash chain is broken at ``line``: the line's own hash does not match its bytes, its ``prev`` is not
    the previous line's hash, its ``seq`` does not follow, or it does not match a known head hash.

    ``expected`` and ``found`` hold the hashes or seqs that differ.
    """


def check_text(raw: bytes, number: int, path: str | None) -> None:
    """Raise :class:`JournalCorrupt` when line ``number`` (``raw``) is not text: a NUL byte, or bytes that are not
    UTF-8 (a binary file given as a journal, or a journal a disk or a transfer broke). The error names where the
    first such byte is and quotes none of the line. Called only once a line failed to decode (msgspec refuses both
    in JSON), so a good line costs nothing."""
    nul = raw.find(b"\x00")
    try:
        raw.decode("utf-8")
        bad = -1
    except UnicodeDecodeError as exc:
        bad = exc.start
    if nul < 0 and bad < 0:
        return
    what, at = ("a NUL byte", nul) if nul >= 0 and (bad < 0 or nul < bad) else ("a byte that is not UTF-8", bad)
    todo = "; name the game's journal (the .jsonl file)" if number == 1 else ""
    raise JournalCorrupt(f"not a text journal: line {number} holds {what} at byte {at + 1}{todo}", path=path,
                         line=number, expected="UTF-8 text, a JSON object on each line, as docs/journal-format.md says",
                         found="binary bytes, not shown") from None


REPAIR_HINT = "repair writes a clean copy beside the file (and keeps the file)"


def missing_newline(number: int, path: str | None, cr: bool = False) -> JournalUnclean:
    """The error for a whole last line ``number`` (:func:`journal.hashes.sealed_whole`, its chain checked) that
    has no newline; ``cr``: it ends in a CR without the LF (:func:`journal.hashes.unended_whole`)."""
    lacks, once, fix, found = (("ends in CR without its LF", " once the CR is dropped", "drops the CR and adds the "
                                "newline", "CR at the end of the file") if cr else
                               ("only lacks its final newline", "", "adds it", "the end of the file"))
    return JournalUnclean(f"line {number}, the last line, {lacks} (the line is whole: its hash and the chain "
                          f"check{once}); {REPAIR_HINT} that {fix}", kind="newline", path=path, line=number,
                          expected="the last line to end in a newline", found=found)
