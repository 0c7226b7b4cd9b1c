"""Helpers for the journal tests: a stepping clock, a miniature game's commands and events, a header."""

from __future__ import annotations

import msgspec

from journal import Header

T0 = 1_700_000_000_000  # 2023-11-14T22:13:20Z in ms


class StepClock:
    """A clock that starts at T0 and advances 1000 ms per reading; ``now`` is the last reading."""

    def __init__(self, start: int = T0, step: int = 1000) -> None:
        self.now = start - step
        self.step = step

    def __call__(self) -> int:
        self.now += self.step
        return self.now


# A miniature game's commands and events: msgspec tagged unions, as a real game passes them.
class Row(msgspec.Struct, frozen=True, tag="row"):
    seat: str
    strokes: int = 1


class Fight(msgspec.Struct, frozen=True, tag="fight"):
    attacker: str
    defender: str


class Rowed(msgspec.Struct, frozen=True, tag="rowed"):
    seat: str
    distance: int


class Wounded(msgspec.Struct, frozen=True, tag="wounded"):
    seat: str
    wounds: int


Command = Row | Fight
Event = Rowed | Wounded


def make_header(game_id: str = "game-1", **changes: object) -> Header:
    fields: dict[str, object] = dict(game_id=game_id, created_ms=T0, ruleset="standard",
                                     options={"rounds": 4, "variant": None}, players=("alice", "bob", "carol"),
                                     deck_commitment="0" * 64, meta={"table": "kitchen"})
    fields.update(changes)
    return Header(**fields)  # type: ignore[arg-type]
