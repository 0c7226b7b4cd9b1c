"""Golden journals: the bundled bot games replay with full re-validation and end with these exact scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
runner = CliRunner()

GOLDEN = {
    "six-players.jsonl": ({"Ann": 27, "Bob": 8, "Cy": 13, "Dee": 12, "Eve": 13, "Fay": 4}, ["Ann"]),
    "four-players.jsonl": ({"Ann": 18, "Bob": 5, "Cy": 20, "Dee": 7}, ["Cy"]),
    "rowing-variant.jsonl": ({"Ann": 0, "Bob": 17, "Cy": 5, "Dee": 16}, ["Bob"]),  # ROW-2
    "shark-variant.jsonl": ({"Ann": 5, "Bob": 19, "Cy": 6, "Dee": 17, "Eve": 11}, ["Bob"]),  # OPT-SHARK, GHOST-1
    "swap-turn.jsonl": ({"Ann": 3, "Bob": 8, "Cy": 24, "Dee": 6, "Eve": 22}, ["Cy"]),  # ACT-3
    "liquid-courage.jsonl": ({"Ann": 12, "Bob": 3, "Cy": 9, "Dee": 7, "Eve": 0}, ["Ann"]),  # LIQUID-1, WONG-1
    "own-printing.jsonl": ({"Ann": 21, "Bob": 8, "Cy": 11, "Dee": 22, "Eve": 11}, ["Dee"]),  # CARD-3
    "eight-players.jsonl": ({"Ann": 14, "Bob": 0, "Cy": 4, "Dee": 11, "Eve": 15, "Fay": 19, "Gus": 0, "Hal": 3},
                            ["Fay"]),  # SETUP-1, SETUP-4, REF-26: both expansions
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_game_replays_and_scores(name: str) -> None:
    totals, winners = GOLDEN[name]
    result = runner.invoke(app, ["score", str(EXAMPLES / name), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["over"] is True
    assert {s["player"]: s["total"] for s in data["scores"]} == totals
    assert data["winners"] == winners


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_game_replays_as_every_perspective(name: str) -> None:
    public = runner.invoke(app, ["replay", str(EXAMPLES / name)])
    assert public.exit_code == 0, public.output
    assert "Round 1" in public.output and "Scores" in public.output
    ann = runner.invoke(app, ["replay", str(EXAMPLES / name), "--as", "Ann", "--json"])
    assert ann.exit_code == 0
    lines = [json.loads(x) for x in ann.output.splitlines()]
    assert lines[-1]["table"]["viewer"]
    assert [x["seq"] for x in lines[:-1]] == list(range(1, len(lines)))


def test_replay_to_a_commit_and_a_bad_to() -> None:
    game = str(EXAMPLES / "four-players.jsonl")
    ok = runner.invoke(app, ["replay", game, "--to", "10"])
    assert ok.exit_code == 0 and "Scores" not in ok.output
    bad = runner.invoke(app, ["replay", game, "--to", "99999"])
    assert bad.exit_code == 2 and "expected a commit number from 0 to" in bad.output
    step = runner.invoke(app, ["replay", game, "--step"], input="\n\nb\n5\nt\nzz\nq\n")
    assert step.exit_code == 0
    assert "[5/" in step.output and "seat" in step.output
