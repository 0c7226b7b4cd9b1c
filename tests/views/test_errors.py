"""The engine's refusals name only what the acting seat may know (architecture: "Error messages say only what the
acting seat may know"; errors.RuleViolation).

Over many random states, every seat fires commands that are mostly illegal (random cards and targets); each refusal's
message may name only card ids the seat knows (the oracle) or that the command itself named.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat import commands as c
from lifeboat.cards import BASE_CHARACTERS, FACES, navigation_instances, provision_instances
from lifeboat.decide import decide
from lifeboat.errors import RuleViolation
from lifeboat.state import State

from .oracle import Knowledge, card_ids_in, random_game

PROVISIONS = sorted(provision_instances())
NAVIGATION = sorted(navigation_instances())
CHARACTERS = [*BASE_CHARACTERS, "mrs_wong", "nobody"]


def random_commands(rng: random.Random, state: State, by: str, n: int) -> list[c.PlayerCommand]:
    """``n`` player commands for ``by`` with random cards (any card of the game, or nonsense) and targets."""
    def prov() -> str:
        return rng.choice(PROVISIONS) if rng.random() < 0.95 else rng.choice(["water-99", "nav-19", "x"])

    def nav() -> str:
        return rng.choice(NAVIGATION) if rng.random() < 0.95 else rng.choice(PROVISIONS)

    def who() -> str:
        return rng.choice(CHARACTERS)

    def cards(pick: object, k: int) -> tuple[str, ...]:
        return tuple(pick() for _ in range(k))  # type: ignore[operator]

    makers = [
        lambda: c.KeepProvision(by=by, card=prov()),
        lambda: c.DoNothing(by=by),
        lambda: c.Row(by=by),
        lambda: c.PlaceRowedCards(by=by, to_stack=cards(nav, rng.randint(0, 2)),
                                  to_bottom=cards(nav, rng.randint(0, 2))),
        lambda: c.ChangeSeats(by=by, target=who()),
        lambda: c.Mug(by=by, target=who(), card=rng.choice([None, prov()])),
        lambda: c.Answer(by=by, consent=rng.random() < 0.5),
        lambda: c.JoinFight(by=by, side=rng.choice(["attacker", "defender"])),
        lambda: c.Pass(by=by),
        lambda: c.Reveal(by=by, card=prov()),
        lambda: c.FireFlareGun(by=by, card=prov()),
        lambda: c.OpenParasol(by=by, card=prov()),
        lambda: c.UseMedicalKit(by=by, card=prov(), target=who()),
        lambda: c.OfferTrade(by=by, to=who(), give=cards(prov, rng.randint(0, 2)),
                             ask=tuple(rng.choice(list(FACES)) for _ in range(rng.randint(0, 2)))),
        lambda: c.AnswerTrade(by=by, accept=rng.random() < 0.7, cards=cards(prov, rng.randint(0, 2))),
        lambda: c.UseCompass(by=by, use=rng.random() < 0.5),
        lambda: c.ChooseNavigationCard(by=by, card=nav()),
        lambda: c.ThrowLifePreserver(by=by, card=prov(), target=who()),
        lambda: c.ExpendChum(by=by, card=prov()),
        lambda: c.GiveWater(by=by, card=prov(), target=who()),
    ]
    return [rng.choice(makers)() for _ in range(n)]


def check_errors(seed: int, players: int, per_state: int = 12, every: int = 2) -> int:
    """Play a random game; every ``every`` commits, each seat fires ``per_state`` random commands. Returns the
    number of refusals checked."""
    rng = random.Random(seed ^ 0x5EED)
    know = Knowledge()
    checked = 0
    for n, commit in enumerate(random_game(seed, players)):
        know.learn(commit.events, commit.after)
        if n % every or commit.after.over:
            continue
        state = commit.after
        for ch in state.characters:
            me = ch.character
            for cmd in random_commands(rng, state, me, per_state):
                try:
                    decide(state, cmd)
                except RuleViolation as err:
                    allowed = know.of(me) | card_ids_in(repr(cmd))
                    leaked = card_ids_in(str(err)) - allowed
                    assert not leaked, f"seed={seed} commit={n}: {cmd!r} -> {err} names {sorted(leaked)}"
                    checked += 1
    return checked


@settings(max_examples=40, derandomize=False, deadline=None, database=None, print_blob=True,  # fresh seeds, CI too
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6))
def test_refusals_name_only_what_the_seat_knows(seed: int, players: int) -> None:
    assert check_errors(seed, players) > 0


@pytest.mark.slow
@settings(max_examples=400, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6))
def test_refusals_name_only_what_the_seat_knows_many_games(seed: int, players: int) -> None:
    assert check_errors(seed, players, per_state=30, every=1) > 0
