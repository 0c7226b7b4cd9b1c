"""Appliers of rowing (ROW-1), navigation (NAV-1..3, BIRD-1), overboard (OVER-1..3) and thirst (THIRST-1)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import events as e
from lifeboat.evolve.common import char, fail, is_face, remove, replace, take_top, unchanged
from lifeboat.state import (
    CompassChoice, CompassDraw, NavigationTurn, NavigatorChoice, NavigatorDraw, OverboardWindow, RowDraw, RowPlace, State,
    ThirstWindow, put_char, replace_char,
)


def rowed(state: State, event: e.Rowed) -> State:
    ch = char(state, event, event.character)
    state = put_char(state, ch, replace(ch, rowed=True))
    return replace(state, step=RowDraw(rower=event.character, count=event.count))


def navigation_drawn(state: State, event: e.NavigationDrawn) -> State:
    state = take_top(state, event, event.cards)
    c, cards = event.character, event.cards
    if event.purpose == "row":
        return replace(state, step=RowPlace(rower=c or "", drawn=cards))
    if event.purpose == "compass":
        return replace(state, row_stack=state.row_stack + cards, step=NavigatorChoice(navigator=c or ""))
    if event.purpose == "navigator":  # ROW-2: then the Compass, if face up (REF-17), then the choice
        state = replace(state, row_stack=state.row_stack + cards)
        return replace(state, step=_compass_or_choice(state, c or ""))
    return replace(state, in_play=state.in_play + cards)


def rowed_cards_placed(state: State, event: e.RowedCardsPlaced) -> State:
    step, stack, bottom = state.step, event.to_stack, event.to_bottom
    if not isinstance(step, RowPlace) or sorted(step.drawn) != sorted(stack + bottom):
        raise fail(event, "the placed cards are not the cards the rower drew")
    return replace(state, row_stack=state.row_stack + stack, nav_bottom=state.nav_bottom + bottom,
                   step=replace(step, drawn=()))  # placed: no card is both drawn and placed


def navigation_phase_started(state: State, event: e.NavigationPhaseStarted) -> State:
    nav = event.navigator
    if nav is None:
        return replace(state, step=NavigationTurn())
    char(state, event, nav)
    if state.ruleset.rowing_variant and (state.nav_unseen or state.nav_bottom):  # ROW-2, REF-17
        return replace(state, step=NavigatorDraw(navigator=nav))
    return replace(state, step=_compass_or_choice(state, nav))


def _compass_or_choice(state: State, nav: str) -> CompassChoice | NavigatorChoice | NavigationTurn:
    """NAV-2 when the navigator has the Compass face up, else NAV-1 (the top card when the row stack is empty)."""
    if any(is_face(card, "compass", state.cards) for card in state.char(nav).face_up):
        return CompassChoice(navigator=nav)
    return NavigatorChoice(navigator=nav) if state.row_stack else NavigationTurn()


def compass_used(state: State, event: e.CompassUsed) -> State:
    c = event.character
    if event.used:
        return replace(state, step=CompassDraw(navigator=c, count=event.draws))
    return replace(state, step=NavigatorChoice(navigator=c) if state.row_stack else NavigationTurn())


def navigation_card_chosen(state: State, event: e.NavigationCardChosen) -> State:
    stack = remove(state.row_stack, event.card, event, "the row stack")
    for b in event.to_bottom:
        stack = remove(stack, b, event, "the row stack")
    if stack:
        raise fail(event, "cards of the row stack were left over")
    return replace(state, row_stack=(), in_play=state.in_play + (event.card,),
                   nav_bottom=state.nav_bottom + event.to_bottom)


def cards_to_bottom(state: State, event: e.CardsToBottom) -> State:
    in_play, stack = state.in_play, state.row_stack
    for card in event.cards:
        if card in in_play:
            in_play = remove(in_play, card, event, "play")
        else:
            stack = remove(stack, card, event, "the row stack or play")
    return replace(state, in_play=in_play, row_stack=stack, nav_bottom=state.nav_bottom + event.cards)


def seagulls(state: State, event: e.SeagullAdded | e.SeagullRemoved) -> State:
    return replace(state, seagulls=event.total)


def went_overboard(state: State, event: e.WentOverboard) -> State:
    card = state.in_play[-1] if state.in_play else ""
    return replace(state, step=OverboardWindow(card=card, overboard=event.characters, lost=event.lost))


def lost_at_sea(state: State, event: e.LostAtSea) -> State:
    c = event.character
    char(state, event, c)
    state = replace_char(state, c, in_boat=False)
    return replace(state, seats=tuple(s for s in state.seats if s != c))


def ghost_rose(state: State, event: e.GhostRose) -> State:
    char(state, event, event.character)
    return replace(state, ghosts=state.ghosts + (event.character,))


def thirst_counted(state: State, event: e.ThirstCounted) -> State:
    card = state.in_play[-1] if state.in_play else ""
    return replace(state, step=ThirstWindow(card=card, thirst=event.thirst))


APPLIERS: dict[type, Callable[..., State]] = {
    e.Rowed: rowed, e.NavigationDrawn: navigation_drawn, e.RowedCardsPlaced: rowed_cards_placed,
    e.NavigationPhaseStarted: navigation_phase_started, e.CompassUsed: compass_used,
    e.NavigationCardChosen: navigation_card_chosen, e.NavigationCardRevealed: unchanged,
    e.CardsToBottom: cards_to_bottom, e.SeagullAdded: seagulls, e.SeagullRemoved: seagulls,
    e.WentOverboard: went_overboard, e.LostAtSea: lost_at_sea, e.GhostRose: ghost_rose, e.ThirstCounted: thirst_counted,
}
