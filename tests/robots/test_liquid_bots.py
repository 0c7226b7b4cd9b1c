"""Bots and Liquid Courage (LIQUID-1, WONG-1, REF-25): every kind answers Mrs. Wong's share, even during another
seat's provisions pick whose cards she cannot see; the heuristic shares only to turn a fight and drinks to win one;
the search bot searches Firewater only in fights."""

from __future__ import annotations

import random

import pytest

from lifeboat import bots
from lifeboat import commands as c
from lifeboat.state import ProvisionsPick
from lifeboat.views import Observer
from lifeboat.bots.heuristic import decide
from lifeboat.bots.situation import from_view
from lifeboat.bots.search import candidates
from tests.engine.gwt import actions, deal, given, hand, then_fold
from tests.engine.test_liquid_courage import LIQUID, WONG4

SHARE, DECLINE = c.ShareFirewater(by="mrs_wong", share=True), c.ShareFirewater(by="mrs_wong", share=False)


def during_a_pick() -> object:
    """Lady Lauren picks a provision (the others cannot see the cards); the Kid drinks: Mrs. Wong must answer."""
    s = given(deal(WONG4), hand("kid", "firewater-1"), ruleset=LIQUID)
    s = then_fold(s, c.DrawProvisions(cards=("water-1", "water-2", "water-3", "water-4")))
    assert isinstance(s.step, ProvisionsPick) and s.step.picker == "lady_lauren"
    return then_fold(s, c.DrinkFirewater(by="kid", card="firewater-1"))


@pytest.mark.parametrize("kind", bots.KINDS)
def test_REF_25_every_bot_answers_mrs_wong_during_another_seats_pick(kind: str) -> None:
    """REF-25: her answer comes first; each bot returns one of her two commands from her own view only."""
    obs = Observer(during_a_pick())
    view = obs.seat_view("mrs_wong")
    assert view.legal == (SHARE, DECLINE) and view.step.hidden  # Lady Lauren's offered cards are hidden from her
    bot = bots.make(kind, 20)
    choice = bot.choose(view, obs.log("mrs_wong") if bot.wants_log else (), random.Random(3))
    assert choice in (SHARE, DECLINE)


def test_WONG_1_the_heuristic_declines_outside_a_fight_and_shares_to_turn_one() -> None:
    """WONG-1: outside a fight the extra thirst is not worth it; defending against the Captain (7 against her 3),
    +3 still loses, so she declines; against Lady Lauren (4 against 3) a share turns it (6 >= 4), so she shares."""
    assert decide(from_view(Observer(during_a_pick()).seat_view("mrs_wong"))) == DECLINE
    for attacker, want in (("captain", DECLINE), ("lady_lauren", SHARE)):
        s = given(deal(WONG4), hand("kid", "firewater-1"), actions(attacker), ruleset=LIQUID)
        s = then_fold(s, c.ChangeSeats(by=attacker, target="mrs_wong"), c.Answer(by="mrs_wong", consent=False),
                      c.DrinkFirewater(by="kid", card="firewater-1"))
        assert decide(from_view(Observer(s).seat_view("mrs_wong"))) == want, attacker


def test_LIQUID_1_the_heuristic_drinks_to_win_and_search_keeps_drinks_for_fights() -> None:
    """LIQUID-1: the Kid (3), refusing Lady Lauren (4), drinks his Firewater: 6 defends; outside a fight the search
    bot leaves the drink out of its candidates."""
    s = given(deal(WONG4), hand("kid", "firewater-1"), actions(), ruleset=LIQUID)
    assert not any(isinstance(x, c.DrinkFirewater) for x in candidates(Observer(s).seat_view("kid")))
    s = then_fold(s, c.ChangeSeats(by="lady_lauren", target="kid"), c.Answer(by="kid", consent=False))
    view = Observer(s).seat_view("kid")
    assert decide(from_view(view)) == c.DrinkFirewater(by="kid", card="firewater-1")
    assert c.DrinkFirewater(by="kid", card="firewater-1") in candidates(view)


def test_FIGHT_3_a_bot_weighs_a_fight_as_the_engine_decides_it_under_the_shark_variant() -> None:
    """FIGHT-3, OPT-SHARK, REF-24: the Kid (3, +1 with the sharks) drank Firewater (+3) and refuses Lady Lauren
    (4 + 1) holding a Knife face up (+3). A bot's strengths, from its own view or a simulated state, are the
    engine's (:func:`lifeboat.decide.fighter_strength`): the Kid 7, Lady Lauren 8. The bots left the drink out (the
    Kid counted 4: a fight lost by 4, where one more Firewater would not turn it)."""
    from lifeboat.bots.situation import from_state
    from lifeboat.decide import fighter_strength
    from lifeboat.ruleset import Ruleset
    from tests.engine.gwt import face_up

    sharks = Ruleset(expansions=("liquid_courage",), shark_variant=True)
    s = given(deal(WONG4), hand("kid", "firewater-1"), face_up("lady_lauren", "knife-1"), actions("lady_lauren"),
              ruleset=sharks)
    s = then_fold(s, c.ChangeSeats(by="lady_lauren", target="kid"), c.Answer(by="kid", consent=False),
                  c.DrinkFirewater(by="kid", card="firewater-1"))
    assert fighter_strength(s, "kid") == (4, 0, 3) and fighter_strength(s, "lady_lauren") == (5, 3, 0)
    obs = Observer(s)
    for sit in (from_view(obs.seat_view("mrs_wong")), from_state(s, "mrs_wong", ())):
        assert {ch: sit.chars[ch].strength for ch in WONG4} == {"lady_lauren": 8, "captain": 8, "mrs_wong": 4,
                                                               "kid": 7}
    fight = obs.seat_view("mrs_wong").fight
    assert fight is not None and (fight.attack, fight.defence) == (8, 7)  # what the page shows: the same numbers
