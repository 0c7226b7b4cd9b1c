"""The random bot: a weighted random legal player (the baseline the others are measured against)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from lifeboat import commands as c
from lifeboat.views import EventView, SeatView

ACTION_WEIGHTS = {
    c.Row: 4.0, c.DoNothing: 2.0, c.Mug: 1.5, c.ChangeSeats: 0.7, c.FireFlareGun: 1.0, c.OpenParasol: 2.0,
    c.UseMedicalKit: 1.5, c.Cannibalize: 2.0,
}


def random_choice(me: str, legal: Sequence[c.PlayerCommand], rng: random.Random) -> c.PlayerCommand:
    """Pick one of ``legal`` (the commands of character ``me``), weighted to look like play: mostly drink when
    thirsty, pass in most windows, row more often than mug.

    Raises ``ValueError`` when ``legal`` is empty.
    """
    if not legal:
        raise ValueError("no legal command to choose from")
    water_self = [x for x in legal if isinstance(x, c.GiveWater) and x.target == me]
    if water_self and rng.random() < 0.9:
        return rng.choice(water_self)
    lifesaver = [x for x in legal if isinstance(x, c.ThrowLifePreserver) and x.target == me]
    if lifesaver:
        return lifesaver[0]
    if any(isinstance(x, c.Pass) for x in legal):
        joins = [x for x in legal if isinstance(x, (c.JoinFight, c.ObjectToCannibalism, c.CallSharks,
                                                   c.DrinkFirewater))]  # LIQUID-1 too
        if joins and rng.random() < 0.15:
            return rng.choice(joins)
        return next(x for x in legal if isinstance(x, c.Pass))
    actions = [x for x in legal if type(x) in ACTION_WEIGHTS]
    if actions:
        kinds = Counter(type(x) for x in actions)  # each kind of action weighs the same in all, however many
        weights = [ACTION_WEIGHTS[type(x)] / kinds[type(x)] for x in actions]
        return rng.choices(actions, weights=weights)[0]
    core = [x for x in legal if not isinstance(x, (c.Reveal, c.OfferTrade))]
    if core and rng.random() < 0.97:
        if all(isinstance(x, c.Answer) for x in core):
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
