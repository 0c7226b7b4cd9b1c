"""Given / when / then for the decider.

- ``given(deal(...), *items)`` builds a state by folding through the real engine: a :class:`DealSetup` (applied with
  :func:`lifeboat.apply`), then events (applied with :func:`lifeboat.evolve`), commands (applied with ``apply``),
  lists of them, or callables ``state -> items`` (for items that depend on the state so far). Events are the
  "history so far": fixture helpers such as :func:`hand` or :func:`actions` return real events, folded by the real
  ``evolve``; nothing is mocked.
- ``when(state, command).then(*events)`` asserts the exact events and returns the new state;
  ``when(state, command).refused(ErrorClass, "RULE-ID")`` asserts the error class, its ``.rule`` and that the state
  is unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import msgspec
import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import navigation_instances, provision_instances
from lifeboat.decide import decide
from lifeboat.errors import RuleViolation
from lifeboat.evolve import evolve, fold
from lifeboat.game import apply, new_game
from lifeboat.ruleset import Ruleset
from lifeboat.state import ProvisionsPick, RowPlace, State

PLAYERS = ("ann", "bob", "cy", "dee", "eve", "fay")
FOUR = ("lady_lauren", "captain", "frenchy", "kid")  # seats: Lady Lauren, Captain, Frenchy, Kid
SIX = ("lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid")
REMOVED = tuple(f"water-{n}" for n in range(7, 17))  # the 10 provisions set aside in short-handed fixtures

Item = Any  # an Event, a Command, an iterable of items, or a callable state -> items


def deal(
    characters: tuple[str, ...] = FOUR,
    *,
    love: tuple[str, ...] | None = None,
    hate: tuple[str, ...] | None = None,
    provisions: tuple[str, ...] | None = None,
    removed: tuple[str, ...] | None = None,
) -> c.DealSetup:
    """A setup deal. Defaults: LOVE is the next character in ``characters``, HATE the one after (nobody loves or
    hates themselves); first provisions ``cash-1``…; removed ``water-7``…``water-16`` with 4-5 players."""
    n = len(characters)
    return c.DealSetup(
        characters=characters,
        love=love if love is not None else characters[1:] + characters[:1],
        hate=hate if hate is not None else characters[2:] + characters[:2],
        provisions=provisions if provisions is not None else tuple(f"cash-{i}" for i in range(1, n + 1)),
        removed=removed if removed is not None else (REMOVED if n < 6 else ()),
    )


def given(setup: c.DealSetup, *items: Item, ruleset: Ruleset | None = None) -> State:
    """The state after ``setup`` and then ``items``, folded through the real engine."""
    state = new_game(PLAYERS[: len(setup.characters)], ruleset)
    state, _ = apply(state, setup)
    return then_fold(state, *items)


def then_fold(state: State, *items: Item) -> State:
    """Continue a state with more items (see :func:`given`)."""
    for item in items:
        if callable(item) and not isinstance(item, msgspec.Struct):
            state = then_fold(state, *_as_tuple(item(state)))
        elif isinstance(item, (list, tuple)):
            state = then_fold(state, *item)
        elif isinstance(item, c.Command.__args__):  # type: ignore[attr-defined]
            state, _ = apply(state, item)
        else:
            state = evolve(state, item)
    return state


def _as_tuple(x: Item) -> tuple:
    return tuple(x) if isinstance(x, (list, tuple)) else (x,)


# ---- fixture events (the history so far) ---------------------------------------------------------------------


def hand(character: str, *cards: str) -> list[e.Event]:
    """``character`` has ``cards`` in hand (dealt from the provisions deck)."""
    return [e.ProvisionDealt(character=character, card=card) for card in cards]


def face_up(character: str, *cards: str) -> list[e.Event]:
    """``character`` has ``cards`` face up (dealt, then revealed)."""
    return hand(character, *cards) + [e.CardRevealed(character=character, card=card) for card in cards]


def wounds(character: str, n: int) -> e.Wounded:
    return e.Wounded(character=character, amount=n, cause="fight")


def actions(first: str | None = None) -> Callable[[State], list[e.Event]]:
    """The action step has started (order = seats now) and it is ``first``'s turn (default: the conscious character
    nearest the bow)."""

    def items(state: State) -> list[e.Event]:
        who = first or state.conscious_seats()[0]
        return [e.ActionPhaseStarted(order=state.seats), e.ActionTurnStarted(character=who, index=state.seats.index(who))]

    return items


def pass_all() -> Callable[[State], list[c.Command]]:
    """Everyone who must still pass in the open window passes (a real command each, bow first)."""
    from lifeboat.legal import waiting_for

    def items(state: State) -> list[c.Command]:
        out: list[c.Command] = []
        for ch in waiting_for(state):
            out.append(c.Pass(by=ch))
        return out

    return items


def everyone_does_nothing() -> Callable[[State], list[c.Command]]:
    """Every remaining actor of the action step does nothing (real commands), which starts navigation."""
    from lifeboat.state import ActionTurn

    def items(state: State) -> list[c.Command]:
        out: list[c.Command] = []
        while isinstance(state.step, ActionTurn):
            cmd = c.DoNothing(by=state.step.actor)
            out.append(cmd)
            state, _ = apply(state, cmd)
        return out

    return items


# ---- when / then -----------------------------------------------------------------------------------------------


def snapshot(state: State) -> bytes:
    return msgspec.json.encode(state)


class When:
    def __init__(self, state: State, command: c.Command) -> None:
        self.state = state
        self.command = command

    def events(self) -> tuple[e.Event, ...]:
        return decide(self.state, self.command)

    def then(self, *expected: e.Event) -> State:
        """Assert the command produces exactly ``expected``; return the state after them."""
        got = decide(self.state, self.command)
        assert list(got) == list(expected)
        return fold(self.state, got)

    def then_starts(self, *expected: e.Event) -> State:
        """Assert the command's events begin with ``expected``; return the state after all of them."""
        got = decide(self.state, self.command)
        assert list(got[: len(expected)]) == list(expected)
        return fold(self.state, got)

    def refused(self, error: type[RuleViolation], rule: str) -> RuleViolation:
        """Assert the command is refused with exactly ``error`` naming ``rule``, and the state is unchanged."""
        before = snapshot(self.state)
        with pytest.raises(RuleViolation) as info:
            apply(self.state, self.command)
        exc = info.value
        assert type(exc) is error, f"{type(exc).__name__}: {exc}"
        assert exc.rule == rule, str(exc)
        assert exc.message
        assert snapshot(self.state) == before
        return exc


def when(state: State, command: c.Command) -> When:
    return When(state, command)


# ---- card places (for invariants) ------------------------------------------------------------------------------


def provision_places(state: State) -> Counter[str]:
    """Every provision card counted once per place it is in."""
    places: Counter[str] = Counter()
    places.update(state.provisions)
    places.update(state.removed)
    places.update(state.discard)
    for ch in state.characters:
        places.update(ch.hand)
        places.update(ch.face_up)
    if isinstance(state.step, ProvisionsPick):
        places.update(state.step.offered)
    return places


def navigation_places(state: State) -> Counter[str]:
    places: Counter[str] = Counter()
    places.update(state.nav_unseen)
    places.update(state.nav_bottom)
    places.update(state.row_stack)
    places.update(state.in_play)
    if isinstance(state.step, RowPlace):
        places.update(state.step.drawn)
    return places


def assert_every_card_once(state: State) -> None:
    """After setup: all 42 provisions and all 24 navigation cards are each in exactly one place."""
    assert provision_places(state) == Counter(provision_instances())
    assert navigation_places(state) == Counter(navigation_instances())


def cards_of(items: Iterable[str], face: str) -> tuple[str, ...]:
    return tuple(x for x in items if x.rpartition("-")[0] == face)
