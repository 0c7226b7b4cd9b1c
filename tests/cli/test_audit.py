"""``lifeboat audit``: a tamper corpus made from a real bot game, each tamper found at its line with its check;
an untouched game is clean; unreadable files and usage mistakes get a message and their exit code."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

import journal
from lifeboat.service import replay
from lifeboat import apply
from tests.helpers import unreadable


def audit_json(lb: SimpleNamespace, *args: Any) -> tuple[int, dict[str, Any]]:
    result = lb.run("audit", *args, "--json")
    return result.exit_code, json.loads(result.stdout)


def triples(doc: dict[str, Any], index: int = 0) -> list[tuple[int | None, str, str]]:
    return [(f["line"], f["check"], f["rule"]) for f in doc["files"][index]["findings"]]


def first_line(lines: list[dict[str, Any]], pred) -> int:  # type: ignore[no-untyped-def]
    """The index (0-based; the file line is index + 1) of the first commit matching ``pred``."""
    return next(i for i, d in enumerate(lines) if i > 0 and pred(d))


def is_row(d: dict[str, Any]) -> bool:
    return d["command"]["type"] == "row"


def has_wound(d: dict[str, Any]) -> bool:
    return any(e["type"] == "wounded" and e["amount"] > 0 for e in d["events"])


# ---- the tamper corpus ------------------------------------------------------------------------------------------
# Each case edits the game's lines and returns (bytes to write, the exact findings expected).


def edit_a_wound(lines, lb):  # type: ignore[no-untyped-def]
    i = first_line(lines, has_wound)
    for event in lines[i]["events"]:
        if event["type"] == "wounded":
            event["amount"] = 0
            break
    return lb.rechain(lines), [(i + 1, "legality", "EVENTS")]


def remove_a_wound_event(lines, lb):  # type: ignore[no-untyped-def]
    i = first_line(lines, has_wound)
    lines[i]["events"] = [e for e in lines[i]["events"] if e["type"] != "wounded"]
    return lb.rechain(lines), [(i + 1, "legality", "EVENTS")]


def reveal_other_orders(lines, lb):  # type: ignore[no-untyped-def]
    nav = lines[-1]["command"]["orders"]["navigation"]
    nav[0], nav[1] = nav[1], nav[0]
    return lb.rechain(lines), [(len(lines), "commitment", "CHANCE-2")]


def insert_an_illegal_move(lines, lb):  # type: ignore[no-untyped-def]
    i = first_line(lines, is_row)
    rower = lines[i]["command"]["by"]
    dealt = lines[1]["events"][0]
    other = next(c for c in dealt["characters"] if c != rower)
    forged = dict(lines[i], command={"type": "row", "by": other},
                  actor=dealt["players"][dealt["characters"].index(other)])
    return lb.rechain(lines[:i] + [forged] + lines[i:]), [(i + 1, "legality", "ACT-1")]


def truncate_the_tail(lines, lb):  # type: ignore[no-untyped-def]
    return lb.rechain(lines)[:-40], [(len(lines), "structure", "JOURNAL-TORN")]


def cut_the_last_line(lines, lb):  # type: ignore[no-untyped-def]
    # a cut at a line boundary leaves a valid chain; the missing reveal of a finished game gives it away
    return lb.rechain(lines[:-1]), [(len(lines), "commitment", "CHANCE-2")]


def edit_without_rechaining(lines, lb):  # type: ignore[no-untyped-def]
    raw = lb.rechain(lines).splitlines(keepends=True)
    i = first_line(lines, has_wound)
    raw[i] = raw[i].replace(b'"amount":1', b'"amount":0', 1)
    return b"".join(raw), [(i + 1, "structure", "JOURNAL-TAMPERED"), (i + 1, "legality", "EVENTS")]


def edit_the_header_without_rechaining(lines, lb):  # type: ignore[no-untyped-def]
    raw = lb.rechain(lines).splitlines(keepends=True)
    raw[0] = raw[0].replace(b'"created_ms":', b'"created_ms":1', 1)
    return b"".join(raw), [(1, "structure", "JOURNAL-TAMPERED")]


EXACT = [edit_a_wound, remove_a_wound_event, reveal_other_orders, insert_an_illegal_move, truncate_the_tail,
         cut_the_last_line, edit_without_rechaining, edit_the_header_without_rechaining]


@pytest.mark.parametrize("tamper", EXACT, ids=lambda f: f.__name__)
def test_tamper_is_found_at_its_line(tamper, game: Path, lb: SimpleNamespace) -> None:  # type: ignore[no-untyped-def]
    data, expected = tamper(lb.lines(game), lb)
    bad = lb.copy(game, game.with_name("bad.jsonl"))  # with the dealer's deck file
    bad.write_bytes(data)
    code, doc = audit_json(lb, bad)
    assert code == 5
    assert triples(doc) == expected
    assert doc["clean"] is False and doc["findings"] == len(expected)


def test_untouched_game_is_clean_and_scored(game: Path, lb: SimpleNamespace) -> None:
    code, doc = audit_json(lb, game)
    assert code == 0
    report = doc["files"][0]
    assert report["findings"] == [] and doc["clean"] is True
    assert report["over"] is True and "revealed deck orders" in report["chance"]
    assert report["lines"] == len(lb.lines(game))
    score = json.loads(lb.run("score", game, "--json").stdout)
    assert report["scores"] == score["scores"]
    assert report["winners"] == score["winners"]
    for s in report["scores"]:
        assert s["total"] == s["survival"] + s["treasure"] + s["love"] + s["hate"]


def test_rewritten_line_before_a_receipt(game: Path, lb: SimpleNamespace) -> None:
    token = lb.run("receipt", game, "--as", "Ann", "--at", "100").stdout.strip()
    lines = lb.lines(game)
    lines[30]["at_ms"] += 1  # a rewrite the rules cannot see: only the receipt can
    game.write_bytes(lb.rechain(lines))
    code, doc = audit_json(lb, game)
    assert code == 0  # the rewritten journal is self-consistent...
    code, doc = audit_json(lb, game, "--receipt", token)
    assert code == 5  # ...but not the one Ann's receipt saw
    assert triples(doc) == [(101, "receipt", "RECEIPT-LINE")]
    assert doc["files"][0]["receipts"][0]["ok"] is False


def test_forged_draw_is_found_and_the_audit_goes_on_with_the_committed_card(game: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    with journal.JsonlJournal.open(game) as j:
        step = next(s for s in replay(j, str(game)) if s.commit.command["type"] == "draw_navigation")
    # a careful forger: another card of the unseen deck, and the consequences the rules give for it
    other = next(c for c in step.before.nav_unseen if c not in step.record.cards)
    forged = msgspec.structs.replace(step.record, cards=(other,) + step.record.cards[1:])
    _, events = apply(step.before, forged)
    lines[step.commit.seq]["command"] = msgspec.to_builtins(forged)
    lines[step.commit.seq]["events"] = msgspec.to_builtins(events)
    game.write_bytes(lb.rechain(lines))
    code, doc = audit_json(lb, game)
    assert code == 5
    assert triples(doc) == [(step.commit.line, "chance", "CHANCE-2")]
    finding = doc["files"][0]["findings"][0]
    assert other in finding["found"] and step.record.cards[0] in finding["expected"]


@pytest.mark.parametrize("renumber", [True, False])
def test_removed_or_reordered_commit_is_found_where_it_was(game: Path, lb: SimpleNamespace, renumber: bool) -> None:
    lines = lb.lines(game)
    i = first_line(lines, is_row)
    swapped = lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:]
    for name, tampered in (("removed", lines[:i] + lines[i + 1:]), ("reordered", swapped)):
        bad = game.with_name(f"{name}.jsonl")
        bad.write_bytes(lb.rechain(tampered, renumber=renumber))
        code, doc = audit_json(lb, bad)
        assert code == 5
        found = triples(doc)
        # the draw that now comes before its Row is refused at the Row's line; what follows is its echo
        first = (i + 1, "structure", "JOURNAL-TAMPERED") if not renumber else (i + 1, "legality", "CHANCE-1")
        assert found[0] == first, name
        assert all(line >= i + 1 for line, _, _ in found)
        assert (i + 1, "legality", "CHANCE-1") in found


def test_only_the_first_refused_line_says_what_it_should_be(game: Path, lb: SimpleNamespace) -> None:
    """A removed Row: the draw after it is refused, saying what the game waited for there (the Captain's move);
    the lines after that are refused as its echo and say so, with no expectation, since what they should be cannot
    be known — not "a move by captain" again for each (a draw line among them)."""
    lines = lb.lines(game)
    i = first_line(lines, is_row)
    game.write_bytes(lb.rechain(lines[:i] + lines[i + 1:]))
    code, doc = audit_json(lb, game)
    assert code == 5
    first, *echoes = doc["files"][0]["findings"]
    from lifeboat.cards import CHARACTERS

    rower = CHARACTERS[lines[i]["command"]["by"]].en  # by name ('a move by lady_lauren' named the id)
    rower = "the " + rower[4:] if rower.startswith("The ") else rower
    assert (first["line"], first["rule"], first["expected"]) == (i + 1, "CHANCE-1", f"a move by {rower}")
    assert len(echoes) == 7 and [f["line"] for f in echoes] == list(range(i + 2, i + 9))
    assert any(json.loads(f["found"])["type"] == "draw_navigation" for f in echoes)  # a chance line among them
    for f in echoes:
        assert f["expected"] is None
        assert f["message"].endswith(f"(after the refused line {i + 1}, perhaps its echo: what this line should be "
                                     "cannot be known)")
    text = lb.run("audit", game).output
    assert text.count("it should say:") == 1


def test_revealed_orders_changed_without_a_deck_file(game: Path, lb: SimpleNamespace) -> None:
    data, expected = reveal_other_orders(lb.lines(game), lb)
    game.write_bytes(data)
    game.with_name(game.name + ".deck.json").unlink()
    code, doc = audit_json(lb, game)
    assert code == 5 and triples(doc) == expected
    assert doc["files"][0]["chance"].startswith("draws not checked")


def test_a_garbage_line_stops_the_reading_but_what_came_before_is_audited(game: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    i = first_line(lines, has_wound)
    for event in lines[i]["events"]:
        if event["type"] == "wounded":
            event["amount"] = 0
            break
    raw = lb.rechain(lines).splitlines(keepends=True)
    raw[i + 5] = b"not json at all\n"
    game.write_bytes(b"".join(raw))
    code, doc = audit_json(lb, game)
    assert code == 5
    assert triples(doc) == [(i + 1, "legality", "EVENTS"), (i + 6, "structure", "JOURNAL-CORRUPT")]
    assert doc["files"][0]["lines"] == i + 6


def test_the_finding_says_what_the_journal_says_and_what_it_should(game: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    data, [(line, _, _)] = edit_a_wound(lines, lb)
    game.write_bytes(data)
    wound = next(e for e in lines[line - 1]["events"] if e["type"] == "wounded")
    code, doc = audit_json(lb, game)
    finding = doc["files"][0]["findings"][0]
    assert json.loads(finding["found"]) == wound  # amount 0, as edited
    assert json.loads(finding["expected"]) == dict(wound, amount=1)
    assert finding["seq"] == line - 1
    result = lb.run("audit", game)
    assert result.exit_code == 5
    text = result.output
    assert "1 finding(s)" in text
    assert f"line {line:>5}  legality [EVENTS]" in text
    assert f"the journal says: {finding['found']}" in text and f"it should say:    {finding['expected']}" in text
    assert "Scores recomputed from the final state" in text


def test_many_files_with_a_summary(finished_game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    games = [lb.copy(finished_game, tmp_path / f"table{n}.jsonl") for n in range(3)]
    lb.make_game(tmp_path / "table3.jsonl", 11)
    games.append(tmp_path / "table3.jsonl")
    data, _ = edit_a_wound(lb.lines(games[1]), lb)
    games[1].write_bytes(data)
    code, doc = audit_json(lb, *games)
    assert code == 5
    assert [len(f["findings"]) for f in doc["files"]] == [0, 1, 0, 0]
    result = lb.run("audit", *games)
    assert result.exit_code == 5
    assert "Audit summary" in result.output and "4 file(s): 3 clean, 1 with findings" in result.output
    clean = lb.run("audit", games[0], games[2], games[3])
    assert clean.exit_code == 0


@pytest.mark.parametrize("kind", ["missing", "directory", "empty", "binary", "newer", "other game"])
def test_unreadable_files_exit_4_without_traceback(kind: str, game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    target = tmp_path / "bad.jsonl"
    if not unreadable(target, kind):
        lines = lb.lines(game)
        if kind == "newer":
            lines[0]["version"] = 99
        else:
            lines[0]["ruleset"] = "chess"
        target.write_bytes(lb.rechain(lines))
    result = lb.run("audit", target)
    assert result.exit_code == 4, result.output
    assert "bad.jsonl" in result.output and "Traceback" not in result.output
    both = lb.run("audit", game, target, "--json")
    assert both.exit_code == 4  # an unreadable file outweighs findings
    assert [f["readable"] for f in json.loads(both.stdout)["files"]] == [True, False]


def test_usage_mistakes_exit_2(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    for args, words in (
        (["--receipt", "LBR1.nonsense"], "not a receipt"),
        (["--receipt", str(tmp_path / "nope.txt")], "no such file"),
        (["--parent", str(tmp_path / "nope.jsonl")], "no such file"),
    ):
        result = lb.run("audit", game, *args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output and "Traceback" not in result.output
    assert lb.run("audit").exit_code == 2
