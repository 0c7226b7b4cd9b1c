"""CARD-2 (issue 13, item 3): card data is checked against its own ``checks`` with an error naming the field;
every journal header records the card data's hash; replay and audit say when a journal was made with other card
data. Through the real CLI, on real files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app
from tests.helpers import run

from lifeboat.card_data import CardDataError, check, data_hash
from lifeboat.cards import CARD_DATA_SHA256
from tests.cli.conftest import invoke, lines_of, rechain

BUNDLED = Path(__file__).resolve().parents[2] / "lifeboat" / "data" / "cards.json"


def bundled() -> dict[str, Any]:
    return json.loads(BUNDLED.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: Any, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def test_CARD_2_the_bundled_data_is_checked_and_named_by_its_hash() -> None:
    result = invoke("cards")
    assert result.exit_code == 0, result.output
    assert f"sha256 {CARD_DATA_SHA256}" in result.stdout
    assert CARD_DATA_SHA256 == data_hash(bundled()) and len(CARD_DATA_SHA256) == 64


def test_CARD_2_the_hash_ignores_layout_but_not_values(tmp_path: Path) -> None:
    data = bundled()
    reordered = dict(reversed(list(data.items())))
    assert data_hash(reordered) == CARD_DATA_SHA256
    result = invoke("cards", write(tmp_path, reordered))
    assert result.exit_code == 0 and "(the same as the bundled card data)" in result.stdout
    data["characters"][0]["survival"] = 7  # in range, but another printing: another hash
    assert data_hash(data) != CARD_DATA_SHA256
    other = invoke("cards", write(tmp_path, data, "other.json"))
    assert other.exit_code == 0 and "not the bundled card data" in other.stdout


def _broken(change) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    data = bundled()
    change(data)
    return data


def _water(d: dict) -> None:
    d["provisions"]["base"][0]["count"] = 15  # a missing Water


def _survival(d: dict) -> None:
    d["characters"][0]["survival"] = 80


def _bird(d: dict) -> None:
    d["navigation"]["base"][2]["bird"] = 2


def _overboard(d: dict) -> None:
    d["navigation"]["base"][1]["overboard"] = ["captain"]  # was the Kid


def _unknown_name(d: dict) -> None:
    d["navigation"]["base"][0]["thirsty"] = ["captian"]


def _no_size(d: dict) -> None:
    del d["characters"][3]["size"]


def _seat_order(d: dict) -> None:
    d["seat_order_from_bow"].remove("kid")


def _seat_twice(d: dict) -> None:
    d["seat_order_from_bow"].append("kid")


def _seat_number(d: dict) -> None:
    d["seat_order_from_bow"].append(3)


@pytest.mark.parametrize(("change", "field", "found", "expected"), [
    (_water, "checks.base_provisions", "41", "expected 42"),
    (_survival, "characters[0].survival", "80", "a whole number from 0 to 20"),
    (_bird, "navigation.base[2].bird", "2", "-1, 0 or 1"),
    (_overboard, "checks.overboard_counts_base.captain", "5", "expected 4 base navigation cards naming it overboard"),
    (_unknown_name, "navigation.base[0].thirsty[0]", "'captian'", "a character id of the data's characters"),
    (_no_size, "characters[3].size", None, "a whole number from 1 to 12"),  # missing: said so, not "found None"
    (_seat_order, "seat_order_from_bow", "['lady_lauren'", "every character id exactly once ('kid' is missing)"),
    (_seat_twice, "seat_order_from_bow", "['lady_lauren'", "every character id exactly once ('kid' is named 2 times)"),
    (_seat_number, "seat_order_from_bow[8]", "3", "a character id (a JSON string)"),  # was a TypeError: exit 1
])
def test_CARD_2_a_wrong_field_is_named(tmp_path: Path, change, field: str, found: str | None,  # type: ignore[no-untyped-def]
                                        expected: str) -> None:
    path = write(tmp_path, _broken(change))
    result = invoke("cards", path)
    assert result.exit_code == 4, result.output
    err = " ".join(result.stderr.split())
    if found is None:
        assert err.startswith(f"lifeboat: [CARD-2] {path}: {field}: missing; expected {expected}; ")
    else:
        assert err.startswith(f"lifeboat: [CARD-2] {path}: {field}: expected ")
        assert f"found {found}" in err and expected in err
    assert "Traceback" not in result.output
    with pytest.raises(CardDataError) as exc:
        check(_broken(change))
    assert exc.value.field == field


@pytest.mark.parametrize(("content", "message"), [
    (b'{"characters": [', ":1: not JSON (Expecting value, column 17)"),
    (b"\xff\xfe", ": the card data file is not UTF-8 text (byte 0)"),
    (b"[" * 100_000, ": the card data file nests JSON too deep to be card data (more than 62 levels: a journal "
                     "header carries a copy of it, and a journal line nests at most 64)"),
    (b"[1, 2]", ": (the whole file): expected a JSON object, found 'list'"),
])
def test_CARD_2_a_file_that_is_not_card_data(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    result = invoke("cards", path)
    assert result.exit_code == 4 and message in result.stderr and "Traceback" not in result.output


def test_CARD_2_a_missing_file(tmp_path: Path) -> None:
    result = invoke("cards", tmp_path / "nope.json")
    assert result.exit_code == 4
    assert f"{tmp_path / 'nope.json'}: cannot read the card data file (No such file or directory)" in result.stderr


def test_CARD_2_every_new_journal_records_the_card_data(tmp_path: Path) -> None:
    digital, recorded = tmp_path / "d.jsonl", tmp_path / "r.jsonl"
    assert invoke("new", digital, "--players", "Ann,Bob,Cy,Dee").exit_code == 0
    rec = CliRunner().invoke(app, ["record", str(recorded), "--players", "Ann,Bob,Cy,Dee"], input="")
    assert rec.exit_code == 0, rec.output
    for game in (digital, recorded):
        assert lines_of(game)[0]["meta"]["card_data"] == CARD_DATA_SHA256
    fork = invoke("fork", digital, "--at", "1", "-o", tmp_path / "f.jsonl")
    assert fork.exit_code == 0, fork.output
    assert lines_of(tmp_path / "f.jsonl")[0]["meta"]["card_data"] == CARD_DATA_SHA256  # a fork keeps its cards


def _made_with(game: Path, value: object) -> None:
    lines = lines_of(game)
    lines[0]["meta"]["card_data"] = value
    game.write_bytes(rechain(lines))


def test_CARD_2_replay_and_audit_say_a_journal_was_made_with_other_card_data(game: Path) -> None:
    other = "ab" * 32
    _made_with(game, other)
    replay = invoke("replay", game)
    assert replay.exit_code == 0, replay.output
    note = (f"made with other card data (sha256 {other[:16]}…) than this lifeboat's (sha256 "
            f"{CARD_DATA_SHA256[:16]}…) [CARD-2]")
    assert replay.stderr.startswith(f"lifeboat: note: {game}: {note}")
    js = invoke("replay", game, "--json")
    assert js.exit_code == 0 and note in js.stderr
    assert all(json.loads(line) for line in js.stdout.splitlines())  # stdout stays JSON lines
    audit = invoke("audit", game, "--json")
    assert audit.exit_code == 0, audit.output  # a note, not a finding: the bundled cards decide the same here
    notes = json.loads(audit.stdout)["files"][0]["notes"]
    assert [n for n in notes if "card data" in n] == [
        note + ": it is checked against this lifeboat's cards, so a card that differs (a survival value, a "
        "navigation card) can change what the rules decide and the scores; replay it with the lifeboat that made it"]
    assert note in " ".join(invoke("audit", game).stdout.split())


def test_CARD_2_the_same_card_data_says_nothing(game: Path) -> None:
    assert lines_of(game)[0]["meta"]["card_data"] == CARD_DATA_SHA256
    assert invoke("replay", game).stderr == ""
    assert not [n for n in json.loads(invoke("audit", game, "--json").stdout)["files"][0]["notes"] if "card data" in n]


def test_CARD_2_a_hash_that_is_not_a_hash(game: Path) -> None:
    _made_with(game, 12)
    assert "made with other card data (12, not a hash)" in invoke("replay", game).stderr


def test_CARD_2_a_game_journal_given_as_card_data_is_named_as_one(tmp_path: Path) -> None:
    """A journal is JSON lines: it said 'not JSON (Extra data, column 1)'; now it says what it is and what to pass."""
    game = tmp_path / "g.jsonl"
    assert run("new", game, "--players", "Ann,Bob,Cy,Dee").returncode == 0
    for args in (("cards", game), ("new", tmp_path / "n.jsonl", "--players", "Ann,Bob,Cy,Dee", "--cards", game)):
        done = run(*args)
        err = " ".join(done.stderr.split())
        assert done.returncode == 4, done.stdout + done.stderr
        assert f"{game}: this looks like a game journal" in err and "not a card data file" in err
        assert "pass a card data file (JSON shaped like lifeboat/data/cards.json)" in err and "Extra data" not in err
    assert not (tmp_path / "n.jsonl").exists()


SHAPE = ("card data is one JSON object shaped like the bundled lifeboat/data/cards.json; correct the file and run the "
         "command again")


@pytest.mark.parametrize(("content", "problem"), [
    (b"not json\n", ":1: not JSON (Expecting value, column 1)"),
    (b'{\n  "characters": [', ":2: not JSON (Expecting value, column 18)"),
    (b"\xff\xfe\x00", ": the card data file is not UTF-8 text (byte 0)"),
    (b"[" * 100_000, ": the card data file nests JSON too deep to be card data (more than 62 levels: a journal "
                     "header carries a copy of it, and a journal line nests at most 64)"),
])
def test_CARD_2_a_file_that_is_not_json_names_the_rule_and_what_to_do(tmp_path: Path, content: bytes,
                                                                     problem: str) -> None:
    """It said ``x.json:1: not JSON (Expecting value, column 1)``: no rule, nothing to do about it."""
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    done = run("cards", path)
    assert (done.returncode, done.stdout, done.stderr) == (4, "", f"lifeboat: [CARD-2] {path}{problem}; {SHAPE}\n")
    game = tmp_path / "g.jsonl"
    done = run("new", game, "--players", "Ann,Bob,Cy,Dee", "--cards", path)  # the same for a table's --cards
    assert (done.returncode, done.stderr) == (4, f"lifeboat: [CARD-2] {path}{problem}; {SHAPE}\n")
    assert not game.exists()


def test_CARD_4_a_journal_of_the_earlier_printing_that_spelled_a_name_otherwise_says_nothing(game: Path) -> None:
    """CARD-4, issue 29: Mrs. Wong's simplified name is 黄夫人 (the data said the traditional 黃夫人), which changed the
    data's hash; a journal made before records the earlier hash and is a game of these same cards."""
    earlier = "95f1e5f6418d25e2e04274a2673fa5067d18703961d92ec23069d6c37c39a29c"
    earlier_data = bundled()
    wong = next(c for c in earlier_data["characters"] if c["id"] == "mrs_wong")
    assert wong["zh"] == ["黄夫人", "黃夫人", "黄女士"]
    wong["zh"] = ["黃夫人", "黄女士"]
    assert data_hash(earlier_data) == earlier != CARD_DATA_SHA256  # only the name differs
    _made_with(game, earlier)
    assert invoke("replay", game).stderr == ""
    assert not [n for n in json.loads(invoke("audit", game, "--json").stdout)["files"][0]["notes"] if "card data" in n]
