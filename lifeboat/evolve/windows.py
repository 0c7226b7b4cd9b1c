"""Appliers of fights (FIGHT-1..3), windows (PROC-1), reveals (PLAY-1), wounds, the Life Preserver, Chum and
Water (OVER-1, OVER-2, THIRST-1), discards and the Parasol's shade (PARASOL-1), Firewater and Mrs. Wong's share
(LIQUID-1, WONG-1)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import events as e
from lifeboat.evolve.common import (
    char, discard, fail, hand_to_face_up, owe_less, replace, take_from, window_reset,
)
from lifeboat.state import (
    WINDOW_TYPES, AwaitAnswer, CannibalismObjection, Fight, OverboardWindow, State, ThirstWindow, put_char, replace_char,
)


def fight_started(state: State, event: e.FightStarted) -> State:
    step, a, d = state.step, event.attacker, event.defender
    if isinstance(step, CannibalismObjection):  # CANNIBAL-1: the first objector defends; the body is the target
        return replace(state, step=Fight(kind="cannibalism", attacker=a, target=step.body, card=step.card,
                                         attackers=(a,), defenders=(d,)))
    if not isinstance(step, AwaitAnswer):
        raise fail(event, "no mug or seat change is waiting for an answer")
    return replace(state, step=Fight(kind=step.kind, attacker=a, target=d, card=step.card, attackers=(a,),
                                     defenders=(d,)))


def fight_joined(state: State, event: e.FightJoined) -> State:
    step = state.step
    if not isinstance(step, Fight):
        raise fail(event, "no fight is open")
    if event.side == "attacker":
        step = replace(step, attackers=step.attackers + (event.character,), passed=())
    else:
        step = replace(step, defenders=step.defenders + (event.character,), passed=())
    return replace(state, step=step)


def passed(state: State, event: e.Passed) -> State:
    step = state.step
    if type(step) not in WINDOW_TYPES:  # isinstance, cheaper: the step classes are final
        raise fail(event, "no window is open")
    passed = step.passed  # type: ignore[union-attr]  # a window: its type was tested just above
    return replace(state, step=replace(step, passed=passed + (event.character,)))


def fight_resolved(state: State, event: e.FightResolved) -> State:
    for c in event.attackers + event.defenders:
        state = replace_char(state, c, fought=True)
    return state


def wounded(state: State, event: e.Wounded) -> State:
    ch = char(state, event, event.character)
    return put_char(state, ch, replace(ch, wounds=ch.wounds + event.amount))


def card_revealed(state: State, event: e.CardRevealed) -> State:
    return window_reset(hand_to_face_up(state, event, event.character, event.card))


def life_preserver_thrown(state: State, event: e.LifePreserverThrown) -> State:
    t, card = event.target, event.card
    state = take_from(state, event, event.character, card)
    state = replace_char(state, t, face_up=char(state, event, t).face_up + (card,))
    if isinstance(state.step, OverboardWindow):  # REF-22: it stays where it landed until the window closes
        state = replace(state, step=replace(state.step, thrown=state.step.thrown + (card,)))
    return window_reset(state)


def chum_expended(state: State, event: e.ChumExpended) -> State:
    state = discard(state, event, event.character, event.card)
    if isinstance(state.step, OverboardWindow):
        state = replace(state, step=replace(state.step, chum=True))
    return window_reset(state)


def sharks_called(state: State, event: e.SharksCalled) -> State:
    """GHOST-1: a ghost called the sharks: as Chum would (OVER-2); the window re-opens (REF-19)."""
    if not isinstance(state.step, OverboardWindow) or event.character not in state.ghosts:
        raise fail(event, f"{event.character} is not a ghost at an overboard")
    return window_reset(replace(state, step=replace(state.step, chum=True)))


def card_discarded(state: State, event: e.CardDiscarded) -> State:
    return discard(state, event, event.character, event.card)


def water_given(state: State, event: e.WaterGiven) -> State:
    state = discard(state, event, event.character, event.card)
    return window_reset(owe_less(state, event, event.target))


def _drinks(state: State, character: str) -> State:
    """LIQUID-1, WONG-1: ``character`` drank (or shared) a Firewater this round; in an open thirst window (the
    round's thirst already counted) its thirst is owed at once (REF-24)."""
    state = replace(state, drank=state.drank + (character,))
    step = state.step
    if isinstance(step, ThirstWindow):
        owed = dict(step.thirst)
        thirst = tuple((c, n + (c == character)) for c, n in step.thirst)
        if character not in owed:
            thirst += ((character, 1),)
        state = replace(state, step=replace(step, thirst=thirst))
    return window_reset(state)


def firewater_drunk(state: State, event: e.FirewaterDrunk) -> State:
    """LIQUID-1: the card goes face up (it is not discarded, REF-24)."""
    return _drinks(hand_to_face_up(state, event, event.character, event.card), event.character)


def firewater_share_offered(state: State, event: e.FirewaterShareOffered) -> State:
    return replace(state, wong_share=event.card)


def firewater_share_answered(state: State, event: e.FirewaterShareAnswered) -> State:
    if state.wong_share != event.card:
        raise fail(event, f"Mrs. Wong was not asked to share {event.card!r}")
    state = replace(state, wong_share=None)
    return _drinks(state, event.character) if event.share else state


def water_shared(state: State, event: e.WaterShared) -> State:
    """WONG-1: one of Mrs. Wong's thirsts is cancelled too; the Water was discarded by ``water_given``."""
    return owe_less(state, event, event.character)


def parasol_shaded(state: State, event: e.ParasolShaded) -> State:
    return owe_less(state, event, event.character)


APPLIERS: dict[type, Callable[..., State]] = {
    e.FightStarted: fight_started, e.FightJoined: fight_joined, e.Passed: passed, e.FightResolved: fight_resolved,
    e.Wounded: wounded, e.CardRevealed: card_revealed, e.LifePreserverThrown: life_preserver_thrown,
    e.ChumExpended: chum_expended, e.CardDiscarded: card_discarded, e.WaterGiven: water_given,
    e.ParasolShaded: parasol_shaded, e.SharksCalled: sharks_called, e.FirewaterDrunk: firewater_drunk,
    e.FirewaterShareOffered: firewater_share_offered, e.FirewaterShareAnswered: firewater_share_answered,
    e.WaterShared: water_shared,
}
