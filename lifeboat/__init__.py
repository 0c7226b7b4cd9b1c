"""The Lifeboat rules engine: a pure decider over immutable state.

Public API (one flat surface, as python-chess has):

- :func:`new_game` (players, ruleset) -> :class:`State` before setup; :func:`apply` (state, command) ->
  (state, events); :func:`decide` and :func:`evolve` / :func:`fold` underneath; :func:`apply_legal`, the same
  for a command known to be legal (from :func:`legal_commands` or chance's orders), without the checks.
- :func:`legal_commands` (state, character) and :func:`chance_request` / :func:`waiting_for`.
- :mod:`lifeboat.commands` and :mod:`lifeboat.events`: the tagged unions :data:`Command` and :data:`Event`.
- :func:`scores` / :func:`winners` (SCORE-1..3).
- Errors: :class:`RuleViolation` (``InvalidCommand``, ``IllegalCommand``, ``AmbiguousCommand``),
  :class:`InconsistentHistory`, all under :class:`LifeboatError`.

Rule ids cited in docstrings and errors are those of ``docs/rules.md``.

A whole game, chance played by a seeded shuffle (:mod:`lifeboat.chance`; at a real table the cards decide) and
every seat taking its first legal command::

    >>> import random
    >>> import lifeboat
    >>> from lifeboat import chance
    >>> state = lifeboat.new_game(["Ann", "Bob", "Cy", "Dee"])
    >>> lifeboat.chance_request(state)
    ChanceRequest(kind='deal_setup', count=4, target=None)
    >>> decks = chance.shuffle(random.Random(7), salt="example")
    >>> state, events = lifeboat.apply(state, chance.setup_command(state, decks))
    >>> state.seats  # from the bow (SETUP-4)
    ('lady_lauren', 'first_mate', 'frenchy', 'kid')
    >>> while not state.over:
    ...     command = chance.next_chance(state, decks)
    ...     if command is None:  # a player's turn: the first seat asked takes its first legal command
    ...         command = lifeboat.legal_commands(state, lifeboat.waiting_for(state)[0])[0]
    ...     state, events = lifeboat.apply(state, command)
    >>> [(s.player, s.total) for s in lifeboat.scores(state)]
    [('Ann', 18), ('Bob', 21), ('Cy', 5), ('Dee', 8)]
    >>> lifeboat.winners(state)
    ('Bob',)
"""

from lifeboat.commands import Command
from lifeboat.decide import decide
from lifeboat.errors import (
    AmbiguousCommand, IllegalCommand, InconsistentHistory, InvalidCommand, LifeboatError, NotImplementedOption,
    RuleViolation,
)
from lifeboat.events import Event
from lifeboat.evolve import evolve, fold
from lifeboat.game import apply, apply_legal, new_game
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.scoring import Score, scores, winners
from lifeboat.state import State

__all__ = [
    "AmbiguousCommand", "Command", "Event", "IllegalCommand", "InconsistentHistory", "InvalidCommand",
    "LifeboatError", "NotImplementedOption", "RuleViolation", "Ruleset", "Score", "State", "apply", "apply_legal",
    "chance_request", "decide", "evolve", "fold", "legal_commands", "new_game", "scores", "waiting_for", "winners",
]
