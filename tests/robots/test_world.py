"""Determinization (bots.world, bots.belief): every sampled world agrees with what the seat sees and remembers,
and the real table is always one of the worlds the seat's belief allows (nothing true is ruled out)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat import legal_commands
from lifeboat.cards import NAVIGATION
from lifeboat.views.faces import held_by, mask, mask_commands

from lifeboat.bots.belief import read
from lifeboat.bots.situation import step_of
from lifeboat.bots.world import card_sets, sample
from tests.robots.games import decisions


def _check(state, obs, me, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    view = obs.seat_view(me)
    belief = read(obs.log(me), card_sets(state.ruleset))
    # the truth is allowed: every hidden card is somewhere the seat's belief says it may be
    for ch in state.characters:
        if ch.character != me:
            for card in ch.hand:
                assert "h:" + ch.character in belief.places[card], (card, ch.character)
    for card in state.provisions:
        assert "deck" in belief.places[card]
    for card in state.removed:
        assert "removed" in belief.places[card]
    assert not set(state.nav_unseen) & belief.seen_nav  # a seen card never goes back in the shuffled part
    world, orders = sample(view, belief, rng)
    # the world agrees with the view: the table, the seat's own secrets, what it may do now; a card the view names
    # by its face (VIEW-FACE-1) is some card of that face, the same in the world and at the table when faced
    held = held_by(state, me)

    def faced(x):  # type: ignore[no-untyped-def]
        return mask(x, state.cards, held)

    assert world.seats == state.seats and faced(world.step) == faced(state.step)
    assert faced(state.step) == faced(step_of(view))
    assert (faced(world.discard), world.in_play, world.seagulls, world.round) == (
        faced(state.discard), state.in_play, state.seagulls, state.round)
    assert (world.action_order, world.action_index, faced(world.open_parasol)) == (
        state.action_order, state.action_index, faced(state.open_parasol))
    assert len(world.provisions) == len(state.provisions) and len(world.removed) == len(state.removed)
    assert len(world.nav_unseen) == len(state.nav_unseen) and len(world.row_stack) == len(state.row_stack)
    for real, fake in zip(state.characters, world.characters):
        assert (fake.character, fake.player, fake.wounds, faced(fake.face_up), len(fake.hand), fake.rowed,
                fake.fought, fake.in_boat) == (real.character, real.player, real.wounds, faced(real.face_up),
                                               len(real.hand), real.rowed, real.fought, real.in_boat)
    mine = world.char(me)
    assert (mine.hand, mine.love, mine.hate) == (view.hand, view.love, view.hate)
    assert sorted(c.love for c in world.characters) == sorted(c.character for c in world.characters)
    assert sorted(c.hate for c in world.characters) == sorted(c.character for c in world.characters)
    assert mask_commands(legal_commands(world, me), state.cards, held) == view.legal
    # the world agrees with the seat's memory: every card it knows the place of is there
    for card, where in belief.places.items():
        if len(where) == 1 and next(iter(where)).startswith("h:"):
            holder = next(iter(where))[2:]
            assert card in world.char(holder).hand + world.char(holder).face_up or card in world.discard
    for card, seen in zip(world.row_stack, view.row_stack):
        assert seen is None or card == seen
    known_bottom = [x for x in belief.bottom if x is not None]
    assert [x for x in world.nav_bottom if x in known_bottom] == known_bottom
    assert not set(world.nav_unseen) & belief.seen_nav
    every = set(world.nav_unseen) | set(world.nav_bottom) | set(world.row_stack) | set(world.in_play)
    drawn = set(view.step.data.get("drawn") or ()) if view.step.kind == "row_place" else set()
    assert every | drawn == {x for x in NAVIGATION if NAVIGATION[x].expansion in card_sets(state.ruleset)}
    assert set(orders.provisions) >= set(world.provisions)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(4, 6), stop=st.integers(0, 400))
def test_every_sampled_world_agrees_with_the_seat(seed: int, players: int, stop: int) -> None:
    rng = random.Random(seed)
    for k, (state, obs, me) in enumerate(decisions(seed, players)):
        if k == stop:
            _check(state, obs, me, rng)
            return


def test_worlds_along_a_whole_game_and_with_cannibalism() -> None:
    rng = random.Random(7)
    for seed, cannibalism in ((11, False), (12, True)):
        for k, (state, obs, me) in enumerate(decisions(seed, 5 + cannibalism, cannibalism=cannibalism)):
            if k % 9 == 0:
                _check(state, obs, me, rng)
