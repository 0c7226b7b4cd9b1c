"""Issue 13, item 4: ``lifeboat receipt`` works on every bundled journal (recorded episodes that start from a
position, digital games), for every seat and many seqs, and ``lifeboat audit --receipt`` accepts every one.

The seat's view behind a receipt is computed from the game's own starting state (a position, POS-1), not from a
blank table: before the fix every receipt of a recorded episode was an internal error (InconsistentHistory).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import invoke

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.jsonl"))


def _players_and_last(game: Path) -> tuple[list[str], int]:
    lines = game.read_text(encoding="utf-8").splitlines()
    return list(json.loads(lines[0])["players"]), len(lines) - 1


def _seqs(last: int, count: int) -> list[int]:
    step = max(1, last // count)
    return sorted({*range(1, last + 1, step), last})


@pytest.mark.parametrize("game", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_receipts_for_every_seat_of_every_bundled_journal_audit_clean(game: Path, tmp_path: Path) -> None:
    players, last = _players_and_last(game)
    count = 6 if game.stem.startswith("episode") else 2
    tokens = []
    for seq in _seqs(last, count):
        for player in players:
            result = invoke("receipt", game, "--as", player, "--at", str(seq))
            assert result.exit_code == 0, (player, seq, result.output)
            token = result.stdout.strip()
            assert token.startswith(f"LBR1.{json.loads(game.read_text().splitlines()[0])['game_id']}.{seq}.")
            tokens.append(token)
    receipts = tmp_path / "receipts.txt"
    receipts.write_text("\n".join(tokens) + "\n", encoding="utf-8")
    audit = invoke("audit", game, "--receipt", receipts, "--json")
    report = json.loads(audit.stdout)
    results = report["files"][0]["receipts"]
    assert [(r["token"], r["ok"]) for r in results] == [(t, True) for t in tokens]
    assert audit.exit_code == 0, audit.output
