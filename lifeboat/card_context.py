"""The card data a game's lines are written and read with (CARD-3): the texts of :mod:`lifeboat.views.text` and the
notation (:mod:`lifeboat.notation`) of a game with its own printing name a Painting by its own points, describe
its own navigation cards and know its own card counts. The set lives in a
:class:`contextvars.ContextVar`, so threads and asyncio tasks rendering other games never see it; the bundled data
by default.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED

_CARDS: ContextVar[CardSet] = ContextVar("lifeboat_text_cards", default=BUNDLED)


@contextmanager
def using(cards: CardSet) -> Iterator[None]:
    """Write the lines inside this block with ``cards`` (a game's ``state.cards``, CARD-3)."""
    token = _CARDS.set(cards)
    try:
        yield
    finally:
        _CARDS.reset(token)


def in_use() -> CardSet:
    """The card data lines are written with now (:func:`using`; default the bundled data)."""
    return _CARDS.get()


def card_name(card: str) -> str:
    """:meth:`lifeboat.card_set.CardSet.card_name` of the card data in use (:func:`using`). Raises ``KeyError``
    for an unknown card."""
    return _CARDS.get().card_name(card)
