"""The search bot: determinized Monte Carlo search over the seat's information set.

For each decision with more than one sensible option, until its budget is spent (``think_ms`` of CPU time of the
thinking thread, or ``playouts`` playouts), it repeats:

1. sample a world consistent with everything the seat knows (:func:`lifeboat.bots.world.sample`: other hands, LOVE/HATE,
   deck orders);
2. for every candidate command (the same world for all of them: common random numbers, so their differences
   are measured, not the luck of the world),
3. apply it in that world with the engine and play on with the heuristic policy for every seat
   (:func:`lifeboat.bots.heuristic.decide`, each simulated seat knowing only its own secrets of that world) until the game
   ends or ``horizon`` more rounds are over;
4. score the end position for the seat (:func:`value`): its share of a win and its margin over the best other
   player, with survival estimated from wounds when the game is not over.

It returns the candidate whose mean gain over the heuristic's own choice, world by world, is largest and
clears ``margin`` standard errors; otherwise the heuristic's choice. So search departs from the rule of thumb only
where the playouts say it pays.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from lifeboat import RuleViolation, State, apply
from lifeboat import commands as c
from lifeboat.card_context import using
from lifeboat.cards import cards_of
from lifeboat.chance import DeckOrders
from lifeboat.scoring import scores, treasure, winners
from lifeboat.views import EventView, SeatView

from lifeboat.bots import heuristic
from lifeboat.bots.belief import read
from lifeboat.bots.rollout import play_on
from lifeboat.bots.situation import from_view, weapon
from lifeboat.bots.world import card_sets, sample

MAX_CANDIDATES = 6


def candidates(view: SeatView, limit: int = MAX_CANDIDATES) -> list[c.PlayerCommand]:
    """The options worth searching: ``view.legal`` without trade offers, reveals other than a weapon in a fight,
    Firewater drunk outside a fight,
    and row placements differing only in the order under the deck; at most ``limit``, the
    heuristic's choice first."""
    fighting = view.step.kind == "fight"
    out: list[c.PlayerCommand] = []
    stacks: set[tuple[str, ...]] = set()
    for cmd in view.legal:
        if isinstance(cmd, c.OfferTrade):
            continue
        if isinstance(cmd, c.Reveal) and not (fighting and weapon(cmd.card)):
            continue
        if isinstance(cmd, c.DrinkFirewater) and not fighting:  # LIQUID-1: +3 counts in fights only (REF-24)
            continue
        if isinstance(cmd, c.PlaceRowedCards):
            key = tuple(sorted(cmd.to_stack))
            if key in stacks:
                continue
            stacks.add(key)
        out.append(cmd)
    first = heuristic.decide(from_view(view))
    rest = [x for x in out if x != first]
    return [first] + rest[: limit - 1]


def _alive_chance(state: State, who: str) -> float:
    ch = state.char(who)
    size = state.health(who)  # OPT-SHARK: +1
    if not ch.in_boat or ch.wounds > size:
        return 0.0
    if ch.wounds == size:
        return 0.4
    return min(1.0, 0.45 + 0.18 * (size - ch.wounds))


def estimate(state: State, player: str) -> float:
    """A player's expected score if the game went on from ``state``: survival values weighted by a chance to
    survive from wounds, treasure as it stands (SCORE-1, SCORE-2)."""
    own = state.character_of(player)
    ch = state.char(own)
    alive = {x.character: _alive_chance(state, x.character) for x in state.characters}
    total = treasure(state, own) * (1.0 if ch.in_boat else 0.0)
    printed = state.cards.characters  # CARD-3
    total += printed[own].survival * alive[own] * (ch.hate != own)
    total += printed[ch.love].survival * alive[ch.love]
    if ch.hate == own:
        total += sum(printed[x].size * (1 - p) for x, p in alive.items() if x != own)
    else:
        total += printed[ch.hate].size * (1 - alive[ch.hate])
    return total


def value(state: State, player: str) -> float:
    """How good ``state`` is for ``player``, in [0, 1]: at the end 0.7 × its share of the win (SCORE-3) plus
    0.3 × its squashed margin over the best other player; before the end, the squashed estimated margin."""
    if state.over:
        totals = {s.player: float(s.total) for s in scores(state)}
        won = winners(state)
        share = 1 / len(won) if player in won else 0.0
    else:
        totals = {p: estimate(state, p) for p in state.players}
        share = None
    margin = totals[player] - max(v for p, v in totals.items() if p != player)
    squashed = 0.5 + 0.5 * math.tanh(margin / 6)
    return squashed if share is None else 0.7 * share + 0.3 * squashed


def playout(world: State, orders: DeckOrders, first: c.PlayerCommand, player: str, last_round: int) -> float | None:
    """Apply ``first`` in ``world`` and play on with the heuristic for every seat (:func:`lifeboat.bots.rollout.play_on`)
    until the game ends or round ``last_round`` is over; the :func:`value` for ``player``. ``None`` when ``first``
    is illegal in that world."""
    try:
        state, _ = apply(world, first)
    except RuleViolation:
        return None
    return value(play_on(state, orders, last_round), player)


class SearchBot:
    """Determinized Monte Carlo search (see the module docstring). ``think_ms``: CPU milliseconds per decision;
    ``playouts``: a fixed number of sampled worlds instead (reproducible); ``horizon``: rounds played out after
    the current one; ``margin``: how many standard errors a candidate's gain over the heuristic's choice must
    clear; ``limit``: how many candidates at most (:func:`candidates`)."""

    name = "search"
    wants_log = True

    def __init__(self, think_ms: int = 200, playouts: int | None = None, horizon: int = 1,
                 margin: float = 2.0, limit: int = MAX_CANDIDATES) -> None:
        self.think_ms, self.playouts, self.horizon, self.margin = think_ms, playouts, horizon, margin
        self.limit = limit
        self.last_stats: list[tuple[c.PlayerCommand, int, float]] = []

    def choose(self, view: SeatView, log: Sequence[EventView], rng: random.Random) -> c.PlayerCommand:
        """One of ``view.legal``, from ``view`` and the seat's ``log`` only, with the game's card data (CARD-3).
        Raises ``TypeError`` unless ``view`` is a :class:`SeatView`, ``ValueError`` when it has no legal command."""
        if not isinstance(view, SeatView):
            raise TypeError(f"a bot gets only its own seat's view (a SeatView), not {type(view).__name__}")
        with using(cards_of(view.ruleset)):
            return self._choose(view, log, rng)

    def _choose(self, view: SeatView, log: Sequence[EventView], rng: random.Random) -> c.PlayerCommand:
        if not view.legal:
            raise ValueError("no legal command to choose from")
        options = candidates(view, self.limit)
        if len(options) == 1 or isinstance(options[0], c.ShareFirewater):  # WONG-1: the heuristic's answer (the
            return options[0]  # share may come in another seat's pick or row, whose cards no sampled world holds)
        belief = read(log, card_sets(view.ruleset))
        n = [0] * len(options)
        total = [0.0] * len(options)
        diffs: list[list[float]] = [[] for _ in options]  # paired with the heuristic's choice, world by world
        deadline = time.thread_time() + self.think_ms / 1000
        done = 0
        while (done < self.playouts) if self.playouts is not None else (done == 0 or time.thread_time() < deadline):
            world, orders = sample(view, belief, rng)
            results = [playout(world, orders, x, view.player, view.round + self.horizon) for x in options]
            done += 1
            base = results[0]
            for i, r in enumerate(results):
                if r is None:
                    continue
                n[i] += 1
                total[i] += r
                if base is not None:
                    diffs[i].append(r - base)
        self.last_stats = [(options[i], n[i], total[i] / n[i] if n[i] else 0.0) for i in range(len(options))]
        return options[_best(diffs, self.margin)]


def _best(diffs: list[list[float]], margin: float) -> int:
    """The candidate whose mean gain over the heuristic's choice (index 0) is largest and clears ``margin``
    standard errors; 0 when none does."""
    best, best_gain = 0, 0.0
    for i, d in enumerate(diffs[1:], 1):
        if len(d) < 2:
            continue
        mean = sum(d) / len(d)
        var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
        if mean > best_gain and mean > margin * math.sqrt(var / len(d)):
            best, best_gain = i, mean
    return best
