"""Where time and chance come from: the only place in the code base that reads the clock or draws randomness.

``lifeboat`` is pure and ``journal`` takes a clock as an argument; the service passes these. Tests freeze the clock
with freezegun and seed the RNG.
"""

from __future__ import annotations

import hashlib
import random
import secrets

from journal import system_clock

now_ms = system_clock
"""The clock: integer milliseconds since the Unix epoch (a :data:`journal.Clock`)."""


def rng(seed: int | None = None) -> random.Random:
    """``random.Random(seed)`` for a reproducible game, else :class:`secrets.SystemRandom` (the OS's entropy).

    A seeded RNG drives only the shuffles (and bots): nothing drawn from it may appear in public, because small
    seeds can be brute-forced. Public numbers come from :func:`new_game_id` and :func:`new_salt`."""
    return random.Random(seed) if seed is not None else secrets.SystemRandom()


def new_game_id() -> str:
    """A fresh random game id from the OS's CSPRNG: 16 hex digits (never derived from a seed)."""
    return secrets.token_hex(8)


def new_salt() -> str:
    """A fresh salt from the OS's CSPRNG: 32 hex digits (128 bits). It goes into the deck commitment and picks
    random mugs (CHANCE-2), so it is never derived from a seed: with it, the commitment of a seeded game cannot be
    matched against the shuffles of guessed seeds."""
    return secrets.token_hex(16)


def new_fork_id(parent_game_id: str, at: int) -> str:
    """A fork's game id: 16 hex digits of SHA-256 over the parent's game id, the fork's seq and 128 fresh bits
    from the OS's CSPRNG, so two forks of the same game at the same seq (even with the same ``--seed``) differ."""
    key = f"{parent_game_id}:{at}:{secrets.token_hex(16)}".encode()
    return hashlib.sha256(key).hexdigest()[:16]
