"""replay, score and audit name the winner in the same words (SCORE-3): ``Winner: Cy`` for one player, ``Shared
win: C, D`` when several have the highest total, each under its table with what the table's ``*`` marks (replay
and audit did not say it: a new user's finding). audit said ``Winner(s):`` whatever the count."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(__file__).resolve().parent / "data" / "shared-win.jsonl"  # a bot game (seed 12) that ended in a tie


@pytest.mark.parametrize(("game", "line"), [
    (ROOT / "docs" / "examples" / "four-players.jsonl", "Winner: Cy"),
    (SHARED, "Shared win: C, D"),
])
def test_SCORE_3_replay_score_and_audit_say_the_winners_alike(game: Path, line: str) -> None:
    said = {}
    for command in ("replay", "score", "audit"):
        done = run(command, game)
        assert done.returncode == 0, done.stderr
        said[command] = [x for x in done.stdout.splitlines() if x.startswith(("Winner", "Shared win"))]
    assert said == {command: [f"{line}  (* in the table)"] for command in ("replay", "score", "audit")}
