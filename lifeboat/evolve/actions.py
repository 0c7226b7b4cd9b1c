"""Appliers of the actions and their requests: seat changes (SWAP-1), mugs (MUG-1, MUG-2), the Flare Gun
(FLARE-1), the Parasol (PARASOL-1), the Medical Kit (MEDKIT-1), trades (TRADE-1), Cannibalism (CANNIBAL-1)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import events as e
from lifeboat.evolve.common import (
    char, discard, fail, give, hand_to_face_up, replace, take_from, unchanged,
)
from lifeboat.state import AwaitAnswer, CannibalismObjection, FlareDraw, MugDraw, State, TradeOffer, replace_char


def seat_change_declared(state: State, event: e.SeatChangeDeclared) -> State:
    return replace(state, step=AwaitAnswer(kind="swap", attacker=event.character, target=event.target))


def mug_declared(state: State, event: e.MugDeclared) -> State:
    return replace(state, step=AwaitAnswer(kind="mug", attacker=event.character, target=event.target,
                                           card=event.card))


def seats_changed(state: State, event: e.SeatsChanged) -> State:
    a, b = event.character, event.target
    if a not in state.seats or b not in state.seats:
        raise fail(event, "both characters must be in the boat")
    return replace(state, seats=tuple(b if s == a else a if s == b else s for s in state.seats))


def mug_succeeded(state: State, event: e.MugSucceeded) -> State:
    if event.card is None:
        return replace(state, step=MugDraw(mugger=event.character, target=event.target))
    return state


def card_mugged(state: State, event: e.CardMugged) -> State:
    state = take_from(state, event, event.target, event.card)
    return give(state, event, event.character, event.card)


def flare_gun_fired(state: State, event: e.FlareGunFired) -> State:
    state = discard(state, event, event.character, event.card)
    return replace(state, step=FlareDraw(actor=event.character, count=event.count))


def parasol_opened(state: State, event: e.ParasolOpened) -> State:
    c, card = event.character, event.card
    ch = char(state, event, c)
    if card in ch.hand:
        state = hand_to_face_up(state, event, c, card)
    elif card not in ch.face_up:
        raise fail(event, f"{card!r} is not held by {c}")
    return replace(state, open_parasol=card)


def medical_kit_used(state: State, event: e.MedicalKitUsed) -> State:
    c, card = event.character, event.card
    if event.kept:
        if card in char(state, event, c).hand:
            return hand_to_face_up(state, event, c, card)
        return state
    return discard(state, event, c, card)


def healed(state: State, event: e.Healed) -> State:
    ch = char(state, event, event.character)
    if ch.wounds < 1:
        raise fail(event, f"{event.character} has no wound to heal")
    return replace_char(state, event.character, wounds=ch.wounds - 1)


def trade_offered(state: State, event: e.TradeOffered) -> State:
    return replace(state, offer=TradeOffer(by=event.character, to=event.to, give=event.give, ask=event.ask))


def trade_completed(state: State, event: e.TradeCompleted) -> State:
    a, b = event.character, event.to
    for card in event.gave:
        state = give(take_from(state, event, a, card), event, b, card)
    for card in event.got:
        state = give(take_from(state, event, b, card), event, a, card)
    return replace(state, offer=None)


def trade_declined(state: State, event: e.TradeDeclined) -> State:
    return replace(state, offer=None)


def cannibalism_declared(state: State, event: e.CannibalismDeclared) -> State:
    char(state, event, event.body)
    state = discard(state, event, event.character, event.card)  # CANNIBAL-1, REF-13: spent when played
    return replace(state, step=CannibalismObjection(user=event.character, card=event.card, body=event.body))


def objected_to_cannibalism(state: State, event: e.ObjectedToCannibalism) -> State:
    if not isinstance(state.step, CannibalismObjection):
        raise fail(event, "nobody is playing Cannibalism now")
    return state


def body_eaten(state: State, event: e.BodyEaten) -> State:
    body = event.body
    if body not in state.seats:
        raise fail(event, f"{body!r} is not in the boat")
    state = replace_char(state, body, in_boat=False)  # REF-12: out of the game with its cards, like OVER-3
    return replace(state, seats=tuple(s for s in state.seats if s != body))


APPLIERS: dict[type, Callable[..., State]] = {
    e.DidNothing: unchanged, e.SeatChangeDeclared: seat_change_declared, e.MugDeclared: mug_declared,
    e.Answered: unchanged, e.SeatsChanged: seats_changed, e.MugSucceeded: mug_succeeded,
    e.CardMugged: card_mugged, e.MugFoundNothing: unchanged, e.FlareGunFired: flare_gun_fired,
    e.ParasolOpened: parasol_opened, e.MedicalKitUsed: medical_kit_used, e.Healed: healed,
    e.TradeOffered: trade_offered, e.TradeCompleted: trade_completed, e.TradeDeclined: trade_declined,
    e.CannibalismDeclared: cannibalism_declared, e.ObjectedToCannibalism: objected_to_cannibalism,
    e.BodyEaten: body_eaten,
}
