"""CHANCE-2: a served game whose file ends between a decision and the chance that follows it (the host was stopped
or lost power right after the decision's line was written) is dealt that chance when it is opened again, from the
committed deck orders, so it does not wait for a dealer nobody is; the journal then audits clean."""

from __future__ import annotations

import json
from pathlib import Path

from lifeboat.service import audit
from lifeboat.service.live.game import LiveGame


def _commands(path: Path) -> list[dict]:
    return [json.loads(line)["command"] for line in path.read_text().splitlines()[1:]]


def test_CHANCE_2_a_game_cut_after_a_decision_is_dealt_its_chance_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = LiveGame.create(path, ["Ann", "Bob", "Cy", "Dee"], seed=8)
    while True:  # decide until a decision is followed by chance (a draw)
        seat = game.waiting_for()[0]
        before = game.seq
        game.decide(seat, game.read(seat, line=game.decisions(seat)[0].line), before)
        if game.seq > before + 1:
            break
    whole = _commands(path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:before + 2]))  # the header, then every commit up to the decision
    assert LiveGame.open(path).waiting_for() != ()
    assert _commands(path) == whole  # the same draws: they follow from the committed orders (CHANCE-2)
    report = audit(path)
    assert report.findings == []
