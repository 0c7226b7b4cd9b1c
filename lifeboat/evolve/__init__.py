"""``evolve(state, event) -> state``: apply one fact. No rule decisions are taken here.

Raises :class:`InconsistentHistory` when an event cannot follow the state (a card that is not where the event
says, a step that does not match): the sign of a corrupt or edited journal.

One small applier per event type, found by the event's type; the modules by area: :mod:`.setup` (the deal),
:mod:`.rounds` (rounds, provisions, turns, the end), :mod:`.navigation` (rowing, navigation, overboard, thirst),
:mod:`.actions` (actions, requests, trades, Cannibalism), :mod:`.windows` (fights, windows, reveals, wounds,
cards played in windows), :mod:`.recorded` (recorded games); the helpers they share in :mod:`.common`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

from lifeboat import events as e
from lifeboat.evolve import actions, navigation, recorded, rounds, setup, windows
from lifeboat.evolve.recorded import contains
from lifeboat.state import State

Applier = Callable[[State, Any], State]

APPLIERS: dict[type, Applier] = {
    **setup.APPLIERS, **rounds.APPLIERS, **navigation.APPLIERS, **actions.APPLIERS, **windows.APPLIERS,
    **recorded.APPLIERS,
}


def evolve(state: State, event: e.Event) -> State:
    """Apply ``event`` to ``state`` and return the new state.

    Raises:
        InconsistentHistory: the event cannot follow ``state``.
    """
    applier = APPLIERS.get(type(event))
    if applier is None:
        applier = next((a for t, a in APPLIERS.items() if isinstance(event, t)), None)
        if applier is None:
            assert_never(event)  # type: ignore[arg-type]  # an event of no known type: reached only with a foreign object
    return applier(state, event)


def fold(state: State, events: "tuple[e.Event, ...] | list[e.Event]") -> State:
    """Apply ``events`` in order (raises :class:`InconsistentHistory` like :func:`evolve`)."""
    for ev in events:
        state = evolve(state, ev)
    return state


__all__ = ["APPLIERS", "contains", "evolve", "fold"]
