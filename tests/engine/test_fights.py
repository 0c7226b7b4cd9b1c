"""Fights and windows: FIGHT-1..4, PROC-1, PROC-2, REF-1."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.errors import IllegalCommand
from lifeboat.legal import waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.state import Fight

from .gwt import actions, deal, face_up, given, hand, pass_all, then_fold, when, wounds

# FOUR: seats Lady Lauren (4), Captain (7), Frenchy (6), Kid (3); hands cash-1..cash-4.


def test_FIGHT_1_a_refusal_starts_a_fight() -> None:
    """FIGHT-1: the actor attacks, the target defends."""
    s = given(deal(), actions(), c.Mug(by="lady_lauren", target="captain"))
    s = when(s, c.Answer(by="captain", consent=False)).then(
        e.Answered(character="captain", consent=False), e.FightStarted(attacker="lady_lauren", defender="captain")
    )
    assert s.step == Fight(kind="mug", attacker="lady_lauren", target="captain", card=None,
                           attackers=("lady_lauren",), defenders=("captain",))


def test_FIGHT_1_there_is_no_other_way_to_start_a_fight() -> None:
    """FIGHT-1: joining a fight when none is open is refused."""
    when(given(deal(), actions()), c.JoinFight(by="lady_lauren", side="attacker")).refused(IllegalCommand, "FIGHT-2")


def test_FIGHT_1_the_fight_is_not_the_defenders_action() -> None:
    """FIGHT-1, FIGHT-3: after the fight the attacker's action is over and the defender still acts in turn."""
    s = given(deal(), actions(), c.ChangeSeats(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=False), c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren",), defenders=("captain",), attack=4, defence=7, winner="defender"),
        e.Wounded(character="lady_lauren", amount=1, cause="fight"),
        e.ActionTurnStarted(character="captain", index=1),
    )


def test_FIGHT_2_join_either_side_in_any_order_and_never_leave() -> None:
    """FIGHT-2: the Kid (stern) joins before Frenchy; a second join is refused; an unconscious character cannot."""
    s = given(deal(), wounds("frenchy", 6), actions(), c.Mug(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=False))
    s = when(s, c.JoinFight(by="kid", side="attacker")).then(e.FightJoined(character="kid", side="attacker"))
    when(s, c.JoinFight(by="kid", side="defender")).refused(IllegalCommand, "FIGHT-2")
    when(s, c.JoinFight(by="captain", side="attacker")).refused(IllegalCommand, "FIGHT-2")
    when(s, c.JoinFight(by="frenchy", side="defender")).refused(IllegalCommand, "STATUS-1")
    assert s.step.attackers == ("lady_lauren", "kid")  # type: ignore[union-attr]


def test_FIGHT_2_weapons_may_be_revealed_during_the_fight_by_anyone() -> None:
    """FIGHT-2, FIGHT-3: Frenchy (not fighting) reveals; the Captain reveals a Knife; it counts for his side."""
    s = given(deal(), hand("captain", "knife-1"), actions(), c.Mug(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=False), c.JoinFight(by="frenchy", side="attacker"))
    s = when(s, c.Reveal(by="frenchy", card="cash-3")).then(e.CardRevealed(character="frenchy", card="cash-3"))
    s = when(s, c.Reveal(by="captain", card="knife-1")).then(e.CardRevealed(character="captain", card="knife-1"))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    when(s, c.Pass(by="kid")).then_starts(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren", "frenchy"), defenders=("captain",), attack=10, defence=10,
                        winner="defender"),
        e.Wounded(character="lady_lauren", amount=1, cause="fight"),
        e.Wounded(character="frenchy", amount=1, cause="fight"),
    )


def test_FIGHT_3_a_tie_goes_to_the_defender_and_every_fighter_takes_a_marker() -> None:
    """FIGHT-3: Lady Lauren 4 + Knife 3 = 7 against the Captain's 7: the defender wins; both have fought."""
    s = given(deal(), face_up("lady_lauren", "knife-1"), actions(), c.Mug(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=False), pass_all())
    assert s.step.__class__.__name__ == "ActionTurn"
    assert s.char("lady_lauren").wounds == 1 and s.char("captain").wounds == 0
    assert s.char("lady_lauren").fought and s.char("captain").fought and not s.char("kid").fought


def test_FIGHT_3_sides_add_up_and_every_loser_is_hurt() -> None:
    """FIGHT-3: the Captain and the Kid (10) against Frenchy and Lady Lauren (10): a tie, both attackers hurt."""
    s = given(deal(), wounds("frenchy", 5), actions("captain"), c.ChangeSeats(by="captain", target="frenchy"),
              c.Answer(by="frenchy", consent=False), c.JoinFight(by="kid", side="attacker"),
              c.JoinFight(by="lady_lauren", side="defender"), c.Pass(by="lady_lauren"), c.Pass(by="captain"),
              c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("captain", "kid"), defenders=("frenchy", "lady_lauren"), attack=10, defence=10,
                        winner="defender"),
        e.Wounded(character="captain", amount=1, cause="fight"),
        e.Wounded(character="kid", amount=1, cause="fight"),
        e.ActionTurnStarted(character="frenchy", index=2),
    )


def test_FIGHT_3_attackers_win_the_swap_and_the_loser_falls_unconscious_and_is_skipped() -> None:
    """FIGHT-3, STATUS-1, ACT-1: Frenchy (5 wounds) loses, is unconscious at once and loses his turn."""
    s = given(deal(), wounds("frenchy", 5), actions("captain"), c.ChangeSeats(by="captain", target="frenchy"),
              c.Answer(by="frenchy", consent=False), c.JoinFight(by="kid", side="attacker"),
              c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("captain", "kid"), defenders=("frenchy",), attack=10, defence=6, winner="attacker"),
        e.Wounded(character="frenchy", amount=1, cause="fight"),
        e.SeatsChanged(character="captain", target="frenchy"),
        e.ActionTurnStarted(character="kid", index=3),
    )
    assert s.seats == ("lady_lauren", "frenchy", "captain", "kid") and s.status("frenchy") == "unconscious"


def test_FIGHT_4_face_up_weapons_count_in_every_later_fight() -> None:
    """FIGHT-4: the Kid's face-up Flare Gun (8) wins two fights in a row; it stays face up."""
    s = given(deal(), face_up("kid", "flare_gun-1"), actions(), c.Mug(by="lady_lauren", target="kid"),
              c.Answer(by="kid", consent=False), pass_all())
    assert s.char("lady_lauren").wounds == 1 and s.char("kid").face_up == ("flare_gun-1",)
    s = then_fold(s, c.Mug(by="captain", target="kid", card="flare_gun-1"), c.Answer(by="kid", consent=False), pass_all())
    assert s.char("captain").wounds == 1 and s.char("kid").face_up == ("flare_gun-1",) and s.discard == ()


def test_FIGHT_4_option_flare_gun_single_use_weapon() -> None:
    """FIGHT-4 with flare_gun_single_use_weapon: discarded after the first fight it counted in; the second is lost."""
    rules = Ruleset(flare_gun_single_use_weapon=True)
    s = given(deal(), face_up("kid", "flare_gun-1", "oar-1"), actions(), c.Mug(by="lady_lauren", target="kid"),
              c.Answer(by="kid", consent=False), c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"),
              ruleset=rules)
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren",), defenders=("kid",), attack=4, defence=12, winner="defender"),
        e.Wounded(character="lady_lauren", amount=1, cause="fight"),
        e.CardDiscarded(character="kid", card="flare_gun-1", reason="single_use_weapon"),
        e.ActionTurnStarted(character="captain", index=1),
    )
    assert s.char("kid").face_up == ("oar-1",) and s.discard == ("flare_gun-1",)
    s = then_fold(s, c.Mug(by="captain", target="kid", card="oar-1"), c.Answer(by="kid", consent=False), pass_all())
    assert s.char("kid").wounds == 1 and s.char("captain").hand == ("cash-2", "oar-1")


def test_REF_1_PROC_1_a_window_waits_for_every_conscious_character() -> None:
    """REF-1, PROC-1: all conscious characters are asked (not only card holders); the unconscious Kid is not."""
    s = given(deal(), wounds("kid", 3), actions(), c.Mug(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=False))
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy")
    s = when(s, c.Pass(by="frenchy")).then(e.Passed(character="frenchy"))
    assert waiting_for(s) == ("lady_lauren", "captain")
    when(s, c.Pass(by="frenchy")).refused(IllegalCommand, "PROC-1")
    when(s, c.Pass(by="kid")).refused(IllegalCommand, "STATUS-1")


def test_REF_1_PROC_1_a_join_or_reveal_reopens_the_window_for_everyone() -> None:
    """REF-1, PROC-1: after a join everyone must pass again, those who passed before included."""
    s = given(deal(), actions(), c.Mug(by="lady_lauren", target="captain"), c.Answer(by="captain", consent=False),
              c.Pass(by="lady_lauren"), c.Pass(by="captain"))
    s = when(s, c.JoinFight(by="frenchy", side="defender")).then(e.FightJoined(character="frenchy", side="defender"))
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy", "kid")
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Reveal(by="lady_lauren", card="cash-1")).then(e.CardRevealed(character="lady_lauren", card="cash-1"))
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy", "kid")


def test_PROC_1_passing_needs_an_open_window() -> None:
    """PROC-1: no window, nothing to pass on."""
    when(given(deal(), actions()), c.Pass(by="lady_lauren")).refused(IllegalCommand, "PROC-1")


def test_PROC_2_a_declared_request_cannot_be_withdrawn() -> None:
    """PROC-2: the mugger cannot do something else; only the target answers; no answer when nothing is pending."""
    s = given(deal(), actions())
    when(s, c.Answer(by="captain", consent=True)).refused(IllegalCommand, "PROC-2")
    s = then_fold(s, c.Mug(by="lady_lauren", target="captain"))
    when(s, c.DoNothing(by="lady_lauren")).refused(IllegalCommand, "ACT-2")
    when(s, c.Answer(by="lady_lauren", consent=True)).refused(IllegalCommand, "PROC-2")
    when(s, c.Answer(by="frenchy", consent=False)).refused(IllegalCommand, "PROC-2")
