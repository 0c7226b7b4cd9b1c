"""Issue 14: a hotseat game a table can follow, through a real pty (pexpect drives the installed executable).

Two human seats and two bots. After each handoff the screen shows what happened since that seat last decided
(the bots' decisions, a navigation card with what it does), then the table, then the decision; a seat that passes
"until something changes for me" in a thirst window is asked once in it (REF-18)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
from tests.helpers import EXE

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
HOLD = "Pass until something changes for me"


def screen_text(raw: str) -> str:
    return ANSI.sub("", raw).replace("\r", "")


def test_two_humans_two_bots_follow_the_story(tmp_path: Path) -> None:
    game = tmp_path / "hot.jsonl"
    child = pexpect.spawn(EXE, ["play", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "3", "--bots",
                                "Cy=random,Dee=random"], encoding="utf-8", timeout=30, dimensions=(40, 100))
    characters = {}
    screens: list[tuple[str, str]] = []  # (player, what the seat saw after its handoff)
    thirst_prompts: dict[tuple[str, str], int] = {}
    player = ""
    for _ in range(120):
        i = child.expect([r"Pass the keyboard to (\w+) \(([^)]+)\) and press Enter", r"Your choice \(1-\d+",
                          pexpect.EOF])
        if i == 2:
            break
        if i == 0:
            player, characters[child.match.group(1)] = child.match.group(1), child.match.group(2)
            child.sendline("")
            continue
        screen = screen_text(child.before)
        screens.append((player, screen))
        items = dict((int(n), text.strip()) for n, text in re.findall(r"^\s+(\d+)\. (.+?)(?=\s{2,}\d+\.|$)", screen,
                                                                        flags=re.M))
        now = re.search(r"^Now: (.*)$", screen, flags=re.M)
        if now and now.group(1).startswith("Thirst"):
            key = (player, re.search(r"^Round (\d+)", screen, flags=re.M).group(1))
            thirst_prompts[key] = thirst_prompts.get(key, 0) + 1
        hold = [n for n, text in items.items() if text == HOLD]
        child.sendline(str(hold[0] if hold else 1))
        if sum(1 for k in thirst_prompts) >= 2 and any("Navigation" in s for _, s in screens[-3:]):
            break
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert set(characters) == {"Ann", "Bob"}  # only the human seats get the keyboard
    assert screens and all("Since your last decision" in s for _, s in screens[:1])
    first = screens[0][1]
    assert first.index("Since your last decision") < first.index("Round 1 ·") < first.index("Your hand")
    stories = "\n".join(s.split("Round ")[0] for _, s in screens)
    bots = [json.loads(line) for line in game.read_text().splitlines()[1:]]
    bot_players = {"Cy", "Dee"}
    assert any(b["actor"] in bot_players for b in bots)
    assert re.search(r"(First Mate|The Kid|Lady Lauren|Sir Stephen) (kept a card|did nothing|rowed|passed|mugged|"
                     r"asked|offered|drank|gave)", stories)  # the bots' decisions are in the seats' stories
    assert re.search(r"Navigation \d+ \((?:[^)]*(overboard|thirsty|seagull|no effect))", stories)
    assert thirst_prompts and max(thirst_prompts.values()) == 1  # a passing seat is asked once per window
    # a seat's story starts with its own last decision, so what that decision caused is in it too (the fight it
    # lost, the round that ended): after the first, every story of a seat that decided before opens with "You …"
    later = [s.split("Since your last decision:")[1].split("Round ")[0] for _, s in screens[2:]
             if "Since your last decision:" in s]
    assert later and sum(1 for story in later if re.search(r"^\s+(… \d+ earlier.*\n\s+)?You ", story, flags=re.M))\
        >= len(later) // 2
