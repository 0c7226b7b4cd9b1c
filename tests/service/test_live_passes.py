"""SERVE-11: at a table, players in a window press pass at once; a pass made on an older seq stands when every
decision since was a pass that left the window open (passes in a window do not depend on each other). Anything
else since (a card played, the window closed) is still SERVE-2's conflict. The application layer itself
(``lifeboat.service.live.game.LiveGame.decide``), on a real journal file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lifeboat import commands as c
from lifeboat.service.errors import Conflict
from lifeboat.service.live.game import LiveGame


def to_a_window_with_three_passers(game: LiveGame, rng: random.Random) -> tuple[str, ...]:
    """Play bot decisions until at least three seats may pass in an open window; return those seats."""
    for _ in range(2000):
        passers = tuple(s for s in game.waiting_for()
                        if any(d.command.get("type") == "pass" for d in game.decisions(s)))
        if len(passers) >= 3:
            return passers
        seat = game.waiting_for()[0]
        game.decide(seat, game.bot_decision(seat, rng), game.seq)
    raise AssertionError("no window with three seats to pass")


def test_SERVE_11_passes_pressed_at_once_all_stand(tmp_path: Path) -> None:
    game = LiveGame.create(tmp_path / "g.jsonl", ["Ann", "Bob", "Cy", "Dee"], seed=7)
    first, second, third = to_a_window_with_three_passers(game, random.Random(7))[:3]
    seen = game.seq  # the seq every page showed when its player pressed pass
    game.decide(first, c.Pass(by=first), seen)
    game.decide(second, c.Pass(by=second), seen)  # made on seq `seen`, one pass later: it stands
    assert game.seq == seen + 2
    assert [e.type for e in game.message("referee", seen).events] == ["passed", "passed"]
    assert third in game.waiting_for()


def test_SERVE_2_a_pass_after_another_kind_of_decision_is_still_refused(tmp_path: Path) -> None:
    game = LiveGame.create(tmp_path / "g.jsonl", ["Ann", "Bob", "Cy", "Dee"], seed=7)
    rng = random.Random(7)
    seat = game.waiting_for()[0]
    seen = game.seq
    game.decide(seat, game.bot_decision(seat, rng), seen)  # not a pass
    other = game.waiting_for()[0]
    with pytest.raises(Conflict) as refused:
        game.decide(other, c.Pass(by=other), seen)
    assert (refused.value.rule, refused.value.expected) == ("SERVE-2", seen)


def test_SERVE_11_a_seats_own_pass_since_makes_its_older_pass_a_conflict(tmp_path: Path) -> None:
    """A second press of pass, made on the table before the seat's own first pass: SERVE-2 (look again), not the
    rules' refusal of a second pass (PROC-1) nor a second pass."""
    game = LiveGame.create(tmp_path / "g.jsonl", ["Ann", "Bob", "Cy", "Dee"], seed=7)
    first, second = to_a_window_with_three_passers(game, random.Random(7))[:2]
    seen = game.seq
    game.decide(first, c.Pass(by=first), seen)
    with pytest.raises(Conflict) as refused:
        game.decide(first, c.Pass(by=first), seen)
    assert (refused.value.rule, refused.value.expected, game.seq) == ("SERVE-2", seen, seen + 1)
    game.decide(second, c.Pass(by=second), seen)  # another seat's pass on the same table still stands
    assert game.seq == seen + 2
