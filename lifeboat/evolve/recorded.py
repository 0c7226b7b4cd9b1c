"""Appliers of a recorded game's events (REC-1): cards unaccounted, a placeholder named, a LOVE and HATE shown; and
of its possibilities (REC-3, :mod:`lifeboat.possibilities`): known cards lost from sight, cards passed unseen, a
card deduced or traced, possibilities forgotten."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from lifeboat import events as e
from lifeboat import possibilities as p
from lifeboat.cards import is_unknown
from lifeboat.evolve.common import char, fail, remove, replace, unchanged
from lifeboat.state import Knowledge, State, replace_char


def cards_unaccounted(state: State, event: e.CardsUnaccounted) -> State:
    return replace(state, unaccounted=tuple(sorted(set(state.unaccounted) | set(event.cards))))


def card_identified(state: State, event: e.CardIdentified | e.CardDeduced) -> State:
    ph, card = event.placeholder, event.card
    if card not in state.unaccounted:
        raise fail(event, f"{card!r} is not an unaccounted card")
    if not is_unknown(ph):
        raise fail(event, f"{ph!r} is not a placeholder")
    known = state.known
    if known is not None and known.lost and state.cards.is_provision(card):  # REC-3: the worlds it leaves
        zone = p.zone_of(state, ph)
        found, other = p.sight(known, zone, state.cards.look_of(card), p.placeholders_in(state, zone or ""),
                               p.pool(state))
        if not found and not other:
            raise fail(event, f"{card!r} cannot be {ph!r}: no way the lost cards may lie allows it")
        known = replace(known, worlds=tuple(sorted(set(found + other))))
    replaced = substitute(msgspec.to_builtins(replace(state, known=None)), ph, card)
    if replaced is None:
        raise fail(event, f"placeholder {ph!r} is nowhere in the game")
    state = msgspec.convert(replaced, State)
    return replace(state, known=known,
                   unaccounted=remove(state.unaccounted, card, event, "the unaccounted cards"))


def cards_unseen(state: State, event: e.CardsUnseen) -> State:
    """REC-3: known cards of a zone become placeholders, unaccounted again and lost there."""
    zone, cards, phs = event.zone, event.cards, event.placeholders
    if len(cards) != len(phs) or not all(is_unknown(x) for x in phs):
        raise fail(event, "one new placeholder per card")
    held = list(p.zone_cards(state, zone))
    for card, ph in zip(cards, phs):
        if card not in held:
            raise fail(event, f"{card!r} is not in {zone!r}")
        held[held.index(card)] = ph
    if zone == p.OFFERED:
        state = replace(state, step=replace(state.step, offered=tuple(held)))
    else:
        state = replace_char(state, zone, hand=tuple(held))
    known = p.lose(state.known or Knowledge(), zone, tuple(state.cards.look_of(x) for x in cards))
    return replace(state, known=known, unaccounted=tuple(sorted(state.unaccounted + cards)))


def cards_passed_unseen(state: State, event: e.CardsPassedUnseen) -> State:
    """REC-3: placeholders leave a zone unseen: every way its lost cards may have gone with them."""
    if state.known is None:
        raise fail(event, "no card is lost from sight")
    held = p.zone_cards(state, event.zone)
    if any(x not in held for x in event.placeholders):
        raise fail(event, f"the placeholders are not in {event.zone!r}")
    tokens = p.placeholders_in(state, event.zone)
    return replace(state, known=p.passed(state.known, event.zone, event.to, len(event.placeholders), tokens))


def possibilities_forgotten(state: State, event: e.PossibilitiesForgotten) -> State:
    """REC-3, the bound: the lost cards of ``looks`` are forgotten."""
    if state.known is None:
        raise fail(event, "no card is lost from sight")
    return replace(state, known=p.without_looks(state.known, event.looks))


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


APPLIERS: dict[type, Callable[..., State]] = {
    e.CardsUnaccounted: cards_unaccounted, e.CardIdentified: card_identified,
    e.LoveHateIdentified: love_hate_identified, e.CardDeduced: card_identified, e.CardsUnseen: cards_unseen,
    e.CardsPassedUnseen: cards_passed_unseen, e.CardTraced: unchanged, e.PossibilitiesForgotten: possibilities_forgotten,
    e.LoveHateDeduced: love_hate_identified,
}
