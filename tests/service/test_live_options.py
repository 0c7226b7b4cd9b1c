"""Issue 15: a served game (``LiveGame``, what ``lifeboat serve`` runs) with every new option on — ACT-3 (a
swapped character acts at once), ROW-2 (the rowing variant), OPT-SHARK/GHOST-1 (ghosts calling the sharks) — is
played to the end through the seats' own decisions, each sent as its line of notation (``kid: call sharks``), and
the journal audits clean."""

from __future__ import annotations

import random
from pathlib import Path

from lifeboat.service import audit
from lifeboat.service.live.game import LiveGame

OPTIONS = ["swap_grants_immediate_turn=on", "rowing_variant=on", "shark_variant=on"]


def test_a_served_game_with_every_new_option_ends_and_audits_clean(tmp_path: Path) -> None:
    game = LiveGame.create(tmp_path / "g.jsonl", ["Ann", "Bob", "Cy", "Dee", "Eve"], seed=2, options=OPTIONS)
    rng = random.Random(0)
    ghost_lines: list[str] = []
    while not game.over:
        seat = rng.choice(game.waiting_for())
        decisions = game.decisions(seat)
        assert decisions, seat
        if seat in game.state.ghosts:  # GHOST-1: a ghost's page offers exactly these two lines
            ghost_lines += [d.line for d in decisions]
            pick = decisions[-1] if rng.random() < 0.5 else decisions[0]
        else:
            plain = [d for d in decisions if not d.line.split(":", 1)[1].strip().startswith(("reveal", "offer"))]
            pick = rng.choice(plain or list(decisions))
        game.decide(seat, game.read(seat, line=pick.line), game.seq)
    assert any(line.endswith(": call sharks") for line in ghost_lines)
    assert set(line.split(": ", 1)[1] for line in ghost_lines) <= {"pass", "call sharks"}
    report = audit(tmp_path / "g.jsonl")
    assert report.findings == [] and report.over
