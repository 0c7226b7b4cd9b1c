"""Appraise a seat's options at one decision from that seat's knowledge alone (the analysis of ``lifeboat analyse``,
ANALYSIS-2, ANALYSIS-3).

:func:`appraise` samples ``worlds`` tables consistent with the seat's view and log (:func:`lifeboat.bots.world.sample`,
the search bot's determinization: other hands, LOVE/HATE, deck orders), and in each world plays every option,
then the heuristic for every seat (each simulated seat using its own secrets of that world), to the end of the
game. The same worlds serve every option (common random numbers): their differences are measured, not the luck of
the deal. Each play gives an :class:`Outcome`: the seat's final score (SCORE-1), its share of the win (SCORE-3)
and the search bot's value of the end (:func:`lifeboat.bots.search.value`, in [0, 1]).

Nothing here reads a :class:`lifeboat.State` but the sampled worlds: the answer depends on the view, the log,
the options and the random generator only (tests/service/test_analysis_knowledge.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec

from lifeboat import RuleViolation, State, apply
from lifeboat import commands as c
from lifeboat.card_context import using
from lifeboat.cards import cards_of
from lifeboat.chance import DeckOrders
from lifeboat.scoring import scores, winners
from lifeboat.views import EventView, SeatView

from lifeboat.bots.belief import read
from lifeboat.bots.rollout import play_on
from lifeboat.bots.search import candidates, estimate, value
from lifeboat.bots.world import card_sets, sample

HORIZON = 1
"""ANALYSIS-3: playouts end when the round after the decision's is over (or the game is)."""
TO_THE_END = 10**6
"""A round no game reaches: playouts go on to the end of the game (or :data:`lifeboat.bots.rollout.MAX_PLAYOUT_DECISIONS`)."""


class Outcome(msgspec.Struct, frozen=True, array_like=True):
    """One option played out in one world, for the seat: ``score`` its final points (SCORE-1; estimated by
    :func:`lifeboat.bots.search.estimate` in the rare playout cut off before the end), ``win`` its share of the win
    (SCORE-3: 1/k for one of k winners), ``value`` the search bot's value of the end in [0, 1]."""

    score: float
    win: float
    value: float


def options_of(view: SeatView, chosen: c.PlayerCommand | None = None, limit: int = 6) -> list[c.PlayerCommand]:
    """The options worth appraising (:func:`lifeboat.bots.search.candidates`: the heuristic's choice first, no trade
    offers, no idle reveals, at most ``limit``), with ``chosen`` added last when it is not among them."""
    with using(cards_of(view.ruleset)):
        out = candidates(view, limit)
    if chosen is not None and chosen not in out:
        out.append(chosen)
    return out


def outcome(state: State, player: str) -> Outcome:
    """The :class:`Outcome` of ``state`` for ``player``."""
    if state.over:
        totals = {s.player: float(s.total) for s in scores(state)}
        won = winners(state)
        share = 1 / len(won) if player in won else 0.0
    else:  # cut off: the estimate, a share of the estimated lead
        totals = {p: estimate(state, p) for p in state.players}
        top = max(totals.values())
        leaders = [p for p, v in totals.items() if v == top]
        share = 1 / len(leaders) if player in leaders else 0.0
    return Outcome(score=totals[player], win=share, value=value(state, player))


def _play(world: State, orders: DeckOrders, option: c.PlayerCommand, player: str, last_round: int) -> Outcome | None:
    try:
        state, _ = apply(world, option)
    except RuleViolation:  # not legal in this world (cannot happen for a command of view.legal)
        return None
    return outcome(play_on(state, orders, last_round), player)


def appraise(view: SeatView, log: Sequence[EventView], options: Sequence[c.PlayerCommand], worlds: int,
             rng: random.Random, horizon: int | None = HORIZON) -> list[list[Outcome | None]]:
    """``worlds`` rows, one per sampled world, each with the :class:`Outcome` of every option in ``options``
    (``None`` where the option is illegal in that world), played out until ``horizon`` rounds after the current
    one are over (``None``: to the end of the game). ``view`` is the seat's :class:`SeatView` (anything else
    raises ``TypeError``), ``log`` its view of the event log. Reproducible: the same arguments and the same state
    of ``rng`` give the same rows."""
    if not isinstance(view, SeatView):
        raise TypeError(f"an appraisal gets only one seat's view (a SeatView), not {type(view).__name__}")
    rows: list[list[Outcome | None]] = []
    last = TO_THE_END if horizon is None else view.round + horizon
    with using(cards_of(view.ruleset)):
        belief = read(log, card_sets(view.ruleset))
        for _ in range(worlds):
            world, orders = sample(view, belief, rng)
            rows.append([_play(world, orders, x, view.player, last) for x in options])
    return rows
