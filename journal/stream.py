"""Reading a journal file's lines through a :class:`~journal.codec.ChainReader`: :func:`check_stream` (the replay's
loop: the usual line in one go, :meth:`ChainReader.take`), :func:`check_lines` (every line through
:meth:`ChainReader.feed`, each with its bytes), and the torn, unended and blank lines at the end of a file."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import IO

from journal.codec import ENDED, ChainReader, as_commit, blank_line, shown
from journal.errors import JournalCorrupt, JournalTorn, missing_newline
from journal.hashes import unended_whole
from journal.model import Commit

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

    The usual line is checked in one go by :meth:`ChainReader.take`, as :meth:`ChainReader.feed` checks it; any
    other line goes through :func:`check_lines`'s own steps, so every error is the same.

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
    readline, take, offset = stream.readline, reader.take, start
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
        fields = take(chunk, ENDED)
        if fields is not None:  # the usual line, checked and taken
            offset += size
            commit = as_commit(fields) if build or room >= size else None
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
            keep.append((chunk, None))  # type: ignore[union-attr]  # room >= 0 only with a list
        else:
            room = -1  # only the header and the usual lines right after it are kept
        offset += size
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
                                 expected="the header line to end in a newline", found=shown(chunk[-40:]))
        raise JournalTorn(f"the last line ({len(chunk)} bytes) is torn: it has no newline; "
                          "run repair to cut it (a copy is kept)", path=reader.path, line=number,
                          offset=offset, size=len(chunk), found=shown(chunk[:60]))
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
