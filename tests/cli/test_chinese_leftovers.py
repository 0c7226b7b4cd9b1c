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
    assert done.stdout.startswith(f"已写入 {out}：215 步（第 1 至 242 条记录），以斯蒂芬先生（Ann）的视角。")
    english = run("replay", SIX, "--html", out, "--as", "Ann")
    assert english.stdout.startswith(f"Wrote {out}: 215 steps (commits 1 to 242) as Sir Stephen (Ann). ")


def test_links_of_a_missing_journal_is_said_as_every_command_says_it(tmp_path: Path) -> None:
    missing = tmp_path / "nosuch.jsonl"
    done = run("links", missing, "--lang", "zh")
    assert done.returncode == 4 and done.stderr == f"lifeboat: {missing}：没有这个文件\n"
