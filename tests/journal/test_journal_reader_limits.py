"""Issue 13, item 6, at the journal's own level: the nesting limit (64 levels, exactly), brackets inside strings,
and the unclean bytes (byte-order mark, CR LF, trailing blank lines) named with their line by every reader."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest
from journal_testkit import Row, Rowed, StepClock, make_header

from journal import JournalCorrupt, JournalExists, JournalUnclean, JsonlJournal, read_with_findings, repair, verify
from journal.codec import MAX_DEPTH, seal, too_deep
from journal.stream import blank_to


def nested(depth: int) -> object:
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return value


def journal_with(path: Path, command: object) -> Path:
    with JsonlJournal.create(path, make_header(), clock=StepClock()) as j:
        j.append(1, "alice", Row("alice"), [Rowed("alice", distance=1)])
        j.append(2, "alice", command, ())
        j.append(3, "alice", Row("alice"), ())
    return path


def test_the_limit_is_64_levels_exactly(tmp_path: Path) -> None:
    # the line itself is one object, the command one more level: a command nested 63 deep makes 64
    ok = journal_with(tmp_path / "ok.jsonl", nested(MAX_DEPTH - 1))
    assert MAX_DEPTH == 64 and [c.seq for c in JsonlJournal.open(ok).commits()] == [1, 2, 3]
    deep = journal_with(tmp_path / "deep.jsonl", nested(MAX_DEPTH))
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(deep)
    assert type(caught.value) is JournalCorrupt
    assert (caught.value.line, caught.value.message) == (3, "line 3 nests JSON more than 64 levels deep")
    assert caught.value.expected == "at most 64 levels of arrays and objects"
    reader = read_with_findings(deep)
    assert [c.seq for _, c, _ in reader.commits()] == [1]
    assert [(p.line, p.code, p.message) for p in reader.problems] == [
        (3, "JOURNAL-CORRUPT", "line 3 nests JSON more than 64 levels deep")]


@pytest.mark.parametrize("text, deep", [
    (b"[" * 64 + b"]" * 64, False),
    (b"[" * 65 + b"]" * 65, True),
    (b"{" + b'"a":[' * 64 + b"1" + b"]" * 64 + b"}", True),
    (b'["' + b"[" * 200 + b'"]', False),                       # brackets inside a string do not nest
    (b'["\\"' + b"[" * 200 + b'"]', False),                    # nor after an escaped quote
    (b"[" * 10 + b"]" * 10 + b"[" * 60 + b"]" * 60, False),     # many brackets, never deeper than 60
    (b"[" * 65, True),                                           # unbalanced: what is open counts
    (b"[]" * 200, False),
])
def test_too_deep_counts_nesting_not_brackets(text: bytes, deep: bool) -> None:
    assert too_deep(text) is deep


@pytest.mark.parametrize("edit, kind, line, message, cleaned", [
    (lambda ls: [b"\xef\xbb\xbf" + ls[0]] + ls[1:], "bom", 1, "line 1 starts with a byte-order mark",
     ("a byte-order mark before line 1",)),
    (lambda ls: ls[:2] + [ls[2][:-1] + b"\r\n"] + ls[3:], "crlf", 3, "line 3 ends in CR LF",
     ("CR before the newline of 1 line",)),
    (lambda ls: ls + [b"\n", b"  \n"], "blank", 5, "line 5 is a blank line after the last line",
     ("2 blank lines after the last line",)),
    (lambda ls: [x[:-1] + b"\r\n" for x in ls] + [b"\r\n"], "crlf", 1, "line 1 ends in CR LF",
     ("CR before the newline of 5 lines", "1 blank line after the last line")),
])
def test_unclean_bytes_are_named_by_every_reader(tmp_path: Path, edit, kind: str, line: int,  # type: ignore[no-untyped-def]
                                                  message: str, cleaned: tuple[str, ...]) -> None:
    path = journal_with(tmp_path / "g.jsonl", Row("alice"))
    sound = path.read_bytes()
    path.write_bytes(b"".join(edit(sound.splitlines(keepends=True))))
    for read in (JsonlJournal.open, verify):
        with pytest.raises(JournalUnclean) as caught:
            read(path)
        assert (caught.value.kind, caught.value.line) == (kind, line)
        assert caught.value.message.startswith((message + " ", message + ";"))
    reader = read_with_findings(path)  # a mark and CR LF are named once, then read past; blank lines end it
    assert [c.seq for _, c, _ in reader.commits()] == ([1, 2, 3] if kind != "blank" else list(range(1, line - 1)))
    first = reader.problems[0]
    assert first.line == line and first.message.startswith(message.replace(
        "CR LF", "CR LF, and the 3 lines after it do too" if line == 1 else "CR LF")), first
    assert reader.unclean == ([kind] if kind in ("bom", "crlf") else [])
    report = repair(path)
    assert report.cleaned == cleaned and report.cut_line is None and report.side_file is None
    assert Path(report.clean_copy or "").read_bytes() == sound
    assert (report.last_seq, report.head_hash) == (3, verify(report.clean_copy or "").head_hash)


def header_line(**changes: object) -> bytes:
    fields: dict[str, object] = {"format": "lifeboat-journal", "version": 1, "game_id": "g", "created_ms": 0,
                                 "ruleset": "standard"}
    fields.update(changes)
    return seal(fields)[0]


@pytest.mark.parametrize("version", ["1", True, 1.0, None])
def test_a_header_version_that_is_not_an_integer_is_corrupt_not_unsupported(tmp_path: Path, version: object) -> None:
    (tmp_path / "h.jsonl").write_bytes(header_line(version=version))
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(tmp_path / "h.jsonl")
    assert type(caught.value) is JournalCorrupt
    assert (caught.value.line, caught.value.message) == (1, "the header has no integer version")
    assert caught.value.found == repr(version)


def test_a_header_whose_parent_line_does_not_follow_its_seq_is_corrupt(tmp_path: Path) -> None:
    parent = {"game_id": "p", "seq": 3, "line": 5, "hash": "0" * 64}
    (tmp_path / "h.jsonl").write_bytes(header_line(parent=parent))
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(tmp_path / "h.jsonl")
    assert (caught.value.line, caught.value.message) == (1, "the header's parent line does not match its seq")
    assert (caught.value.expected, caught.value.found) == ("parent line 4", "parent line 5")
    (tmp_path / "ok.jsonl").write_bytes(header_line(parent={**parent, "line": 4}))
    assert JsonlJournal.open(tmp_path / "ok.jsonl").header.parent.line == 4  # type: ignore[union-attr]


def test_blank_to_reads_no_further_than_its_end() -> None:
    stream = io.BytesIO(b"x\n" + b" " * 10 + b"\n\t" + b"y" * 5)
    stream.seek(1)
    assert blank_to(stream, 2, 14) is True  # the bytes after 14 (a line another writer appends) do not count
    assert stream.tell() == 1  # the position is kept
    assert blank_to(stream, 2, 15) is False
    big = io.BytesIO(b" " * 200_000 + b"y")  # more than one chunk of whitespace
    assert blank_to(big, 0, 200_000) is True and blank_to(big, 0, 200_001) is False


def test_the_copy_made_where_hard_links_fail_has_the_mode_and_bytes_of_a_new_journal(tmp_path: Path) -> None:
    from journal.files import _copy_exclusive

    source = tmp_path / "source"
    source.write_bytes(b"x" * 3_000_000)  # more than one chunk
    old = os.umask(0o022)
    try:
        _copy_exclusive(source, tmp_path / "copy")
    finally:
        os.umask(old)
    assert (tmp_path / "copy").read_bytes() == source.read_bytes()
    assert stat.S_IMODE(os.stat(tmp_path / "copy").st_mode) == 0o600  # a journal: its owner's only
    with pytest.raises(JournalExists):
        _copy_exclusive(source, tmp_path / "copy")


def test_the_fast_commit_path_reads_what_the_checked_path_reads(tmp_path: Path) -> None:
    """Issue 16: ChainReader decodes a usual line without Commit's hex patterns and checks hash, prev and seq
    itself; its fields must stay Commit's, and it must give the very Commit the fully checked path gives."""
    from journal.codec import ChainReader, _CommitFields, _commit_decoder
    from journal.model import Commit

    assert _CommitFields.__struct_fields__ == Commit.__struct_fields__
    path = journal_with(tmp_path / "g.jsonl", {"nested": [1, 2.5, None, "é"]})
    lines = path.read_bytes().split(b"\n")[:-1]
    fast, checked = ChainReader(str(path)), ChainReader(str(path))
    for raw in lines:
        got = fast.feed(raw)
        if got is None:
            checked.feed(raw)
            continue
        expected = checked._checked_commit(raw, checked.line + 1)
        checked.accept(expected)
        assert type(got) is Commit and got == expected == _commit_decoder.decode(raw)
    # a prev that is not hex is still refused by the pattern, with the decoder's own message
    bad = lines[2].replace(b'"prev":"', b'"prev":"X', 1)
    reader = ChainReader(str(path))
    reader.feed(lines[0]), reader.feed(lines[1])
    with pytest.raises(JournalCorrupt, match="the line is not a commit: Expected `str` matching regex"):
        reader.feed(bad)
