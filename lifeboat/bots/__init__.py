"""Bots for Lifeboat: players that see only their own seat.

A bot is an object with ``name``, ``wants_log`` and ``choose(view, log, rng) -> PlayerCommand``: ``view`` is the
:class:`lifeboat.views.SeatView` of the seat to move (built by :mod:`lifeboat.views`, the one choke point for
secrets), ``log`` that seat's view of the event log (:meth:`lifeboat.views.Observer.log` for the seat, only
needed when ``wants_log``), ``rng`` a :class:`random.Random` owned by the caller. It returns one of ``view.legal``.
Nothing in this API reaches the :class:`lifeboat.State` or another seat's secrets.

Kinds (:func:`make`): ``random`` (:mod:`lifeboat.bots.random_bot`), ``heuristic`` (:mod:`lifeboat.bots.heuristic`), ``search``
(:mod:`lifeboat.bots.search`). This package imports only ``lifeboat``, the standard library and msgspec.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from lifeboat.commands import PlayerCommand
from lifeboat.views import EventView, SeatView

KINDS = ("random", "heuristic", "search")
DEFAULT_THINK_MS = 200


class Bot(Protocol):
    """What every bot offers (see the package docstring)."""

    name: str
    wants_log: bool

    def choose(self, view: SeatView, log: Sequence[EventView], rng: random.Random) -> PlayerCommand:
        """One of ``view.legal``; raises ``TypeError`` for a view that is not a :class:`SeatView`."""
        ...


def make(kind: str, think_ms: int = DEFAULT_THINK_MS) -> Bot:
    """A new bot of ``kind`` (one of :data:`KINDS`); ``think_ms`` is the search bot's budget per decision in
    milliseconds. Raises ``ValueError`` for an unknown kind or a budget below 1 ms."""
    if kind == "random":
        from lifeboat.bots.random_bot import RandomBot
        return RandomBot()
    if kind == "heuristic":
        from lifeboat.bots.heuristic import HeuristicBot
        return HeuristicBot()
    if kind == "search":
        if think_ms < 1:
            raise ValueError(f"the search bot needs a budget of at least 1 ms, got {think_ms}")
        from lifeboat.bots.search import SearchBot
        return SearchBot(think_ms=think_ms)
    raise ValueError(f"unknown bot kind {kind!r}; expected one of {', '.join(KINDS)}")


__all__ = ["Bot", "DEFAULT_THINK_MS", "KINDS", "make"]
