"""Issue 29, what a new user still met in English under ``--lang zh``: a missing journal, the line ``replay --html``
prints (with the seat's character in Chinese), and a character named in the terminal's own lines (``who``)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run

SIX = Path(__file__).resolve().parents[2] / "docs" / "examples" / "six-players.jsonl"


def test_a_missing_journal_is_said_in_the_readers_language(tmp_path: Path) -> None:
    missing = tmp_path / "nosuch.jsonl"
    en, zh = run("replay", missing), run("replay", missing, "--lang", "zh")
    assert (en.returncode, zh.returncode) == (4, 4)
    assert en.stderr == f"lifeboat: {missing}: no such file\n"
    assert zh.stderr == f"lifeboat: {missing}：没有这个文件\n"


def test_replay_html_says_what_it_wrote_in_chinese(tmp_path: Path) -> None:
    out = tmp_path / "lesson.html"
    done = run("replay", SIX, "--html", out, "--as", "Ann", "--lang", "zh")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"已写入 {out}：215 步（序号 1 至 242），以斯蒂芬先生（Ann）的视角。")
    english = run("replay", SIX, "--html", out, "--as", "Ann")
    assert english.stdout.startswith(f"Wrote {out}: 215 steps (commits 1 to 242) as Sir Stephen (Ann). ")


def test_links_of_a_missing_journal_is_said_as_every_command_says_it(tmp_path: Path) -> None:
    missing = tmp_path / "nosuch.jsonl"
    done = run("links", missing, "--lang", "zh")
    assert done.returncode == 4 and done.stderr == f"lifeboat: {missing}：没有这个文件\n"


def test_a_file_that_is_no_journal_is_said_in_the_readers_language(tmp_path: Path) -> None:
    """A new user's finding: a directory, a named pipe, an empty file and a README given for a journal were said in
    the journal package's English inside Chinese lines. Its fixed phrases are catalog messages now
    (lifeboat/service/journal_words.py); English is word for word as before."""
    import os
    import re

    pipe, empty, readme = tmp_path / "p.jsonl", tmp_path / "e.jsonl", tmp_path / "r.jsonl"
    os.mkfifo(pipe)
    empty.write_bytes(b"")
    readme.write_text("junk\n")
    cases = [
        (tmp_path, "is a directory, expected a journal file (pass the files, e.g. DIR/*.jsonl)",
         "是一个目录，应为日志文件（请给出文件，例如 DIR/*.jsonl）"),
        (pipe, "not a journal file (expected a regular file holding a lifeboat-journal; found a named pipe (FIFO))",
         "不是日志文件（应为一个存有 lifeboat-journal 的普通文件；实际为一个命名管道（FIFO））"),
        (empty, "the file is empty, expected a lifeboat-journal", "文件是空的，应为 lifeboat-journal"),
    ]
    for path, en, zh in cases:
        assert run("replay", path).stderr == f"lifeboat: {path}: {en}\n"
        said = run("replay", path, "--lang", "zh")
        assert (said.returncode, said.stderr) == (4, f"lifeboat: {path}：{zh}\n")
    said = run("audit", readme, "--lang", "zh")
    assert said.stdout == (f"{readme}：无法审计：{readme}:1：不是 lifeboat 日志：第1行不是 JSON（应为一个 JSON 对象："
                           "lifeboat-journal 的文件头；实际为junk）\n"), said.stdout
    words = re.findall(r"[A-Za-z]+", said.stdout.replace(str(readme), ""))
    assert set(words) == {"lifeboat", "journal", "JSON", "junk"}  # the format's name, and the file's own bytes


def test_a_torn_or_empty_journal_is_said_in_the_readers_language(tmp_path: Path) -> None:
    """A new user's finding: a torn last line and an empty file read by score were said in the journal's English
    inside Chinese lines (the torn line's message holds its size: a pattern of the catalogs)."""
    torn, empty = tmp_path / "torn.jsonl", tmp_path / "empty.jsonl"
    torn.write_bytes(SIX.read_bytes()[:2000])
    empty.write_bytes(b"")
    said = run("replay", torn, "--lang", "zh").stderr
    assert said.startswith(f"lifeboat: {torn}:2：最后一行（") and "字节）是残缺的：它没有换行；运行 repair 把它切掉" in said
    assert "（应为以换行结尾的完整一行；实际为{" in said and said.endswith(f" — 运行：lifeboat repair {torn}\n")
    audit = run("audit", torn, "--lang", "zh").stdout
    assert "应当写的是：  以换行结尾的完整一行" in audit and "the last line" not in audit
    assert run("score", empty, "--lang", "zh").stderr == (
        f"lifeboat: {empty}:1：文件是空的（应为第1行：lifeboat-journal 的文件头；实际为一个空文件）\n")
    assert run("score", empty).stderr == (
        f"lifeboat: {empty}:1: the file is empty (expected line 1: the lifeboat-journal header; found an empty file)\n")


def test_an_html_target_that_is_no_page_is_said_in_the_readers_language(tmp_path: Path) -> None:
    said = run("replay", SIX, "--html", tmp_path, "--lang", "zh")
    assert (said.returncode, said.stderr) == (2, f"lifeboat: --html {tmp_path}：应为以 .html 结尾的文件名（没有写入任何内容）\n")


def test_an_audit_names_its_checks_and_the_characters_in_the_readers_language(tmp_path: Path) -> None:
    """A new user's finding: `audit --lang zh` said 'structure', 'legality' and 'lady_lauren或sir_stephen…的行动'
    (ids) and padded 第    5行 inside the label."""
    import json

    lines = SIX.read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if '"type":"row"' in line)
    del lines[row]  # a removed Row: the draw after it waited for the rower's move
    game = tmp_path / "g.jsonl"
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = run("audit", game, "--lang", "zh").stdout
    assert f"  第{row + 1}行" in out and "  结构 [JOURNAL-TAMPERED]" in out and "第 " not in out
    assert "structure" not in out and "legality" not in out
    expected = [line for line in out.splitlines() if "应当写的是" in line and "的行动" in line]
    rower = json.loads(SIX.read_text(encoding="utf-8").splitlines()[row])["command"]["by"]
    assert expected and rower not in expected[0] and "_" not in expected[0], expected  # names, not ids
