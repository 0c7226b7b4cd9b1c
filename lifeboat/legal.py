"""What may happen now: ``legal_commands(state, character)`` for a seat, ``chance_request(state)`` for chance.

``legal_commands`` lists every command the rules allow that character now, except trades, of which it lists only
one-card gifts (every trade obeying TRADE-1 is legal; the list is for bots and prompts). Each candidate is checked
by :func:`lifeboat.decide.quick.quick_legal` in a digital game (the rules' checks without running
:func:`decide`; tests compare the two on every candidate of random games) and by :func:`decide` itself
(:func:`lifeboat.decide.is_legal`) in a recorded one (REC-1), so the list and the rules cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

import msgspec

from lifeboat import commands as c
from lifeboat.card_set import CardSet
from lifeboat.cards import is_unknown
from lifeboat.decide import is_legal, may_act_in_window
from lifeboat.decide.quick import quick_legal
from lifeboat.state import (
    ActionTurn, AwaitAnswer, AwaitSetup, CannibalismObjection, CharacterState, CompassChoice, CompassDraw, Fight,
    FlareDraw, GameOver, MugDraw, NavigationTurn, NavigatorChoice, NavigatorDraw, OverboardWindow, ProvisionsDraw,
    ProvisionsPick,
    RowDraw, RowPlace, State, ThirstWindow,
)


class ChanceRequest(msgspec.Struct, frozen=True):
    """What chance must decide now. ``kind`` is the chance command's tag (``deal_setup``, ``draw_provisions``,
    ``draw_navigation``, ``draw_from_hand``); ``count`` how many cards; ``target`` whose hand for a mug."""

    kind: str
    count: int = 0
    target: str | None = None


_DECIDER = {ProvisionsPick: "picker", ActionTurn: "actor", RowPlace: "rower", AwaitAnswer: "target",
            CompassChoice: "navigator", NavigatorChoice: "navigator"}
"""The steps where one character decides, to the field naming it (what :func:`waiting_for` reads first)."""
_NOT_CHANCE = frozenset({*_DECIDER, Fight, OverboardWindow, ThirstWindow, CannibalismObjection, GameOver})
"""Steps where chance has nothing to decide (what :func:`chance_request` reads first)."""


def chance_request(state: State) -> ChanceRequest | None:
    """The chance outcome the game waits for, or ``None`` when a player must act (or the game is over)."""
    step = state.step
    if type(step) in _NOT_CHANCE or state.wong_share is not None:  # REF-25: Mrs. Wong answers first
        return None
    if isinstance(step, AwaitSetup):
        return ChanceRequest(kind="deal_setup", count=len(state.players))
    if isinstance(step, ProvisionsDraw):
        return ChanceRequest(kind="draw_provisions", count=step.count)
    if isinstance(step, (RowDraw, FlareDraw)):
        return ChanceRequest(kind="draw_navigation", count=step.count)
    if isinstance(step, CompassDraw):  # NAV-2: 2 when nobody rowed under compass_extra_card
        return ChanceRequest(kind="draw_navigation", count=step.count)
    if isinstance(step, (NavigatorDraw, NavigationTurn)):
        return ChanceRequest(kind="draw_navigation", count=1)
    if isinstance(step, MugDraw):
        return ChanceRequest(kind="draw_from_hand", count=1, target=step.target)
    return None


def waiting_for(state: State) -> tuple[str, ...]:
    """Characters whose decision the game waits for now (public information: whose move it is)."""
    step = state.step
    if state.offer is not None:
        return (state.offer.to,)
    if state.wong_share is not None:  # WONG-1, REF-25
        return ("mrs_wong",)
    who = _DECIDER.get(type(step))
    if who is not None:
        return (getattr(step, who),)
    if isinstance(step, (Fight, OverboardWindow, ThirstWindow, CannibalismObjection)):
        return may_act_in_window(state)
    return ()


def _face(card: str, cards: CardSet) -> str | None:
    """The face of a card of ``cards`` (the game's, CARD-3), ``None`` for a placeholder (REC-1: a recorded game's
    unseen card)."""
    return None if is_unknown(card) else cards.face_of(card)


def _trade_answers(state: State, by: str, me: CharacterState) -> list[c.PlayerCommand]:
    """TRADE-1: decline, and accept with the first hand card of each face asked (when the hand has them)."""
    offer = state.offer
    if offer is None or offer.to != by:
        return []
    out: list[c.PlayerCommand] = [c.AnswerTrade(by=by, accept=False)]
    pick: list[str] = []
    hand = list(me.hand)
    for face in offer.ask:
        match = next((x for x in hand if _face(x, state.cards) == face), None)
        if match is None:
            break
        hand.remove(match)
        pick.append(match)
    else:
        out.append(c.AnswerTrade(by=by, accept=True, cards=tuple(pick)))
    return out


# ---- candidates by step: each appends to ``out`` what ``by`` might do in that step -------------------------------

Maker = Callable[[State, object, str, CharacterState, list], None]


def _pick(state: State, step: ProvisionsPick, by: str, me: CharacterState, out: list) -> None:
    if step.picker == by:
        out += [c.KeepProvision(by=by, card=x) for x in step.offered]


def _actions(state: State, step: ActionTurn, by: str, me: CharacterState, out: list) -> None:
    if step.actor == by:
        out += [c.DoNothing(by=by), c.Row(by=by)]
        for t in state.seats:
            if t == by:
                continue
            out.append(c.ChangeSeats(by=by, target=t))
            out.append(c.Mug(by=by, target=t))
            out += [c.Mug(by=by, target=t, card=x) for x in state.char(t).face_up]
        cards = state.cards
        for x in me.hand + me.face_up:
            face = _face(x, cards)
            if face == "flare_gun":
                out.append(c.FireFlareGun(by=by, card=x))
            elif face == "parasol":
                out.append(c.OpenParasol(by=by, card=x))
            elif face == "medical_kit":
                out += [c.UseMedicalKit(by=by, card=x, target=t) for t in state.seats]
            elif face == "cannibalism":  # CANNIBAL-1: decide keeps only the dead bodies
                out += [c.Cannibalize(by=by, card=x, target=t) for t in state.seats if t != by]
    for t in state.seats:  # TRADE-1: one-card gifts, by anyone between actions
        if t != by:
            out += [c.OfferTrade(by=by, to=t, give=(x,)) for x in me.hand]


def _place(state: State, step: RowPlace, by: str, me: CharacterState, out: list) -> None:
    if step.rower == by:
        drawn = step.drawn
        n = len(drawn)
        for mask in range(1 << n):
            stack = tuple(drawn[i] for i in range(n) if mask >> i & 1)
            rest = [drawn[i] for i in range(n) if not mask >> i & 1]
            for order in permutations(rest):
                out.append(c.PlaceRowedCards(by=by, to_stack=stack, to_bottom=tuple(order)))


def _answer(state: State, step: AwaitAnswer, by: str, me: CharacterState, out: list) -> None:
    if step.target == by:
        out += [c.Answer(by=by, consent=True), c.Answer(by=by, consent=False)]


def _compass(state: State, step: CompassChoice, by: str, me: CharacterState, out: list) -> None:
    if step.navigator == by:
        out += [c.UseCompass(by=by, use=True), c.UseCompass(by=by, use=False)]


def _choose(state: State, step: NavigatorChoice, by: str, me: CharacterState, out: list) -> None:
    if step.navigator == by:
        out += [c.ChooseNavigationCard(by=by, card=x) for x in state.row_stack if not is_unknown(x)]
        if any(is_unknown(x) for x in state.row_stack):  # REC-1: the recorder names the card turned up
            out += [c.ChooseNavigationCard(by=by, card=x) for x in state.unaccounted if x.startswith("nav-")]


def _fight(state: State, step: Fight, by: str, me: CharacterState, out: list) -> None:
    out += [c.Pass(by=by), c.JoinFight(by=by, side="attacker"), c.JoinFight(by=by, side="defender")]


def _objection(state: State, step: CannibalismObjection, by: str, me: CharacterState, out: list) -> None:
    out += [c.Pass(by=by), c.ObjectToCannibalism(by=by)]


def _overboard(state: State, step: OverboardWindow, by: str, me: CharacterState, out: list) -> None:
    out.append(c.Pass(by=by))
    cards = state.cards
    for x in me.hand + me.face_up:
        face = _face(x, cards)
        if face == "life_preserver":
            out += [c.ThrowLifePreserver(by=by, card=x, target=t) for t in step.overboard]
        elif face == "chum":
            out.append(c.ExpendChum(by=by, card=x))


def _thirst(state: State, step: ThirstWindow, by: str, me: CharacterState, out: list) -> None:
    out.append(c.Pass(by=by))
    cards = state.cards
    for x in me.hand + me.face_up:
        if _face(x, cards) == "water":
            out += [c.GiveWater(by=by, card=x, target=t) for t, n in step.thirst if n > 0]


def _nothing(state: State, step: object, by: str, me: CharacterState, out: list) -> None:
    pass


_MAKERS: dict[type, Maker] = {
    ProvisionsPick: _pick, ActionTurn: _actions, RowPlace: _place, AwaitAnswer: _answer,
    CompassChoice: _compass, NavigatorChoice: _choose, Fight: _fight, CannibalismObjection: _objection,
    OverboardWindow: _overboard, ThirstWindow: _thirst,
    ProvisionsDraw: _nothing, RowDraw: _nothing, FlareDraw: _nothing, CompassDraw: _nothing,
    NavigatorDraw: _nothing,
    NavigationTurn: _nothing,
}
_NO_REVEAL = (AwaitSetup, GameOver, MugDraw)  # PLAY-1, MUG-2, REF-10


def _candidates(state: State, by: str, me: CharacterState | None = None) -> list[c.PlayerCommand]:
    """What ``by`` (whose state is ``me``, looked up when not given) might do now, before the rules check it: the
    step's own commands, then reveals (PLAY-1)."""
    me = state.char(by) if me is None else me
    if state.offer is not None:
        return _trade_answers(state, by, me)
    if state.wong_share is not None:  # WONG-1, REF-25: only Mrs. Wong's answer
        return [c.ShareFirewater(by=by, share=True), c.ShareFirewater(by=by, share=False)] if by == "mrs_wong" else []
    step = state.step
    out: list[c.PlayerCommand] = []
    maker = _MAKERS.get(type(step))
    if maker is None:
        if isinstance(step, _NO_REVEAL):
            return out
        maker = _nothing
    maker(state, step, by, me, out)
    out += [c.Reveal(by=by, card=x) for x in me.hand]
    if "liquid_courage" in state.ruleset.expansions:  # LIQUID-1; without it no Firewater takes part (EXP-1)
        out += [c.DrinkFirewater(by=by, card=x) for x in me.hand if _face(x, state.cards) == "firewater"]
    return out


def legal_commands(state: State, character: str) -> tuple[c.PlayerCommand, ...]:
    """Every command ``character`` may issue now (see the module docstring for trades); empty when none.

    Raises ``KeyError`` when ``character`` is not in the game.
    """
    me = state.char(character)
    if state.over:
        return ()
    if character in state.ghosts:  # GHOST-1: a ghost only calls the sharks or passes, at an overboard
        if not isinstance(state.step, OverboardWindow):
            return ()
        return tuple(x for x in (c.Pass(by=character), c.CallSharks(by=character)) if is_legal(state, x))
    if not state.conscious(character):
        return ()
    if state.unaccounted:  # REC-1: placeholders may be named by a command; decide itself says
        return tuple(cmd for cmd in _candidates(state, character) if is_legal(state, cmd))
    return quick_legal(state, character, _candidates(state, character, me), me)
