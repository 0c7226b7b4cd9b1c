"""Properties of whole games: seeded random legal play of full 4-, 5- and 6-player games, with random illegal
commands fired along the way.

- Chance comes from :func:`lifeboat.chance.shuffle` (a seeded ``random.Random``) and :func:`next_chance`; moves
  from :func:`waiting_for` and :func:`legal_commands`.
- Nothing but a :class:`RuleViolation` is ever raised, and a refused command leaves the state unchanged.
- After every event: each of the 42 provisions and 24 navigation cards is in exactly one place; wounds are never
  negative; seats hold exactly the characters in the boat; seagulls stay within 0..4.
- Every game ends within a bound of steps; folding all its events again from the start gives the same state; the
  events survive a JSON round trip.

CI runs a few dozen games (``-m "not slow"``); ``-m slow`` runs many more.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat import commands as c
from lifeboat.cards import BASE_CHARACTERS, navigation_instances, provision_instances
from lifeboat.chance import next_chance, shuffle
from lifeboat.errors import RuleViolation
from lifeboat.events import DecksReady, Event, GameEnded
from lifeboat.evolve import evolve, fold
from lifeboat.game import apply, new_game
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.scoring import scores, winners
from lifeboat.state import ActionTurn, GameOver, State

from .gwt import PLAYERS, assert_every_card_once

MAX_STEPS = 5000
CHARACTER_POOL = BASE_CHARACTERS + ("dr_harter", "nobody", "")
CARD_POOL = provision_instances() + navigation_instances() + ("water-0", "water-17", "nav-18", "nav-43", "x", "")
FACE_POOL = ("water", "knife", "painting", "nav", "gold", "")

rulesets = st.builds(
    Ruleset,
    remove_provisions_short_handed=st.booleans(),
    row_keeps_exactly_one=st.booleans(),
    flare_gun_single_use_weapon=st.booleans(),
    quick_game=st.booleans(),
    swap_grants_immediate_turn=st.booleans(),
    rowing_variant=st.booleans(),
    shark_variant=st.booleans(),
)


def random_command(rng: random.Random, state: State) -> c.Command:
    """A random, well-typed command: mostly illegal now, sometimes legal by chance."""
    ch = lambda: rng.choice(CHARACTER_POOL + tuple(x.character for x in state.characters) * 2)  # noqa: E731
    card = lambda: rng.choice(CARD_POOL)  # noqa: E731
    cards = lambda k=3: tuple(card() for _ in range(rng.randint(0, k)))  # noqa: E731
    held = lambda who: rng.choice(  # noqa: E731
        (state.char(who).hand + state.char(who).face_up) or (card(),)) if state.has(who) else card()
    by = ch()
    makers = [
        lambda: c.DealSetup(characters=tuple(ch() for _ in range(len(state.players))),
                            love=tuple(ch() for _ in range(len(state.players))),
                            hate=tuple(ch() for _ in range(len(state.players))), provisions=cards(6), removed=cards(10)),
        lambda: c.DrawProvisions(cards=cards(6)),
        lambda: c.DrawNavigation(cards=cards(4)),
        lambda: c.DrawFromHand(card=card()),
        lambda: c.KeepProvision(by=by, card=card()),
        lambda: c.DoNothing(by=by),
        lambda: c.Row(by=by),
        lambda: c.PlaceRowedCards(by=by, to_stack=cards(), to_bottom=cards()),
        lambda: c.ChangeSeats(by=by, target=ch()),
        lambda: c.Mug(by=by, target=ch(), card=rng.choice([None, card()])),
        lambda: c.Answer(by=by, consent=rng.random() < 0.5),
        lambda: c.JoinFight(by=by, side=rng.choice(["attacker", "defender"])),
        lambda: c.Pass(by=by),
        lambda: c.Reveal(by=by, card=held(by)),
        lambda: c.FireFlareGun(by=by, card=held(by)),
        lambda: c.OpenParasol(by=by, card=held(by)),
        lambda: c.UseMedicalKit(by=by, card=held(by), target=ch()),
        lambda: c.OfferTrade(by=by, to=ch(), give=cards(2), ask=tuple(rng.choice(FACE_POOL) for _ in range(rng.randint(0, 2)))),
        lambda: c.AnswerTrade(by=by, accept=rng.random() < 0.5, cards=cards(2)),
        lambda: c.UseCompass(by=by, use=rng.random() < 0.5),
        lambda: c.ChooseNavigationCard(by=by, card=card()),
        lambda: c.ThrowLifePreserver(by=by, card=held(by), target=ch()),
        lambda: c.ExpendChum(by=by, card=held(by)),
        lambda: c.GiveWater(by=by, card=held(by), target=ch()),
        lambda: c.CallSharks(by=by),
    ]
    return rng.choice(makers)()


def check_invariants(state: State) -> None:
    assert_every_card_once(state)
    assert all(ch.wounds >= 0 for ch in state.characters)
    in_boat = {ch.character for ch in state.characters if ch.in_boat}
    assert len(state.seats) == len(set(state.seats)) and set(state.seats) == in_boat
    assert 0 <= state.seagulls <= 4
    if state.open_parasol is not None:
        owner = state.holder(state.open_parasol)
        assert owner is not None and state.open_parasol in state.char(owner).face_up
    if state.offer is not None:
        assert isinstance(state.step, ActionTurn)


def apply_checked(state: State, command: c.Command, log: list[Event]) -> State:
    """Apply ``command`` and check the invariants after each of its events."""
    _, events = apply(state, command)
    ready = bool(state.nav_unseen or state.nav_bottom or state.in_play or state.row_stack)
    for ev in events:
        state = evolve(state, ev)
        ready = ready or isinstance(ev, DecksReady)
        if ready and state.characters and not isinstance(ev, DecksReady):
            check_invariants(state)
    log.extend(events)
    return state


def fire_illegal(rng: random.Random, state: State, log: list[Event]) -> State:
    """Fire a random command: a refusal must be a RuleViolation that changes nothing; a legal one is played."""
    command = random_command(rng, state)
    before = msgspec.json.encode(state)
    try:
        return apply_checked(state, command, log)
    except RuleViolation as exc:
        assert exc.rule and exc.message
        assert msgspec.json.encode(state) == before
        return state


def play_game(seed: int, n: int, ruleset: Ruleset, illegal_rate: float = 0.25,
              log: list[Event] | None = None) -> tuple[State, int]:
    """Play one random game; ``log`` (if given) receives its events."""
    rng = random.Random(seed)
    orders = shuffle(rng, f"{seed:08x}")
    state = new_game(PLAYERS[:n], ruleset)
    start = state
    log = [] if log is None else log
    steps = 0
    while not state.over:
        steps += 1
        assert steps <= MAX_STEPS, f"seed {seed}: the game did not end in {MAX_STEPS} steps"
        if state.characters and rng.random() < illegal_rate:
            state = fire_illegal(rng, state, log)
            if state.over:
                break
        chance = next_chance(state, orders)
        if chance is not None:
            state = apply_checked(state, chance, log)
            continue
        who = waiting_for(state)
        assert who, state.step
        actor = rng.choice(who)
        moves = legal_commands(state, actor)
        assert moves, (actor, state.step)
        common = [m for m in moves if not isinstance(m, (c.Reveal, c.OfferTrade))]
        move = rng.choice(common if common and rng.random() < 0.85 else moves)
        state = apply_checked(state, move, log)
    assert isinstance(state.step, GameOver) and isinstance(log[-1], GameEnded)
    assert state.step.reason == log[-1].reason
    if state.step.reason == "land":
        assert state.seagulls == 4
    else:
        assert not any(state.alive(x) for x in state.seats)
    assert waiting_for(state) == () and chance_request(state) is None
    assert fold(start, log) == state
    assert msgspec.json.decode(msgspec.json.encode(log), type=list[Event]) == log
    assert len(scores(state)) == n and winners(state)
    return state, steps


@pytest.mark.parametrize("n", [4, 5, 6])
@settings(max_examples=30, deadline=None, derandomize=False, database=None, print_blob=True,  # fresh seeds, CI too
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), ruleset=rulesets)
def test_random_games_keep_every_invariant(n: int, seed: int, ruleset: Ruleset) -> None:
    play_game(seed, n, ruleset)


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 5, 6])
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), ruleset=rulesets)
def test_many_random_games_keep_every_invariant(n: int, seed: int, ruleset: Ruleset) -> None:
    play_game(seed, n, ruleset, illegal_rate=0.5)


#: What each option changes, as a test of an event (issue 15).
OPTION_SIGNS = {
    "swap_grants_immediate_turn": lambda ev: type(ev).__name__ == "SwappedTurnStarted",  # ACT-3
    "rowing_variant": lambda ev: getattr(ev, "purpose", None) == "navigator",  # ROW-2
    "shark_variant": lambda ev: type(ev).__name__ == "GhostRose",  # GHOST-1
}


@pytest.mark.parametrize("option", sorted(OPTION_SIGNS))
def test_each_option_shows_in_random_play(option: str) -> None:
    """Issue 15: random legal play with each option on ends with every invariant, and reaches what the option
    changes in some of a few seeded games."""
    seen = 0
    for seed in range(12):
        log: list[Event] = []
        play_game(seed, 4 + seed % 3, Ruleset(**{option: True}), log=log)
        seen += any(OPTION_SIGNS[option](ev) for ev in log)
    assert seen >= 1


def test_a_seeded_game_is_reproducible() -> None:
    """The same seed, players and ruleset give the same game (chance is fully fixed by the committed orders)."""
    a, steps_a = play_game(11, 5, Ruleset())
    b, steps_b = play_game(11, 5, Ruleset())
    assert a == b and steps_a == steps_b


def test_the_illegal_command_generator_mostly_misses() -> None:
    """The fuzzing is meaningful: most random commands are refused, with many different rules."""
    rng = random.Random(5)
    state = play_until_actions(rng)
    rules: set[str] = set()
    refused = 0
    for _ in range(400):
        try:
            apply(state, random_command(rng, state))
        except RuleViolation as exc:
            refused += 1
            rules.add(exc.rule)
    assert refused > 300 and len(rules) >= 10


def play_until_actions(rng: random.Random) -> State:
    orders = shuffle(rng, "00")
    state = new_game(PLAYERS[:5])
    while not isinstance(state.step, ActionTurn):
        chance = next_chance(state, orders)
        state, _ = apply(state, chance if chance is not None else legal_commands(state, waiting_for(state)[0])[0])
    return state
