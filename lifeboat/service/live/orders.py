"""Standing orders of a served seat (SERVE-13): passing without tapping, without telling anyone anything.

A seat may leave one of two orders with the server (``lifeboat serve``'s page, issue 28):

- ``"windows"``: pass in every window (fight, overboard, thirst, an objection to Cannibalism: PROC-1) the seat
  is asked in, whatever its hand, until the seat takes the order back;
- ``"until_change"``: the same, until something changes for the seat: a join, reveal or play that concerns it
  (:func:`lifeboat.service.live.hotseat.concerns`: it names the seat, or the seat fights in that fight, or is in
  the water when Chum is expended) or a new round; then the order is spent and the seat is asked again.

The order never looks at the seat's hand, nor at anything but the public table: :func:`due` reads the public
view and the public log only, so whether the seat held a card it could have played changes nothing anyone
receives, nor when. The server applies orders right after the decision that opened (or re-opened) the window, in
the same worker call, before anything is pushed: every other seat receives the window and the standing passes in
one message, the same whether the seat holds Water, a weapon, or nothing at all.

The passes are the seat's own decisions, written to the journal like any other (as REF-18's in hotseat play).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lifeboat.service.live.hotseat import WINDOWS, concerns

KINDS = ("windows", "until_change")
"""The orders a seat may leave (SERVE-13)."""

#: A new round spends a "pass until something changes for me" order.
SPENDING = frozenset({"round_started", "game_ended"})


@dataclass
class Orders:
    """The standing orders of one served game: ``kind[seat]`` the order, ``since[seat]`` the number of public
    events when it was given (an ``until_change`` order looks at what happened since)."""

    kind: dict[str, str] = field(default_factory=dict)
    since: dict[str, int] = field(default_factory=dict)

    def give(self, seat: str, kind: str | None, events: int) -> None:
        """``seat`` leaves order ``kind`` (one of :data:`KINDS`), or takes its order back (``None``), when the
        game has ``events`` public events. Raises ``ValueError`` for another kind."""
        if kind is None:
            self.kind.pop(seat, None)
            self.since.pop(seat, None)
            return
        if kind not in KINDS:
            raise ValueError(f"no such standing order: {kind!r} (one of {', '.join(KINDS)})")
        self.kind[seat], self.since[seat] = kind, events

    def of(self, seat: str) -> str | None:
        return self.kind.get(seat)

    def due(self, view: Any, log: Sequence[Any], events: int) -> list[str]:
        """The seats whose order passes for them now, in the order the game waits for them: ``view`` is the
        public :class:`lifeboat.views.TableView`, ``log`` the public events from event 0 (or at least from the
        oldest order's ``since``) and ``events`` their number. Spent ``until_change`` orders are dropped here."""
        if view.over or view.step.kind not in WINDOWS:
            return []
        out = []
        for seat in view.waiting_for:
            kind = self.kind.get(seat)
            if kind == "until_change" and self._changed(seat, view, log, events):
                self.give(seat, None, events)
                continue
            if kind is not None:
                out.append(seat)
        return out

    def _changed(self, seat: str, view: Any, log: Sequence[Any], events: int) -> bool:
        start = self.since.get(seat, events) - (events - len(log))
        return any(ev.type in SPENDING or concerns(ev, seat, view.step) for ev in log[max(0, start):])


__all__ = ["KINDS", "Orders"]
