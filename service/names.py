"""The names a page shows: characters and provision faces in English and Chinese (from the card data).

:func:`names_table` returns ``{"characters": {id: {"en", "zh", "size"}}, "faces": {face: {"en", "zh",
"weapon"}}}``: rules knowledge printed on the cards, the same for everyone (no card instance, no secret).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from lifeboat.cards import CHARACTERS, FACES


@cache
def names_table() -> dict[str, Any]:
    """Every character's and provision face's English and first Chinese name (see the module docstring)."""
    return {
        "characters": {c.id: {"en": c.en, "zh": c.zh[0] if c.zh else "", "size": c.size}
                       for c in CHARACTERS.values()},
        "faces": {f.id: {"en": f.en, "zh": f.zh[0] if f.zh else "", "weapon": f.weapon} for f in FACES.values()},
    }
