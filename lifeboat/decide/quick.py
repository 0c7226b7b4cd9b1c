"""Quick legality of a seat's candidate commands: the checks of :func:`lifeboat.decide.decide`, answered without
running it, for :func:`lifeboat.legal.legal_commands` (a search bot lists legal commands thousands of times a
decision).

Each check answers exactly what the rule function of the same command type in :mod:`.actions`, :mod:`.trades`,
:mod:`.windows` and :mod:`.navigation` would: accept (its first event) or refuse (a RuleViolation), citing the same
rule ids. They hold only under the preconditions :func:`quick_legal` states, which ``legal_commands`` checks first;
``decide`` stays the authority: tests/engine/test_engine_dispatch.py and tests/engine/test_quick_legal.py compare
the two on every candidate of every seat over random games of every option.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from lifeboat import commands as c
from lifeboat.cards import is_unknown
from lifeboat.state import (
    ActionTurn, AwaitAnswer, AwaitSetup, CannibalismObjection, CompassChoice, CompassDraw, Fight, GameOver, MugDraw,
    NavigatorChoice, OverboardWindow, ProvisionsPick, RowPlace, State, ThirstWindow, status_of,
)

Check = Callable[[State, Any], bool]


def _face(s: State, card: str) -> str | None:
    """CARD-1: the face of a provision instance of the game's cards (CARD-3), ``None`` for anything else (decide's
    InvalidCommand)."""
    try:
        return s.cards.face_of(card)
    except KeyError:
        return None


def _held(s: State, by: str, card: str, face: str | None = None, hand_only: bool = False) -> bool:
    """CARD-1 (``require_held`` without placeholders): ``by`` holds ``card``, of ``face`` if given."""
    actual = _face(s, card)
    if actual is None or (face is not None and actual != face):
        return False
    ch = s.char(by)
    return card in ch.hand or (not hand_only and card in ch.face_up)


def _in_game(s: State, character: str) -> bool:
    """TURN-1 (``require_character``)."""
    return s.has(character)


def _actor(s: State, by: str) -> bool:
    """ACT-1, ACT-2 (``require_actor``; STATUS-1 is a precondition)."""
    step = s.step
    return isinstance(step, ActionTurn) and step.actor == by


def _in_boat(s: State, t: str) -> bool:
    """SWAP-1, MUG-1, MEDKIT-1 (``require_in_boat``)."""
    return t in s.seats and s.has(t)


def _keep_provision(s: State, cmd: c.KeepProvision) -> bool:  # PROV-2
    step = s.step
    return isinstance(step, ProvisionsPick) and step.picker == cmd.by and cmd.card in step.offered


def _action(s: State, cmd: c.DoNothing | c.Row) -> bool:  # ACT-2, ROW-1
    return _actor(s, cmd.by)


def _place_rowed_cards(s: State, cmd: c.PlaceRowedCards) -> bool:  # ROW-1
    step, placed = s.step, cmd.to_stack + cmd.to_bottom
    if not isinstance(step, RowPlace) or step.rower != cmd.by:
        return False
    if sorted(placed) != sorted(step.drawn) or len(set(placed)) != len(placed):
        return False
    return not (s.ruleset.row_keeps_exactly_one and len(cmd.to_stack) != min(1, len(step.drawn)))


def _change_seats(s: State, cmd: c.ChangeSeats) -> bool:  # SWAP-1
    return _actor(s, cmd.by) and _in_boat(s, cmd.target) and cmd.target != cmd.by


def _mug(s: State, cmd: c.Mug) -> bool:  # MUG-1
    t = cmd.target
    if not (_actor(s, cmd.by) and _in_boat(s, t) and t != cmd.by):
        return False
    target = s.char(t)
    if cmd.card is not None:
        return _face(s, cmd.card) is not None and cmd.card in target.face_up
    return bool(target.hand)


def _fire_flare_gun(s: State, cmd: c.FireFlareGun) -> bool:  # FLARE-1
    return _actor(s, cmd.by) and _held(s, cmd.by, cmd.card, "flare_gun")


def _open_parasol(s: State, cmd: c.OpenParasol) -> bool:  # PARASOL-1
    return _actor(s, cmd.by) and _held(s, cmd.by, cmd.card, "parasol") and s.open_parasol != cmd.card


def _use_medical_kit(s: State, cmd: c.UseMedicalKit) -> bool:  # MEDKIT-1
    t = cmd.target
    if not (_actor(s, cmd.by) and _held(s, cmd.by, cmd.card, "medical_kit") and _in_boat(s, t)):
        return False
    ch = s.char(t)
    return status_of(ch, s.ruleset.shark_variant, s.cards) != "dead" and ch.wounds != 0


def _cannibalize(s: State, cmd: c.Cannibalize) -> bool:  # CANNIBAL-1, EXP-1
    t = cmd.target
    if not (_actor(s, cmd.by) and "cannibalism" in s.ruleset.expansions
            and _held(s, cmd.by, cmd.card, "cannibalism") and _in_game(s, t) and t in s.seats):
        return False
    return status_of(s.char(t), s.ruleset.shark_variant, s.cards) == "dead"


def _answer(s: State, cmd: c.Answer) -> bool:  # PROC-2 (MUG-2 refuses only in a MugDraw)
    step = s.step
    return isinstance(step, AwaitAnswer) and step.target == cmd.by


def _join_fight(s: State, cmd: c.JoinFight) -> bool:  # FIGHT-2
    step = s.step
    return isinstance(step, Fight) and cmd.by not in step.attackers and cmd.by not in step.defenders


def _pass(s: State, cmd: c.Pass) -> bool:  # PROC-1, REF-14
    step, by = s.step, cmd.by
    if not isinstance(step, (Fight, OverboardWindow, ThirstWindow, CannibalismObjection)):
        return False
    if isinstance(step, CannibalismObjection) and step.user == by:
        return False
    return by not in step.passed


def _reveal(s: State, cmd: c.Reveal) -> bool:  # PLAY-1, MUG-2, REF-10
    if isinstance(s.step, (AwaitSetup, GameOver, MugDraw)):
        return False
    return _held(s, cmd.by, cmd.card, hand_only=True)


def _object_to_cannibalism(s: State, cmd: c.ObjectToCannibalism) -> bool:  # CANNIBAL-1
    step = s.step
    return isinstance(step, CannibalismObjection) and cmd.by != step.user


def _throw_life_preserver(s: State, cmd: c.ThrowLifePreserver) -> bool:  # OVER-1, OVER-3
    step, by, t = s.step, cmd.by, cmd.target
    if not (isinstance(step, OverboardWindow) and _held(s, by, cmd.card, "life_preserver") and _in_game(s, t)):
        return False
    if t in step.lost or t not in step.overboard or not s.conscious(t):
        return False
    return not (t == by and cmd.card in s.char(by).face_up)


def _expend_chum(s: State, cmd: c.ExpendChum) -> bool:  # OVER-1, OVER-2
    return isinstance(s.step, OverboardWindow) and _held(s, cmd.by, cmd.card, "chum")


def _give_water(s: State, cmd: c.GiveWater) -> bool:  # THIRST-1
    step = s.step
    if not (isinstance(step, ThirstWindow) and _held(s, cmd.by, cmd.card, "water") and _in_game(s, cmd.target)):
        return False
    return dict(step.thirst).get(cmd.target, 0) >= 1


def _offer_trade(s: State, cmd: c.OfferTrade) -> bool:  # TRADE-1, PROC-4
    by, to, give = cmd.by, cmd.to, cmd.give
    if not (isinstance(s.step, ActionTurn) and _in_game(s, to) and to != by and s.conscious(to)):
        return False
    if not (give or cmd.ask) or len(set(give)) != len(give):
        return False
    hand = s.char(by).hand
    if not all(card in hand and (is_unknown(card) or _face(s, card) is not None) for card in give):
        return False
    return all(_face(s, f"{face}-1") is not None for face in cmd.ask)


def _answer_trade(s: State, cmd: c.AnswerTrade) -> bool:  # TRADE-1
    offer, cards = s.offer, cmd.cards
    if offer is None or offer.to != cmd.by:
        return False
    if not cmd.accept:
        return True
    hand = s.char(cmd.by).hand
    if len(set(cards)) != len(cards) or not all(card in hand and _face(s, card) is not None for card in cards):
        return False
    return sorted(s.cards.face_of(card) for card in cards) == sorted(offer.ask)


def _use_compass(s: State, cmd: c.UseCompass) -> bool:  # NAV-2
    step = s.step
    return isinstance(step, CompassChoice) and step.navigator == cmd.by


def _choose_navigation_card(s: State, cmd: c.ChooseNavigationCard) -> bool:  # NAV-1, REC-1
    step = s.step
    return (isinstance(step, NavigatorChoice) and step.navigator == cmd.by and not is_unknown(cmd.card)
            and cmd.card in s.row_stack)


CHECKS: dict[type, Check] = {
    c.KeepProvision: _keep_provision, c.DoNothing: _action, c.Row: _action, c.PlaceRowedCards: _place_rowed_cards,
    c.ChangeSeats: _change_seats, c.Mug: _mug, c.FireFlareGun: _fire_flare_gun, c.OpenParasol: _open_parasol,
    c.UseMedicalKit: _use_medical_kit, c.Cannibalize: _cannibalize, c.Answer: _answer, c.JoinFight: _join_fight,
    c.Pass: _pass, c.Reveal: _reveal, c.ObjectToCannibalism: _object_to_cannibalism,
    c.ThrowLifePreserver: _throw_life_preserver, c.ExpendChum: _expend_chum, c.GiveWater: _give_water,
    c.OfferTrade: _offer_trade, c.AnswerTrade: _answer_trade, c.UseCompass: _use_compass,
    c.ChooseNavigationCard: _choose_navigation_card,
}
"""One check per player command type but CallSharks (a ghost's command, left to :func:`is_legal`)."""


def quick_legal(state: State, by: str, candidates: Iterable[c.PlayerCommand]) -> tuple[c.PlayerCommand, ...]:
    """The ``candidates`` (commands of ``by``) that :func:`decide` accepts in ``state``, in their order.

    Preconditions (what :func:`lifeboat.legal.legal_commands` checks before): a digital game (no placeholders,
    REC-1), not over (END-1), ``by`` a conscious character in the boat (TURN-1, STATUS-1); every candidate's
    ``by`` is ``by`` and its type is in :data:`CHECKS`. Raises ``KeyError`` for a command type outside it.
    """
    if state.offer is not None:  # TRADE-1: nothing but the answer while a trade waits
        return tuple(x for x in candidates if type(x) is c.AnswerTrade and _answer_trade(state, x))
    return tuple(x for x in candidates if CHECKS[type(x)](state, x))
