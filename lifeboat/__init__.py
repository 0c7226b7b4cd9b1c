"""The Lifeboat rules engine: a pure decider over immutable state.

Public API (one flat surface, as python-chess has):

- :func:`new_game` (players, ruleset) -> :class:`State` before setup; :func:`apply` (state, command) ->
  (state, events); :func:`decide` and :func:`evolve` / :func:`fold` underneath.
- :func:`legal_commands` (state, character) and :func:`chance_request` / :func:`waiting_for`.
- :mod:`lifeboat.commands` and :mod:`lifeboat.events`: the tagged unions :data:`Command` and :data:`Event`.
- :func:`scores` / :func:`winners` (SCORE-1..3).
- Errors: :class:`RuleViolation` (``InvalidCommand``, ``IllegalCommand``, ``AmbiguousCommand``),
  :class:`InconsistentHistory`, all under :class:`LifeboatError`.

Rule ids cited in docstrings and errors are those of ``docs/rules.md``.
"""

from lifeboat.commands import Command
from lifeboat.decide import decide
from lifeboat.errors import (
    AmbiguousCommand, IllegalCommand, InconsistentHistory, InvalidCommand, LifeboatError, NotImplementedOption,
    RuleViolation,
)
from lifeboat.events import Event
from lifeboat.evolve import evolve, fold
from lifeboat.game import apply, new_game
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.scoring import Score, scores, winners
from lifeboat.state import State

__all__ = [
    "AmbiguousCommand", "Command", "Event", "IllegalCommand", "InconsistentHistory", "InvalidCommand",
    "LifeboatError", "NotImplementedOption", "RuleViolation", "Ruleset", "Score", "State", "apply",
    "chance_request", "decide", "evolve", "fold", "legal_commands", "new_game", "scores", "waiting_for", "winners",
]
