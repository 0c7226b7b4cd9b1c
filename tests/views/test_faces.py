"""VIEW-FACE-1: provisions of one face are alike, so a view names a provision by its instance id only where its
audience holds that card; a mug for a face-up card may name the face.

The leak this rule closes, played for real: Ann (Lady Lauren) draws ``water-5``, keeps ``cash-1`` and passes
``water-5`` to Bob (the Captain), who was dealt ``water-7`` and keeps hers; Bob then reveals ``water-7``. Had the
views named it, Ann would know Bob still holds her ``water-5``: no printed card says so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import service
from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import BUNDLED
from lifeboat.errors import IllegalCommand
from tests.engine.gwt import deal, face_up, given, actions, when
from tests.helpers import run

LINES = """\
chance: deal ann = lauren love frenchy hate kid water-1; bob = captain love kid hate frenchy water-7; \
cy = frenchy love lauren hate captain cash-3; dee = kid love captain hate lauren cash-4; \
removed water-8 water-9 water-10 water-11 water-12 water-13 water-14 water-15 water-16 chum-1
chance: draw water-5 cash-1 cash-2 oar-1
lauren: keep cash-1
captain: keep water-5
frenchy: keep cash-2
kid: keep oar-1
captain: reveal water-7
"""
_INSTANCE = re.compile(r'"([a-z_]+-[0-9]+)"')


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("face") / "g.jsonl"
    done = run("record", path, "--players", "Ann,Bob,Cy,Dee", stdin=LINES)
    assert done.returncode == 0, done.stdout + done.stderr
    return path


def _captain(view: dict) -> dict:
    return next(ch for ch in view["characters"] if ch["character"] == "captain")


def test_VIEW_FACE_1_ann_cannot_tell_that_bob_still_holds_her_water(game: Path) -> None:
    """The real CLI's ``show --json``: Ann sees Bob's face-up ``water``, her own cards by instance, and remembers
    the cards that left her hand by their faces; the public sees faces only; Bob sees his own cards."""
    shown = run("show", game, "--as", "Ann", "--json")
    assert shown.returncode == 0, shown.stderr
    ann = json.loads(shown.stdout)
    assert _captain(ann)["face_up"] == ["water"]
    assert ann["hand"] == ["water-1", "cash-1"]
    assert sorted(set(_INSTANCE.findall(shown.stdout))) == ["cash-1", "water-1"]  # no water-5, no water-7
    memory = {m["type"]: m for m in ann["memory"]}
    assert memory["provisions_drawn"]["seen"] == ["water", "cash-1", "cash", "oar"]
    assert memory["provisions_drawn"]["text"] == "You drew Water, Bundle of Cash, Bundle of Cash and Oar."
    assert memory["provisions_passed"]["seen"] == ["water", "cash", "oar"]
    assert memory["provisions_passed"]["text"] == "You passed Water, Bundle of Cash and Oar to The Captain."

    public = json.loads(run("show", game, "--json").stdout)
    assert _captain(public)["face_up"] == ["water"] and "water-7" not in json.dumps(public)
    bob = json.loads(run("show", game, "--as", "Bob", "--json").stdout)
    assert _captain(bob)["face_up"] == ["water-7"] and bob["hand"] == ["water-5"]


def test_VIEW_FACE_1_the_log_names_the_revealed_water_by_its_face(game: Path) -> None:
    """Every audience's log but Bob's and the referee's names the card Bob revealed ``water``."""
    table = service.Table.open(game)
    try:
        views = table.views
        revealed = [v for v in views.log("lady_lauren") if v.type == "card_revealed"]
        assert [(v.data, v.text) for v in revealed] == [
            ({"character": "captain", "card": "water"}, "The Captain revealed Water.")]
        assert [v.data["card"] for v in views.log() if v.type == "card_revealed"] == ["water"]
        assert [v.data["card"] for v in views.log("captain") if v.type == "card_revealed"] == ["water-7"]
        assert [v.data["card"] for v in views.log(referee=True) if v.type == "card_revealed"] == ["water-7"]
        legal = views.seat_view("lady_lauren").legal
        mugs = [x for x in legal if isinstance(x, c.Mug) and x.target == "captain"]
        assert mugs == [c.Mug(by="lady_lauren", target="captain"),
                        c.Mug(by="lady_lauren", target="captain", card="water")]
    finally:
        table.close()


def test_VIEW_FACE_1_a_mug_naming_a_face_is_recorded_and_replays(game: Path, tmp_path: Path) -> None:
    """``Mug(card="water")`` takes Bob's face-up ``water-7``; the journal keeps the command as sent, and replay
    and audit pass."""
    copy = tmp_path / "g.jsonl"
    copy.write_bytes(game.read_bytes())
    table = service.Table.open(copy)
    try:
        table.decide(c.Mug(by="lady_lauren", target="captain", card="water"))
        table.decide(c.Answer(by="captain", consent=True))
        assert table.state.char("lady_lauren").hand == ("water-1", "cash-1", "water-7")
    finally:
        table.close()
    line = copy.read_text(encoding="utf-8").splitlines()[-2]
    assert '"card":"water"' in line.replace(" ", "")
    audit = run("audit", copy)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    replay = run("replay", copy, "--as", "Cy")
    assert replay.returncode == 0 and "Lady Lauren took The Captain's face-up Water." in replay.stdout


def test_VIEW_FACE_1_MUG_1_a_face_names_the_first_face_up_card_of_it() -> None:
    """The first face-up card of the face in face-up order (not the lowest number); a Painting's value picks
    among Paintings; the instance still works; a face the target has not face up is refused (MUG-1)."""
    s = given(deal(), face_up("captain", "water-3", "painting-3", "water-1", "painting-1"), actions())
    when(s, c.Mug(by="lady_lauren", target="captain", card="water")).then(
        e.MugDeclared(character="lady_lauren", target="captain", card="water-3"))
    when(s, c.Mug(by="lady_lauren", target="captain", card="painting(3)")).then(
        e.MugDeclared(character="lady_lauren", target="captain", card="painting-1"))
    when(s, c.Mug(by="lady_lauren", target="captain", card="painting")).then(
        e.MugDeclared(character="lady_lauren", target="captain", card="painting-3"))
    when(s, c.Mug(by="lady_lauren", target="captain", card="water-1")).then(
        e.MugDeclared(character="lady_lauren", target="captain", card="water-1"))
    when(s, c.Mug(by="lady_lauren", target="captain", card="oar")).refused(IllegalCommand, "MUG-1")


def test_VIEW_FACE_1_card_names_and_values_read_faces() -> None:
    assert [BUNDLED.look_of(x) for x in ("water-7", "painting-1", "painting-3", "nav-19", "?p3", "kid")] == [
        "water", "painting(3)", "painting(2)", "nav-19", "?p3", "kid"]
    assert [BUNDLED.card_name(x) for x in ("water", "painting(2)", "medical_kit")] == [
        "Water", "Painting (2)", "Medical Kit"]
    assert (BUNDLED.treasure_points("painting(3)"), BUNDLED.weapon_size("knife"), BUNDLED.face("cash")) == (
        3, 3, "cash")
    with pytest.raises(KeyError):
        BUNDLED.face_of("water")  # the engine's checks still take instances only
