"""Line encoding, line hashing and the chain check, shared by every journal store.

A line is compact JSON (UTF-8) ending in its ``hash`` member, then ``\\n``::

    {"seq":3,"at_ms":1700000000000,"actor":"alice","command":{...},"events":[...],"prev":"<64 hex>","hash":"<64 hex>"}

The hash of a line is ``sha256(body)`` in lowercase hex, where ``body`` is the line's bytes with the final
``,"hash":"<64 hex>"`` removed (so ``body`` ends in ``}``). It is computed and checked on the bytes as stored:
no re-encoding, so any tool in any language can verify it, and any byte change is detected.

:class:`ChainReader` consumes the lines of a journal in order and raises the first problem with its line number.
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable, Iterator
from typing import IO, Annotated, Any

import msgspec

from journal.errors import (REPAIR_HINT, JournalCorrupt, JournalTampered, JournalTorn, JournalUnclean,
                            NotAJournal, UnsupportedJournalVersion, check_text, missing_newline, printable)
from journal.hashes import HASH_KEY, SUFFIX_LEN, line_hash, split_hash, unended_whole
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
_header_decoder = msgspec.json.Decoder(HeaderLine)


def _show(raw: bytes) -> str:
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
                             found=_show(raw[:40]))


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
                             found=_show(raw[:40])) from None


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
        ValueError: a field has the wrong type or value (e.g. an empty ``game_id``); msgspec's message says which.
    """
    if not isinstance(header, Header) or isinstance(header, HeaderLine):
        raise TypeError(f"expected a journal.Header, got {type(header).__name__}")
    line, _ = seal(msgspec.structs.asdict(header))
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
                                 found=_show(raw[-SUFFIX_LEN:]))
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
                path=self.path, line=1, expected="a JSON object: the lifeboat-journal header", found=_show(raw)) from exc
        if not isinstance(obj, dict) or obj.get("format") != FORMAT_NAME:
            found = (_show(raw) if not isinstance(obj, dict) else f"format {obj['format']!r}" if "format" in obj
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
                                 expected="a header as in docs/journal-schema.json", found=_show(raw)) from exc
        parent = stored.parent
        if parent is not None and parent.line != parent.seq + 1:
            raise JournalCorrupt("the header's parent line does not match its seq", path=self.path, line=1,
                                 expected=f"parent line {parent.seq + 1}", found=f"parent line {parent.line}")
        self.header = header_of(stored)
        self.header_hash = self.head_hash = digest
        self.file_version = version

    def _commit(self, raw: bytes, number: int) -> Commit:
        if self.file_version == FORMAT_VERSION:  # the usual line: every check passes; else the full path below
            try:
                line = _fields_decoder.decode(raw)
            except (msgspec.DecodeError, RecursionError):
                line = None
            if (line is not None and line.prev == self.head_hash and line.seq == self.last_seq + 1
                    and len(raw) > SUFFIX_LEN and raw[-SUFFIX_LEN:-66] == HASH_KEY and raw.endswith(b'"}')
                    and line.hash == line_hash(raw[:-SUFFIX_LEN] + b"}") and raw[-66:-2] == line.hash.encode()):
                return Commit(seq=line.seq, at_ms=line.at_ms, actor=line.actor, command=line.command,
                              events=line.events, prev=line.prev, hash=line.hash)
        return self._checked_commit(raw, number)

    def _checked_commit(self, raw: bytes, number: int) -> Commit:
        try:
            if self.file_version == FORMAT_VERSION:
                commit = _decode(_commit_decoder.decode, raw, number, self.path)
            else:
                obj = _decode(msgspec.json.decode, raw, number, self.path)
                commit = msgspec.convert(upcast_commit(obj, self.file_version), Commit)
        except msgspec.DecodeError as exc:  # ValidationError is a DecodeError
            check_text(raw, number, self.path)
            raise JournalCorrupt(f"the line is not a commit: {exc}", path=self.path, line=number,
                                 expected="a commit as in docs/journal-schema.json", found=_show(raw)) from exc
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


KEEP_BYTES = 128 * 1024
"""How many bytes of a file's first lines :func:`check_stream` keeps, with their commits, when asked (``keep``): a
journal opened and then read again (``open`` then ``commits()``, as every replay does) checks those lines once.
A constant, whatever the file's length: reading stays streaming. 128 KiB holds the whole of most 4-6-player games
(~650 KB of Python objects, dropped at the first read, an append or close)."""

Kept = list[tuple[bytes, "Commit | None"]]
"""The first lines of a file as :func:`check_stream` read them (each with its newline) and the commit of each
(``None`` for the header)."""


def check_stream(reader: ChainReader, stream: IO[bytes], start: int, end: int, *, build: bool = True,
                 keep: Kept | None = None, kept: Kept | tuple[()] = ()) -> Iterator[tuple[int, Commit | None]]:
    """Feed the lines of ``stream[start:end]`` to ``reader``; yield ``(end_offset, commit_or_None)`` per line
    (``None`` for the header, and for every usual commit line when ``build`` is false: a caller that only checks
    the chain does not pay for the :class:`Commit`). Raises what :func:`check_lines` raises, at the same line.

    The usual line (a version-1 commit, sealed, not nested deeper than :data:`MAX_DEPTH`, whose prev, seq and hash
    follow) is checked here in one go, with the same checks :meth:`ChainReader.feed` makes on it; any other line
    goes through :func:`check_lines`'s own steps, so every error is the same.

    ``keep`` (a list, reading from the start of the file) collects the header and the usual lines that follow it,
    up to :data:`KEEP_BYTES`, with their commits. ``kept`` is such a list from an earlier read of the same file:
    while every line read so far is byte for byte the kept one, a kept commit line is not checked again (the same
    bytes after the same lines check the same) and its kept :class:`Commit` is yielded; from the first line that
    differs, every line is checked.
    """
    if start == 0 and end == 0:
        raise JournalCorrupt("the file is empty", path=reader.path, line=1,
                             expected="line 1: the lifeboat-journal header", found="an empty file")
    stream.seek(start)
    readline, decode, sha256 = stream.readline, _fields_decoder.decode, hashlib.sha256
    offset, cut, usual = start, -SUFFIX_LEN - 1, reader.file_version == FORMAT_VERSION
    room = KEEP_BYTES if keep is not None and start == 0 else -1
    same = len(kept) if start == 0 else 0  # lines of ``kept`` still to compare, while the file matches
    while offset < end:
        chunk = readline(end - offset)
        if not chunk:  # the file shrank under us; treat what we have as the end
            return
        size = len(chunk)
        if same:
            if chunk != kept[reader.line][0]:
                same = 0
            else:
                same -= 1
                if reader.line:  # a commit line the earlier read checked, after the same lines
                    commit = kept[reader.line][1]
                    assert commit is not None
                    offset += size
                    reader.line += 1
                    reader.last_seq, reader.head_hash = commit.seq, commit.hash
                    yield offset, commit
                    continue
        if usual and reader.line and chunk[-3:] == b'"}\n' and size > SUFFIX_LEN + 1 \
                and chunk[cut:-67] == HASH_KEY and chunk.count(b"[", 0, cut) + chunk.count(b"{", 0, cut) <= MAX_DEPTH:
            # (too_deep's count, but for the hash member: hex once accepted.) The newline is whitespace to msgspec.
            try:
                line = decode(chunk)
            except (msgspec.DecodeError, RecursionError):
                line = None
            # That the stored hash member is the line's own hash needs no byte comparison: the line ends in
            # ,"hash":"<64 bytes>"} whose quotes are unescaped (so outside any string), so the last member is
            # "hash" with exactly those 64 bytes as its raw value, and msgspec keeps the last of duplicate keys
            # (tests/journal/test_journal_fast_path.py holds both); a 64-hex-digit value equals its raw bytes.
            if (line is not None and line.prev == reader.head_hash and line.seq == reader.last_seq + 1
                    and (digest := line.hash) == sha256(chunk[:cut] + b"}").hexdigest()):
                offset += size
                reader.line += 1
                reader.last_seq, reader.head_hash = line.seq, digest
                commit = (Commit(seq=line.seq, at_ms=line.at_ms, actor=line.actor, command=line.command,
                                 events=line.events, prev=line.prev, hash=digest) if build or room >= size else None)
                if room >= size:
                    room -= size
                    keep.append((chunk, commit))  # type: ignore[union-attr]  # room >= 0 only with a list
                else:
                    room = -1
                yield offset, commit
                continue
        commit = _feed_chunk(reader, stream, offset, chunk, end)
        if room >= size and reader.line == 1:  # the header, the first line kept
            room -= size
            keep.append((chunk, None))  # type: ignore[union-attr]
        else:
            room = -1  # only the header and the usual lines right after it are kept
        offset += size
        usual = reader.file_version == FORMAT_VERSION
        yield offset, commit


def _feed_chunk(reader: ChainReader, stream: IO[bytes], offset: int, chunk: bytes, end: int) -> Commit | None:
    """One line of :func:`check_lines` (``chunk`` read at ``offset``, with its newline if it has one): the torn
    and blank checks, then :meth:`ChainReader.feed`. Returns what ``feed`` returns."""
    if not chunk.endswith(b"\n"):
        number = reader.line + 1
        whole = unended_whole(chunk)
        if whole is not None:  # a whole line, only its newline (or LF) missing: check it as any line, then say so;
            copy.copy(reader).feed(whole)  # on a copy: a writer's reader stays at its last ended line (catch-up)
            raise missing_newline(number, reader.path, cr=whole is not chunk)
        if number == 1:
            # Decode first, so a binary or foreign file is reported as what it is.
            reader.feed(chunk)
            raise JournalCorrupt("line 1 does not end in a newline", path=reader.path, line=1,
                                 expected="the header line to end in a newline", found=_show(chunk[-40:]))
        raise JournalTorn(f"the last line ({len(chunk)} bytes) is torn: it has no newline; "
                          "run repair to cut it (a copy is kept)", path=reader.path, line=number,
                          offset=offset, size=len(chunk), found=_show(chunk[:60]))
    raw = chunk[:-1]
    if not raw or raw.isspace():
        raise blank_line(reader.line + 1, reader.path, blank_to(stream, offset + len(chunk), end))
    return reader.feed(raw)


def check_lines(reader: ChainReader, stream: IO[bytes], start: int,
                end: int) -> Iterator[tuple[int, bytes, Commit | None]]:
    """Feed the lines of ``stream[start:end]`` to ``reader``; yield ``(end_offset, line, commit_or_None)`` per
    line, ``line`` being the line's bytes as stored, without its newline.

    Raises:
        JournalTorn: the last line has no newline (and is not line 1) and is not a whole line.
        JournalUnclean: a blank line with only blank lines after it; a whole last line (its hash and chain
            checked) that lacks only its newline (``kind`` ``"newline"``); or what :meth:`ChainReader.feed` raises.
        JournalCorrupt: the range is empty at the start of the file, or line 1 has no newline.
        UnsupportedJournalVersion, JournalTampered: from :meth:`ChainReader.feed`.
    """
    if start == 0 and end == 0:
        raise JournalCorrupt("the file is empty", path=reader.path, line=1,
                             expected="line 1: the lifeboat-journal header", found="an empty file")
    stream.seek(start)
    offset = start
    while offset < end:
        chunk = stream.readline(end - offset)
        if not chunk:  # the file shrank under us; treat what we have as the end
            return
        commit = _feed_chunk(reader, stream, offset, chunk, end)
        offset += len(chunk)
        yield offset, chunk[:-1], commit


def blank_to(stream: IO[bytes], start: int, end: int) -> bool:
    """Whether ``stream[start:end]`` holds only whitespace (the stream's position is kept)."""
    here = stream.tell()
    try:
        stream.seek(start)
        while start < end:
            chunk = stream.read(min(end - start, 1 << 16))
            if not chunk:
                break
            if chunk.strip():
                return False
            start += len(chunk)
        return True
    finally:
        stream.seek(here)
