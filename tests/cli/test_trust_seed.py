"""Issue 13, item 1 and the deck file of item 7: with ``--seed`` only the shuffles follow the seed. The public
numbers (game id, salt in the commitment) come from the OS's CSPRNG, so brute-forcing small seeds against them
finds nothing; the game says it is seeded (the header, ``new``'s output, ``--help``, an audit note); the dealer's
deck file is readable by its owner only."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from lifeboat.cards import CARD_DATA_SHA256
from tests.cli.conftest import invoke

SEEDED_NOTE = ("a seeded game (--seed): its deck orders follow from the seed, so whoever knows or guesses the seed "
               "can predict every card; fine for tests and teaching, not for a game with stakes")


def header(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


def deal(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[1])["command"]


def test_same_seed_same_deal_but_fresh_game_id_salt_and_commitment(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for game in (a, b):
        result = invoke("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", "1")
        assert result.exit_code == 0, result.output
        assert ("Seeded game (--seed 1): anyone who knows or guesses the seed can predict every card. Leave out "
                "--seed for a game that matters.") in result.stdout
    assert deal(a) == deal(b)  # the seed drives the shuffles: a reproducible deal
    ha, hb = header(a), header(b)
    assert ha["game_id"] != hb["game_id"]
    assert ha["deck_commitment"] != hb["deck_commitment"]  # the salt (in the committed orders) is fresh
    salts = {json.loads(p.with_name(p.name + ".deck.json").read_text())["salt"] for p in (a, b)}
    assert len(salts) == 2 and all(len(s) == 32 for s in salts)
    assert ha["meta"] == hb["meta"] == {"chance": "committed", "engine": "lifeboat 0.1", "seeded": True,
                                        "card_data": CARD_DATA_SHA256}


def test_unseeded_game_says_nothing_of_a_seed(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    result = invoke("new", game, "--players", "Ann,Bob,Cy,Dee")
    assert result.exit_code == 0 and "Seeded" not in result.stdout
    assert header(game)["meta"] == {"chance": "committed", "engine": "lifeboat 0.1",
                                    "card_data": CARD_DATA_SHA256}
    audit = invoke("audit", game, "--json")
    assert json.loads(audit.stdout)["files"][0]["notes"] == ["the game is not over"]


def test_audit_notes_a_seeded_game_without_failing(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert invoke("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", "3").exit_code == 0
    audit = invoke("audit", game, "--json")
    assert audit.exit_code == 0, audit.output
    report = json.loads(audit.stdout)["files"][0]
    assert report["findings"] == [] and report["notes"] == [SEEDED_NOTE, "the game is not over"]
    assert f"note: {SEEDED_NOTE}" in " ".join(invoke("audit", game).stdout.split())


def test_help_says_a_seeded_game_is_predictable() -> None:
    for command in ("new", "fork"):
        text = " ".join(invoke(command, "--help").stdout.split())
        assert "predictable" in text, command


def test_deck_files_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert invoke("new", game, "--players", "Ann,Bob,Cy,Dee").exit_code == 0
    child = tmp_path / "f.jsonl"
    assert invoke("fork", game, "--at", "1", "-o", child, "--chance", "reshuffle").exit_code == 0
    for deck in (tmp_path / "g.jsonl.deck.json", tmp_path / "f.jsonl.deck.json"):
        assert stat.S_IMODE(deck.stat().st_mode) == 0o600, deck


def test_new_refuses_an_existing_deck_file(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    stale = tmp_path / "g.jsonl.deck.json"
    stale.write_text("{}")
    result = invoke("new", game, "--players", "Ann,Bob,Cy,Dee")
    assert result.exit_code == 4, result.output
    assert "g.jsonl.deck.json: already exists" in result.output
    assert not game.exists() and stale.read_text() == "{}"
