"""The service reads a game from a path or from an open journal alike (issue 27: a Journal passed everywhere):
``final_state``, ``story``, ``make_receipt`` and ``suggest`` give the same answers for a game file and for the same
game's journal opened by the caller, and leave the caller's journal open (its owner closes it). Real files."""

from __future__ import annotations

import random
from pathlib import Path

import journal
from lifeboat.service import final_state, make_receipt, story, suggest
from lifeboat.service.live.game import LiveGame


def played(tmp_path: Path) -> Path:
    game = tmp_path / "g.jsonl"
    live = LiveGame.create(game, ["Ann", "Bob", "Cy", "Dee"], seed=9)
    rng = random.Random(9)
    for _ in range(25):
        seat = live.waiting_for()[0]
        live.decide(seat, live.bot_decision(seat, rng), live.seq)
    return game


def test_a_path_and_an_open_journal_read_the_same(tmp_path: Path) -> None:
    game = played(tmp_path)
    j = journal.JsonlJournal.open(game)
    try:
        assert final_state(j) == final_state(game)
        assert [s.views for s in story(j, "Ann")] == [s.views for s in story(game, "Ann")]
        assert make_receipt(j, "Ann", 20) == make_receipt(game, "Ann", 20)
        assert suggest(j, "Ann", 20, "random", seed=1) == suggest(game, "Ann", 20, "random", seed=1)
        assert j.last_seq == len(game.read_text(encoding="utf-8").splitlines()) - 1  # still open, still readable
    finally:
        j.close()
