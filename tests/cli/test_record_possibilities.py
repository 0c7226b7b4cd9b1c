"""REC-3 and SCORE-4 at the terminal: what ``lifeboat record`` says when a card leaves a hand unseen, when a line
no possibility allows is refused (naming the decision that placed the card), when the possibilities deduce a card;
and ``score`` / ``audit`` of a game whose cards that count are not all named: provisional, no winner."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_record import PLAYERS, ROUND_1, ROUND_2, ROUND_3, SETUP, record, started
from tests.helpers import run

SEEN_FLARE = """\
chance: deal ann = lauren love ? hate ? flare gun; bob = captain love ? hate ? ?; cy = frenchy love ? hate ? ?; dee = kid love ? hate ? ?; removed 10 ?
chance: draw ? ? ? ?
lauren: keep ?
captain: keep ?
frenchy: keep ?
kid: keep ?
lauren: do nothing
captain: do nothing
frenchy: do nothing
kid: mug lauren hand
chance: take ?
"""


def test_REC_3_an_unseen_take_a_refusal_that_names_its_decision_and_a_deduction(tmp_path: Path) -> None:
    """Lady Lauren's Flare Gun was seen; the Kid takes one of her two cards unseen: the story says both may be it.
    The Captain cannot then show a Flare Gun (refused, naming decision 11, the take); Lady Lauren shows a Knife, so
    the Kid holds the Flare Gun: deduced, and the story says from what."""
    game = tmp_path / "g.jsonl"
    done = record(game, SEEN_FLARE + "captain: reveal flare gun\nlauren: reveal knife\nhands\n", "--players", PLAYERS)
    out = done.stdout
    assert done.returncode == 3, out + done.stderr  # one refused line
    assert "  Nobody saw which card left Lady Lauren's hand: the known card there is now unseen (?p43)." in out
    assert "  Any card of Lady Lauren's hand may be the one that went to the Kid." in out
    assert ("line 12: refused [REC-1] Flare Gun cannot be in The Captain's hand: every one not accounted for is lost "
            "from sight in The Kid's hand or in Lady Lauren's hand; the record last placed one at decision 11 "
            "(chance: take ?) (nothing was recorded)") in out
    assert ("  Deduced: ?p14 in the Kid's hand is Flare Gun: it left Lady Lauren's hand unseen, and what has been "
            "shown since leaves it nowhere else.") in out
    assert "Dee (The Kid): hand flare_gun-1 ?p18 ?p43" in out
    assert run("audit", game).returncode == 0  # the journal replays as it was recorded


KNOWN_HAND = """\
chance: deal ann = lauren love ? hate ? flare gun; bob = captain love ? hate ? ?; cy = frenchy love ? hate ? ?; dee = kid love ? hate ? ?; removed 10 ?
chance: draw ? ? ? ?
lauren: keep water
captain: keep ?
frenchy: keep ?
kid: keep ?
"""


def test_REC_3_a_card_given_face_down_from_a_hand_the_scribe_knows_whole(tmp_path: Path) -> None:
    """Lady Lauren's two cards are known (the Flare Gun dealt face up to the scribe, the Water she kept in view);
    she gives the Kid one face down: accepted (it was refused: no placeholder left), both her cards become unseen
    and either may be the one that went. More cards than her hand holds is refused. When the Kid fires the Flare
    Gun it is traced to her hand, and her one card left is deduced to be the Water."""
    game = tmp_path / "g.jsonl"
    lines = KNOWN_HAND + ("lauren: offer kid ? ? ?\nlauren: offer kid ?\nkid: accept\nhands\nlauren: do nothing\n"
                          "captain: do nothing\nfrenchy: do nothing\nkid: fire flare gun\nhands\n")
    done = record(game, lines, "--players", PLAYERS)
    out = done.stdout
    assert done.returncode == 3, out + done.stderr  # the one refused line: three cards from a hand of two
    assert "line 7: refused [NOTATION-1] 3 cards given, but only 2 in the hand (nothing was recorded)" in out
    assert "  Lady Lauren offered the Kid a trade: 1 card for nothing." in out
    assert ("  Nobody saw which card left Lady Lauren's hand: the 2 known cards there are now unseen (?p43 ?p44)."
            in out)
    assert "  Any card of Lady Lauren's hand may be the one that went to the Kid." in out
    assert "  Lady Lauren gave the Kid 1 card and got nothing back." in out
    assert "Ann (Lady Lauren): hand ?p44 · LOVE ? · HATE ?" in out  # which one left, nobody knows
    assert "Dee (The Kid): hand ?p14 ?p18 ?p43 · LOVE ? · HATE ?" in out
    assert ("  Deduced: it is the Flare Gun that was in Lady Lauren's hand, no other being unaccounted: it left that "
            "hand unseen.") in out
    assert ("  Deduced: ?p44 in Lady Lauren's hand is Water: it was known to be there before a card left unseen, and "
            "what has been shown since leaves it nowhere else.") in out
    assert "Ann (Lady Lauren): hand water-1 · LOVE ? · HATE ?" in out
    assert run("audit", game).returncode == 0  # the journal replays as it was recorded
    offer = [json.loads(x) for x in game.read_text(encoding="utf-8").splitlines()[1:]][6]
    assert offer["command"]["give"] == ["?"], offer  # the journal says what the scribe saw: a card, not which


def test_SCORE_4_score_and_audit_of_a_game_with_cards_still_to_show_name_no_winner(tmp_path: Path) -> None:
    """The tutorial's game at the land, nothing named yet: score and audit say provisional and list what is still to
    show (the Kid's HATE counts for nothing: he died alone), not a winner."""
    game = started(tmp_path, SETUP + ROUND_1 + ROUND_2 + ROUND_3, "over.jsonl")
    done = run("score", game)
    assert done.returncode == 0, done.stderr
    assert "Winner" not in done.stdout and "*" not in done.stdout
    assert ("Provisional: no winner until these cards are shown and named (lifeboat record "
            f"{game}): Ann (The Captain): ?p16 ?p20 ?p19 ?p22 LOVE HATE; Bob (The Kid): ?p18 ?p13 LOVE; Cy (Lady "
            "Lauren): LOVE HATE; Dee (Frenchy): ?p14 ?p17 ?p12 ?p21 ?p23 LOVE HATE") in " ".join(done.stdout.split())
    sheet = json.loads(run("score", game, "--json").stdout)
    assert sheet["winners"] == [] and sheet["provisional"][1] == {
        "player": "Bob", "character": "kid", "cards": ["?p18", "?p13"], "love": True, "hate": False}
    audit = run("audit", game)
    assert audit.returncode == 0 and "Winner" not in audit.stdout
    story = run("replay", game)  # the story's end says the same: no winner, what is still to show
    assert story.returncode == 0, story.stderr
    assert "Winner" not in story.stdout and "Shared win" not in story.stdout
    assert "Provisional: no winner until these cards are shown and named" in " ".join(story.stdout.split())
    assert "note: provisional scores, no winner yet: still to be shown and named: Ann (The Captain)" in " ".join(
        audit.stdout.split())
