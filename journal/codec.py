"""Line encoding, line hashing and the chain check, shared by every journal store.

A line is compact JSON (UTF-8) ending in its ``hash`` member, then ``\\n``::

    {"seq":3,"at_ms":1700000000000,"actor":"alice","command":{...},"events":[...],"prev":"<64 hex>","hash":"<64 hex>"}

The hash of a line is ``sha256(body)`` in lowercase hex, where ``body`` is the line's bytes with the final
``,"hash":"<64 hex>"`` removed (so ``body`` ends in ``}``). It is computed and checked on the bytes as stored:
no re-encoding, so any tool in any language can verify it, and any byte change is detected.

:class:`ChainReader` consumes the lines of a journal in order and raises the first problem with its line number;
:mod:`journal.stream` feeds it a file's lines.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Annotated, Any

import msgspec

from journal.errors import (REPAIR_HINT, JournalCorrupt, JournalTampered, JournalUnclean, NotAJournal,
                            UnsupportedJournalVersion, check_text, printable)
from journal.hashes import HASH_KEY, SUFFIX_LEN, line_hash, split_hash
from journal.model import FORMAT_NAME, FORMAT_VERSION, Commit, Header, HeaderLine, header_of
from journal.versions import supported_versions, upcast_commit, upcast_header

BOM = b"\xef\xbb\xbf"
MAX_DEPTH = 64
"""The deepest nesting of JSON arrays and objects a line may have (real lines have 4 or 5 levels): deeper lines are
refused with a named :class:`JournalCorrupt` before decoding, so no reader ever recurses without bound."""
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = bytes(set(range(256)) - set(b"[]{}"))
_encoder = msgspec.json.Encoder()
_commit_decoder = msgspec.json.Decoder(Commit)


class _CommitFields(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """:class:`Commit`'s fields and checks but the hex patterns of ``prev`` and ``hash``, which cost half of a
    line's decoding: a line whose ``hash`` is its own SHA-256 and whose ``prev`` is the previous line's has them
    right anyway, and any other line is decoded again with :class:`Commit` (so its error is the same)."""

    seq: Annotated[int, msgspec.Meta(ge=1)]
    at_ms: Annotated[int, msgspec.Meta(ge=0)]
    actor: Annotated[str, msgspec.Meta(min_length=1)]
    command: Any
    events: tuple[Any, ...]
    prev: str
    hash: str


_fields_decoder = msgspec.json.Decoder(_CommitFields)
ENDED, SEALED = (b'"}\n', -SUFFIX_LEN - 1), (b'"}', -SUFFIX_LEN)
"""How a usual line ends, and where its hash member starts, as read from a file (with its newline) and as fed
(without): :meth:`ChainReader.take`."""


def as_commit(f: _CommitFields) -> Commit:
    """The :class:`Commit` of a usual line's fields (:meth:`ChainReader.take`)."""
    return Commit(seq=f.seq, at_ms=f.at_ms, actor=f.actor, command=f.command, events=f.events, prev=f.prev,
                  hash=f.hash)
_header_decoder = msgspec.json.Decoder(HeaderLine)


def shown(raw: bytes) -> str:
    """Bytes for an error message: UTF-8 text, with invalid bytes and control characters escaped."""
    return printable(raw.decode("utf-8", errors="backslashreplace"))


def too_deep(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON arrays and objects of ``raw`` nest more than ``limit`` levels deep (brackets inside strings
    do not count). Cheap for ordinary lines: a line with at most ``limit`` opening brackets is never too deep."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    depth = 0
    for byte in _STRING.sub(b"", raw).translate(None, _NOT_BRACKET):
        depth += 1 if byte in b"[{" else -1
        if depth > limit:
            return True
    return False


def check_clean(raw: bytes, number: int, path: str | None) -> None:
    """Raise :class:`JournalUnclean` if line ``number`` (``raw``, without its newline) starts with a byte-order mark
    (line 1) or ends in CR; :class:`JournalCorrupt` if it nests deeper than :data:`MAX_DEPTH`."""
    if number == 1 and raw.startswith(BOM):
        raise JournalUnclean(f"line 1 starts with a byte-order mark (an editor added it); {REPAIR_HINT}",
                             kind="bom", path=path, line=1, expected='line 1 to start with {"format"',
                             found="the bytes EF BB BF (U+FEFF)")
    if raw.endswith(b'"}\r'):  # a sealed line with CR LF (a binary file's stray CR is not JSON, said so later)
        raise JournalUnclean(f"line {number} ends in CR LF (an editor or a transfer changed the line endings); "
                             f"{REPAIR_HINT}", kind="crlf", path=path, line=number,
                             expected="the line to end in LF alone", found="CR LF")
    if too_deep(raw):
        check_text(raw, number, path)
        raise JournalCorrupt(f"line {number} nests JSON more than {MAX_DEPTH} levels deep", path=path,
                             line=number, expected=f"at most {MAX_DEPTH} levels of arrays and objects",
                             found=shown(raw[:40]))


def blank_line(number: int, path: str | None, trailing: bool) -> JournalCorrupt:
    """The error for a blank line ``number``: :class:`JournalUnclean` if only blank lines follow it."""
    if trailing:
        return JournalUnclean(f"line {number} is a blank line after the last line; {REPAIR_HINT}", kind="blank",
                              path=path, line=number, expected="the end of the file", found="a blank line")
    what = "the journal header" if number == 1 else "a commit"
    return JournalCorrupt(f"line {number} is blank", path=path, line=number, expected=what, found="a blank line")


def _decode(decode: Any, raw: bytes, number: int, path: str | None) -> Any:
    """``decode(raw)``, a :class:`RecursionError` (JSON nested too deep for the stack) as :class:`JournalCorrupt`."""
    try:
        return decode(raw)
    except RecursionError:
        raise JournalCorrupt(f"line {number} nests JSON too deep to read", path=path, line=number,
                             expected=f"at most {MAX_DEPTH} levels of arrays and objects",
                             found=shown(raw[:40])) from None


# ----------------------------------------------------------------------------------------------- encoding

def seal(fields: dict[str, Any]) -> tuple[bytes, str]:
    """Encode ``fields`` (in insertion order) as a line with its hash appended; returns ``(line + b"\\n", hash)``.

    Raises:
        TypeError: a value is not msgspec-encodable.
    """
    body = _encoder.encode(fields)
    digest = hashlib.sha256(body).hexdigest()
    return body[:-1] + HASH_KEY + digest.encode("ascii") + b'"}\n', digest


def encode_header(header: Header) -> tuple[bytes, HeaderLine]:
    """The header line (with newline) and the stored header it decodes to.

    Raises:
        TypeError: a field holds a value msgspec cannot encode.
        ValueError: a field has the wrong type or value (e.g. an empty ``game_id``); msgspec's message says which;
            or the line would nest JSON deeper than :data:`MAX_DEPTH` (no reader would open it: nothing is written).
    """
    if not isinstance(header, Header) or isinstance(header, HeaderLine):
        raise TypeError(f"expected a journal.Header, got {type(header).__name__}")
    line, _ = seal(msgspec.structs.asdict(header))
    if too_deep(line):
        raise ValueError(f"invalid journal header: it nests JSON more than {MAX_DEPTH} levels deep")
    try:
        return line, _header_decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise ValueError(f"invalid journal header: {exc}") from exc


def encode_commit(seq: int, at_ms: int, actor: str, command: Any, events: Iterable[Any],
                  prev: str) -> tuple[bytes, Commit]:
    """The commit line (with newline) and the :class:`Commit` it decodes to (payloads as raw JSON values).

    Raises:
        TypeError: ``command`` or an event is not msgspec-encodable, or ``events`` is not an iterable of events
            (a ``str``, ``bytes`` or ``dict`` is refused).
        ValueError: ``seq``, ``at_ms`` or ``actor`` has the wrong type or value (``at_ms`` must be an ``int``
            >= 0, ``actor`` a non-empty ``str``).
    """
    if isinstance(events, (str, bytes, dict)) or not isinstance(events, Iterable):
        raise TypeError(f"events must be an iterable of events (a list or tuple), not {type(events).__name__}")
    fields = {"seq": seq, "at_ms": at_ms, "actor": actor, "command": command, "events": list(events),
              "prev": prev}
    line, _ = seal(fields)
    try:
        return line, _commit_decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise ValueError(f"invalid commit: {exc}") from exc


def check_expected_seq(expected_seq: object) -> None:
    """Raise ``TypeError`` unless ``expected_seq`` (an append's argument) is an ``int`` (not a ``bool``)."""
    if not isinstance(expected_seq, int) or isinstance(expected_seq, bool):
        raise TypeError(f"expected_seq must be an int, not {type(expected_seq).__name__}")


def check_current_version(version: int, path: object) -> None:
    """Raise :class:`UnsupportedJournalVersion` (line 1) unless ``version`` is the one this code appends to."""
    if version != FORMAT_VERSION:
        raise UnsupportedJournalVersion("appending to an older journal version; fork it to upgrade",
                                        path=None if path is None else str(path), line=1, version=version,
                                        supported=(FORMAT_VERSION,))


# ----------------------------------------------------------------------------------------------- reading

class ChainReader:
    """Checks the lines of one journal in order (the header first) and decodes them.

    Attributes (after each :meth:`feed`):
        header: the :class:`Header` once line 1 was read, else ``None``.
        header_hash: the header line's hash.
        file_version: the version written in the file's header.
        line: the number of lines accepted so far.
        last_seq: the seq of the last commit accepted (0 before any).
        head_hash: the hash of the last line accepted.
    """

    __slots__ = ("path", "header", "header_hash", "file_version", "line", "last_seq", "head_hash")

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.header: Header | None = None
        self.header_hash = ""
        self.file_version = FORMAT_VERSION
        self.line = 0
        self.last_seq = 0
        self.head_hash = ""

    def feed(self, raw: bytes) -> Commit | None:
        """Check and decode the next line (``raw`` without its newline). Returns the :class:`Commit`, or
        ``None`` for the header.

        Raises:
            JournalUnclean: line 1 starts with a byte-order mark, or the line ends in CR.
            JournalCorrupt: the line is blank, not JSON, nested deeper than :data:`MAX_DEPTH`, of the wrong shape,
                or lacks its trailing hash member.
            UnsupportedJournalVersion: line 1 names a version this code cannot read.
            JournalTampered: the line's hash does not match its bytes, or its prev/seq does not follow.
        """
        number = self.line + 1
        if not raw or raw.isspace():  # what `not raw.strip()` tests, without the copy
            raise blank_line(number, self.path, trailing=False)
        check_clean(raw, number, self.path)
        if number == 1:
            self._header(raw)
            self.line = 1
            return None
        commit = self._commit(raw, number)
        self.line = number
        self.last_seq = commit.seq
        self.head_hash = commit.hash
        return commit

    def accept(self, commit: Commit) -> None:
        """Adopt ``commit`` as the next line without re-reading it (the writer just encoded and wrote it)."""
        self.line = commit.seq + 1
        self.last_seq = commit.seq
        self.head_hash = commit.hash

    def _sealed(self, raw: bytes, number: int) -> str:
        split = split_hash(raw)
        if split is None:
            raise JournalCorrupt("the line does not end in its hash member", path=self.path, line=number,
                                 expected='the line to end with ,"hash":"<64 lowercase hex>"}',
                                 found=shown(raw[-SUFFIX_LEN:]))
        body, stored = split
        digest = line_hash(body)
        if digest != stored:
            raise JournalTampered("the line's hash does not match its content", path=self.path, line=number,
                                  expected=f"hash {digest}", found=f"hash {stored}")
        return digest

    def _header(self, raw: bytes) -> None:
        try:
            obj = _decode(msgspec.json.decode, raw, 1, self.path)
        except msgspec.DecodeError as exc:
            check_text(raw, 1, self.path)
            broken = raw.lstrip().startswith(b"{")  # a header broken by hand; else another kind of file (a README)
            raise (JournalCorrupt if broken else NotAJournal)(
                f"line 1 is not JSON ({exc})" if broken else "not a lifeboat journal: line 1 is not JSON",
                path=self.path, line=1, expected="a JSON object: the lifeboat-journal header",
                found=shown(raw)) from exc
        if not isinstance(obj, dict) or obj.get("format") != FORMAT_NAME:
            found = (shown(raw) if not isinstance(obj, dict) else f"format {obj['format']!r}" if "format" in obj
                     else 'no "format" member')
            raise NotAJournal("line 1 is not a lifeboat-journal header", path=self.path, line=1,
                              expected=f'a header with "format": "{FORMAT_NAME}"', found=found)
        version = obj.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise JournalCorrupt("the header has no integer version", path=self.path, line=1,
                                 expected='an integer "version"', found=repr(version))
        supported = supported_versions()
        if version not in supported:
            newer = "a newer" if version > FORMAT_VERSION else "an unreadable"
            raise UnsupportedJournalVersion(f"{newer} journal version", path=self.path, line=1,
                                            version=version, supported=supported)
        digest = self._sealed(raw, 1)
        try:
            stored = msgspec.convert(upcast_header(obj, version), HeaderLine)
        except msgspec.ValidationError as exc:
            raise JournalCorrupt(f"the header has a wrong field: {exc}", path=self.path, line=1,
                                 expected="a header as in docs/journal-schema.json", found=shown(raw)) from exc
        parent = stored.parent
        if parent is not None and parent.line != parent.seq + 1:
            raise JournalCorrupt("the header's parent line does not match its seq", path=self.path, line=1,
                                 expected=f"parent line {parent.seq + 1}", found=f"parent line {parent.line}")
        self.header = header_of(stored)
        self.header_hash = self.head_hash = digest
        self.file_version = version

    def take(self, line: bytes, how: tuple[bytes, int], _decode_fields: Any = _fields_decoder.decode,
             _sha256: Any = hashlib.sha256) -> _CommitFields | None:
        """Check ``line`` in one go if it is the usual line, and take it (``line``, ``last_seq`` and ``head_hash``
        move on): a version-1 commit after the header, sealed, not nested deeper than :data:`MAX_DEPTH`, whose
        prev, seq and hash follow. ``how`` says how such a line ends as given: :data:`ENDED` (read from a file,
        with its newline) or :data:`SEALED` (without). (``_decode_fields`` and ``_sha256`` are bound once: the replay's
        loop calls this for every line.) Returns its fields (``prev`` and ``hash`` not checked as hex: a
        line whose hash is its own SHA-256 and whose prev is the previous line's has them right), or ``None`` with
        nothing taken: any other line goes through :meth:`feed`'s own steps, which say what is wrong with it.

        The only copy of these checks: :meth:`feed` and :func:`journal.stream.check_stream` (the replay's loop)
        both use it."""
        end, cut = how  # cut: where the hash member starts (a newline is not the body's)
        if (not self.line or self.file_version != FORMAT_VERSION or not line.endswith(end) or len(line) <= -cut
                or line[cut:cut + 9] != HASH_KEY  # then the brackets as too_deep counts them, but for the hex
                or line.count(b"[", 0, cut) + line.count(b"{", 0, cut) > MAX_DEPTH):
            return None
        try:
            f: _CommitFields = _decode_fields(line)  # a newline is whitespace to msgspec
        except (msgspec.DecodeError, RecursionError):
            return None
        # That the stored hash member is the line's own hash needs no byte comparison: the line ends in
        # ,"hash":"<64 bytes>"} whose quotes are unescaped (so outside any string), so the last member is
        # "hash" with exactly those 64 bytes as its raw value, and msgspec keeps the last of duplicate keys
        # (tests/journal/test_journal_fast_path.py holds both); a 64-hex-digit value equals its raw bytes.
        if f.prev != self.head_hash or f.seq != self.last_seq + 1 or f.hash != _sha256(line[:cut] + b"}").hexdigest():
            return None
        self.line += 1
        self.last_seq, self.head_hash = f.seq, f.hash
        return f

    def _commit(self, raw: bytes, number: int) -> Commit:
        fields = self.take(raw, SEALED)  # the usual line: every check passes; else the full path below
        return self._checked_commit(raw, number) if fields is None else as_commit(fields)

    def _checked_commit(self, raw: bytes, number: int) -> Commit:
        try:
            if self.file_version == FORMAT_VERSION:
                commit: Commit = _decode(_commit_decoder.decode, raw, number, self.path)
            else:
                obj = _decode(msgspec.json.decode, raw, number, self.path)
                commit = msgspec.convert(upcast_commit(obj, self.file_version), Commit)
        except msgspec.DecodeError as exc:  # ValidationError is a DecodeError
            check_text(raw, number, self.path)
            raise JournalCorrupt(f"the line is not a commit: {exc}", path=self.path, line=number,
                                 expected="a commit as in docs/journal-schema.json", found=shown(raw)) from exc
        digest = self._sealed(raw, number)
        if commit.hash != digest:  # only possible with a duplicate "hash" member
            raise JournalTampered("the line holds two different hashes", path=self.path, line=number,
                                  expected=f"hash {digest}", found=f"hash {commit.hash}")
        if commit.prev != self.head_hash:
            raise JournalTampered("the hash chain is broken: prev is not the previous line's hash",
                                  path=self.path, line=number, expected=f"prev {self.head_hash}",
                                  found=f"prev {commit.prev}")
        if commit.seq != self.last_seq + 1:
            raise JournalTampered("seq does not follow the previous line", path=self.path, line=number,
                                  expected=f"seq {self.last_seq + 1}", found=f"seq {commit.seq}")
        return commit


class ChainHead:
    """``last_seq`` and ``head_hash`` read from a store's :class:`ChainReader` (``self._reader``)."""

    _reader: ChainReader

    @property
    def last_seq(self) -> int:
        """The seq of the last commit as this object last saw it (see ``refresh``); 0 if there is none."""
        return self._reader.last_seq

    @property
    def head_hash(self) -> str:
        """The hash of the last line: the last commit's, or the header's if there is no commit."""
        return self._reader.head_hash
