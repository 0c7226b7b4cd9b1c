"""docs/teaching.md stays true: its annotate commands run as written on a copy of Episode A, and its --step
transcript is what the command prints (NOTE-1)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")


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
