"""A position file's ``[options]`` give each option once (POS-1, as OPT-1 asks of ``--option``): a key given twice,
in TOML or in JSON, an expansion named twice, and an ``--option`` beside ``--position`` (which the file's options
used to override without a word) are refused before anything is written, with the file named."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.helpers import run

ROOT = Path(__file__).resolve().parents[2]
EPISODE_B = ROOT / "docs" / "examples" / "episode-b.position.toml"
FIX = "; fix the file (docs/position-format.md) and run the command again (nothing was written)\n"


def with_options(tmp_path: Path, options: str) -> Path:
    """Episode B with ``options`` (TOML lines) as its ``[options]`` section, before the characters."""
    head, rest = EPISODE_B.read_text().split("[[characters]]", 1)
    path = tmp_path / "pos.toml"
    path.write_text(f"{head}[options]\n{options}\n[[characters]]{rest}", encoding="utf-8")
    return path


def as_json(tmp_path: Path, options: str) -> Path:
    """Episode B as JSON with ``options`` (JSON members, as written) as its options object."""
    body = json.dumps(tomllib.loads(EPISODE_B.read_text()))
    path = tmp_path / "pos.json"
    path.write_text(body.replace('{"note"', '{"options": {' + options + '}, "note"', 1), encoding="utf-8")
    return path


def refused(tmp_path: Path, position: Path, *extra: str) -> tuple[int, str]:
    game = tmp_path / "g.jsonl"
    done = run("record", game, "--position", position, *extra)
    assert not game.exists() and "Traceback" not in done.stderr
    return done.returncode, done.stderr


def test_POS_1_an_option_given_twice_in_toml_is_named_with_its_lines(tmp_path: Path) -> None:
    for values in ("quick_game = true\nquick_game = false", "quick_game = true\nquick_game = true"):
        pos = with_options(tmp_path, values)
        lines = pos.read_text().splitlines()
        first = lines.index("quick_game = true") + 1
        assert refused(tmp_path, pos) == (3, f"lifeboat: {pos}: [POS-1] options.quick_game is given twice (lines "
                                             f"{first} and {first + 1}); give it once{FIX}")


def test_POS_1_an_option_given_twice_in_json_is_refused_not_the_last_one_taken(tmp_path: Path) -> None:
    pos = as_json(tmp_path, '"quick_game": true, "rowing_variant": false, "quick_game": false')
    assert refused(tmp_path, pos) == (3, f"lifeboat: {pos}: [POS-1] options.quick_game is given twice (true, then "
                                         f"false); give it once{FIX}")
    pos.write_text(pos.read_text().replace('"round": 3', '"round": 3, "round": 4'))  # any key, as TOML refuses it
    assert refused(tmp_path, pos) == (3, f"lifeboat: {pos}: [POS-1] round is given twice (3, then 4); give it "
                                         f"once{FIX}")
    once = as_json(tmp_path, '"quick_game": true')
    game = tmp_path / "once.jsonl"
    assert run("record", game, "--position", once).returncode == 0
    assert json.loads(game.read_text().splitlines()[0])["position"]["options"] == {"quick_game": True}


def test_POS_1_a_character_field_given_twice_in_json_names_its_character(tmp_path: Path) -> None:
    pos = as_json(tmp_path, "")
    pos.write_text(pos.read_text().replace('"player": "Bob"', '"player": "Bob", "player": "Bo"'))
    assert refused(tmp_path, pos) == (3, f"lifeboat: {pos}: [POS-1] characters[1].player is given twice (\"Bob\", "
                                         f"then \"Bo\"); give it once{FIX}")


def test_POS_1_an_expansion_named_twice(tmp_path: Path) -> None:
    pos = with_options(tmp_path, 'expansions = ["cannibalism", "cannibalism"]')
    at = pos.read_text().splitlines().index('expansions = ["cannibalism", "cannibalism"]') + 1
    assert refused(tmp_path, pos) == (3, f"lifeboat: {pos}:{at}: [POS-1] options.expansions: 'cannibalism' is "
                                         f"named twice; name it once{FIX}")


@pytest.mark.parametrize("option", ["quick_game=on", "quick_game=off"])
def test_an_option_beside_a_position_is_refused_not_left_unread(tmp_path: Path, option: str) -> None:
    """The file's ``[options]`` say (they overrode ``--option`` silently before): OPT-1's "give it once" means one
    place to give it, the file."""
    pos = with_options(tmp_path, "quick_game = false")
    assert refused(tmp_path, pos, "--option", option) == (
        2, "lifeboat: --position sets the options in its [options] section (docs/position-format.md); put them "
           "there and leave out --option\n")
