"""Test helpers: play real games with real bots, in memory, and stop at any decision of any seat."""

from __future__ import annotations

import random
from collections.abc import Iterator

from lifeboat import Ruleset, State, apply, legal_commands, new_game, waiting_for
from lifeboat.chance import shuffle, next_chance
from lifeboat.views import Observer

from lifeboat.bots.random_bot import random_choice

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")


def decisions(seed: int, players: int = 4, cannibalism: bool = False) -> Iterator[tuple[State, Observer, str]]:
    """Every decision of a game of the random bot: ``(state, observer, character to move)`` before it is made."""
    rng = random.Random(seed)
    ruleset = Ruleset(expansions=("cannibalism",)) if cannibalism else Ruleset()
    state = new_game(PLAYERS[:players], ruleset)
    orders = shuffle(rng, f"{seed:x}", ruleset)
    obs = Observer(state)
    while True:
        chance = next_chance(state, orders)
        if chance is None:
            if state.over:
                return
            me = waiting_for(state)[0]
            yield state, obs, me
            chance = random_choice(me, obs.seat_view(me).legal, rng)
        state, events = apply(state, chance)
        obs.record(events)


def finished(seed: int, players: int = 4) -> State:
    """The final table of a whole game of the random bot."""
    rng = random.Random(seed)
    state = new_game(PLAYERS[:players])
    orders = shuffle(rng, f"{seed:x}")
    while not state.over:
        chance = next_chance(state, orders)
        if chance is None:
            me = waiting_for(state)[0]
            chance = random_choice(me, legal_commands(state, me), rng)
        state, _ = apply(state, chance)
    return state
