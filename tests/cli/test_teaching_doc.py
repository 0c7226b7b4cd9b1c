"""docs/teaching.md stays true: its annotate commands run as written on a copy of Episode A, and its --step
transcript is what the command prints (NOTE-1); the same for its Chinese lesson (section 7, issue 29); its analysis
(ANALYSIS-4, ANALYSIS-6) and quiz commands print what it shows (section 1 and 5, issue 31)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DOC, ZH = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8").split("\n## 7. ", 1)  # English, Chinese


def test_the_lesson_of_the_teaching_page(tmp_path: Path) -> None:
    lesson = tmp_path / "lesson.jsonl"
    shutil.copyfile(ROOT / "docs" / "examples" / "episode-a.jsonl", lesson)
    commands = re.findall(r"^\s*lifeboat (annotate lesson\.jsonl .*)$", DOC, re.M)
    assert len(commands) == 3
    for line in commands:
        args = shlex.split(line)
        done = CliRunner().invoke(app, [str(lesson) if a == "lesson.jsonl" else a for a in args])
        assert done.exit_code == 0, done.output
    transcript = re.search(r"```text\n(\[1/.*?)```", DOC, re.S)
    assert transcript is not None
    step = CliRunner().invoke(app, ["replay", str(lesson), "--as", "Gus", "--step"], input="\n\nq\n")
    assert step.exit_code == 0, step.output
    printed = step.output.split("\n", 1)[1]  # after the keys line
    assert printed.startswith(transcript.group(1))
    ref = CliRunner().invoke(app, ["replay", str(lesson), "--as", "referee"]).output
    assert "The Kid dies here" in ref and "The Kid dies here" not in step.output


def test_the_chinese_lesson_of_the_teaching_page(tmp_path: Path) -> None:
    lesson = tmp_path / "lesson.jsonl"
    shutil.copyfile(ROOT / "docs" / "examples" / "episode-a.jsonl", lesson)
    commands = re.findall(r"^lifeboat (annotate lesson\.jsonl .*)$", ZH, re.M)
    assert len(commands) == 2
    for line in commands:
        done = CliRunner().invoke(app, [str(lesson) if a == "lesson.jsonl" else a for a in shlex.split(line)])
        assert done.exit_code == 0, done.output
    transcript = re.search(r"```text\n(> \[3/.*?)```", ZH, re.S)
    assert transcript is not None
    step = CliRunner().invoke(app, ["replay", str(lesson), "--as", "Gus", "--step", "--lang", "zh"], input="3\nq\n")
    assert step.exit_code == 0, step.output
    assert transcript.group(1) in step.output
    assert "先用死鱼" in CliRunner().invoke(app, ["replay", str(lesson), "--as", "Gus"]).output  # notes as typed


def test_the_analysis_and_the_quiz_of_the_teaching_page(tmp_path: Path) -> None:
    lesson = tmp_path / "lesson6.jsonl"
    shutil.copyfile(ROOT / "docs" / "examples" / "six-players.jsonl", lesson)
    blocks = re.findall(r"```sh\n((?:(?!```).)*)```\n+```text\n((?:(?!```).)*)```", DOC, re.S)
    ran = 0
    for commands, transcript in blocks:
        line = next((x for x in commands.splitlines() if "lesson6.jsonl" in x and not x.startswith("cp ")), None)
        if line is None:
            continue
        args = [str(lesson) if a == "lesson6.jsonl" else str(tmp_path / a) if a.endswith(".html") else a
                for a in shlex.split(line.split("#")[0])[1:]]
        done = CliRunner().invoke(app, args)
        assert done.exit_code == 0, done.output
        assert transcript in done.stdout or transcript.strip() in done.stdout, (line, done.stdout[-800:])
        ran += 1
    assert ran == 3  # analyse, replay --seq, the quiz
