"""What the appliers of every area share: the error, moving cards between zones, resetting a window."""

from __future__ import annotations

import msgspec

from lifeboat import events as e
from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED
from lifeboat.errors import InconsistentHistory
from lifeboat.state import (
    WINDOW_TYPES, CharacterState, State, ThirstWindow, put_char,
)

replace = msgspec.structs.replace


def fail(event: e.Event, reason: str) -> InconsistentHistory:
    """The error for ``event`` that cannot follow the state (returned, for the caller to raise)."""
    return InconsistentHistory(str(type(event).__struct_config__.tag), reason)


def char(state: State, event: e.Event, character: str) -> CharacterState:
    """``character``'s state. Raises InconsistentHistory if it is not in the game."""
    for c in state.characters:  # State.char's loop, one call less: about every other event asks
        if c.character == character:
            return c
    raise fail(event, f"{character!r} is not a character of this game")


def remove(cards: tuple[str, ...], card: str, event: e.Event, where: str) -> tuple[str, ...]:
    """``cards`` without the first ``card``. Raises InconsistentHistory if it is not there (``where``)."""
    if card not in cards:
        raise fail(event, f"{card!r} is not in {where}")
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def take_from(state: State, event: e.Event, character: str, card: str) -> State:
    """Remove ``card`` from ``character``'s hand or face-up cards (closing the Parasol it was)."""
    c = char(state, event, character)
    if card in c.hand:
        return put_char(state, c, replace(c, hand=remove(c.hand, card, event, "the hand")))
    if card in c.face_up:
        state = put_char(state, c, replace(c, face_up=remove(c.face_up, card, event, "the face-up cards")))
        if state.open_parasol == card:
            state = replace(state, open_parasol=None)
        return state
    raise fail(event, f"{card!r} is not held by {character}")


def give(state: State, event: e.Event, character: str, card: str) -> State:
    """Put ``card`` at the end of ``character``'s hand."""
    ch = char(state, event, character)
    return put_char(state, ch, replace(ch, hand=ch.hand + (card,)))


def hand_to_face_up(state: State, event: e.Event, character: str, card: str) -> State:
    """Turn ``card`` from ``character``'s hand face up in front of it."""
    ch = char(state, event, character)
    return put_char(state, ch, replace(ch, hand=remove(ch.hand, card, event, "the hand"), face_up=ch.face_up + (card,)))


def take_top(state: State, event: e.Event, cards: tuple[str, ...]) -> State:
    """Take ``cards`` from the top of the navigation deck: the unseen part, then the cards put under it."""
    unseen, bottom = state.nav_unseen, state.nav_bottom
    for card in cards:
        if unseen:
            unseen = remove(unseen, card, event, "the unseen part of the navigation deck")
        elif bottom and bottom[0] == card:
            bottom = bottom[1:]
        else:
            raise fail(event, f"{card!r} is not the top card of the navigation deck")
    return replace(state, nav_unseen=unseen, nav_bottom=bottom)


def window_reset(state: State) -> State:
    """PROC-1: a play in an open window clears who passed."""
    if type(state.step) in WINDOW_TYPES:  # isinstance, cheaper: the step classes are final
        return replace(state, step=replace(state.step, passed=()))
    return state


def discard(state: State, event: e.Event, character: str, card: str) -> State:
    """Move ``card`` from ``character`` to the discard pile."""
    state = take_from(state, event, character, card)
    return replace(state, discard=state.discard + (card,))


def owe_less(state: State, event: e.Event, character: str) -> State:
    """THIRST-1: ``character`` owes one thirst less. Raises InconsistentHistory if it owes none."""
    step = state.step
    if not isinstance(step, ThirstWindow):
        raise fail(event, "no thirst is being resolved")
    owed = dict(step.thirst)
    if owed.get(character, 0) < 1:
        raise fail(event, f"{character} owes no thirst")
    owed[character] -= 1
    return replace(state, step=replace(step, thirst=tuple((c, owed[c]) for c, _ in step.thirst)))


def is_face(card: str, face: str, cards: CardSet = BUNDLED) -> bool:
    """True when ``card`` is a provision instance of ``face`` in ``cards`` (the game's ``state.cards``, CARD-3;
    False for a placeholder)."""
    try:
        return cards.face_of(card) == face
    except KeyError:
        return False


def unchanged(state: State, event: e.Event) -> State:
    """The applier of an event that records a fact without changing the table."""
    return state
