"""The FAQ (常见问题) of seed 000, item by item."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.errors import IllegalCommand
from lifeboat.state import AwaitAnswer, Fight

from .gwt import actions, deal, everyone_does_nothing, face_up, given, hand, pass_all, then_fold, when, wounds


def test_faq_1_no_fight_just_because_you_dislike_someone() -> None:
    """FAQ 1 (FIGHT-1): only a conscious target refusing a mug or seat change starts a fight; there is no command to
    start one, and a consent starts none."""
    s = given(deal(), actions())
    when(s, c.JoinFight(by="kid", side="attacker")).refused(IllegalCommand, "FIGHT-2")
    s = then_fold(s, c.ChangeSeats(by="lady_lauren", target="kid"))
    events = when(s, c.Answer(by="kid", consent=True)).events()
    assert not any(isinstance(ev, e.FightStarted) for ev in events)


def test_faq_2_cards_may_be_played_out_of_turn_except_during_the_pickpocket() -> None:
    """FAQ 2 (PLAY-1, MUG-2, SPECIAL-1): the Captain reveals a Knife on Lady Lauren's turn; the Flare Gun may be
    revealed but not fired; during the Kid's pickpocket no card may be played."""
    s = given(deal(), hand("captain", "knife-1", "flare_gun-1"), actions())
    s = when(s, c.Reveal(by="captain", card="knife-1")).then(e.CardRevealed(character="captain", card="knife-1"))
    s = when(s, c.Reveal(by="captain", card="flare_gun-1")).then(e.CardRevealed(character="captain", card="flare_gun-1"))
    when(s, c.FireFlareGun(by="captain", card="flare_gun-1")).refused(IllegalCommand, "ACT-1")
    s = given(deal(), hand("captain", "knife-1"), actions("kid"), c.Mug(by="kid", target="captain"))
    when(s, c.Reveal(by="captain", card="knife-1")).refused(IllegalCommand, "MUG-2")


def test_faq_3_the_flare_gun_as_a_weapon_stays_as_an_action_is_spent() -> None:
    """FAQ 3 (FIGHT-4, FLARE-1): face up, the Flare Gun counts 8 in a fight and stays; then its holder fires it once
    as his action: only birds count, and it is discarded. (Counting in every later fight: test_fights.py.)"""
    s = given(deal(), face_up("captain", "flare_gun-1"), actions(), c.Mug(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=False), c.JoinFight(by="frenchy", side="attacker"), pass_all())
    assert s.char("lady_lauren").wounds == 1 and s.char("frenchy").wounds == 1  # 10 against 7 + 8
    s = then_fold(s, c.FireFlareGun(by="captain", card="flare_gun-1"))
    s = when(s, c.DrawNavigation(cards=("nav-22", "nav-23", "nav-31"))).then(
        e.NavigationDrawn(character="captain", cards=("nav-22", "nav-23", "nav-31"), purpose="flare"),
        e.SeagullAdded(total=1),
        e.SeagullAdded(total=2),
        e.CardsToBottom(cards=("nav-22", "nav-23", "nav-31")),
        e.ActionTurnStarted(character="frenchy", index=2),
    )
    assert s.discard == ("flare_gun-1",) and s.char("captain").face_up == ()
    assert [ch.wounds for ch in s.characters] == [1, 0, 1, 0]  # nav-22 sent nobody overboard, made nobody thirsty


def test_faq_4_the_row_stack_is_face_down() -> None:
    """FAQ 4 (ROW-1, NAV-1): rowed cards are not revealed; at navigation only the chosen card is."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-25", "nav-30")))
    events = when(s, c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25", "nav-30"), to_bottom=())).events()
    assert not any(isinstance(ev, e.NavigationCardRevealed) for ev in events)
    s = then_fold(s, c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25", "nav-30"), to_bottom=()),
                  everyone_does_nothing())
    assert s.in_play == () and s.row_stack == ("nav-25", "nav-30")
    events = when(s, c.ChooseNavigationCard(by="kid", card="nav-30")).events()
    assert [ev.card for ev in events if isinstance(ev, e.NavigationCardRevealed)] == ["nav-30"]


def test_faq_5_nobody_may_contest_a_mug_or_swap_of_an_unconscious_character() -> None:
    """FAQ 5 (STATUS-1): mugging the unconscious Captain succeeds at once: no answer, no fight to join."""
    s = given(deal(), face_up("captain", "knife-1"), wounds("captain", 7), actions())
    s = when(s, c.Mug(by="lady_lauren", target="captain", card="knife-1")).then(
        e.MugDeclared(character="lady_lauren", target="captain", card="knife-1"),
        e.MugSucceeded(character="lady_lauren", target="captain", card="knife-1"),
        e.CardMugged(character="lady_lauren", target="captain", card="knife-1", from_hand=False),
        e.ActionTurnStarted(character="frenchy", index=2),
    )
    when(s, c.JoinFight(by="frenchy", side="defender")).refused(IllegalCommand, "FIGHT-2")
    s = given(deal(), wounds("captain", 7), actions())
    s = then_fold(s, c.ChangeSeats(by="lady_lauren", target="captain"))
    assert s.seats[:2] == ("captain", "lady_lauren") and not isinstance(s.step, (AwaitAnswer, Fight))


def test_faq_6_cards_discarded_overboard_go_to_the_discard_pile() -> None:
    """FAQ 6 (OVER-3, PROC-5): the Captain's face-up Knife and Oar go to the discard pile, not the provisions deck."""
    s = given(deal(), face_up("captain", "knife-1", "oar-1"), actions(), everyone_does_nothing(),
              c.DrawNavigation(cards=("nav-27",)))
    deck = s.provisions
    s = then_fold(s, pass_all())
    assert s.discard == ("knife-1", "oar-1") and s.provisions == deck and s.char("captain").face_up == ()


def test_faq_7_joining_a_fight_is_in_any_order() -> None:
    """FAQ 7 (FIGHT-2): the Kid (stern) joins first, then Lady Lauren (bow); Frenchy stays neutral by passing."""
    s = given(deal(), actions("captain"), c.Mug(by="captain", target="frenchy"), c.Answer(by="frenchy", consent=False))
    s = when(s, c.JoinFight(by="kid", side="defender")).then(e.FightJoined(character="kid", side="defender"))
    s = when(s, c.Pass(by="frenchy")).then(e.Passed(character="frenchy"))
    s = when(s, c.JoinFight(by="lady_lauren", side="attacker")).then(e.FightJoined(character="lady_lauren", side="attacker"))
    assert s.step.attackers == ("captain", "lady_lauren") and s.step.defenders == ("frenchy", "kid")  # type: ignore[union-attr]


def test_faq_8_a_parasol_discarded_overboard_no_longer_protects_that_navigation() -> None:
    """FAQ 8 (PARASOL-1, OVER-3): nav-28 sends Lady Lauren overboard with her open Parasol, then everyone is thirsty:
    she takes the thirst wound too."""
    s = given(deal(), hand("lady_lauren", "parasol-1"), actions(), c.OpenParasol(by="lady_lauren", card="parasol-1"),
              everyone_does_nothing(), c.DrawNavigation(cards=("nav-28",)),
              c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="lady_lauren", amount=1, cause="overboard"),
        e.CardDiscarded(character="lady_lauren", card="parasol-1", reason="overboard"),
        e.ThirstCounted(thirst=(("lady_lauren", 1), ("captain", 1), ("frenchy", 1), ("kid", 1))),
    )
    assert s.open_parasol is None
    s = then_fold(s, pass_all())
    assert s.char("lady_lauren").wounds == 2
