"""CARD-3 with a recorded game from a position (POS-1): the position's card names are read with the table's own
printing, and the game, reopened from its file, plays with it. Real files, the real service."""

from __future__ import annotations

import json
from pathlib import Path

from lifeboat.service import Table, final_state, load_card_file

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def position() -> dict:
    hands = {"lady_lauren": ["painting(5)", "?"], "captain": ["?", "?"], "frenchy": ["?", "?"], "kid": ["?", "?"]}
    return {"phase": "action", "round": 2, "actor": "captain", "characters": [
        {"character": ch, "player": name, "hand": hand}
        for (ch, hand), name in zip(hands.items(), ("Ann", "Bob", "Cy", "Dee"))]}


def test_CARD_3_POS_1_a_position_names_cards_by_the_printing_s_values(tmp_path: Path) -> None:
    """CARD-3, POS-1: a printing whose first Painting is worth 5 (3 in the bundled data) reads ``painting(5)`` as
    ``painting-1``; the recorded game's header carries the printing and a replay of the file folds to the Kid's
    size 6 (3 in the bundled data)."""
    raw = json.loads((EXAMPLES / "own-printing.cards.json").read_text(encoding="utf-8"))
    next(p for p in raw["provisions"]["base"] if p["id"] == "painting")["points_each"] = [5, 3, 2]
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(raw), encoding="utf-8")
    cards = load_card_file(mine)
    path = tmp_path / "rec.jsonl"
    table = Table.record_new(path, position=position(), cards=cards)
    assert "painting-1" in table.state.char("lady_lauren").hand
    table.close()
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["card_data"] == cards.sha256 and header["meta"]["cards"] == raw
    state = final_state(path)
    assert state.cards == cards and state.health("kid") == 6 and state.cards.treasure_points("painting-1") == 5
