"""A navigation card's contents in one line (NAV-3, OVER-1, THIRST-1, BIRD-1): what menus, stories, tables and
pages show instead of a bare "Navigation 28"."""

from __future__ import annotations

import pytest

from lifeboat.cards import BASE_CHARACTERS
from lifeboat.views.text import navigation_contents

FOUR = ("lady_lauren", "sir_stephen", "captain", "kid")


@pytest.mark.parametrize(
    ("card", "in_game", "expected"),
    [
        ("nav-19", BASE_CHARACTERS, "First Mate overboard · The Captain and First Mate thirsty · rowers thirsty"),
        ("nav-21", BASE_CHARACTERS,
         "The Kid overboard · everyone but Lady Lauren thirsty · rowers thirsty · fighters thirsty · seagull +1"),
        ("nav-22", BASE_CHARACTERS, "everyone overboard · everyone thirsty · fighters thirsty"),
        ("nav-25", BASE_CHARACTERS, "seagull +1"),
        ("nav-28", BASE_CHARACTERS, "Lady Lauren overboard · everyone thirsty · rowers thirsty · seagull −1"),
        # Only the characters in the game are named (OVER-1, THIRST-1): First Mate is not at a 4-seat table.
        ("nav-19", FOUR, "The Captain thirsty · rowers thirsty"),
        ("nav-30", FOUR, "Lady Lauren thirsty"),
        ("nav-c10", FOUR, "Sir Stephen thirsty"),
    ],
)
def test_contents_name_who_goes_overboard_who_is_thirsty_and_the_icons(card, in_game, expected) -> None:
    assert navigation_contents(card, in_game) == expected


def test_a_card_that_names_nobody_here_says_so() -> None:
    # nav-30 sends First Mate overboard and makes Lady Lauren thirsty; at a table of neither, nothing happens.
    assert navigation_contents("nav-30", ("sir_stephen", "captain", "kid", "frenchy")) == "no effect"


def test_a_placeholder_has_no_contents() -> None:
    with pytest.raises(KeyError):
        navigation_contents("?n3", BASE_CHARACTERS)
