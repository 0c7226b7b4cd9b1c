"""`lifeboat record` at a keyboard asks each player's character, deals the rest unseen (REC-1), and a wrong
answer (the Captain twice, an unknown name) is refused at once and asked again."""

from __future__ import annotations

from pathlib import Path

import pexpect

import journal
from lifeboat.service import final_state
from tests.helpers import EXE


def record(game: Path, *args: str) -> pexpect.spawn:
    """``lifeboat record GAME ARGS`` at a 50x200 terminal (its guided setup asks each player's character)."""
    return pexpect.spawn(EXE, ["record", str(game), *args], encoding="utf-8", timeout=20, dimensions=(50, 200))


def test_guided_setup_at_the_keyboard(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    child = record(game, "--players", "Ann,Bob,Cy,Dee")
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
    child.sendline("captain: keep watr")  # the notation's guess was 'water', no character: not offered
    child.expect("'captain: keep watr' is not a character; type one of: Lady Lauren")
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
    state = final_state(game)
    assert [state.character_of(p) for p in ("Ann", "Bob", "Cy", "Dee")] == ["captain", "frenchy", "kid", "lady_lauren"]
    assert state.char("kid").love == "?" and state.char("kid").hand[0].startswith("?p")
    assert type(state.step).__name__ == "ProvisionsPick"


def test_ctrl_c_during_the_guided_setup_saves_and_says_how_to_resume(tmp_path: Path) -> None:
    """Ctrl-C at "Bob's character:" ended with exit 130 and '^C' alone; it then said "Saved", though the characters
    typed are not kept (the deal is written once every player is named): it now says so, and how to start again
    (exit 0); record asks the setup again; Ctrl-D there stops the same way."""
    game = tmp_path / "g.jsonl"
    child = record(game, "--players", "Ann,Bob,Cy,Dee")
    child.expect("Ann's character: ")
    child.sendline("captain")
    child.expect("Bob's character: ")
    child.sendintr()
    child.expect(f"Stopped before the deal: the characters typed so far were not kept. Start again with: "
                 f"lifeboat record {game}\r\n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    child = record(game)
    child.expect("Ann's character: ")  # nothing was dealt: the setup is asked again
    child.sendline("chance: deal ann = captain love ? hate ? ?")  # a deal line typed whole is read as one
    child.expect("deal one part per player")
    child.expect("Ann's character: ")
    child.sendline("deal ann = captain love ? hate ? ?; bob = kid love ? hate ? ?; cy = frenchy love ? hate ? ?; "
                   "dee = lauren love kid hate ? ?; removed 10 ?")
    child.expect("> ")
    child.sendeof()
    child.expect(f"Saved to {game}. Resume with: lifeboat record {game}\r\n")
    child.expect(pexpect.EOF)
    state = final_state(game)
    assert [state.character_of(p) for p in ("Ann", "Bob", "Cy", "Dee")] == ["captain", "kid", "frenchy", "lady_lauren"]
    assert state.char("lady_lauren").love == "kid" and state.char("kid").love == "?"
    game.unlink()
    child = record(game, "--players", "Ann,Bob,Cy,Dee")
    child.expect("Ann's character: ")
    child.sendeof()  # end of input stops here too (it went on to the prompt after the setup, and waited)
    child.expect(f"Stopped before the deal: the characters typed so far were not kept. Start again with: "
                 f"lifeboat record {game}\r\n")
    child.expect(pexpect.EOF)


def test_a_refused_player_list_is_asked_again(tmp_path: Path) -> None:
    """Without --players at a keyboard, a list the rules refuse (SETUP-1: three players, a name twice) is said and
    asked again, as a character is (it exited 3); nothing is written until a list is taken, and Ctrl-D there stops
    with nothing written (exit 2)."""
    game = tmp_path / "g.jsonl"
    child = record(game)
    child.expect("Players, comma-separated, in any order: ")
    child.sendline("Ann,Bob,Cy")
    child.expect(r"\[SETUP-1\] the base game takes 4 to 6 players, got 3; type the names again")
    child.expect("Players, comma-separated, in any order: ")
    assert not game.exists()
    child.sendline("Ann,Bob,Cy,ann")
    child.expect(r"\[SETUP-1\] player names 'Ann' and 'ann' are the same")
    child.expect("Players, comma-separated, in any order: ")
    child.sendline("Ann,Bob,Cy,Dee")
    child.expect("Ann's character: ")
    j = journal.JsonlJournal.open(game)
    assert j.header.players == ("Ann", "Bob", "Cy", "Dee")
    j.close()
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    other = tmp_path / "other.jsonl"
    child = record(other)
    child.expect("Players, comma-separated, in any order: ")
    child.sendeof()
    child.expect("name the players with --players")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and not other.exists()
