"""One decision judged from the seat's knowledge: ANALYSIS-1 (which decisions), ANALYSIS-3 (the values of the
options), ANALYSIS-4 (the marks).

:func:`judge` takes the seat's :class:`lifeboat.views.SeatView` and log just before the decision, the command the
seat chose and a random generator; it appraises the options (:func:`lifeboat.bots.appraise.appraise`) in ``worlds``
sampled worlds and returns a :class:`Judged`: every option's expected final score, chance of winning and value,
the best option, the chosen option's loss against it and the mark (inaccuracy, mistake, blunder, or none).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import msgspec

from lifeboat import commands as c
from lifeboat.views import EventView, SeatView
from lifeboat.bots.appraise import Outcome, appraise, options_of

INACCURACY, MISTAKE, BLUNDER = 0.4, 0.8, 2.0
"""ANALYSIS-4: the least loss (in expected points, SCORE-1) of an inaccuracy, a mistake, a blunder."""
SIGNIFICANCE = 2.0
"""ANALYSIS-4: a loss is marked only when it is at least this many standard errors of its world-by-world
differences (the luck of a few sampled worlds marks nothing)."""
MARKS = ("inaccuracy", "mistake", "blunder")


class Option(msgspec.Struct, frozen=True, omit_defaults=True):
    """One option appraised: the ``command``, over ``worlds`` worlds where it was legal: ``score`` the mean final
    score of the seat (SCORE-1, points), ``win`` its chance of winning (SCORE-3: a shared win counts 1/k),
    ``value`` the mean value (0..1, :func:`lifeboat.bots.search.value`)."""

    command: c.PlayerCommand
    worlds: int
    score: float
    win: float
    value: float


class Judged(msgspec.Struct, frozen=True, omit_defaults=True):
    """A decision judged (ANALYSIS-1..4): ``seq`` the commit of the decision, ``seat`` the character id,
    ``chosen`` what the seat did. A ``forced`` decision (one sensible option) has no options and no mark. Otherwise
    ``options`` (the chosen one included), ``best`` and ``chosen_index`` index them; ``loss`` is the best option's
    mean value minus the chosen one's, world by world (0 when the chosen is the best), ``error`` the standard error
    of that mean; ``mark`` is ``""``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``. A decision no world could
    judge has no options and ``skipped`` says why (ANALYSIS-1): ``"WONG-1"`` (Mrs. Wong's answer to a share), or
    ``"no-world"`` (no table agrees with what the seat saw: a recording's cards still unnamed)."""

    seq: int
    seat: str
    chosen: c.PlayerCommand
    forced: bool = False
    options: tuple[Option, ...] = ()
    best: int = 0
    chosen_index: int = 0
    loss: float = 0.0
    error: float = 0.0
    mark: str = ""
    skipped: str = ""


def mark_of(loss: float, error: float) -> str:
    """ANALYSIS-4: the mark of a loss (expected points) with the standard error ``error`` of its mean: ``""`` below
    :data:`INACCURACY` or under :data:`SIGNIFICANCE` standard errors, else the worst mark it reaches."""
    if loss < INACCURACY or loss < SIGNIFICANCE * error:
        return ""
    return "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else "inaccuracy"


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _paired(rows: list[list[Outcome | None]], a: int, b: int) -> tuple[float, float]:
    """Mean and standard error of ``score[a] - score[b]`` over the worlds where both were legal."""
    d = [x.score - y.score for r in rows if (x := r[a]) is not None and (y := r[b]) is not None]
    if len(d) < 2:
        return _mean(d), 0.0
    m = _mean(d)
    return m, math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))


def judge(seq: int, view: SeatView, log: Sequence[EventView], chosen: c.PlayerCommand, worlds: int,
          rng: random.Random, limit: int = 6) -> Judged:
    """The decision ``chosen`` by the seat of ``view`` at commit ``seq``, judged in ``worlds`` worlds sampled from
    ``view`` and ``log`` with ``rng`` (ANALYSIS-1..4). Forced (ANALYSIS-1) when the seat had one sensible option and
    chose it. Reproducible: the same arguments and state of ``rng`` give the same answer."""
    try:
        options = options_of(view, chosen, limit)
    except (ValueError, KeyError, IndexError, StopIteration):  # a card still unnamed (REC-1) the heuristic can't read
        return Judged(seq=seq, seat=view.viewer, chosen=chosen, skipped="no-world")
    if len(options) == 1:
        return Judged(seq=seq, seat=view.viewer, chosen=chosen, forced=True)
    if any(isinstance(x, c.ShareFirewater) for x in options):  # WONG-1: may come in another seat's pick or row,
        return Judged(seq=seq, seat=view.viewer, chosen=chosen, skipped="WONG-1")  # whose cards no world holds
    try:
        rows = appraise(view, log, options, worlds, rng)
    except (ValueError, KeyError, IndexError, StopIteration):  # no table agrees with what the seat saw
        return Judged(seq=seq, seat=view.viewer, chosen=chosen, skipped="no-world")
    appraised = []
    for i, x in enumerate(options):
        got = [o for r in rows if (o := r[i]) is not None]
        appraised.append(Option(command=x, worlds=len(got), score=round(_mean([o.score for o in got]), 3),
                                win=round(_mean([o.win for o in got]), 3), value=round(_mean([o.value for o in got]), 4)))
    k = options.index(chosen)
    best = max(range(len(options)), key=lambda i: (appraised[i].worlds > 0, appraised[i].score, i == k))
    loss, error = (0.0, 0.0) if best == k else _paired(rows, best, k)
    return Judged(seq=seq, seat=view.viewer, chosen=chosen, options=tuple(appraised), best=best, chosen_index=k,
                  loss=round(loss, 4), error=round(error, 4), mark=mark_of(loss, error))
