"""The Liquid Courage expansion (RUL-EXP-LIQUID): LIQUID-1..3, WONG-1, REF-23..25, with SETUP-1..5 and EXP-1.

WONG4 seats from the bow: Lady Lauren (size 4), the Captain (7), Mrs. Wong (3), the Kid (3); the Kid navigates.
Default deal: LOVE the next character, HATE the one after; provisions cash-1..4; water-7..16 removed.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest
from hypothesis import HealthCheck, given as hgiven, settings
from hypothesis import strategies as st

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import FACES, UNKNOWN_COUNT_DEFAULTS, navigation_instances, provision_instances
from lifeboat.chance import shuffle
from lifeboat.decide.procedure import strength
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.game import apply, max_players, new_game
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.ruleset import Ruleset, ruleset_from_options
from lifeboat.state import ActionTurn, State, ThirstWindow
from lifeboat.views import Observer

from .test_cannibalism import play_random_game, random_extra
from .test_properties import random_command
from .gwt import (
    PLAYERS, actions, deal, everyone_does_nothing, face_up, given, hand, pass_all, then_fold, when, wounds,
)

LIQUID = Ruleset(expansions=("liquid_courage",))
BOTH = Ruleset(expansions=("cannibalism", "liquid_courage"))
WONG4 = ("lady_lauren", "captain", "mrs_wong", "kid")
EIGHT_PLAYERS = PLAYERS + ("gus", "hal")
SEVEN = ("kid", "mrs_wong", "frenchy", "first_mate", "captain", "sir_stephen", "lady_lauren")
WATERS = tuple(f"water-{n}" for n in range(1, 9))
EIGHT = ("kid", "dr_harter", "mrs_wong", "frenchy", "first_mate", "captain", "sir_stephen", "lady_lauren")


def table(*items: object, ruleset: Ruleset = LIQUID) -> object:
    """WONG4 after the deal, then ``items``."""
    return given(deal(WONG4), *items, ruleset=ruleset)


# ---- SETUP-1..5, LIQUID-2, REF-23, REF-26 ---------------------------------------------------------------------


def test_SETUP_1_REF_26_seven_players_with_liquid_courage_eight_with_both() -> None:
    """SETUP-1, REF-26: Liquid Courage alone takes 4-7 players, both expansions 4-8; 8 with one is refused."""
    assert (max_players(LIQUID), max_players(BOTH), max_players(Ruleset())) == (7, 8, 6)
    assert len(new_game(EIGHT_PLAYERS[:7], LIQUID).players) == 7
    assert len(new_game(EIGHT_PLAYERS, BOTH).players) == 8
    assert len(new_game(PLAYERS[:4], BOTH).players) == 4
    for ruleset in (LIQUID, Ruleset(expansions=("cannibalism",))):
        with pytest.raises(InvalidCommand) as info:
            new_game(EIGHT_PLAYERS, ruleset)
        assert info.value.rule == "SETUP-1" and "8th player needs both" in info.value.message
    with pytest.raises(InvalidCommand) as info:
        new_game(EIGHT_PLAYERS[:7])
    assert "Cannibalism or the Liquid Courage expansion" in info.value.message
    with pytest.raises(InvalidCommand):
        new_game(EIGHT_PLAYERS + ("ida",), BOTH)
    assert ruleset_from_options(["liquid_courage=on", "cannibalism=on"]) == Ruleset(
        expansions=("liquid_courage", "cannibalism"), compass_extra_card=True)  # NAV-2: a game begun now


def test_SETUP_4_LIQUID_2_seat_order_with_seven_and_eight_characters() -> None:
    """SETUP-4 (seed 003), LIQUID-2: Mrs. Wong sits between the First Mate and Frenchy; with both expansions
    Dr. Harter sits between Frenchy and the Kid."""
    seven, _ = apply(new_game(EIGHT_PLAYERS[:7], LIQUID), deal(SEVEN, provisions=WATERS[:7]))
    assert seven.seats == ("lady_lauren", "sir_stephen", "captain", "first_mate", "mrs_wong", "frenchy", "kid")
    eight, _ = apply(new_game(EIGHT_PLAYERS, BOTH), deal(EIGHT, provisions=WATERS))
    assert eight.seats == ("lady_lauren", "sir_stephen", "captain", "first_mate", "mrs_wong", "frenchy",
                           "dr_harter", "kid")
    assert eight.conscious_seats()[-1] == "kid" and eight.conscious_seats()[0] == "lady_lauren"
    when(new_game(EIGHT_PLAYERS[:7], Ruleset(expansions=("cannibalism",))),
         deal(SEVEN, provisions=WATERS[:7])).refused(InvalidCommand, "SETUP-2")  # Mrs. Wong needs Liquid Courage (EXP-1)


def test_SETUP_5_LIQUID_2_REF_23_the_decks_with_liquid_courage() -> None:
    """SETUP-5, LIQUID-2, REF-23: 2 Firewater cards (the data's count is unknown: null); 44 provisions and 27
    navigation cards with Liquid Courage, 46 and 31 with both expansions."""
    assert UNKNOWN_COUNT_DEFAULTS == {"firewater": 2} and FACES["firewater"].count == 2
    liquid = ("base", "liquid_courage")
    assert [x for x in provision_instances(liquid) if x.startswith("firewater")] == ["firewater-1", "firewater-2"]
    assert (len(provision_instances(liquid)), len(navigation_instances(liquid))) == (44, 27)
    assert navigation_instances(liquid)[-3:] == ("nav-l11", "nav-l12", "nav-l13")
    every = ("base", "cannibalism", "liquid_courage")
    assert (len(provision_instances(every)), len(navigation_instances(every))) == (46, 31)
    assert "firewater-1" not in provision_instances() and "nav-l11" not in navigation_instances()
    seven, _ = apply(new_game(EIGHT_PLAYERS[:7], LIQUID), deal(SEVEN, provisions=WATERS[:7]))
    assert len(seven.provisions) == 44 - 7 and len(seven.nav_unseen) == 27


def test_REF_26_short_handed_still_means_four_or_five() -> None:
    """REF-26, SETUP-3: 10 of 44 removed with 4 players; nothing with 7 or 8."""
    orders = shuffle(random.Random(3), "00", BOTH)
    assert Counter(x.split("-")[0] for x in orders.provisions)["firewater"] == 2
    assert len(orders.characters) == 8 and len(orders.navigation) == 31
    four = table()
    assert len(four.removed) == 10 and len(four.provisions) == 44 - 10 - 4
    eight, _ = apply(new_game(EIGHT_PLAYERS, BOTH), deal(EIGHT, provisions=WATERS, removed=()))
    assert eight.removed == () and len(eight.provisions) == 46 - 8
    when(new_game(EIGHT_PLAYERS, BOTH), deal(EIGHT, provisions=WATERS, removed=tuple(f"water-{n}" for n in range(7, 17)))).refused(
        InvalidCommand, "SETUP-3")


# ---- LIQUID-1, REF-24: drinking Firewater ----------------------------------------------------------------------


def test_LIQUID_1_drinking_is_not_an_action_and_the_card_stays_face_up() -> None:
    """LIQUID-1, REF-24: the Captain drinks on his turn; the card is face up, not discarded; it is still his turn;
    Mrs. Wong is asked whether she shares (WONG-1)."""
    s = table(hand("captain", "firewater-1"), actions("captain"))
    s = when(s, c.DrinkFirewater(by="captain", card="firewater-1")).then(
        e.FirewaterDrunk(character="captain", card="firewater-1"),
        e.FirewaterShareOffered(character="mrs_wong", card="firewater-1"))
    assert s.char("captain").face_up == ("firewater-1",) and "firewater-1" not in s.discard
    assert s.drank == ("captain",) and s.wong_share == "firewater-1" and s.step == ActionTurn(actor="captain")
    assert waiting_for(s) == ("mrs_wong",) and legal_commands(s, "captain") == ()
    s = then_fold(s, c.ShareFirewater(by="mrs_wong", share=False))
    assert s.wong_share is None and s.drank == ("captain",) and s.step == ActionTurn(actor="captain")
    assert c.DoNothing(by="captain") in legal_commands(s, "captain")


def test_LIQUID_1_REF_24_plus_three_size_in_fights_only() -> None:
    """LIQUID-1, REF-24, FIGHT-3: the Kid (3) drinks: 6 in a fight, two drinks 9; his health stays 3 (3 wounds:
    unconscious), and scoring uses the printed size."""
    s = table(hand("kid", "firewater-1", "firewater-2"), actions())
    assert strength(s, ("kid",)) == 3
    s = then_fold(s, c.DrinkFirewater(by="kid", card="firewater-1"), c.ShareFirewater(by="mrs_wong", share=False))
    assert strength(s, ("kid",)) == 6 and strength(s, ("kid", "lady_lauren")) == 10
    s = then_fold(s, c.DrinkFirewater(by="kid", card="firewater-2"), c.ShareFirewater(by="mrs_wong", share=False))
    assert strength(s, ("kid",)) == 9 and s.drank == ("kid", "kid")
    assert s.health("kid") == 3 and then_fold(s, wounds("kid", 3)).status("kid") == "unconscious"


def test_LIQUID_1_the_drinker_wins_a_fight_with_firewater() -> None:
    """LIQUID-1, FIGHT-3: Lady Lauren (4) asks the Captain (7) to change seats; he refuses; she drinks in the
    fight: 7 against 7, a tie goes to the defender; a second drink: 10 against 7, she wins."""
    s = table(hand("lady_lauren", "firewater-1", "firewater-2"), actions(), ruleset=LIQUID)
    s = then_fold(s, c.ChangeSeats(by="lady_lauren", target="captain"), c.Answer(by="captain", consent=False))
    s = when(s, c.DrinkFirewater(by="lady_lauren", card="firewater-1")).then(
        e.FirewaterDrunk(character="lady_lauren", card="firewater-1"),
        e.FirewaterShareOffered(character="mrs_wong", card="firewater-1"))
    s = then_fold(s, c.ShareFirewater(by="mrs_wong", share=False), c.DrinkFirewater(by="lady_lauren",
                  card="firewater-2"), c.ShareFirewater(by="mrs_wong", share=False))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="mrs_wong"))
    when(s, c.Pass(by="kid")).then_starts(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren",), defenders=("captain",), attack=10, defence=7, winner="attacker"),
        e.Wounded(character="captain", amount=1, cause="fight"),
        e.SeatsChanged(character="lady_lauren", target="captain"))


def test_LIQUID_1_one_more_thirst_per_drink_and_it_ends_with_the_round() -> None:
    """LIQUID-1, THIRST-1: nav-25 makes nobody thirsty; the Captain drank twice: he owes 2 thirst; the next round
    starts with nobody having drunk."""
    s = table(hand("captain", "firewater-1", "firewater-2"), actions("captain"),
              c.DrinkFirewater(by="captain", card="firewater-1"), c.ShareFirewater(by="mrs_wong", share=False),
              c.DrinkFirewater(by="captain", card="firewater-2"), c.ShareFirewater(by="mrs_wong", share=False),
              everyone_does_nothing())
    s = when(s, c.DrawNavigation(cards=("nav-25",))).then(
        e.NavigationDrawn(character=None, cards=("nav-25",), purpose="turn"), e.NavigationCardRevealed(card="nav-25"),
        e.SeagullAdded(total=1), e.ThirstCounted(thirst=(("captain", 2),)))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="mrs_wong"))
    s = when(s, c.Pass(by="kid")).then_starts(
        e.Passed(character="kid"), e.Wounded(character="captain", amount=2, cause="thirst"),
        e.CardsToBottom(cards=("nav-25",)), e.RoundEnded(round=1))
    assert s.drank == () and s.char("captain").wounds == 2 and s.char("captain").face_up == (
        "firewater-1", "firewater-2")


def test_REF_24_a_drink_in_the_open_thirst_window_is_owed_at_once() -> None:
    """REF-24: nav-20 (everyone but the Kid thirsty); the Kid drinks in the thirst window: he owes 1 at once and
    the window re-opens."""
    s = table(hand("kid", "firewater-1"), wounds("mrs_wong", 3), actions(), everyone_does_nothing())
    s = then_fold(s, c.DrawNavigation(cards=("nav-20",)), c.Pass(by="lady_lauren"), c.Pass(by="captain"),
                  c.Pass(by="kid"))  # the Kid overboard: the overboard window
    assert isinstance(s.step, ThirstWindow) and s.step.thirst == (("lady_lauren", 1), ("captain", 1),
                                                                   ("mrs_wong", 1))
    s = then_fold(s, c.Pass(by="lady_lauren"))
    s = when(s, c.DrinkFirewater(by="kid", card="firewater-1")).then(
        e.FirewaterDrunk(character="kid", card="firewater-1"))  # Mrs. Wong is unconscious: not asked (REF-25)
    assert s.step.thirst == (("lady_lauren", 1), ("captain", 1), ("mrs_wong", 1), ("kid", 1))
    assert s.step.passed == ()


def test_REF_24_LIQUID_1_refusals() -> None:
    """REF-24, LIQUID-1, EXP-1, STATUS-1, MUG-2: a face-up Firewater cannot be drunk; not without the expansion;
    not unconscious; not while the Kid takes a hand card; not after the end; only Firewater."""
    s = table(face_up("captain", "firewater-1"), hand("lady_lauren", "water-1"), actions())
    when(s, c.DrinkFirewater(by="captain", card="firewater-1")).refused(IllegalCommand, "LIQUID-1")
    when(s, c.DrinkFirewater(by="lady_lauren", card="water-1")).refused(InvalidCommand, "LIQUID-1")
    when(s, c.DrinkFirewater(by="lady_lauren", card="firewater-2")).refused(IllegalCommand, "CARD-1")
    plain = given(deal(), actions())
    when(plain, c.DrinkFirewater(by="captain", card="firewater-1")).refused(IllegalCommand, "EXP-1")
    out = table(hand("captain", "firewater-1"), wounds("captain", 7), actions())
    when(out, c.DrinkFirewater(by="captain", card="firewater-1")).refused(IllegalCommand, "STATUS-1")
    pickpocket = table(hand("captain", "firewater-1", "cash-6"), actions("kid"), c.Mug(by="kid", target="captain"))
    when(pickpocket, c.DrinkFirewater(by="captain", card="firewater-1")).refused(IllegalCommand, "MUG-2")


def test_REF_24_a_drunk_firewater_can_be_mugged_and_drunk_again() -> None:
    """REF-24, MUG-1: the Kid mugs the Captain's face-up Firewater (he consents); it goes into the Kid's hand and
    he may drink it."""
    s = table(hand("captain", "firewater-1"), actions("captain"), c.DrinkFirewater(by="captain", card="firewater-1"),
              c.ShareFirewater(by="mrs_wong", share=False), c.DoNothing(by="captain"), c.DoNothing(by="mrs_wong"))
    s = then_fold(s, c.Mug(by="kid", target="captain", card="firewater-1"), c.Answer(by="captain", consent=True))
    assert s.char("kid").hand[-1] == "firewater-1"
    assert c.DrinkFirewater(by="kid", card="firewater-1") in legal_commands(s, "kid")


# ---- WONG-1, REF-25: Mrs. Wong -----------------------------------------------------------------------------------


def test_WONG_1_mrs_wong_shares_the_firewater() -> None:
    """WONG-1, REF-25: the Kid drinks; Mrs. Wong shares: +3 in fights for her too (6), one more thirst each;
    the card stays with the Kid."""
    s = table(hand("kid", "firewater-1"), actions())
    s = then_fold(s, c.DrinkFirewater(by="kid", card="firewater-1"))
    assert legal_commands(s, "mrs_wong") == (c.ShareFirewater(by="mrs_wong", share=True),
                                             c.ShareFirewater(by="mrs_wong", share=False))
    s = when(s, c.ShareFirewater(by="mrs_wong", share=True)).then(
        e.FirewaterShareAnswered(character="mrs_wong", card="firewater-1", share=True))
    assert s.drank == ("kid", "mrs_wong") and strength(s, ("mrs_wong",)) == 6 and s.char("mrs_wong").face_up == ()
    s = then_fold(s, everyone_does_nothing())
    when(s, c.DrawNavigation(cards=("nav-25",))).then_starts(
        e.NavigationDrawn(character=None, cards=("nav-25",), purpose="turn"), e.NavigationCardRevealed(card="nav-25"),
        e.SeagullAdded(total=1), e.ThirstCounted(thirst=(("mrs_wong", 1), ("kid", 1))))


def test_REF_25_nothing_else_happens_before_her_answer() -> None:
    """REF-25: while Mrs. Wong decides, another command and chance are refused; nobody else may answer."""
    s = table(hand("kid", "firewater-1"), hand("captain", "water-1"), actions(), c.DoNothing(by="lady_lauren"),
              c.Row(by="captain"))  # the row's draw is owed to chance
    assert chance_request(s) is not None
    s = then_fold(s, c.DrinkFirewater(by="kid", card="firewater-1"))
    assert chance_request(s) is None and waiting_for(s) == ("mrs_wong",)
    when(s, c.DrawNavigation(cards=("nav-19", "nav-20"))).refused(IllegalCommand, "REF-25")
    when(s, c.Reveal(by="captain", card="water-1")).refused(IllegalCommand, "REF-25")
    when(s, c.ShareFirewater(by="kid", share=True)).refused(IllegalCommand, "WONG-1")
    s = then_fold(s, c.ShareFirewater(by="mrs_wong", share=True))
    assert chance_request(s) is not None
    when(s, c.ShareFirewater(by="mrs_wong", share=True)).refused(IllegalCommand, "WONG-1")


def test_REF_25_who_is_not_asked() -> None:
    """REF-25: Mrs. Wong's own drink is not shared; unconscious, she is not asked; without her nobody is."""
    own = table(hand("mrs_wong", "firewater-1"), actions())
    when(own, c.DrinkFirewater(by="mrs_wong", card="firewater-1")).then(
        e.FirewaterDrunk(character="mrs_wong", card="firewater-1"))
    out = table(hand("kid", "firewater-1"), wounds("mrs_wong", 3), actions())
    when(out, c.DrinkFirewater(by="kid", card="firewater-1")).then(
        e.FirewaterDrunk(character="kid", card="firewater-1"))
    without = given(deal(), hand("kid", "firewater-1"), actions(), ruleset=LIQUID)
    when(without, c.DrinkFirewater(by="kid", card="firewater-1")).then(
        e.FirewaterDrunk(character="kid", card="firewater-1"))


def thirst_window(*items: object) -> object:
    """nav-20: the Kid overboard, then everyone but the Kid thirsty: Lady Lauren 1, the Captain 1, Mrs. Wong 1."""
    s = table(*items, actions(), everyone_does_nothing())
    return then_fold(s, c.DrawNavigation(cards=("nav-20",)), pass_all())


def test_WONG_1_water_quenches_mrs_wong_too() -> None:
    """WONG-1, REF-25: the Kid gives Water to the Captain: the Captain and Mrs. Wong each owe one thirst less."""
    s = thirst_window(hand("kid", "water-1"))
    assert s.step.thirst == (("lady_lauren", 1), ("captain", 1), ("mrs_wong", 1))
    s = when(s, c.GiveWater(by="kid", card="water-1", target="captain")).then(
        e.WaterGiven(character="kid", card="water-1", target="captain"),
        e.WaterShared(character="mrs_wong", card="water-1"))
    assert s.step.thirst == (("lady_lauren", 1), ("captain", 0), ("mrs_wong", 0)) and s.discard[-1] == "water-1"


def test_REF_25_water_shares_nothing_more_on_her_or_without_her_thirst() -> None:
    """REF-25: Water on Mrs. Wong cancels one of hers only; her own Water on Lady Lauren quenches her too; once
    she owes nothing, Water is not shared."""
    on_her = thirst_window(hand("kid", "water-1"))
    when(on_her, c.GiveWater(by="kid", card="water-1", target="mrs_wong")).then(
        e.WaterGiven(character="kid", card="water-1", target="mrs_wong"))
    hers = thirst_window(hand("mrs_wong", "water-1", "water-2"))
    hers = when(hers, c.GiveWater(by="mrs_wong", card="water-1", target="lady_lauren")).then(
        e.WaterGiven(character="mrs_wong", card="water-1", target="lady_lauren"),
        e.WaterShared(character="mrs_wong", card="water-1"))
    when(hers, c.GiveWater(by="mrs_wong", card="water-2", target="captain")).then(
        e.WaterGiven(character="mrs_wong", card="water-2", target="captain"))


def test_REF_25_an_unconscious_mrs_wong_shares_no_water() -> None:
    """REF-25, STATUS-1: unconscious (3 wounds), Mrs. Wong still owes her thirst after Water on the Captain."""
    s = thirst_window(hand("kid", "water-1"), wounds("mrs_wong", 3))
    when(s, c.GiveWater(by="kid", card="water-1", target="captain")).then(
        e.WaterGiven(character="kid", card="water-1", target="captain"))


# ---- LIQUID-3: the expansion's navigation cards -----------------------------------------------------------------


def test_LIQUID_3_nav_l11_sends_who_drank_overboard() -> None:
    """LIQUID-3: the Kid drank and Mrs. Wong shared; nav-l11 sends both overboard (seat order); then thirsty:
    everyone but Sir Stephen, the First Mate and Lady Lauren (the Captain 1, Mrs. Wong 1+1, the Kid 1+1)."""
    s = table(hand("kid", "firewater-1"), actions(), c.DrinkFirewater(by="kid", card="firewater-1"),
              c.ShareFirewater(by="mrs_wong", share=True), everyone_does_nothing())
    s = when(s, c.DrawNavigation(cards=("nav-l11",))).then(
        e.NavigationDrawn(character=None, cards=("nav-l11",), purpose="turn"), e.NavigationCardRevealed(card="nav-l11"),
        e.WentOverboard(characters=("mrs_wong", "kid"), lost=()))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="mrs_wong"))
    when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"), e.Wounded(character="mrs_wong", amount=1, cause="overboard"),
        e.Wounded(character="kid", amount=1, cause="overboard"),
        e.CardDiscarded(character="kid", card="firewater-1", reason="overboard"),
        e.ThirstCounted(thirst=(("captain", 1), ("mrs_wong", 2), ("kid", 2))))


def test_LIQUID_3_nav_l11_with_nobody_drunk_sends_nobody() -> None:
    """LIQUID-3: nobody drank: nav-l11 sends nobody overboard; the fighters' thirst counts (none fought)."""
    s = table(actions(), everyone_does_nothing())
    when(s, c.DrawNavigation(cards=("nav-l11",))).then(
        e.NavigationDrawn(character=None, cards=("nav-l11",), purpose="turn"), e.NavigationCardRevealed(card="nav-l11"),
        e.ThirstCounted(thirst=(("captain", 1), ("mrs_wong", 1), ("kid", 1))))


def test_LIQUID_3_nav_l12_and_nav_l13() -> None:
    """LIQUID-3: nav-l12 sends Mrs. Wong overboard, then only Lady Lauren is thirsty (everyone but the Captain,
    Dr. Harter, Mrs. Wong and the Kid); nav-l13 adds a seagull, sends Mrs. Wong overboard, then the Captain is
    thirsty (everyone but Sir Stephen, Mrs. Wong, Lady Lauren and the Kid) and so is the rower, the Kid, on oars."""
    s = table(actions(), everyone_does_nothing())
    s12 = when(s, c.DrawNavigation(cards=("nav-l12",))).then(
        e.NavigationDrawn(character=None, cards=("nav-l12",), purpose="turn"), e.NavigationCardRevealed(card="nav-l12"),
        e.WentOverboard(characters=("mrs_wong",), lost=()))
    when(then_fold(s12, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="mrs_wong")),
         c.Pass(by="kid")).then(
        e.Passed(character="kid"), e.Wounded(character="mrs_wong", amount=1, cause="overboard"),
        e.ThirstCounted(thirst=(("lady_lauren", 1),)))
    rowed = then_fold(table(actions()), c.DoNothing(by="lady_lauren"), c.DoNothing(by="captain"),
                      c.DoNothing(by="mrs_wong"), c.Row(by="kid"), c.DrawNavigation(cards=("nav-19", "nav-20")),
                      c.PlaceRowedCards(by="kid", to_stack=(), to_bottom=("nav-19", "nav-20")))
    s13 = when(rowed, c.DrawNavigation(cards=("nav-l13",))).then(
        e.NavigationDrawn(character=None, cards=("nav-l13",), purpose="turn"), e.NavigationCardRevealed(card="nav-l13"),
        e.SeagullAdded(total=1), e.WentOverboard(characters=("mrs_wong",), lost=()))
    when(then_fold(s13, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="mrs_wong")),
         c.Pass(by="kid")).then(
        e.Passed(character="kid"), e.Wounded(character="mrs_wong", amount=1, cause="overboard"),
        e.ThirstCounted(thirst=(("captain", 1), ("kid", 1))))


# ---- views -------------------------------------------------------------------------------------------------------


def test_LIQUID_1_WONG_1_the_drink_and_the_share_are_public() -> None:
    """LIQUID-1, WONG-1, PROC-5: everyone reads the drink, the share and the Water shared."""
    s = table(hand("kid", "firewater-1"), actions())
    obs = Observer(s)
    events = (e.FirewaterDrunk(character="kid", card="firewater-1"),
              e.FirewaterShareOffered(character="mrs_wong", card="firewater-1"),
              e.FirewaterShareAnswered(character="mrs_wong", card="firewater-1", share=True))
    obs.record(events[:2])
    assert obs.public_view().step.text.endswith("First Mrs. Wong shares the Firewater just drunk, or declines.")
    assert obs.public_view().waiting_for == ("mrs_wong",)
    obs.record(events[2:])
    texts = [x.text for x in obs.log(None)[-3:]]
    assert texts == [
        "The Kid drank Firewater: +3 size in fights until the end of the round, one more thirst.",
        "Mrs. Wong may share the Firewater.",
        "Mrs. Wong shared the Firewater: +3 size in fights until the end of the round, one more thirst.",
    ]
    assert obs.log("mrs_wong")[-2].text == "You may share the Firewater."
    assert obs.public_view().waiting_for == ("lady_lauren",)



def test_LIQUID_1_WONG_1_REF_24_every_view_says_who_drank_this_round() -> None:
    """LIQUID-1, WONG-1, REF-24: the drinks of the round (each +3 in fights, one more thirst) are public, so every
    audience's view lists them, once per drink or share, until the round ends; a page or the terminal shows them."""
    s = table(hand("captain", "firewater-1", "firewater-2"), hand("kid", "water-1"), actions("captain"))
    obs = Observer(s)
    assert obs.public_view().drank == ()
    for cmd in (c.DrinkFirewater(by="captain", card="firewater-1"), c.ShareFirewater(by="mrs_wong", share=True),
                c.DrinkFirewater(by="captain", card="firewater-2"), c.ShareFirewater(by="mrs_wong", share=False)):
        s, events = apply(s, cmd)
        obs.record(events)
    views = (obs.public_view(), obs.seat_view("kid"), obs.seat_view("mrs_wong"), obs.referee_view())
    assert [v.drank for v in views] == [("captain", "mrs_wong", "captain")] * 4
    assert msgspec.json.decode(msgspec.json.encode(views[0]))["drank"] == ["captain", "mrs_wong", "captain"]
    for cmd in (c.DoNothing(by="captain"), c.DoNothing(by="mrs_wong"), c.DoNothing(by="kid"),
                c.DrawNavigation(cards=("nav-25",)), c.Pass(by="lady_lauren"), c.Pass(by="captain"),
                c.Pass(by="mrs_wong"), c.Pass(by="kid")):
        s, events = apply(s, cmd)
        obs.record(events)
    assert (s.round, obs.public_view().drank) == (2, ())


# ---- property runs: Liquid Courage alone and with Cannibalism -----------------------------------------------------


def random_liquid(rng: random.Random, state: object) -> c.Command:
    """A random Liquid Courage command, mostly illegal."""
    ids = [x.character for x in state.characters] + ["nobody"]  # type: ignore[attr-defined]
    if rng.random() < 0.5:
        return c.ShareFirewater(by=rng.choice(ids), share=rng.random() < 0.5)
    return c.DrinkFirewater(by=rng.choice(ids), card=rng.choice(["firewater-1", "firewater-2", "water-1", "x"]))


def liquid_illegal(rng: random.Random, state: State) -> c.Command:
    """A random command fired at the table, mostly illegal: Liquid Courage's 30%, Cannibalism's 10%."""
    r = rng.random()
    return random_liquid(rng, state) if r < 0.3 else random_extra(rng, state) if r < 0.4 else random_command(
        rng, state)


def wong_alone_answers(state: State) -> None:
    """REF-25: while Mrs. Wong may share a Firewater, only she is waited for and chance waits."""
    if state.wong_share is not None:
        assert waiting_for(state) == ("mrs_wong",) and chance_request(state) is None


def play_liquid(seed: int, n: int, ruleset: Ruleset) -> Counter[str]:
    """A seeded random game with Liquid Courage (:func:`play_random_game`: every card in one place after every
    command, the game ends, folding its events gives the live state, the events survive JSON; issue 15), drinks
    and shares chosen 30% of the time they are legal."""
    return play_random_game(seed, n, ruleset, players=EIGHT_PLAYERS, illegal=liquid_illegal,
                            favour=(c.DrinkFirewater, c.ShareFirewater), favour_p=0.3, steps=8000,
                            after=wong_alone_answers)[1]


options = st.builds(Ruleset, quick_game=st.booleans(), shark_variant=st.booleans(), rowing_variant=st.booleans(),
                    swap_grants_immediate_turn=st.booleans(), remove_provisions_short_handed=st.booleans())


@settings(max_examples=12, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@hgiven(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 7), ruleset=options)
def test_random_games_with_liquid_courage_keep_every_invariant(seed: int, n: int, ruleset: Ruleset) -> None:
    """LIQUID-1..3, WONG-1, SETUP-1: Liquid Courage alone, 4 to 7 players, with random options."""
    play_liquid(seed, n, msgspec.structs.replace(ruleset, expansions=("liquid_courage",)))


@settings(max_examples=12, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@hgiven(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 8), ruleset=options)
def test_random_games_with_both_expansions_keep_every_invariant(seed: int, n: int, ruleset: Ruleset) -> None:
    """LIQUID-1..3, WONG-1, CANNIBAL-1, SETUP-1, REF-26: both expansions, 4 to 8 players, with random options."""
    play_liquid(seed, n, msgspec.structs.replace(ruleset, expansions=("cannibalism", "liquid_courage")))


def test_the_random_games_reach_every_liquid_courage_event() -> None:
    """The property runs are meaningful: drinks, shares and declines, Water shared, nav-l11 with drinkers."""
    seen: Counter[str] = Counter()
    for seed in range(8):
        seen += play_liquid(seed, 7 + seed % 2, BOTH if seed % 2 else LIQUID)
    for name in ("FirewaterDrunk", "FirewaterShareOffered", "FirewaterShareAnswered", "WaterShared"):
        assert seen[name] > 0, name


def test_LIQUID_3_the_expansion_navigation_cards_by_number() -> None:
    """LIQUID-3, NOTATION-1: with Liquid Courage ``chance: nav 11`` reads as nav-l11 (the print numbers do not
    overlap the base deck's 19-42); a number of no card says which exist; a base game has no nav-l11."""
    from lifeboat.notation import parse

    s = table(actions(), everyone_does_nothing())
    assert parse("chance: nav 11", s) == c.DrawNavigation(cards=("nav-l11",))
    assert parse("chance: nav nav-l13", s) == c.DrawNavigation(cards=("nav-l13",))
    with pytest.raises(InvalidCommand) as info:
        parse("chance: nav 8", s)
    assert "expected a number from 19 to 42, or nav-l11 to nav-l13" in info.value.message
    plain = given(deal(), actions(), everyone_does_nothing())
    with pytest.raises(InvalidCommand) as info:
        parse("chance: nav 11", plain)
    assert info.value.message.endswith("expected a number from 19 to 42")
