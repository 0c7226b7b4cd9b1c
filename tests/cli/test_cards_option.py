"""CARD-3 through the real CLI, in subprocesses: ``--cards FILE`` for ``new``, ``play`` and ``record``; a bad file
is refused naming the file and the field, with nothing written; a journal made with a table's own card data
carries a copy in its header and replays, audits, scores and forks in a fresh process where the file is gone;
``record``, ``show`` and ``replay`` name its cards as it prints them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import lines_of, rechain
from tests.helpers import EXE

DATA = Path(__file__).resolve().parents[2] / "lifeboat" / "data" / "cards.json"
DOUBLER = {"lady_lauren": "jewels", "sir_stephen": "painting", "captain": "cash"}  # SCORE-1


def lifeboat(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([EXE, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)


def printing() -> dict[str, Any]:
    """Another printing: the Kid is size 6 (3 in the bundled data), a Cash is worth 5 (1)."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    next(ch for ch in raw["characters"] if ch["id"] == "kid")["size"] = 6
    next(p for p in raw["provisions"]["base"] if p["id"] == "cash")["points"] = 5
    return raw


@pytest.fixture(scope="module")
def own_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished bot game made with ``new --cards mine.json``; the card file is deleted afterwards."""
    where = tmp_path_factory.mktemp("own")
    (where / "mine.json").write_text(json.dumps(printing(), indent=1), encoding="utf-8")
    new = lifeboat("new", "g.jsonl", "--players", "Ann,Bob,Cy,Dee", "--seed", "11", "--cards", "mine.json", cwd=where)
    assert new.returncode == 0, new.stderr
    assert "with the card data of mine.json" in new.stdout
    play = lifeboat("play", "g.jsonl", "--bots", "all", "--seed", "11", cwd=where)
    assert play.returncode == 0, play.stderr
    (where / "mine.json").unlink()
    return where / "g.jsonl"


def test_CARD_3_the_header_names_the_printing_and_carries_a_copy(own_game: Path) -> None:
    """CARD-3: ``options.card_data`` and ``meta.card_data`` are the printing's SHA-256; ``meta.cards`` is the data."""
    header = lines_of(own_game)[0]
    from lifeboat.card_data import data_hash

    sha = data_hash(printing())
    assert header["options"]["card_data"] == sha and header["meta"]["card_data"] == sha
    assert header["meta"]["cards"] == printing()


def test_CARD_3_a_journal_of_another_printing_replays_and_audits_where_the_file_is_absent(
        own_game: Path, tmp_path: Path) -> None:
    """CARD-3: in another folder, in fresh processes, without mine.json: replay and audit are clean and say
    nothing of other card data (the journal carries its own)."""
    copy = tmp_path / "copy.jsonl"
    shutil.copyfile(own_game, copy)
    audit = lifeboat("audit", copy, cwd=tmp_path)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "clean" in audit.stdout and "CARD-2" not in audit.stdout
    replay = lifeboat("replay", copy, cwd=tmp_path)
    assert replay.returncode == 0 and replay.stderr == "", replay.stderr


def test_CARD_3_SCORE_1_the_score_uses_the_game_s_printing(own_game: Path, tmp_path: Path) -> None:
    """CARD-3, SCORE-1: each player's treasure is counted with a Cash worth 5 (doubled for the Captain), and a
    dead HATE character scores its printed size (the Kid's 6)."""
    copy = tmp_path / "copy.jsonl"
    shutil.copyfile(own_game, copy)
    done = lifeboat("score", copy, "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sheet = json.loads(done.stdout)
    final = json.loads(lifeboat("show", copy, "--as", "referee", "--json", cwd=tmp_path).stdout)
    painting, jewels, size = {"painting-1": 3, "painting-2": 3, "painting-3": 2}, {0: 0, 1: 1, 2: 4, 3: 8}, {}
    for ch in printing()["characters"]:
        size[ch["id"]] = ch["size"]
    secrets = {s["character"]: s for s in final["secrets"]}
    for row in sheet["scores"]:
        me = next(ch for ch in final["characters"] if ch["character"] == row["character"])
        cards = list(secrets[row["character"]]["hand"]) + list(me["face_up"])
        double = DOUBLER.get(row["character"])
        cash = 5 * sum(x.startswith("cash-") for x in cards) * (2 if double == "cash" else 1)
        art = sum(painting.get(x, 0) for x in cards) * (2 if double == "painting" else 1)
        gems = jewels[min(3, sum(x.startswith("jewels-") for x in cards))] * (2 if double == "jewels" else 1)
        assert row["treasure"] == ((cash + art + gems) if me["in_boat"] else 0), row
        hate = secrets[row["character"]]["hate"]
        if hate != row["character"] and row["hate"]:
            assert row["hate"] == size[hate], row


def test_CARD_3_a_fork_keeps_the_printing(own_game: Path, tmp_path: Path) -> None:
    """CARD-3: a fork's header is its parent's: it carries the copy, and replays and audits clean."""
    copy = tmp_path / "copy.jsonl"
    shutil.copyfile(own_game, copy)
    fork = lifeboat("fork", copy, "--at", "40", "-o", "f.jsonl", cwd=tmp_path)
    assert fork.returncode == 0, fork.stderr
    assert lines_of(tmp_path / "f.jsonl")[0]["meta"]["cards"] == printing()
    audit = lifeboat("audit", "f.jsonl", "--parent", copy, cwd=tmp_path)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_CARD_3_a_copy_that_does_not_match_its_hash_is_refused_at_line_1(own_game: Path, tmp_path: Path) -> None:
    """CARD-3: a header whose copy was edited (the Kid made size 12) and the chain forged again no longer matches
    the hash its options name: replay refuses it at line 1."""
    lines = lines_of(own_game)
    next(ch for ch in lines[0]["meta"]["cards"]["characters"] if ch["id"] == "kid")["size"] = 12
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(rechain(lines))
    done = lifeboat("replay", forged, cwd=tmp_path)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "forged.jsonl:1:" in done.stderr and "[CARD-3]" in done.stderr


@pytest.mark.parametrize("command", [("new", "--players", "Ann,Bob,Cy,Dee"), ("record", "--players", "Ann,Bob,Cy,Dee"),
                                     ("play", "--players", "Ann,Bob,Cy,Dee", "--bots", "all")])
def test_CARD_2_CARD_3_a_bad_card_file_is_refused_naming_file_and_field_and_nothing_is_written(
        command: tuple[str, ...], tmp_path: Path) -> None:
    """CARD-2: a size out of range; CARD-3: a character this lifeboat does not know. Each names the file and the
    field; exit 4; no game file and no deck file."""
    bad = printing()
    bad["characters"][0]["size"] = 40
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    other = json.loads(json.dumps(printing()).replace('"frenchy"', '"french_guy"'))
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    verb, *rest = command
    done = lifeboat(verb, "g.jsonl", *rest, "--cards", "bad.json", cwd=tmp_path)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "[CARD-2] bad.json: characters[0].size: expected a whole number from 1 to 12, found 40" in done.stderr
    done = lifeboat(verb, "g.jsonl", *rest, "--cards", "other.json", cwd=tmp_path)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "[CARD-3] other.json: characters[" in done.stderr and "'french_guy'" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "other.json"]


def test_CARD_2_a_character_id_changed_in_one_place_is_named_with_the_id_expected(tmp_path: Path) -> None:
    """``characters[0].id`` made ``godzilla`` (the seat order and the navigation cards still say ``lady_lauren``)
    was reported as a ``seat_order_from_bow`` problem quoting the unchanged order; it names the character's id, what
    it is and what the rest of the data expects. A typo in the seat order itself is still the seat order's."""
    changed = printing()
    changed["characters"][0]["id"] = "godzilla"
    (tmp_path / "god.json").write_text(json.dumps(changed, indent=1), encoding="utf-8")
    for args in (("cards", "god.json"), ("new", "g.jsonl", "--players", "Ann,Bob,Cy,Dee", "--cards", "god.json")):
        done = lifeboat(*args, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (4, ""), done.stderr
        assert done.stderr == (
            "lifeboat: [CARD-2] god.json: characters[0].id: expected 'lady_lauren' (seat_order_from_bow and the "
            "navigation cards name it; no character has it), found 'godzilla'; correct that field (the bundled "
            "lifeboat/data/cards.json shows the shape)\n")
    typo = printing()
    typo["seat_order_from_bow"][-1] = "kidd"
    (tmp_path / "kidd.json").write_text(json.dumps(typo, indent=1), encoding="utf-8")
    done = lifeboat("cards", "kidd.json", cwd=tmp_path)
    assert done.returncode == 4 and done.stderr.startswith(
        "lifeboat: [CARD-2] kidd.json: seat_order_from_bow: expected every character id exactly once ('kidd' is no "
        "character's id; 'kid' is missing), found ['lady_lauren', ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["god.json", "kidd.json"]


POSITION = {"phase": "navigation", "round": 1, "characters": [  # POS-1, as JSON: the navigation card is turned next
    {"character": "lady_lauren", "player": "Ann", "hand": ["painting", "?"]},
    *({"character": ch, "player": p, "hand": ["?"]}
      for ch, p in (("captain", "Cy"), ("sir_stephen", "Bob"), ("kid", "Dee")))]}


def test_CARD_3_NAV_3_record_show_and_replay_name_cards_as_the_game_prints_them(tmp_path: Path) -> None:
    """CARD-3, NAV-3: a printing whose Paintings are worth 5, 5 and 4 (3, 3, 2 in the bundled data) and whose every
    navigation card makes only the Captain thirsty (Navigation 28: everyone). ``record`` (its story and status
    line), ``show`` and ``replay`` (their tables) name the Painting and tell Navigation 28's contents as this game
    prints them: each command is handed the game's card set, none reads a process-wide one."""
    raw = printing()
    next(p for p in raw["provisions"]["base"] if p["id"] == "painting")["points_each"] = [5, 5, 4]
    for nav in raw["navigation"]["base"]:
        nav["thirsty"] = ["captain"]
    (tmp_path / "mine.json").write_text(json.dumps(raw), encoding="utf-8")
    (tmp_path / "p.json").write_text(json.dumps(POSITION), encoding="utf-8")
    rec = subprocess.run([EXE, "record", "r.jsonl", "--position", "p.json", "--cards", "mine.json"], cwd=tmp_path,
                         input="chance: nav 28\n", capture_output=True, text=True, timeout=120)
    assert rec.returncode == 0, rec.stderr
    nav28 = "Navigation 28 (Lady Lauren overboard · The Captain thirsty · rowers thirsty · seagull −1)"
    assert rec.stdout.splitlines()[1:4] == [f"  The unseen card ?n1 is {nav28}.",
                                            f"  The top navigation card is turned: {nav28}.",
                                            "  It is the navigation card of the round."]
    assert "[round 1] Overboard: Lady Lauren. Play a card or pass. · waiting for" in rec.stdout
    (tmp_path / "mine.json").unlink()  # the journal carries its copy
    for command in (["show", "r.jsonl", "--as", "referee"], ["replay", "r.jsonl", "--as", "referee"]):
        done = lifeboat(*command, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[-6:-3] == [
            f"Face up: {nav28}", "Now: Overboard: Lady Lauren. Play a card or pass.",
            "Lady Lauren: hand Painting (5), an unknown card · LOVE ? · HATE ?"], command
