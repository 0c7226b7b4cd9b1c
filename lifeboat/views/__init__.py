"""Views: the single place that decides what an audience sees (architecture "Hidden information: one choke point",
PROC-5, END-2).

Three audiences:

- **public** (a spectator): :func:`public_view`, :func:`public_log`;
- **seat** (one player, named by its character id): :func:`seat_view`, :func:`seat_log`;
- **referee** (everything; reached only through the functions named ``referee_*``): :func:`referee_view`,
  :func:`referee_log`.

Each function takes the current ``state`` and the whole event log ``events`` of the game (from setup); a seat
remembers what it saw (its ``memory``), so its view depends on the log, not only on the table. For views after every
command, feed an :class:`Observer` instead (same results, no replay).

Who may see each field of each event, step and table part is declared in :mod:`lifeboat.views.audience`
(``EVENT_AUDIENCE`` …) and rendered as ``docs/hidden-information.md`` by :func:`render_matrix`
(``python -m lifeboat.views --write`` rewrites it; ``--check`` fails when it is stale).

Every function here raises:
    ValueError: ``events`` do not lead to ``state`` (not the whole log of this game, from setup).
    InconsistentHistory: an event cannot follow the state before it (a corrupt log).
and the ``seat_*`` functions also:
    KeyError: ``character`` is not a character of this game (none is before setup).

VIEW-FACE-1: provisions of one face are alike, so every view but the referee's names a provision by its instance
id (``water-5``) only where the audience holds it (its hand, its face-up cards, its provisions pick), elsewhere by
its face (``water``, ``painting(3)``): :mod:`lifeboat.views.faces`, applied after the lines of text are written.

Shapes: a view of the table is a :class:`PublicView`, :class:`SeatView` or :class:`RefereeView` (all
:class:`TableView`s, tagged ``"view": "public" | "seat" | "referee"`` in JSON); a view of the log is a tuple of
:class:`EventView`, one per event, in log order. Hidden values are ``None``; hidden card lists keep their length.
"""

from __future__ import annotations

from collections.abc import Sequence

from lifeboat.events import Event
from lifeboat.state import State
from lifeboat.views.audience import (
    CHARACTER_AUDIENCE, EVENT_AUDIENCE, OFFER_AUDIENCE, STATE_AUDIENCE, STEP_AUDIENCE, Audience, parse_rule,
)
from lifeboat.views.matrix import render_matrix
from lifeboat.views.observer import Observer
from lifeboat.views import text as _text, text_recorded as _text_recorded
from lifeboat.views.structs import (
    CharacterView, EventView, FighterView, FightView, Memory, OfferView, OtherCharacterView, PublicView, RefereeView,
    Reveal, ScoreNote, SeatView, SecretsView, StepView, TableView,
)

_text.EVENT_TEXT.update(_text_recorded.TEXTS)  # a recorded game's lines (REC-1, REC-3)


def public_view(state: State, events: Sequence[Event]) -> PublicView:
    """The table as a spectator sees it: seats, wounds, statuses, face-up cards, hand sizes, markers, seagulls,
    deck sizes, row stack size, discards, whose move and what kind (PROC-5). After the end, ``reveal`` (END-2)."""
    return Observer.from_log(state, events).public_view()


def seat_view(state: State, events: Sequence[Event], character: str, *, legal: bool = True) -> SeatView:
    """The table as the player of ``character`` sees it, plus its hand, LOVE, HATE, legal commands (unless
    ``legal=False``) and memory (what it saw that the table did not: cards it drew, passed, received, rowed,
    chose, traded, mugged)."""
    return Observer.from_log(state, events).seat_view(character, legal=legal)


def referee_view(state: State, events: Sequence[Event]) -> RefereeView:
    """Everything, for the referee: only for an explicit ``--as referee`` or ``audit``."""
    return Observer.from_log(state, events).referee_view()


def public_log(state: State, events: Sequence[Event]) -> tuple[EventView, ...]:
    """Every event as a spectator saw it ("Sir Stephen kept a card")."""
    return Observer.from_log(state, events).log()


def seat_log(state: State, events: Sequence[Event], character: str) -> tuple[EventView, ...]:
    """Every event as the player of ``character`` saw it ("You kept Water")."""
    return Observer.from_log(state, events).log(character)


def referee_log(state: State, events: Sequence[Event]) -> tuple[EventView, ...]:
    """Every event with every field."""
    return Observer.from_log(state, events).log(referee=True)


__all__ = [
    "Audience", "CHARACTER_AUDIENCE", "CharacterView", "EVENT_AUDIENCE", "EventView", "FightView", "FighterView",
    "Memory", "OFFER_AUDIENCE", "OfferView", "Observer", "OtherCharacterView", "PublicView", "RefereeView", "Reveal",
    "STATE_AUDIENCE", "STEP_AUDIENCE", "ScoreNote", "SeatView", "SecretsView", "StepView", "TableView", "parse_rule", "public_log", "public_view",
    "referee_log", "referee_view", "render_matrix", "seat_log", "seat_view",
]
