"""NOTATION-1: the text notation refuses a line that is not exactly one command (details: tests of the notation)."""

from __future__ import annotations

import pytest

from lifeboat.errors import InvalidCommand

from .gwt import deal, given


def test_NOTATION_1_a_line_that_is_no_command_is_refused() -> None:
    """NOTATION-1: an unknown verb is an InvalidCommand citing NOTATION-1."""
    notation = pytest.importorskip("lifeboat.notation")
    with pytest.raises(InvalidCommand) as info:
        notation.parse("captain: frobnicate", given(deal()))
    assert info.value.rule == "NOTATION-1"
