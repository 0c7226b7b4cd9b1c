"""service.hotseat (issue 14, REF-18): the story since a seat last decided, and passing until something changes
for the seat, on a real recorded game started from a position file."""

from __future__ import annotations

from pathlib import Path

from lifeboat.notation import parse
from lifeboat.service import Table, read_position
from lifeboat.service.live.hotseat import Hotseat
from tests.helpers import write_position

POSITION = """\
phase = "navigation"
round = 1
row_stack = 1
[[characters]]
character = "lady_lauren"
player = "Ann"
hand = ["water", "water"]
[[characters]]
character = "captain"
player = "Cy"
hand = ["water"]
[[characters]]
character = "sir_stephen"
player = "Bob"
hand = ["?"]
[[characters]]
character = "kid"
player = "Dee"
hand = ["?"]
"""


def table_at_thirst(tmp_path: Path) -> Table:
    position = write_position(tmp_path, POSITION, "p.toml")
    table = Table.record_new(tmp_path / "g.jsonl", position=read_position(position))
    table.decide(parse("kid: choose 20", table.state))  # The Kid overboard, then everyone thirsty
    table.close_window()
    assert table.views.public_view().step.kind == "thirst_window"
    return table


def test_a_hold_passes_again_until_something_concerns_the_seat(tmp_path: Path) -> None:
    table = table_at_thirst(tmp_path)
    seats = Hotseat(table)
    table.decide(parse("stephen: pass", table.state))
    seats.decided("sir_stephen")
    seats.hold("sir_stephen")
    assert seats.holds("sir_stephen")
    table.decide(parse("lauren: water captain", table.state))  # re-opens the window (PROC-1), not about Stephen
    assert "sir_stephen" in table.window_seats()
    assert seats.holds("sir_stephen")
    assert [ev.type for ev in seats.story("sir_stephen")] == ["water_given"]
    table.decide(parse("stephen: pass", table.state))
    seats.decided("sir_stephen")
    assert seats.story("sir_stephen") == ()
    table.decide(parse("captain: water stephen", table.state))  # Water given to Stephen: it concerns him
    assert not seats.holds("sir_stephen") and "sir_stephen" not in seats.held


def test_a_hold_ends_with_its_window(tmp_path: Path) -> None:
    table = table_at_thirst(tmp_path)
    seats = Hotseat(table)
    table.decide(parse("stephen: pass", table.state))
    seats.hold("sir_stephen")
    table.close_window()  # thirst counted, the round ends
    assert not seats.holds("sir_stephen")


def test_a_resumed_table_starts_each_story_after_the_seats_own_decision(tmp_path: Path) -> None:
    table = table_at_thirst(tmp_path)
    table.decide(parse("stephen: pass", table.state))
    table.decide(parse("lauren: water captain", table.state))
    again = Hotseat(Table.open(tmp_path / "g.jsonl"))
    assert [ev.type for ev in again.story("sir_stephen")] == ["water_given"]
