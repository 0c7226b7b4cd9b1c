"""`lifeboat replay` is strict: the first commit that is illegal (exit 3) or whose recorded consequences differ
(exit 4) stops it with path:line and the rule id, even when the tamperer re-chained every hash."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from tests.cli.test_audit import first_line, has_wound, insert_an_illegal_move


def test_an_illegal_move_with_valid_hashes_stops_replay_with_exit_3(game: Path, lb: SimpleNamespace) -> None:
    forged, [(line, _, rule)] = insert_an_illegal_move(lb.lines(game), lb)
    game.write_bytes(forged)
    result = lb.run("replay", str(game))
    assert result.exit_code == 3, result.output
    assert rule == "ACT-1" and f"{game.name}:{line}: [ACT-1]" in result.output
    assert "Traceback" not in result.output


def test_an_edited_wound_with_valid_hashes_stops_replay_with_exit_4(game: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    i = first_line(lines, has_wound)
    for ev in lines[i]["events"]:
        if ev["type"] == "wounded":
            ev["amount"] += 1
            break
    game.write_bytes(lb.rechain(lines))
    result = lb.run("replay", str(game))
    assert result.exit_code == 4, result.output
    assert f"{game.name}:{i + 1}: [EVENTS]" in result.output


def test_an_unknown_seat_is_a_usage_error_listing_the_seats(game: Path, lb: SimpleNamespace) -> None:
    result = lb.run("replay", str(game), "--as", "Zelda")
    assert result.exit_code == 2
    assert "unknown seat 'Zelda'" in result.output and "Ann (" in result.output
