"""The random bot: a weighted random legal player (the baseline the others are measured against)."""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate

from lifeboat import commands as c
from lifeboat.views import EventView, SeatView

ACTION_WEIGHTS = {
    c.Row: 4.0, c.DoNothing: 2.0, c.Mug: 1.5, c.ChangeSeats: 0.7, c.FireFlareGun: 1.0, c.OpenParasol: 2.0,
    c.UseMedicalKit: 1.5, c.Cannibalize: 2.0,
}
_JOINS = (c.JoinFight, c.ObjectToCannibalism, c.CallSharks, c.DrinkFirewater)  # LIQUID-1 too
_REVEAL, _OFFER, _ANSWER, _WATER, _PRESERVER, _PASS = (
    c.Reveal, c.OfferTrade, c.Answer, c.GiveWater, c.ThrowLifePreserver, c.Pass)  # one name each, for the loop below


def random_choice(me: str, legal: Sequence[c.PlayerCommand], rng: random.Random) -> c.PlayerCommand:
    """Pick one of ``legal`` (the commands of character ``me``), weighted to look like play: mostly drink when
    thirsty, pass in most windows, row more often than mug.

    Raises ``ValueError`` when ``legal`` is empty.
    """
    if not legal:
        raise ValueError("no legal command to choose from")
    # One pass sorts the list into what the rules of thumb below look at, in the list's order (a playout asks
    # this at every decision: it is fast for search bots' and benchmarks' sake).
    water_self: list[c.PlayerCommand] = []  # Water for my own thirst
    lifesaver = first_pass = None  # a Life Preserver thrown to me; the first Pass
    joins: list[c.PlayerCommand] = []
    actions: list[c.PlayerCommand] = []
    kinds: dict[type, int] = {}  # how many actions of each kind
    core: list[c.PlayerCommand] = []  # all but reveals and trade offers
    only_answers = True
    for x in legal:
        kind = type(x)
        if kind is _REVEAL or kind is _OFFER:
            continue
        core.append(x)
        only_answers = only_answers and kind is _ANSWER
        if kind in ACTION_WEIGHTS:
            actions.append(x)
            kinds[kind] = kinds.get(kind, 0) + 1
        elif kind is _WATER:
            if x.target == me:  # type: ignore[union-attr]  # kind is c.GiveWater: a type test
                water_self.append(x)
        elif kind is _PRESERVER:
            if lifesaver is None and x.target == me:  # type: ignore[union-attr]  # kind is c.ThrowLifePreserver: a type test
                lifesaver = x
        elif kind is _PASS:
            if first_pass is None:
                first_pass = x
        elif kind in _JOINS:
            joins.append(x)
    if water_self and rng.random() < 0.9:
        return rng.choice(water_self)
    if lifesaver is not None:
        return lifesaver
    if first_pass is not None:
        if joins and rng.random() < 0.15:
            return rng.choice(joins)
        return first_pass
    if actions:  # each kind of action weighs the same in all, however many there are
        cum = list(accumulate([ACTION_WEIGHTS[type(x)] / kinds[type(x)] for x in actions]))
        # rng.choices(actions, weights=...)[0], its very steps (CPython's random.choices): one draw, the same pick
        return actions[bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(actions) - 1)]
    if core and rng.random() < 0.97:
        if only_answers:
            return core[0] if rng.random() < 0.5 else core[-1]
        return rng.choice(core)
    return rng.choice(list(legal))


class RandomBot:
    """The weighted random legal player (:func:`random_choice`)."""

    name = "random"
    wants_log = False

    def choose(self, view: SeatView, log: Sequence[EventView], rng: random.Random) -> c.PlayerCommand:
        """One of ``view.legal``. Raises ``TypeError`` unless ``view`` is a :class:`SeatView`, ``ValueError``
        when it has no legal command."""
        if not isinstance(view, SeatView):
            raise TypeError(f"a bot gets only its own seat's view (a SeatView), not {type(view).__name__}")
        return random_choice(view.viewer, view.legal, rng)
