"""The Cannibalism expansion through the CLI (EXP-1, SETUP-1, CANNIBAL-1): ``lifeboat new … --option
cannibalism=on`` with 7 players, ``lifeboat play --bots all`` to the end, then ``replay``, ``score`` and ``audit``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

SEVEN = "Ann,Bob,Cy,Dee,Eve,Fay,Gus"
runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, [str(a) for a in args])


def commits(game: Path) -> list[dict]:
    return [json.loads(line) for line in game.read_text().splitlines()[1:]]


def test_EXP_1_a_seven_player_cannibalism_game_plays_to_the_end_with_bots(tmp_path: Path) -> None:
    """EXP-1, SETUP-1: new with the option, 7 players, Dr. Harter in the game; bots play it out; score reports 7."""
    game = tmp_path / "g.jsonl"
    new = run("new", game, "--players", SEVEN, "--option", "cannibalism=on", "--seed", "3")
    assert new.exit_code == 0, new.output
    assert "Dr. Harter" in new.output
    header = json.loads(game.read_text().splitlines()[0])
    assert header["options"]["expansions"] == ["cannibalism"]
    deal = commits(game)[0]["command"]
    assert deal["type"] == "deal_setup" and len(deal["characters"]) == 7 and deal["removed"] == []
    play = run("play", game, "--bots", "all", "--seed", "3")
    assert play.exit_code == 0, play.output
    score = run("score", game, "--json")
    assert score.exit_code == 0, score.output
    data = json.loads(score.output)
    assert data["over"] is True
    assert run("replay", game).exit_code == 0
    assert run("audit", game).exit_code == 0


def test_CANNIBAL_1_bots_play_the_cannibalism_card_through_the_cli(tmp_path: Path) -> None:
    """CANNIBAL-1: over a few seeded bot games the card is played and a body is eaten; each game replays cleanly."""
    kinds: set[str] = set()
    for seed in range(1, 6):
        game = tmp_path / f"g{seed}.jsonl"
        assert run("new", game, "--players", SEVEN, "--option", "cannibalism=on", "--seed", str(seed)).exit_code == 0
        assert run("play", game, "--bots", "all", "--seed", str(seed)).exit_code == 0
        for commit in commits(game):
            kinds.add(commit["command"]["type"])
            kinds.update(ev["type"] for ev in commit.get("events", ()))
        if {"cannibalize", "body_eaten"} <= kinds:
            break
    assert {"cannibalize", "cannibalism_declared", "body_eaten"} <= kinds


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--players", SEVEN], 3, "SETUP-1"),  # a 7th player needs the expansion
        (["--players", SEVEN + ",Hal", "--option", "cannibalism=on"], 3, "SETUP-1"),
        (["--players", SEVEN + ",Hal", "--option", "liquid_courage=on"], 3, "8th player needs both"),  # REF-26
        (["--players", "Ann,Bob,Cy,Dee", "--option", "cannibalism=maybe"], 2, "on/off"),
    ],
)
def test_EXP_1_new_refuses_what_the_expansion_does_not_allow(tmp_path: Path, args: list[str], code: int,
                                                          words: str) -> None:
    """EXP-1, SETUP-1, OPT-1: clear refusals and exit codes; nothing is written."""
    game = tmp_path / "g.jsonl"
    result = run("new", game, *args)
    assert result.exit_code == code, result.output
    assert words in result.output
    assert not game.exists()
