"""The JSONL journal's files: creating, opening what is not a journal, torn lines and repair, versions, clock."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import msgspec
import pytest
from freezegun import freeze_time
from journal_testkit import T0, Row, Rowed, StepClock, make_header

import journal
from journal import (Header, JournalConflict, JournalCorrupt, JournalError, JournalExists, JournalNotFound,
                     JournalTampered, JournalTorn, JournalUnclean, JsonlJournal, MemoryJournal, UnsupportedJournalVersion, read,
                     repair, system_clock, verify)
from journal.schema import journal_schema

ROOT = Path(__file__).resolve().parents[2]


def game(path: Path, commits: int = 3) -> JsonlJournal:
    j = JsonlJournal.create(path, make_header(), clock=StepClock())
    for seq in range(1, commits + 1):
        j.append(seq, "alice", Row("alice", strokes=seq), [Rowed("alice", distance=seq)])
    return j


# ------------------------------------------------------------------------------------------ creating

def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("precious\n")
    with pytest.raises(JournalExists) as caught:
        JsonlJournal.create(path, make_header())
    assert caught.value.path == str(path)
    assert path.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]  # no temporary file left behind


def test_create_in_a_missing_directory_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(JournalNotFound) as caught:
        JsonlJournal.create(tmp_path / "nowhere" / "g.jsonl", make_header())
    assert caught.value.path == str(tmp_path / "nowhere")


def test_a_second_object_on_the_same_file_sees_the_first_ones_commits(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first = game(path, 2)
    second = JsonlJournal.open(path, clock=StepClock())
    first.append(3, "bob", Row("bob"))
    assert second.last_seq == 2
    with pytest.raises(JournalConflict) as caught:
        second.append(3, "carol", Row("carol"))
    assert (caught.value.next_seq, second.last_seq) == (4, 3)  # the conflict caught it up
    assert second.append(4, "carol", Row("carol")).prev == first.head_hash
    assert first.refresh() == 4 and first.head_hash == second.head_hash
    assert [c.actor for c in read(path)] == ["alice", "alice", "bob", "carol"]
    first.close(), second.close()


def test_append_refuses_when_the_file_was_replaced_under_it(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    j = game(path, 2)
    edited = tmp_path / "edited.jsonl"
    edited.write_bytes(path.read_bytes())
    edited.replace(path)  # what an editor's "save" does
    with pytest.raises(JournalTampered) as caught:
        j.append(3, "alice", Row("alice"))
    assert (caught.value.line, caught.value.found) == (1, "another file")
    path.unlink()
    with pytest.raises(JournalTampered) as caught:
        j.append(3, "alice", Row("alice"))
    assert caught.value.found == "no file"
    j.close()


def test_a_crashed_game_can_be_forked_at_its_last_complete_commit(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game(path, 3).close()
    with open(path, "ab") as f:
        f.write(b'{"seq":4,"at_ms":17')
    with JsonlJournal.open(path, allow_torn=True) as crashed:
        rescued = crashed.fork(3, tmp_path / "rescued.jsonl", game_id="rescued")
    assert [c.seq for c in rescued.commits()] == [1, 2, 3]
    assert rescued.header.parent.line == 4
    rescued.close()


# ------------------------------------------------------------------------------------------ not a journal

def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(JournalNotFound) as caught:
        JsonlJournal.open(tmp_path / "none.jsonl")
    assert (caught.value.path, caught.value.line) == (str(tmp_path / "none.jsonl"), None)
    assert str(caught.value) == f"{tmp_path / 'none.jsonl'}: no such file"


def test_a_directory(tmp_path: Path) -> None:
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(tmp_path)
    # nothing was read: no line is named ("path: not a journal file", not "path:1: ...")
    assert (caught.value.path, caught.value.line, caught.value.found) == (str(tmp_path), None, "a directory")


def test_an_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_bytes(b"")
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(tmp_path / "empty.jsonl")
    assert (caught.value.line, caught.value.found) == (1, "an empty file")
    assert f"{tmp_path / 'empty.jsonl'}:1: the file is empty" in str(caught.value)


@pytest.mark.parametrize("content", [
    bytes(range(256)) * 4,                         # binary, with a newline byte inside
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",        # an image
    b"\x00\x01\x02\x03",                           # binary without any newline
])
def test_a_binary_file(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "b.jsonl").write_bytes(content)
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(tmp_path / "b.jsonl")
    assert caught.value.line == 1  # said as what it is, quoting none of its bytes
    what = "a NUL byte" if content.startswith(b"\x00") else "a byte that is not UTF-8"
    assert caught.value.message == f"not a text journal: line 1 holds {what} at byte 1; name the game's journal (the .jsonl file)"
    assert caught.value.expected == "UTF-8 text, a JSON object on each line, as docs/journal-format.md says"
    assert caught.value.found == "binary bytes, not shown"


def test_a_json_file_of_another_kind(tmp_path: Path) -> None:
    (tmp_path / "other.jsonl").write_text('{"name": "not a journal"}\n{"seq": 1}\n')
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(tmp_path / "other.jsonl")
    assert (caught.value.line, caught.value.found) == (1, 'no "format" member')


def test_a_newer_version(tmp_path: Path) -> None:
    line = b'{"format":"lifeboat-journal","version":2,"game_id":"g","future_field":true}\n'
    (tmp_path / "v2.jsonl").write_bytes(line + b'{"seq":1}\n')
    with pytest.raises(UnsupportedJournalVersion) as caught:
        JsonlJournal.open(tmp_path / "v2.jsonl")
    assert (caught.value.line, caught.value.version, caught.value.supported) == (1, 2, (1,))
    assert "a newer journal version" in str(caught.value)


def test_a_header_that_breaks_the_schema(tmp_path: Path) -> None:
    body = msgspec.json.encode({"format": "lifeboat-journal", "version": 1, "game_id": "g", "created_ms": "today",
                                "ruleset": "standard"})
    line, _ = journal.codec.seal(msgspec.json.decode(body))
    (tmp_path / "h.jsonl").write_bytes(line)
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(tmp_path / "h.jsonl")
    assert caught.value.line == 1
    assert "created_ms" in caught.value.message


# ------------------------------------------------------------------------------------------ torn lines

def test_a_torn_last_line_is_reported_then_repaired_with_a_copy(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game(path, 3).close()
    whole = path.read_bytes()
    last_start = whole.rstrip(b"\n").rfind(b"\n") + 1
    torn_bytes = whole[last_start:last_start + 50]
    path.write_bytes(whole[:last_start] + torn_bytes)

    with pytest.raises(JournalTorn) as caught:
        JsonlJournal.open(path)
    assert isinstance(caught.value, JournalCorrupt)
    assert (caught.value.line, caught.value.offset, caught.value.size) == (4, last_start, 50)

    # Opened anyway: the complete commits read, then the torn line is reported; appends are refused.
    j = JsonlJournal.open(path, allow_torn=True)
    assert j.torn is not None and j.last_seq == 2
    seen = []
    with pytest.raises(JournalTorn):
        for commit in j.commits():
            seen.append(commit.seq)
    assert seen == [1, 2]
    with pytest.raises(JournalTorn):
        j.append(3, "alice", Row("alice"))

    report = repair(path)
    assert (report.cut_line, report.cut_bytes, report.last_seq, report.repaired) == (4, 50, 2, True)
    assert report.side_file == str(tmp_path / "g.jsonl.torn-1")
    assert Path(report.side_file).read_bytes() == torn_bytes
    assert path.read_bytes() == whole[:last_start]

    # The object opened before the repair carries on.
    assert j.append(3, "bob", Row("bob")).seq == 3
    assert j.torn is None
    j.close()
    assert verify(path).last_seq == 3

    # Repairing a sound file changes nothing; a second torn line gets the next side file.
    assert repair(path) == journal.RepairReport(path=str(path), cut_line=None, cut_bytes=0, side_file=None,
                                                last_seq=3, head_hash=verify(path).head_hash)
    with open(path, "ab") as f:
        f.write(b'{"seq":4,"at')
    assert repair(path).side_file == str(tmp_path / "g.jsonl.torn-2")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", "g.jsonl.torn-1", "g.jsonl.torn-2"]


def test_repair_cuts_nothing_from_a_tampered_file(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game(path, 3).close()
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"alice"', b'"mallory"', 1)
    content = b"\n".join(lines)[:-10]  # also torn at the end
    path.write_bytes(content)
    with pytest.raises(JournalTampered) as caught:
        repair(path)
    assert caught.value.line == 3
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_a_header_without_a_newline_is_corrupt_not_torn(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game(path, 0).close()
    whole = path.read_bytes()
    path.write_bytes(whole.rstrip(b"\n"))
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(path)
    # a whole header lacking only its newline: unclean (repair's copy adds it), never torn
    assert type(caught.value) is JournalUnclean and (caught.value.kind, caught.value.line) == ("newline", 1)
    assert Path(repair(path).clean_copy or "").read_bytes() == whole
    path.write_bytes(whole[:-2])  # a header cut inside: corrupt
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(path)
    assert type(caught.value) is JournalCorrupt and caught.value.line == 1


# ------------------------------------------------------------------------------------------ versions

def test_an_older_version_is_read_through_its_upcaster_and_is_read_only(tmp_path: Path) -> None:
    """A made-up version 0 whose header said ``created`` in seconds and whose commits said ``who``."""
    header_v0 = {"format": "lifeboat-journal", "version": 0, "game_id": "old", "created": 1_700_000_000,
                 "ruleset": "standard", "players": ["alice"]}
    line1, h1 = journal.codec.seal(header_v0)
    line2, _ = journal.codec.seal({"seq": 1, "at_ms": T0, "who": "alice", "command": {"type": "row"},
                                   "events": [], "prev": h1})
    (tmp_path / "v0.jsonl").write_bytes(line1 + line2)

    with pytest.raises(UnsupportedJournalVersion) as caught:
        JsonlJournal.open(tmp_path / "v0.jsonl")
    assert (caught.value.version, caught.value.supported) == (0, (1,))

    def header(raw: dict) -> dict:
        raw = dict(raw, version=1, created_ms=raw["created"] * 1000)
        del raw["created"]
        return raw

    def commit(raw: dict) -> dict:
        raw = dict(raw, actor=raw["who"])
        del raw["who"]
        return raw

    journal.register_upcaster(0, header=header, commit=commit)
    try:
        assert journal.supported_versions() == (0, 1)
        with JsonlJournal.open(tmp_path / "v0.jsonl") as j:
            assert j.file_version == 0
            assert j.header.created_ms == T0 and j.header.version == 1
            assert [(c.seq, c.actor) for c in j.commits()] == [(1, "alice")]
            with pytest.raises(UnsupportedJournalVersion, match="fork it"):
                j.append(2, "alice", Row("alice"))
            upgraded = j.fork(1, tmp_path / "v1.jsonl", game_id="upgraded")
        assert upgraded.file_version == 1
        assert upgraded.append(2, "alice", Row("alice")).seq == 2
        upgraded.close()
    finally:
        journal.unregister_upcaster(0)
    assert journal.supported_versions() == (1,)


# ------------------------------------------------------------------------------------------ schema

def test_the_committed_schema_matches_the_types() -> None:
    committed = json.loads((ROOT / "docs" / "journal-schema.json").read_text(encoding="utf-8"))
    assert committed == journal_schema(), (
        "docs/journal-schema.json is stale: run .venv/bin/python -m journal.schema > docs/journal-schema.json")
    assert committed["$defs"]["HeaderLine"]["required"][:2] == ["format", "version"]
    assert set(committed["$defs"]["Commit"]["required"]) == {"seq", "at_ms", "actor", "command", "events",
                                                             "prev", "hash"}


def test_every_written_line_has_exactly_the_schema_fields(tmp_path: Path) -> None:
    schema = journal_schema()["$defs"]
    game(tmp_path / "g.jsonl", 2).close()
    first, *rest = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert set(first) == set(schema["HeaderLine"]["properties"])
    assert all(set(line) == set(schema["Commit"]["properties"]) for line in rest)


# ------------------------------------------------------------------------------------------ clock

def test_the_default_clock_reads_time_in_integer_ms() -> None:
    with freeze_time("2024-05-06 07:08:09.123"):
        assert system_clock() == 1_714_979_289_123
        assert isinstance(system_clock(), int)
    with freeze_time("1970-01-01 00:00:00"):
        assert system_clock() == 0


def test_headers_and_commits_use_the_default_clock(tmp_path: Path) -> None:
    with freeze_time("2024-05-06 07:08:09.123") as frozen:
        header = Header.new(game_id="g", ruleset="standard", players=["alice"])
        assert header.created_ms == 1_714_979_289_123
        j = JsonlJournal.create(tmp_path / "g.jsonl", header)
        m = MemoryJournal(header)
        frozen.tick(2.5)
        assert j.append(1, "alice", Row("alice")).at_ms == 1_714_979_291_623
        assert m.append(1, "alice", Row("alice")).at_ms == 1_714_979_291_623
        forked = m.fork(1, game_id="f")
        assert forked.header.created_ms == 1_714_979_291_623
        j.close()


# ------------------------------------------------------------------------------------------ streaming

def test_a_large_journal_is_streamed_not_loaded(tmp_path: Path) -> None:
    """100,000 commits (about 60 MB); a child process opens and reads them all within a small memory budget."""
    path = tmp_path / "big.jsonl"
    m = MemoryJournal(make_header(), clock=StepClock())
    pad = "x" * 400
    for seq in range(1, 100_001):
        m.append(seq, "alice", {"type": "row", "seat": "alice", "n": seq, "pad": pad}, ())
    m.save(path).close()
    head = m.head_hash
    del m
    size = path.stat().st_size
    assert size > 50_000_000
    child = textwrap.dedent("""
        import re, sys
        import journal
        def peak():  # this process's peak resident memory in bytes (VmHWM is reset by exec, unlike ru_maxrss)
            with open("/proc/self/status") as f:
                return int(re.search(r"VmHWM:\\s+(\\d+) kB", f.read()).group(1)) * 1024
        before = peak()
        with journal.JsonlJournal.open(sys.argv[1]) as j:
            n = sum(1 for c in j.commits())
            print(n, j.last_seq, j.head_hash)
        print(peak() - before)
    """)
    out = subprocess.run([sys.executable, "-c", child, str(path)], capture_output=True, text=True, check=True,
                         timeout=60).stdout.split()
    assert out[:3] == ["100000", "100000", head]
    assert int(out[3]) < 20_000_000, f"reading a {size}-byte journal grew the reader by {out[3]} bytes"


def test_errors_are_journal_errors_with_a_location(tmp_path: Path) -> None:
    error = JournalCorrupt("bad", path=tmp_path / "g.jsonl", line=7, expected="x", found="y" * 200)
    assert isinstance(error, JournalError)
    assert error.location == f"{tmp_path / 'g.jsonl'}:7"
    assert len(error.found) == 80 and error.found.endswith("...")
    assert str(error) == f"{tmp_path / 'g.jsonl'}:7: bad (expected x; found {error.found})"
    assert str(JournalError("closed")) == "<memory>: closed"
    assert os.fspath(tmp_path)  # the paths above are real


def test_a_writer_that_finds_a_whole_line_without_its_newline_stays_where_it_was(tmp_path: Path) -> None:
    """Another program left a whole last line without its newline: ``refresh`` says so (JournalUnclean,
    ``newline``) every time, and the writer's chain stays at its last ended line (``last_seq`` unchanged), so
    an append is refused for that line, not as a broken chain at a line that does not exist."""
    from journal import JournalUnclean

    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "four-players.jsonl"
    lines = example.read_bytes().splitlines(keepends=True)
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"".join(lines[:3]))  # the header and commits 1, 2
    with JsonlJournal.open(path) as j:
        assert j.last_seq == 2
        with open(path, "ab") as other:
            other.write(lines[3][:-1])  # commit 3, whole, its newline missing
        for _ in range(2):
            with pytest.raises(JournalUnclean) as caught:
                j.refresh()
            assert (caught.value.kind, caught.value.line, j.last_seq) == ("newline", 4, 2)
        with pytest.raises(JournalUnclean) as caught:
            j.append(3, "system", {"type": "note", "at": 1, "text": "x"}, ())
        assert caught.value.kind == "newline" and path.read_bytes() == b"".join(lines[:3]) + lines[3][:-1]
