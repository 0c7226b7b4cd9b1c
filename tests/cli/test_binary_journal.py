"""A binary file given as a journal (an image, a file of every byte value), or a journal with a line a disk or a
transfer broke into bytes that are not text, is named with its line as "not a text journal", quoting none of its
bytes; and a torn last line that holds control characters (ESC, NUL, BEL) is quoted escaped, never raw, so no
message drives the terminal it is printed to. Every reader says the same: replay, audit, show, score, fork."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import run

EXPECTED = "(expected UTF-8 text, a JSON object on each line, as docs/journal-format.md says; found binary bytes, not shown)"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # what a terminal acts on (tab and newline aside)


def commands(path: Path, tmp_path: Path) -> dict[str, tuple[str, ...]]:
    return {"replay": ("replay", path), "show": ("show", path), "score": ("score", path),
            "fork": ("fork", path, "--at", "1", "-o", tmp_path / "fork.jsonl")}


@pytest.mark.parametrize("content", [bytes(range(256)), b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"])
def test_a_binary_file_is_not_a_text_journal(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    what = "a NUL byte" if content[0] == 0 else "a byte that is not UTF-8"
    said = (f"{path}:1: not a text journal: line 1 holds {what} at byte 1; name the game's journal (the .jsonl "
            f"file) {EXPECTED}")
    for args in commands(path, tmp_path).values():
        done = run(*args)
        assert (done.returncode, done.stdout, done.stderr) == (4, "", f"lifeboat: {said}\n"), args
    done = run("audit", path)
    assert (done.returncode, done.stderr) == (4, "")
    assert done.stdout.startswith(f"{path}: cannot be audited: {said}\n")
    assert not (tmp_path / "fork.jsonl").exists()


def test_a_line_broken_into_bytes_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    assert run("new", path, "--players", "Ann,Bob,Cy,Dee", "--seed", "1").returncode == 0
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2][:20] + b"\x00\x1b[31m\xff" + lines[2][20:]
    path.write_bytes(b"\n".join(lines))
    said = f"{path}:3: not a text journal: line 3 holds a NUL byte at byte 21 {EXPECTED}"
    hint = (f" — [JOURNAL-CORRUPT] run: lifeboat audit {path} (every finding, with its line: docs/disputes.md); "
            "repair cuts only a torn last line (one with no newline), not this one")
    for args in commands(path, tmp_path).values():
        done = run(*args)
        assert (done.returncode, done.stdout, done.stderr) == (4, "", f"lifeboat: {said}{hint}\n"), args
    done = run("audit", path)
    assert done.returncode == 5 and not CONTROL.search(done.stdout + done.stderr)
    assert ("  line     3  structure [JOURNAL-CORRUPT]  not a text journal: line 3 holds a NUL byte at byte 21\n"
            "      the journal says: binary bytes, not shown\n"
            "      it should say:    UTF-8 text, a JSON object on each line, as docs/journal-format.md says\n"
            ) in done.stdout


def test_a_torn_last_line_of_control_characters_is_quoted_escaped(tmp_path: Path) -> None:
    """audit quoted it raw: ESC [31m turned the terminal red, NUL and BEL went out as they were."""
    path = tmp_path / "game.jsonl"
    assert run("new", path, "--players", "Ann,Bob,Cy,Dee", "--seed", "1").returncode == 0
    path.write_bytes(path.read_bytes() + b"\x1b[31mRED\x00\x07")
    done = run("audit", path)
    assert done.returncode == 5 and not CONTROL.search(done.stdout + done.stderr)
    assert "      the journal says: \\x1b[31mRED\\x00\\x07\n" in done.stdout
    done = run("replay", path)
    assert done.returncode == 4 and not CONTROL.search(done.stderr)
    assert "found \\x1b[31mRED\\x00\\x07)" in done.stderr


def test_a_key_of_control_characters_is_named_escaped(tmp_path: Path) -> None:
    """msgspec's ``unknown field `…``` quoted the line's own key raw: ESC [31m reached the terminal."""
    path = tmp_path / "game.jsonl"
    assert run("new", path, "--players", "Ann,Bob,Cy,Dee", "--seed", "1").returncode == 0
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'{"seq":2,', b'{"seq":2,"\\u001b[31mRED":1,', 1)
    path.write_bytes(b"\n".join(lines))
    done = run("replay", path)
    assert done.returncode == 4 and not CONTROL.search(done.stderr)
    assert done.stderr.startswith(f"lifeboat: {path}:3: the line is not a commit: Object contains unknown field "
                                  "`\\x1b[31mRED` (expected a commit as in docs/journal-schema.json; found ")
    done = run("audit", path)
    assert done.returncode == 5 and not CONTROL.search(done.stdout)
    assert "[JOURNAL-CORRUPT]  the line is not a commit: Object contains unknown field `\\x1b[31mRED`\n" in done.stdout
