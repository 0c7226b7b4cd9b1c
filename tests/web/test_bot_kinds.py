"""Served bots play the kind they were given (random, heuristic, search: docs/bots.md), from their seat's view."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import msgspec

from lifeboat.service.live.bots import suggest
from tests.web.conftest import Server, new_game
from tests.web.players import play_game, run_async

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _journal(server: Server, game: str) -> Path:
    return next(p for p in server.folder.glob("*.jsonl") if game in p.read_text().splitlines()[0])


def test_a_heuristic_seat_decides_as_the_heuristic_bot_would(server: Server) -> None:
    """Every decision of the seats given ``=heuristic`` is exactly the heuristic bot's choice from that seat's
    knowledge at that commit (the heuristic is deterministic); the sidecar keeps each bot's kind."""
    g = new_game(server, PLAYERS, bots=["Bob=heuristic", "Cy=heuristic", "Dee"], seed=21)
    assert sorted(g["links"]) == ["Ann", "referee", "spectator"]
    path = _journal(server, g["game"])
    side = json.loads(path.with_name(path.name + ".serve.json").read_bytes())
    assert sorted(entry.split("=")[1] for entry in side["bots"]) == ["heuristic", "heuristic", "random"]
    run_async(play_game(server.base, g["game"], {"Ann": g["tokens"]["Ann"]}, seed=21))
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    checked = 0
    for line in lines:
        if line["actor"] not in ("Bob", "Cy") or checked == 30:  # 30 of them: suggest replays the journal each time
            continue
        seat, cmd, _ = suggest(path, line["actor"], line["seq"] - 1, "heuristic")
        assert cmd is not None, f"seq {line['seq']}: {line['actor']} was not to move"
        assert json.loads(msgspec.json.encode(cmd)) == line["command"], f"seq {line['seq']}"
        checked += 1
    assert checked >= 20
    audit = subprocess.run([sys.executable, "-m", "cli.app", "audit", str(path)], capture_output=True, text=True)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_an_unknown_bot_kind_is_refused_and_no_game_is_made(server: Server) -> None:
    before = sorted(server.folder.glob("*.jsonl"))
    r = httpx.post(f"{server.base}/api/games", json={"players": PLAYERS, "bots": ["Dee=genius"]})
    assert r.status_code == 422
    assert r.json()["error"] == {"rule": "SERVE-6", "message": "bots: unknown bot kind 'genius'; expected one of "
                                 "random, heuristic, search"}
    r = httpx.post(f"{server.base}/api/games", json={"players": PLAYERS, "bots": ["Dee", "dee=search"]})
    assert r.status_code == 422 and r.json()["error"] == {
        "rule": "SERVE-6", "message": "bots: 'dee' is named twice, as random and as search; name each player once"}
    assert sorted(server.folder.glob("*.jsonl")) == before
