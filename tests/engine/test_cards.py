"""Playing and trading cards: PLAY-1, TRADE-1, PROC-3, PROC-4, PROC-5, REF-6, CARD-1, TURN-1."""

from __future__ import annotations

import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.game import new_game
from lifeboat.legal import waiting_for
from lifeboat.state import NavigatorChoice, TradeOffer

from .gwt import PLAYERS, actions, deal, everyone_does_nothing, face_up, given, hand, then_fold, when, wounds

# FOUR: seats Lady Lauren, Captain, Frenchy, Kid; hands cash-1..cash-4.


def test_PLAY_1_a_card_may_be_revealed_out_of_turn_and_stays_face_up() -> None:
    """PLAY-1: Frenchy reveals on Lady Lauren's turn; the card cannot be revealed again (it never returns)."""
    s = given(deal(), hand("frenchy", "knife-1"), actions())
    s = when(s, c.Reveal(by="frenchy", card="knife-1")).then(e.CardRevealed(character="frenchy", card="knife-1"))
    assert s.char("frenchy").face_up == ("knife-1",) and s.char("frenchy").hand == ("cash-3",)
    when(s, c.Reveal(by="frenchy", card="knife-1")).refused(IllegalCommand, "PLAY-1")


def test_PLAY_1_revealing_during_navigation_choice() -> None:
    """PLAY-1: a reveal while the navigator chooses (a moment that is nobody else's turn)."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-25", "nav-30")),
              c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25", "nav-30"), to_bottom=()), everyone_does_nothing())
    assert s.step == NavigatorChoice(navigator="kid")
    when(s, c.Reveal(by="captain", card="cash-2")).then(e.CardRevealed(character="captain", card="cash-2"))


def test_PLAY_1_no_reveal_before_setup() -> None:
    """PLAY-1, SETUP-2: before the deal nobody may reveal anything; the refusal says the deal comes first."""
    when(new_game(PLAYERS[:4]), c.Reveal(by="kid", card="cash-4")).refused(IllegalCommand, "SETUP-2")


def test_PLAY_1_water_is_expended_from_face_up_too() -> None:
    """PLAY-1, THIRST-1: a face-up Water is expended (discarded)."""
    s = given(deal(), face_up("frenchy", "water-1"), actions(), everyone_does_nothing(), c.DrawNavigation(cards=("nav-40",)))
    s = when(s, c.GiveWater(by="frenchy", card="water-1", target="lady_lauren")).then(
        e.WaterGiven(character="frenchy", card="water-1", target="lady_lauren")
    )
    assert s.char("frenchy").face_up == () and s.discard == ("water-1",)


def test_TRADE_1_REF_6_an_exchange_between_actions() -> None:
    """TRADE-1, REF-6: Frenchy (not the actor) offers cash-3 for a Knife; the Captain picks which Knife to give.
    While the offer is pending nothing else happens."""
    s = given(deal(), hand("captain", "knife-1"), actions())
    s = when(s, c.OfferTrade(by="frenchy", to="captain", give=("cash-3",), ask=("knife",))).then(
        e.TradeOffered(character="frenchy", to="captain", give=("cash-3",), ask=("knife",))
    )
    assert s.offer == TradeOffer(by="frenchy", to="captain", give=("cash-3",), ask=("knife",))
    assert waiting_for(s) == ("captain",)
    when(s, c.DoNothing(by="lady_lauren")).refused(IllegalCommand, "TRADE-1")
    when(s, c.Reveal(by="kid", card="cash-4")).refused(IllegalCommand, "TRADE-1")
    when(s, c.OfferTrade(by="kid", to="lady_lauren", give=("cash-4",))).refused(IllegalCommand, "TRADE-1")
    when(s, c.AnswerTrade(by="lady_lauren", accept=True)).refused(IllegalCommand, "TRADE-1")
    when(s, c.AnswerTrade(by="captain", accept=True, cards=("cash-2",))).refused(IllegalCommand, "TRADE-1")
    when(s, c.AnswerTrade(by="captain", accept=True, cards=("knife-1", "cash-2"))).refused(IllegalCommand, "TRADE-1")
    s = when(s, c.AnswerTrade(by="captain", accept=True, cards=("knife-1",))).then(
        e.TradeCompleted(character="frenchy", to="captain", gave=("cash-3",), got=("knife-1",))
    )
    assert s.offer is None and s.char("frenchy").hand == ("knife-1",) and s.char("captain").hand == ("cash-2", "cash-3")
    assert s.char("frenchy").face_up == ()  # PROC-4: received cards arrive in the hand


def test_TRADE_1_a_gift_and_a_refusal() -> None:
    """TRADE-1: a gift needs only an acceptance; a declined offer changes no card."""
    s = given(deal(), actions(), c.OfferTrade(by="lady_lauren", to="kid", give=("cash-1",)))
    when(s, c.AnswerTrade(by="kid", accept=True)).then(
        e.TradeCompleted(character="lady_lauren", to="kid", gave=("cash-1",), got=())
    )
    s = when(s, c.AnswerTrade(by="kid", accept=False)).then(e.TradeDeclined(character="lady_lauren", to="kid"))
    assert s.offer is None and s.char("kid").hand == ("cash-4",)


@pytest.mark.parametrize(
    "cmd, error",
    [
        (c.OfferTrade(by="lady_lauren", to="kid"), InvalidCommand),  # nothing given or asked
        (c.OfferTrade(by="lady_lauren", to="kid", ask=("gold",)), InvalidCommand),  # no such provision
        (c.OfferTrade(by="lady_lauren", to="lady_lauren", give=("cash-1",)), IllegalCommand),
        (c.OfferTrade(by="lady_lauren", to="kid", give=("cash-1", "cash-1")), InvalidCommand),
        (c.OfferTrade(by="lady_lauren", to="kid", give=("knife-1",)), IllegalCommand),  # face up: not tradeable
    ],
)
def test_TRADE_1_malformed_offers(cmd: c.OfferTrade, error: type) -> None:
    """TRADE-1: empty offers, unknown kinds, oneself, a card twice, a face-up card."""
    s = given(deal(), face_up("lady_lauren", "knife-1"), actions())
    when(s, cmd).refused(error, "TRADE-1")


def test_TRADE_1_REF_6_no_trade_during_a_fight_or_an_answer_or_navigation() -> None:
    """TRADE-1, REF-6: trades only while an action is being chosen."""
    s = given(deal(), actions(), c.Mug(by="lady_lauren", target="captain"))
    when(s, c.OfferTrade(by="frenchy", to="kid", give=("cash-3",))).refused(IllegalCommand, "TRADE-1")
    s = then_fold(s, c.Answer(by="captain", consent=False))
    when(s, c.OfferTrade(by="frenchy", to="kid", give=("cash-3",))).refused(IllegalCommand, "TRADE-1")
    s = given(deal(), actions(), everyone_does_nothing())
    when(s, c.OfferTrade(by="frenchy", to="kid", give=("cash-3",))).refused(IllegalCommand, "TRADE-1")


def test_TRADE_1_a_card_given_unseen_is_for_recorded_games_only() -> None:
    """TRADE-1, REC-3: '?' (a card given face down, nobody saw which) is refused in a digital game, where every card
    is named; two of the same card given is refused as before."""
    s = given(deal(), actions())
    err = when(s, c.OfferTrade(by="lady_lauren", to="kid", give=("?",))).refused(InvalidCommand, "TRADE-1")
    assert "name the cards given ('?', a card nobody saw, is for recorded games)" in str(err)
    when(s, c.OfferTrade(by="lady_lauren", to="kid", give=("cash-1", "cash-1"))).refused(InvalidCommand, "TRADE-1")


def test_PROC_4_both_sides_must_be_conscious() -> None:
    """PROC-4: no trade with the unconscious Kid."""
    s = given(deal(), wounds("kid", 3), actions())
    when(s, c.OfferTrade(by="lady_lauren", to="kid", give=("cash-1",))).refused(IllegalCommand, "PROC-4")


def test_PROC_3_there_is_no_command_to_discard_at_will() -> None:
    """PROC-3: the commands are exactly these; none discards a card by choice."""
    tags = sorted(t.__struct_config__.tag for t in c.Command.__args__)  # type: ignore[attr-defined]
    assert tags == sorted([
        "deal_setup", "draw_provisions", "draw_navigation", "draw_from_hand", "keep_provision", "do_nothing", "row",
        "place_rowed_cards", "change_seats", "mug", "answer", "join_fight", "pass", "reveal", "fire_flare_gun",
        "open_parasol", "use_medical_kit", "offer_trade", "answer_trade", "use_compass", "choose_navigation_card",
        "throw_life_preserver", "expend_chum", "call_sharks", "give_water",
        "cannibalize", "object_to_cannibalism",  # the Cannibalism expansion (CANNIBAL-1): the card is discarded as played
        "drink_firewater", "share_firewater",  # Liquid Courage (LIQUID-1, WONG-1): Firewater stays face up
        "identify", "identify_love_hate",  # the recorder names unseen cards (REC-1); neither moves a card
    ])


def test_PROC_3_there_is_no_hand_limit() -> None:
    """PROC-3: with 20 extra cards in hand Lady Lauren still keeps a provision."""
    deck = given(deal()).provisions
    draw, many = deck[:4], deck[4:24]
    s = given(deal(), hand("lady_lauren", *many), c.DrawProvisions(cards=draw))
    s = when(s, c.KeepProvision(by="lady_lauren", card=draw[0])).then_starts(
        e.ProvisionKept(character="lady_lauren", card=draw[0])
    )
    assert len(s.char("lady_lauren").hand) == 22


def test_PROC_5_the_discard_pile_in_order_without_the_removed_cards() -> None:
    """PROC-5: the discard pile lists what was expended or discarded face up, in order; removed cards are apart."""
    s = given(deal(), hand("lady_lauren", "flare_gun-1"), face_up("captain", "chum-1"), hand("frenchy", "water-1"),
              actions(), c.FireFlareGun(by="lady_lauren", card="flare_gun-1"),
              c.DrawNavigation(cards=("nav-19", "nav-20", "nav-22")), everyone_does_nothing(),
              c.DrawNavigation(cards=("nav-27",)), lambda s: [c.Pass(by=x) for x in waiting_for(s)],
              c.GiveWater(by="frenchy", card="water-1", target="frenchy"))
    assert s.discard == ("flare_gun-1", "chum-1", "water-1")
    assert s.removed == tuple(f"water-{n}" for n in range(7, 17)) and not set(s.removed) & set(s.discard)


def test_CARD_1_a_card_must_exist_and_be_held() -> None:
    """CARD-1: an unknown card is invalid; a card held by someone else is illegal; the state is unchanged."""
    s = given(deal(), actions())
    when(s, c.Reveal(by="captain", card="water-99")).refused(InvalidCommand, "CARD-1")
    when(s, c.Reveal(by="captain", card="nav-19")).refused(InvalidCommand, "CARD-1")
    when(s, c.Reveal(by="captain", card="cash-1")).refused(IllegalCommand, "CARD-1")
    when(s, c.OfferTrade(by="captain", to="kid", give=("cash-4",))).refused(IllegalCommand, "CARD-1")


def test_TURN_1_a_character_not_in_the_game() -> None:
    """TURN-1: Sir Stephen is not in this game; 'nobody' is no character at all."""
    s = given(deal(), actions())
    when(s, c.Reveal(by="sir_stephen", card="cash-1")).refused(InvalidCommand, "TURN-1")
    when(s, c.DoNothing(by="nobody")).refused(InvalidCommand, "TURN-1")
