"""Appliers of the round's phases: rounds, provisions (PROV-2), the action order and turns (ACT-1), the end
(END-1)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import events as e
from lifeboat.evolve.common import fail, give, remove, replace
from lifeboat.state import ActionTurn, GameOver, ProvisionsDraw, ProvisionsPick, State


def round_started(state: State, event: e.RoundStarted) -> State:
    return replace(state, round=event.round)


def provisions_phase_started(state: State, event: e.ProvisionsPhaseStarted) -> State:
    return replace(state, step=ProvisionsDraw(quartermaster=event.quartermaster, count=event.count))


def provisions_drawn(state: State, event: e.ProvisionsDrawn) -> State:
    prov = state.provisions
    for card in event.cards:
        prov = remove(prov, card, event, "the provisions deck")
    return replace(state, provisions=prov, step=ProvisionsPick(picker=event.quartermaster, offered=event.cards))


def provision_kept(state: State, event: e.ProvisionKept) -> State:
    step = state.step
    if not isinstance(step, ProvisionsPick) or step.picker != event.character:
        raise fail(event, f"{event.character} is not picking a provision now")
    state = give(state, event, event.character, event.card)
    return replace(state, step=replace(step, offered=remove(step.offered, event.card, event, "the offered cards")))


def provisions_passed(state: State, event: e.ProvisionsPassed) -> State:
    return replace(state, step=ProvisionsPick(picker=event.to, offered=event.cards))


def action_phase_started(state: State, event: e.ActionPhaseStarted) -> State:
    return replace(state, action_order=event.order, action_index=0, turned_early=())


def action_turn_started(state: State, event: e.ActionTurnStarted) -> State:
    return replace(state, action_index=event.index, step=ActionTurn(actor=event.character))


def swapped_turn_started(state: State, event: e.SwappedTurnStarted) -> State:
    """ACT-3: an out-of-order turn; ``action_index`` stays the place of the regular order."""
    return replace(state, turned_early=state.turned_early + (event.character,), step=ActionTurn(actor=event.character))


def round_ended(state: State, event: e.RoundEnded) -> State:
    chars = tuple(replace(c, rowed=False, fought=False) for c in state.characters)
    return replace(state, characters=chars, drank=())  # LIQUID-1: Firewater lasts until the end of the round


def game_ended(state: State, event: e.GameEnded) -> State:
    return replace(state, step=GameOver(reason=event.reason), offer=None)


APPLIERS: dict[type, Callable[..., State]] = {
    e.RoundStarted: round_started, e.ProvisionsPhaseStarted: provisions_phase_started,
    e.ProvisionsDrawn: provisions_drawn, e.ProvisionKept: provision_kept, e.ProvisionsPassed: provisions_passed,
    e.ActionPhaseStarted: action_phase_started, e.ActionTurnStarted: action_turn_started,
    e.SwappedTurnStarted: swapped_turn_started,
    e.RoundEnded: round_ended, e.GameEnded: game_ended,
}
