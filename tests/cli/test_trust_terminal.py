"""Issue 13, item 7: Ctrl-C in ``lifeboat play`` leaves no seat's secrets on a shared screen, and the resume hint
keeps ``--bots`` (following it does not turn bot seats into human seats). Driven through a real pty (pexpect); the
screen left behind is rendered by a terminal emulator (pyte)."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
from pathlib import Path

import pexpect
import pyte
from tests.helpers import EXE, run

ENV = {**os.environ, "TERM": "xterm", "COLUMNS": "160", "LINES": "50"}
ROWS, COLS = 50, 160


def spawn(args: list[str], raw: io.StringIO) -> pexpect.spawn:
    child = pexpect.spawn(EXE, args, encoding="utf-8", timeout=30, dimensions=(ROWS, COLS), env=ENV)
    child.logfile_read = raw
    return child


def ann_at_the_hotseat(game: Path, raw: io.StringIO) -> pexpect.spawn:
    """``lifeboat play`` of a new seeded game, Ann human and the other seats bots, past 'Pass the keyboard to Ann'."""
    child = spawn(["play", str(game), "--players", "Ann,Bob,Cy,Dee", "--bots", "Bob,Cy,Dee", "--seed", "5"], raw)
    child.expect(r"Pass the keyboard to Ann")
    child.sendline("")
    return child


def screen_after(raw: str) -> str:
    screen = pyte.Screen(COLS, ROWS)
    pyte.Stream(screen).feed(raw)
    return "\n".join(screen.display)


def test_ctrl_c_clears_the_hand_and_the_hint_keeps_the_bots(tmp_path: Path) -> None:
    game = tmp_path / "hot.jsonl"
    raw = io.StringIO()
    child = ann_at_the_hotseat(game, raw)
    child.expect(r"Your hand: ")
    child.expect(r"Your choice \(1-")
    assert "LOVE: " in raw.getvalue()  # Ann's secrets were on the screen
    assert "Seeded game (--seed 5): anyone who knows or guesses the seed can predict every card." in raw.getvalue()
    child.sendintr()  # Ctrl-C
    child.expect(r"Saved\. Resume with: (.+?)\r?\n")
    hint = child.match.group(1).strip()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    out = raw.getvalue()
    # the visible screen shows no hand, LOVE or HATE; the scrollback was cleared (ESC [3J) after the last hand
    shown = screen_after(out)
    assert "Your hand" not in shown and "LOVE" not in shown and "HATE" not in shown
    assert "Saved. Resume with:" in shown
    assert out.rfind("\x1b[3J") > out.rfind("Your hand")
    assert hint == f"lifeboat play {shlex.quote(str(game))} --bots Bob,Cy,Dee"

    # following the hint: Bob, Cy and Dee are still bots (only Ann is asked), and they play on their own
    before = len(game.read_text().splitlines())
    raw2 = io.StringIO()
    child = spawn(shlex.split(hint)[1:], raw2)
    child.expect(r"Pass the keyboard to (\w+)")
    assert child.match.group(1) == "Ann"
    child.sendline("")
    child.expect(r"Your choice \(1-")
    child.sendline("1")
    child.expect(r"(Pass the keyboard to \w+|Your choice \(1-)")
    assert "Pass the keyboard" not in child.match.group(1)  # no other human seat
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    actors = [json.loads(line)["actor"] for line in game.read_text().splitlines()[before:]]
    assert actors[0] == "Ann" and {"Bob", "Cy", "Dee"} & set(actors[1:])


def test_ctrl_c_saves_even_when_the_launcher_ignored_sigint(tmp_path: Path) -> None:
    """A process started by a script's ``… &`` (or a test runner started that way) inherits an ignored SIGINT;
    Ctrl-C at the terminal still saves and stops ``play`` and ``record``, and ends ``replay --step`` (it once
    echoed "^C" and waited)."""

    def ignore_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    game = tmp_path / "hot.jsonl"
    child = pexpect.spawn(EXE, ["play", str(game), "--players", "Ann,Bob,Cy,Dee", "--bots", "Bob,Cy,Dee"],
                          encoding="utf-8", timeout=30, dimensions=(ROWS, COLS), env=ENV, preexec_fn=ignore_sigint)
    child.expect(r"Pass the keyboard to Ann")
    child.sendintr()
    child.expect(r"Saved\. Resume with: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    rec = tmp_path / "rec.jsonl"
    child = pexpect.spawn(EXE, ["record", str(rec), "--players", "Ann,Bob,Cy,Dee"], encoding="utf-8", timeout=30,
                          dimensions=(ROWS, COLS), env=ENV, preexec_fn=ignore_sigint)
    for player, answer in (("Ann", "captain"), ("Bob", "frenchy"), ("Cy", "kid"), ("Dee", "lauren")):
        child.expect(f"{player}'s character: ")
        child.sendline(answer)
    child.expect("> ")
    child.sendintr()
    child.expect(r"Saved to .*Resume with: lifeboat record ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = pexpect.spawn(EXE, ["replay", str(rec), "--step"], encoding="utf-8", timeout=30,
                          dimensions=(ROWS, COLS), env=ENV, preexec_fn=ignore_sigint)
    child.expect("> ")
    child.sendintr()
    child.expect(pexpect.EOF)
    assert child.before.endswith("\r\n")  # the line is ended: the shell's prompt does not follow '> ^C'
    child.close()
    assert child.exitstatus == 130  # stopped by Ctrl-C, as a shell says it


def test_a_refusal_stays_on_the_redrawn_screen_naming_the_card(tmp_path: Path) -> None:
    """A typed line the rules refuse was said, then the screen was cleared (ESC [2J ESC [3J) and drawn again without
    it; the reason now comes after the redraw, under the menu, with the card by its name (CARD-3) and the id after
    it, the rule id kept."""
    game = tmp_path / "hot.jsonl"
    raw = io.StringIO()
    child = ann_at_the_hotseat(game, raw)
    child.expect(r"Now: Keep one of: (.+?)\.\r\n")
    offered = child.match.group(1)
    child.expect(r"Your choice \(1-")
    face, card = next((f, c) for f, c in (("Jewels", "jewels"), ("Knife", "knife"), ("Parasol", "parasol"))
                      if f not in offered)
    before = game.read_bytes()
    child.sendline(f"keep {card}")
    said = f"Refused [PROV-2] {face} ({card}-1) is not among the cards offered to you (nothing was decided)"
    child.expect(re.escape(said))
    child.expect(r"Your choice \(1-")
    out = raw.getvalue()
    assert out.rfind(said) > out.rfind("\x1b[3J") > out.find(f"keep {card}")  # said after the last clear
    shown = screen_after(out)
    assert said in shown and "Your hand: " in shown
    assert game.read_bytes() == before
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()


def test_another_program_writing_the_game_leaves_no_hand_on_the_screen(tmp_path: Path) -> None:
    """Ann sits at her menu while another program appends to the game (here a note); her choice then stops play with
    exit 4 ("another program wrote…"), which is safe, but her hand and menu stayed on the screen and in the
    scrollback. They are cleared first, as Ctrl-C and Ctrl-D clear them."""
    game = tmp_path / "c.jsonl"
    raw = io.StringIO()
    child = ann_at_the_hotseat(game, raw)
    child.expect(r"Your choice \(1-")
    assert run("annotate", game, "meanwhile", "--at", "1").returncode == 0
    child.sendline("1")
    child.expect(r"another program wrote to this game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 4
    out = raw.getvalue()
    assert out.rfind("\x1b[3J") > out.rfind("Your hand")  # the scrollback was cleared after the last hand
    shown = screen_after(out)
    assert "Your hand" not in shown and "LOVE" not in shown and "HATE" not in shown
    assert "lifeboat: " in shown and "another program wrote to this game" in shown
