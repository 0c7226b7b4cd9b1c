"""ACT-3 and REF-16: option ``swap_grants_immediate_turn`` (seed 003: "if he has not yet had his turn this round, it
is his turn now"). FOUR seats from the bow: Lady Lauren (4), the Captain (7), Frenchy (6), the Kid (3)."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.legal import waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.state import ActionTurn, NavigationTurn, State

from .gwt import actions, deal, given, then_fold, when, wounds

ON = Ruleset(swap_grants_immediate_turn=True)


def table(ruleset: Ruleset = ON, *items: object) -> State:
    return given(deal(), *items, actions(), ruleset=ruleset)


def all_pass_but_last(state: State) -> tuple[State, str]:
    """Everyone who must pass in the open window passes but the last one, whose name is returned."""
    while len(waiting_for(state)) > 1:
        state = then_fold(state, c.Pass(by=waiting_for(state)[0]))
    return state, waiting_for(state)[0]


def test_ACT_3_a_consenting_target_who_has_not_acted_acts_now_then_the_order_resumes() -> None:
    """ACT-3, REF-16: Lady Lauren (1st) changes seats with Frenchy (3rd), who consents: Frenchy acts at once; then
    the Captain (2nd), then the Kid; Frenchy is passed over."""
    s = when(table(), c.ChangeSeats(by="lady_lauren", target="frenchy")).then(
        e.SeatChangeDeclared(character="lady_lauren", target="frenchy"))
    s = when(s, c.Answer(by="frenchy", consent=True)).then(
        e.Answered(character="frenchy", consent=True), e.SeatsChanged(character="lady_lauren", target="frenchy"),
        e.SwappedTurnStarted(character="frenchy"))
    assert s.seats == ("frenchy", "captain", "lady_lauren", "kid")
    assert s.step == ActionTurn(actor="frenchy") and s.action_index == 0 and s.turned_early == ("frenchy",)
    s = when(s, c.DoNothing(by="frenchy")).then(
        e.DidNothing(character="frenchy"), e.ActionTurnStarted(character="captain", index=1))
    s = when(s, c.DoNothing(by="captain")).then(
        e.DidNothing(character="captain"), e.ActionTurnStarted(character="kid", index=3))
    s = when(s, c.DoNothing(by="kid")).then(
        e.DidNothing(character="kid"), e.NavigationPhaseStarted(navigator="kid"))
    assert s.step == NavigationTurn()


def test_ACT_1_without_the_option_the_order_is_unchanged() -> None:
    """ACT-1: the same swap with the option off: the Captain acts next, Frenchy in its turn."""
    s = then_fold(table(Ruleset()), c.ChangeSeats(by="lady_lauren", target="frenchy"))
    when(s, c.Answer(by="frenchy", consent=True)).then(
        e.Answered(character="frenchy", consent=True), e.SeatsChanged(character="lady_lauren", target="frenchy"),
        e.ActionTurnStarted(character="captain", index=1))


def test_REF_16_a_target_who_already_acted_gets_no_second_turn() -> None:
    """REF-16: the Captain (2nd) changes seats with Lady Lauren, who already acted: Frenchy is next."""
    s = then_fold(table(), c.DoNothing(by="lady_lauren"), c.ChangeSeats(by="captain", target="lady_lauren"))
    when(s, c.Answer(by="lady_lauren", consent=True)).then(
        e.Answered(character="lady_lauren", consent=True), e.SeatsChanged(character="captain", target="lady_lauren"),
        e.ActionTurnStarted(character="frenchy", index=2))


def test_ACT_3_a_swap_won_in_a_fight_grants_the_turn() -> None:
    """ACT-3: the Kid refuses Lady Lauren; nobody joins; 4 against 3, the attacker wins: the Kid, wounded once
    (3 wounds make him unconscious, 1 does not), changes seats and acts now."""
    s = then_fold(table(), c.ChangeSeats(by="lady_lauren", target="kid"), c.Answer(by="kid", consent=False))
    s, last = all_pass_but_last(s)
    s = when(s, c.Pass(by=last)).then(
        e.Passed(character=last),
        e.FightResolved(attackers=("lady_lauren",), defenders=("kid",), attack=4, defence=3, winner="attacker"),
        e.Wounded(character="kid", amount=1, cause="fight"), e.SeatsChanged(character="lady_lauren", target="kid"),
        e.SwappedTurnStarted(character="kid"))
    assert s.seats == ("kid", "captain", "frenchy", "lady_lauren") and s.step == ActionTurn(actor="kid")


def test_REF_16_a_swap_lost_in_a_fight_grants_nothing() -> None:
    """REF-16: Frenchy refuses Lady Lauren and wins 6 to 4: no seats change, the Captain acts next."""
    s = then_fold(table(), c.ChangeSeats(by="lady_lauren", target="frenchy"), c.Answer(by="frenchy", consent=False))
    s, last = all_pass_but_last(s)
    when(s, c.Pass(by=last)).then(
        e.Passed(character=last),
        e.FightResolved(attackers=("lady_lauren",), defenders=("frenchy",), attack=4, defence=6, winner="defender"),
        e.Wounded(character="lady_lauren", amount=1, cause="fight"),
        e.ActionTurnStarted(character="captain", index=1))


def test_REF_16_an_unconscious_target_cannot_act_now() -> None:
    """REF-16, STATUS-1: Frenchy has 6 wounds (size 6: unconscious); the swap happens at once, no turn for him."""
    s = table(ON, wounds("frenchy", 6))
    when(s, c.ChangeSeats(by="lady_lauren", target="frenchy")).then(
        e.SeatChangeDeclared(character="lady_lauren", target="frenchy"),
        e.SeatsChanged(character="lady_lauren", target="frenchy"),
        e.ActionTurnStarted(character="captain", index=1))


def test_REF_16_turns_chain_and_each_character_acts_once() -> None:
    """REF-16: Frenchy, acting at once, changes seats with the Kid, who acts at once too; then the Captain; then
    navigation (Frenchy and the Kid acted). The Kid ends at the stern: the navigator is Frenchy."""
    s = then_fold(table(), c.ChangeSeats(by="lady_lauren", target="frenchy"), c.Answer(by="frenchy", consent=True),
                  c.ChangeSeats(by="frenchy", target="kid"))
    s = when(s, c.Answer(by="kid", consent=True)).then(
        e.Answered(character="kid", consent=True), e.SeatsChanged(character="frenchy", target="kid"),
        e.SwappedTurnStarted(character="kid"))
    assert s.seats == ("kid", "captain", "lady_lauren", "frenchy") and s.turned_early == ("frenchy", "kid")
    s = when(s, c.DoNothing(by="kid")).then(
        e.DidNothing(character="kid"), e.ActionTurnStarted(character="captain", index=1))
    when(s, c.DoNothing(by="captain")).then(
        e.DidNothing(character="captain"), e.NavigationPhaseStarted(navigator="frenchy"))


def test_REF_16_swapping_back_with_the_one_who_acted_grants_nothing() -> None:
    """REF-16: Frenchy, acting at once, changes seats back with Lady Lauren (who acted): the Captain is next."""
    s = then_fold(table(), c.ChangeSeats(by="lady_lauren", target="frenchy"), c.Answer(by="frenchy", consent=True),
                  c.ChangeSeats(by="frenchy", target="lady_lauren"))
    when(s, c.Answer(by="lady_lauren", consent=True)).then(
        e.Answered(character="lady_lauren", consent=True), e.SeatsChanged(character="frenchy", target="lady_lauren"),
        e.ActionTurnStarted(character="captain", index=1))


def test_REF_16_the_next_action_step_starts_afresh() -> None:
    """REF-16: who acted out of order is forgotten when the next action step begins."""
    s = then_fold(table(), c.ChangeSeats(by="lady_lauren", target="frenchy"), c.Answer(by="frenchy", consent=True))
    assert s.turned_early == ("frenchy",)
    s = then_fold(s, e.ActionPhaseStarted(order=s.seats))
    assert s.turned_early == () and s.action_index == 0
