"""Actions: ACT-1, ACT-2, ROW-1, SWAP-1, MUG-1, MUG-2, SPECIAL-1, FLARE-1, PARASOL-1, MEDKIT-1, REF-2, REF-3,
REF-10, REF-11."""

from __future__ import annotations

import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import navigation_instances
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.ruleset import Ruleset
from lifeboat.state import ActionTurn, AwaitAnswer, FlareDraw, MugDraw, RowDraw, RowPlace

from .gwt import actions, deal, face_up, given, hand, then_fold, when, wounds

# Default table (FOUR): seats Lady Lauren (size 4), Captain (7), Frenchy (6), Kid (3); hands cash-1..cash-4.


# ---- ACT-1 / ACT-2 -----------------------------------------------------------------------------------------------


def test_ACT_1_order_is_fixed_when_the_action_step_starts() -> None:
    """ACT-1: after Lady Lauren swaps with the Kid, the Captain still acts next and the Kid (now at the bow) last."""
    s = given(deal(), actions())
    s = when(s, c.ChangeSeats(by="lady_lauren", target="kid")).then(e.SeatChangeDeclared(character="lady_lauren", target="kid"))
    s = when(s, c.Answer(by="kid", consent=True)).then(
        e.Answered(character="kid", consent=True),
        e.SeatsChanged(character="lady_lauren", target="kid"),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.seats == ("kid", "captain", "frenchy", "lady_lauren")
    s = then_fold(s, c.DoNothing(by="captain"))
    when(s, c.DoNothing(by="frenchy")).then(e.DidNothing(character="frenchy"), e.ActionTurnStarted(character="kid", index=3))


def test_ACT_1_only_the_character_whose_turn_it_is_acts() -> None:
    """ACT-1: the Captain cannot row during Lady Lauren's turn."""
    when(given(deal(), actions()), c.Row(by="captain")).refused(IllegalCommand, "ACT-1")


def test_ACT_1_a_character_not_conscious_is_skipped() -> None:
    """ACT-1: the unconscious Captain is skipped; Frenchy acts after Lady Lauren."""
    s = given(deal(), wounds("captain", 7), actions())
    when(s, c.DoNothing(by="lady_lauren")).then(
        e.DidNothing(character="lady_lauren"), e.ActionTurnStarted(character="frenchy", index=2)
    )


def test_ACT_1_when_the_last_actors_are_skipped_navigation_begins() -> None:
    """ACT-1, NAV-1: Frenchy and the Kid are out cold; after the Captain, navigation begins with the Captain."""
    s = given(deal(), wounds("frenchy", 6), wounds("kid", 4), actions("captain"))
    s = when(s, c.DoNothing(by="captain")).then(
        e.DidNothing(character="captain"), e.NavigationPhaseStarted(navigator="captain")
    )


def test_ACT_2_one_action_then_the_turn_passes() -> None:
    """ACT-2: doing nothing is an action; a second action by the same character is refused."""
    s = given(deal(), actions())
    s = when(s, c.DoNothing(by="lady_lauren")).then(
        e.DidNothing(character="lady_lauren"), e.ActionTurnStarted(character="captain", index=1)
    )
    when(s, c.DoNothing(by="lady_lauren")).refused(IllegalCommand, "ACT-1")


def test_ACT_2_no_action_outside_the_action_step() -> None:
    """ACT-2: no action while provisions are drawn, nor while a rower places cards."""
    when(given(deal()), c.Row(by="lady_lauren")).refused(IllegalCommand, "ACT-2")
    s = given(deal(), actions(), c.Row(by="lady_lauren"))
    when(s, c.DoNothing(by="lady_lauren")).refused(IllegalCommand, "ACT-2")


# ---- ROW-1 -----------------------------------------------------------------------------------------------------


def test_ROW_1_rowing_draws_two_and_the_rower_places_each_card() -> None:
    """ROW-1: Rowed (marker), two cards drawn, one to the row stack and one under the deck; then the next turn."""
    s = given(deal(), actions())
    s = when(s, c.Row(by="lady_lauren")).then(e.Rowed(character="lady_lauren", count=2))
    assert s.char("lady_lauren").rowed and s.step == RowDraw(rower="lady_lauren", count=2)
    s = when(s, c.DrawNavigation(cards=("nav-30", "nav-25"))).then(
        e.NavigationDrawn(character="lady_lauren", cards=("nav-30", "nav-25"), purpose="row")
    )
    assert s.step == RowPlace(rower="lady_lauren", drawn=("nav-30", "nav-25"))
    s = when(s, c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25",), to_bottom=("nav-30",))).then(
        e.RowedCardsPlaced(character="lady_lauren", to_stack=("nav-25",), to_bottom=("nav-30",)),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.row_stack == ("nav-25",) and s.nav_bottom == ("nav-30",) and len(s.nav_unseen) == 22


def test_ROW_1_each_face_up_oar_draws_one_more() -> None:
    """ROW-1: two Oars face up draw 4; an Oar in hand does not count."""
    s = given(deal(), face_up("lady_lauren", "oar-1", "oar-2"), actions())
    when(s, c.Row(by="lady_lauren")).then(e.Rowed(character="lady_lauren", count=4))
    s = given(deal(), hand("lady_lauren", "oar-1"), actions())
    when(s, c.Row(by="lady_lauren")).then(e.Rowed(character="lady_lauren", count=2))


@pytest.mark.parametrize("stack, bottom", [((), ("nav-25", "nav-30")), (("nav-30", "nav-25"), ())])
def test_ROW_1_keeping_none_or_both_is_allowed(stack: tuple[str, ...], bottom: tuple[str, ...]) -> None:
    """ROW-1: 0 or 2 cards on the row stack; the rower keeps the marker either way; the bottom order is theirs."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-30", "nav-25")))
    s = when(s, c.PlaceRowedCards(by="lady_lauren", to_stack=stack, to_bottom=bottom)).then(
        e.RowedCardsPlaced(character="lady_lauren", to_stack=stack, to_bottom=bottom),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.row_stack == stack and s.nav_bottom == bottom and s.char("lady_lauren").rowed


@pytest.mark.parametrize(
    "cmd, error",
    [
        (c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-30",), to_bottom=("nav-19",)), InvalidCommand),
        (c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-30",), to_bottom=("nav-30",)), InvalidCommand),
        (c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-30",), to_bottom=()), InvalidCommand),
        (c.PlaceRowedCards(by="captain", to_stack=("nav-30", "nav-25"), to_bottom=()), IllegalCommand),
    ],
)
def test_ROW_1_place_exactly_the_cards_drawn_and_only_the_rower(cmd: c.PlaceRowedCards, error: type) -> None:
    """ROW-1: a card not drawn, a card twice, a card forgotten, or another character placing: refused."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-30", "nav-25")))
    when(s, cmd).refused(error, "ROW-1")


def test_ROW_1_a_short_deck_draws_what_remains() -> None:
    """ROW-1: with one navigation card left in the deck, rowing draws 1."""
    every = tuple(sorted(navigation_instances()))
    s = given(deal(), actions(), e.NavigationDrawn(character=None, cards=every[1:], purpose="turn"))
    when(s, c.Row(by="lady_lauren")).then(e.Rowed(character="lady_lauren", count=1))


@pytest.mark.parametrize("stack", [(), ("nav-30", "nav-25")])
def test_ROW_1_option_row_keeps_exactly_one(stack: tuple[str, ...]) -> None:
    """ROW-1 with row_keeps_exactly_one: 0 or 2 on the row stack is refused; exactly one is accepted."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-30", "nav-25")),
              ruleset=Ruleset(row_keeps_exactly_one=True))
    bottom = tuple(x for x in ("nav-30", "nav-25") if x not in stack)
    when(s, c.PlaceRowedCards(by="lady_lauren", to_stack=stack, to_bottom=bottom)).refused(IllegalCommand, "ROW-1")
    when(s, c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-30",), to_bottom=("nav-25",))).then(
        e.RowedCardsPlaced(character="lady_lauren", to_stack=("nav-30",), to_bottom=("nav-25",)),
        e.ActionTurnStarted(character="captain", index=1),
    )


# ---- SWAP-1 ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hurt", [3, 4])
def test_SWAP_1_an_unconscious_or_dead_target_cannot_refuse(hurt: int) -> None:
    """SWAP-1, STATUS-1: the seats change at once when the Kid is unconscious (3 wounds) or dead (4)."""
    s = given(deal(), wounds("kid", hurt), actions())
    s = when(s, c.ChangeSeats(by="lady_lauren", target="kid")).then(
        e.SeatChangeDeclared(character="lady_lauren", target="kid"),
        e.SeatsChanged(character="lady_lauren", target="kid"),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.seats == ("kid", "captain", "frenchy", "lady_lauren")


def test_SWAP_1_a_conscious_target_answers() -> None:
    """SWAP-1: a conscious target is asked (the game waits for the Kid's answer)."""
    s = given(deal(), actions(), c.ChangeSeats(by="lady_lauren", target="kid"))
    assert s.step == AwaitAnswer(kind="swap", attacker="lady_lauren", target="kid")


@pytest.mark.parametrize(
    "target, error", [("lady_lauren", IllegalCommand), ("kid", IllegalCommand), ("nobody", InvalidCommand)]
)
def test_SWAP_1_target_another_character_in_the_boat(target: str, error: type) -> None:
    """SWAP-1: not oneself, not the Kid once lost at sea, not an unknown character."""
    s = given(deal(), e.LostAtSea(character="kid"), actions())
    when(s, c.ChangeSeats(by="lady_lauren", target=target)).refused(error, "SWAP-1")


# ---- MUG-1 / MUG-2 -----------------------------------------------------------------------------------------------


def test_MUG_1_a_face_up_card_goes_into_the_muggers_hand() -> None:
    """MUG-1: the Captain consents; Lady Lauren takes his face-up Knife into her hand."""
    s = given(deal(), face_up("captain", "knife-1"), actions())
    s = when(s, c.Mug(by="lady_lauren", target="captain", card="knife-1")).then(
        e.MugDeclared(character="lady_lauren", target="captain", card="knife-1")
    )
    s = when(s, c.Answer(by="captain", consent=True)).then(
        e.Answered(character="captain", consent=True),
        e.MugSucceeded(character="lady_lauren", target="captain", card="knife-1"),
        e.CardMugged(character="lady_lauren", target="captain", card="knife-1", from_hand=False),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.char("lady_lauren").hand == ("cash-1", "knife-1") and s.char("captain").face_up == ()


def test_MUG_1_a_hand_card_is_chosen_at_random_only_after_success() -> None:
    """MUG-1: the hand card is drawn by chance after the consent."""
    s = given(deal(), hand("captain", "water-1"), actions(), c.Mug(by="lady_lauren", target="captain"))
    s = when(s, c.Answer(by="captain", consent=True)).then(
        e.Answered(character="captain", consent=True),
        e.MugSucceeded(character="lady_lauren", target="captain", card=None),
    )
    assert s.step == MugDraw(mugger="lady_lauren", target="captain")
    when(s, c.DrawFromHand(card="cash-1")).refused(IllegalCommand, "CHANCE-1")
    s = when(s, c.DrawFromHand(card="water-1")).then(
        e.CardMugged(character="lady_lauren", target="captain", card="water-1", from_hand=True),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.char("captain").hand == ("cash-2",) and s.char("lady_lauren").hand == ("cash-1", "water-1")


def test_MUG_1_an_unconscious_target_cannot_refuse() -> None:
    """MUG-1, STATUS-1: mugging the unconscious Captain for a hand card goes straight to the draw."""
    s = given(deal(), wounds("captain", 7), actions())
    when(s, c.Mug(by="lady_lauren", target="captain")).then(
        e.MugDeclared(character="lady_lauren", target="captain", card=None),
        e.MugSucceeded(character="lady_lauren", target="captain", card=None),
    )


@pytest.mark.parametrize(
    "cmd, error, rule",
    [
        (c.Mug(by="lady_lauren", target="captain", card="knife-1"), IllegalCommand, "MUG-1"),  # in hand, not face up
        (c.Mug(by="lady_lauren", target="frenchy"), IllegalCommand, "MUG-1"),  # empty hand
        (c.Mug(by="lady_lauren", target="lady_lauren"), IllegalCommand, "MUG-1"),
        (c.Mug(by="lady_lauren", target="kid"), IllegalCommand, "MUG-1"),  # lost at sea
        (c.Mug(by="lady_lauren", target="captain", card="knife-9"), InvalidCommand, "CARD-1"),
    ],
)
def test_MUG_1_a_target_without_the_card_cannot_be_mugged_for_it(cmd: c.Mug, error: type, rule: str) -> None:
    """MUG-1: only a card that is there (face up as named, or a hand card) can be mugged; CARD-1 for no such card."""
    s = given(deal(), hand("captain", "knife-1"), e.CardRevealed(character="frenchy", card="cash-3"),
              e.LostAtSea(character="kid"), actions())
    when(s, cmd).refused(error, rule)


def test_MUG_2_the_kids_pickpocket_cannot_be_refused_nor_answered() -> None:
    """MUG-2: no answer, no fight; nobody may reveal until the card is taken; then navigation (the Kid acted last)."""
    s = given(deal(), actions("kid"))
    s = when(s, c.Mug(by="kid", target="captain")).then(
        e.MugDeclared(character="kid", target="captain", card=None),
        e.MugSucceeded(character="kid", target="captain", card=None),
    )
    refusal = when(s, c.Answer(by="captain", consent=False)).refused(IllegalCommand, "MUG-2")  # issue 14
    assert "pickpocket cannot be refused" in refusal.message
    when(s, c.Answer(by="kid", consent=False)).refused(IllegalCommand, "PROC-2")  # not the target: nothing to answer
    when(s, c.Reveal(by="captain", card="cash-2")).refused(IllegalCommand, "MUG-2")
    s = when(s, c.DrawFromHand(card="cash-2")).then(
        e.CardMugged(character="kid", target="captain", card="cash-2", from_hand=True),
        e.NavigationPhaseStarted(navigator="kid"),
    )
    assert s.char("kid").hand == ("cash-4", "cash-2")


def test_MUG_2_the_kid_mugging_a_face_up_card_is_an_ordinary_mug() -> None:
    """MUG-2: for a face-up card the target is asked."""
    s = given(deal(), face_up("captain", "knife-1"), actions("kid"))
    s = when(s, c.Mug(by="kid", target="captain", card="knife-1")).then(
        e.MugDeclared(character="kid", target="captain", card="knife-1")
    )
    assert s.step == AwaitAnswer(kind="mug", attacker="kid", target="captain", card="knife-1")


def test_REF_10_no_reveal_while_an_ordinary_mugs_card_is_drawn() -> None:
    """REF-10: after a consented hand mug, nobody may reveal before chance takes the card."""
    s = given(deal(), actions(), c.Mug(by="lady_lauren", target="captain"), c.Answer(by="captain", consent=True))
    when(s, c.Reveal(by="captain", card="cash-2")).refused(IllegalCommand, "REF-10")
    when(s, c.Reveal(by="frenchy", card="cash-3")).refused(IllegalCommand, "REF-10")


def test_REF_2_a_hand_mug_on_an_emptied_hand_takes_nothing() -> None:
    """REF-2: the Captain reveals his only card during the fight; the attackers win; the mug finds nothing."""
    s = given(deal(), actions(), c.Mug(by="lady_lauren", target="captain"), c.Answer(by="captain", consent=False),
              c.JoinFight(by="frenchy", side="attacker"), c.Reveal(by="captain", card="cash-2"),
              c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren", "frenchy"), defenders=("captain",), attack=10, defence=7,
                        winner="attacker"),
        e.Wounded(character="captain", amount=1, cause="fight"),
        e.MugSucceeded(character="lady_lauren", target="captain", card=None),
        e.MugFoundNothing(character="lady_lauren", target="captain"),
        e.ActionTurnStarted(character="captain", index=1),
    )


def test_REF_11_mugging_a_single_use_flare_gun_that_decided_the_fight_takes_nothing() -> None:
    """REF-11, FIGHT-4 option: the Flare Gun counted for the defender and is discarded; the winning mug takes
    nothing."""
    s = given(deal(), face_up("lady_lauren", "flare_gun-1"), actions("captain"),
              c.Mug(by="captain", target="lady_lauren", card="flare_gun-1"), c.Answer(by="lady_lauren", consent=False),
              c.JoinFight(by="frenchy", side="attacker"), c.Pass(by="lady_lauren"), c.Pass(by="captain"),
              c.Pass(by="frenchy"), ruleset=Ruleset(flare_gun_single_use_weapon=True))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("captain", "frenchy"), defenders=("lady_lauren",), attack=13, defence=12,
                        winner="attacker"),
        e.Wounded(character="lady_lauren", amount=1, cause="fight"),
        e.CardDiscarded(character="lady_lauren", card="flare_gun-1", reason="single_use_weapon"),
        e.MugSucceeded(character="captain", target="lady_lauren", card="flare_gun-1"),
        e.MugFoundNothing(character="captain", target="lady_lauren"),
        e.ActionTurnStarted(character="frenchy", index=2),
    )
    assert s.discard == ("flare_gun-1",) and s.char("captain").hand == ("cash-2",)


# ---- SPECIAL-1 / FLARE-1 / PARASOL-1 / MEDKIT-1 ------------------------------------------------------------------


def test_SPECIAL_1_special_cards_are_used_only_on_ones_own_action() -> None:
    """SPECIAL-1: the Captain may reveal his Flare Gun on Lady Lauren's turn but not fire it."""
    s = given(deal(), hand("captain", "flare_gun-1", "parasol-1", "medical_kit-1"), wounds("kid", 1), actions())
    when(s, c.FireFlareGun(by="captain", card="flare_gun-1")).refused(IllegalCommand, "ACT-1")
    when(s, c.OpenParasol(by="captain", card="parasol-1")).refused(IllegalCommand, "ACT-1")
    when(s, c.UseMedicalKit(by="captain", card="medical_kit-1", target="kid")).refused(IllegalCommand, "ACT-1")
    s = when(s, c.Reveal(by="captain", card="flare_gun-1")).then(e.CardRevealed(character="captain", card="flare_gun-1"))
    assert s.step == ActionTurn(actor="lady_lauren")


def test_SPECIAL_1_one_card_per_action_from_face_up() -> None:
    """SPECIAL-1: a face-up Medical Kit is used as the action, which then ends."""
    s = given(deal(), face_up("lady_lauren", "medical_kit-1"), wounds("kid", 1), actions())
    s = when(s, c.UseMedicalKit(by="lady_lauren", card="medical_kit-1", target="kid")).then(
        e.MedicalKitUsed(character="lady_lauren", card="medical_kit-1", target="kid", kept=False),
        e.Healed(character="kid"),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.discard == ("medical_kit-1",) and s.char("kid").wounds == 0


def test_FLARE_1_only_birds_count_in_the_order_drawn() -> None:
    """FLARE-1: +1, crossed bird, +1; the Kid named overboard on nav-21 stays dry; cards under the deck as drawn."""
    s = given(deal(), hand("lady_lauren", "flare_gun-1"), actions())
    s = when(s, c.FireFlareGun(by="lady_lauren", card="flare_gun-1")).then(
        e.FlareGunFired(character="lady_lauren", card="flare_gun-1", count=3)
    )
    assert s.step == FlareDraw(actor="lady_lauren", count=3) and s.discard == ("flare_gun-1",)
    drawn = ("nav-21", "nav-28", "nav-25")
    s = when(s, c.DrawNavigation(cards=drawn)).then(
        e.NavigationDrawn(character="lady_lauren", cards=drawn, purpose="flare"),
        e.SeagullAdded(total=1),
        e.SeagullRemoved(total=0),
        e.SeagullAdded(total=1),
        e.CardsToBottom(cards=drawn),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.nav_bottom == drawn and s.seagulls == 1 and s.in_play == ()
    assert [ch.wounds for ch in s.characters] == [0, 0, 0, 0]


def test_FLARE_1_a_crossed_bird_never_goes_below_zero() -> None:
    """FLARE-1, BIRD-1: with no seagull out the crossed bird does nothing."""
    s = given(deal(), hand("lady_lauren", "flare_gun-1"), actions(), c.FireFlareGun(by="lady_lauren", card="flare_gun-1"))
    drawn = ("nav-28", "nav-19", "nav-20")
    when(s, c.DrawNavigation(cards=drawn)).then(
        e.NavigationDrawn(character="lady_lauren", cards=drawn, purpose="flare"),
        e.CardsToBottom(cards=drawn),
        e.ActionTurnStarted(character="captain", index=1),
    )


def test_FLARE_1_REF_7_the_fourth_seagull_ends_the_game_at_once() -> None:
    """FLARE-1, REF-7: with 3 seagulls out the first bird drawn lands the boat; all 3 cards go under the deck."""
    s = given(deal(), e.SeagullAdded(total=3), hand("lady_lauren", "flare_gun-1"), actions(),
              c.FireFlareGun(by="lady_lauren", card="flare_gun-1"))
    drawn = ("nav-19", "nav-21", "nav-28")
    s = when(s, c.DrawNavigation(cards=drawn)).then(
        e.NavigationDrawn(character="lady_lauren", cards=drawn, purpose="flare"),
        e.SeagullAdded(total=4),
        e.CardsToBottom(cards=drawn),
        e.GameEnded(reason="land"),
    )
    assert s.over and s.nav_bottom == drawn


def test_FLARE_1_the_card_must_be_a_flare_gun_held_by_the_actor() -> None:
    """FLARE-1: Water is not a Flare Gun; CARD-1: a Flare Gun one does not hold."""
    s = given(deal(), hand("lady_lauren", "water-1"), hand("captain", "flare_gun-1"), actions())
    when(s, c.FireFlareGun(by="lady_lauren", card="water-1")).refused(InvalidCommand, "FLARE-1")
    when(s, c.FireFlareGun(by="lady_lauren", card="flare_gun-1")).refused(IllegalCommand, "CARD-1")


def test_PARASOL_1_opening_puts_it_face_up_and_open() -> None:
    """PARASOL-1: opened from hand as the action; a second opening is refused."""
    s = given(deal(), hand("lady_lauren", "parasol-1"), actions())
    s = when(s, c.OpenParasol(by="lady_lauren", card="parasol-1")).then(
        e.ParasolOpened(character="lady_lauren", card="parasol-1"), e.ActionTurnStarted(character="captain", index=1)
    )
    assert s.open_parasol == "parasol-1" and s.char("lady_lauren").face_up == ("parasol-1",)
    s = then_fold(s, e.ActionTurnStarted(character="lady_lauren", index=0))
    when(s, c.OpenParasol(by="lady_lauren", card="parasol-1")).refused(IllegalCommand, "PARASOL-1")


def test_PARASOL_1_a_revealed_parasol_is_not_open_until_opened() -> None:
    """PARASOL-1: revealing does not open it; it can then be opened from face up."""
    s = given(deal(), face_up("lady_lauren", "parasol-1"), actions())
    assert s.open_parasol is None
    s = when(s, c.OpenParasol(by="lady_lauren", card="parasol-1")).then(
        e.ParasolOpened(character="lady_lauren", card="parasol-1"), e.ActionTurnStarted(character="captain", index=1)
    )
    assert s.open_parasol == "parasol-1"


def test_PARASOL_1_a_mugged_parasol_goes_into_the_hand_closed() -> None:
    """PARASOL-1: the Captain takes Lady Lauren's open Parasol; it is in his hand and nobody's Parasol is open."""
    s = given(deal(), hand("lady_lauren", "parasol-1"), actions(), c.OpenParasol(by="lady_lauren", card="parasol-1"),
              c.Mug(by="captain", target="lady_lauren", card="parasol-1"))
    s = when(s, c.Answer(by="lady_lauren", consent=True)).then_starts(
        e.Answered(character="lady_lauren", consent=True),
        e.MugSucceeded(character="captain", target="lady_lauren", card="parasol-1"),
        e.CardMugged(character="captain", target="lady_lauren", card="parasol-1", from_hand=False),
    )
    assert s.open_parasol is None and s.char("captain").hand == ("cash-2", "parasol-1")


def test_MEDKIT_1_an_unconscious_character_wakes_up_and_gets_a_turn() -> None:
    """MEDKIT-1: healing the unconscious Captain (7 wounds) makes him conscious; his turn is not skipped."""
    s = given(deal(), hand("lady_lauren", "medical_kit-2"), wounds("captain", 7), actions())
    s = when(s, c.UseMedicalKit(by="lady_lauren", card="medical_kit-2", target="captain")).then(
        e.MedicalKitUsed(character="lady_lauren", card="medical_kit-2", target="captain", kept=False),
        e.Healed(character="captain"),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.status("captain") == "conscious" and s.discard == ("medical_kit-2",)


@pytest.mark.parametrize("target", ["kid", "frenchy", "captain"])
def test_REF_3_a_medical_kit_needs_a_wounded_character_who_is_not_dead(target: str) -> None:
    """REF-3, MEDKIT-1: the dead Kid, the unhurt Frenchy, and the Captain lost at sea are refused."""
    s = given(deal(), hand("lady_lauren", "medical_kit-1"), wounds("kid", 4), wounds("captain", 2),
              e.LostAtSea(character="captain"), actions())
    when(s, c.UseMedicalKit(by="lady_lauren", card="medical_kit-1", target=target)).refused(IllegalCommand, "MEDKIT-1")


def test_MEDKIT_1_oneself_is_a_valid_target() -> None:
    """MEDKIT-1: any character who is not dead, the user included."""
    s = given(deal(), hand("lady_lauren", "medical_kit-1"), wounds("lady_lauren", 2), actions())
    s = when(s, c.UseMedicalKit(by="lady_lauren", card="medical_kit-1", target="lady_lauren")).then_starts(
        e.MedicalKitUsed(character="lady_lauren", card="medical_kit-1", target="lady_lauren", kept=False),
        e.Healed(character="lady_lauren"),
    )
    assert s.char("lady_lauren").wounds == 1


def test_MUG_1_an_unknown_or_missing_target_is_refused() -> None:
    """MUG-1: an unknown target names the mug rule."""
    when(given(deal(), actions()), c.Mug(by="lady_lauren", target="nobody")).refused(InvalidCommand, "MUG-1")
