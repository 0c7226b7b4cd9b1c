"""What a bot reasons about: one seat's knowledge in a small, uniform shape.

A :class:`Situation` is built either from a :class:`lifeboat.views.SeatView` (:func:`from_view`, the only way a
bot at a real table gets one) or, inside a search bot's simulated world, from a determinized
:class:`lifeboat.State` (:func:`from_state`, for the simulated players of that world). Both give the same fields,
so the rules of thumb in :mod:`lifeboat.bots.heuristic` run unchanged on either.

Shapes: ``seats`` character ids from the bow (0) to the stern; ``chars`` maps every character id to a
:class:`Who`; ``hand`` the seat's own hand (card instance ids); ``step`` the engine's step Struct (what the game
waits for); ``legal`` the seat's legal commands now.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import msgspec

from lifeboat import State, commands as c
from lifeboat.card_context import in_use
from lifeboat.card_set import CardSet
from lifeboat.decide.procedure import public_strength
from lifeboat.state import Step
from lifeboat.views import SeatView


def face(card: str) -> str | None:
    """The face of a provision instance (``"water-3"`` → ``"water"``) or of a face id as a view names a card the
    seat does not hold (``"water"``, ``"painting(3)"``: VIEW-FACE-1) in the card data in use (the game's, CARD-3),
    ``None`` for anything else (cached)."""
    return _face_in(card, in_use())


def weapon(card: str) -> int:
    """The fight size a face-up ``card`` adds in the card data in use (FIGHT-3, CARD-3); 0 for a non-weapon."""
    return _weapon(card, in_use())


@lru_cache(maxsize=4096)
def _face_in(card: str, cards: CardSet) -> str | None:
    try:
        return cards.face(card)
    except KeyError:
        return None


@lru_cache(maxsize=4096)
def _weapon(card: str, cards: CardSet) -> int:
    return cards.weapon_size(card) if _face_in(card, cards) else 0


@dataclass(frozen=True)
class Who:
    """The public facts of one character: ``size`` (printed), ``wounds``, ``face_up`` cards, ``hand_size``,
    ``in_boat``, ``status`` (STATUS-1, or ``"lost_at_sea"``), ``rowed`` and ``fought`` this round, ``drinks`` of
    Firewater this round (LIQUID-1, WONG-1: public, REF-24)."""

    size: int
    wounds: int
    face_up: tuple[str, ...]
    hand_size: int
    in_boat: bool
    status: str
    rowed: bool
    fought: bool
    drinks: int = 0

    @property
    def conscious(self) -> bool:
        """In the boat and conscious (STATUS-1)."""
        return self.in_boat and self.status == "conscious"

    @property
    def alive(self) -> bool:
        """In the boat and not dead (SCORE-1: survives)."""
        return self.in_boat and self.status != "dead"

    @property
    def strength(self) -> int:
        """Fight strength if it joined a fight now, as the engine decides the fight (FIGHT-3, REF-24:
        :func:`lifeboat.decide.procedure.public_strength`): its size (OPT-SHARK: +1), its face-up weapons and
        Firewater's size per drink this round, in the card data in use (CARD-3); 0 unless conscious. A card the
        card data does not know (a recorded game's placeholder, REC-1) adds nothing, as :func:`weapon` says."""
        if not self.conscious:
            return 0
        cards = in_use()
        known = tuple(card for card in self.face_up if _face_in(card, cards))
        return sum(public_strength(cards, self.size, known, self.drinks))


@dataclass(frozen=True)
class Situation:
    """One seat's knowledge now (see the module docstring for the shapes)."""

    me: str
    love: str
    hate: str
    hand: tuple[str, ...]
    seats: tuple[str, ...]
    chars: dict[str, Who]
    step: Step
    seagulls: int
    round: int
    row_stack: tuple[str | None, ...]
    legal: tuple[c.PlayerCommand, ...]

    @property
    def mine(self) -> Who:
        """My own :class:`Who`."""
        return self.chars[self.me]

    def faces(self, face: str) -> tuple[str, ...]:
        """My cards (hand and face up) of ``face`` (``"water"`` …)."""
        return tuple(x for x in self.hand + self.mine.face_up if _face(x) == face)


_face = face


def step_of(view: SeatView) -> Step:
    """The engine's step Struct from a seat's :class:`StepView` (every field a seat deciding now may see).

    Raises ``msgspec.ValidationError`` when a field the step needs is hidden from this seat."""
    data = dict(view.step.data)
    for k in view.step.hidden:  # WONG-1: Mrs. Wong answers during another seat's pick or row: unseen cards
        if isinstance(data.get(k), (list, tuple)):
            data[k] = tuple("?" if x is None else x for x in data[k])
    step: Step = msgspec.convert({"type": view.step.kind, **data}, Step)
    return step


def from_view(view: SeatView) -> Situation:
    """The :class:`Situation` of ``view``'s seat. Raises ``TypeError`` for anything but a :class:`SeatView`."""
    if not isinstance(view, SeatView):
        raise TypeError(f"a bot gets only its own seat's view (a SeatView), not {type(view).__name__}")
    chars = {
        v.character: Who(size=v.size, wounds=v.wounds, face_up=v.face_up, hand_size=v.hand_size, in_boat=v.in_boat,
                         status=v.status, rowed=v.rowed, fought=v.fought, drinks=view.drank.count(v.character))
        for v in view.characters
    }
    return Situation(me=view.viewer, love=view.love, hate=view.hate, hand=view.hand, seats=view.seats, chars=chars,
                     step=step_of(view), seagulls=view.seagulls, round=view.round, row_stack=view.row_stack,
                     legal=view.legal)


def from_state(state: State, me: str, legal: tuple[c.PlayerCommand, ...]) -> Situation:
    """The :class:`Situation` of ``me`` in a (simulated) world ``state``; only ``me``'s own secrets are used."""
    chars = {}
    for ch in state.characters:
        size = state.health(ch.character)  # OPT-SHARK: +1
        status = ("conscious" if ch.wounds < size else "unconscious" if ch.wounds == size else "dead") \
            if ch.in_boat else "lost_at_sea"
        chars[ch.character] = Who(size=size, wounds=ch.wounds, face_up=ch.face_up, hand_size=len(ch.hand),
                                  in_boat=ch.in_boat, status=status, rowed=ch.rowed, fought=ch.fought,
                                  drinks=state.drank.count(ch.character))
    own = state.char(me)
    stack: tuple[str | None, ...] = tuple(None for _ in state.row_stack)  # face down to all but the rower
    return Situation(me=me, love=own.love, hate=own.hate, hand=own.hand, seats=state.seats, chars=chars,
                     step=state.step, seagulls=state.seagulls, round=state.round, row_stack=stack, legal=legal)
