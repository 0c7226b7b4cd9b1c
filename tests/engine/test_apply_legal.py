"""``lifeboat.apply_legal`` (:func:`lifeboat.decide.fold_legal`): for a command known to be legal it skips the
checks, and gives exactly what ``apply`` gives.

Over random games of every option and expansion (4-8 players), at every step: every legal command of every seat
(``legal_commands``) and the chance command the deck orders give (``next_chance``) are applied both ways; the
events and the state must be equal, field for field. The game then goes on with one of them, so the states
compared are those of real games (windows, fights, overboard, thirst, the end).
"""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat import apply, apply_legal, legal_commands, new_game, waiting_for
from lifeboat import commands as c
from lifeboat.chance import next_chance, shuffle
from lifeboat.decide import LEGAL_RULES
from lifeboat.errors import IllegalCommand
from lifeboat.ruleset import Ruleset

from .test_properties import rulesets

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")

every_ruleset = st.builds(lambda r, x: msgspec.structs.replace(r, expansions=x), rulesets,
                          st.sampled_from([(), ("cannibalism",), ("liquid_courage",), ("cannibalism", "liquid_courage")]))


def play(seed: int, players: int, ruleset: Ruleset) -> set[type]:
    """One random game, every legal command applied both ways at every step; the trusted types met."""
    rng = random.Random(seed)
    state = new_game(NAMES[:players], ruleset)
    orders = shuffle(rng, f"{seed:08x}", ruleset)
    met: set[type] = set()
    for _ in range(3000):
        if state.over:
            break
        chance = next_chance(state, orders)
        options = [chance] if chance is not None else [x for who in state.seats for x in legal_commands(state, who)]
        for command in options:
            assert apply_legal(state, command) == apply(state, command), command
            met.add(type(command))
        waiting = waiting_for(state)
        state = apply(state, chance if chance is not None else rng.choice(legal_commands(state, rng.choice(waiting))))[0]
    return met


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6), ruleset=every_ruleset)
def test_apply_legal_is_apply_for_every_legal_command(seed: int, players: int, ruleset: Ruleset) -> None:
    assert play(seed, players, ruleset)


def test_every_trusted_type_is_compared() -> None:
    met: set[type] = set()
    for seed in range(6):
        met |= play(seed, 4 + seed % 5, Ruleset(expansions=("cannibalism", "liquid_courage")) if seed % 5 >= 3 else Ruleset())
    assert set(LEGAL_RULES) <= met  # every command type with a shortcut was compared with apply
    assert {c.Pass, c.KeepProvision, c.DrawNavigation} <= set(LEGAL_RULES)


def test_a_command_from_outside_still_goes_through_the_rules_with_apply() -> None:
    state = new_game(NAMES[:4])
    state = apply(state, next_chance(state, shuffle(random.Random(3), "x")))[0]  # the deal: provisions are drawn
    with pytest.raises(IllegalCommand, match="PROC-1"):  # nothing to pass on: apply refuses, apply_legal would not
        apply(state, c.Pass(by="kid"))
