"""A recorded game's possibilities in decide (REC-3, :mod:`lifeboat.possibilities`): a card leaving a zone unseen,
a card named where lost cards may be, and what the possibilities leave one identity for.

Only games recorded with possibilities (``Ruleset.possibilities``, REC-3) emit these events; older recordings keep
REC-1's reading (the first placeholder of a hand is the card that left it), so their journals replay as written.
"""

from __future__ import annotations

from lifeboat import events as e
from lifeboat import possibilities as p
from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.decide.context import Ctx, name_of
from lifeboat.errors import CardContradiction
from lifeboat.state import Knowledge, State

_DEDUCTIONS = 200  # a command names at most every placeholder of the game


def first_placeholder(s: State) -> int:
    """The number of the first placeholder made for a card lost from sight: after every provision of the game's
    sets (``?p1`` … at setup) and those made before (``Knowledge.fresh``)."""
    return len(s.cards.provision_instances(s.ruleset.card_sets)) + (s.known.fresh if s.known is not None else 0) + 1


def lost_in(s: State, zone: str) -> bool:
    """True when some way the lost cards may lie puts one in ``zone``."""
    return s.known is not None and any(z == zone for w in s.known.worlds for z, _ in w)


def unseen_move(ctx: Ctx, zone: str, to: str, moving: tuple[str, ...], named: tuple[str, ...] = ()
                ) -> tuple[str, ...]:
    """REC-3: cards leave ``zone`` for ``to``'s hand and nobody saw which: ``moving`` (placeholders, or ``"?"`` for
    one to pick), beside the ``named`` cards of the same move, which were seen. The zone's other known cards may be
    among those that left: they are lost from sight (:class:`lifeboat.events.CardsUnseen`), then the move is recorded
    as possibilities (:class:`lifeboat.events.CardsPassedUnseen`). Returns the placeholders that move. A zone whose
    cards are all alike (no known card, nothing lost there) records nothing: any placeholder of it will do."""
    s = ctx.state
    known = tuple(x for x in p.zone_cards(s, zone) if not is_unknown(x) and x not in named
                  and s.cards.is_provision(x))
    if known:
        start = first_placeholder(s)
        ctx.emit(e.CardsUnseen(zone=zone, cards=known, placeholders=tuple(f"?p{start + i}"
                                                                          for i in range(len(known)))))
    out = list(moving)
    free = [x for x in p.zone_cards(ctx.state, zone) if is_unknown(x) and x != UNKNOWN and x not in moving]
    for i, x in enumerate(out):
        if x == UNKNOWN and free:
            out[i] = free.pop(0)
    if known or lost_in(ctx.state, zone):
        ctx.emit(e.CardsPassedUnseen(zone=zone, to=to, placeholders=tuple(out)))
        bound(ctx)
    return tuple(out)


def bound(ctx: Ctx) -> None:
    """The bound (:data:`lifeboat.possibilities.MAX_WORLDS`): too many worlds, forget the lost cards of a look."""
    known = ctx.state.known
    if known is not None and len(known.worlds) > p.MAX_WORLDS:
        _, looks = p.forget(known)
        ctx.emit(e.PossibilitiesForgotten(looks=looks))


def check_sighting(ctx: Ctx, placeholder: str, card: str) -> bool:
    """REC-3: ``card`` is about to be named as ``placeholder``; raises :class:`CardContradiction` (REC-1) when no way
    the lost cards may lie allows it. Returns True when it can only be a lost card (then it is traced)."""
    s = ctx.state
    if s.known is None or not s.known.lost or not s.cards.is_provision(card):
        return False
    zone = p.zone_of(s, placeholder)
    look = s.cards.look_of(card)
    found, other = p.sight(s.known, zone, look, p.placeholders_in(s, zone or ""), p.pool(s))
    if not found and not other:
        raise CardContradiction("REC-1", f"{s.cards.card_name(card)} cannot be {_there(zone)}: "
                                         f"{_where(s, look)}", look)
    return bool(found) and not other and p.origin(s.known, look) is not None


def trace(ctx: Ctx, placeholder_zone: str | None, card: str) -> None:
    """After a sighting that can only be a lost card: say so (:class:`lifeboat.events.CardTraced`)."""
    s = ctx.state
    origin = p.origin(s.known, s.cards.look_of(card))
    if origin is not None and placeholder_zone is not None:
        ctx.emit(e.CardTraced(card=card, zone=placeholder_zone, origin=origin))


def _there(zone: str | None) -> str:
    if zone is None:
        return "there"
    if zone == p.OFFERED:
        return "among the provisions being passed"
    if zone.startswith("up:"):
        return f"face up in front of {name_of(zone[3:])}"
    if zone in ("deck", "removed", "discard"):
        return {"deck": "in the provisions deck", "removed": "among the removed cards",
                "discard": "in the discard pile"}[zone]
    return f"in {name_of(zone)}'s hand"


def _where(s: State, look: str) -> str:
    """Where the possibilities put the unaccounted copies of ``look`` (for a refusal)."""
    zones = p.where_lost(s.known, look)
    if zones:
        places = " or ".join(_there(z) for z in zones)
        return f"every one not accounted for is lost from sight {places}"
    return "no copy of it is left unaccounted"


def deduce(ctx: Ctx) -> None:
    """REC-3: while the possibilities leave one identity for a placeholder, name it (:class:`CardDeduced`)."""
    for _ in range(_DEDUCTIONS):
        s = ctx.state
        found = p.certain(s.known or Knowledge(), s)
        if found is None:
            return
        zone, look, reason = found
        placeholder = next(x for x in p.zone_cards(s, zone) if is_unknown(x) and x != UNKNOWN)
        card = min((x for x in s.unaccounted if s.cards.is_provision(x) and s.cards.look_of(x) == look),
                   key=_number)
        origin = p.origin(s.known, look) if reason == "held" else None
        ctx.emit(e.CardDeduced(placeholder=placeholder, card=card, zone=zone, reason=reason, origin=origin))
        bound(ctx)  # a card found may have been a lost one or another copy: both ways stay


def _number(card: str) -> tuple[str, int]:
    face, _, n = card.rpartition("-")
    return face, int(n) if n.isdigit() else 0
