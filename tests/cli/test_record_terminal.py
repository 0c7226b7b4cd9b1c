"""`lifeboat record` at a keyboard asks each player's character, deals the rest unseen (REC-1), and a wrong
answer (the Captain twice, an unknown name) is refused at once and asked again."""

from __future__ import annotations

from pathlib import Path

import pexpect

import journal
from service import initial_state, replay
from tests.helpers import EXE



def test_guided_setup_at_the_keyboard(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    child = pexpect.spawn(EXE, ["record", str(game), "--players", "Ann,Bob,Cy,Dee"], encoding="utf-8", timeout=20,
                          dimensions=(50, 200))
    child.expect("Ann's character: ")
    child.sendline("captain")
    child.expect("Bob's character: ")
    child.sendline("船长")  # the Captain again: refused at once, asked again
    child.expect("already taken")
    child.expect("Bob's character: ")
    child.sendline("banana")
    child.expect("'banana' is not a character; type one of: Lady Lauren, Sir Stephen, The Captain, First Mate, "
                 "Frenchy, The Kid")  # it said "unknown actor … or 'chance' or 'recorder'", asked nothing of those
    child.expect("Bob's character: ")
    child.sendline("captian")
    child.expect("did you mean 'captain'\\? type one of")
    child.expect("Bob's character: ")
    child.sendline("wong")  # SETUP-2, EXP-1: Mrs. Wong plays only with Liquid Courage, refused at once
    child.expect("Mrs. Wong is not in this game \\(its sets: base\\)")
    child.expect("Bob's character: ")
    for player, answer in (("Bob", "frenchy"), ("Cy", "kid"), ("Dee", "lauren")):
        if player != "Bob":
            child.expect(f"{player}'s character: ")
        child.sendline(answer)
    child.expect("> ")
    child.sendline("chance: draw ? ? ? ?")
    child.expect("> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    j = journal.JsonlJournal.open(game)
    state = initial_state(j.header, str(game))
    for step in replay(j, str(game)):
        state = step.after
    assert [state.character_of(p) for p in ("Ann", "Bob", "Cy", "Dee")] == ["captain", "frenchy", "kid", "lady_lauren"]
    assert state.char("kid").love == "?" and state.char("kid").hand[0].startswith("?p")
    assert type(state.step).__name__ == "ProvisionsPick"
