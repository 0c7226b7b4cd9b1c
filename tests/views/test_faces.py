"""VIEW-FACE-1: provisions of one face are alike, so a view names a provision by its instance id only where its
audience holds that card; a mug for a face-up card may name the face.

The leak this rule closes, played for real: Ann (Lady Lauren) draws ``water-5``, keeps ``cash-1`` and passes
``water-5`` to Bob (the Captain), who was dealt ``water-7`` and keeps hers; Bob then reveals ``water-7``. Had the
views named it, Ann would know Bob still holds her ``water-5``: no printed card says so.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import msgspec
import pytest

from lifeboat import service
from cli.cmd_play import menu
from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import BUNDLED
from lifeboat.errors import IllegalCommand
from lifeboat.notation import parse, render
from tests.engine.gwt import deal, face_up, given, actions, when
from tests.helpers import run_many

DEAL = """\
chance: deal ann = lauren love frenchy hate kid water-1; bob = captain love kid hate frenchy water-7; \
cy = frenchy love lauren hate captain cash-3; dee = kid love captain hate lauren cash-4; \
removed water-8 water-9 water-10 water-11 water-12 water-13 water-14 water-15 water-16 chum-1
"""  # Ann is Lady Lauren, Bob the Captain with water-7 in hand
LINES = DEAL + """\
chance: draw water-5 cash-1 cash-2 oar-1
lauren: keep cash-1
captain: keep water-5
frenchy: keep cash-2
kid: keep oar-1
captain: reveal water-7
"""
_INSTANCE = re.compile(r'"([a-z_]+-[0-9]+)"')


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The game recorded with the real CLI, and ``show --json`` of it as Ann, Bob and the public."""
    path = tmp_path_factory.mktemp("face") / "g.jsonl"
    done, *shows = run_many((("record", path, "--players", "Ann,Bob,Cy,Dee"), LINES),
                            *(("show", path, "--json", *who) for who in (("--as", "Ann"), ("--as", "Bob"), ())))
    assert done.returncode == 0, done.stdout + done.stderr
    assert [x.returncode for x in shows] == [0, 0, 0], [x.stderr for x in shows]
    return path, dict(zip(("Ann", "Bob", "public"), (x.stdout for x in shows)))


def _captain(view: dict) -> dict:
    return next(ch for ch in view["characters"] if ch["character"] == "captain")


def test_VIEW_FACE_1_ann_cannot_tell_that_bob_still_holds_her_water(game: tuple[Path, dict[str, str]]) -> None:
    """The real CLI's ``show --json``: Ann sees Bob's face-up ``water``, her own cards by instance, and remembers
    the cards that left her hand by their faces; the public sees faces only; Bob sees his own cards."""
    shown = game[1]
    ann = json.loads(shown["Ann"])
    assert _captain(ann)["face_up"] == ["water"]
    assert ann["hand"] == ["water-1", "cash-1"]
    assert sorted(set(_INSTANCE.findall(shown["Ann"]))) == ["cash-1", "water-1"]  # no water-5, no water-7
    memory = {m["type"]: m for m in ann["memory"]}
    assert memory["provisions_drawn"]["seen"] == ["water", "cash-1", "cash", "oar"]
    assert memory["provisions_drawn"]["text"] == "You drew Water, Bundle of Cash, Bundle of Cash and Oar."
    assert memory["provisions_passed"]["seen"] == ["water", "cash", "oar"]
    assert memory["provisions_passed"]["text"] == "You passed Water, Bundle of Cash and Oar to the Captain."

    public = json.loads(shown["public"])
    assert _captain(public)["face_up"] == ["water"] and _INSTANCE.findall(shown["public"]) == []
    bob = json.loads(shown["Bob"])
    assert _captain(bob)["face_up"] == ["water-7"] and bob["hand"] == ["water-5"]


def test_VIEW_FACE_1_the_log_names_the_revealed_water_by_its_face(game: tuple[Path, dict[str, str]]) -> None:
    """Every audience's log but Bob's and the referee's names the card Bob revealed ``water``."""
    table = service.Table.open(game[0])
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
        # the hotseat: its menu names the face, the line renders and reads (NOTATION-1) as the same mug
        view = views.seat_view("lady_lauren")
        assert ("Mug the Captain for their face-up Water", mugs[1]) in menu(view, tuple(view.seats))
        assert render(mugs[1], table.state) == "lauren: mug captain water"
        assert parse("lauren: mug captain water", table.state, as_seat=True) == mugs[1]
        assert parse("lauren: mug captain water", table.state) == c.Mug(  # the recorder's reading (REC-1)
            by="lady_lauren", target="captain", card="water-7")
    finally:
        table.close()


def test_VIEW_FACE_1_a_mug_naming_a_face_is_recorded_and_replays(game: tuple[Path, dict[str, str]],
                                                                   tmp_path: Path) -> None:
    """``Mug(card="water")`` takes Bob's face-up ``water-7``; the journal keeps the command as sent, and replay
    and audit pass."""
    copy = tmp_path / "g.jsonl"
    copy.write_bytes(game[0].read_bytes())
    table = service.Table.open(copy)
    try:
        table.decide(c.Mug(by="lady_lauren", target="captain", card="water"))
        table.decide(c.Answer(by="captain", consent=True))
        assert table.state.char("lady_lauren").hand == ("water-1", "cash-1", "water-7")
    finally:
        table.close()
    line = copy.read_text(encoding="utf-8").splitlines()[-2]
    assert '"card":"water"' in line.replace(" ", "")
    audit, replay = run_many(("audit", copy), ("replay", copy, "--as", "Cy"))
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert replay.returncode == 0 and "Lady Lauren took the Captain's face-up Water." in replay.stdout


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


def test_VIEW_FACE_1_a_receipt_made_before_it_still_checks(game: tuple[Path, dict[str, str]]) -> None:
    """A receipt hashes the seat's view: one made before VIEW-FACE-1 (every card by its instance) still matches,
    with a note; one whose view matches neither is a finding, as before."""
    from lifeboat.service.auditing.run import audit
    from lifeboat.service.game.headers import initial_state
    from lifeboat.service.game.files import open_journal
    from lifeboat.service.auditing.receipts import seat_view_of
    from lifeboat.service.game.replay import replay

    path = game[0]
    receipt = service.make_receipt(path, "Ann")
    j = open_journal(path)
    log = [ev for step in replay(j, str(path)) for ev in step.events]
    before = seat_view_of(initial_state(j.header, str(path)), log, "lady_lauren", faces=False)
    assert _captain(msgspec.to_builtins(before))["face_up"] == ("water-7",)  # what Ann's view said then
    old = msgspec.structs.replace(receipt, view=hashlib.sha256(msgspec.json.encode(before)).hexdigest()[:16])
    assert old.view != receipt.view
    for token, ok in ((receipt, True), (old, True), (msgspec.structs.replace(old, view="0" * 16), False)):
        report = audit(path, receipts=[token])
        assert [r.ok for r in report.receipts] == [ok]
        assert any("made before VIEW-FACE-1" in n for n in report.notes) == (token is old)


#: Fields of events and steps that hold characters, words, navigation cards or faces, never a provision instance.
NOT_PROVISIONS = {
    "actor", "ask", "attacker", "attackers", "body", "by", "cause", "character", "characters", "defender",
    "defenders", "drawn", "hate", "kind", "lost", "love", "mugger", "navigation", "navigator", "order", "overboard",
    "passed", "picker", "placeholder", "players", "purpose", "quartermaster", "reason", "rower", "seats", "side",
    "target", "thirst", "to", "to_bottom", "to_stack", "user", "winner",
    "zone", "origin", "placeholders", "looks",  # REC-3: zones are characters; placeholders and looks are no instances
}


def test_VIEW_FACE_1_every_field_that_may_hold_a_provision_is_masked() -> None:
    """The views mask the fields :data:`EVENT_CARDS` and :data:`STEP_CARDS` name: every other text field of an
    event or a step is declared here as holding no provision, so a new field must be placed on one side."""
    import typing

    from lifeboat.events import EVENT_TYPES
    from lifeboat.state import Step
    from lifeboat.views.faces import EVENT_CARDS, STEP_CARDS

    for cls in (*EVENT_TYPES, *typing.get_args(Step)):
        tag = cls.__struct_config__.tag
        masked = (EVENT_CARDS if cls in EVENT_TYPES else STEP_CARDS)[tag]
        for field, hint in typing.get_type_hints(cls).items():
            if "str" in str(hint) and field not in masked:
                assert field in NOT_PROVISIONS, f"{tag}.{field}: may it hold a provision instance (VIEW-FACE-1)?"
