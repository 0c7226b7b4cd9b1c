"""The tamper corpus: each edit of a sound journal is detected, with the exact line it is on.

The sound journal has a header (line 1) and 8 commits (lines 2..9). Every case is checked three ways: opening
(which checks the whole chain), ``verify`` and ``repair`` (which must refuse and leave the file as it is, unless
the only problem is a torn last line).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from journal_testkit import Row, StepClock, make_header, sound_file

from journal import (JournalCorrupt, JournalError, JournalTampered, JournalTorn, JournalUnclean, JsonlJournal,
                     NotAJournal, repair, verify)

Lines = list[bytes]  # the file's lines, each with its newline


def sound(path: Path) -> Lines:
    return sound_file(path, 8)


def edit_byte(number: int, old: bytes, new: bytes) -> Callable[[Lines], Lines]:
    def apply(lines: Lines) -> Lines:
        i = number - 1
        assert old in lines[i]
        lines[i] = lines[i].replace(old, new, 1)
        return lines
    return apply


def delete(number: int) -> Callable[[Lines], Lines]:
    return lambda lines: lines[:number - 1] + lines[number:]


def swap(a: int, b: int) -> Callable[[Lines], Lines]:
    def apply(lines: Lines) -> Lines:
        lines[a - 1], lines[b - 1] = lines[b - 1], lines[a - 1]
        return lines
    return apply


def duplicate(number: int) -> Callable[[Lines], Lines]:
    return lambda lines: lines[:number] + [lines[number - 1]] + lines[number:]


def reseal(number: int, old: bytes, new: bytes) -> Callable[[Lines], Lines]:
    """Edit a commit line and recompute its own hash, as a forger would: the next line's prev then breaks."""
    def apply(lines: Lines) -> Lines:
        i = number - 1
        line = lines[i].rstrip(b"\n").replace(old, new, 1)
        body = line[:-75] + b"}"
        lines[i] = body[:-1] + b',"hash":"' + hashlib.sha256(body).hexdigest().encode() + b'"}\n'
        return lines
    return apply


def cut(keep_bytes_of_line: int, keep: int) -> Callable[[Lines], Lines]:
    """Keep lines 1..n-1 and the first ``keep`` bytes of line n (no newline)."""
    return lambda lines: lines[:keep_bytes_of_line - 1] + [lines[keep_bytes_of_line - 1][:keep]]


CASES: dict[str, tuple[Callable[[Lines], Lines], type[JournalError], int]] = {
    # name: (edit, error, line)
    "a digit of at_ms in line 4": (edit_byte(4, b'"at_ms":1700000002000', b'"at_ms":1700000002001'),
                                   JournalTampered, 4),
    "a letter of the actor in line 6": (edit_byte(6, b'"actor":"alice"', b'"actor":"alicf"'), JournalTampered, 6),
    "a number inside an event in line 9": (edit_byte(9, b'"wounds":8', b'"wounds":0'), JournalTampered, 9),
    "a player's name in the header": (edit_byte(1, b'"carol"', b'"karol"'), JournalTampered, 1),
    "a digit of the stored hash of line 3": (lambda ls: ls[:2] + [ls[2][:-4] + (b"0" if ls[2][-4:-3] != b"0"
                                                                                  else b"1") + ls[2][-3:]] + ls[3:],
                                             JournalTampered, 3),
    "a quote, so line 5 is no longer JSON": (edit_byte(5, b'"actor"', b"'actor\""), JournalCorrupt, 5),
    "delete line 5": (delete(5), JournalTampered, 5),
    "delete line 2, the first commit": (delete(2), JournalTampered, 2),
    "delete the header": (delete(1), NotAJournal, 1),  # line 1 is a commit: no header, as in another file
    "swap lines 3 and 4": (swap(3, 4), JournalTampered, 3),
    "swap lines 8 and 9": (swap(8, 9), JournalTampered, 8),
    "duplicate line 6": (duplicate(6), JournalTampered, 7),
    "duplicate the last line": (duplicate(9), JournalTampered, 10),
    "change the seq of line 7": (edit_byte(7, b'{"seq":6,', b'{"seq":7,'), JournalTampered, 7),
    "change the seq of line 7 and reseal it": (reseal(7, b'{"seq":6,', b'{"seq":7,'), JournalTampered, 7),
    "change the actor of line 5 and reseal it": (reseal(5, b'"actor":"bob"', b'"actor":"eve"'), JournalTampered, 6),
    "an empty line inserted before line 6": (lambda ls: ls[:5] + [b"\n"] + ls[5:], JournalCorrupt, 6),
    "CRLF line ends": (lambda ls: [line.replace(b"\n", b"\r\n") for line in ls], JournalUnclean, 1),
    "CRLF on line 7 only": (lambda ls: ls[:6] + [ls[6].replace(b"\n", b"\r\n")] + ls[7:], JournalUnclean, 7),
    "a byte-order mark before line 1": (lambda ls: [b"\xef\xbb\xbf" + ls[0]] + ls[1:], JournalUnclean, 1),
    "a blank line after the last": (lambda ls: ls + [b"\n"], JournalUnclean, 10),
    "blank lines after the last": (lambda ls: ls + [b" \n", b"\n"], JournalUnclean, 10),
    "cut the tail inside line 9": (cut(9, 100), JournalTorn, 9),
    "cut the tail inside line 3 (everything after is gone)": (cut(3, 1), JournalTorn, 3),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_edit_is_detected_at_its_line(tmp_path: Path, name: str) -> None:
    edit, error, line = CASES[name]
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"".join(edit(sound(path))))
    tampered = path.read_bytes()

    with pytest.raises(error) as opened:
        JsonlJournal.open(path)
    assert type(opened.value) is error
    assert (opened.value.path, opened.value.line) == (str(path), line)
    assert str(opened.value).startswith(f"{path}:{line}: ")

    with pytest.raises(error) as verified:
        verify(path)
    assert verified.value.line == line

    if error is JournalTorn:
        report = repair(path)
        assert report.cut_line == line
        assert Path(report.side_file).read_bytes() == tampered[len(path.read_bytes()):]
        assert verify(path).last_seq == line - 2
    elif error is JournalUnclean:  # the file is kept; a clean copy holds the sound lines
        report = repair(path)
        assert path.read_bytes() == tampered
        assert report.clean_copy == str(tmp_path / "g.clean.jsonl") and report.cut_line is None
        assert Path(report.clean_copy).read_bytes() == b"".join(sound(tmp_path / "again.jsonl"))
        assert verify(report.clean_copy).head_hash == report.head_hash
    else:
        with pytest.raises(error):
            repair(path)
        assert path.read_bytes() == tampered


def test_the_chain_errors_say_what_was_expected(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    path.write_bytes(b"".join(delete(5)(list(lines))))
    with pytest.raises(JournalTampered) as caught:
        verify(path)
    def hash_of(number: int) -> str:
        return lines[number - 1].rstrip(b"\n")[-66:-2].decode()

    assert caught.value.line == 5
    assert caught.value.expected == f"prev {hash_of(4)}"
    assert caught.value.found == f"prev {hash_of(5)}"  # line 5 now holds the old line 6, chained to the old line 5
    assert caught.value.message == "the hash chain is broken: prev is not the previous line's hash"


def test_a_tail_cut_at_a_line_boundary_is_caught_against_a_known_head(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    head = verify(path)
    assert (head.last_seq, head.lines) == (8, 9)
    path.write_bytes(b"".join(lines[:6]))  # header and commits 1..5: a valid, shorter journal
    assert verify(path).last_seq == 5
    with pytest.raises(JournalTampered) as caught:
        verify(path, known_head=(head.last_seq, head.head_hash))
    assert (caught.value.line, caught.value.expected, caught.value.found) == (
        7, "seq 6 (up to seq 8)", "the end of the file")


def test_a_rewritten_history_is_caught_against_a_known_head(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    sound(path)
    with JsonlJournal.open(path) as j:
        seq3 = list(j.commits())[2]
        j.append(9, "carol", Row("carol"))
    verify(path, known_head=(3, seq3.hash))  # still holds commit 3: fine
    with pytest.raises(JournalTampered) as caught:
        verify(path, known_head=(3, "0" * 64))
    assert (caught.value.line, caught.value.found) == (4, f"hash {seq3.hash}")


def test_an_open_journal_notices_a_file_rewritten_under_it(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    sound(path)
    j = JsonlJournal.open(path)
    other = tmp_path / "other.jsonl"
    with JsonlJournal.create(other, make_header("another-game"), clock=StepClock()) as k:
        k.append(1, "alice", Row("alice"))
    other.replace(path)
    with pytest.raises(JournalTampered) as caught:
        list(j.commits())
    assert caught.value.line == 1
    j.close()


def documented_verifier() -> Callable[[list[bytes]], str]:
    """The stand-alone verifier printed in docs/journal-format.md, run as written."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "journal-format.md").read_text(encoding="utf-8")
    code = text.split("### A verifier in 20 lines", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/journal-format.md", "exec"), namespace)
    return namespace["verify_lines"]  # type: ignore[return-value]


@pytest.mark.parametrize("name", [name for name, case in CASES.items() if case[1] is not JournalTorn])
def test_the_documented_verifier_agrees(tmp_path: Path, name: str) -> None:
    verify_lines = documented_verifier()
    path = tmp_path / "g.jsonl"
    lines = sound(path)
    assert verify_lines([line.rstrip(b"\n") for line in lines]) == verify(path).head_hash
    edit, _, line = CASES[name]
    with pytest.raises(ValueError, match=f"line {line}"):
        verify_lines(b"".join(edit(lines)).split(b"\n")[:-1])
