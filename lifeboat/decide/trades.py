"""Trades (TRADE-1, PROC-4): offered in the action phase between actions, answered by the other side."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.decide import possible
from lifeboat.decide.context import Ctx, name_of, require_character, require_conscious, require_held
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.state import ActionTurn, State
from lifeboat.i18n import _


def offer_trade(ctx: Ctx, s: State, cmd: c.OfferTrade) -> None:
    """TRADE-1, PROC-4: offer hand cards to a conscious character for cards of the faces asked."""
    by, to, give, ask = cmd.by, cmd.to, cmd.give, cmd.ask
    if not isinstance(s.step, ActionTurn):
        raise IllegalCommand("TRADE-1", _("trades happen in the action phase, between actions and "
                                          "outside fights"))
    require_conscious(s, by)
    require_character(s, to, "TRADE-1")
    if to == by:
        raise IllegalCommand("TRADE-1", _("trade with another character"))
    if not s.conscious(to):
        raise IllegalCommand("PROC-4", _("{to} is not conscious and cannot trade").format(to=name_of(to)))
    if not give and not ask:
        raise InvalidCommand("TRADE-1", _("a trade gives or asks for at least one card"))
    named = [card for card in give if card != UNKNOWN]
    if len(set(named)) != len(named):
        raise InvalidCommand("TRADE-1", _("each card can be given once"))
    for card in named:
        require_held(s, by, card, hand_only=True, rule="TRADE-1", unseen_ok=True)
    blind = len(give) - len(named)  # REC-3: '?', a card given face down, any card of the hand (a known one too)
    if blind and not s.ruleset.deduces:
        raise InvalidCommand("TRADE-1", _("name the cards given ('?', a card nobody saw, is for recorded games)"))
    if blind and len(give) > len(s.char(by).hand):
        raise IllegalCommand("TRADE-1", _("{n} cards given, but only {held} in the hand").format(
            n=len(give), held=len(s.char(by).hand)))
    for face in ask:
        try:
            s.cards.face_of(f"{face}-1")
        except KeyError:
            raise InvalidCommand("TRADE-1", _("{face!r} is not a provision").format(face=face)) from None
    ctx.emit(e.TradeOffered(character=by, to=to, give=give, ask=ask))


def answer_trade(ctx: Ctx, s: State, cmd: c.AnswerTrade) -> None:
    """TRADE-1: decline, or accept giving exactly one hand card of each face asked."""
    by, cards, offer = cmd.by, cmd.cards, s.offer
    if offer is None:
        raise IllegalCommand("TRADE-1", _("no trade is waiting for an answer"))
    if offer.to != by:
        raise IllegalCommand("TRADE-1", _("{to} must answer this trade").format(to=name_of(offer.to)))
    if not cmd.accept:
        ctx.emit(e.TradeDeclined(character=offer.by, to=by))
        return
    if len(set(cards)) != len(cards):
        raise InvalidCommand("TRADE-1", _("each card can be given once"))
    for card in cards:
        require_held(s, by, card, hand_only=True, rule="TRADE-1", unseen_ok=True)
    if any(is_unknown(card) for card in cards):
        raise IllegalCommand("TRADE-1", _("name the cards given for the faces asked ({ask})").format(ask=', '.join(offer.ask)))
    if sorted(s.cards.face_of(card) for card in cards) != sorted(offer.ask):
        raise IllegalCommand("TRADE-1", _("give exactly one card of each face asked: {value}").format(value=', '.join(offer.ask) or 'none'))
    gave = offer.give
    unseen = tuple(x for x in gave if is_unknown(x))
    if unseen and s.ruleset.deduces:  # REC-3: nobody saw which of the offerer's cards went
        named = tuple(x for x in gave if not is_unknown(x))
        went = iter(possible.unseen_move(ctx, offer.by, by, unseen, named))  # a '?' is a placeholder now
        gave = tuple(next(went) if is_unknown(x) else x for x in gave)
    ctx.emit(e.TradeCompleted(character=offer.by, to=by, gave=gave, got=cards))


RULES: dict[type, Callable[..., None]] = {c.OfferTrade: offer_trade, c.AnswerTrade: answer_trade}
