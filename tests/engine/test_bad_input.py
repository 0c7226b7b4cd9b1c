"""Bad input: every refusal is a RuleViolation naming its rule, and the state is unchanged (TURN-1, CARD-1,
ACT-1, STATUS-1, CHANCE-1)."""

from __future__ import annotations

import pytest

from lifeboat import commands as c
from lifeboat.errors import IllegalCommand, InvalidCommand, RuleViolation

from .gwt import actions, deal, face_up, given, hand, when, wounds

STATE = given(deal(), hand("captain", "flare_gun-1", "medical_kit-1"), face_up("frenchy", "knife-1"),
              wounds("kid", 3), wounds("frenchy", 1), actions())

CASES = [
    # unknown card
    (c.Reveal(by="lady_lauren", card="diamond-1"), InvalidCommand, "CARD-1"),
    (c.Reveal(by="lady_lauren", card="water-17"), InvalidCommand, "CARD-1"),
    (c.Mug(by="lady_lauren", target="frenchy", card="knife-2"), InvalidCommand, "CARD-1"),
    (c.UseMedicalKit(by="lady_lauren", card="bandage-1", target="frenchy"), InvalidCommand, "CARD-1"),
    # a character not in the game (the wrong seat)
    (c.DoNothing(by="first_mate"), InvalidCommand, "TURN-1"),
    (c.Row(by="Lady Lauren"), InvalidCommand, "TURN-1"),
    (c.Pass(by=""), InvalidCommand, "TURN-1"),
    # acting out of turn
    (c.Row(by="captain"), IllegalCommand, "ACT-1"),
    (c.FireFlareGun(by="captain", card="flare_gun-1"), IllegalCommand, "ACT-1"),
    (c.KeepProvision(by="lady_lauren", card="water-1"), IllegalCommand, "PROV-2"),
    (c.ChooseNavigationCard(by="kid", card="nav-19"), IllegalCommand, "NAV-1"),
    (c.Answer(by="captain", consent=False), IllegalCommand, "PROC-2"),
    (c.JoinFight(by="captain", side="defender"), IllegalCommand, "FIGHT-2"),
    (c.UseCompass(by="kid", use=True), IllegalCommand, "NAV-2"),
    (c.PlaceRowedCards(by="lady_lauren", to_stack=(), to_bottom=()), IllegalCommand, "ROW-1"),
    # an unconscious character acting
    (c.Reveal(by="kid", card="cash-4"), IllegalCommand, "STATUS-1"),
    (c.OfferTrade(by="kid", to="captain", give=("cash-4",)), IllegalCommand, "STATUS-1"),
    # a card the seat does not hold
    (c.Reveal(by="lady_lauren", card="flare_gun-1"), IllegalCommand, "CARD-1"),
    (c.UseMedicalKit(by="lady_lauren", card="medical_kit-1", target="frenchy"), IllegalCommand, "CARD-1"),
    (c.OfferTrade(by="lady_lauren", to="captain", give=("cash-2",)), IllegalCommand, "CARD-1"),
    (c.Reveal(by="frenchy", card="knife-1"), IllegalCommand, "PLAY-1"),  # held, but face up already
    # chance out of place
    (c.DrawFromHand(card="cash-1"), IllegalCommand, "CHANCE-1"),
    (c.DrawNavigation(cards=("nav-19",)), IllegalCommand, "CHANCE-1"),
    (c.DrawProvisions(cards=("water-1",)), IllegalCommand, "CHANCE-1"),
]


@pytest.mark.parametrize("cmd, error, rule", CASES, ids=[f"{r}-{type(x).__name__}" for x, _, r in CASES])
def test_bad_input_is_refused_with_its_rule_and_changes_nothing(cmd: c.Command, error: type[RuleViolation], rule: str) -> None:
    """TURN-1, CARD-1, ACT-1, STATUS-1, CHANCE-1: the refusal names the rule; the state is unchanged."""
    exc = when(STATE, cmd).refused(error, rule)
    assert isinstance(exc, RuleViolation)


def test_refusal_messages_do_not_name_hidden_cards() -> None:
    """CARD-1: refusing a card one does not hold names only that card, not where it is (the Captain's hand)."""
    exc = when(STATE, c.Reveal(by="lady_lauren", card="flare_gun-1")).refused(IllegalCommand, "CARD-1")
    assert "captain" not in exc.message.lower() and "medical" not in exc.message.lower()
