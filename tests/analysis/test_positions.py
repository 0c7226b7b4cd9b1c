"""ANALYSIS-1, ANALYSIS-4: the analysis finds what a teacher would.

Given/when/then over 25 positions of seeded games (tests/analysis/positions.py: five kinds, five positions each)
with one clearly bad option: the bad option is marked a mistake or a blunder in at least 90% of them; and no forced
decision is ever marked.
"""

from __future__ import annotations

import random

from lifeboat.bots.appraise import options_of
from lifeboat.service.analysis.judge import judge
from tests.analysis.positions import KINDS, positions
from tests.robots.games import decisions

WORLDS = 16


def test_clearly_bad_options_are_marked_mistakes_or_blunders() -> None:
    found = list(positions(per_kind=5))
    assert len(found) == 25 and {kind for kind, *_ in found} == set(KINDS)
    marks = []
    for kind, seq, view, log, bad in found:
        judged = judge(seq, view, log, bad, WORLDS, random.Random(f"{kind}:{seq}"))
        assert not judged.forced and judged.options[judged.chosen_index].command == bad
        marks.append((kind, seq, judged.mark, judged.loss))
    hits = [m for m in marks if m[2] in ("mistake", "blunder")]
    assert len(hits) >= 0.9 * len(marks), marks


def test_a_forced_decision_is_never_marked() -> None:
    forced = 0
    for k, (state, obs, me) in enumerate(decisions(11)):
        view = obs.seat_view(me)
        sensible = options_of(view)
        if len(sensible) != 1:  # ANALYSIS-1: one sensible option (no trade offers, no idle reveals)
            continue
        judged = judge(k, view, obs.log(me), sensible[0], 2, random.Random(k))
        assert judged.forced and judged.mark == "" and judged.options == ()
        forced += 1
    assert forced >= 5
