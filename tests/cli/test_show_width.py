"""``lifeboat show`` in an 80-column terminal (the installed executable, rich reading ``COLUMNS``): six seats did
not fit whole words, and rich cut the status column to 'unconsci…'. Now the seat column is headed ``#`` at such a
width and a status is never wrapped or cut; at 100 columns (tests/golden) the table is as it always was."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.helpers import EXE

SIX = Path(__file__).resolve().parents[2] / "docs" / "examples" / "six-players.jsonl"


def show(columns: int) -> list[str]:
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "40", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run([EXE, "show", str(SIX), "--as", "Ann", "--at", "200"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_show_at_80_columns_keeps_every_status_whole() -> None:
    lines = show(80)
    rows = lines[1:lines.index(next(x for x in lines if x.startswith("└"))) + 1]  # the table, borders included
    assert all(len(x) == 80 for x in rows), [len(x) for x in rows]
    assert rows[1] == "┃ # ┃ character  ┃ player ┃ wounds ┃ status      ┃ face up    ┃ hand ┃ markers ┃"
    assert "│ 4 │ The        │ Cy     │ 7/7    │ unconscious │            │ 3    │         │" in rows
    assert sum("│ lost at sea │" in x for x in rows) == 2 and not any("…" in x for x in rows)


def test_show_at_100_columns_is_unchanged() -> None:
    lines = show(100)
    assert lines[2] == ("┃ seat ┃ character   ┃ player ┃ wounds ┃ status      ┃ face up        ┃ hand ┃ markers "
                        "┃")
    assert "│ 4    │ The Captain │ Cy     │ 7/7    │ unconscious │                │ 3    │         │" in lines


def test_show_at_80_columns_folds_a_long_word_instead_of_cutting_it() -> None:
    """A face-up 'Life Preserver' in a narrow column was cut to 'Life Preserve…' (a header to 'charact…'); a word
    wider than its column now folds onto the next line, so nothing in the table is hidden."""
    env = {**os.environ, "COLUMNS": "80", "LINES": "40", "NO_COLOR": "1", "TERM": "dumb"}
    lc = SIX.parent / "liquid-courage.jsonl"
    done = subprocess.run([EXE, "show", str(lc), "--at", "140"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0 and "…" not in done.stdout
    assert "│ 3 │ The       │ Bob    │ 2/7    │ conscious   │ Life      │ 4    │ fought    │" in done.stdout
    assert "│   │ Captain   │        │        │             │ Preserver │      │ drank     │" in done.stdout
