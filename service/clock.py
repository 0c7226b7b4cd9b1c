"""Where time and chance come from: the only place in the code base that reads the clock or draws randomness.

``lifeboat`` is pure and ``journal`` takes a clock as an argument; the service passes these. Tests freeze the clock
with freezegun and seed the RNG.
"""

from __future__ import annotations

import random
import secrets

from journal import system_clock

now_ms = system_clock
"""The clock: integer milliseconds since the Unix epoch (a :data:`journal.Clock`)."""


def rng(seed: int | None = None) -> random.Random:
    """``random.Random(seed)`` for a reproducible game, else :class:`secrets.SystemRandom` (the OS's entropy)."""
    return random.Random(seed) if seed is not None else secrets.SystemRandom()


def new_game_id() -> str:
    """A fresh random game id: 16 hex digits."""
    return secrets.token_hex(8)
