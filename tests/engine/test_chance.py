"""Chance: CHANCE-1, CHANCE-2, REC-1."""

from __future__ import annotations

import random

import msgspec
import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import navigation_instances
from lifeboat.chance import commitment, hand_pick, next_chance, setup_command, shuffle
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.game import apply, new_game
from lifeboat.legal import chance_request
from lifeboat.state import RowDraw

from .gwt import PLAYERS, actions, deal, given, hand, when

EVERY = tuple(sorted(navigation_instances()))


def deck_with_one_unseen() -> object:
    """All navigation cards but nav-42 are in play; nav-21 then nav-19 went under the deck; Lady Lauren rows."""
    rest = tuple(x for x in EVERY if x != "nav-42")
    return given(deal(), actions(), e.NavigationDrawn(character=None, cards=rest, purpose="turn"),
                 e.CardsToBottom(cards=("nav-21", "nav-19")), c.Row(by="lady_lauren"))


def test_CHANCE_1_after_the_unseen_cards_the_bottom_in_order() -> None:
    """CHANCE-1: the last unseen card comes first, then the cards put under the deck, in the order they went."""
    s = deck_with_one_unseen()
    assert s.step == RowDraw(rower="lady_lauren", count=2)
    when(s, c.DrawNavigation(cards=("nav-21", "nav-42"))).refused(IllegalCommand, "CHANCE-1")
    when(s, c.DrawNavigation(cards=("nav-42", "nav-19"))).refused(IllegalCommand, "CHANCE-1")
    s = when(s, c.DrawNavigation(cards=("nav-42", "nav-21"))).then(
        e.NavigationDrawn(character="lady_lauren", cards=("nav-42", "nav-21"), purpose="row")
    )
    assert s.nav_unseen == () and s.nav_bottom == ("nav-19",)


@pytest.mark.parametrize(
    "cards, error",
    [(("nav-19",), InvalidCommand), (("nav-19", "nav-20", "nav-21"), InvalidCommand),
     (("nav-19", "water-1"), InvalidCommand), (("nav-19", "nav-19"), IllegalCommand)],
)
def test_CHANCE_1_navigation_draws_are_checked(cards: tuple[str, ...], error: type) -> None:
    """CHANCE-1: the number asked, navigation cards only, each card once."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"))
    when(s, c.DrawNavigation(cards=cards)).refused(error, "CHANCE-1")


def test_CHANCE_1_a_card_on_the_row_stack_cannot_be_drawn() -> None:
    """CHANCE-1: nav-25 is on the row stack, not in the deck."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-25", "nav-30")),
              c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25",), to_bottom=("nav-30",)), c.Row(by="captain"))
    when(s, c.DrawNavigation(cards=("nav-25", "nav-19"))).refused(IllegalCommand, "CHANCE-1")
    when(s, c.DrawNavigation(cards=("nav-30", "nav-19"))).refused(IllegalCommand, "CHANCE-1")  # under, not on top


def test_CHANCE_1_provisions_drawn_must_be_in_the_deck() -> None:
    """CHANCE-1: a removed card, a dealt card, a duplicate, the wrong count."""
    s = given(deal(), hand("kid", "knife-1"))
    for cards in [("water-7", "water-1", "water-2", "water-3"), ("knife-1", "water-1", "water-2", "water-3")]:
        when(s, c.DrawProvisions(cards=cards)).refused(IllegalCommand, "CHANCE-1")
    for cards in [("water-1", "water-1", "water-2", "water-3"), ("water-1", "water-2", "water-3")]:
        when(s, c.DrawProvisions(cards=cards)).refused(InvalidCommand, "CHANCE-1")


def test_REC_1_a_recorder_may_enter_any_unseen_card() -> None:
    """REC-1: at a real table the order of the unseen deck is unknown, so any unseen card may come; both are fine."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"))
    for cards in [("nav-42", "nav-19"), ("nav-31", "nav-22")]:
        after = when(s, c.DrawNavigation(cards=cards)).then(
            e.NavigationDrawn(character="lady_lauren", cards=cards, purpose="row")
        )
        assert set(after.nav_unseen) == set(EVERY) - set(cards)
    s = given(deal())
    for cards in [("oar-1", "oar-2", "knife-1", "water-6"), ("parasol-1", "chum-2", "cash-6", "jewels-3")]:
        when(s, c.DrawProvisions(cards=cards)).then(e.ProvisionsDrawn(quartermaster="lady_lauren", cards=cards))


def test_CHANCE_2_the_commitment_pins_every_order_and_the_salt() -> None:
    """CHANCE-2: the commitment is a sha256 hex digest that changes with any order or the salt, and is stable."""
    orders = shuffle(random.Random(7), "ab12")
    assert orders == shuffle(random.Random(7), "ab12")
    digest = commitment(orders)
    assert len(digest) == 64 and int(digest, 16) >= 0 and digest == commitment(shuffle(random.Random(7), "ab12"))
    changed_salt = msgspec.structs.replace(orders, salt="ab13")
    swapped_nav = msgspec.structs.replace(orders, navigation=orders.navigation[1:2] + orders.navigation[:1] + orders.navigation[2:])
    assert len({digest, commitment(changed_salt), commitment(swapped_nav)}) == 3


def test_CHANCE_2_chance_follows_the_committed_orders() -> None:
    """CHANCE-2: the deal takes the first characters, LOVE/HATE filtered to them, the first 10 provisions removed
    (4 players) and the next 4 dealt; later draws follow the orders from the top."""
    orders = shuffle(random.Random(3), "00")
    state = new_game(PLAYERS[:4])
    setup = next_chance(state, orders)
    assert setup == setup_command(state, orders)
    assert isinstance(setup, c.DealSetup)
    assert setup.characters == orders.characters[:4]
    assert setup.love == tuple(x for x in orders.love if x in orders.characters[:4])
    assert setup.removed == orders.provisions[:10] and setup.provisions == orders.provisions[10:14]
    state, _ = apply(state, setup)
    draw = next_chance(state, orders)
    assert draw == c.DrawProvisions(cards=orders.provisions[14:18])


def test_CHANCE_2_a_random_mug_is_fixed_by_the_salt_and_the_moment() -> None:
    """CHANCE-2: the hand card a mug takes is a function of the salt, round, action index and target."""
    orders = shuffle(random.Random(3), "00")
    s = given(deal(), hand("captain", "water-1", "knife-1", "oar-1"), actions(), c.Mug(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=True))
    assert chance_request(s) is not None and chance_request(s).kind == "draw_from_hand"  # type: ignore[union-attr]
    pick = hand_pick(orders, s, "captain")
    assert pick in s.char("captain").hand and pick == hand_pick(orders, s, "captain")
    assert next_chance(s, orders) == c.DrawFromHand(card=pick)
    picks = {hand_pick(msgspec.structs.replace(orders, salt=str(i)), s, "captain") for i in range(40)}
    assert picks == set(s.char("captain").hand)  # every card can be picked
