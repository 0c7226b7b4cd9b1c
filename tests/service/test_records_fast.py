"""``lifeboat.service.to_record`` decodes a journal line's command as JSON (issue 16: half the time of converting it) and
gives exactly what ``msgspec.convert(command, Record)`` gives: the same Record, or the same error. Checked on every
command of the bundled journals and on those commands with a field replaced by any JSON value, dropped or added."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import journal
from lifeboat.service.game.records import Record, to_record

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
COMMANDS = [c.command for path in sorted(EXAMPLES.glob("*.jsonl")) for c in journal.read(path)]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["captain", "kid", "water-3", "pass", "attacker", "row", "chance"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


def reference(command: Any) -> tuple[str, Any]:
    try:
        return "ok", msgspec.convert(command, Record)
    except msgspec.ValidationError as exc:
        return "error", str(exc)


def fast(command: Any) -> tuple[str, Any]:
    try:
        return "ok", to_record(command)
    except msgspec.ValidationError as exc:
        return "error", str(exc)


def test_every_bundled_command_gives_the_same_record() -> None:
    assert len(COMMANDS) > 500
    for command in COMMANDS:
        kind, record = fast(command)
        assert kind == "ok" and type(record) is type(reference(command)[1]) and record == reference(command)[1]


@pytest.mark.parametrize("command, message", [
    ({"type": "pass"}, "Object missing required field `by`"),
    ({"type": "pass", "by": 3}, "Expected `str`, got `int` - at `$.by`"),
    ({"type": "no_such_command"}, "Invalid value 'no_such_command' - at `$.type`"),
    ([1, 2], "Expected `object`, got `array`"),
])
def test_a_line_that_holds_no_command_gives_the_conversion_s_own_error(command: Any, message: str) -> None:
    assert fast(command) == reference(command) == ("error", message)


@settings(max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_command_converts_the_same_both_ways(data: st.DataObject) -> None:
    command = dict(data.draw(st.sampled_from([c for c in COMMANDS if isinstance(c, dict)])))
    for _ in range(data.draw(st.integers(1, 3))):
        op = data.draw(st.sampled_from(["value", "drop", "add"]))
        if op == "value" and command:
            command[data.draw(st.sampled_from(sorted(command)))] = data.draw(JSON)
        elif op == "drop" and command:
            del command[data.draw(st.sampled_from(sorted(command)))]
        else:
            command[data.draw(st.text(max_size=6))] = data.draw(JSON)
    assert fast(command) == reference(command)
