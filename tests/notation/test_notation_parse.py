"""parse: one example (or more) per command type, with the exact Command expected; names in English, short ids and
Chinese; forgiveness about case, spacing and punctuation; the default actor. Table: see ``conftest.py``."""

from __future__ import annotations

import pytest
from tests.notation.helpers import PLAYERS, at

from lifeboat import commands as c
from lifeboat.game import new_game
from lifeboat.notation import parse
from lifeboat.state import (
    ActionTurn, AwaitAnswer, CompassChoice, Fight, MugDraw, NavigatorChoice, OverboardWindow, ProvisionsPick, RowPlace,
    State, ThirstWindow, TradeOffer,
)

# ---- chance --------------------------------------------------------------------------------------------------


def test_deal_setup_by_player_name_faces_pick_the_lowest_instances() -> None:
    state = new_game(PLAYERS[:4])
    line = ("chance: deal ann = captain love kid hate lauren water; bob = kid love captain hate captain painting(2); "
            "cy = lauren love lauren hate kid water; dee = frenchy love frenchy hate frenchy oar-2; "
            "removed water cash cash painting 3 medical kit knife compass parasol jewels water")
    assert parse(line, state) == c.DealSetup(
        characters=("captain", "kid", "lady_lauren", "frenchy"),
        love=("kid", "captain", "lady_lauren", "frenchy"),
        hate=("lady_lauren", "captain", "kid", "frenchy"),
        provisions=("water-1", "painting-3", "water-2", "oar-2"),
        removed=("water-3", "cash-1", "cash-2", "painting-1", "medical_kit-1", "knife-1", "compass-1", "parasol-1",
                 "jewels-1", "water-4"),
    )


def test_deal_setup_positional_and_out_of_order_parts() -> None:
    state = new_game(PLAYERS[:4])
    named = parse("chance: deal dee = frenchy love kid hate kid cash; ann = captain hate kid love kid oar; "
                  "captain love kid hate kid knife; lauren love kid hate kid water; removed " + "water " * 10, state)
    assert isinstance(named, c.DealSetup)
    # named parts go to their players; the unnamed ones fill bob and cy in order
    assert named.characters == ("captain", "captain", "lady_lauren", "frenchy")
    assert named.provisions == ("oar-1", "knife-1", "water-1", "cash-1")
    assert named.removed == tuple(f"water-{n}" for n in range(2, 12))


def test_draw_provisions_from_the_deck(table: State) -> None:
    # the deck holds water-3, -4, -6.. and painting-2 (worth 3); faces take the lowest-numbered instance left
    assert parse("chance: draw water water jewels", table) == c.DrawProvisions(cards=("water-3", "water-4", "jewels-2"))
    assert parse("chance: draw painting(3), water-16", table) == c.DrawProvisions(cards=("painting-2", "water-16"))
    # not in the deck: the engine judges
    assert parse("chance: provisions knife", table) == c.DrawProvisions(cards=("knife-1",))


def test_draw_navigation() -> None:
    state = new_game(PLAYERS[:4])
    assert parse("chance: nav 27", state) == c.DrawNavigation(cards=("nav-27",))
    assert parse("chance: nav 27 31", state) == c.DrawNavigation(cards=("nav-27", "nav-31"))
    assert parse("chance: draw nav-27, nav 31", state) == c.DrawNavigation(cards=("nav-27", "nav-31"))
    assert parse("chance: 27", state) == c.DrawNavigation(cards=("nav-27",))
    assert parse("chance: turn #40", state) == c.DrawNavigation(cards=("nav-40",))
    assert parse("chance: nav none", state) == c.DrawNavigation(cards=())


def test_draw_from_hand_picks_from_the_mugged_hand(table: State) -> None:
    s = at(table, step=MugDraw(mugger="kid", target="lady_lauren"))
    assert parse("chance: take water", s) == c.DrawFromHand(card="water-1")
    assert parse("chance: take painting(2)", s) == c.DrawFromHand(card="painting-3")
    assert parse("chance: draw cash", s) == c.DrawFromHand(card="cash-2")  # "draw" while a hand card is taken
    assert parse("chance: take water-5", s) == c.DrawFromHand(card="water-5")


# ---- players -------------------------------------------------------------------------------------------------


def test_keep_provision_picks_among_the_offered_cards(table: State) -> None:
    s = at(table, step=ProvisionsPick(picker="captain", offered=("water-7", "water-3", "cash-5")))
    assert parse("captain: keep water", s) == c.KeepProvision(by="captain", card="water-3")
    assert parse("captain: keep water-7", s) == c.KeepProvision(by="captain", card="water-7")
    assert parse("captain: take cash", s) == c.KeepProvision(by="captain", card="cash-5")


def test_do_nothing_and_row(table: State) -> None:
    s = at(table, step=ActionTurn(actor="captain"))
    assert parse("captain: do nothing", s) == c.DoNothing(by="captain")
    assert parse("captain: nothing", s) == c.DoNothing(by="captain")
    assert parse("captain: row", s) == c.Row(by="captain")


def test_place_rowed_cards(table: State) -> None:
    s = at(table, step=RowPlace(rower="captain", drawn=("nav-23", "nav-31")))
    want = c.PlaceRowedCards(by="captain", to_stack=("nav-23",), to_bottom=("nav-31",))
    assert parse("captain: stack nav-23 bottom nav-31", s) == want
    assert parse("captain: stack 23 bottom 31", s) == want
    assert parse("captain: stack 23", s) == want  # the other card goes under
    assert parse("captain: bottom 31", s) == want  # the other card goes on the stack
    assert parse("captain: keep 23", s) == want
    assert parse("captain: bottom 31 23", s) == c.PlaceRowedCards(by="captain", to_stack=(),
                                                                  to_bottom=("nav-31", "nav-23"))
    assert parse("captain: stack 23 31", s) == c.PlaceRowedCards(by="captain", to_stack=("nav-23", "nav-31"),
                                                                 to_bottom=())
    assert parse("captain: stack none bottom 23 31", s) == c.PlaceRowedCards(
        by="captain", to_stack=(), to_bottom=("nav-23", "nav-31"))


def test_change_seats(table: State) -> None:
    s = at(table, step=ActionTurn(actor="kid"))
    assert parse("kid: swap lauren", s) == c.ChangeSeats(by="kid", target="lady_lauren")
    assert parse("kid: change seats with the captain", s) == c.ChangeSeats(by="kid", target="captain")


def test_mug(table: State) -> None:
    s = at(table, step=ActionTurn(actor="kid"))
    assert parse("kid: mug lauren hand", s) == c.Mug(by="kid", target="lady_lauren")
    assert parse("kid: mug captain", s) == c.Mug(by="kid", target="captain")  # no face-up card: the hand
    assert parse("kid: mug stephen oar", s) == c.Mug(by="kid", target="sir_stephen", card="oar-1")
    assert parse("kid: mug stephen for his cash", s) == c.Mug(by="kid", target="sir_stephen", card="cash-3")
    s = at(table, step=ActionTurn(actor="first_mate"))
    assert parse("first mate: mug lauren parasol", s) == c.Mug(by="first_mate", target="lady_lauren", card="parasol-1")


def test_answer_a_mug_or_seat_change(table: State) -> None:
    s = at(table, step=AwaitAnswer(kind="mug", attacker="kid", target="sir_stephen"))
    assert parse("stephen: refuse", s) == c.Answer(by="sir_stephen", consent=False)
    assert parse("stephen: fight", s) == c.Answer(by="sir_stephen", consent=False)
    assert parse("stephen: consent", s) == c.Answer(by="sir_stephen", consent=True)
    assert parse("stephen: yes", s) == c.Answer(by="sir_stephen", consent=True)
    assert parse("stephen: accept", s) == c.Answer(by="sir_stephen", consent=True)  # no trade is pending


def test_join_fight(table: State) -> None:
    s = at(table, step=Fight(kind="mug", attacker="kid", target="lady_lauren", card=None, attackers=("kid",),
                             defenders=("lady_lauren",)))
    assert parse("frenchy: join defender", s) == c.JoinFight(by="frenchy", side="defender")
    assert parse("frenchy: join the attackers", s) == c.JoinFight(by="frenchy", side="attacker")
    assert parse("frenchy: join d", s) == c.JoinFight(by="frenchy", side="defender")
    assert parse("frenchy: join lauren", s) == c.JoinFight(by="frenchy", side="defender")  # a fighter's side
    assert parse("frenchy: join kid", s) == c.JoinFight(by="frenchy", side="attacker")
    assert parse("frenchy: pass", s) == c.Pass(by="frenchy")


def test_reveal(table: State) -> None:
    assert parse("stephen: reveal flare gun", table) == c.Reveal(by="sir_stephen", card="flare_gun-1")
    assert parse("lauren: reveal painting(2)", table) == c.Reveal(by="lady_lauren", card="painting-3")
    assert parse("lauren: reveal painting 3", table) == c.Reveal(by="lady_lauren", card="painting-1")
    assert parse("lauren: reveal water", table) == c.Reveal(by="lady_lauren", card="water-1")
    assert parse("lauren: reveal water-5", table) == c.Reveal(by="lady_lauren", card="water-5")


def test_special_actions(table: State) -> None:
    s = at(table, step=ActionTurn(actor="sir_stephen"))
    assert parse("stephen: fire flare gun", s) == c.FireFlareGun(by="sir_stephen", card="flare_gun-1")
    assert parse("stephen: fire", s) == c.FireFlareGun(by="sir_stephen", card="flare_gun-1")
    assert parse("lauren: open parasol", s) == c.OpenParasol(by="lady_lauren", card="parasol-1")
    assert parse("lauren: parasol", s) == c.OpenParasol(by="lady_lauren", card="parasol-1")
    # a face-up Medical Kit counts as much as one in hand; the lowest-numbered is picked
    assert parse("first mate: heal captain", s) == c.UseMedicalKit(by="first_mate", card="medical_kit-1",
                                                                   target="captain")
    assert parse("captain: heal me", s) == c.UseMedicalKit(by="captain", card="medical_kit-2", target="captain")
    assert parse("captain: use medical kit on kid", s) == c.UseMedicalKit(by="captain", card="medical_kit-2",
                                                                          target="kid")
    assert parse("captain: use medical_kit-2 on kid", s) == c.UseMedicalKit(by="captain", card="medical_kit-2",
                                                                            target="kid")


def test_offer_trade(table: State) -> None:
    s = at(table, step=ActionTurn(actor="captain"))
    assert parse("captain: offer kid water for oar", s) == c.OfferTrade(by="captain", to="kid", give=("water-2",),
                                                                        ask=("oar",))
    assert parse("lauren: offer water water painting(2) to kid for oar knife", s) == c.OfferTrade(
        by="lady_lauren", to="kid", give=("water-1", "water-5", "painting-3"), ask=("oar", "knife"))
    assert parse("captain: offer kid medical kit", s) == c.OfferTrade(by="captain", to="kid", give=("medical_kit-2",))
    assert parse("captain: ask kid for oar", s) == c.OfferTrade(by="captain", to="kid", ask=("oar",))


def test_answer_trade(table: State) -> None:
    s = at(table, step=ActionTurn(actor="captain"),
           offer=TradeOffer(by="captain", to="kid", give=("water-2",), ask=("oar",)))
    assert parse("kid: accept", s) == c.AnswerTrade(by="kid", accept=True, cards=("oar-2",))  # filled from the hand
    assert parse("kid: accept oar", s) == c.AnswerTrade(by="kid", accept=True, cards=("oar-2",))
    assert parse("kid: accept oar-2", s) == c.AnswerTrade(by="kid", accept=True, cards=("oar-2",))
    assert parse("kid: decline", s) == c.AnswerTrade(by="kid", accept=False)
    assert parse("kid: no", s) == c.AnswerTrade(by="kid", accept=False)  # yes/no answer what is pending


def test_compass_and_navigation(table: State) -> None:
    s = at(table, step=CompassChoice(navigator="kid"))
    assert parse("kid: use compass", s) == c.UseCompass(by="kid", use=True)
    assert parse("kid: compass", s) == c.UseCompass(by="kid", use=True)
    assert parse("kid: skip compass", s) == c.UseCompass(by="kid", use=False)
    assert parse("kid: compass no", s) == c.UseCompass(by="kid", use=False)
    s = at(table, step=NavigatorChoice(navigator="kid"), row_stack=("nav-27", "nav-31"))
    assert parse("kid: choose nav-27", s) == c.ChooseNavigationCard(by="kid", card="nav-27")
    assert parse("kid: choose 27", s) == c.ChooseNavigationCard(by="kid", card="nav-27")
    assert parse("kid: pick nav 31", s) == c.ChooseNavigationCard(by="kid", card="nav-31")


def test_overboard_window(table: State) -> None:
    s = at(table, step=OverboardWindow(card="nav-20", overboard=("kid",), lost=()))
    want = c.ThrowLifePreserver(by="frenchy", card="life_preserver-1", target="kid")
    assert parse("frenchy: throw life preserver to kid", s) == want
    assert parse("frenchy: throw kid", s) == want
    assert parse("frenchy: throw", s) == want  # only one character is in the water
    assert parse("frenchy: life preserver kid", s) == want
    assert parse("frenchy: chum", s) == c.ExpendChum(by="frenchy", card="chum-1")  # lowest id, not hand order
    assert parse("frenchy: use chum-2", s) == c.ExpendChum(by="frenchy", card="chum-2")


def test_give_water(table: State) -> None:
    s = at(table, step=ThirstWindow(card="nav-20", thirst=(("kid", 1), ("lady_lauren", 1))))
    assert parse("lauren: water kid", s) == c.GiveWater(by="lady_lauren", card="water-1", target="kid")
    assert parse("lauren: water-5 kid", s) == c.GiveWater(by="lady_lauren", card="water-5", target="kid")
    assert parse("lauren: use water-5 on kid", s) == c.GiveWater(by="lady_lauren", card="water-5", target="kid")
    assert parse("lauren: drink", s) == c.GiveWater(by="lady_lauren", card="water-1", target="lady_lauren")
    assert parse("lauren: water", s) == c.GiveWater(by="lady_lauren", card="water-1", target="lady_lauren")


# ---- names, Chinese, forgiveness -----------------------------------------------------------------------------


@pytest.mark.parametrize("actor", [
    "captain", "the captain", "The Captain", "CAPTAIN", "cap", "船长", "船長", "cy",
])
def test_every_name_of_the_captain(table: State, actor: str) -> None:
    assert parse(f"{actor}: row", table) == c.Row(by="captain")


@pytest.mark.parametrize("name,character", [
    ("lauren", "lady_lauren"), ("lady lauren", "lady_lauren"), ("lady_lauren", "lady_lauren"), ("劳伦夫人", "lady_lauren"),
    ("羅倫小姐", "lady_lauren"), ("劳伦", "lady_lauren"), ("stephen", "sir_stephen"), ("sir stephen", "sir_stephen"),
    ("斯蒂芬先生", "sir_stephen"), ("first mate", "first_mate"), ("first_mate", "first_mate"), ("First-Mate", "first_mate"),
    ("mate", "first_mate"), ("大副", "first_mate"), ("frenchy", "frenchy"), ("水手", "frenchy"), ("法國佬", "frenchy"),
    ("kid", "kid"), ("the kid", "kid"), ("小孩", "kid"), ("Mrs. Wong", "mrs_wong"), ("Dr. Harter", "dr_harter"),
    ("lau", "lady_lauren"), ("steph", "sir_stephen"), ("fay", "kid"), ("Ann", "lady_lauren"),
])
def test_character_names(table: State, name: str, character: str) -> None:
    s = at(table, step=ActionTurn(actor="captain"))
    assert parse(f"captain: swap {name}", s) == c.ChangeSeats(by="captain", target=character)


@pytest.mark.parametrize("name,card", [
    ("water", "water-2"), ("水壶", "water-2"), ("水", "water-2"), ("WATER", "water-2"), ("water-2", "water-2"),
    ("medical kit", "medical_kit-2"), ("medical_kit", "medical_kit-2"), ("medkit", "medical_kit-2"),
    ("医疗包", "medical_kit-2"), ("medical_kit-2", "medical_kit-2"), ("medical-kit-2", "medical_kit-2"),
    ("medkit#2", "medical_kit-2"),
])
def test_card_names(table: State, name: str, card: str) -> None:
    assert parse(f"captain: reveal {name}", table) == c.Reveal(by="captain", card=card)


def test_chinese_lines(table: State) -> None:
    s = at(table, step=ActionTurn(actor="kid"))
    assert parse("小孩：抢劳伦夫人手牌", s) == c.Mug(by="kid", target="lady_lauren")
    assert parse("小孩: 抢 劳伦夫人 手牌", s) == c.Mug(by="kid", target="lady_lauren")
    assert parse("船长: 划船", s) == c.Row(by="captain")
    assert parse("船长划船", s) == c.Row(by="captain")
    assert parse("大副: 治疗 船长", s) == c.UseMedicalKit(by="first_mate", card="medical_kit-1", target="captain")
    assert parse("斯蒂芬先生: 亮出 信号枪", s) == c.Reveal(by="sir_stephen", card="flare_gun-1")
    assert parse("斯蒂芬先生：开枪", s) == c.FireFlareGun(by="sir_stephen", card="flare_gun-1")
    assert parse("劳伦夫人: 水壶 小孩", s) == c.GiveWater(by="lady_lauren", card="water-1", target="kid")
    assert parse("水手: 加入 防守方", s) == c.JoinFight(by="frenchy", side="defender")
    assert parse("机会: 抽 水壶 现金", s) == c.DrawProvisions(cards=("water-3", "cash-1"))


@pytest.mark.parametrize("line", [
    "kid: mug lauren hand", "KID: MUG LAUREN HAND", "  kid :   mug   lady   lauren    hand  ", "kid:mug lauren hand",
    "kid：mug lauren hand", "The Kid: mug Lady Lauren, hand", "kid mug lauren hand", "kid: mug lauren hand card",
    "kid: rob lady_lauren random", "fay: mug ann hand",
])
def test_case_spacing_and_punctuation_are_forgiven(table: State, line: str) -> None:
    assert parse(line, table) == c.Mug(by="kid", target="lady_lauren")


def test_the_default_actor(table: State) -> None:
    assert parse("mug lauren hand", table, actor="kid") == c.Mug(by="kid", target="lady_lauren")
    assert parse("water kid", table, actor="lady_lauren") == c.GiveWater(by="lady_lauren", card="water-1", target="kid")
    assert parse("nav 27", table, actor="chance") == c.DrawNavigation(cards=("nav-27",))
    # a line that names its actor wins over the default
    assert parse("captain: row", table, actor="kid") == c.Row(by="captain")
    assert parse("captain row", table, actor="kid") == c.Row(by="captain")


def test_the_parser_does_not_judge_legality(table: State) -> None:
    """A well-formed line for an illegal move parses; decide refuses it (IllegalCommand)."""
    from lifeboat.errors import IllegalCommand
    from lifeboat.game import apply

    s = at(table, step=ActionTurn(actor="captain"))
    cmd = parse("kid: row", s)
    assert cmd == c.Row(by="kid")
    with pytest.raises(IllegalCommand):
        apply(s, cmd)
    # a card the actor does not hold: the lowest instance of the face, refused by the engine
    cmd = parse("kid: reveal knife", s)
    assert cmd == c.Reveal(by="kid", card="knife-1")
    with pytest.raises(IllegalCommand):
        apply(s, cmd)


def test_no_name_means_two_things() -> None:
    """The vocabulary is unambiguous: every alias (English, id, short, Chinese) names one character, one face, one
    keyword or one filler word; ambiguity comes only from abbreviations and from what a face picks."""
    from lifeboat.notation.names import _static

    args = _static()[0]
    assert {k: v for k, v in args.phrases.items() if len(v) > 1} == {}
