"""Fixtures for the notation tests (the helpers themselves live in ``tests/notation/helpers.py``)."""

from __future__ import annotations

import pytest

from lifeboat.state import State
from tests.notation.helpers import table_state


@pytest.fixture
def table() -> State:
    return table_state()
