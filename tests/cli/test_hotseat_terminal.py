"""A short hotseat turn through the real terminal prompt (pexpect drives the installed executable in a pty)."""

from __future__ import annotations

import json
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
