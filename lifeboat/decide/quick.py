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
    ActionTurn, AwaitAnswer, AwaitSetup, CannibalismObjection, CharacterState, CompassChoice, Fight, GameOver, MugDraw,
    NavigatorChoice, OverboardWindow, ProvisionsPick, RowPlace, State, ThirstWindow, status_of,
)

_NO_PLAY = (AwaitSetup, GameOver, MugDraw)  # PLAY-1, MUG-2, REF-10: no card revealed or drunk in these steps

Check = Callable[["Facts", Any], bool]


class Facts:
    """What the checks of one :func:`quick_legal` call share: the state, the seat ``by`` and its character, the
    game's cards (CARD-3), the characters by id (looked up once)."""

    __slots__ = ("s", "by", "me", "cards", "step", "bonus", "_chars", "_hand", "_trade_to", "_thirst", "_drawn")

    def __init__(self, s: State, by: str, me: CharacterState | None = None) -> None:
        self.s, self.by, self.step = s, by, s.step
        self.me = s.char(by) if me is None else me
        self.cards = s.cards
        self.bonus = s.ruleset.shark_variant  # OPT-SHARK
        self._chars: dict[str, CharacterState] | None = None
        self._hand: set[str] | None = None
        self._trade_to: dict[str, bool] = {}
        self._thirst: dict[str, int] | None = None
        self._drawn: list[str] | None = None

    def thirst(self) -> dict[str, int]:
        """THIRST-1: the thirst still owed by character (``dict(step.thirst)``, as ``give_water`` reads it); only
        in a :class:`ThirstWindow`."""
        if self._thirst is None:
            self._thirst = dict(self.step.thirst)  # type: ignore[union-attr]  # only called in a ThirstWindow (the docstring says so)
        return self._thirst

    def drawn(self) -> list[str]:
        """ROW-1: the rowed cards to place, sorted; only in a :class:`RowPlace`."""
        if self._drawn is None:
            self._drawn = sorted(self.step.drawn)  # type: ignore[union-attr]  # only called in a RowPlace (the docstring says so)
        return self._drawn

    def hand(self) -> set[str]:
        """CARD-1: the provision instances in ``by``'s hand (what ``require_held(hand_only=True)`` accepts)."""
        if self._hand is None:
            self._hand = {x for x in self.me.hand if self.face(x) is not None}
        return self._hand

    def trade_to(self, to: str) -> bool:
        """TRADE-1, PROC-4: ``by`` may offer ``to`` a trade now (in the action phase, another conscious character
        of the game), whatever the cards."""
        ok = self._trade_to.get(to)
        if ok is None:
            ok = self._trade_to[to] = (isinstance(self.step, ActionTurn) and to in self.chars() and to != self.by
                                       and self.conscious(to))
        return ok

    def chars(self) -> dict[str, CharacterState]:
        """The characters of the game by id (the first of a repeated id, as ``State.char``)."""
        if self._chars is None:
            self._chars = {ch.character: ch for ch in reversed(self.s.characters)}
        return self._chars

    def face(self, card: str) -> str | None:
        """CARD-1: the face of a provision instance of the game's cards, ``None`` for anything else (decide's
        InvalidCommand)."""
        try:
            return self.cards.face_of(card)
        except KeyError:
            return None

    def held(self, card: str, face: str | None = None, hand_only: bool = False) -> bool:
        """CARD-1 (``require_held`` without placeholders): ``by`` holds ``card``, of ``face`` if given."""
        actual = self.face(card)
        if actual is None or (face is not None and actual != face):
            return False
        return card in self.me.hand or (not hand_only and card in self.me.face_up)

    def actor(self) -> bool:
        """ACT-1, ACT-2 (``require_actor``; STATUS-1 is a precondition)."""
        step = self.step
        return isinstance(step, ActionTurn) and step.actor == self.by

    def in_boat(self, t: str) -> bool:
        """SWAP-1, MUG-1, MEDKIT-1 (``require_in_boat``)."""
        return t in self.s.seats and t in self.chars()

    def conscious(self, t: str) -> bool:
        """STATUS-1 (``State.conscious``) of a character in the game."""
        ch = self.chars()[t]
        return ch.in_boat and ch.wounds < self.cards.size[t] + self.bonus

    def status(self, t: str) -> str:
        """STATUS-1 (``State.status``) of a character in the game."""
        return status_of(self.chars()[t], self.bonus, self.cards)


def _keep_provision(f: Facts, cmd: c.KeepProvision) -> bool:  # PROV-2
    step = f.step
    return isinstance(step, ProvisionsPick) and step.picker == cmd.by and cmd.card in step.offered


def _action(f: Facts, cmd: c.DoNothing | c.Row) -> bool:  # ACT-2, ROW-1
    return f.actor()


def _place_rowed_cards(f: Facts, cmd: c.PlaceRowedCards) -> bool:  # ROW-1
    step, placed = f.step, cmd.to_stack + cmd.to_bottom
    if not isinstance(step, RowPlace) or step.rower != cmd.by:
        return False
    if sorted(placed) != f.drawn() or len(set(placed)) != len(placed):
        return False
    return not (f.s.ruleset.row_keeps_exactly_one and len(cmd.to_stack) != min(1, len(step.drawn)))


def _change_seats(f: Facts, cmd: c.ChangeSeats) -> bool:  # SWAP-1
    return f.actor() and f.in_boat(cmd.target) and cmd.target != cmd.by


def _mug(f: Facts, cmd: c.Mug) -> bool:  # MUG-1
    t = cmd.target
    if not (f.actor() and f.in_boat(t) and t != cmd.by):
        return False
    target = f.chars()[t]
    if cmd.card is not None and f.cards.is_look(cmd.card):  # VIEW-FACE-1: a face names its first face-up card
        return any(cmd.card in (f.cards.look_of(x), f.cards.face(x)) for x in target.face_up)
    if cmd.card is not None:
        return f.face(cmd.card) is not None and cmd.card in target.face_up
    return bool(target.hand)


def _fire_flare_gun(f: Facts, cmd: c.FireFlareGun) -> bool:  # FLARE-1
    return f.actor() and f.held(cmd.card, "flare_gun")


def _open_parasol(f: Facts, cmd: c.OpenParasol) -> bool:  # PARASOL-1
    return f.actor() and f.held(cmd.card, "parasol") and f.s.open_parasol != cmd.card


def _use_medical_kit(f: Facts, cmd: c.UseMedicalKit) -> bool:  # MEDKIT-1
    t = cmd.target
    if not (f.actor() and f.held(cmd.card, "medical_kit") and f.in_boat(t)):
        return False
    return f.status(t) != "dead" and f.chars()[t].wounds != 0


def _cannibalize(f: Facts, cmd: c.Cannibalize) -> bool:  # CANNIBAL-1, EXP-1
    t = cmd.target
    if not (f.actor() and "cannibalism" in f.s.ruleset.expansions and f.held(cmd.card, "cannibalism")
            and t in f.chars() and t in f.s.seats):
        return False
    return f.status(t) == "dead"


def _answer(f: Facts, cmd: c.Answer) -> bool:  # PROC-2 (MUG-2 refuses only in a MugDraw)
    step = f.step
    return isinstance(step, AwaitAnswer) and step.target == cmd.by


def _join_fight(f: Facts, cmd: c.JoinFight) -> bool:  # FIGHT-2
    step = f.step
    return isinstance(step, Fight) and cmd.by not in step.attackers and cmd.by not in step.defenders


def _pass(f: Facts, cmd: c.Pass) -> bool:  # PROC-1, REF-14
    step, by = f.step, cmd.by
    if not isinstance(step, (Fight, OverboardWindow, ThirstWindow, CannibalismObjection)):
        return False
    if isinstance(step, CannibalismObjection) and step.user == by:
        return False
    return by not in step.passed


def _reveal(f: Facts, cmd: c.Reveal) -> bool:  # PLAY-1, MUG-2, REF-10
    return not isinstance(f.step, _NO_PLAY) and cmd.card in f.hand()


def _object_to_cannibalism(f: Facts, cmd: c.ObjectToCannibalism) -> bool:  # CANNIBAL-1
    step = f.step
    return isinstance(step, CannibalismObjection) and cmd.by != step.user


def _throw_life_preserver(f: Facts, cmd: c.ThrowLifePreserver) -> bool:  # OVER-1, OVER-3, REF-22
    step, by, t = f.step, cmd.by, cmd.target
    if not (isinstance(step, OverboardWindow) and f.held(cmd.card, "life_preserver") and t in f.chars()):
        return False
    if cmd.card in step.thrown:
        return False
    if t in step.lost or t not in step.overboard or not f.conscious(t):
        return False
    return not (t == by and cmd.card in f.me.face_up)


def _expend_chum(f: Facts, cmd: c.ExpendChum) -> bool:  # OVER-1, OVER-2
    return isinstance(f.step, OverboardWindow) and f.held(cmd.card, "chum")


def _give_water(f: Facts, cmd: c.GiveWater) -> bool:  # THIRST-1
    step = f.step
    if not (isinstance(step, ThirstWindow) and f.held(cmd.card, "water") and cmd.target in f.chars()):
        return False
    return f.thirst().get(cmd.target, 0) >= 1


def _drink_firewater(f: Facts, cmd: c.DrinkFirewater) -> bool:  # LIQUID-1, REF-24, EXP-1
    if "liquid_courage" not in f.s.ruleset.expansions or isinstance(f.step, _NO_PLAY):
        return False
    return f.held(cmd.card, "firewater", hand_only=True)


def _share_firewater(f: Facts, cmd: c.ShareFirewater) -> bool:  # WONG-1
    return f.s.wong_share is not None and cmd.by == "mrs_wong"


def _offer_trade(f: Facts, cmd: c.OfferTrade) -> bool:  # TRADE-1, PROC-4
    give = cmd.give
    if not f.trade_to(cmd.to):
        return False
    if len(give) == 1 and not cmd.ask:  # a one-card gift, as legal_commands lists them
        return give[0] in f.hand() or (is_unknown(give[0]) and give[0] in f.me.hand)
    if not (give or cmd.ask) or len(set(give)) != len(give):
        return False
    if not all(card in f.hand() or (is_unknown(card) and card in f.me.hand) for card in give):
        return False
    return all(f.face(f"{face}-1") is not None for face in cmd.ask)


def _answer_trade(f: Facts, cmd: c.AnswerTrade) -> bool:  # TRADE-1
    offer, cards = f.s.offer, cmd.cards
    if offer is None or offer.to != cmd.by:
        return False
    if not cmd.accept:
        return True
    hand = f.me.hand
    if len(set(cards)) != len(cards) or not all(card in hand and f.face(card) is not None for card in cards):
        return False
    return sorted(f.cards.face_of(card) for card in cards) == sorted(offer.ask)


def _use_compass(f: Facts, cmd: c.UseCompass) -> bool:  # NAV-2
    step = f.step
    return isinstance(step, CompassChoice) and step.navigator == cmd.by


def _choose_navigation_card(f: Facts, cmd: c.ChooseNavigationCard) -> bool:  # NAV-1, REC-1
    step = f.step
    return (isinstance(step, NavigatorChoice) and step.navigator == cmd.by and not is_unknown(cmd.card)
            and cmd.card in f.s.row_stack)


CHECKS: dict[type, Check] = {
    c.KeepProvision: _keep_provision, c.DoNothing: _action, c.Row: _action, c.PlaceRowedCards: _place_rowed_cards,
    c.ChangeSeats: _change_seats, c.Mug: _mug, c.FireFlareGun: _fire_flare_gun, c.OpenParasol: _open_parasol,
    c.UseMedicalKit: _use_medical_kit, c.Cannibalize: _cannibalize, c.Answer: _answer, c.JoinFight: _join_fight,
    c.Pass: _pass, c.Reveal: _reveal, c.ObjectToCannibalism: _object_to_cannibalism,
    c.ThrowLifePreserver: _throw_life_preserver, c.ExpendChum: _expend_chum, c.GiveWater: _give_water,
    c.OfferTrade: _offer_trade, c.AnswerTrade: _answer_trade, c.UseCompass: _use_compass,
    c.ChooseNavigationCard: _choose_navigation_card, c.DrinkFirewater: _drink_firewater,
    c.ShareFirewater: _share_firewater,
}
"""One check per player command type but CallSharks (a ghost's command, left to :func:`is_legal`)."""


def quick_legal(state: State, by: str, candidates: Iterable[c.PlayerCommand],
                me: CharacterState | None = None) -> tuple[c.PlayerCommand, ...]:
    """The ``candidates`` (commands of ``by``, whose state is ``me`` when given) that :func:`decide` accepts in
    ``state``, in their order.

    Preconditions (what :func:`lifeboat.legal.legal_commands` checks before): a digital game (no placeholders,
    REC-1), not over (END-1), ``by`` a conscious character in the boat (TURN-1, STATUS-1); every candidate's
    ``by`` is ``by`` and its type is in :data:`CHECKS`. Raises ``KeyError`` for a command type outside it.
    """
    f = Facts(state, by, me)
    if state.offer is not None:  # TRADE-1: nothing but the answer while a trade waits
        return tuple(x for x in candidates if type(x) is c.AnswerTrade and _answer_trade(f, x))
    if state.wong_share is not None:  # REF-25: nothing but Mrs. Wong's answer while she decides
        return tuple(x for x in candidates if type(x) is c.ShareFirewater and _share_firewater(f, x))
    checks = CHECKS
    reveal, may_reveal = c.Reveal, not isinstance(f.step, _NO_PLAY)
    out = []
    for x in candidates:
        kind = type(x)
        if kind is reveal:  # the most frequent candidate, checked inline as _reveal does
            if may_reveal and x.card in f.hand():  # type: ignore[union-attr, operator]  # kind is c.Reveal: a type test
                out.append(x)
        elif checks[kind](f, x):
            out.append(x)
    return tuple(out)
