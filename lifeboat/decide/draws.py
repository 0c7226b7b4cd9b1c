"""Chance's draws (CHANCE-1): provisions (PROV-2), navigation cards (ROW-1, FLARE-1, NAV-1, NAV-2) and the hand
card a mug takes (MUG-1, MUG-2). Each checks the outcome is possible now; setup is in :mod:`.setup`."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.decide import possible
from lifeboat.decide.context import Ctx, card_named, check_top, name_of
from lifeboat.decide.procedure import SEAGULLS_TO_LAND, end_action, land, resolve_card
from lifeboat.decide.recorded import bind, resolve_draws, resolve_provisions
from lifeboat.decide.setup import deal_setup
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.state import (CompassDraw, FlareDraw, MugDraw, NavigationTurn, NavigatorDraw, ProvisionsDraw, RowDraw,
                            State)
from lifeboat.i18n import _


def draw_provisions(ctx: Ctx, s: State, cmd: c.DrawProvisions) -> None:
    """PROV-2: the quartermaster draws one provision per conscious character (CHANCE-1)."""
    step = s.step
    cards = cmd.cards
    if not isinstance(step, ProvisionsDraw):
        raise IllegalCommand("CHANCE-1", _("no provisions are being drawn now"))
    if len(cards) != step.count:  # PROV-2: one per conscious character; the count is what went wrong, say so
        raise InvalidCommand("CHANCE-1", _("the quartermaster draws {count} provision cards (one per "
                                           "conscious character), not {n_cards} ('?' for each unseen "
                                           "card)").format(count=step.count, n_cards=len(cards)))
    if len(set(x for x in cards if x != UNKNOWN)) != len([x for x in cards if x != UNKNOWN]):
        raise InvalidCommand("CHANCE-1", _("expected {count} different provision cards").format(count=step.count))
    cards = resolve_provisions(ctx, cards)
    s = ctx.state
    for card in cards:
        if card not in s.provisions:
            raise IllegalCommand("CHANCE-1", _("{card} cannot be drawn: it is not in the provisions "
                                               "deck").format(card=card))
    ctx.emit(e.ProvisionsDrawn(quartermaster=step.quartermaster, cards=cards))


def provisions_drawn(ctx: Ctx, s: State, cmd: c.DrawProvisions) -> None:
    """What a possible draw (checked by :func:`draw_provisions`) of a digital game brings about (no placeholder
    to resolve: its cards are the cards drawn)."""
    ctx.emit(e.ProvisionsDrawn(quartermaster=s.step.quartermaster, cards=cmd.cards))  # type: ignore[union-attr]  # a ProvisionsDraw: what draw_provisions checked


def _flare(ctx: Ctx, step: FlareDraw, cards: tuple[str, ...]) -> None:
    """FLARE-1: only the birds count, in the order drawn; the cards go under the deck and the action ends."""
    ctx.emit(e.NavigationDrawn(character=step.actor, cards=cards, purpose="flare"))
    for card in cards:
        bird = ctx.state.cards.navigation[card].bird
        if bird > 0:
            ctx.emit(e.SeagullAdded(total=ctx.state.seagulls + 1))
            if ctx.state.seagulls >= SEAGULLS_TO_LAND:
                land(ctx)
                return
        elif bird < 0 and ctx.state.seagulls > 0:
            ctx.emit(e.SeagullRemoved(total=ctx.state.seagulls - 1))
    ctx.emit(e.CardsToBottom(cards=cards))
    end_action(ctx)


def draw_navigation(ctx: Ctx, s: State, cmd: c.DrawNavigation) -> None:
    """ROW-1, FLARE-1, NAV-2, NAV-1: navigation cards from the top of the deck, for the step that waits for them
    (CHANCE-1; REC-1: a card turned face up must be named)."""
    step = s.step
    cards = cmd.cards
    if isinstance(step, (RowDraw, FlareDraw, CompassDraw, NavigatorDraw, NavigationTurn)):
        want = step.count if isinstance(step, (RowDraw, FlareDraw, CompassDraw)) else 1
        cards = resolve_draws(ctx, cards, want)
        s = ctx.state
        if isinstance(step, (FlareDraw, NavigationTurn)) and any(is_unknown(x) for x in cards):
            raise InvalidCommand("REC-1", _("this card is turned face up: name it (e.g. 'nav 27')"))
    if isinstance(step, (RowDraw, FlareDraw, CompassDraw)):  # NAV-2: 2 when nobody rowed under compass_extra_card
        check_top(s, cards, step.count)
    elif isinstance(step, (NavigatorDraw, NavigationTurn)):
        check_top(s, cards, 1)
    else:
        raise IllegalCommand("CHANCE-1", _("no navigation card is being drawn now"))
    _drawn(ctx, step, cards)


def navigation_drawn(ctx: Ctx, s: State, cmd: c.DrawNavigation) -> None:
    """What a possible draw (checked by :func:`draw_navigation`) of a digital game brings about (no placeholder
    to resolve: its cards are the cards drawn)."""
    _drawn(ctx, s.step, cmd.cards)


def _drawn(ctx: Ctx, step: object, cards: tuple[str, ...]) -> None:
    """The cards drawn for ``step`` (the step that waited for them): ROW-1, FLARE-1, NAV-2, ROW-2, NAV-1."""
    kind = type(step)  # type tests: the step classes are final (state.WINDOW_TYPES)
    if kind is RowDraw:
        ctx.emit(e.NavigationDrawn(character=step.rower, cards=cards, purpose="row"))  # type: ignore[attr-defined]  # a RowDraw
    elif kind is FlareDraw:
        _flare(ctx, step, cards)  # type: ignore[arg-type]  # a FlareDraw
    elif kind is CompassDraw:
        ctx.emit(e.NavigationDrawn(character=step.navigator, cards=cards, purpose="compass"))  # type: ignore[attr-defined]  # a CompassDraw
    elif kind is NavigatorDraw:  # ROW-2: onto the row stack, seen by the navigator alone
        ctx.emit(e.NavigationDrawn(character=step.navigator, cards=cards, purpose="navigator"))  # type: ignore[attr-defined]  # a NavigatorDraw
    else:  # a NavigationTurn
        ctx.emit(e.NavigationDrawn(character=None, cards=cards, purpose="turn"))
        ctx.emit(e.NavigationCardRevealed(card=cards[0]))
        resolve_card(ctx, cards[0])


def draw_from_hand(ctx: Ctx, s: State, cmd: c.DrawFromHand) -> None:
    """MUG-1, MUG-2: the random card a mug takes from the target's hand (CHANCE-1; REC-1: ``"?"`` if unseen)."""
    step = s.step
    card = cmd.card
    if not isinstance(step, MugDraw):
        raise IllegalCommand("CHANCE-1", _("no card is being taken from a hand now"))
    hand = s.char(step.target).hand
    if card == UNKNOWN and s.ruleset.deduces:  # REC-3: any card of the hand may be the one taken
        card = possible.unseen_move(ctx, step.target, step.mugger, (UNKNOWN,))[0]
        s = ctx.state
    elif card == UNKNOWN:  # REC-1: the recorder did not see which card
        card = next((x for x in hand if is_unknown(x)), UNKNOWN)
        if card == UNKNOWN:
            raise InvalidCommand("CHANCE-1", _("name the card taken: every card in that hand is known"))
    else:
        card = bind(ctx, card, hand, "p")
        s = ctx.state
    if card not in s.char(step.target).hand:
        raise IllegalCommand("CHANCE-1", _("{card} is not in {target}'s hand").format(card=card_named(card, s), target=name_of(step.target)))
    ctx.emit(e.CardMugged(character=step.mugger, target=step.target, card=card, from_hand=True))
    end_action(ctx)


LEGAL: dict[type, Callable[..., None]] = {c.DrawProvisions: provisions_drawn, c.DrawNavigation: navigation_drawn}
"""What a chance command of each type brings about once its rule's checks have passed, in a digital game
(:func:`lifeboat.decide.fold_legal`)."""

RULES: dict[type, Callable[..., None]] = {
    c.DealSetup: deal_setup, c.DrawProvisions: draw_provisions, c.DrawNavigation: draw_navigation,
    c.DrawFromHand: draw_from_hand,
}
