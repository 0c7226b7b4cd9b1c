"""A position file with a value of the wrong type (``quick_game = "yes"``, ``round = "3"``) is refused with POS-1
in the file's words, TOML and JSON alike: the key (a character's under its id), what it takes, what the file
gives, and how to write it when it is only quoted the wrong way; msgspec's ``Expected `bool`, got `str``` no longer
reaches the user. A TOML file's line is named too (``pos.toml:42:``). Nothing is written."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import msgspec
import pytest

from lifeboat.errors import InvalidCommand
from lifeboat.position import CharacterPosition, Position, load, position_state
from lifeboat.ruleset import OPTION_NAMES
from tests.helpers import run

ROOT = Path(__file__).resolve().parents[2]
EPISODE_B = ROOT / "docs" / "examples" / "episode-b.position.toml"
FIX = "; fix the file (docs/position-format.md) and run the command again (nothing was written)\n"


def episode_b() -> dict:
    return tomllib.loads(EPISODE_B.read_text(encoding="utf-8"))


def line_of(position: Path, text: str) -> int:
    """The line of ``position`` that reads ``text``."""
    return position.read_text(encoding="utf-8").splitlines().index(text) + 1


def refused(tmp_path: Path, position: Path) -> tuple[int, str]:
    game = tmp_path / "g.jsonl"
    done = run("record", game, "--position", position)
    assert not game.exists() and "Traceback" not in done.stderr and done.stdout == ""
    return done.returncode, done.stderr


def test_POS_1_an_option_of_the_wrong_type_in_toml(tmp_path: Path) -> None:
    pos = tmp_path / "pos.toml"
    pos.write_text(EPISODE_B.read_text() + '\n[options]\nquick_game = "yes"\n', encoding="utf-8")
    at = line_of(pos, 'quick_game = "yes"')
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}:{at}: [POS-1] options.quick_game: expected true or false, '
                                         f'got the text "yes"{FIX}')
    pos.write_text(EPISODE_B.read_text() + '\n[options]\nquick_game = "true"\n', encoding="utf-8")
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}:{at}: [POS-1] options.quick_game: expected true or false, '
                                         f'got the text "true" (write true, without quotes){FIX}')


def test_POS_1_a_number_as_text_and_a_character_field_in_toml(tmp_path: Path) -> None:
    pos = tmp_path / "pos.toml"
    pos.write_text(EPISODE_B.read_text().replace("round = 3", 'round = "3"'), encoding="utf-8")
    at = line_of(pos, 'round = "3"')
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}:{at}: [POS-1] round: expected a whole number, got the '
                                         f'text "3" (write 3, without quotes){FIX}')
    pos.write_text(EPISODE_B.read_text().replace('hand = ["flare_gun", "?"]', 'hand = "flare_gun"'), encoding="utf-8")
    at = line_of(pos, 'hand = "flare_gun"')
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}:{at}: [POS-1] sir_stephen.hand: expected a list, got the '
                                         f'text "flare_gun" (write a list: ["flare_gun"]){FIX}')
    pos.write_text(EPISODE_B.read_text().replace('character = "lady_lauren"', "character = 1"), encoding="utf-8")
    at = line_of(pos, "character = 1")  # no id to name it by: its place among the [[characters]]
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}:{at}: [POS-1] characters[0].character: expected text in '
                                         f'quotes, got 1 (write "1", in quotes){FIX}')


def test_POS_1_the_same_mistakes_in_json(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    data = episode_b() | {"options": {"quick_game": "yes"}}
    pos.write_text(json.dumps(data), encoding="utf-8")
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}: [POS-1] options.quick_game: expected true or false, got '
                                         f'the text "yes"{FIX}')
    data = episode_b()
    data["characters"][0]["wounds"] = "1"
    pos.write_text(json.dumps(data), encoding="utf-8")
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}: [POS-1] lady_lauren.wounds: expected a whole number, got '
                                         f'the text "1" (write 1, without quotes){FIX}')
    pos.write_text(json.dumps(episode_b() | {"phase": "act"}), encoding="utf-8")
    assert refused(tmp_path, pos) == (3, f'lifeboat: {pos}: [POS-1] phase: expected "round", "action" or '
                                         f'"navigation", got the text "act"{FIX}')


#: one value of the wrong type for every field a position file types, and what POS-1 says of it
POSITION_CASES = {
    "characters": ("x", 'characters: expected a list, got the text "x" (write a list: ["x"])'),
    "phase": (2, 'phase: expected "round", "action" or "navigation", got 2'),
    "round": ("3", 'round: expected a whole number, got the text "3" (write 3, without quotes)'),
    "seagulls": (1.5, "seagulls: expected a whole number, got 1.5"),
    "actor": (True, "actor: expected text in quotes, got true"),
    "discard": ("water", 'discard: expected a list, got the text "water" (write a list: ["water"])'),
    "discard_size": ("12", 'discard_size: expected a whole number, got the text "12" (write 12, without quotes)'),
    "row_stack": (True, "row_stack: expected a whole number, got true"),
    "provisions_deck": ([24], "provisions_deck: expected a whole number, got a list"),
    "removed": ("ten", 'removed: expected a whole number, got the text "ten"'),
    "options": (3, "options: expected a table of keys, got 3"),
    "note": (3, 'note: expected text in quotes, got 3 (write "3", in quotes)'),
}
CHARACTER_CASES = {
    "character": (1, 'characters[0].character: expected text in quotes, got 1 (write "1", in quotes)'),
    "player": (7, 'lady_lauren.player: expected text in quotes, got 7 (write "7", in quotes)'),
    "wounds": ("1", 'lady_lauren.wounds: expected a whole number, got the text "1" (write 1, without quotes)'),
    "hand": ("?", 'lady_lauren.hand: expected a list, got the text "?" (write a list: ["?"])'),
    "face_up": ({"a": 1}, "lady_lauren.face_up: expected a list, got a table of keys"),
    "love": (2, 'lady_lauren.love: expected text in quotes, got 2 (write "2", in quotes)'),
    "hate": (None, "lady_lauren.hate: expected text in quotes, got null"),
    "rowed": ("yes", 'lady_lauren.rowed: expected true or false, got the text "yes"'),
    "fought": (1, "lady_lauren.fought: expected true or false, got 1"),
    "parasol_open": ("false", 'lady_lauren.parasol_open: expected true or false, got the text "false" (write '
                              'false, without quotes)'),
    "lost_at_sea": ("no\x1b[31m", 'lady_lauren.lost_at_sea: expected true or false, got the text "no\\u001b[31m"'),
}
OPTION_CASES = {name: ("yes", f'options.{name}: expected true or false, got the text "yes"') for name in OPTION_NAMES}
OPTION_CASES["expansions"] = ("cannibalism", 'options.expansions: expected a list, got the text "cannibalism" (write '
                                             'a list: ["cannibalism"])')


def test_every_typed_field_has_a_case() -> None:
    assert set(POSITION_CASES) == set(Position.__struct_fields__)
    assert set(CHARACTER_CASES) == set(CharacterPosition.__struct_fields__)
    assert set(OPTION_CASES) == set(OPTION_NAMES)


def _refusal(data: dict) -> str:
    with pytest.raises(InvalidCommand) as caught:
        position_state(load(msgspec.json.decode(msgspec.json.encode(data))))  # the values a JSON file decodes to
    assert caught.value.rule == "POS-1"
    return caught.value.message


@pytest.mark.parametrize("field", sorted(POSITION_CASES))
def test_POS_1_every_position_field_of_the_wrong_type(field: str) -> None:
    value, message = POSITION_CASES[field]
    assert _refusal(episode_b() | {field: value}) == message


@pytest.mark.parametrize("field", sorted(CHARACTER_CASES))
def test_POS_1_every_character_field_of_the_wrong_type(field: str) -> None:
    value, message = CHARACTER_CASES[field]
    data = episode_b()
    data["characters"][0][field] = value
    assert _refusal(data) == message


@pytest.mark.parametrize("name", sorted(OPTION_CASES))
def test_POS_1_every_option_of_the_wrong_type(name: str) -> None:
    value, message = OPTION_CASES[name]
    assert _refusal(episode_b() | {"options": {name: value}}) == message


def test_POS_1_unknown_and_missing_keys_are_named() -> None:
    data = episode_b()
    data["characters"][0]["rowd"] = True
    assert _refusal(data) == ("lady_lauren.rowd: not a key of a character; expected one of: character, player, "
                              "wounds, hand, face_up, love, hate, rowed, fought, parasol_open, lost_at_sea")
    data = episode_b()
    del data["characters"][1]["player"]
    assert _refusal(data) == "sir_stephen.player: missing"
    assert _refusal(episode_b() | {"options": {"quick": True}}) == (
        "options.quick: not a key of options; expected one of: " + ", ".join(OPTION_NAMES))
