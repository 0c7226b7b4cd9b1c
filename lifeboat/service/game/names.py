"""The printed card facts a page shows (characters and provision faces, English and Chinese names), for front ends
that may not import the game: :func:`catalog` is :func:`lifeboat.views.catalog.public_catalog` (no card instance,
no secret), of the bundled card data or of a game's own (CARD-3)."""

from __future__ import annotations

from functools import cache
from typing import Any

from lifeboat.card_set import CardSet
from lifeboat.views.catalog import public_catalog


@cache
def catalog(cards: CardSet | None = None) -> dict[str, Any]:
    """``public_catalog(cards)`` (default: the bundled card data), computed once per card set (a set is keyed by
    its data's hash; see :mod:`lifeboat.views.catalog` for the shape)."""
    return public_catalog(cards)
