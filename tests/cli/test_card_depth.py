"""CARD-2 with the journal's limits (issue 32): card data nested deeper than a journal header can carry is refused
by ``lifeboat cards`` and by ``new --cards`` before anything is written, so no journal is left that no command
can read; data nested to the very limit plays and audits. Real CLI runs in subprocesses."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import journal
from lifeboat.service.game.card_files import CARD_DEPTH
from tests.helpers import EXE

DATA = Path(__file__).resolve().parents[2] / "lifeboat" / "data" / "cards.json"


def lifeboat(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([EXE, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)


def nested(where: Path, depth: int) -> Path:
    """The bundled card data with an extra member nesting the whole file ``depth`` levels deep."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    value: object = 1
    for _ in range(depth - 1):  # the file's own object is the first level
        value = [value]
    raw["extra"] = value
    path = where / f"deep{depth}.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_CARD_2_card_data_deeper_than_a_header_carries_is_refused_and_new_leaves_nothing(tmp_path: Path) -> None:
    assert CARD_DEPTH == journal.MAX_DEPTH - 2 == 62
    deep = nested(tmp_path, CARD_DEPTH + 1)
    checked = lifeboat("cards", deep.name, cwd=tmp_path)
    assert checked.returncode == 4
    assert "[CARD-2]" in checked.stderr and "more than 62 levels" in checked.stderr
    assert "Traceback" not in checked.stderr
    new = lifeboat("new", "g.jsonl", "--players", "Ann,Bob,Cy,Dee", "--cards", deep.name, cwd=tmp_path)
    assert new.returncode == 4 and "[CARD-2]" in new.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [deep.name]  # no journal, no deck file
    again = lifeboat("new", "g.jsonl", "--players", "Ann,Bob,Cy,Dee", cwd=tmp_path)
    assert again.returncode == 0, again.stderr


def test_CARD_2_card_data_nested_to_the_limit_plays_and_audits(tmp_path: Path) -> None:
    ok = nested(tmp_path, CARD_DEPTH)
    assert lifeboat("cards", ok.name, cwd=tmp_path).returncode == 0
    new = lifeboat("new", "g.jsonl", "--players", "Ann,Bob,Cy,Dee", "--seed", "3", "--cards", ok.name, cwd=tmp_path)
    assert new.returncode == 0, new.stderr
    audit = lifeboat("audit", "g.jsonl", cwd=tmp_path)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_header_too_deep_for_any_reader_is_never_written(tmp_path: Path) -> None:
    """The journal's own backstop: ``create`` refuses such a header before writing (ValueError, nothing left)."""
    value: object = 1
    for _ in range(journal.MAX_DEPTH):
        value = [value]
    header = journal.Header(game_id="g1", created_ms=0, ruleset="standard", meta={"x": value})
    try:
        journal.JsonlJournal.create(tmp_path / "g.jsonl", header)
    except ValueError as exc:
        assert "levels deep" in str(exc)
    else:
        raise AssertionError("a header no reader opens was written")
    assert not (tmp_path / "g.jsonl").exists()
