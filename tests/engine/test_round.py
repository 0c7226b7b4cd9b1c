"""Rounds, status, provisions and the end: ROUND-1, STATUS-1, PROV-1..3, END-1, END-2."""

from __future__ import annotations

import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import CHARACTERS
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.game import apply
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.scoring import scores
from lifeboat.state import ProvisionsPick

from lifeboat.game import new_game

from .gwt import PLAYERS, actions, deal, everyone_does_nothing, given, hand, then_fold, when, wounds

FIRST_PICKS = ("water-1", "oar-1", "knife-1", "compass-1")


def test_ROUND_1_a_round_is_provisions_then_actions_then_navigation() -> None:
    """ROUND-1: the phase events of round 1, in order, through real commands; markers cleared at the end."""
    state = new_game(PLAYERS[:4])
    log: list[e.Event] = []
    for cmd in [deal(), c.DrawProvisions(cards=FIRST_PICKS), c.KeepProvision(by="lady_lauren", card="knife-1"),
                c.KeepProvision(by="captain", card="oar-1"), c.KeepProvision(by="frenchy", card="water-1"),
                c.KeepProvision(by="kid", card="compass-1"), c.Row(by="lady_lauren"),
                c.DrawNavigation(cards=("nav-25", "nav-30")),
                c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25",), to_bottom=("nav-30",)),
                c.DoNothing(by="captain"), c.DoNothing(by="frenchy"), c.DoNothing(by="kid"),
                c.ChooseNavigationCard(by="kid", card="nav-25")]:
        state, events = apply(state, cmd)
        log += events
    phases = [type(ev).__name__ for ev in log if "Phase" in type(ev).__name__ or "Round" in type(ev).__name__]
    assert phases == ["RoundStarted", "ProvisionsPhaseStarted", "ActionPhaseStarted", "NavigationPhaseStarted", "RoundEnded",
                      "RoundStarted", "ProvisionsPhaseStarted"]
    assert state.round == 2 and not state.char("lady_lauren").rowed
    assert [ch.wounds for ch in state.characters] == [0, 0, 0, 0]  # a marker is not a wound


@pytest.mark.parametrize("n, status", [(2, "conscious"), (3, "unconscious"), (4, "dead")])
def test_STATUS_1_status_follows_wounds_and_size(n: int, status: str) -> None:
    """STATUS-1: the Kid (size 3) with 2, 3, 4 wounds."""
    assert CHARACTERS["kid"].size == 3
    assert given(deal(), wounds("kid", n)).status("kid") == status


def test_STATUS_1_unconscious_and_lost_characters_issue_no_command() -> None:
    """STATUS-1: the unconscious Kid cannot reveal or trade; the Captain, lost at sea, cannot either."""
    s = given(deal(), wounds("kid", 3), e.LostAtSea(character="captain"), actions())
    when(s, c.Reveal(by="kid", card="cash-4")).refused(IllegalCommand, "STATUS-1")
    when(s, c.OfferTrade(by="kid", to="frenchy", give=("cash-4",))).refused(IllegalCommand, "STATUS-1")
    when(s, c.Reveal(by="captain", card="cash-2")).refused(IllegalCommand, "STATUS-1")
    assert legal_commands(s, "kid") == () and legal_commands(s, "captain") == ()


def test_PROV_2_the_quartermaster_keeps_one_and_passes_the_rest_sternward() -> None:
    """PROV-2: exact events of the provisions step with four conscious characters."""
    s = given(deal())
    s = when(s, c.DrawProvisions(cards=FIRST_PICKS)).then(e.ProvisionsDrawn(quartermaster="lady_lauren", cards=FIRST_PICKS))
    when(s, c.KeepProvision(by="captain", card="oar-1")).refused(IllegalCommand, "PROV-2")
    when(s, c.KeepProvision(by="lady_lauren", card="water-2")).refused(IllegalCommand, "PROV-2")
    s = when(s, c.KeepProvision(by="lady_lauren", card="knife-1")).then(
        e.ProvisionKept(character="lady_lauren", card="knife-1"),
        e.ProvisionsPassed(by="lady_lauren", to="captain", cards=("water-1", "oar-1", "compass-1")),
    )
    s = when(s, c.KeepProvision(by="captain", card="oar-1")).then(
        e.ProvisionKept(character="captain", card="oar-1"),
        e.ProvisionsPassed(by="captain", to="frenchy", cards=("water-1", "compass-1")),
    )
    when(s, c.KeepProvision(by="frenchy", card="oar-1")).refused(IllegalCommand, "PROV-2")
    s = when(s, c.KeepProvision(by="frenchy", card="compass-1")).then(
        e.ProvisionKept(character="frenchy", card="compass-1"),
        e.ProvisionsPassed(by="frenchy", to="kid", cards=("water-1",)),
    )
    s = when(s, c.KeepProvision(by="kid", card="water-1")).then(
        e.ProvisionKept(character="kid", card="water-1"),
        e.ActionPhaseStarted(order=("lady_lauren", "captain", "frenchy", "kid")),
        e.ActionTurnStarted(character="lady_lauren", index=0),
    )
    assert [ch.hand for ch in s.characters] == [("cash-1", "knife-1"), ("cash-2", "oar-1"), ("cash-3", "compass-1"),
                                                ("cash-4", "water-1")]


def test_PROV_2_unconscious_characters_are_skipped() -> None:
    """PROV-2: with the Captain unconscious, round 2 draws 3 and Lady Lauren passes to Frenchy."""
    s = given(deal(), wounds("captain", 7), actions(), everyone_does_nothing(), c.DrawNavigation(cards=("nav-25",)))
    assert s.step.__class__.__name__ == "ProvisionsDraw" and s.step.count == 3  # type: ignore[union-attr]
    s = then_fold(s, c.DrawProvisions(cards=("water-1", "water-2", "water-3")))
    when(s, c.KeepProvision(by="lady_lauren", card="water-2")).then(
        e.ProvisionKept(character="lady_lauren", card="water-2"),
        e.ProvisionsPassed(by="lady_lauren", to="frenchy", cards=("water-1", "water-3")),
    )


def test_PROV_2_when_cards_run_out_the_rest_get_none() -> None:
    """PROV-2: two cards left for four characters: Lady Lauren and the Captain keep one each; actions begin."""
    s = given(deal())
    rest = tuple(x for x in s.provisions if x not in ("water-1", "water-2"))
    s = given(deal(), hand("frenchy", *rest))
    assert s.provisions == ("water-1", "water-2")
    s = then_fold(s, actions(), everyone_does_nothing())
    s = when(s, c.DrawNavigation(cards=("nav-25",))).then_starts(
        e.NavigationDrawn(character=None, cards=("nav-25",), purpose="turn")
    )
    assert s.step.__class__.__name__ == "ProvisionsDraw" and s.step.count == 2  # type: ignore[union-attr]
    when(s, c.DrawProvisions(cards=("water-1", "water-2", "water-3"))).refused(InvalidCommand, "CHANCE-1")
    s = then_fold(s, c.DrawProvisions(cards=("water-2", "water-1")), c.KeepProvision(by="lady_lauren", card="water-1"))
    s = when(s, c.KeepProvision(by="captain", card="water-2")).then(
        e.ProvisionKept(character="captain", card="water-2"),
        e.ActionPhaseStarted(order=("lady_lauren", "captain", "frenchy", "kid")),
        e.ActionTurnStarted(character="lady_lauren", index=0),
    )
    assert s.provisions == ()


def test_PROV_1_an_empty_provisions_deck_skips_the_step() -> None:
    """PROV-1: with no provisions left round 2 goes straight to actions."""
    s = given(deal())
    s = given(deal(), hand("frenchy", *s.provisions), actions(), everyone_does_nothing())
    when(s, c.DrawNavigation(cards=("nav-25",))).then(
        e.NavigationDrawn(character=None, cards=("nav-25",), purpose="turn"),
        e.NavigationCardRevealed(card="nav-25"),
        e.SeagullAdded(total=1),
        e.CardsToBottom(cards=("nav-25",)),
        e.RoundEnded(round=1),
        e.RoundStarted(round=2),
        e.ActionPhaseStarted(order=("lady_lauren", "captain", "frenchy", "kid")),
        e.ActionTurnStarted(character="lady_lauren", index=0),
    )


def test_PROV_3_no_trading_while_provisions_are_handed_out_but_revealing_is_allowed() -> None:
    """PROV-3: a trade offer during the provisions step is refused; a reveal is not."""
    s = given(deal(), c.DrawProvisions(cards=FIRST_PICKS))
    assert isinstance(s.step, ProvisionsPick)
    when(s, c.OfferTrade(by="captain", to="frenchy", give=("cash-2",))).refused(IllegalCommand, "TRADE-1")
    when(s, c.Reveal(by="captain", card="cash-2")).then(e.CardRevealed(character="captain", card="cash-2"))


def _everyone_dies() -> object:
    return given(deal(), wounds("lady_lauren", 3), wounds("captain", 6), wounds("frenchy", 6), wounds("kid", 2),
                 hand("frenchy", "painting-1"), actions(), everyone_does_nothing(), c.DrawNavigation(cards=("nav-22",)),
                 c.Pass(by="lady_lauren"), c.Pass(by="captain"))


def test_END_1_no_living_character_left_ends_the_game_at_the_end_of_the_round() -> None:
    """END-1: nav-22; Frenchy (unconscious) is lost at sea; the fall and thirst kill the others."""
    s = when(_everyone_dies(), c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="lady_lauren", amount=1, cause="overboard"),
        e.Wounded(character="captain", amount=1, cause="overboard"),
        e.Wounded(character="kid", amount=1, cause="overboard"),
        e.LostAtSea(character="frenchy"),
        e.ThirstCounted(thirst=(("lady_lauren", 1), ("captain", 1), ("kid", 1))),
        e.Wounded(character="lady_lauren", amount=1, cause="thirst"),
        e.Wounded(character="captain", amount=1, cause="thirst"),
        e.Wounded(character="kid", amount=1, cause="thirst"),
        e.CardsToBottom(cards=("nav-22",)),
        e.RoundEnded(round=1),
        e.GameEnded(reason="no_survivors"),
    )
    assert s.over and waiting_for(s) == () and chance_request(s) is None
    assert all(legal_commands(s, ch.character) == () for ch in s.characters)
    when(s, c.DoNothing(by="lady_lauren")).refused(IllegalCommand, "END-1")
    when(s, c.DrawNavigation(cards=("nav-19",))).refused(IllegalCommand, "END-1")


def test_END_2_at_the_end_every_hand_love_and_hate_is_still_known() -> None:
    """END-2: after the end the state keeps every hand (the lost Frenchy's too), LOVE and HATE for scoring."""
    s = then_fold(_everyone_dies(), c.Pass(by="kid"))
    assert s.char("frenchy").hand == ("cash-3", "painting-1") and not s.char("frenchy").in_boat
    assert [(ch.love, ch.hate) for ch in s.characters] == [("captain", "frenchy"), ("frenchy", "kid"),
                                                           ("kid", "lady_lauren"), ("lady_lauren", "captain")]
    # every character died: each player scores only the HATE size (the treasure of bodies in the boat counts too)
    assert [sc.total for sc in scores(s)] == [6 + 1, 3 + 2, 4, 7 + 1]


def test_END_1_everyone_unconscious_does_not_end_the_game() -> None:
    """END-1: all four unconscious at the start of a round: the game goes on (navigation turns the top card)."""
    s = given(deal(), wounds("lady_lauren", 4), wounds("captain", 7), wounds("frenchy", 6), wounds("kid", 2),
              actions("kid"), c.DoNothing(by="kid"), c.DrawNavigation(cards=("nav-39",)))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="kid", amount=1, cause="thirst"),
        e.CardsToBottom(cards=("nav-39",)),
        e.RoundEnded(round=1),
        e.RoundStarted(round=2),
        e.ActionPhaseStarted(order=("lady_lauren", "captain", "frenchy", "kid")),
        e.NavigationPhaseStarted(navigator=None),
    )
    assert s.status("kid") == "unconscious" and not s.over and chance_request(s) is not None
