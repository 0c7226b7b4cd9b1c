"""journal.read_with_findings: every problem of a file on the way, as data, instead of an error at the first."""

from __future__ import annotations

from pathlib import Path

import pytest
from journal_testkit import Row, Rowed, StepClock, make_header

import journal


def five_commits(path: Path) -> Path:
    j = journal.JsonlJournal.create(path, make_header(), clock=StepClock())
    for seq in range(1, 6):
        j.append(seq, "alice", Row(seat="alice", strokes=seq), [Rowed(seat="alice", distance=seq)])
    j.close()
    return path


def test_a_clean_file_has_no_problems(tmp_path: Path) -> None:
    reader = journal.read_with_findings(five_commits(tmp_path / "g.jsonl"))
    got = [(line, commit.seq, real == commit.hash) for line, commit, real in reader.commits()]
    assert got == [(2, 1, True), (3, 2, True), (4, 3, True), (5, 4, True), (6, 5, True)]
    assert (reader.problems, reader.lines, reader.stopped, reader.header.game_id) == ([], 6, False, "game-1")


def test_an_edited_line_is_one_problem_and_the_reading_goes_on(tmp_path: Path) -> None:
    path = five_commits(tmp_path / "g.jsonl")
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"strokes":3', b'"strokes":9')  # file line 4 holds commit 3
    path.write_bytes(b"\n".join(lines))
    reader = journal.read_with_findings(path)
    seqs = [commit.seq for _, commit, _ in reader.commits()]
    assert seqs == [1, 2, 3, 4, 5]
    assert [(p.line, p.code, p.message) for p in reader.problems] == [
        (4, "JOURNAL-TAMPERED", "the line's hash does not match its content")]
    assert reader.stopped is False


def test_a_torn_last_line_ends_the_reading_with_a_problem(tmp_path: Path) -> None:
    path = five_commits(tmp_path / "g.jsonl")
    path.write_bytes(path.read_bytes() + b'{"seq":6,"at_ms":1')
    reader = journal.read_with_findings(path)
    assert [commit.seq for _, commit, _ in reader.commits()] == [1, 2, 3, 4, 5]
    (torn,) = reader.problems
    assert (torn.line, torn.code, torn.found, reader.stopped) == (7, "JOURNAL-TORN", '{"seq":6,"at_ms":1', True)
    assert torn.message.startswith("the last line (18 bytes) is torn")


def test_a_file_that_is_no_journal_raises_a_journal_error(tmp_path: Path) -> None:
    with pytest.raises(journal.JournalNotFound, match="no such file"):
        list(journal.read_with_findings(tmp_path / "missing.jsonl").commits())
    (tmp_path / "empty.jsonl").write_bytes(b"")
    with pytest.raises(journal.JournalCorrupt, match="the file is empty"):
        journal.read_header(tmp_path / "empty.jsonl")
    assert journal.read_header(five_commits(tmp_path / "g.jsonl")).players == ("alice", "bob", "carol")
