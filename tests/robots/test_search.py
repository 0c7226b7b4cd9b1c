"""The search bot (bots.search): its candidates, its scoring of a position, and its choice rule."""

from __future__ import annotations

import math
import random

from lifeboat import commands as c
from lifeboat import scores, winners

from lifeboat.bots import heuristic
from lifeboat.bots.search import SearchBot, _best, candidates, value
from lifeboat.bots.situation import from_view
from tests.robots.games import decisions, finished


def test_candidates_start_with_the_heuristic_and_drop_trades_and_idle_reveals() -> None:
    for k, (state, obs, me) in enumerate(decisions(3)):
        view = obs.seat_view(me)
        options = candidates(view)
        assert options[0] == heuristic.decide(from_view(view))
        assert len(options) <= 6 and set(options) <= set(view.legal)
        assert not any(isinstance(x, c.OfferTrade) for x in options)
        if view.step.kind != "fight":
            assert not any(isinstance(x, c.Reveal) for x in options[1:])


def test_value_of_a_finished_game_is_the_share_of_the_win_and_the_margin() -> None:
    final = finished(8)
    totals = {s.player: s.total for s in scores(final)}
    assert totals == {"Ann": 8, "Bob": 3, "Cy": 6, "Dee": 4} and winners(final) == ("Ann",)
    assert value(final, "Ann") == 0.7 + 0.3 * (0.5 + 0.5 * math.tanh(2 / 6))
    assert value(final, "Bob") == 0.3 * (0.5 + 0.5 * math.tanh(-5 / 6))


def test_value_of_a_running_game_is_an_estimate_between_0_and_1() -> None:
    for k, (state, obs, me) in enumerate(decisions(8)):
        if k % 40 == 0:
            assert all(0.0 <= value(state, p) <= 1.0 for p in state.players)


def test_best_departs_from_the_heuristic_only_on_clear_evidence() -> None:
    assert _best([[0.0, 0.0], [0.1, 0.12, 0.11], [0.3, -0.3, 0.0]], margin=2.0) == 1
    assert _best([[0.0, 0.0], [0.1, -0.05, 0.02], [0.0, 0.0, 0.0]], margin=2.0) == 0
    assert _best([[0.0], [0.5]], margin=2.0) == 0  # one world is no evidence


def test_a_fixed_number_of_playouts_is_reproducible() -> None:
    for k, (state, obs, me) in enumerate(decisions(4)):
        view = obs.seat_view(me)
        if len(candidates(view)) < 3:
            continue
        bot = SearchBot(playouts=4)
        first = bot.choose(view, obs.log(me), random.Random(9))
        assert [n for _, n, _ in bot.last_stats] == [4] * len(bot.last_stats)
        assert SearchBot(playouts=4).choose(view, obs.log(me), random.Random(9)) == first
        return
