"""The reader's fast path for the usual line (``journal.stream.check_stream``, issue 16) answers exactly as the
line-by-line reference (``check_lines``, each line through ``ChainReader.feed``'s full steps): the same commits at the same
offsets, or the same error (class, message, line) after the same commits, on the fuzz test's edited journals
(bytes flipped, inserted or cut, lines swapped, JSON nested deep, values replaced with the chain recomputed...).
And the lines ``open`` keeps for the first ``commits()`` change nothing either, whatever happened to the file
in between."""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_journal_fuzz import GAME, SCRATCH, SOUND, edited

from journal import JournalError, JsonlJournal
from journal.codec import ChainReader
from journal.stream import KEEP_BYTES, check_lines, check_stream

ROOT = Path(__file__).resolve().parents[2]


def outcome(items: Any, reader: ChainReader) -> tuple[list[Any], Any, tuple[Any, ...]]:
    """What a reader gave: the items, the error (class, message, line) or None, and the reader's state after."""
    got: list[Any] = []
    error = None
    try:
        for item in items:
            got.append(item)
    except JournalError as exc:
        error = (type(exc), str(exc), exc.line)
    return got, error, (reader.line, reader.last_seq, reader.head_hash, reader.header_hash, reader.file_version)


class FullPath(ChainReader):
    """The reference: every line through :meth:`ChainReader.feed`'s full steps (``_checked_commit``), the usual
    line's one-go check (:meth:`ChainReader.take`, the one copy :func:`check_stream` and ``feed`` share) never
    taken."""

    __slots__ = ()

    def take(self, line: bytes, how: tuple[bytes, int], *_: Any) -> None:
        return None


def compare(data: bytes) -> None:
    ref = FullPath("g.jsonl")
    want = outcome(((off, commit) for off, _, commit in check_lines(ref, io.BytesIO(data), 0, len(data))), ref)
    fast = ChainReader("g.jsonl")
    assert outcome(check_stream(fast, io.BytesIO(data), 0, len(data)), fast) == want
    bare = ChainReader("g.jsonl")  # build=False: the same offsets and errors, the usual lines' commits left out
    got = outcome(check_stream(bare, io.BytesIO(data), 0, len(data), build=False), bare)
    assert [off for off, _ in got[0]] == [off for off, _ in want[0]] and got[1:] == want[1:]


def test_the_bundled_journals_read_the_same_both_ways() -> None:
    paths = sorted((ROOT / "docs" / "examples").glob("*.jsonl"))
    assert len(paths) >= 3
    for path in paths:
        compare(path.read_bytes())
    compare(b"".join(SOUND))
    compare(b"".join(GAME))


def deep_line(depth: int) -> bytes:
    """The first three lines of a sound journal, the second commit's events nested ``depth`` levels deep (the
    chain kept: its hash is recomputed, and it is the last line)."""
    obj = json.loads(SOUND[2])
    obj["events"] = json.loads("[" * depth + "]" * depth)
    del obj["hash"]
    text = json.dumps(obj, separators=(",", ":")).encode()
    return b"".join(SOUND[:2]) + text[:-1] + b',"hash":"' + hashlib.sha256(text).hexdigest().encode() + b'"}\n'


def test_a_line_nested_64_levels_is_read_and_65_refused_both_ways() -> None:
    for depth in (62, 63, 64, 65, 66):
        data = deep_line(depth)
        compare(data)
        reader = ChainReader("g.jsonl")
        _, error, state = outcome(check_stream(reader, io.BytesIO(data), 0, len(data)), reader)
        if depth + 1 <= 64:  # the line's own object is one level more
            assert error is None and state[:2] == (3, 2)
        else:
            assert error is not None and error[2] == 3 and "nests JSON more than 64 levels deep" in error[1]


def test_a_line_with_two_hash_members_reads_the_same_both_ways() -> None:
    """The fast path takes the stored hash from the decoded line, not from the line's last 64 bytes: with two
    ``hash`` members (msgspec keeps the last of duplicate keys) or a quote inside the last one's 64 bytes, both
    readers give the same commits or the same error (the byte comparison it no longer makes is implied)."""
    obj = json.loads(SOUND[2])
    del obj["hash"]
    body = json.dumps(obj, separators=(",", ":")).encode()
    real = hashlib.sha256(body).hexdigest()
    other = "0" * 64
    tails = [f',"hash":"{real}","hash":"{real}"}}', f',"hash":"{other}","hash":"{real}"}}',
             f',"hash":"{real}","hash":"{other}"}}', ',"hash":"' + real[:20] + '","hash":"' + real[:34] + '"}',
             ',"hash":"' + real[:50] + '","prev":"' + "1" * 4 + '"}']
    for tail in tails:
        line = body[:-1] + tail.encode() + b"\n"
        assert line[-76:-67] == b',"hash":"'  # every variant ends as a sealed line would
        data = b"".join(SOUND[:2]) + line
        compare(data)
        reader = ChainReader("g.jsonl")
        _, error, _ = outcome(check_stream(reader, io.BytesIO(data), 0, len(data)), reader)
        assert error is not None and error[2] == 3, tail  # none of them is a sound line


@settings(max_examples=600, deadline=None, database=None, print_blob=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=edited())
def test_the_fast_path_answers_as_the_line_by_line_reader(data: bytes) -> None:
    compare(data)


def commits_outcome(j: JsonlJournal) -> tuple[list[Any], Any]:
    got: list[Any] = []
    try:
        for commit in j.commits():
            got.append(commit)
    except JournalError as exc:
        return got, (type(exc), str(exc), exc.line)
    return got, None


@settings(max_examples=300, deadline=None, database=None, print_blob=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=edited(), in_place=st.booleans())
def test_a_file_changed_after_open_reads_as_if_nothing_was_kept(data: bytes, in_place: bool) -> None:
    """``open`` keeps the first lines for the first ``commits()`` (codec.KEEP_BYTES); a file changed in between
    gives the same commits and the same error as a read that keeps nothing (``_kept`` emptied)."""
    with tempfile.TemporaryDirectory(dir=SCRATCH) as tmp:
        path = Path(tmp) / "g.jsonl"
        path.write_bytes(b"".join(SOUND))
        with JsonlJournal.open(path) as kept, JsonlJournal.open(path) as plain:
            assert len(kept._kept) == len(SOUND)  # the whole sound file is under the limit
            plain._kept = ()
            if in_place:
                with open(path, "r+b") as f:
                    f.write(data)
                    f.truncate()
            else:
                (Path(tmp) / "new").write_bytes(data)
                os.replace(Path(tmp) / "new", path)
            assert commits_outcome(kept) == commits_outcome(plain)


def test_only_the_first_lines_are_kept_and_only_for_the_first_read(tmp_path: Path) -> None:
    game = ROOT / "docs" / "examples" / "eight-players.jsonl"  # longer than KEEP_BYTES
    lines = game.read_bytes().splitlines(keepends=True)
    with JsonlJournal.open(game) as j:
        kept = j._kept
        assert sum(len(line) for line, _ in kept) <= KEEP_BYTES < sum(len(line) for line in lines)
        assert [line for line, _ in kept] == lines[:len(kept)] and kept[0][1] is None
        first = list(j.commits())
        assert j._kept == () and [c.seq for c in first] == list(range(1, len(lines)))
        assert first == list(j.commits())  # the second read checks every line


def test_a_resealed_line_whose_prev_or_seq_does_not_follow_is_refused_both_ways() -> None:
    """Its own hash is right, so only the chain check refuses it: the one-go check must make it too."""
    for field, value in (("prev", "1" * 64), ("seq", 3), ("seq", 1)):
        obj = json.loads(SOUND[2])
        del obj["hash"]
        obj[field] = value
        body = json.dumps(obj, separators=(",", ":")).encode()
        data = b"".join(SOUND[:2]) + body[:-1] + b',"hash":"' + hashlib.sha256(body).hexdigest().encode() + b'"}\n'
        compare(data)
        reader = ChainReader("g.jsonl")
        _, error, _ = outcome(check_stream(reader, io.BytesIO(data), 0, len(data)), reader)
        assert error is not None and error[2] == 3 and "JournalTampered" in repr(error[0]), (field, error)
