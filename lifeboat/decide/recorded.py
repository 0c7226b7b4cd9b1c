"""Recorded games (REC-1): cards the recorder did not see are placeholders (``?p3``, ``?n7``) until named.

A real card named where a zone holds placeholders identifies one of them (:func:`bind`); the recorder's own
commands name a placeholder or a LOVE and HATE outright. In a digital game (nothing unaccounted) nothing here emits.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.card_set import CardSet
from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.decide import possible
from lifeboat.decide.context import Ctx, card_named, name_of, require_character
from lifeboat.possibilities import zone_of as possible_zone
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.evolve import contains
from lifeboat.state import ProvisionsPick, RowPlace, State
from lifeboat.i18n import _


def accounted(state: State, card: str) -> str:
    """Where a card the recorder names is already known to be (REC-1), for a contradiction message: a whole
    clause ("it is held by The Captain")."""
    if card in state.provisions or card in state.nav_unseen:
        return _("it is in a deck")
    if card in state.discard:
        return _("it is in the discard pile")
    holder = state.holder(card)
    if holder is not None:
        return _("it is held by {holder}").format(holder=name_of(holder))
    if card in state.row_stack or card in state.nav_bottom or card in state.in_play:
        return _("it is among the navigation cards already seen")
    if card in state.removed:
        return _("it is removed at setup")
    return _("it is already named elsewhere")


def bind(ctx: Ctx, card: str, zone: tuple[str, ...], kind: str) -> str:
    """REC-1: if ``card`` is a real card not in ``zone`` but ``zone`` holds a placeholder of ``kind`` (``"p"`` or
    ``"n"``), name the first such placeholder as ``card``. Returns the card to use. Raises IllegalCommand (REC-1)
    when the card is already accounted for elsewhere and the zone has only placeholders for it."""
    s = ctx.state
    if card in zone or card == UNKNOWN or is_unknown(card):
        return card
    holders = [x for x in zone if x.startswith(UNKNOWN + kind)]
    if not holders or not s.unaccounted:
        return card
    deduces = s.ruleset.deduces  # REC-3: a known copy there is the most the line says (any copy will do)
    if deduces and kind == "p" and s.cards.is_provision(card):
        look = s.cards.look_of(card)
        copy = next((x for x in zone if not is_unknown(x) and s.cards.is_provision(x)
                     and s.cards.look_of(x) == look), None)
        if copy is not None:
            return copy
    if card not in s.unaccounted and s.cards.is_provision(card):  # another copy of the same card will do
        card = next((x for x in _copies(card, s.cards) if x in s.unaccounted or x in zone), card)
        if card in zone:
            return card
    if card not in s.unaccounted:
        if card in s.cards.navigation or s.cards.is_provision(card):
            raise IllegalCommand("REC-1", _("{card} cannot be here: {accounted}").format(card=card_named(card, s), accounted=accounted(s, card)))
        return card
    traced = deduces and possible.check_sighting(ctx, holders[0], card)  # REC-3: refused when nothing allows it
    zone_name = possible_zone(ctx.state, holders[0]) if traced else None
    ctx.emit(e.CardIdentified(placeholder=holders[0], card=card))
    if traced:
        possible.trace(ctx, zone_name, card)
    if deduces:
        possible.bound(ctx)  # a card found may have been a lost one or another copy: both ways stay
    return card


def _copies(card: str, cards: CardSet) -> tuple[str, ...]:
    """The instances of ``cards`` that play exactly like ``card``: same face, same points (paintings differ)."""
    face = cards.face_of(card)
    points = cards.treasure_points(card)
    every = cards.provision_instances(("base", "cannibalism", "liquid_courage"))
    return tuple(x for x in every if cards.face_of(x) == face and cards.treasure_points(x) == points)


def resolve_draws(ctx: Ctx, cards: tuple[str, ...], count: int) -> tuple[str, ...]:
    """REC-1: resolve a navigation draw, top first, that may name ``"?"`` (a card nobody saw) or a real card behind
    a placeholder (which is then identified). Returns the cards drawn, as the state now names them."""
    if len(cards) != count:
        raise InvalidCommand("CHANCE-1", _("expected {count} navigation card(s), got {n_cards}").format(count=count, n_cards=len(cards)))
    if not ctx.state.unaccounted and UNKNOWN not in cards:
        return tuple(cards)  # a digital game (REC-1): bind names nothing, every card stays as named (~1 µs a draw)
    unseen, bottom = list(ctx.state.nav_unseen), list(ctx.state.nav_bottom)
    out: list[str] = []
    for card in cards:
        if unseen:
            if card == UNKNOWN:
                ph = next((x for x in unseen if is_unknown(x)), None)
                if ph is None:
                    raise InvalidCommand("CHANCE-1", _("name the navigation card drawn ('?' is for "
                                                       "recorded games)"))
                card = ph
            elif card not in unseen:
                ph = next((y for y in unseen if y.startswith(UNKNOWN + "n")), None)
                bind(ctx, card, tuple(unseen), "n")
                if ph is not None and card in ctx.state.nav_unseen:
                    unseen[unseen.index(ph)] = card
            if card in unseen:
                unseen.remove(card)
        elif bottom:
            top = bottom.pop(0)
            if card == UNKNOWN or card == top:
                card = top
            elif is_unknown(top):
                bind(ctx, card, (top,), "n")
        out.append(card)
    return tuple(out)


def resolve_provisions(ctx: Ctx, cards: tuple[str, ...]) -> tuple[str, ...]:
    """REC-1: resolve a provisions draw that may name ``"?"`` or real cards behind placeholders."""
    if not ctx.state.unaccounted and UNKNOWN not in cards:
        return tuple(cards)  # a digital game: bind names nothing, every card stays as named (~5 µs a draw)
    out: list[str] = []
    for card in cards:
        deck = tuple(x for x in ctx.state.provisions if x not in out)
        if card == UNKNOWN:
            ph = next((x for x in deck if is_unknown(x)), None)
            if ph is None:
                raise InvalidCommand("CHANCE-1", _("name the provision drawn ('?' is for recorded "
                                                   "games)"))
            card = ph
        elif card not in deck:
            card = bind(ctx, card, deck, "p")  # another copy may stand in (REC-1)
        out.append(card)
    return tuple(out)


_CARD_PLAYS = (c.Reveal, c.FireFlareGun, c.OpenParasol, c.UseMedicalKit, c.ThrowLifePreserver, c.ExpendChum,
               c.GiveWater, c.Cannibalize, c.DrinkFirewater)  # LIQUID-1: a Firewater drunk from unseen cards too


def prebind(ctx: Ctx, cmd: c.PlayerCommand) -> c.PlayerCommand:
    """REC-1: in a recorded game, a real card a command names from a hand (or the offered cards, the row stack, the
    rower's draw) that holds placeholders identifies one of them first. Returns the command with each named card
    replaced by the copy actually identified (another Water does as well as the one named)."""
    s = ctx.state
    if not s.unaccounted or not s.has(cmd.by):
        return cmd
    step = s.step
    replace = msgspec.structs.replace

    def hand() -> tuple[str, ...]:
        return ctx.state.char(cmd.by).hand

    def drawn() -> tuple[str, ...]:
        return ctx.state.step.drawn if isinstance(ctx.state.step, RowPlace) else ()

    if isinstance(cmd, _CARD_PLAYS):
        if cmd.card not in s.char(cmd.by).face_up:
            return replace(cmd, card=bind(ctx, cmd.card, hand(), "p"))
    elif isinstance(cmd, c.OfferTrade):
        return replace(cmd, give=tuple(bind(ctx, x, hand(), "p") for x in cmd.give))
    elif isinstance(cmd, c.AnswerTrade):
        return replace(cmd, cards=tuple(bind(ctx, x, hand(), "p") for x in cmd.cards))
    elif isinstance(cmd, c.KeepProvision) and isinstance(step, ProvisionsPick):
        return replace(cmd, card=bind(ctx, cmd.card, step.offered, "p"))
    elif isinstance(cmd, c.ChooseNavigationCard):
        return replace(cmd, card=bind(ctx, cmd.card, s.row_stack, "n"))
    elif isinstance(cmd, c.PlaceRowedCards) and isinstance(step, RowPlace):
        return replace(cmd, to_stack=tuple(bind(ctx, x, drawn(), "n") for x in cmd.to_stack),
                       to_bottom=tuple(bind(ctx, x, drawn(), "n") for x in cmd.to_bottom))
    return cmd


def identify(ctx: Ctx, s: State, cmd: c.Identify) -> None:
    """REC-1: the recorder names the real card behind a placeholder."""
    ph, card = cmd.placeholder, cmd.card
    if not is_unknown(ph) or ph == UNKNOWN:
        raise InvalidCommand("REC-1", _("{ph!r} is not a placeholder (they look like ?p3 or ?n7)").format(ph=ph))
    if not (card in s.cards.navigation or s.cards.is_provision(card)):
        raise InvalidCommand("REC-1", _("{card!r} is not a card").format(card=card))
    if (card in s.cards.navigation) != ph.startswith(UNKNOWN + "n"):
        raise InvalidCommand("REC-1", (_("{ph} is a navigation card") if ph.startswith("?n") else _("{ph} is a provision card")).format(ph=ph))
    if not contains(s, ph):
        raise IllegalCommand("REC-1", _("{ph} is not an unnamed card of this game (named already, or "
                                        "no such placeholder)").format(ph=ph))
    if s.over and ph not in shown_at_end(s):
        left = " ".join(shown_at_end(s)) or "none"
        raise IllegalCommand("REF-21", _("{ph} is not in a hand or face up: at the end only the cards "
                                         "the players show can be named (still unnamed: {left})").format(ph=ph, left=left))
    if card not in s.unaccounted:
        raise IllegalCommand("REC-1", _("{card} cannot be {ph}: {accounted}").format(card=card_named(card, s), ph=ph, accounted=accounted(s, card)))
    before = len(ctx.events)
    bind(ctx, card, (ph,), ph[1])
    if len(ctx.events) == before:
        raise IllegalCommand("REC-1", _("{ph} is not a card of this game").format(ph=ph))


def shown_at_end(s: State) -> tuple[str, ...]:
    """REF-21: the placeholders still unnamed in a character's hand or face up, from the bow (the cards shown at the
    end, END-2; the decks, the removed cards and the discard pile are never shown)."""
    return tuple(x for ch in s.characters for x in (*ch.hand, *ch.face_up) if is_unknown(x) and x != UNKNOWN)


def identify_love_hate(ctx: Ctx, s: State, cmd: c.IdentifyLoveHate) -> None:
    """REC-1, END-2: the recorder names a character's LOVE and HATE, once shown."""
    ch, love, hate = cmd.character, cmd.love, cmd.hate
    require_character(s, ch, "REC-1")
    in_game = {x.character for x in s.characters}
    for field, value, current in (("LOVE", love, s.char(ch).love), ("HATE", hate, s.char(ch).hate)):
        if value not in in_game:
            raise InvalidCommand("REC-1", _("{field} {value!r} is not a character in this game").format(field=field, value=value))
        if current not in (UNKNOWN, value):
            raise IllegalCommand("REC-1", _("{character}'s {field} is already known to be {current}").format(character=name_of(ch), field=field, current=name_of(current)))
        others = {(x.love if field == "LOVE" else x.hate) for x in s.characters if x.character != ch}
        if value in others:
            raise IllegalCommand("REC-1", _("another player already holds the {field} card of {value}").format(field=field, value=name_of(value)))
    ctx.emit(e.LoveHateIdentified(character=ch, love=love, hate=hate))


RULES: dict[type, Callable[..., None]] = {c.Identify: identify, c.IdentifyLoveHate: identify_love_hate}
