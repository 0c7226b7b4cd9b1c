"""Appliers of the setup events (SETUP-2..5)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import events as e
from lifeboat.evolve.common import char, remove, replace
from lifeboat.state import CharacterState, State, replace_char


def characters_dealt(state: State, event: e.CharactersDealt) -> State:
    chars = tuple(CharacterState(character=c, player=p, love="", hate="")
                  for p, c in zip(event.players, event.characters))
    return replace(state, characters=chars, seats=event.seats)


def love_dealt(state: State, event: e.LoveDealt) -> State:
    char(state, event, event.character)
    return replace_char(state, event.character, love=event.love)


def hate_dealt(state: State, event: e.HateDealt) -> State:
    char(state, event, event.character)
    return replace_char(state, event.character, hate=event.hate)


def decks_ready(state: State, event: e.DecksReady) -> State:
    return replace(state, provisions=event.provisions, nav_unseen=event.navigation)


def provisions_removed(state: State, event: e.ProvisionsRemoved) -> State:
    prov = state.provisions
    for card in event.cards:
        prov = remove(prov, card, event, "the provisions deck")
    return replace(state, provisions=prov, removed=state.removed + event.cards)


def provision_dealt(state: State, event: e.ProvisionDealt) -> State:
    ch = char(state, event, event.character)
    state = replace(state, provisions=remove(state.provisions, event.card, event, "the provisions deck"))
    return replace_char(state, event.character, hand=ch.hand + (event.card,))


APPLIERS: dict[type, Callable[..., State]] = {
    e.CharactersDealt: characters_dealt, e.LoveDealt: love_dealt, e.HateDealt: hate_dealt,
    e.DecksReady: decks_ready, e.ProvisionsRemoved: provisions_removed, e.ProvisionDealt: provision_dealt,
}
