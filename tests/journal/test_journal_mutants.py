"""Tamper evidence at every position (issue 19: mutants that survived a suite testing only a few positions).

* Every line of a journal in turn edited and resealed (its own hash recomputed, the chain after it left alone):
  the broken link is found at the next line, by every reader; edited without resealing, at the line itself.
* A line of an *open* journal rewritten under it, the whole chain recomputed: ``commits()`` notices the file no
  longer holds what the journal read (at the header, or at the last line it knew), and so does ``append``.
* The file cut at every commit boundary: ``verify`` with a known head finds the cut, naming the first missing line.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from journal_testkit import Row, sound_file

from journal import JournalCorrupt, JournalTampered, JsonlJournal, read_with_findings, verify

COMMITS = 12
LINES = COMMITS + 1


def sound(path: Path) -> list[bytes]:
    return sound_file(path, COMMITS)


def seal(body: dict) -> bytes:
    body = {k: v for k, v in body.items() if k != "hash"}
    raw = json.dumps(body, separators=(",", ":")).encode()
    return raw[:-1] + b',"hash":"' + hashlib.sha256(raw).hexdigest().encode() + b'"}\n'


def edited(line: bytes) -> dict:
    body = json.loads(line)
    if "format" in body:
        body["meta"] = {"table": "the other one"}
    else:
        body["actor"] = "mallory"
    return body


def rechained(lines: list[bytes], number: int) -> list[bytes]:
    """``lines`` with line ``number`` edited and every hash from there on recomputed (a careful forger)."""
    out, prev = [], ""
    for i, line in enumerate(lines, 1):
        body = edited(line) if i == number else json.loads(line)
        if i > 1:
            body["prev"] = prev
        out.append(seal(body))
        prev = json.loads(out[-1])["hash"]
    return out


def errors_of(path: Path) -> list[tuple[int | None, str]]:
    """What open, verify and the findings reader say about ``path``: (line, message) each."""
    found = []
    for read in (JsonlJournal.open, verify):
        with pytest.raises(JournalTampered) as caught:
            read(path)
        found.append((caught.value.line, caught.value.message))
    reader = read_with_findings(path)
    list(reader.commits())
    found += [(p.line, p.message) for p in reader.problems]
    return found


@pytest.mark.parametrize("number", range(1, LINES + 1))
def test_every_line_edited_and_resealed_is_found_at_the_next_line(tmp_path: Path, number: int) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    head = verify(path).head_hash
    lines[number - 1] = seal(edited(lines[number - 1]))
    path.write_bytes(b"".join(lines))
    if number < LINES:
        prev = "the hash chain is broken: prev is not the previous line's hash"
        assert errors_of(path) == [(number + 1, prev)] * 3
    else:  # the last line has no next line: only a head hash known from elsewhere catches it
        assert verify(path).last_seq == COMMITS
    with pytest.raises(JournalTampered) as caught:
        verify(path, known_head=(COMMITS, head))
    assert caught.value.line == (number + 1 if number < LINES else LINES)


@pytest.mark.parametrize("number", range(1, LINES + 1))
def test_every_line_edited_without_resealing_is_found_at_that_line(tmp_path: Path, number: int) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    body = edited(lines[number - 1])
    stored = json.loads(lines[number - 1])["hash"]
    lines[number - 1] = json.dumps({**body, "hash": stored}, separators=(",", ":")).encode() + b"\n"
    path.write_bytes(b"".join(lines))
    assert errors_of(path) == [(number, "the line's hash does not match its content")] * 3


@pytest.mark.parametrize("number", range(1, LINES + 1))
def test_a_line_rewritten_under_an_open_journal_is_noticed(tmp_path: Path, number: int) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    j = JsonlJournal.open(path)
    forged = b"".join(rechained(lines, number))
    with open(path, "r+b") as f:  # in place: the same file, the open journal's file descriptor sees it
        f.write(forged)
        f.truncate()
    with pytest.raises(JournalTampered) as caught:
        list(j.commits())
    if number == 1:
        assert (caught.value.line, caught.value.message) == (1, "the header changed since the journal was opened")
    else:
        assert (caught.value.line, caught.value.message) == (LINES, "the line changed since the journal was opened")
    with pytest.raises(JournalTampered):
        list(j.commits(from_seq=COMMITS))  # even when the caller asks only for the last commit
    j.close()


def test_a_journal_rewritten_and_grown_under_it_is_noticed_at_the_last_line_it_knew(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    j = JsonlJournal.open(path)
    forged = rechained(lines + [lines[-1]], 5)  # one more line, so the file is longer than it was
    path.write_bytes(b"".join(forged))  # same inode: write_bytes truncates and rewrites
    with pytest.raises(JournalTampered) as caught:
        list(j.commits())
    assert (caught.value.line, caught.value.message) == (LINES, "the line changed since the journal was opened")
    j.close()


@pytest.mark.parametrize("keep", range(1, LINES))
def test_a_cut_at_every_commit_boundary_is_found_against_the_known_head(tmp_path: Path, keep: int) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    head = verify(path).head_hash
    j = JsonlJournal.open(path)
    path.write_bytes(b"".join(lines[:keep]))  # a shorter, valid journal: the chain alone cannot tell
    assert verify(path).last_seq == keep - 1
    with pytest.raises(JournalTampered) as caught:
        verify(path, known_head=(COMMITS, head))
    assert (caught.value.line, caught.value.message) == (
        keep + 1, "the file ends before the known head: lines were cut off the end")
    assert caught.value.expected == f"seq {keep} (up to seq {COMMITS})"
    with pytest.raises(JournalTampered) as opened:
        list(j.commits())
    assert opened.value.line == keep + 1 and "shorter" in opened.value.message
    with pytest.raises(JournalTampered) as appended:
        j.append(COMMITS + 1, "alice", Row("alice"))
    assert appended.value.message == "the file is shorter than when it was read: complete lines were removed"
    assert os.path.getsize(path) == len(b"".join(lines[:keep]))  # nothing was written
    j.close()


@pytest.mark.parametrize("seq", range(0, COMMITS + 1))
def test_a_known_head_at_every_seq_holds_on_the_true_file_and_not_on_a_rewritten_one(tmp_path: Path,
                                                                                    seq: int) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    digest = json.loads(lines[seq])["hash"]
    assert verify(path, known_head=(seq, digest)).last_seq == COMMITS
    path.write_bytes(b"".join(rechained(lines, seq + 1)))
    with pytest.raises(JournalTampered) as caught:
        verify(path, known_head=(seq, digest))
    assert (caught.value.line, caught.value.message) == (seq + 1, "the line does not match the known head hash")


def test_a_line_that_is_not_json_is_shown_with_its_control_characters_escaped(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    lines[2] = b'{"seq":2,\x07\x1b[31m oops}\n'
    path.write_bytes(b"".join(lines))
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(path)
    assert caught.value.line == 3 and caught.value.found == '{"seq":2,\\x07\\x1b[31m oops}'
    lines[2] = b"\x07" * 100 + b"\n"
    path.write_bytes(b"".join(lines))
    with pytest.raises(JournalCorrupt) as caught:
        JsonlJournal.open(path)
    assert caught.value.found == ("\\x07" * 20)[:77] + "..."  # cut to 80 characters
    for binary, what in ((b'{"seq":2,\xff oops}', "a byte that is not UTF-8 at byte 10"), (b"\x00" * 100, "a NUL byte at byte 1")):
        path.write_bytes(b"".join([*lines[:2], binary + b"\n", *lines[3:]]))
        with pytest.raises(JournalCorrupt) as caught:
            JsonlJournal.open(path)
        assert (caught.value.message, caught.value.found) == (f"not a text journal: line 3 holds {what}",
                                                              "binary bytes, not shown")
