"""Starting a game and applying commands: the thin layer over :func:`decide` and :func:`evolve`."""

from __future__ import annotations

from collections.abc import Iterable

from lifeboat.commands import Command
from lifeboat.decide import decide
from lifeboat.errors import InvalidCommand
from lifeboat.events import Event
from lifeboat.evolve import fold
from lifeboat.ruleset import Ruleset, validate
from lifeboat.state import State

MIN_PLAYERS, MAX_PLAYERS = 4, 6  # SETUP-1 (base game)


def new_game(players: Iterable[str], ruleset: Ruleset | None = None) -> State:
    """The state before setup: ``players`` are names in joining order (4-6 of them, distinct, non-empty).

    Raises:
        InvalidCommand: wrong number of players, a duplicate or empty name (SETUP-1).
        NotImplementedOption: the ruleset sets an option not implemented yet (OPT-1).
    """
    names = tuple(p.strip() for p in players)
    ruleset = validate(ruleset or Ruleset())
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidCommand(
            "SETUP-1", f"the base game takes {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}"
        )
    if any(not n for n in names) or len(set(n.casefold() for n in names)) != len(names):
        raise InvalidCommand("SETUP-1", "player names must be non-empty and different")
    return State(ruleset=ruleset, players=names)


def apply(state: State, command: Command) -> tuple[State, tuple[Event, ...]]:
    """Decide ``command`` and fold its events: returns ``(new_state, events)``. Raises what :func:`decide` raises."""
    events = decide(state, command)
    return fold(state, events), events
