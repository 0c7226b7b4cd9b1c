"""The events of the options and expansion of issue 15 (ACT-3, GHOST-1, LIQUID-1, WONG-1), kept apart so ``lifeboat/events.py`` stays small;
they are members of :data:`lifeboat.events.Event` like every other event."""

from __future__ import annotations

from lifeboat.event_base import _Ev


class SwappedTurnStarted(_Ev, tag="swapped_turn_started", frozen=True):
    """Option ``swap_grants_immediate_turn`` (ACT-3, REF-16): ``character``, whose seat was just changed before it
    had its turn this round, acts now; the action order's place (``State.action_index``) stays where it was."""

    character: str


class SharksCalled(_Ev, tag="sharks_called", frozen=True):
    """Shark variant (GHOST-1): the ghost ``character`` called the sharks this navigation (OVER-2)."""

    character: str


class GhostRose(_Ev, tag="ghost_rose", frozen=True):
    """Shark variant (GHOST-1): ``character``, lost at sea, is a ghost from now on and may call the sharks."""

    character: str


class FirewaterDrunk(_Ev, tag="firewater_drunk", frozen=True):
    """Liquid Courage (LIQUID-1, REF-24): ``character`` drank the Firewater ``card`` from hand; it is face up in
    front of them now; +3 fight size this round, one more thirst at its end."""

    character: str
    card: str


class FirewaterShareOffered(_Ev, tag="firewater_share_offered", frozen=True):
    """Liquid Courage (WONG-1, REF-25): Mrs. Wong (``character``) may share the Firewater ``card`` just drunk;
    nothing else happens until she answers."""

    character: str
    card: str


class FirewaterShareAnswered(_Ev, tag="firewater_share_answered", frozen=True):
    """Liquid Courage (WONG-1, REF-25): Mrs. Wong shared (``share``) or not the Firewater ``card``: sharing gives
    her its effect (+3 fight size this round, one more thirst) as if she had drunk it; the card stays where it is."""

    character: str
    card: str
    share: bool


class WaterShared(_Ev, tag="water_shared", frozen=True):
    """Liquid Courage (WONG-1, REF-25): the Water ``card`` just expended also cancels one thirst of Mrs. Wong
    (``character``)."""

    character: str
    card: str
