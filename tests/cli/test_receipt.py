"""``lifeboat receipt``: the token's parts are real hashes of the file and of the seat's view; an audit with the
receipt shows what the seat knew and catches a journal rewritten or cut before the receipt's line."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from types import SimpleNamespace

import msgspec
import pytest

import journal
from lifeboat.service import final_state, replay
from lifeboat.views import seat_view
from tests.helpers import run

TOKEN = re.compile(r"^LBR1\.([0-9a-f]+)\.(\d+)\.([a-z_]+)\.([0-9a-f]{32})\.([0-9a-f]{16})$")


def receipt(lb: SimpleNamespace, game: Path, *args: object) -> str:
    result = lb.run("receipt", game, *args)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def seat_and_view_at(game: Path, seq: int, player: str):  # type: ignore[no-untyped-def]
    with journal.JsonlJournal.open(game) as j:
        log = []
        for step in replay(j, str(game)):
            log.extend(step.events)
            if step.commit.seq == seq:
                seat = step.after.character_of(player)
                return seat, seat_view(step.after, tuple(log), seat, legal=False)
    raise AssertionError(seq)


def test_token_parts_are_the_line_hash_and_the_view_hash(game: Path, lb: SimpleNamespace) -> None:
    token = receipt(lb, game, "--as", "Bob", "--at", "60")
    m = TOKEN.match(token)
    assert m, token
    lines = lb.lines(game)
    seat, view = seat_and_view_at(game, 60, "Bob")
    assert m.groups() == (lines[0]["game_id"], "60", seat, lines[60]["hash"][:32],
                          hashlib.sha256(msgspec.json.encode(view)).hexdigest()[:16])
    # the seat by character id gives the same receipt; another seat the same line but another view
    assert receipt(lb, game, "--as", seat, "--at", "60") == token
    other = receipt(lb, game, "--as", "Cy", "--at", "60").split(".")
    assert other[4] == m.group(4) and other[5] != m.group(5)
    # no --at: the last commit
    last = TOKEN.match(receipt(lb, game, "--as", "Bob"))
    assert last and int(last.group(2)) == len(lines) - 1


def test_audit_with_receipts_shows_what_the_seat_knew(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    tokens = [receipt(lb, game, "--as", who, "--at", at) for who, at in (("Ann", "40"), ("Dee", "90"))]
    kept = tmp_path / "my-receipts.txt"
    kept.write_text(f"# kept by Ann and Dee\n{tokens[0]}   # after round 2\n\n{tokens[1]}\n")
    result = lb.run("audit", game, "--receipt", kept, "--json")
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)["files"][0]["receipts"]
    assert [(r["token"], r["ok"]) for r in got] == [(tokens[0], True), (tokens[1], True)]
    seat, view = seat_and_view_at(game, 40, "Ann")
    assert got[0]["seat"] == seat and got[0]["view"]["hand"] == list(view.hand)
    assert got[0]["view"]["love"] == view.love and got[0]["view"]["viewer"] == seat
    text = lb.run("audit", game, "--receipt", tokens[0]).output
    assert "matches the journal" in text and "what " in text and "knew then" in text


def test_cut_before_the_receipt_is_found(game: Path, lb: SimpleNamespace) -> None:
    token = receipt(lb, game, "--as", "Ann", "--at", "120")
    lines = lb.lines(game)
    game.write_bytes(lb.rechain(lines[:100]))  # a clean cut at a line boundary: only the receipt knows
    result = lb.run("audit", game, "--receipt", token, "--json")
    assert result.exit_code == 5
    findings = json.loads(result.stdout)["files"][0]["findings"]
    assert [(f["line"], f["check"], f["rule"]) for f in findings] == [(101, "receipt", "RECEIPT-MISSING")]


def test_forged_or_foreign_receipts(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    token = receipt(lb, game, "--as", "Ann", "--at", "40")
    forged = token[:-16] + ("0" * 16 if not token.endswith("0" * 16) else "1" * 16)
    result = lb.run("audit", game, "--receipt", forged, "--json")
    assert result.exit_code == 5
    assert [(f["line"], f["rule"]) for f in json.loads(result.stdout)["files"][0]["findings"]] == [
        (41, "RECEIPT-VIEW")]
    other = lb.make_game(tmp_path / "other.jsonl", 21)
    foreign = receipt(lb, other, "--as", "Ann", "--at", "40")
    result = lb.run("audit", game, "--receipt", foreign, "--json")
    assert result.exit_code == 5
    assert [f["rule"] for f in json.loads(result.stdout)["files"][0]["findings"]] == ["RECEIPT-GAME"]
    # with both games audited, each receipt finds its own game
    both = lb.run("audit", game, other, "--receipt", foreign, "--receipt", token, "--json")
    assert both.exit_code == 0, both.output


@pytest.mark.parametrize("args, code, words", [
    (["--as", "Zed"], 2, "unknown seat"),
    (["--as", "public"], 2, "one seat"),
    (["--as", "Ann", "--at", "0"], 2, "--at 0"),
    (["--as", "Ann", "--at", "100000"], 2, "--at 100000"),
])
def test_receipt_mistakes(game: Path, lb: SimpleNamespace, args: list[str], code: int, words: str) -> None:
    result = lb.run("receipt", game, *args)
    assert result.exit_code == code, result.output
    assert words in result.output and "Traceback" not in result.output


def test_an_unknown_receipt_seat_lists_only_the_seats_a_receipt_takes(game: Path) -> None:
    """``receipt --as zed`` listed ``public`` and ``referee`` among the choices, which it then refuses (a receipt is
    for one seat): the choices are the seats only. ``replay --as`` still lists the audiences it takes."""
    from lifeboat.cards import CHARACTERS

    seats = ", ".join(f"{ch.player} ({CHARACTERS[ch.character].en})" for ch in final_state(game).characters)
    done = run("receipt", game, "--as", "zed")
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", f"lifeboat: unknown seat 'zed' for --as; expected one of: {seats}\n")
    replayed = run("replay", game, "--as", "zed")
    assert replayed.returncode == 2
    assert replayed.stderr == f"lifeboat: unknown seat 'zed' for --as; expected one of: public, referee, {seats}\n"


def test_receipt_of_a_missing_or_broken_file(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    result = lb.run("receipt", tmp_path / "nope.jsonl", "--as", "Ann")
    assert result.exit_code == 4 and "nope.jsonl" in result.output
    raw = game.read_bytes().splitlines(keepends=True)
    raw[10] = raw[10].replace(b'"at_ms":', b'"at_ms":1', 1)
    game.write_bytes(b"".join(raw))
    result = lb.run("receipt", game, "--as", "Ann")
    assert result.exit_code == 4 and "game.jsonl:11" in result.output
