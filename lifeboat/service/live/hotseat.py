"""Hotseat bookkeeping for one table shared by several seats at one keyboard (``lifeboat play``; issue 14).

Two operations a front end needs to let a table follow a game:

- **the story since a seat last decided**: :meth:`Hotseat.story` is every event after that seat's last decision
  as the seat saw it (the public story and what it privately learned: a card drawn, mugged, passed), from the
  views (PROC-5), so it can say no more than the seat may know;
- **passing "until something changes for me"** in a window (fight, overboard, thirst, an objection to
  Cannibalism: PROC-1): :meth:`Hotseat.hold` remembers the wish; :meth:`Hotseat.holds` then says the seat passes
  again without being asked, until the window closes or a join, reveal or play concerns the seat
  (:func:`concerns`). The pass is still the seat's own decision, written to the journal like any other (REF-18).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lifeboat.service.game.table import Table

#: Events that open or close a window: a hold made before one of them is over (the window it was made in ended).
WINDOW_EDGES = frozenset({
    "fight_started", "fight_resolved", "went_overboard", "thirst_counted", "cannibalism_declared",
    "objected_to_cannibalism", "body_eaten", "round_started", "navigation_card_revealed", "game_ended",
    "action_turn_started", "navigation_phase_started",
})

#: Joins, reveals and plays inside a window (PROC-1: each re-opens it).
WINDOW_PLAYS = frozenset({
    "fight_joined", "card_revealed", "life_preserver_thrown", "chum_expended", "water_given", "medical_kit_used",
    "parasol_opened", "flare_gun_fired", "wounded", "healed",
})

#: Events that record a seat's own decision (its ``character``), to find where a resumed seat's story starts.
DECISIONS = frozenset({
    "provision_kept", "did_nothing", "rowed", "rowed_cards_placed", "seat_change_declared", "mug_declared",
    "answered", "fight_joined", "passed", "card_revealed", "flare_gun_fired", "parasol_opened", "medical_kit_used",
    "trade_offered", "compass_used", "navigation_card_chosen", "life_preserver_thrown", "chum_expended",
    "water_given", "cannibalism_declared", "objected_to_cannibalism",
})

WINDOWS = frozenset({"fight", "overboard_window", "thirst_window", "cannibalism_objection"})


def _mentions(value: Any, who: str) -> bool:
    if isinstance(value, str):
        return value == who
    if isinstance(value, dict):
        return any(_mentions(v, who) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_mentions(v, who) for v in value)
    return False


def concerns(event: Any, seat: str, step: Any) -> bool:
    """True when ``event`` (an :class:`lifeboat.views.EventView`) is a join, reveal or play in a window that
    concerns ``seat`` (a character id): it names the seat (a Water given to it, a Life Preserver thrown to it, a
    wound it took), or the seat takes part in the window ``step`` (a :class:`lifeboat.views.StepView`: a fighter
    in the fight, a character in the water, a thirsty one) and the balance changed (any join or reveal in a fight,
    Chum in the water)."""
    if event.type not in WINDOW_PLAYS:
        return False
    if _mentions(event.data, seat):
        return True
    if step.kind == "fight":
        return _mentions(step.data.get("attackers"), seat) or _mentions(step.data.get("defenders"), seat)
    if step.kind == "overboard_window":
        return event.type == "chum_expended" and _mentions(step.data.get("overboard"), seat)
    return False


@dataclass
class Hotseat:
    """The seats' bookkeeping at one table: ``last[seat]`` is the number of events the seat had seen when it last
    decided (0: never), ``held[seat]`` the event count when it chose to pass until something changes for it."""

    table: Table
    last: dict[str, int] = field(default_factory=dict)
    held: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """A resumed game: each seat's story starts after the last event that records a decision of its own."""
        for i, ev in enumerate(self.table.views.log()):
            if ev.type in DECISIONS and ev.data.get("character"):
                self.last[ev.data["character"]] = i + 1
            elif ev.type in ("trade_declined", "trade_completed") and ev.data.get("to"):  # the answer
                self.last[ev.data["to"]] = i + 1

    def story(self, seat: str) -> tuple[Any, ...]:
        """The events since ``seat`` last decided, as the seat sees them (:class:`lifeboat.views.EventView`).
        Raises KeyError for a character not in the game."""
        return self.table.views.log(seat, start=self.last.get(seat, 0))

    def decided(self, seat: str, at: int | None = None) -> None:
        """``seat`` has just decided: its story starts again at event ``at`` (the number of events before its
        decision was applied, so the story begins with the decision and what it caused: a fight it lost, the
        round that ended), or after this moment when ``at`` is None. A pass made for a held seat (REF-18) is no
        decision of the person: its story goes on from the last one."""
        self.last[seat] = len(self.table.views) if at is None else at

    def hold(self, seat: str) -> None:
        """``seat`` passes in the open window until something changes for it (call after its pass is decided)."""
        self.held[seat] = len(self.table.views)

    def holds(self, seat: str) -> bool:
        """True when ``seat`` should pass again in the open window without being asked: it chose to, the window it
        chose it in is still open, and nothing since concerns it (:func:`concerns`). A hold that no longer applies
        is dropped."""
        since = self.held.get(seat)
        if since is None:
            return False
        view = self.table.views.public_view()
        events: Iterable[Any] = self.table.views.log(seat, start=since)
        if view.step.kind not in WINDOWS or any(
                ev.type in WINDOW_EDGES or concerns(ev, seat, view.step) for ev in events):
            del self.held[seat]
            return False
        return True
