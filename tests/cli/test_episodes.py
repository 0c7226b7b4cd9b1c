"""The two episodes reported from real tables (the project's real-games notes), recorded through `lifeboat record`
from a position consistent with each report (REC-1, POS-1): each reaches the reported outcome, and the committed
journals under docs/examples replay and audit clean."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import journal
from lifeboat.service import active_commits, initial_state, replay
from lifeboat.state import State
from tests.helpers import EXE

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def record(tmp_path: Path, name: str) -> Path:
    game = tmp_path / f"{name}.jsonl"
    with open(EXAMPLES / f"{name}.record.txt", "rb") as lines:
        done = subprocess.run([EXE, "record", str(game), "--position", str(EXAMPLES / f"{name}.position.toml")],
                              stdin=lines, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return game


def states(game: Path) -> list[State]:
    j = journal.JsonlJournal.open(game)
    out = [initial_state(j.header, str(game))]
    out += [step.after for step in replay(j, str(game))]
    return out


def test_episode_a_the_kid_dies_the_first_mate_climbs_back_dr_harter_ends_unconscious(tmp_path: Path) -> None:
    game = record(tmp_path, "episode-a")
    history = states(game)
    after_fall = next(s for s in history if s.char("kid").wounds > 3)
    assert after_fall.status("kid") == "dead" and after_fall.char("kid").in_boat  # a body in the boat
    assert after_fall.status("first_mate") == "conscious" and after_fall.char("first_mate").in_boat
    assert "water-1" in after_fall.discard and after_fall.char("first_mate").face_up == ()
    final = history[-1]
    assert final.char("dr_harter").wounds == 4 and final.status("dr_harter") == "unconscious"
    assert final.char("captain").fought and final.char("sir_stephen").fought
    assert not final.char("lady_lauren").fought
    assert final.status("first_mate") == "conscious"
    assert final.seats.index("captain") > final.seats.index("dr_harter")  # the Captain won the seat change


def test_episode_b_sir_stephen_keeps_the_parasol_and_the_flare_gun_stays_face_up(tmp_path: Path) -> None:
    game = record(tmp_path, "episode-b")
    final = states(game)[-1]
    assert final.char("sir_stephen").face_up == ("parasol-1", "flare_gun-1")  # RUL-FIGHT-4: the gun stays
    assert final.char("first_mate").wounds == 1
    assert final.char("sir_stephen").wounds == 0
    assert final.char("first_mate").fought and final.char("sir_stephen").fought
    assert "parasol-1" not in final.char("first_mate").hand


@pytest.mark.parametrize("name", ["episode-a", "episode-b"])
def test_the_committed_episode_journals_match_a_fresh_recording_and_audit_clean(tmp_path: Path, name: str) -> None:
    fresh = record(tmp_path, name)
    committed = EXAMPLES / f"{name}.jsonl"

    def decisions(path: Path) -> list:
        return [(c.actor, c.command, c.events) for c in journal.read(path)]

    assert decisions(committed) == decisions(fresh)
    assert json.loads(committed.read_text().splitlines()[0])["position"] is not None
    audit = subprocess.run([EXE, "audit", str(committed), "--json"], capture_output=True, text=True, timeout=60)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    moves = [d for d in decisions(committed) if d[1].get("type") != "note"]  # notes are commentary (NOTE-1)
    assert len(active_commits(journal.JsonlJournal.open(committed))) == len(moves)


@pytest.mark.parametrize("name", ["episode-a", "episode-b"])
def test_the_committed_episodes_carry_the_recording_s_comments_as_public_notes(name: str) -> None:
    """NOTE-1: each '# n. …' paragraph of the record file is a public note on the decision typed after it; the
    '## …' heading stays out of the journal."""
    text = (EXAMPLES / f"{name}.record.txt").read_text(encoding="utf-8")
    numbered = [line[2:].split(":")[0] for line in text.splitlines() if line[:3].strip("# ").isdigit()]
    commits = list(journal.read(EXAMPLES / f"{name}.jsonl"))
    notes = [c for c in commits if c.command["type"] == "note"]
    assert numbered and [n.split(".")[0] for c in notes for n in c.command["text"].split("\n")] == [
        x.split(".")[0] for x in numbered]
    kinds = {c.seq: c.command["type"] for c in commits}
    for c in notes:
        assert c.actor == "annotator" and c.command["audience"] == "public" and not c.events
        assert c.command["at"] < c.seq and kinds[c.command["at"]] != "note"
    assert "recorded with" not in json.dumps([c.command for c in notes])
