"""The outputs the tutorials show are what the tool prints (docs/recording.md, docs/teaching.md).

The typed lines of docs/recording.md are checked against the recorded games elsewhere (tests/cli/test_record.py,
tests/cli/test_record_midgame.py); here every line of its ```output blocks must be a line the real ``lifeboat``
prints for those games, and the ``replay --step`` excerpt of docs/teaching.md a part of what the real stepper
prints for the lesson built there (NOTE-1). A doc that falls behind the program fails here, naming the line.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.cli.test_record import GAME, PLAYERS
from tests.cli.test_record_midgame import END, MIDGAME, PLAY
from tests.helpers import run

ROOT = Path(__file__).resolve().parents[2]
RECORDING = (ROOT / "docs" / "recording.md").read_text(encoding="utf-8")
TEACHING = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
MIDDLE = "## Starting from the middle of a game"


def shown_lines(text: str, fence: str) -> list[str]:
    """The lines of the ```FENCE blocks of ``text``, without the elisions (``...``) and the bare prompt (``>``)."""
    blocks = re.findall(rf"^```{fence}\n(.*?)^```", text, flags=re.M | re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip() not in ("...", ">")]


def missing(lines: list[str], printed: str) -> list[str]:
    got = set(printed.splitlines())
    return [line for line in lines if line not in got]


def test_the_recording_tutorial_shows_what_record_prints_from_the_deal(tmp_path: Path) -> None:
    done = run("record", tmp_path / "first-game.jsonl", "--players", PLAYERS, stdin=GAME)
    assert done.returncode == 0, done.stdout + done.stderr
    # the first prompt line is printed at a keyboard only (record reads a file here)
    shown = [x for x in shown_lines(RECORDING.split(MIDDLE)[0], "output") if not x.startswith("[round 1] ")]
    assert len(shown) == 52
    assert missing(shown, done.stdout) == []


def test_the_recording_tutorial_shows_what_record_prints_from_a_position(tmp_path: Path) -> None:
    position = tmp_path / "round-4.toml"
    position.write_text(MIDGAME, encoding="utf-8")
    done = run("record", tmp_path / "round-4.jsonl", "--position", position, stdin="show\n" + PLAY + END)
    assert done.returncode == 0, done.stdout + done.stderr
    shown = shown_lines(RECORDING.split(MIDDLE)[1], "output")
    assert len(shown) == 7
    assert missing(shown, done.stdout) == []


def test_the_teaching_page_shows_what_replay_step_prints_for_its_lesson(tmp_path: Path) -> None:
    lesson = tmp_path / "lesson.jsonl"
    shutil.copy(ROOT / "docs" / "examples" / "episode-a.jsonl", lesson)
    commands = re.search(r"^  ```sh\n(.*?)^  ```", TEACHING, flags=re.M | re.S)
    assert commands is not None
    notes = [line.strip() for line in commands.group(1).splitlines() if "lifeboat annotate" in line]
    assert len(notes) == 3
    for line in notes:  # exactly as the page types them: `lifeboat annotate lesson.jsonl --at N [--for W] "TEXT"`
        head, text = line.split(' "', 1)
        words = [lesson if word == "lesson.jsonl" else word for word in head.split()[1:]]
        done = run(*words, text.rstrip('"'))
        assert done.returncode == 0, done.stderr
    done = run("replay", lesson, "--as", "Gus", "--step", stdin="\n\nq\n")
    assert done.returncode == 0, done.stderr
    excerpt = re.search(r"^```text\n(\[1/30\].*?)^```", TEACHING, flags=re.M | re.S)
    assert excerpt is not None
    expected = excerpt.group(1)
    assert expected in done.stdout, done.stdout
