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
from typing import Any

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
    RowDraw, RowPlace, State, ThirstWindow, WINDOW_TYPES, status_of,
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
NOT_CHANCE_STEPS = _NOT_CHANCE
"""The step types in which :func:`chance_request` is ``None`` whatever the rest of the state (a frozenset)."""


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
    if state.offer is not None:
        return (state.offer.to,)
    if state.wong_share is not None:  # WONG-1, REF-25
        return ("mrs_wong",)
    step = state.step
    kind = type(step)  # type tests: the step classes are final (state.WINDOW_TYPES)
    who = _DECIDER.get(kind)
    if who is not None:
        return (getattr(step, who),)
    if kind is ThirstWindow or kind is Fight or (kind is OverboardWindow and not state.ghosts):
        passed = step.passed  # type: ignore[union-attr]  # a window: its kind was tested just above
        if not passed:  # a window just opened: every conscious character (the tuple itself: immutable)
            return state.conscious_seats()
        return tuple([ch for ch in state.conscious_seats() if ch not in passed])  # may_act_in_window's answer
    if kind in WINDOW_TYPES:
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

Out = list[c.PlayerCommand]
"""Where a step's maker appends the candidates it finds."""
Maker = Callable[[State, Any, str, CharacterState, Out], None]


def _pick(state: State, step: ProvisionsPick, by: str, me: CharacterState, out: Out) -> None:
    if step.picker == by:
        out += [c.KeepProvision(by=by, card=x) for x in step.offered]


def _actions(state: State, step: ActionTurn, by: str, me: CharacterState, out: Out) -> None:
    if step.actor == by:
        out += [c.DoNothing(by=by), c.Row(by=by)]
        for t in state.seats:
            if t == by:
                continue
            out.append(c.ChangeSeats(by=by, target=t))
            out.append(c.Mug(by=by, target=t))
            out += [c.Mug(by=by, target=t, card=x) for x in state.char(t).face_up]
        _plays(state, by, me, out)


def _plays(state: State, by: str, me: CharacterState, out: Out, known: dict[str, str] | None = None) -> None:
    """The cards ``by`` might play on its action (FLARE-1, PARASOL-1, MEDKIT-1, CANNIBAL-1), unchecked
    (``known``: this game's provision instances by face, when the caller has it)."""
    cards = state.cards
    known = known or {}
    for x in me.hand + me.face_up:
        face = known.get(x) or _face(x, cards)  # _face only for what known lacks: the same answer
        if face == "flare_gun":
            out.append(c.FireFlareGun(by=by, card=x))
        elif face == "parasol":
            out.append(c.OpenParasol(by=by, card=x))
        elif face == "medical_kit":
            out += [c.UseMedicalKit(by=by, card=x, target=t) for t in state.seats]
        elif face == "cannibalism":  # CANNIBAL-1: decide keeps only the dead bodies
            out += [c.Cannibalize(by=by, card=x, target=t) for t in state.seats if t != by]


def _place(state: State, step: RowPlace, by: str, me: CharacterState, out: Out) -> None:
    if step.rower == by:
        out += _place_all(by, step.drawn)


def _place_all(by: str, drawn: tuple[str, ...]) -> list[c.PlaceRowedCards]:
    """ROW-1: every way to put each of ``drawn`` on the row stack or under the deck (in an order)."""
    n, out = len(drawn), []
    for mask in range(1 << n):
        stack = tuple(drawn[i] for i in range(n) if mask >> i & 1)
        rest = [drawn[i] for i in range(n) if not mask >> i & 1]
        for order in permutations(rest):
            out.append(c.PlaceRowedCards(by=by, to_stack=stack, to_bottom=tuple(order)))
    return out


def _answer(state: State, step: AwaitAnswer, by: str, me: CharacterState, out: Out) -> None:
    if step.target == by:
        out += [c.Answer(by=by, consent=True), c.Answer(by=by, consent=False)]


def _compass(state: State, step: CompassChoice, by: str, me: CharacterState, out: Out) -> None:
    if step.navigator == by:
        out += [c.UseCompass(by=by, use=True), c.UseCompass(by=by, use=False)]


def _choose(state: State, step: NavigatorChoice, by: str, me: CharacterState, out: Out) -> None:
    if step.navigator == by:
        out += [c.ChooseNavigationCard(by=by, card=x) for x in state.row_stack if not is_unknown(x)]
        if any(is_unknown(x) for x in state.row_stack):  # REC-1: the recorder names the card turned up
            out += [c.ChooseNavigationCard(by=by, card=x) for x in state.unaccounted if x.startswith("nav-")]


def _fight(state: State, step: Fight, by: str, me: CharacterState, out: Out) -> None:
    out += [c.Pass(by=by), c.JoinFight(by=by, side="attacker"), c.JoinFight(by=by, side="defender")]


def _objection(state: State, step: CannibalismObjection, by: str, me: CharacterState, out: Out) -> None:
    out += [c.Pass(by=by), c.ObjectToCannibalism(by=by)]


def _overboard(state: State, step: OverboardWindow, by: str, me: CharacterState, out: Out) -> None:
    out.append(c.Pass(by=by))
    cards = state.cards
    for x in me.hand + me.face_up:
        face = _face(x, cards)
        if face == "life_preserver":
            out += [c.ThrowLifePreserver(by=by, card=x, target=t) for t in step.overboard]
        elif face == "chum":
            out.append(c.ExpendChum(by=by, card=x))


def _thirst(state: State, step: ThirstWindow, by: str, me: CharacterState, out: Out) -> None:
    out.append(c.Pass(by=by))
    cards = state.cards
    for x in me.hand + me.face_up:
        if _face(x, cards) == "water":
            out += [c.GiveWater(by=by, card=x, target=t) for t, n in step.thirst if n > 0]


def _nothing(state: State, step: object, by: str, me: CharacterState, out: Out) -> None:
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
    if maker is _actions:  # TRADE-1: one-card gifts, by anyone between actions
        out += [c.OfferTrade(by=by, to=t, give=(x,)) for t in state.seats if t != by for x in me.hand]
    out += [c.Reveal(by=by, card=x) for x in me.hand]
    if "liquid_courage" in state.ruleset.expansions:  # LIQUID-1; without it no Firewater takes part (EXP-1)
        out += [c.DrinkFirewater(by=by, card=x) for x in me.hand if _face(x, state.cards) == "firewater"]
    return out


def legal_commands(state: State, character: str) -> tuple[c.PlayerCommand, ...]:
    """Every command ``character`` may issue now (see the module docstring for trades); empty when none.

    Raises ``KeyError`` when ``character`` is not in the game. Lady Lauren, first from the bow, keeps one of the
    provisions drawn (PROV-2), or reveals a card (PLAY-1); the others may only reveal theirs:

        >>> import random
        >>> import lifeboat
        >>> from lifeboat import chance
        >>> state = lifeboat.new_game(["Ann", "Bob", "Cy", "Dee"])
        >>> decks = chance.shuffle(random.Random(7), salt="example")
        >>> state, _ = lifeboat.apply(state, chance.setup_command(state, decks))
        >>> state, _ = lifeboat.apply(state, chance.next_chance(state, decks))  # the provisions drawn (PROV-2)
        >>> lifeboat.legal_commands(state, "lady_lauren")[:2]
        (KeepProvision(by='lady_lauren', card='cash-4'), KeepProvision(by='lady_lauren', card='compass-1'))
        >>> lifeboat.legal_commands(state, "kid")
        (Reveal(by='kid', card='medical_kit-1'),)
    """
    me = state.char(character)
    step = state.step
    if type(step) is GameOver:  # END-1 (State.over: a final class)
        return ()
    if character in state.ghosts:  # GHOST-1: a ghost only calls the sharks or passes, at an overboard
        if not isinstance(step, OverboardWindow):
            return ()
        return tuple(x for x in (c.Pass(by=character), c.CallSharks(by=character)) if is_legal(state, x))
    cards = state.cards
    if not (me.in_boat and me.wounds < cards.size[character] + state.ruleset.shark_variant):  # State.conscious
        return ()
    if state.unaccounted:  # REC-1: placeholders may be named by a command; decide itself says
        return tuple(cmd for cmd in _candidates(state, character) if is_legal(state, cmd))
    maker = _MAKERS.get(type(step))
    if maker is None or state.offer is not None or state.wong_share is not None:
        return quick_legal(state, character, _candidates(state, character, me), me)
    return _digital(state, step, maker, character, me, cards)


def _digital(state: State, step: object, maker: Maker, by: str, me: CharacterState,
             cards: CardSet) -> tuple[c.PlayerCommand, ...]:
    """``legal_commands`` in a digital game while no trade or share waits (a playout's usual case, made often):
    the step's own commands, the one-card gifts and the reveals, in :func:`_candidates`' order. The frequent
    ones are made legal already (:func:`_thirst_legal`, :func:`_action_legal`; TRADE-1: a provision in hand to a
    conscious other character in the boat, in the action phase; PLAY-1: a provision in hand outside setup, the
    end and a mug's draw), the rest checked by :func:`quick_legal`; Firewater checked (LIQUID-1). Tests compare
    the list with :func:`decide` on every candidate of random games (tests/engine/test_engine_dispatch.py)."""
    known = cards.faces_by_instance()  # CARD-1: a provision instance of this game's cards
    hand, reveals = _hand_of(by, me.hand, known)
    legal: list[c.PlayerCommand]
    if maker is _thirst:
        legal = _thirst_legal(step, by, me, known, cards)  # type: ignore[arg-type]  # the maker says: a ThirstWindow
    elif maker is _overboard:
        legal = _overboard_legal(state, step, by, me)  # type: ignore[arg-type]  # the maker says: overboard
    elif maker is _actions:
        legal = _action_legal(state, step, by, me, known)  # type: ignore[arg-type]  # the maker says: an ActionTurn
        if hand:  # TRADE-1: one-card gifts to each other conscious character, in seat order then hand order
            gift = c.OfferTrade  # fields by, to, give: made positionally, the cheapest way (many each turn)
            legal += [gift(by, t, (x,)) for t in state.conscious_seats() if t != by for x in hand]
    elif maker is _place:  # ROW-1: each a placement of exactly the drawn cards; the option keeps one
        legal = list(_placements(by, step.drawn, state.ruleset.row_keeps_exactly_one)) if step.rower == by else []  # type: ignore[attr-defined]  # _place: a RowPlace
    else:
        out: list[c.PlayerCommand] = []
        maker(state, step, by, me, out)
        if maker in _LEGAL_AS_MADE:
            legal = out
        elif maker is _fight:  # PROC-1, FIGHT-2: a pass unless passed; a join unless in the fight
            joined = by in step.attackers or by in step.defenders  # type: ignore[attr-defined]  # _fight: a Fight
            legal = [x for x in out if (x.by not in step.passed if type(x) is c.Pass else not joined)]  # type: ignore[attr-defined]  # a Fight
        else:
            legal = list(quick_legal(state, by, out, me)) if out else []
    legal += reveals
    if "liquid_courage" in state.ruleset.expansions:  # LIQUID-1; without it no Firewater takes part (EXP-1)
        legal += quick_legal(state, by, [c.DrinkFirewater(by=by, card=x) for x in me.hand
                                         if _face(x, cards) == "firewater"], me)
    return tuple(legal)


_LEGAL_AS_MADE = frozenset({_pick, _answer, _compass, _choose})
"""Makers whose candidates in a digital game are legal as made: the picker keeps a card offered (PROV-2), the
asked one consents or refuses (PROC-2), the navigator uses the Compass or not (NAV-2) or takes a card of the row
stack (NAV-1)."""

_REVEALS: dict[tuple[str, str], c.Reveal] = {}
_CACHE_MAX = 50_000
"""The most entries each cache below keeps (it is emptied when full: a long-lived process plays many games)."""
_BY_HAND: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, ...], tuple[c.Reveal, ...]]] = {}
_BY_HAND_FOR: list[object] = [None]  # the faces_by_instance() map _BY_HAND was made with
_PLACEMENTS: dict[tuple[str, tuple[str, ...], bool], tuple[c.PlayerCommand, ...]] = {}


def _reveal(by: str, card: str) -> c.Reveal:
    """The one ``Reveal(by, card)`` (commands are frozen: one object serves every list; the most frequent
    candidate, made once instead of at every call)."""
    cmd = _REVEALS.get((by, card))
    if cmd is None:
        cmd = _REVEALS[(by, card)] = c.Reveal(by=by, card=card)
    return cmd


def _hand_of(by: str, hand: tuple[str, ...], known: dict[str, str]) -> tuple[tuple[str, ...], tuple[c.Reveal, ...]]:
    """CARD-1, PLAY-1: the provision instances of ``hand`` (``by``'s) that ``known`` (this game's cards' instances)
    has, and a Reveal of each. A pure function of its arguments, kept: a hand stays the same for many steps."""
    if _BY_HAND_FOR[0] is not known:  # another game's card data: what was kept was for the other
        _BY_HAND.clear()
        _BY_HAND_FOR[0] = known
    got = _BY_HAND.get((by, hand))
    if got is None:
        if len(_BY_HAND) >= _CACHE_MAX:
            _BY_HAND.clear()
        kept = tuple([x for x in hand if x in known])
        got = _BY_HAND[(by, hand)] = (kept, tuple([_reveal(by, x) for x in kept]))
    return got


def _placements(by: str, drawn: tuple[str, ...], keeps_one: bool) -> tuple[c.PlayerCommand, ...]:
    """ROW-1: every placement of exactly the ``drawn`` cards, in :func:`_place`'s order; with option
    ``row_keeps_exactly_one`` (``keeps_one``) only those that keep one on the stack (kept as :func:`_hand_of`)."""
    key = (by, drawn, keeps_one)
    got = _PLACEMENTS.get(key)
    if got is None:
        if len(_PLACEMENTS) >= _CACHE_MAX:
            _PLACEMENTS.clear()
        out = _place_all(by, drawn)
        got = _PLACEMENTS[key] = tuple(out) if not keeps_one else tuple(
            x for x in out if len(x.to_stack) == min(1, len(drawn)))
    return got


def _thirst_legal(step: ThirstWindow, by: str, me: CharacterState, known: dict[str, str],
                  cards: CardSet) -> list[c.PlayerCommand]:
    """THIRST-1, PROC-1: a pass unless passed already; a Water held (in hand or face up) to each character still
    owed thirst (``known``: this game's provision instances by face, ``cards``' own map)."""
    out: list[c.PlayerCommand] = [] if by in step.passed else [c.Pass(by=by)]
    thirsty = [t for t, n in step.thirst if n > 0]
    if thirsty:
        for x in me.hand + me.face_up:
            if (known.get(x) or _face(x, cards)) == "water":  # _face only for what known lacks: the same answer
                out += [c.GiveWater(by=by, card=x, target=t) for t in thirsty]
    return out


def _overboard_legal(state: State, step: OverboardWindow, by: str, me: CharacterState) -> list[c.PlayerCommand]:
    """PROC-1, OVER-1, OVER-2, OVER-3, REF-22: a pass unless passed already; each Life Preserver held and not
    thrown yet to each conscious character overboard and not lost (to oneself only from the hand); each Chum
    held."""
    out: list[c.PlayerCommand] = [] if by in step.passed else [c.Pass(by=by)]
    cards = state.cards
    for x in me.hand + me.face_up:
        face = _face(x, cards)
        if face == "life_preserver" and x not in step.thrown:
            out += [c.ThrowLifePreserver(by=by, card=x, target=t) for t in step.overboard
                    if t not in step.lost and state.conscious(t) and not (t == by and x in me.face_up)]
        elif face == "chum":
            out.append(c.ExpendChum(by=by, card=x))
    return out


def _action_legal(state: State, step: ActionTurn, by: str, me: CharacterState,
                  known: dict[str, str]) -> list[c.PlayerCommand]:
    """ACT-2, ROW-1, SWAP-1, MUG-1 for the actor: do nothing, row, change seats with anyone in the boat, mug one
    with a hand or for a card face up; the cards played (FLARE, PARASOL, MEDKIT, CANNIBAL) checked by
    :func:`quick_legal`. Empty for anyone else. ``known``: this game's provision instances by face."""
    if step.actor != by:
        return []
    out: list[c.PlayerCommand] = [c.DoNothing(by=by), c.Row(by=by)]
    chars = {ch.character: ch for ch in reversed(state.characters)}  # State.char's answer (the first of an id)
    for t in state.seats:
        if t == by:
            continue
        target = chars[t]  # KeyError: not in the game, as State.char
        out.append(c.ChangeSeats(by=by, target=t))
        if target.hand:
            out.append(c.Mug(by=by, target=t))
        if target.face_up:
            cards = state.cards
            out += [c.Mug(by=by, target=t, card=x) for x in target.face_up
                    if x in known or _face(x, cards) is not None]  # _face only for what known lacks
    if me.hand or me.face_up:
        out += _plays_legal(state, by, me, known, chars)
    return out


def _plays_legal(state: State, by: str, me: CharacterState, known: dict[str, str],
                 chars: dict[str, CharacterState]) -> list[c.PlayerCommand]:
    """:func:`_plays` for the actor ``by``, only what :func:`quick_legal` accepts of it (the same checks, made
    here: each card is held): FLARE-1 the Flare Gun; PARASOL-1 the Parasol unless it is the one open; MEDKIT-1 on
    anyone in the boat neither dead nor unwounded; CANNIBAL-1 (EXP-1) on a dead body in the boat. ``chars``: the
    characters by id, as State.char finds them."""
    cards, bonus = state.cards, state.ruleset.shark_variant
    out: list[c.PlayerCommand] = []
    for x in me.hand + me.face_up:
        face = known.get(x) or _face(x, cards)  # _face only for what known lacks: the same answer
        if face == "flare_gun":
            out.append(c.FireFlareGun(by=by, card=x))
        elif face == "parasol":
            if state.open_parasol != x:
                out.append(c.OpenParasol(by=by, card=x))
        elif face == "medical_kit":
            out += [c.UseMedicalKit(by=by, card=x, target=t) for t in state.seats
                    if t in chars and status_of(chars[t], bonus, cards) != "dead" and chars[t].wounds != 0]
        elif face == "cannibalism" and "cannibalism" in state.ruleset.expansions:
            out += [c.Cannibalize(by=by, card=x, target=t) for t in state.seats
                    if t != by and t in chars and status_of(chars[t], bonus, cards) == "dead"]
    return out
