"""POS-1: a game started from a position file (docs/position-format.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifeboat import commands as c
from lifeboat.cards import is_unknown, provision_instances
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
        ({"characters": chars(), "provisions_deck": 3, "discard_size": 0}, "do not add up"),
        ({"characters": chars(), "provisions_deck": 100}, "do not add up"),
        ({"characters": chars(), "discard": ["oar", "?"], "discard_size": 1}, "discard_size: 1 is fewer"),
        ({"characters": chars(), "seagulls": 4}, "seagulls"),
        ({"characters": chars(), "colour": "red"}, "colour: not a key of a position"),
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



@pytest.mark.parametrize(("expansions", "most"), [((), 6), (("cannibalism",), 7), (("liquid_courage",), 7),
                                                  (("cannibalism", "liquid_courage"), 8)])
def test_POS_1_SETUP_1_REF_26_a_position_takes_as_many_characters_as_a_new_game(expansions: tuple, most: int) -> None:
    """SETUP-1, REF-26: a position counts its characters as ``new_game`` does (it allowed 7 only with Cannibalism,
    so a Liquid Courage table of 7 or 8 could not be recorded from a position); too few are refused naming the
    game's own most."""
    extra = [{"character": "dr_harter", "player": "Gus"}, {"character": "mrs_wong", "player": "Hal"}]
    if expansions == ("liquid_courage",):
        extra.reverse()
    everyone = chars() + extra[:most - 6]
    s = position_state(load({"characters": everyone, "options": {"expansions": list(expansions)}}))
    assert len(s.players) == most and s.step == ProvisionsDraw(quartermaster="lady_lauren", count=most)
    with pytest.raises(InvalidCommand) as err:
        position_state(load({"characters": everyone[:3], "options": {"expansions": list(expansions)}}))
    assert (err.value.rule, err.value.message) == ("POS-1", f"characters: a game has 4 to {most} characters "
                                                   "(SETUP-1), got 3")

# ---- an unknown discard pile (REF-20) ------------------------------------------------------------------------------

FACES = ["water", "cash", "oar", "jewels", "painting", "medical_kit", "?"]


@settings(max_examples=150, deadline=None)
@given(discard=st.lists(st.sampled_from(FACES), max_size=8), size=st.none() | st.integers(-1, 30),
       deck=st.none() | st.integers(-1, 30), hand=st.integers(0, 3))
def test_POS_1_REF_20_every_discard_pile_either_adds_up_or_is_refused(discard: list[str], size: int | None,
                                                                      deck: int | None, hand: int) -> None:
    """REF-20: whatever is known of the discard pile, a position is either refused (POS-1) or accounts for every
    provision exactly once: a named card, or one placeholder (removed, deck, hand or discard pile), each unseen
    card among the unaccounted ones; the pile holds ``discard_size`` cards when that is given."""
    data = {"characters": chars(**{ch: ["?"] * hand for ch in ("lady_lauren", "captain")}), "discard": discard}
    if size is not None:
        data["discard_size"] = size
    if deck is not None:
        data["provisions_deck"] = deck
    try:
        s = position_state(load(data))
    except InvalidCommand as exc:
        assert exc.rule == "POS-1"
        return
    every = provision_instances(s.ruleset.card_sets)
    cards = [*s.provisions, *s.removed, *s.discard, *(x for ch in s.characters for x in (*ch.hand, *ch.face_up))]
    placeholders = [x for x in cards if is_unknown(x)]
    named = [x for x in cards if not is_unknown(x)]
    assert len(cards) == len(every) and len(set(cards)) == len(cards)
    assert sorted(named + [x for x in s.unaccounted if x in every]) == sorted(every)
    assert len(placeholders) == len([x for x in s.unaccounted if x in every])
    assert len(s.discard) == (size if size is not None else max(len(discard), len(s.discard)))
    assert [x for x in s.discard if not is_unknown(x)] == [x for x in s.discard if x in every and not is_unknown(x)]
    if deck is not None:
        assert len(s.provisions) == deck
