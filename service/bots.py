"""Bots: choose a command from what one seat may see and do.

A bot is given only its own seat's options (the legal commands listed in that seat's view) and its own RNG; it
never sees another seat's secret. :func:`random_bot` is a weighted random legal player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from lifeboat import commands as c
from lifeboat.state import State
from service.errors import BadRequest
from service.seats import resolve_viewer

ACTION_WEIGHTS = {
    c.Row: 4.0, c.DoNothing: 2.0, c.Mug: 1.5, c.ChangeSeats: 0.7, c.FireFlareGun: 1.0, c.OpenParasol: 2.0,
    c.UseMedicalKit: 1.5, c.Cannibalize: 2.0,
}


def random_bot(me: str, legal: Sequence[c.Command], rng: random.Random) -> c.Command:
    """Pick one of ``legal`` (the commands of character ``me``), weighted to look like play.

    Raises :class:`BadRequest` when ``legal`` is empty.
    """
    if not legal:
        raise BadRequest("no legal command to choose from")
    water_self = [x for x in legal if isinstance(x, c.GiveWater) and x.target == me]
    if water_self and rng.random() < 0.9:
        return rng.choice(water_self)
    lifesaver = [x for x in legal if isinstance(x, c.ThrowLifePreserver) and x.target == me]
    if lifesaver:
        return lifesaver[0]
    if any(isinstance(x, c.Pass) for x in legal):
        joins = [x for x in legal if isinstance(x, (c.JoinFight, c.ObjectToCannibalism))]
        if joins and rng.random() < 0.15:
            return rng.choice(joins)
        return next(x for x in legal if isinstance(x, c.Pass))
    actions = [x for x in legal if type(x) in ACTION_WEIGHTS]
    if actions:
        weights = [ACTION_WEIGHTS[type(x)] / sum(type(y) is type(x) for y in actions) for x in actions]
        return rng.choices(actions, weights=weights)[0]
    core = [x for x in legal if not isinstance(x, (c.Reveal, c.OfferTrade))]
    if core and rng.random() < 0.97:
        if all(isinstance(x, c.Answer) for x in core):
            return core[0] if rng.random() < 0.5 else core[-1]
        return rng.choice(core)
    return rng.choice(list(legal))


def bot_seats(state: State, spec: str | None) -> set[str]:
    """The seats (character ids) ``spec`` names for bots: ``"all"``, or comma-separated player or character
    names; empty for ``None``. Raises :class:`BadRequest` (``field`` ``"--bots"``) for a name that is no seat."""
    if not spec:
        return set()
    if spec.strip().lower() == "all":
        return {ch.character for ch in state.characters}
    seats = set()
    for name in spec.split(","):
        who = resolve_viewer(state, name, option="--bots")
        if who in ("public", "referee"):
            raise BadRequest(f"--bots: {name!r} is not a seat", "--bots")
        seats.add(who)
    return seats
