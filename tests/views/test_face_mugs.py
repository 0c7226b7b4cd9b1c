"""VIEW-FACE-1, a seat's typed mug: ``mug captain water`` typed at the hotseat (or sent to a served game) is
``Mug(card="water")``, the command its menu lists; the engine declares the Captain's first face-up Water in
face-up order (``water-7``, revealed before ``water-2``), and nothing the seat is shown names either instance.
The recorder of a recorded game (REC-1) keeps the lowest-numbered instance (docs/notation.md)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from lifeboat import service
from cli.cmd_play import _typed, menu
from lifeboat import commands as c
from lifeboat.views.book import alternatives_for
from lifeboat.service.live._engine import parse_for
from tests.helpers import run_many
from tests.views.test_faces import DEAL

LINES = DEAL + """\
chance: draw water-2 cash-1 cash-2 oar-1
lauren: keep cash-1
captain: keep water-2
frenchy: keep cash-2
kid: keep oar-1
captain: reveal water-7
captain: reveal water-2
"""
MUG = c.Mug(by="lady_lauren", target="captain", card="water")
_INSTANCE = re.compile(r"\b[a-z_]+-[0-9]+\b")


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Captain has two face-up Waters, ``water-7`` revealed first, then ``water-2``; Lady Lauren (Ann) acts."""
    path = tmp_path_factory.mktemp("face_mugs") / "g.jsonl"
    (done,) = run_many((("record", path, "--players", "Ann,Bob,Cy,Dee"), LINES))
    assert done.returncode == 0, done.stdout + done.stderr
    return path


def _copy(game: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "g.jsonl"
    copy.write_bytes(game.read_bytes())
    return copy


def test_VIEW_FACE_1_a_typed_mug_keeps_the_face_and_declares_the_first_face_up(game: Path, tmp_path: Path) -> None:
    copy = _copy(game, tmp_path)
    table = service.Table.open(copy)
    try:
        assert table.state.char("captain").face_up == ("water-7", "water-2")
        view = table.views.seat_view("lady_lauren")
        assert ("Mug the Captain for their face-up Water", MUG) in menu(view, tuple(view.seats))
        said = io.StringIO()
        typed = _typed(Console(file=said, width=100), "mug captain water", table.state, "lady_lauren")
        assert typed == MUG and said.getvalue() == ""  # the menu's command; nothing echoed
        assert parse_for("mug captain water", table.state, "lady_lauren") == MUG  # a served game reads it alike
        for typed_id in ("water-2", "water-9"):  # an instance a seat types is its face: no refusal tells it apart
            assert parse_for(f"mug captain {typed_id}", table.state, "lady_lauren") == MUG, typed_id
        decider, alternatives = alternatives_for(table.state, MUG, "lady_lauren", view)  # the replay book, as Ann
        assert decider == "lady_lauren" and alternatives is not None
        assert [(a.line, a.text, a.chosen) for a in alternatives if "captain" in a.line and "mug" in a.line] == [
            ("lauren: mug captain water", "Mug the Captain for their face-up Water", True)]
        assert not {x for a in alternatives for x in _INSTANCE.findall(a.line + a.text)} - {"cash-1", "water-1"}
        table.decide(typed)
    finally:
        table.close()
    last = json.loads(copy.read_text(encoding="utf-8").splitlines()[-1])
    assert last["command"]["card"] == "water"
    assert last["events"] == [{"type": "mug_declared", "character": "lady_lauren", "target": "captain",
                               "card": "water-7"}]
    shown, log, *screens = run_many(("show", copy, "--json", "--as", "Ann"), ("replay", copy, "--json", "--as",
                                    "Ann"), ("show", copy, "--as", "Ann"), ("replay", copy, "--as", "Ann"))
    outs = (shown, log, *screens)
    assert [x.returncode for x in outs] == [0, 0, 0, 0], [x.stderr for x in outs]
    commits = [json.loads(line) for line in log.stdout.splitlines()]
    declared = [e for x in commits for e in x.get("events", ()) if e["type"] == "mug_declared"]
    assert [e["data"]["card"] for e in declared] == ["water"]
    captain = next(ch for ch in json.loads(shown.stdout)["characters"] if ch["character"] == "captain")
    assert captain["face_up"] == ["water", "water"]
    assert not any("water-7" in x.stdout for x in outs)  # never hers
    since_reveals = [json.dumps(x) for x in commits if x.get("seq", 7) >= 7]  # and the table now
    for out in (shown.stdout, screens[0].stdout, *since_reveals):  # only Ann's own hand, by its instances
        assert set(_INSTANCE.findall(out)) <= {"cash-1", "water-1"}, out

def test_VIEW_FACE_1_a_mug_without_a_card_is_answered_with_faces(game: Path) -> None:
    """``mug captain`` alone at the hotseat: the choices it lists name the face, not ``water-7`` or ``water-2``."""
    table = service.Table.open(game)
    try:
        said = io.StringIO()
        assert _typed(Console(file=said, width=200), "mug captain", table.state, "lady_lauren") is None
    finally:
        table.close()
    text = said.getvalue()
    assert "[NOTATION-1] captain has face-up cards: say 'hand' for a random hand card or name the face-up card " \
           "(water)" in text
    assert not _INSTANCE.findall(text)


def test_VIEW_FACE_1_REC_1_the_recorder_keeps_the_lowest_numbered_instance(game: Path, tmp_path: Path) -> None:
    """The recorder sees the real cards: its ``mug captain water`` names ``water-2`` (docs/notation.md)."""
    copy = _copy(game, tmp_path)
    (done,) = run_many((("record", copy), "lauren: mug captain water\n"))
    assert done.returncode == 0, done.stdout + done.stderr
    last = json.loads(copy.read_text(encoding="utf-8").splitlines()[-1])
    assert last["command"]["card"] == "water-2" and last["events"][0]["card"] == "water-2"
