"""The engine's dispatch and its shortcuts agree with the rules, exactly.

- Every event type has an applier in :data:`lifeboat.evolve.APPLIERS`; every command type has a rule.
- ``legal_commands`` probes each candidate (:func:`lifeboat.decide.is_legal`: in a digital game it stops at the
  first event); over random games (4-7 players, every option, the Cannibalism expansion) its list is exactly the
  candidates that :func:`decide` accepts, and ``is_legal`` agrees with ``decide`` on random, mostly illegal,
  commands too.
- ``apply`` returns the state ``decide``'s events fold to (it no longer folds them a second time).
"""

from __future__ import annotations

import random
import typing

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.chance import next_chance, shuffle
from lifeboat.decide import CHANCE_RULES, PLAYER_RULES, RECORDER_RULES, decide, is_legal
from lifeboat.errors import RuleViolation
from lifeboat.evolve import APPLIERS, fold
from lifeboat.game import apply, new_game
from lifeboat.legal import _candidates, legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.state import State

from .test_properties import random_command, rulesets

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")


def accepted(state: State, command: c.Command) -> bool:
    try:
        decide(state, command)
    except RuleViolation:
        return False
    return True


def test_every_event_has_an_applier_and_every_command_a_rule() -> None:
    assert set(APPLIERS) == set(typing.get_args(e.Event))
    assert set(PLAYER_RULES) == set(typing.get_args(c.PlayerCommand))
    assert set(CHANCE_RULES) == set(typing.get_args(c.ChanceCommand))
    assert set(RECORDER_RULES) == set(typing.get_args(c.RecorderCommand))


def test_an_unknown_event_is_refused_as_before() -> None:
    with pytest.raises(AssertionError):
        fold(new_game(NAMES[:4]), ["not an event"])  # type: ignore[list-item]


def check_state(rng: random.Random, state: State) -> None:
    for ch in state.characters:
        who = ch.character
        expected = () if state.over or not state.conscious(who) else tuple(
            x for x in _candidates(state, who) if accepted(state, x))
        if who in state.ghosts and not state.over:  # GHOST-1: a ghost's two commands
            expected = tuple(x for x in (c.Pass(by=who), c.CallSharks(by=who)) if accepted(state, x))
        assert legal_commands(state, who) == expected
    for _ in range(3):
        command = random_command(rng, state)
        if not c.is_chance(command):
            assert is_legal(state, command) == accepted(state, command), command


def play(seed: int, players: int, ruleset: Ruleset) -> int:
    rng = random.Random(seed)
    state = new_game(NAMES[:players], ruleset)
    orders = shuffle(rng, f"{seed:08x}", ruleset)
    steps = 0
    while not state.over and steps < 3000:
        command = next_chance(state, orders)
        if command is None:
            check_state(rng, state)
            command = rng.choice(legal_commands(state, rng.choice(waiting_for(state))))
        new, events = apply(state, command)
        assert events == decide(state, command) and new == fold(state, events)
        state, steps = new, steps + 1
    return steps


every_ruleset = st.builds(lambda r, x: msgspec.structs.replace(r, expansions=x), rulesets,
                          st.sampled_from([(), ("cannibalism",), ("liquid_courage",), ("cannibalism", "liquid_courage")]))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6), ruleset=every_ruleset)
def test_legal_commands_are_exactly_what_decide_accepts(seed: int, players: int, ruleset: Ruleset) -> None:
    assert play(seed, players, ruleset) > 0


def test_seven_players_with_cannibalism() -> None:
    assert play(7, 7, Ruleset(expansions=("cannibalism",))) > 0


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 7), ruleset=every_ruleset)
def test_many_games_legal_commands_are_exactly_what_decide_accepts(seed: int, players: int,
                                                                   ruleset: Ruleset) -> None:
    if players == 7:
        ruleset = Ruleset(expansions=("cannibalism",))
    assert play(seed, players, ruleset) > 0
