"""A hand-dealt 4-player game for the view tests: Ann plays Sir Stephen (at the bow, so the quartermaster),
Bob the Captain, Cat Frenchy, Dan the Kid (at the stern, so the navigator)."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat.events import Event
from lifeboat.game import apply, new_game
from lifeboat.state import State
from lifeboat.views import Observer, PublicView, RefereeView, SeatView

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
CHARS = ("sir_stephen", "captain", "frenchy", "kid")
REMOVED = tuple(f"water-{i}" for i in range(7, 17))


class Table:
    """A game driven by explicit commands; ``events`` is the whole log."""

    def __init__(self, provisions: tuple[str, ...] = ("water-1", "cash-1", "knife-1", "oar-1")) -> None:
        self.state: State = new_game(PLAYERS)
        self.events: list[Event] = []
        self.do(c.DealSetup(characters=CHARS, love=("captain", "frenchy", "kid", "sir_stephen"),
                            hate=("kid", "sir_stephen", "captain", "frenchy"), provisions=provisions,
                            removed=REMOVED))

    def do(self, cmd: c.Command) -> tuple[Event, ...]:
        self.state, evs = apply(self.state, cmd)
        self.events += evs
        return evs

    def draft(self, drawn: tuple[str, ...], keeps: tuple[str, ...]) -> None:
        """The provisions phase: the quartermaster draws ``drawn``; each picker in seat order keeps ``keeps[i]``."""
        self.do(c.DrawProvisions(cards=drawn))
        for who, card in zip(CHARS, keeps):
            self.do(c.KeepProvision(by=who, card=card))

    def observer(self) -> Observer:
        return Observer.from_log(self.state, self.events)

    def public(self) -> PublicView:
        return self.observer().public_view()

    def seat(self, character: str) -> SeatView:
        return self.observer().seat_view(character)

    def referee(self) -> RefereeView:
        return self.observer().referee_view()

    def texts(self, character: str | None = None, *, referee: bool = False) -> list[str]:
        return [v.text for v in self.observer().log(character, referee=referee)]
