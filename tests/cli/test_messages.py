"""Issue 14: messages that point at the real cause, each through the installed ``lifeboat`` executable (record,
new, replay, show), from real journal and position files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import journal
from lifeboat.cards import treasure_points
from lifeboat.service import final_state
from tests.helpers import record_from, refusals, run

PLAYERS = "Ann,Bob,Cy,Dee"
SETUP = ("chance: deal ann = captain love ? hate ? ?; bob = kid love ? hate ? ?; cy = lauren love ? hate ? ?; "
         "dee = frenchy love ? hate ? ?; removed 10 ?\nchance: draw ? ? ? ?\n")

ACTION = """\
phase = "action"
round = 1
actor = "kid"
[[characters]]
character = "lady_lauren"
player = "Ann"
hand = ["?", "?"]
[[characters]]
character = "sir_stephen"
player = "Bob"
hand = ["water"]
face_up = ["cash"]
[[characters]]
character = "captain"
player = "Cy"
hand = ["?", "?"]
[[characters]]
character = "kid"
player = "Dee"
hand = ["?"]
"""

NAVIGATION = """\
phase = "navigation"
round = 1
row_stack = 1
[[characters]]
character = "lady_lauren"
player = "Ann"
hand = ["life_preserver", "?"]
[[characters]]
character = "captain"
player = "Cy"
hand = ["?"]
wounds = 7
[[characters]]
character = "sir_stephen"
player = "Bob"
hand = ["?"]
[[characters]]
character = "kid"
player = "Dee"
hand = ["?"]
face_up = ["compass"]
"""


def test_a_pick_out_of_turn_is_a_turn_error(tmp_path: Path) -> None:
    result = run("record", tmp_path / "g.jsonl", "--players", PLAYERS, stdin=SETUP + "captain: keep ?\n")
    assert refusals(result.stdout) == ["line 3: refused [PROV-2] it is Lady Lauren's turn to keep a provision "
                                "(nothing was recorded)"]
    assert result.returncode == 3


@pytest.mark.parametrize("line", ["kid: discard ?", "lauren: discard water"])
def test_discard_cites_proc_3(tmp_path: Path, line: str) -> None:
    result = run("record", tmp_path / "g.jsonl", "--players", PLAYERS, stdin=SETUP + line + "\n")
    [refusal] = refusals(result.stdout)
    assert refusal.startswith("line 3: refused [PROC-3] there is no 'discard': cards leave a hand only as the rules")
    assert "unknown verb" not in refusal and "give" not in refusal


def test_did_you_mean_suggests_only_verbs(tmp_path: Path) -> None:
    lines = "lauren: end fight\nlauren: kep ?\nlauren: gve water kid\n"
    result = run("record", tmp_path / "g.jsonl", "--players", PLAYERS, stdin=SETUP + lines)
    end, kep, gve = refusals(result.stdout)
    assert "[PROC-1] there is no 'end': a fight or any other window ends when everyone has passed" in end
    assert "did you mean" not in end and "'fight'" not in end and "med kit" not in end and "expend" not in end
    assert "unknown verb 'kep'; did you mean 'keep'?" in kep
    assert "did you mean 'give'" not in gve and "give water" not in gve.split("expected")[0]


def test_a_face_name_is_named_not_an_instance(tmp_path: Path) -> None:
    result = record_from(tmp_path, ACTION, "stephen: reveal cash\n")
    [refusal] = refusals(result.stdout)
    assert refusal == ("line 1: refused [CARD-1] you do not hold Bundle of Cash in your hand (your Bundle of Cash "
                       "is face up in front of you) (nothing was recorded)")
    assert "cash-" not in refusal


def test_a_mug_for_a_card_not_face_up_names_the_card_as_card_1_does(tmp_path: Path) -> None:
    """MUG-1 named the instance ("Sir Stephen has no face-up water-2", for "water": an id the recorder never typed)
    where CARD-1 names the card; it names it as CARD-1 does now, the rule id kept."""
    result = record_from(tmp_path, ACTION, "kid: mug stephen water\nkid: mug stephen painting(3)\n")
    assert refusals(result.stdout) == [
        "line 1: refused [MUG-1] Sir Stephen has no face-up Water (nothing was recorded)",
        "line 2: refused [MUG-1] Sir Stephen has no face-up Painting (3) (nothing was recorded)"]


def test_a_mug_draw_of_a_card_not_in_the_hand_names_the_card_as_card_1_does(tmp_path: Path) -> None:
    """CHANCE-1 named the instance ("knife-1 is not in Sir Stephen's hand", for "knife": an id the recorder never
    typed) where CARD-1 names the card; it names it as CARD-1 does now, the rule id kept."""
    lines = "kid: mug stephen hand\nchance: take knife\nchance: take painting(3)\nchance: take water\n"
    result = record_from(tmp_path, ACTION, lines)
    assert refusals(result.stdout) == [
        "line 2: refused [CHANCE-1] Knife is not in Sir Stephen's hand (nothing was recorded)",
        "line 3: refused [CHANCE-1] Painting (3) is not in Sir Stephen's hand (nothing was recorded)"]
    assert "knife-" not in result.stdout and "painting-" not in result.stdout


def test_refusing_the_kids_pickpocket_cites_mug_2(tmp_path: Path) -> None:
    result = record_from(tmp_path, ACTION, "kid: mug stephen hand\nstephen: refuse\n")
    assert refusals(result.stdout) == [
        "line 2: refused [MUG-2] the Kid's pickpocket cannot be refused or consented to: the card is taken at once, "
        "with no fight (nothing was recorded)"]


def test_a_second_compass_and_a_preserver_to_the_unconscious(tmp_path: Path) -> None:
    lines = "kid: use compass\nchance: nav ?\nkid: use compass\nkid: choose 27\nlauren: throw captain\n"
    result = record_from(tmp_path, NAVIGATION, lines)
    compass, preserver = refusals(result.stdout)
    assert compass.startswith("line 3: refused [NAV-2] the Compass was already used this round")
    assert preserver.startswith("line 5: refused [OVER-1] The Captain is unconscious")
    assert "not in the water" not in preserver


def test_an_option_is_echoed_as_typed_with_one_exit_code(tmp_path: Path) -> None:
    new = run("new", tmp_path / "n.jsonl", "--players", PLAYERS, "--option", "liquid_courage=maybe")
    assert new.returncode == 2
    assert ("liquid_courage=maybe: option liquid_courage expects on/off (or true/false, yes/no, 1/0), got 'maybe'"
            in new.stderr)
    assert "True" not in new.stderr
    position = tmp_path / "p.toml"
    position.write_text(ACTION + '[options]\nexpansions = ["liquid"]\n', encoding="utf-8")
    rec = run("record", tmp_path / "r.jsonl", "--position", position)
    assert rec.returncode == 2  # the same kind of mistake, the same exit code
    assert "[OPT-1] unknown expansion 'liquid'" in rec.stderr and str(position) in rec.stderr, rec.stderr
    assert not (tmp_path / "r.jsonl").exists() and not (tmp_path / "n.jsonl").exists()


def test_SETUP_1_a_repeated_player_name_is_named_with_its_rule(tmp_path: Path) -> None:
    """SETUP-1: 'Ann' and 'ann' are one name; every command that starts a game (new, play --players, record,
    record --position) refuses with the same line, which cites the rule and quotes both spellings, exits 3 as
    every other SETUP-1 refusal does (new exited 2, play and record said only "player names must be non-empty
    and different"), and writes nothing."""
    said = ("[SETUP-1] player names 'Ann' and 'ann' are the same (compared without case); give each player a "
            "different name")
    for command in (["new"], ["play", "--bots", "all"], ["record"]):
        game = tmp_path / f"{command[0]}.jsonl"
        done = run(*command, game, "--players", "Ann,Bob,Cy,ann")
        assert (done.returncode, done.stderr) == (3, f"lifeboat: {said}\n"), (command, done.stderr)
        assert not game.exists() and not (tmp_path / f"{command[0]}.jsonl.deck.json").exists()
    position = tmp_path / "p.toml"
    position.write_text(ACTION.replace('player = "Bob"', 'player = "ann"'), encoding="utf-8")
    rec = run("record", tmp_path / "r.jsonl", "--position", position)
    assert (rec.returncode, rec.stderr) == (3, f"lifeboat: {position}: {said}; fix the file "
                                               "(docs/position-format.md) and run the command again (nothing was "
                                               "written)\n")
    empty = run("new", tmp_path / "e.jsonl", "--players", "Ann,,Cy,Dee")
    assert (empty.returncode, empty.stderr) == (3, "lifeboat: [SETUP-1] player 2 has an empty name; give every "
                                                   "player a name\n")
    assert not (tmp_path / "r.jsonl").exists() and not (tmp_path / "e.jsonl").exists()


def test_a_wrong_actor_is_quoted_once(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert run("record", game, "--players", "Ann,Bob,Cy,Eve", stdin=SETUP.replace("dee =", "eve =")).returncode == 0
    lines = game.read_bytes().splitlines(keepends=True)
    last = json.loads(lines[-1])
    assert last["actor"] == "chance"
    forged = dict(last, actor="Eve")
    from tests.cli.conftest import rechain  # the careful tamperer: a valid hash chain

    game.write_bytes(rechain([json.loads(x) for x in lines[:-1]] + [forged], renumber=False))
    result = run("replay", game)
    assert result.returncode == 3
    assert "the line names the actor 'Eve', but this command belongs to 'chance'" in result.stderr
    assert "''s" not in result.stderr


def test_a_conflict_says_each_seq_once(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert run("record", game, "--players", PLAYERS, stdin=SETUP).returncode == 0
    with pytest.raises(journal.JournalConflict) as caught:
        journal.JsonlJournal.open(game).append(1, "chance", {"type": "x"}, ())
    text = str(caught.value)
    assert "expected to write seq 1 but the journal's next seq is" in text
    assert "(expected" not in text and "found" not in text


def test_position_cards_take_notation_names(tmp_path: Path) -> None:
    text = ACTION.replace('hand = ["water"]', 'hand = ["water", "painting(3)", "Med Kit"]')
    assert record_from(tmp_path, text, "").returncode == 0
    hand = final_state(tmp_path / "g.jsonl").char("sir_stephen").hand
    assert [x.rpartition("-")[0] for x in hand] == ["water", "painting", "medical_kit"]
    assert treasure_points(hand[1]) == 3
    bad = record_from(tmp_path, text.replace("painting(3)", "painting(9)"), "", name="bad")
    assert bad.returncode == 3 and "sir_stephen.hand: no Painting is worth 9" in bad.stderr


def test_json_says_who_holds_the_open_parasol(tmp_path: Path) -> None:
    text = ACTION.replace('face_up = ["cash"]', 'face_up = ["parasol"]\nparasol_open = true')
    assert record_from(tmp_path, text, "").returncode == 0
    shown = run("show", tmp_path / "g.jsonl", "--json")
    view = json.loads(shown.stdout)
    view = view.get("table", view)
    # the public sees the Parasol's face (VIEW-FACE-1); who holds it is public
    assert view["open_parasol"] == "parasol" and view["parasol_holder"] == "sir_stephen"


def test_record_status_names_navigation_contents_and_a_line_to_type(tmp_path: Path) -> None:
    result = record_from(tmp_path, NAVIGATION, "?\nkid: skip compass\nkid: choose 27\n")
    out = result.stdout
    assert "help or ?" in out  # "?" at the prompt is help
    assert "The navigation card of the round: Navigation 27 (The Captain overboard)." in out
    status = [line for line in out.splitlines() if line.startswith("[round 1]")][-1]
    assert status == ("[round 1] Overboard: the Captain. Play a card or pass. · waiting for Lady Lauren, Sir Stephen, "
                      "The Kid · type: lauren: pass · legal · help")
    typed = status.split("type: ")[1].split(" · ")[0]  # the hint is a line that can be typed as shown
    again = run("record", tmp_path / "g.jsonl", stdin=typed + "\n")
    assert again.returncode == 0 and "refused" not in again.stdout


def test_a_turned_navigation_card_is_named_once() -> None:
    # NAV-3: the story once said "turned: Navigation 23" and at once "of the round: Navigation 23"
    out = run("replay", Path("docs/examples/four-players.jsonl")).stdout.splitlines()
    turned = [i for i, line in enumerate(out) if line.startswith("The top navigation card is turned: ")]
    assert turned
    for i in turned:
        assert out[i + 1] == "   It is the navigation card of the round.", out[i : i + 2]
    chosen = [line for line in out if line.startswith("   The navigation card of the round: Navigation ")]
    assert chosen  # a card the navigator chose from the row stack is still named on that line


def test_a_navigation_card_still_names_the_lost_at_sea() -> None:
    # Lady Lauren and the Kid are lost at sea in round 5: the cards still show what is printed on them, marked
    # (the contents once shrank: Navigation 38 read "The Captain, First Mate and Frenchy thirsty")
    out = run("show", Path("docs/examples/six-players.jsonl"), "--at", "172", "--as", "referee").stdout
    assert "Navigation 38 (The Kid [lost at sea] overboard · Lady Lauren [lost at sea], the Captain, First Mate " \
        "and Frenchy thirsty)" in out, out
    out = run("show", Path("docs/examples/six-players.jsonl"), "--at", "238", "--as", "referee").stdout
    assert "Navigation 21 (The Kid [lost at sea] overboard · everyone but Lady Lauren [lost at sea] thirsty" in out
    assert "Navigation 31 (everyone overboard · everyone thirsty" in run(
        "show", Path("docs/examples/six-players.jsonl"), "--at", "172", "--as", "referee").stdout  # "all": everyone


def test_the_row_placement_menu_says_what_each_drawn_card_does(tmp_path: Path) -> None:
    # ROW-1, NAV-3: the menu names the drawn cards only; the line for each card above it says what it does
    game = tmp_path / "x.jsonl"
    assert run("fork", Path("docs/examples/six-players.jsonl"), "--at", "171", "-o", game).returncode == 0
    result = run("play", game, "--bots", "Ann,Cy,Dee,Eve,Fay", stdin="\n")
    assert "\x1b" not in result.stdout  # piped: no screen clearing (a raw ESC[3J was written once)
    out = result.stdout.splitlines()
    menu = out.index("   1. Under the deck: Navigation 31, then Navigation 38")
    assert out[menu - 2 : menu] == [
        "  Navigation 31: everyone overboard · everyone thirsty · rowers thirsty · fighters thirsty · seagull +1",
        "  Navigation 38: The Kid [lost at sea] overboard · Lady Lauren [lost at sea], the Captain, First Mate and "
        "Frenchy thirsty"]


def test_a_medical_kit_used_on_oneself_says_so(tmp_path: Path) -> None:
    # MEDKIT-1: "The Kid used a Medical Kit on the Kid" read as if someone else were meant
    text = ACTION.replace('character = "kid"\nplayer = "Dee"\nhand = ["?"]',
                          'character = "kid"\nplayer = "Dee"\nhand = ["medical_kit"]\nwounds = 1')
    result = record_from(tmp_path, text, "kid: heal kid\n")
    assert "The Kid used a Medical Kit on themselves." in result.stdout, result.stdout
    story = run("replay", tmp_path / "g.jsonl", "--as", "Dee").stdout
    assert "You used a Medical Kit on yourself." in story, story
    from lifeboat import commands as c
    from lifeboat.views.decisions import describe
    from tests.views.table import Table

    view = Table().seat("kid")  # the one describer: the hotseat menu's and the page's words
    assert describe(view, c.UseMedicalKit(by="kid", card="medical_kit-1", target="kid")).label == \
        "Use the Medical Kit on yourself"
    assert describe(view, c.UseMedicalKit(by="kid", card="medical_kit-1", target="captain")).label == \
        "Use the Medical Kit on the Captain"
