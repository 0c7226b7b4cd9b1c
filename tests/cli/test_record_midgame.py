"""``lifeboat record`` at a real table, issue 20: picking up a game in the middle with an unknown discard pile
(POS-1, REF-20), naming the unseen cards at the end (REC-1, REF-21), and the recorder's words (the story, ``legal``,
refusals, the scores table). Every run goes through the installed ``lifeboat`` executable, as a recorder runs it.

The mid-game position is the one of docs/recording.md ("Starting from the middle of a game"; a test checks that the
page types exactly these lines).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from lifeboat.cards import face_of, is_unknown
from lifeboat.service import final_state
from tests.helpers import refusals, run, write_position

ROOT = Path(__file__).resolve().parents[2]

# Round 4 of a 4-player game: "the discard pile has 12 cards, of which we remember a Water, an Oar and a Cash".
MIDGAME = """\
note = "A game picked up in round 4: nobody remembers the discard pile, but it was counted"
round = 4
seagulls = 2
discard = ["water", "oar", "cash"]
discard_size = 12

[[characters]]
character = "lady_lauren"
player = "Ann"
hand = ["?", "?"]

[[characters]]
character = "captain"
player = "Bob"
wounds = 2
hand = ["?", "?", "?"]
face_up = ["flare_gun"]

[[characters]]
character = "frenchy"
player = "Cy"
hand = ["?", "?"]

[[characters]]
character = "kid"
player = "Dee"
wounds = 1
hand = ["?", "?"]
"""
PLAY = """\
show
chance: draw ? ? ? ?
lauren: keep ?
captain: keep ?
frenchy: keep ?
kid: keep ?
lauren: do nothing
captain: row
chance: nav ? ?
captain: stack 1 bottom 1
frenchy: do nothing
kid: do nothing
kid: choose 31
close
lauren: water captain
close
chance: draw ? ? ?
lauren: keep ?
captain: keep ?
frenchy: keep ?
lauren: do nothing
captain: do nothing
frenchy: do nothing
chance: nav 21
"""
END = """\
recorder: ?p22 is jewels
recorder: ?p23 is cash
recorder: ?p24 is cash
recorder: ?p26 is painting(3)
recorder: ?p28 is jewels
recorder: ?p29 is jewels
recorder: lauren love kid hate captain
recorder: captain love frenchy hate kid
recorder: kid love captain hate frenchy
recorder: frenchy love lauren hate lauren
"""
# By hand (SCORE-1, SCORE-2). Land is sighted with everyone in the boat (the Kid unconscious): all four survive.
#   Ann, Lauren:   survival 8 + treasure (1 jewel, doubled) 2 + LOVE Kid 9 + HATE Captain (alive) 0  = 19
#   Bob, Captain:  survival 5 + treasure (2 cash, doubled) 4 + LOVE Frenchy 6 + HATE Kid 0          = 15
#   Cy, Frenchy:   survival 6 + treasure (painting 3) 3 + LOVE Lauren 8 + HATE Lauren 0             = 17
#   Dee, Kid:      survival 9 + treasure (2 jewels) 4 + LOVE Captain 5 + HATE Frenchy 0             = 18
SCORES = {"Ann": [8, 2, 9, 0, 19], "Bob": [5, 4, 6, 0, 15], "Cy": [6, 3, 8, 0, 17], "Dee": [9, 4, 5, 0, 18]}


def begun(tmp_path: Path, text: str = MIDGAME, lines: str = "", name: str = "g.jsonl") -> tuple[Path, str]:
    """A recording started from position ``text`` and fed ``lines``; returns the game and the output."""
    game = tmp_path / name
    done = run("record", game, "--position", write_position(tmp_path, text, name + ".toml"), stdin=lines)
    assert done.returncode in (0, 3), done.stdout + done.stderr
    return game, done.stdout


# ---- an unknown discard pile (POS-1, REF-20) ----------------------------------------------------------------------


def test_POS_1_REF_20_a_mid_game_pickup_with_an_unknown_discard_pile_is_played_to_the_end_scored_and_audited(
        tmp_path: Path) -> None:
    game, out = begun(tmp_path, lines=PLAY + END)
    assert refusals(out) == []
    # the table as it was picked up: 12 cards in the pile, 3 of them known; the deck is the rest
    assert "Round 4 · seagulls 2/4 · provisions deck 10 · navigation deck 24" in out
    assert "Discard pile: 9 unseen cards, Water, Oar, Bundle of Cash\n" in out
    assert "The unseen card ?p21 is Water." in out  # Lady Lauren's Water came from her unseen hand
    assert "land is sighted (the 4th seagull)" in out
    state = final_state(game)
    pile = state.discard
    assert len(pile) == 12 + 2  # the Flare Gun went overboard and the Water was given
    assert [x for x in pile if is_unknown(x)] == [f"?p{i}" for i in range(30, 39)]  # behind placeholders (REC-1)
    assert [face_of(x) for x in pile if not is_unknown(x)] == ["water", "oar", "cash", "flare_gun", "water"]
    score = run("score", game, "--json")
    assert score.returncode == 0, score.stderr
    got = {s["player"]: [s["survival"], s["treasure"], s["love"], s["hate"], s["total"]]
           for s in json.loads(score.stdout)["scores"]}
    assert got == SCORES
    audit = run("audit", game)
    assert audit.returncode == 0 and ": clean" in audit.stdout, audit.stdout + audit.stderr
    replay = run("replay", game)
    assert replay.returncode == 0, replay.stderr
    header = json.loads(game.read_text(encoding="utf-8").splitlines()[0])
    assert header["position"]["discard_size"] == 12 and header["position"]["discard"] == ["water", "oar", "cash"]


def test_POS_1_REF_20_the_discard_pile_unknown_in_whole_or_by_question_marks(tmp_path: Path) -> None:
    body = MIDGAME.split("\n\n", 1)[1]
    # the whole pile unknown: only the deck was counted, the pile is whatever is left
    _, out = begun(tmp_path, 'round = 4\nprovisions_deck = 10\n\n' + body, "show\n", "whole.jsonl")
    assert "provisions deck 10 " in out and "Discard pile: 12 unseen cards\n" in out
    # '?' in the list: one card known, two not
    _, out = begun(tmp_path, 'round = 4\ndiscard = ["?", "oar", "?"]\n\n' + body, "show\n", "marks.jsonl")
    assert "provisions deck 19 " in out and "Discard pile: 2 unseen cards, Oar\n" in out


def test_POS_1_a_discard_pile_that_does_not_add_up_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    body = MIDGAME.split("\n\n", 1)[1]
    for head, says in (
        ('discard = ["water", "oar"]\ndiscard_size = 1\n', "discard_size: 1 is fewer than the 2 cards listed"),
        ("discard_size = 12\nprovisions_deck = 5\n", "provisions do not add up: 41 unnamed cards, but 9 unseen in "
         "hands, 10 removed, 12 unseen in the discard pile and 5 in the deck"),
        ('discard = ["?", "?"]\nprovisions_deck = 21\n', "provisions_deck is 21 and discard lists 2 unseen"),
    ):
        game = tmp_path / "bad.jsonl"
        done = run("record", game, "--position", write_position(tmp_path, head + "\n" + body), stdin="")
        assert done.returncode == 3 and "[POS-1]" in done.stderr and says in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and not game.exists()


def test_POS_1_a_position_without_discard_size_is_stored_in_the_header_exactly_as_before(tmp_path: Path) -> None:
    """The new field is left out of the header when unused: the header of a recording from the Episode B position
    holds the same position as the bundled journal made before it existed (the journal format is unchanged)."""
    game = tmp_path / "b.jsonl"
    done = run("record", game, "--position", ROOT / "docs" / "examples" / "episode-b.position.toml", stdin="")
    assert done.returncode == 0, done.stderr
    header = json.loads(game.read_text(encoding="utf-8").splitlines()[0])
    bundled = json.loads((ROOT / "docs" / "examples" / "episode-b.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert "discard_size" not in header["position"]
    assert header["position"] == bundled["position"]


# ---- naming unseen cards at the end (REC-1, REF-21) -------------------------------------------------------------


def test_REF_21_at_the_end_only_cards_shown_can_be_named_and_the_unnamed_list_shrinks(tmp_path: Path) -> None:
    game, out = begun(tmp_path, lines=PLAY + "recorder: ?p1 is jewels\nrecorder: ?p22 is jewels\nlegal\n")
    assert "The game is over. Name what each player shows, e.g. recorder: ?p22 is cash · recorder: lauren love " \
           "captain hate kid; still unnamed: Ann (Lady Lauren): ?p22 ?p11 ?p15 LOVE HATE; Bob (The Captain): " in out
    # ?p1 was removed at setup: nobody shows it at the end, so it cannot be named (it would score nothing)
    assert refusals(out) == [
        "line 25: refused [REF-21] ?p1 is not in a hand or face up: at the end only the cards the players show can "
        "be named (still unnamed: ?p22 ?p11 ?p15 ?p23 ?p24 ?p25 ?p12 ?p16 ?p26 ?p27 ?p13 ?p17 ?p28 ?p29 ?p14) "
        "(nothing was recorded)"]
    assert "The unseen card ?p22 is Jewels." in out
    # the list shrinks: ?p22 is gone from what 'legal' and the last words still ask for
    assert "Still unnamed: Ann (Lady Lauren): ?p11 ?p15 LOVE HATE; Bob" in out
    assert "Provisional: no winner until these are shown and named" in out  # SCORE-4: no winner named
    assert out.endswith("Still to show:\nAnn (Lady Lauren): ?p11 ?p15 LOVE HATE\n"
                        "Bob (The Captain): ?p23 ?p24 ?p25 ?p12 ?p16 LOVE HATE\n"
                        "Cy (Frenchy): ?p26 ?p27 ?p13 ?p17 LOVE HATE\nDee (The Kid): ?p28 ?p29 ?p14 LOVE HATE\n"
                        f"Saved to {game}. Resume with: lifeboat record {game}\n")
    assert final_state(game).removed[0] == "?p1"  # the removed card stays unseen
    # every card and LOVE/HATE named: nothing is left to ask for
    _, out = begun(tmp_path, lines=PLAY + END.replace("?p22 is", "?p11 is") + "".join(
        f"recorder: {p} is {'water' if i < 6 else 'medical kit'}\n" for i, p in enumerate(
            "?p22 ?p15 ?p25 ?p12 ?p16 ?p27 ?p13 ?p17 ?p14".split())) + "legal\n", name="all.jsonl")
    assert refusals(out) == [] and "Still unnamed: nothing" in out and "Still to show:\n" not in out


# ---- the recorder's words ---------------------------------------------------------------------------------------


def test_REC_1_the_story_names_a_card_chance_turned_up_and_credits_nobody(tmp_path: Path) -> None:
    game, out = begun(tmp_path, lines=PLAY)
    assert re.search(r"The unseen card \?n1 is Navigation 31\b.*\n  The Kid chose Navigation 31\b", out)
    assert re.search(r"The unseen card \?n3 is Navigation 21\b.*\n  The top navigation card is turned: Navigation 21\b",
                     out)
    for who in ("public", "Ann"):
        replay = run("replay", game, "--as", who, "--to", "20").stdout
        assert re.search(r"The unseen card \?n1 is Navigation 31\b", replay)
        assert "recorder names" not in replay and "is named, but not to you" not in replay


def test_REC_1_a_card_only_the_quartermaster_saw_stays_hidden_from_the_others(tmp_path: Path) -> None:
    game, out = begun(tmp_path, lines="chance: draw water ? ? ?\n")
    assert "The unseen card ?p11 is named, but not to you." in out  # the public's story
    ann = run("replay", game, "--as", "Ann").stdout  # Lady Lauren is the quartermaster: she drew it
    bob = run("replay", game, "--as", "Bob").stdout
    assert "The unseen card ?p11 is Water." in ann and "Water" not in bob.split("Lady Lauren drew")[0][-200:]
    assert "The unseen card ?p11 is named, but not to you." in bob


def test_NOTATION_1_legal_lists_each_trade_once_with_unseen_cards_as_question_marks(tmp_path: Path) -> None:
    _, out = begun(tmp_path, ROOT.joinpath("docs/examples/episode-b.position.toml").read_text(encoding="utf-8"),
                   "legal\n")
    line = next(x for x in out.splitlines() if x.startswith("first mate: do nothing"))
    offers = [x for x in line.split("; ") if " offer " in x]
    assert offers == [f"first mate: offer {t} ?" for t in ("lauren", "stephen", "captain", "frenchy", "kid")]
    assert "?p" not in line


def test_ACT_2_an_action_during_a_refused_seat_changes_fight_says_what_to_type(tmp_path: Path) -> None:
    _, out = begun(tmp_path, ROOT.joinpath("docs/examples/episode-b.position.toml").read_text(encoding="utf-8"),
                   "first mate: swap stephen\nstephen: refuse\nstephen: do nothing\n")
    assert refusals(out) == [
        "line 3: refused [ACT-2] no action can be taken now: the refused seat change is being fought out (First "
        "Mate against Sir Stephen); the fight must be resolved first: join a side, reveal a weapon or pass ('close' "
        "passes for everyone left) (nothing was recorded)"]


ENDING = """\
note = "the last navigations: Sir Stephen unconscious, Lady Lauren a narcissist and a psychopath"
phase = "navigation"
round = 6
seagulls = 3
provisions_deck = 10

[[characters]]
character = "lady_lauren"
player = "Ann"
hand = ["?"]
love = "lady_lauren"
hate = "lady_lauren"

[[characters]]
character = "sir_stephen"
player = "Bob"
wounds = 5
hand = ["?"]
love = "captain"
hate = "kid"

[[characters]]
character = "captain"
player = "Cy"
hand = ["?"]
love = "kid"
hate = "sir_stephen"

[[characters]]
character = "kid"
player = "Dee"
hand = ["?"]
love = "sir_stephen"
hate = "captain"
"""
ENDING_LINES = """\
chance: nav 24
close
close
chance: draw ? ? ?
lauren: keep ?
captain: keep ?
kid: keep ?
lauren: do nothing
captain: do nothing
kid: do nothing
chance: nav 26
"""


def test_OVER_3_SCORE_2_lost_at_sea_said_once_and_a_narcissist_psychopath_scores_survival(tmp_path: Path) -> None:
    game, out = begun(tmp_path, ENDING, ENDING_LINES)
    assert refusals(out) == []
    assert ("Overboard: Sir Stephen; Sir Stephen will be lost at sea unless saved.\n"
            "  Sir Stephen is lost at sea.") in out
    assert out.count("lost at sea.") == 1
    rows = {line.split("│")[1].strip(): [x.strip() for x in line.split("│")[3:8]]
            for line in out.splitlines() if line.startswith("│")}
    # Ann: Lady Lauren survives (8), shown as survival, not as LOVE; HATE of herself: Sir Stephen died (5)
    assert rows["Ann"] == ["8", "0", "0", "5", "13"]
    score = json.loads(run("score", game, "--json").stdout)["scores"]
    assert [(s["player"], s["survival"], s["love"], s["hate"], s["total"]) for s in score][0] == ("Ann", 8, 0, 5, 13)


def test_docs_recording_md_picks_up_exactly_this_game() -> None:
    """docs/recording.md's worked mid-game pickup: its position is MIDGAME and its typed lines are PLAY + END."""
    doc = (ROOT / "docs" / "recording.md").read_text(encoding="utf-8")
    section = doc.split("## Starting from the middle of a game", 1)[1]
    assert re.findall(r"^```toml\n(.*?)^```", section, flags=re.M | re.S) == [MIDGAME]
    assert "".join(re.findall(r"^```lines\n(.*?)^```", section, flags=re.M | re.S)) == PLAY + END


def test_REC_1_a_card_the_recorder_names_on_its_own_line_stays_the_referees_until_it_is_shown(tmp_path: Path) -> None:
    """The recorder's own 'recorder: ?p33 is blackjack' (a card in the First Mate's hand) tells the table nothing,
    even when the next line shows that very card: the reveal is the First Mate's, on its own line."""
    game, out = begun(tmp_path, ROOT.joinpath("docs/examples/episode-b.position.toml").read_text(encoding="utf-8"),
                      "recorder: ?p33 is blackjack\nfirst mate: reveal blackjack\n")
    assert refusals(out) == []
    assert "  The unseen card ?p33 is named, but not to you.\n  First Mate revealed Blackjack.\n" in out
    for who in ("public", "Ann"):
        assert "The unseen card ?p33 is named, but not to you." in run("replay", game, "--as", who).stdout
    assert "The unseen card ?p33 is Blackjack." in run("replay", game, "--as", "referee").stdout
