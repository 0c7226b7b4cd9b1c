"""``evolve(state, event) -> state``: apply one fact. No rule decisions are taken here.

Raises :class:`InconsistentHistory` when an event cannot follow the state (a card that is not where the event
says, a step that does not match): the sign of a corrupt or edited journal.
"""

from __future__ import annotations

from typing import assert_never

import msgspec

from lifeboat import events as e
from lifeboat.cards import face_of, is_unknown
from lifeboat.errors import InconsistentHistory
from lifeboat.state import (
    AwaitAnswer, CharacterState, CompassChoice, CompassDraw, Fight, FlareDraw, GameOver, MugDraw,
    NavigationTurn, NavigatorChoice, OverboardWindow, ProvisionsDraw, ProvisionsPick, RowDraw, RowPlace, State,
    ThirstWindow, TradeOffer, ActionTurn, replace_char,
)

from lifeboat.state import CannibalismObjection  # the Cannibalism expansion's window (CANNIBAL-1)

_replace = msgspec.structs.replace


def _fail(event: e.Event, reason: str) -> InconsistentHistory:
    return InconsistentHistory(type(event).__struct_config__.tag, reason)  # type: ignore[attr-defined]


def _char(state: State, event: e.Event, character: str) -> CharacterState:
    try:
        return state.char(character)
    except KeyError:
        raise _fail(event, f"{character!r} is not a character of this game") from None


def _remove(cards: tuple[str, ...], card: str, event: e.Event, where: str) -> tuple[str, ...]:
    if card not in cards:
        raise _fail(event, f"{card!r} is not in {where}")
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _take_from(state: State, event: e.Event, character: str, card: str) -> State:
    """Remove ``card`` from ``character``'s hand or face-up cards."""
    c = _char(state, event, character)
    if card in c.hand:
        return replace_char(state, character, hand=_remove(c.hand, card, event, "the hand"))
    if card in c.face_up:
        state = replace_char(state, character, face_up=_remove(c.face_up, card, event, "the face-up cards"))
        if state.open_parasol == card:
            state = _replace(state, open_parasol=None)
        return state
    raise _fail(event, f"{card!r} is not held by {character}")


def _take_top(state: State, event: e.Event, cards: tuple[str, ...]) -> State:
    unseen, bottom = state.nav_unseen, state.nav_bottom
    for card in cards:
        if unseen:
            unseen = _remove(unseen, card, event, "the unseen part of the navigation deck")
        elif bottom and bottom[0] == card:
            bottom = bottom[1:]
        else:
            raise _fail(event, f"{card!r} is not the top card of the navigation deck")
    return _replace(state, nav_unseen=unseen, nav_bottom=bottom)


def _window_reset(state: State) -> State:
    if isinstance(state.step, (Fight, OverboardWindow, ThirstWindow, CannibalismObjection)):
        return _replace(state, step=_replace(state.step, passed=()))
    return state


def _discard(state: State, event: e.Event, character: str, card: str) -> State:
    state = _take_from(state, event, character, card)
    return _replace(state, discard=state.discard + (card,))


def evolve(state: State, event: e.Event) -> State:  # noqa: C901 - one case per event type
    """Apply ``event`` to ``state`` and return the new state.

    Raises:
        InconsistentHistory: the event cannot follow ``state``.
    """
    match event:
        case e.CharactersDealt(players=players, characters=chars, seats=seats):
            return _replace(
                state,
                characters=tuple(CharacterState(character=c, player=p, love="", hate="") for p, c in zip(players, chars)),
                seats=seats,
            )
        case e.LoveDealt(character=c, love=love):
            _char(state, event, c)
            return replace_char(state, c, love=love)
        case e.HateDealt(character=c, hate=hate):
            _char(state, event, c)
            return replace_char(state, c, hate=hate)
        case e.DecksReady(provisions=prov, navigation=nav):
            return _replace(state, provisions=prov, nav_unseen=nav)
        case e.ProvisionsRemoved(cards=cards):
            prov = state.provisions
            for card in cards:
                prov = _remove(prov, card, event, "the provisions deck")
            return _replace(state, provisions=prov, removed=state.removed + cards)
        case e.ProvisionDealt(character=c, card=card):
            ch = _char(state, event, c)
            state = _replace(state, provisions=_remove(state.provisions, card, event, "the provisions deck"))
            return replace_char(state, c, hand=ch.hand + (card,))
        case e.RoundStarted(round=n):
            return _replace(state, round=n)
        case e.ProvisionsPhaseStarted(quartermaster=q, count=n):
            return _replace(state, step=ProvisionsDraw(quartermaster=q, count=n))
        case e.ProvisionsDrawn(quartermaster=q, cards=cards):
            prov = state.provisions
            for card in cards:
                prov = _remove(prov, card, event, "the provisions deck")
            return _replace(state, provisions=prov, step=ProvisionsPick(picker=q, offered=cards))
        case e.ProvisionKept(character=c, card=card):
            step = state.step
            if not isinstance(step, ProvisionsPick) or step.picker != c:
                raise _fail(event, f"{c} is not picking a provision now")
            ch = _char(state, event, c)
            state = replace_char(state, c, hand=ch.hand + (card,))
            return _replace(state, step=_replace(step, offered=_remove(step.offered, card, event, "the offered cards")))
        case e.ProvisionsPassed(to=to, cards=cards):
            return _replace(state, step=ProvisionsPick(picker=to, offered=cards))
        case e.ActionPhaseStarted(order=order):
            return _replace(state, action_order=order, action_index=0)
        case e.ActionTurnStarted(character=c, index=i):
            return _replace(state, action_index=i, step=ActionTurn(actor=c))
        case e.NavigationPhaseStarted(navigator=nav):
            if nav is None:
                return _replace(state, step=NavigationTurn())
            ch = _char(state, event, nav)
            if any(_is(card, "compass") for card in ch.face_up):
                return _replace(state, step=CompassChoice(navigator=nav))
            return _replace(state, step=NavigatorChoice(navigator=nav) if state.row_stack else NavigationTurn())
        case e.CompassUsed(character=c, used=used):
            if used:
                return _replace(state, step=CompassDraw(navigator=c))
            return _replace(state, step=NavigatorChoice(navigator=c) if state.row_stack else NavigationTurn())
        case e.RoundEnded():
            chars = tuple(_replace(c, rowed=False, fought=False) for c in state.characters)
            return _replace(state, characters=chars)
        case e.GameEnded(reason=reason):
            return _replace(state, step=GameOver(reason=reason), offer=None)
        case e.DidNothing():
            return state
        case e.Rowed(character=c, count=n):
            _char(state, event, c)
            return _replace(replace_char(state, c, rowed=True), step=RowDraw(rower=c, count=n))
        case e.NavigationDrawn(character=c, cards=cards, purpose=purpose):
            state = _take_top(state, event, cards)
            if purpose == "row":
                return _replace(state, step=RowPlace(rower=c or "", drawn=cards))
            if purpose == "compass":
                return _replace(state, row_stack=state.row_stack + cards, step=NavigatorChoice(navigator=c or ""))
            return _replace(state, in_play=state.in_play + cards)
        case e.RowedCardsPlaced(to_stack=stack, to_bottom=bottom):
            step = state.step
            if not isinstance(step, RowPlace) or sorted(step.drawn) != sorted(stack + bottom):
                raise _fail(event, "the placed cards are not the cards the rower drew")
            return _replace(state, row_stack=state.row_stack + stack, nav_bottom=state.nav_bottom + bottom,
                            step=_replace(step, drawn=()))  # placed: no card is both drawn and placed
        case e.SeatChangeDeclared(character=c, target=t):
            return _replace(state, step=AwaitAnswer(kind="swap", attacker=c, target=t))
        case e.MugDeclared(character=c, target=t, card=card):
            return _replace(state, step=AwaitAnswer(kind="mug", attacker=c, target=t, card=card))
        case e.Answered():
            return state
        case e.FightStarted(attacker=a, defender=d) if isinstance(state.step, CannibalismObjection):
            step = state.step  # CANNIBAL-1: the first objector defends; the body is the fight's target
            return _replace(state, step=Fight(kind="cannibalism", attacker=a, target=step.body, card=step.card,
                                              attackers=(a,), defenders=(d,)))
        case e.FightStarted(attacker=a, defender=d):
            step = state.step
            if not isinstance(step, AwaitAnswer):
                raise _fail(event, "no mug or seat change is waiting for an answer")
            return _replace(
                state,
                step=Fight(kind=step.kind, attacker=a, target=d, card=step.card, attackers=(a,), defenders=(d,)),
            )
        case e.FightJoined(character=c, side=side):
            step = state.step
            if not isinstance(step, Fight):
                raise _fail(event, "no fight is open")
            if side == "attacker":
                step = _replace(step, attackers=step.attackers + (c,), passed=())
            else:
                step = _replace(step, defenders=step.defenders + (c,), passed=())
            return _replace(state, step=step)
        case e.Passed(character=c):
            step = state.step
            if not isinstance(step, (Fight, OverboardWindow, ThirstWindow, CannibalismObjection)):
                raise _fail(event, "no window is open")
            return _replace(state, step=_replace(step, passed=step.passed + (c,)))
        case e.FightResolved(attackers=a, defenders=d):
            for c in a + d:
                state = replace_char(state, c, fought=True)
            return state
        case e.SeatsChanged(character=a, target=b):
            if a not in state.seats or b not in state.seats:
                raise _fail(event, "both characters must be in the boat")
            seats = tuple(b if s == a else a if s == b else s for s in state.seats)
            return _replace(state, seats=seats)
        case e.MugSucceeded(character=c, target=t, card=card):
            if card is None:
                return _replace(state, step=MugDraw(mugger=c, target=t))
            return state
        case e.CardMugged(character=c, target=t, card=card):
            state = _take_from(state, event, t, card)
            return replace_char(state, c, hand=_char(state, event, c).hand + (card,))
        case e.MugFoundNothing():
            return state
        case e.CardRevealed(character=c, card=card):
            ch = _char(state, event, c)
            state = replace_char(state, c, hand=_remove(ch.hand, card, event, "the hand"), face_up=ch.face_up + (card,))
            return _window_reset(state)
        case e.FlareGunFired(character=c, card=card, count=n):
            return _replace(_discard(state, event, c, card), step=FlareDraw(actor=c, count=n))
        case e.ParasolOpened(character=c, card=card):
            ch = _char(state, event, c)
            if card in ch.hand:
                state = replace_char(state, c, hand=_remove(ch.hand, card, event, "the hand"), face_up=ch.face_up + (card,))
            elif card not in ch.face_up:
                raise _fail(event, f"{card!r} is not held by {c}")
            return _replace(state, open_parasol=card)
        case e.MedicalKitUsed(character=c, card=card, kept=kept):
            if kept:
                ch = _char(state, event, c)
                if card in ch.hand:
                    return replace_char(state, c, hand=_remove(ch.hand, card, event, "the hand"), face_up=ch.face_up + (card,))
                return state
            return _discard(state, event, c, card)
        case e.Healed(character=c):
            ch = _char(state, event, c)
            if ch.wounds < 1:
                raise _fail(event, f"{c} has no wound to heal")
            return replace_char(state, c, wounds=ch.wounds - 1)
        case e.Wounded(character=c, amount=n):
            return replace_char(state, c, wounds=_char(state, event, c).wounds + n)
        case e.SeagullAdded(total=n) | e.SeagullRemoved(total=n):
            return _replace(state, seagulls=n)
        case e.CardsToBottom(cards=cards):
            in_play, stack = state.in_play, state.row_stack
            for card in cards:
                if card in in_play:
                    in_play = _remove(in_play, card, event, "play")
                else:
                    stack = _remove(stack, card, event, "the row stack or play")
            return _replace(state, in_play=in_play, row_stack=stack, nav_bottom=state.nav_bottom + cards)
        case e.TradeOffered(character=c, to=to, give=give, ask=ask):
            return _replace(state, offer=TradeOffer(by=c, to=to, give=give, ask=ask))
        case e.TradeCompleted(character=a, to=b, gave=gave, got=got):
            for card in gave:
                state = _take_from(state, event, a, card)
                state = replace_char(state, b, hand=_char(state, event, b).hand + (card,))
            for card in got:
                state = _take_from(state, event, b, card)
                state = replace_char(state, a, hand=_char(state, event, a).hand + (card,))
            return _replace(state, offer=None)
        case e.TradeDeclined():
            return _replace(state, offer=None)
        case e.NavigationCardChosen(card=card, to_bottom=bottom):
            stack = _remove(state.row_stack, card, event, "the row stack")
            for b in bottom:
                stack = _remove(stack, b, event, "the row stack")
            if stack:
                raise _fail(event, "cards of the row stack were left over")
            return _replace(state, row_stack=(), in_play=state.in_play + (card,), nav_bottom=state.nav_bottom + bottom)
        case e.NavigationCardRevealed():
            return state
        case e.WentOverboard(characters=chars, lost=lost):
            card = state.in_play[-1] if state.in_play else ""
            return _replace(state, step=OverboardWindow(card=card, overboard=chars, lost=lost))
        case e.LifePreserverThrown(character=c, card=card, target=t):
            state = _take_from(state, event, c, card)
            state = replace_char(state, t, face_up=_char(state, event, t).face_up + (card,))
            return _window_reset(state)
        case e.ChumExpended(character=c, card=card):
            state = _discard(state, event, c, card)
            if isinstance(state.step, OverboardWindow):
                state = _replace(state, step=_replace(state.step, chum=True))
            return _window_reset(state)
        case e.CardDiscarded(character=c, card=card):
            return _discard(state, event, c, card)
        case e.LostAtSea(character=c):
            _char(state, event, c)
            state = replace_char(state, c, in_boat=False)
            return _replace(state, seats=tuple(s for s in state.seats if s != c))
        case e.ThirstCounted(thirst=thirst):
            card = state.in_play[-1] if state.in_play else ""
            return _replace(state, step=ThirstWindow(card=card, thirst=thirst))
        case e.WaterGiven(character=c, card=card, target=t):
            state = _discard(state, event, c, card)
            state = _owe_less(state, event, t)
            return _window_reset(state)
        case e.ParasolShaded(character=c):
            return _owe_less(state, event, c)
        case e.CardsUnaccounted(cards=cards):
            return _replace(state, unaccounted=tuple(sorted(set(state.unaccounted) | set(cards))))
        case e.CardIdentified(placeholder=ph, card=card):
            if card not in state.unaccounted:
                raise _fail(event, f"{card!r} is not an unaccounted card")
            if not is_unknown(ph):
                raise _fail(event, f"{ph!r} is not a placeholder")
            replaced = _substitute(msgspec.to_builtins(state), ph, card)
            if replaced is None:
                raise _fail(event, f"placeholder {ph!r} is nowhere in the game")
            state = msgspec.convert(replaced, State)
            return _replace(state, unaccounted=_remove(state.unaccounted, card, event, "the unaccounted cards"))
        case e.LoveHateIdentified(character=c, love=love, hate=hate):
            _char(state, event, c)
            return replace_char(state, c, love=love, hate=hate)
        case e.CannibalismDeclared(character=c, card=card, body=body):
            _char(state, event, body)
            state = _discard(state, event, c, card)  # CANNIBAL-1, REF-13: spent when played
            return _replace(state, step=CannibalismObjection(user=c, card=card, body=body))
        case e.ObjectedToCannibalism():
            if not isinstance(state.step, CannibalismObjection):
                raise _fail(event, "nobody is playing Cannibalism now")
            return state
        case e.BodyEaten(body=body):
            if body not in state.seats:
                raise _fail(event, f"{body!r} is not in the boat")
            state = replace_char(state, body, in_boat=False)  # REF-12: out of the game with its cards, like OVER-3
            return _replace(state, seats=tuple(s for s in state.seats if s != body))
        case _:
            assert_never(event)


def contains(state: State, value: str) -> bool:
    """True when the string ``value`` (a card or placeholder) appears anywhere in ``state`` (REC-1 checks)."""
    return _substitute(msgspec.to_builtins(state), value, value) is not None


def _substitute(value: object, old: str, new: str) -> object | None:
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


def _owe_less(state: State, event: e.Event, character: str) -> State:
    step = state.step
    if not isinstance(step, ThirstWindow):
        raise _fail(event, "no thirst is being resolved")
    owed = dict(step.thirst)
    if owed.get(character, 0) < 1:
        raise _fail(event, f"{character} owes no thirst")
    owed[character] -= 1
    return _replace(state, step=_replace(step, thirst=tuple((c, owed[c]) for c, _ in step.thirst)))


def _is(card: str, face: str) -> bool:
    try:
        return face_of(card) == face
    except KeyError:
        return False


def fold(state: State, events: "tuple[e.Event, ...] | list[e.Event]") -> State:
    """Apply ``events`` in order (raises :class:`InconsistentHistory` like :func:`evolve`)."""
    for ev in events:
        state = evolve(state, ev)
    return state


__all__ = ["evolve", "fold"]
