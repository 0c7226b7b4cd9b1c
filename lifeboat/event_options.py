"""The events of the options of issue 15 (ACT-3, GHOST-1), kept apart so ``lifeboat/events.py`` stays small;
they are members of :data:`lifeboat.events.Event` like every other event."""

from __future__ import annotations

from lifeboat.event_base import _Ev


class SwappedTurnStarted(_Ev, tag="swapped_turn_started"):
    """Option ``swap_grants_immediate_turn`` (ACT-3, REF-16): ``character``, whose seat was just changed before it
    had its turn this round, acts now; the action order's place (``State.action_index``) stays where it was."""

    character: str


class SharksCalled(_Ev, tag="sharks_called"):
    """Shark variant (GHOST-1): the ghost ``character`` called the sharks this navigation (OVER-2)."""

    character: str


class GhostRose(_Ev, tag="ghost_rose"):
    """Shark variant (GHOST-1): ``character``, lost at sea, is a ghost from now on and may call the sharks."""

    character: str
