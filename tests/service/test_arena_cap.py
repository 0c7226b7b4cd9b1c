"""The arena stops a bot game that does not end (REF-22 closed the loop that once ran for 52,000 decisions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifeboat.service.arena import MAX_GAME_DECISIONS, play_game
from lifeboat.service.errors import EndlessGame


def test_a_game_over_its_cap_of_decisions_stops_with_its_journal_kept(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    lineup = {"Ann": "random", "Bob": "random", "Cy": "random", "Dee": "random"}
    with pytest.raises(EndlessGame) as caught:
        play_game(path, lineup, seed=3, think_ms=0, cap=12)
    assert caught.value.path == str(path) and caught.value.decisions == 12
    assert caught.value.message == (f"{path}: the game did not end after 12 decisions (real games take a few "
                                    "hundred); its journal is kept: please report it with that file")
    assert len(path.read_text(encoding="utf-8").splitlines()) >= 1 + 12  # the header and every decision
    table, _ = play_game(tmp_path / "whole.jsonl", lineup, seed=3, think_ms=0)
    assert table.state.over and MAX_GAME_DECISIONS == 20_000
