"""The quick legality checks (:mod:`lifeboat.decide.quick`) answer exactly what :func:`decide` answers.

``legal_commands`` of a digital game checks its candidates with :func:`lifeboat.decide.quick.quick_legal` instead of
running ``decide`` on each (issue 16: playouts for search bots). Over random games (4-7 players, every option, the
Cannibalism expansion, moves from the random bot and uniform ones): at every decision, for every conscious
character, each candidate and random well-typed commands of that character (mostly illegal: unknown cards and
targets, wrong steps, trades of every shape) are accepted by the quick check exactly when ``decide`` accepts them.
tests/engine/test_engine_dispatch.py compares whole ``legal_commands`` lists with ``decide`` too.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat.bots.random_bot import random_choice
from lifeboat import commands as c
from lifeboat.chance import next_chance, shuffle
from lifeboat.decide.quick import CHECKS, quick_legal
from lifeboat.game import apply, new_game
from lifeboat.legal import _candidates, legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.state import State

from .test_engine_dispatch import NAMES, accepted, every_ruleset
from .test_properties import random_command

def random_commands_of(rng: random.Random, state: State, by: str, n: int) -> list[c.PlayerCommand]:
    """``n`` random well-typed commands of ``by`` that the quick checks cover."""
    out: list[c.PlayerCommand] = []
    while len(out) < n:
        command = random_command(rng, state)
        if type(command) in CHECKS:
            out.append(msgspec.structs.replace(command, by=by))
    return out


def check_state(rng: random.Random, state: State) -> int:
    """Compare quick and full checks for every conscious character; returns how many commands were compared."""
    compared = 0
    for ch in state.characters:
        by = ch.character
        if state.over or not state.conscious(by):
            continue
        for command in list(_candidates(state, by)) + random_commands_of(rng, state, by, 4):
            quick = quick_legal(state, by, [command]) == (command,)
            assert quick == accepted(state, command), (command, state.step, state.offer)
            compared += 1
    return compared


def play(seed: int, players: int, ruleset: Ruleset) -> int:
    rng = random.Random(seed)
    state = new_game(NAMES[:players], ruleset)
    orders = shuffle(rng, f"{seed:08x}", ruleset)
    compared = steps = 0
    weighted = rng.random() < 0.5  # the random bot's weights reach fights and windows more often
    while not state.over and steps < 3000:
        command = next_chance(state, orders)
        if command is None:
            compared += check_state(rng, state)
            me = rng.choice(waiting_for(state))
            legal = legal_commands(state, me)
            command = random_choice(me, legal, rng) if weighted else rng.choice(legal)
        state, _ = apply(state, command)
        steps += 1
    return compared


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6), ruleset=every_ruleset)
def test_quick_checks_answer_as_decide(seed: int, players: int, ruleset: Ruleset) -> None:
    assert play(seed, players, ruleset) > 0


def test_quick_checks_seven_players_with_cannibalism_and_sharks() -> None:
    assert play(16, 7, Ruleset(expansions=("cannibalism",), shark_variant=True)) > 0


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 7), ruleset=every_ruleset)
def test_many_games_quick_checks_answer_as_decide(seed: int, players: int, ruleset: Ruleset) -> None:
    if players == 7:
        ruleset = msgspec.structs.replace(ruleset, expansions=("cannibalism",))
    assert play(seed, players, ruleset) > 0
