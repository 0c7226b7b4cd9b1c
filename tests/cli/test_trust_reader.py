"""Issue 13, item 6: reader robustness, through the CLI. JSON nested 1,000 deep is refused with our own error (not a
RecursionError) by every command; a byte-order mark, CR LF endings and trailing blank lines are named with file and
line, and ``lifeboat repair`` writes a clean copy beside the file, keeping it; odd commit times are audit notes."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

DEEP = "[" * 1000 + "]" * 1000
COMMANDS = (("replay",), ("show",), ("score",), ("audit",), ("repair",), ("receipt", "--as", "Ann"),
            ("fork", "--at", "1", "-o", "FORK"), ("replay", "--json"))
READERS = tuple(c for c in COMMANDS if c != ("repair",))  # repair cleans what the others name


def lifeboat(*args: object) -> subprocess.CompletedProcess[str]:
    """The real CLI in a child process (its own, shallow stack: the way a user meets it)."""
    return subprocess.run([sys.executable, "-m", "cli.app", *map(str, args)], capture_output=True, text=True,
                          timeout=60, check=False)


def run_each(lb: SimpleNamespace, path: Path, tmp_path: Path,
             commands: tuple[tuple[str, ...], ...] = COMMANDS) -> list[tuple[tuple[str, ...], int, str]]:
    out = []
    for command in commands:
        args = [str(tmp_path / "fork.jsonl") if a == "FORK" else a for a in command]
        result = lb.run(args[0], path, *args[1:])
        out.append((command, result.exit_code, result.output))
    return out


def deep_in_header(game: Path) -> None:
    lines = game.read_bytes().splitlines(keepends=True)
    head = json.loads(lines[0])
    head["meta"] = {"deep": "@"}
    raw = json.dumps(head, separators=(",", ":")).replace('"@"', DEEP).encode()
    game.write_bytes(raw + b"\n" + b"".join(lines[1:]))


def test_json_nested_1000_deep_is_refused_by_name_by_every_command(game: Path, lb: SimpleNamespace,
                                                                   tmp_path: Path) -> None:
    lines = game.read_bytes().splitlines(keepends=True)
    command_line = lines[11].replace(b'"command":', b'"command":' + DEEP.encode() + b',"x":', 1)
    deep = b"".join(lines[:11]) + command_line + b"".join(lines[12:])
    game.write_bytes(deep)
    for command, code, output in run_each(lb, game, tmp_path):
        if command == ("audit",):  # the audit names it as a finding and goes on with the file's other checks
            assert code == 5 and "line    12  structure [JOURNAL-CORRUPT]  line 12 nests JSON more than 64 levels" \
                in output, output
        else:
            assert code == 4, (command, output)
            assert f"{game}:12: line 12 nests JSON more than 64 levels deep" in output, (command, output)
        assert "RecursionError" not in output and "internal error" not in output
    assert not (tmp_path / "fork.jsonl").exists()
    assert game.read_bytes() == deep


def test_a_header_nested_1000_deep_is_refused_by_the_real_cli(game: Path, lb: SimpleNamespace,
                                                              tmp_path: Path) -> None:
    deep_in_header(game)
    for command in (("replay",), ("audit",)):  # each start of the CLI costs a second or two; the rest in-process
        result = lifeboat(command[0], game)
        text = result.stdout + result.stderr
        assert result.returncode == 4, (command, text)
        assert f"{game}:1: line 1 nests JSON more than 64 levels deep" in text, (command, text)
        assert "Traceback" not in text and "RecursionError" not in text


def tells_the_result(output: str) -> bool:
    """The audit read to the end: it names the winner, or the players sharing the win (SCORE-3; a bot game's
    result depends on its draws)."""
    return re.search(r"^(Winner|Shared win): \S", output, re.MULTILINE) is not None

def test_a_byte_order_mark_is_named_and_repair_writes_a_clean_copy(game: Path, lb: SimpleNamespace,
                                                                   tmp_path: Path) -> None:
    clean = game.read_bytes()
    game.write_bytes(b"\xef\xbb\xbf" + clean)
    for command, code, output in run_each(lb, game, tmp_path, READERS):
        if command == ("audit",):  # named once, and the lines are audited without it
            assert code == 5 and "line     1  structure [JOURNAL-CORRUPT]  line 1 starts with a byte-order mark" \
                in output and ": 1 finding(s)" in output and tells_the_result(output), output
            assert f"note: the lines were audited without the byte-order mark (the hashes are over the lines " \
                f"without them); run lifeboat repair {game} to write a clean copy" in output, output
            continue
        assert code == 4, (command, output)
        assert f"{game}:1: line 1 starts with a byte-order mark" in output, (command, output)
        assert output.endswith(f"— [JOURNAL-CORRUPT] run: lifeboat repair {game}\n"), (command, output)
    repaired = lb.run("repair", game)
    copy = tmp_path / "game.clean.jsonl"
    assert repaired.exit_code == 0, repaired.output
    assert f"wrote a clean copy to {copy} (without a byte-order mark before line 1)" in repaired.stdout
    assert game.read_bytes() == b"\xef\xbb\xbf" + clean  # the original is kept, byte for byte
    assert copy.read_bytes() == clean
    deck = tmp_path / "game.clean.jsonl.deck.json"
    assert deck.read_bytes() == (tmp_path / "game.jsonl.deck.json").read_bytes()
    assert stat.S_IMODE(os.stat(deck).st_mode) == 0o600
    audit = lb.run("audit", copy)
    assert audit.exit_code == 0 and f"{copy} — game " in audit.stdout and ": clean" in audit.stdout, audit.output


def test_cr_lf_on_one_line_is_named_at_that_line(game: Path, lb: SimpleNamespace, tmp_path: Path) -> None:
    clean = game.read_bytes()
    lines = clean.splitlines(keepends=True)
    lines[11] = lines[11][:-1] + b"\r\n"
    game.write_bytes(b"".join(lines))
    for command, code, output in run_each(lb, game, tmp_path, READERS):
        if command == ("audit",):  # the CR is named, and the audit reads on without it: the game, its scores
            assert code == 5 and "line    12  structure [JOURNAL-CORRUPT]  line 12 ends in CR LF (an editor" \
                in output, output
            assert ": 1 finding(s)" in output and "reading stopped" not in output and tells_the_result(output), output
        else:
            assert code == 4, (command, output)
            assert f"{game}:12: line 12 ends in CR LF" in output, (command, output)
    repaired = lb.run("repair", game)
    assert repaired.exit_code == 0 and "(without CR before the newline of 1 line)" in repaired.stdout
    assert (tmp_path / "game.clean.jsonl").read_bytes() == clean


def test_a_whole_file_in_cr_lf_with_trailing_blank_lines_is_cleaned(game: Path, lb: SimpleNamespace,
                                                                     tmp_path: Path) -> None:
    clean = game.read_bytes()
    game.write_bytes(clean.replace(b"\n", b"\r\n") + b"\r\n \n")
    before = game.read_bytes()
    lines = clean.count(b"\n")
    for command in ("replay", "show"):  # one line: where, the cause, the rule id, the command that helps
        said = lifeboat(command, game)
        assert said.returncode == 4 and said.stdout == "" and said.stderr.count("\n") == 1, said
        assert said.stderr.startswith(f"lifeboat: {game}:1: line 1 ends in CR LF (an editor or a transfer changed "
                                      "the line endings); repair writes a clean copy beside the file (and keeps "
                                      "the file) (expected the line to end in LF alone; found CR LF) — "
                                      f"[JOURNAL-CORRUPT] run: lifeboat repair {game}\n"), said.stderr
    audit = lifeboat("audit", game)  # a file saved on Windows: the cause once, then all the audit can tell
    assert audit.returncode == 5 and audit.stderr == "", audit
    assert f"line     1  structure [JOURNAL-CORRUPT]  line 1 ends in CR LF, and the {lines - 1} lines after it do " \
        "too (an editor or a transfer changed the line endings)" in audit.stdout, audit.stdout
    assert f"line {lines + 1:>5}  structure [JOURNAL-CORRUPT]  line {lines + 1} is a blank line after the last " \
        "line" in audit.stdout, audit.stdout
    assert f"{lines + 1} lines, last seq {lines - 1}; chance: every draw checked against the revealed deck " \
        "orders (CHANCE-2)" in audit.stdout and tells_the_result(audit.stdout), audit.stdout
    assert f"run lifeboat repair {game} to write a clean copy beside the file" in audit.stdout, audit.stdout
    assert game.read_bytes() == before  # no reader rewrites the file
    (tmp_path / "game.clean.jsonl").write_bytes(b"taken")  # the next free name is used; nothing is overwritten
    repaired = lb.run("repair", game)
    assert repaired.exit_code == 0, repaired.output
    assert f"(without CR before the newline of {lines + 1} lines, 2 blank lines after the last line)" \
        in repaired.stdout, repaired.stdout
    assert (tmp_path / "game.clean-2.jsonl").read_bytes() == clean
    assert (tmp_path / "game.clean.jsonl").read_bytes() == b"taken"


def test_an_unclean_file_with_a_torn_last_line_gets_a_clean_copy_up_to_it(game: Path, lb: SimpleNamespace,
                                                                          tmp_path: Path) -> None:
    # repair once answered such a file with "the last line is torn — run: lifeboat repair" (itself), forever
    lines = game.read_bytes().splitlines(keepends=True)[:31]  # a game in progress, its 31st line torn
    torn = lines[-1][:-30]
    for prefix, crlf in ((b"\xef\xbb\xbf", False), (b"", True), (b"\xef\xbb\xbf", True)):
        body = b"".join(lines[:-1])
        game.write_bytes(prefix + (body.replace(b"\n", b"\r\n") if crlf else body) + torn)
        before = game.read_bytes()
        repaired = lb.run("repair", game)
        assert repaired.exit_code == 0, repaired.output
        copy = tmp_path / "game.clean.jsonl"
        assert f"the torn last line {len(lines)} of {len(torn)} bytes with no newline, which the file keeps" \
            in repaired.stdout, repaired.stdout
        assert game.read_bytes() == before and copy.read_bytes() == body
        assert lb.run("audit", copy).exit_code == 0
        copy.unlink()


def test_a_trailing_blank_line_is_named(game: Path, lb: SimpleNamespace, tmp_path: Path) -> None:
    clean = game.read_bytes()
    game.write_bytes(clean + b"\n")
    blank = clean.count(b"\n") + 1
    for command, code, output in run_each(lb, game, tmp_path, READERS):
        if command == ("audit",):
            assert code == 5 and f"line {blank} is a blank line after the last line" in output, output
        else:
            assert code == 4, (command, output)
            assert f"{game}:{blank}: line {blank} is a blank line after the last line" in output, (command, output)
    assert lb.run("repair", game).exit_code == 0
    assert (tmp_path / "game.clean.jsonl").read_bytes() == clean


def test_a_blank_line_inside_is_not_cleaned_away(game: Path, lb: SimpleNamespace, tmp_path: Path) -> None:
    lines = game.read_bytes().splitlines(keepends=True)
    game.write_bytes(b"".join(lines[:5] + [b"\n"] + lines[5:]))
    result = lb.run("replay", game)
    assert result.exit_code == 4 and f"{game}:6: line 6 is blank" in result.output, result.output
    repaired = lb.run("repair", game)
    assert repaired.exit_code == 4 and f"{game}:6: line 6 is blank" in repaired.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "game.jsonl.deck.json"]


def test_repair_writes_no_copy_when_the_clean_lines_do_not_chain(game: Path, lb: SimpleNamespace,
                                                                 tmp_path: Path) -> None:
    lines = game.read_bytes().replace(b"\n", b"\r\n").splitlines(keepends=True)
    lines[20] = lines[20].replace(b'"actor":"', b'"actor":"X', 1)
    game.write_bytes(b"".join(lines))
    repaired = lb.run("repair", game)
    assert repaired.exit_code == 4, repaired.output
    assert f"{game}:21: the line's hash does not match its content" in repaired.output
    assert f"— [JOURNAL-TAMPERED] the file was changed after it was written; run: lifeboat audit {game}" in \
        repaired.output  # the rule id and what to do, as for a torn or unclean file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "game.jsonl.deck.json"]


def rewrite_times(lb: SimpleNamespace, game: Path, times: dict[int, int]) -> None:
    lines = lb.lines(game)
    for line, at_ms in times.items():
        lines[line - 1]["at_ms"] = at_ms
    game.write_bytes(lb.rechain(lines))


def test_absurd_and_early_commit_times_are_audit_notes(game: Path, lb: SimpleNamespace) -> None:
    created = lb.lines(game)[0]["created_ms"]
    rewrite_times(lb, game, {6: 10**40, 9: 5, 10: created - 1, 11: 0, 12: 1, 13: 2})
    audit = lb.run("audit", game, "--json")
    assert audit.exit_code == 0, audit.output  # notes, not findings: a time proves nothing
    notes = json.loads(audit.stdout)["files"][0]["notes"]
    assert ("1 commit(s) timed after the year 9999, which no clock gives (line 6); the times were written by hand "
            "or by a broken clock") in notes
    assert (f"5 commit(s) timed before the header was written (line 9, 10, 11 and 2 more; the first: at_ms 5 < "
            f"created_ms {created}); the writer's clock went back, or these lines come from another game") in notes
    assert lb.run("replay", game).exit_code == 0


def test_true_times_give_no_note_and_a_forks_inherited_times_are_not_early(game: Path, lb: SimpleNamespace,
                                                                         tmp_path: Path) -> None:
    audit = json.loads(lb.run("audit", game, "--json").stdout)["files"][0]
    assert not [n for n in audit["notes"] if "timed" in n]
    fork = tmp_path / "fork.jsonl"
    assert lb.run("fork", game, "--at", "30", "-o", fork).exit_code == 0
    assert lb.lines(fork)[0]["created_ms"] > lb.lines(fork)[5]["at_ms"]  # inherited: older than the fork
    notes = json.loads(lb.run("audit", fork, "--json").stdout)["files"][0]["notes"]
    assert not [n for n in notes if "timed" in n], notes


@pytest.mark.parametrize("at_ms", [253_402_300_799_999, 253_402_300_800_000])
def test_the_last_real_time_is_the_end_of_the_year_9999(game: Path, lb: SimpleNamespace, at_ms: int) -> None:
    rewrite_times(lb, game, {4: at_ms})
    notes = json.loads(lb.run("audit", game, "--json").stdout)["files"][0]["notes"]
    assert any("after the year 9999" in n for n in notes) == (at_ms > 253_402_300_799_999)


def test_an_absurd_header_time_is_a_note(game: Path, lb: SimpleNamespace) -> None:
    rewrite_times(lb, game, {})
    lines = lb.lines(game)
    lines[0]["created_ms"] = 10**40
    game.write_bytes(lb.rechain(lines))
    notes = json.loads(lb.run("audit", game, "--json").stdout)["files"][0]["notes"]
    assert notes.count("line 1: the header's created_ms 10000000000000000000000000000000000000000 is not a real "
                       "time (after the year 9999); the writer's clock was wrong or the header was written by "
                       "hand") == 1
    assert not [n for n in notes if "before the header" in n]


@pytest.mark.parametrize("name, text", [("deep.json", '{"a":' + DEEP + "}"), ("deep.toml", f"a = {DEEP}\n")])
def test_a_position_file_nested_1000_deep_is_a_POS_1_refusal(lb: SimpleNamespace, tmp_path: Path, name: str,
                                                             text: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = lb.run("record", tmp_path / "r.jsonl", "--position", tmp_path / name)
    assert result.exit_code == 3, result.output  # as any other problem of a position file (docs/cli.md)
    assert f"{tmp_path / name}: [POS-1] not a valid position file: nested too deep" in result.output
    assert not (tmp_path / "r.jsonl").exists()
