"""``lifeboat audit`` of many files in an 80-column terminal (the installed executable, rich reading ``COLUMNS``):
the summary table folded file names mid-word ('tournament/round-' / 'one-of-the-spring'), so a name could not be
read or copied whole. Where the table's file names would not fit whole, each name is on a line of its own, what
the table says of it on the next (:class:`cli.render.Fitted`, as ``show`` fits its seats table); wide enough, the
table is drawn as it always was (tests/golden/audit-all.txt)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.helpers import EXE

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def audit(columns: int, *games: Path, cwd: Path) -> list[str]:
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "40", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run([EXE, "audit", *map(str, games)], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=120)
    assert done.returncode == 4, done.stdout + done.stderr  # the unreadable file
    return done.stdout.splitlines()


def test_audit_at_80_columns_keeps_every_file_name_whole(tmp_path: Path) -> None:
    folder = tmp_path / "tournament" / "round-one-of-the-spring-league"
    folder.mkdir(parents=True)
    long = folder / "table-three-evening-session-game.jsonl"
    shutil.copyfile(EXAMPLES / "four-players.jsonl", long)
    shutil.copyfile(EXAMPLES / "episode-a.jsonl", tmp_path / "tournament" / "short.jsonl")
    (tmp_path / "broken.jsonl").write_text("x\n", encoding="utf-8")
    names = ["tournament/round-one-of-the-spring-league/table-three-evening-session-game.jsonl",
             "tournament/short.jsonl", "broken.jsonl"]
    lines = audit(80, *map(Path, names), cwd=tmp_path)
    summary = lines[lines.index("Audit summary"):]
    assert summary == [
        "Audit summary",
        names[0],
        "  game ef40af2e54c0ce68 · 183 commits · over: yes · findings: 0 · winner(s): Cy",
        names[1],
        "  game 998d1b78b3bcd798 · 30 commits · over: no · findings: 0",
        names[2],
        "  unreadable",
        "3 file(s): 2 clean, 1 with findings or unreadable.",
    ]
    assert not any("┃" in x or "│" in x for x in lines)
    wide = audit(200, *map(Path, names), cwd=tmp_path)  # room for the names: the table as it always was
    assert wide[wide.index("Audit summary") + 2].startswith(f"┃ file{' ' * (len(names[0]) - 4)} ┃ game ")
    assert f"│ {names[0]} │ ef40af2e54c0ce68 │ 183     │ yes  │ 0          │ Cy        │" in wide
