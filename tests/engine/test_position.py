"""POS-1: a game started from a position file (docs/position-format.md)."""

from __future__ import annotations

import pytest

from lifeboat import commands as c
from lifeboat.errors import InvalidCommand
from lifeboat.position import load, position_state
from lifeboat.state import ActionTurn, NavigationTurn, ProvisionsDraw
from tests.engine.gwt import then_fold


def chars(**hands: list[str]) -> list[dict]:
    order = ["lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid"]
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
    return [{"character": ch, "player": p, "hand": hands.get(ch, ["?"])} for ch, p in zip(order, players)]


def test_POS_1_an_action_position_places_every_named_card_and_waits_for_the_actor() -> None:
    """Given Sir Stephen's Flare Gun and face-up Parasol, the First Mate to act: the state has them in place."""
    data = {"phase": "action", "round": 3, "actor": "first_mate", "characters": chars(sir_stephen=["flare_gun", "?"])}
    data["characters"][1]["face_up"] = ["parasol"]
    s = position_state(load(data))
    assert s.step == ActionTurn(actor="first_mate")
    assert s.action_index == 3 and s.round == 3
    assert s.char("sir_stephen").hand == ("flare_gun-1", "?p36")  # ?p1..?p34 are the deck, ?p35 Lady Lauren's card
    assert s.char("sir_stephen").face_up == ("parasol-1",)
    assert len(s.provisions) == 42 - 2 - 6  # 2 named, 6 unseen hand cards, nothing removed with 6 players
    assert "flare_gun-1" not in s.unaccounted and "water-1" in s.unaccounted
    s = then_fold(s, c.Mug(by="first_mate", target="sir_stephen", card="parasol-1"))
    assert s.step.kind == "mug"  # type: ignore[union-attr]


def test_POS_1_a_round_position_starts_with_the_provisions() -> None:
    s = position_state(load({"characters": chars()}))
    assert s.step == ProvisionsDraw(quartermaster="lady_lauren", count=6)


def test_POS_1_a_navigation_position_with_an_empty_row_stack_turns_the_top_card() -> None:
    s = position_state(load({"phase": "navigation", "characters": chars()}))
    assert s.step == NavigationTurn()
    s = then_fold(s, c.DrawNavigation(cards=("nav-25",)))
    assert s.seagulls == 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"characters": chars(kid=["flare_gun", "flare_gun"])}, "no Flare Gun is left to name"),
        ({"characters": chars(kid=["water-3", "water-3"])}, "named twice"),
        ({"characters": chars(kid=["banana"])}, "is not a card"),
        ({"characters": chars() + [{"character": "mrs_wong", "player": "Zed"}]}, "not in this game's sets"),
        ({"characters": chars(), "phase": "action"}, "actor"),
        ({"characters": chars(), "provisions_deck": 3}, "do not add up"),
        ({"characters": chars(), "seagulls": 4}, "seagulls"),
        ({"characters": chars(), "colour": "red"}, "not a valid position"),
    ],
)
def test_POS_1_a_bad_position_is_refused_naming_the_field(change: dict, words: str) -> None:
    with pytest.raises(InvalidCommand) as err:
        position_state(load(change))
    assert err.value.rule == "POS-1"
    assert words in err.value.message


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"characters": chars()[:2]}, "4 to 6 characters"),
        ({"characters": chars(), "round": -1}, "round"),
        ({"characters": chars(), "round": 10**20}, "round"),
    ],
)
def test_POS_1_player_count_and_round_are_checked(change: dict, words: str) -> None:
    with pytest.raises(InvalidCommand) as err:
        position_state(load(change))
    assert err.value.rule == "POS-1" and words in err.value.message
