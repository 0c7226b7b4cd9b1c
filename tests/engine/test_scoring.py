"""Scoring: SCORE-1..3, with exact totals."""

from __future__ import annotations

import pytest

from lifeboat import events as e
from lifeboat.evolve import evolve
from lifeboat.scoring import Score, scores, treasure, winners

from .gwt import SIX, deal, face_up, given, hand, wounds


def six_player_end() -> object:
    """Ann: Lady Lauren, 3 jewels (one face up), loves the Captain, hates Frenchy.
    Bob: Sir Stephen, 3 paintings, a narcissist, hates Lady Lauren.
    Cy: the Captain, 3 cash, loves Lady Lauren, a psychopath.
    Dee: the First Mate, dead in the boat with 2 cash, loves Frenchy, hates Sir Stephen.
    Eve: Frenchy, lost at sea with 1 cash, loves and hates the Kid (who survives, unconscious).
    Fay: the Kid, unconscious, loves and hates the First Mate (who died)."""
    return given(
        deal(SIX,
             love=("captain", "sir_stephen", "lady_lauren", "frenchy", "kid", "first_mate"),
             hate=("frenchy", "lady_lauren", "captain", "sir_stephen", "kid", "first_mate"),
             provisions=("jewels-1", "painting-1", "cash-1", "cash-4", "cash-6", "water-1")),
        hand("lady_lauren", "jewels-2"), face_up("lady_lauren", "jewels-3"),
        hand("sir_stephen", "painting-2", "painting-3"),
        hand("captain", "cash-2", "cash-3"),
        hand("first_mate", "cash-5"), wounds("first_mate", 9),
        e.LostAtSea(character="frenchy"),
        wounds("kid", 3),
        e.GameEnded(reason="land"),
    )


def test_SCORE_1_SCORE_2_six_player_table() -> None:
    """SCORE-1, SCORE-2: every part of every player's score."""
    assert scores(six_player_end()) == (
        Score(player="ann", character="lady_lauren", survives=True, survival=8, treasure=16, love=5, hate=6, total=35),
        Score(player="bob", character="sir_stephen", survives=True, survival=7, treasure=16, love=7, hate=0, total=30),
        Score(player="cy", character="captain", survives=True, survival=0, treasure=6, love=8, hate=8 + 6, total=28),
        Score(player="dee", character="first_mate", survives=False, survival=0, treasure=2, love=0, hate=0, total=2),
        Score(player="eve", character="frenchy", survives=False, survival=0, treasure=0, love=9, hate=0, total=9),
        Score(player="fay", character="kid", survives=True, survival=9, treasure=0, love=0, hate=8, total=17),
    )


def test_SCORE_3_the_highest_total_wins() -> None:
    """SCORE-3: Ann's 35 wins alone."""
    assert winners(six_player_end()) == ("ann",)


def four_player_end(lady_wounds: int) -> object:
    """Ann: Lady Lauren, both narcissist and psychopath. Bob: the Captain with 1 cash. Cy: Frenchy. Dee: the Kid with
    1 cash."""
    return given(
        deal(love=("lady_lauren", "kid", "captain", "frenchy"), hate=("lady_lauren", "frenchy", "kid", "captain"),
             provisions=("water-1", "cash-1", "water-2", "cash-2")),
        wounds("lady_lauren", lady_wounds),
        e.GameEnded(reason="land"),
    )


def test_SCORE_2_narcissist_psychopath_survives_once_and_SCORE_3_a_shared_win() -> None:
    """SCORE-2: loving and hating oneself and surviving scores the survival value once, in the survival column (not
    LOVE). SCORE-3: Bob and Dee tie."""
    state = four_player_end(lady_wounds=4)  # unconscious: survives
    assert [(sc.survival, sc.love, sc.hate, sc.total) for sc in scores(state)] == [
        (8, 0, 0, 8), (5, 9, 0, 5 + 2 + 9), (6, 5, 0, 11), (9, 6, 0, 9 + 1 + 6)
    ]
    assert winners(state) == ("bob", "dee")


def test_SCORE_2_narcissist_psychopath_who_dies_scores_nothing_for_it() -> None:
    """SCORE-2: dead, the narcissist-psychopath scores nothing (no other character died)."""
    assert [sc.total for sc in scores(four_player_end(lady_wounds=5))] == [0, 16, 11, 16]


@pytest.mark.parametrize(
    "character, cards, points",
    [
        ("frenchy", ("jewels-1",), 1),
        ("frenchy", ("jewels-1", "jewels-2"), 4),
        ("frenchy", ("jewels-1", "jewels-2", "jewels-3"), 8),
        ("lady_lauren", ("jewels-1",), 2),
        ("lady_lauren", ("jewels-1", "jewels-2"), 8),
        ("lady_lauren", ("jewels-1", "jewels-2", "jewels-3"), 16),
        ("frenchy", ("painting-1", "painting-2", "painting-3"), 3 + 3 + 2),
        ("frenchy", ("painting-3",), 2),
        ("sir_stephen", ("painting-1", "painting-2", "painting-3"), 16),
        ("frenchy", ("cash-1", "cash-2", "cash-3"), 3),
        ("captain", ("cash-1", "cash-2", "cash-3"), 6),
        ("captain", ("jewels-1", "painting-2", "cash-5"), 1 + 3 + 2),
        ("lady_lauren", ("knife-1", "water-1", "compass-1"), 0),
    ],
)
def test_SCORE_1_treasure_points(character: str, cards: tuple[str, ...], points: int) -> None:
    """SCORE-1: jewels 1/4/8 as a set; paintings 3, 3, 2; cash 1; each doubled by its character; others 0."""
    state = given(deal(SIX, provisions=("water-10", "water-11", "water-12", "water-13", "water-14", "water-15")),
                  hand(character, *cards))
    assert treasure(state, character) == points


def test_SCORE_1_treasure_of_a_body_counts_but_not_once_lost_at_sea() -> None:
    """SCORE-1: the dead First Mate's 2 cash count while his body is in the boat, not after it is lost at sea."""
    state = six_player_end()
    assert treasure(state, "first_mate") == 2 and state.status("first_mate") == "dead"
    lost = evolve(state, e.LostAtSea(character="first_mate"))
    assert treasure(lost, "first_mate") == 0 and scores(lost)[3].total == 0
