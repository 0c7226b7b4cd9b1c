"""A short hotseat turn through the real terminal prompt (pexpect drives the installed executable in a pty)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pexpect
from tests.helpers import EXE


def test_hotseat_turn_through_the_terminal(tmp_path: Path) -> None:
    game = tmp_path / "hot.jsonl"
    child = pexpect.spawn(EXE, ["play", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "5"],
                          encoding="utf-8", timeout=20, dimensions=(50, 160))
    child.expect(r"Pass the keyboard to (\w+) \(([^)]+)\) and press Enter")
    first_player = child.match.group(1)
    lines_at_handoff = len(game.read_text().splitlines())
    child.sendline("keep water")  # typed too early: said, nothing decided, the handoff asked again
    child.expect(r"Nothing was decided: press Enter alone, then type the decision at the next prompt")
    child.expect(r"Pass the keyboard to (\w+)")
    assert child.match.group(1) == first_player
    assert len(game.read_text().splitlines()) == lines_at_handoff
    child.sendline("")
    child.expect(r"Your hand: ")
    child.expect(r"Your choice \(1-(\d+), a line of notation, or help\)")
    options = int(child.match.group(1))
    assert options >= 1
    child.sendline("nonsense")
    child.expect(r"\[NOTATION-1\]")  # not a number: read as notation, refused, asked again
    child.sendline("?")
    child.expect(r"a number from the list +that decision")  # help (issue 14)
    child.sendline("0")
    child.expect(r"Type a number from 1 to")
    lines_before = len(game.read_text().splitlines())
    child.sendline("1")
    child.expect(r"(Pass the keyboard to|Your choice)")
    child.sendeof()
    child.expect(r"Saved\. Resume with: lifeboat play")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    lines = game.read_text().splitlines()
    assert len(lines) == lines_before + 1
    decision = json.loads(lines[-1])
    assert decision["actor"] == first_player
    assert decision["command"]["type"] == "keep_provision"



def _menu(columns: int, tmp_path: Path) -> list[str]:
    """The numbered lines of 安's first menu with more than six entries, in Chinese, in a pty of ``columns``
    columns, the three others bots."""
    import re

    child = pexpect.spawn(EXE, ["play", str(tmp_path / f"m{columns}.jsonl"), "--players", "安,鲍,赛,迪",
                                "--bots", "鲍,赛,迪", "--seed", "5", "--lang", "zh"],
                          encoding="utf-8", timeout=30, dimensions=(50, columns),
                          env={**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
                               "TERM": "xterm", "NO_COLOR": "1"})  # the pty's size (xdist's workers set COLUMNS=80
    # and rich takes a dumb terminal as 80 wide)
    try:
        for _ in range(60):
            if child.expect([r"按回车", r"你的选择（1-\d+"]) == 0:
                child.sendline("")
                continue
            numbered = [line for line in child.before.splitlines() if re.match(r"^ +\d+\. ", line)]
            if len(re.findall(r"(?:^|\s)\d+\. ", " ".join(numbered))) > 6:
                return numbered
            child.sendline("1")
        return []
    finally:
        child.sendeof()
        child.close()


def test_the_menu_takes_two_columns_only_where_they_fit(tmp_path: Path) -> None:
    """A new user's finding: `play`'s two-column menu assumed a 100-column screen, so at 50 columns the terminal
    wrapped each half-line and the columns interleaved. Two columns now only where both fit the terminal."""
    import re

    from rich.cells import cell_len

    def entries(line: str) -> int:
        return len(re.findall(r"(?:^|\s)\d+\. ", line))

    wide, middle, narrow = (_menu(columns, tmp_path) for columns in (160, 72, 50))
    assert len(wide) == len(middle) == 5 and len(narrow) == 9, (wide, middle, narrow)
    assert all(entries(line) == 2 for line in wide[:4] + middle[:4])  # side by side where they fit
    assert max(cell_len(line.rstrip()) for line in middle) <= 72 < max(cell_len(line.rstrip()) for line in wide)
    assert all(entries(line) == 1 for line in narrow)  # one column: no half-line wrapped into the other
