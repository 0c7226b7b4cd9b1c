"""Fixtures for the notation tests: a six-seat table with known hands, and a way to set what the game waits for.

Seats from the bow: Lady Lauren (ann), Sir Stephen (bob), The Captain (cy), First Mate (dee), Frenchy (eve), The Kid
(fay). Hands and face-up cards are set directly (see :data:`HANDS`); :func:`at` replaces the step or the offer.
"""

from __future__ import annotations

from typing import Any

import msgspec

from lifeboat import commands as c
from lifeboat.game import apply, new_game
from lifeboat.state import State, replace_char

PLAYERS = ("ann", "bob", "cy", "dee", "eve", "fay")
SIX = ("lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid")

#: character -> (hand, face_up)
HANDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "lady_lauren": (("water-1", "water-5", "painting-1", "painting-3", "cash-2"), ("parasol-1",)),
    "sir_stephen": (("flare_gun-1", "knife-1"), ("oar-1", "cash-3")),
    "captain": (("water-2", "medical_kit-2"), ()),
    "first_mate": (("jewels-1",), ("medical_kit-1",)),
    "frenchy": (("life_preserver-1", "chum-2", "chum-1"), ()),
    "kid": (("water-9", "oar-2"), ("compass-1",)),
}


def table_state() -> State:
    state = new_game(PLAYERS)
    deal = c.DealSetup(
        characters=SIX, love=SIX[1:] + SIX[:1], hate=SIX[2:] + SIX[:2],
        provisions=tuple(f"cash-{i}" for i in range(1, 7)),
    )
    state, _ = apply(state, deal)
    held = {x for hand, up in HANDS.values() for x in hand + up}
    for ch, (hand, up) in HANDS.items():
        state = replace_char(state, ch, hand=hand, face_up=up)
    deck = tuple(x for x in state.provisions if x not in held)
    return msgspec.structs.replace(state, provisions=deck)


def at(state: State, **changes: Any) -> State:
    """``state`` with fields replaced (``step=...``, ``offer=...``, ``provisions=...``)."""
    return msgspec.structs.replace(state, **changes)

