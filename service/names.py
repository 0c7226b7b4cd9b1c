"""The printed card facts a page shows (characters and provision faces, English and Chinese names), for front ends
that may not import the game: :func:`catalog` is :func:`lifeboat.views.catalog.public_catalog` (no card instance,
no secret)."""

from __future__ import annotations

from functools import cache
from typing import Any

from lifeboat.views.catalog import public_catalog


@cache
def catalog() -> dict[str, Any]:
    """``public_catalog()``, computed once (see :mod:`lifeboat.views.catalog` for the shape)."""
    return public_catalog()
