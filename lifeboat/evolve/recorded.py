"""Appliers of a recorded game's events (REC-1): cards unaccounted, a placeholder named, a LOVE and HATE shown."""

from __future__ import annotations

import msgspec

from lifeboat import events as e
from lifeboat.cards import is_unknown
from lifeboat.evolve.common import char, fail, remove, replace
from lifeboat.state import State, replace_char


def cards_unaccounted(state: State, event: e.CardsUnaccounted) -> State:
    return replace(state, unaccounted=tuple(sorted(set(state.unaccounted) | set(event.cards))))


def card_identified(state: State, event: e.CardIdentified) -> State:
    ph, card = event.placeholder, event.card
    if card not in state.unaccounted:
        raise fail(event, f"{card!r} is not an unaccounted card")
    if not is_unknown(ph):
        raise fail(event, f"{ph!r} is not a placeholder")
    replaced = substitute(msgspec.to_builtins(state), ph, card)
    if replaced is None:
        raise fail(event, f"placeholder {ph!r} is nowhere in the game")
    state = msgspec.convert(replaced, State)
    return replace(state, unaccounted=remove(state.unaccounted, card, event, "the unaccounted cards"))


def love_hate_identified(state: State, event: e.LoveHateIdentified) -> State:
    char(state, event, event.character)
    return replace_char(state, event.character, love=event.love, hate=event.hate)


def contains(state: State, value: str) -> bool:
    """True when the string ``value`` (a card or placeholder) appears anywhere in ``state`` (REC-1 checks)."""
    return substitute(msgspec.to_builtins(state), value, value) is not None


def substitute(value: object, old: str, new: str) -> object | None:
    """``value`` (builtins) with every string equal to ``old`` replaced by ``new``; ``None`` when ``old`` is absent."""
    found = False

    def walk(v: object) -> object:
        nonlocal found
        if v == old:
            found = True
            return new
        if isinstance(v, (list, tuple)):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v

    out = walk(value)
    return out if found else None


APPLIERS = {
    e.CardsUnaccounted: cards_unaccounted, e.CardIdentified: card_identified,
    e.LoveHateIdentified: love_hate_identified,
}
