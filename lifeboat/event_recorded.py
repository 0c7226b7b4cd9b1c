"""The events of a recorded game's possibilities (REC-3), kept apart so ``lifeboat/events.py`` stays small; they
are members of :data:`lifeboat.events.Event` like every other event. Zones are a character id (its hand) or
``"offered"`` (the provisions being passed); see :mod:`lifeboat.possibilities`."""

from __future__ import annotations

from typing import Literal

from lifeboat.event_base import _Ev


class CardsUnseen(_Ev, tag="cards_unseen", frozen=True):
    """REC-3: a card is about to leave ``zone`` unseen, so its known ``cards`` can no longer be told from its unseen
    ones: each becomes the new placeholder of the same index in ``placeholders`` and is unaccounted again, lost in
    that zone."""

    zone: str
    cards: tuple[str, ...]
    placeholders: tuple[str, ...]


class CardsPassedUnseen(_Ev, tag="cards_passed_unseen", frozen=True):
    """REC-3: the ``placeholders`` leave ``zone`` for ``to``'s hand and nobody saw which of the zone's cards they
    are (a mug's random card, a gift face down, a provision kept): the lost cards there may have gone with them."""

    zone: str
    to: str
    placeholders: tuple[str, ...]


class CardDeduced(_Ev, tag="card_deduced", frozen=True):
    """REC-3: the possibilities leave one identity for the placeholder ``placeholder`` in ``zone``: it is ``card``.
    ``reason`` ``"held"``: every way the lost cards may lie puts that card there (``origin``: the zone it was lost
    in); ``"counts"``: every other card it could be is accounted for (the counts by face, the deck list)."""

    placeholder: str
    card: str
    zone: str
    reason: Literal["held", "counts"]
    origin: str | None = None


class CardTraced(_Ev, tag="card_traced", frozen=True):
    """REC-3: the card just named in ``zone`` can only be the ``card`` lost in ``origin`` (no other copy of it is
    unaccounted): the card that left ``origin`` unseen was it, or it stayed there."""

    card: str
    zone: str
    origin: str


class LoveHateDeduced(_Ev, tag="love_hate_deduced", frozen=True):
    """REC-3, SETUP-2: every other player's LOVE (HATE) card is known, and each character's card is dealt once, so
    ``character``'s is the one left: ``love`` / ``hate`` (``"?"`` for the one still unknown)."""

    character: str
    love: str
    hate: str


class PossibilitiesForgotten(_Ev, tag="possibilities_forgotten", frozen=True):
    """REC-3, the bound: too many ways for the lost cards to lie; where the lost cards that look like ``looks``
    are is forgotten (they are unaccounted like any unseen card; the record refuses no true game for it)."""

    looks: tuple[str, ...]
