"""What the scribe of a recorded game knows of the cards nobody saw, as possibilities (REC-3).

A recorded game (REC-1) holds a placeholder (``?p12``) for each provision nobody has named, and every real card not
named anywhere is *unaccounted*. While only unseen cards move, which placeholder stands for which unaccounted card
does not matter: they are all alike. A card the record knows (a Flare Gun seen kept) becomes unlike the others when
a card leaves its hand unseen (a mug's random card, a gift face down, a provision kept): any of the hand's cards may
be the one that left. From then on that card is *lost*: it is unaccounted again, behind a new placeholder, and the
record keeps where it may be.

**A world** is one way the lost cards may lie: for each *zone* (a character's hand, by the character id; the
provisions being passed, :data:`OFFERED`) the looks (``"water"``, ``"painting(3)"``: copies that play alike, as
:meth:`lifeboat.card_set.CardSet.look_of` writes them) of the lost cards in it. Only zones matter, never which
placeholder of a zone: every line that takes a card from a zone, seen or unseen, may have taken any of its cards,
so the placeholders of one zone are alike. The other placeholders of a world (*free*) are the unaccounted cards
that no world's lost card uses: a free placeholder can be any look the pool still has (the unaccounted copies of
that look, less the lost ones of the world). :class:`Knowledge` holds every world the record so far allows;
``((),)`` when nothing is lost.

**Sightings** (a card named where placeholders stand: played, revealed, kept, taken, named by the recorder) keep
the worlds where the card was a lost one of that zone (it is found) or a free placeholder of it (another copy);
none left is a contradiction (REC-1, refused). **Deduction** (REC-3): when every world puts a look in a zone, one of
the zone's placeholders is that card; when a world's pool holds a single look, every free placeholder is that look.

**The bound.** The worlds are deduplicated after every change; more than :data:`MAX_WORLDS` of them are cut back by
forgetting where the lost cards of one look are (the look found in the most places, again until half the bound is
left): they join the unaccounted pool as if never seen, which lets the record accept more and refuse nothing a true
game does (a sighting that fitted before still fits). Every operation is one pass over the worlds (a move: times
the ways its cards may be picked), so a line costs at most a few bound-sized passes. bench/possibilities.py measures
the worst case of a recorded 8-player game.

Pure and deterministic: tuples in, tuples out, sorted; no randomness, no clock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal
from itertools import combinations

import msgspec

from lifeboat.card_set import CardSet
from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.state import NOTHING_LOST, Knowledge, ProvisionsPick, State, World

OFFERED = "offered"
"""The zone of the provisions being passed from picker to picker (PROV-2)."""

MAX_WORLDS = 64
"""The most worlds a record keeps (see the module docstring: past it, the lost cards of one look are forgotten)."""



# ---- zones ----------------------------------------------------------------------------------------------------


def zone_of(state: State, card: str) -> str | None:
    """The zone holding ``card`` (a card or placeholder): a character id (its hand), ``"up:<id>"`` (face up),
    :data:`OFFERED`, ``"deck"``, ``"removed"``, ``"discard"``; ``None`` elsewhere (the navigation cards)."""
    for ch in state.characters:
        if card in ch.hand:
            return ch.character
        if card in ch.face_up:
            return "up:" + ch.character
    step = state.step
    if type(step) is ProvisionsPick and card in step.offered:
        return OFFERED
    for name, cards in (("deck", state.provisions), ("removed", state.removed), ("discard", state.discard)):
        if card in cards:
            return name
    return None


def zone_cards(state: State, zone: str) -> tuple[str, ...]:
    """The cards (named and placeholders) in ``zone`` (see :func:`zone_of`); ``()`` for an unknown zone."""
    if zone == OFFERED:
        step = state.step
        return step.offered if type(step) is ProvisionsPick else ()
    if zone in ("deck", "removed", "discard"):
        return {"deck": state.provisions, "removed": state.removed, "discard": state.discard}[zone]
    up = zone.startswith("up:")
    who = zone[3:] if up else zone
    for ch in state.characters:
        if ch.character == who:
            return ch.face_up if up else ch.hand
    return ()


def placeholders_in(state: State, zone: str) -> int:
    """How many provision placeholders ``zone`` holds."""
    return sum(1 for x in zone_cards(state, zone) if is_unknown(x) and x != UNKNOWN)


def pool(state: State) -> Counter[str]:
    """The unaccounted provisions by look (REC-1): how many copies of each look no zone names. Do not change it
    (the last one is kept: most lines change no unaccounted card)."""
    global _pool_memo
    if _pool_memo[0] is state.unaccounted and _pool_memo[1] is state.cards:
        return _pool_memo[2]
    cards = state.cards
    found = Counter(cards.look_of(x) for x in state.unaccounted if cards.is_provision(x))
    _pool_memo = (state.unaccounted, state.cards, found)
    return found


_pool_memo: tuple[object, object, Counter[str]] = ((), None, Counter())


def look_of(cards: CardSet, card: str) -> str:
    """The look of a provision instance (``"water-7"`` → ``"water"``, ``"painting-1"`` → ``"painting(3)"``)."""
    return cards.look_of(card)


# ---- worlds -------------------------------------------------------------------------------------------------


def _lost(world: World, zone: str) -> tuple[str, ...]:
    for z, looks in world:
        if z == zone:
            return looks
    return ()


def _canon(zones: dict[str, list[str]]) -> World:
    return tuple(sorted((z, tuple(sorted(v))) for z, v in zones.items() if v))


def _settle(worlds: Iterable[World]) -> tuple[World, ...]:
    found = tuple(sorted(set(worlds)))
    return found if found else ()


def _count(world: World, look: str) -> int:
    return sum(looks.count(look) for _, looks in world)


def lose(know: Knowledge, zone: str, looks: tuple[str, ...]) -> Knowledge:
    """Cards of ``looks`` known to be in ``zone`` are lost there (a card is about to leave it unseen)."""
    out = []
    for w in know.worlds:
        zones = {z: list(v) for z, v in w}
        zones.setdefault(zone, []).extend(looks)
        out.append(_canon(zones))
    origins = dict(know.origins)
    origins.update(dict.fromkeys(looks, zone))
    return Knowledge(worlds=_settle(out), fresh=know.fresh + len(looks), origins=tuple(sorted(origins.items())))


def passed(know: Knowledge, source: str, to: str, n: int, tokens: int) -> Knowledge:
    """``n`` placeholders left ``source`` (which held ``tokens`` placeholders) for ``to``, nobody saw which: in
    each world, any ``m`` of the source's lost cards and ``n - m`` of its free ones."""
    out: set[World] = set()
    for w in know.worlds:
        lost = _lost(w, source)
        free = tokens - len(lost)
        for m in range(0, min(n, len(lost)) + 1):
            if n - m > free:
                continue
            for moved in set(combinations(lost, m)):
                zones = {z: list(v) for z, v in w}
                kept = list(lost)
                for x in moved:
                    kept.remove(x)
                zones[source] = kept
                zones.setdefault(to, []).extend(moved)
                out.add(_canon(zones))
    return msgspec.structs.replace(know, worlds=_settle(out))


def sight(know: Knowledge, zone: str | None, look: str, tokens: int, counts: Counter[str]
          ) -> tuple[tuple[World, ...], tuple[World, ...]]:
    """A card of ``look`` is found behind one of ``zone``'s ``tokens`` placeholders (``counts``: the pool before).
    Returns ``(found, other)``: the worlds where it was a lost card of the zone (now found, taken out of the world),
    and those where it was a free placeholder (another copy; the world unchanged). Both empty: impossible."""
    found: set[World] = set()
    other: list[World] = []
    for w in know.worlds:
        lost = _lost(w, zone) if zone is not None else ()
        if look in lost:
            zones = {z: list(v) for z, v in w}
            zones[zone].remove(look)  # type: ignore[index]  # zone is not None here: a look is lost only in a zone
            found.add(_canon(zones))
        if tokens - len(lost) >= 1 and counts[look] - _count(w, look) >= 1:
            other.append(w)
    return _settle(found), _settle(other)


def forget(know: Knowledge, limit: int = MAX_WORLDS) -> tuple[Knowledge, tuple[str, ...]]:
    """The bound: while there are more than ``limit`` worlds, forget where the lost cards of one look are (the look
    found in the most places across the worlds), until at most half of ``limit`` are left (so the next lines do not
    hit the bound at once). Returns the knowledge and the looks forgotten, in order."""
    gone: list[str] = []
    worlds = know.worlds
    if len(worlds) <= limit:
        return know, ()
    while len(worlds) > limit // 2:
        places: dict[str, set[tuple[str, int]]] = {}
        for w in worlds:
            for z, v in w:
                for x in set(v):
                    places.setdefault(x, set()).add((z, v.count(x)))
        if not places:
            break
        best = max(sorted(places), key=lambda look: len(places[look]))
        worlds = _without(worlds, best)
        gone.append(best)
    origins = tuple(x for x in know.origins if x[0] not in gone)
    return msgspec.structs.replace(know, worlds=worlds or NOTHING_LOST, origins=origins), tuple(gone)


def _without(worlds: tuple[World, ...], look: str) -> tuple[World, ...]:
    return _settle(_canon({z: [x for x in v if x != look] for z, v in w}) for w in worlds)


def without_looks(know: Knowledge, looks: tuple[str, ...]) -> Knowledge:
    """``know`` with the lost cards of ``looks`` forgotten (see :func:`forget`)."""
    worlds = know.worlds
    for look in looks:
        worlds = _without(worlds, look)
    origins = tuple(x for x in know.origins if x[0] not in looks)
    return msgspec.structs.replace(know, worlds=worlds or NOTHING_LOST, origins=origins)


# ---- what follows -------------------------------------------------------------------------------------------


def _single(counts: Counter[str], world: World) -> str | None:
    """The only look the free placeholders of ``world`` can still be, if there is one."""
    left = [look for look, n in counts.items() if n - _count(world, look) > 0]
    return left[0] if len(left) == 1 else None


def _triples(world: World) -> set[tuple[str, str, int]]:
    """``world`` as ``(zone, look, k)``: the k-th lost card of that look in that zone (k from 0)."""
    out = set()
    for z, looks in world:
        for i, x in enumerate(looks):
            out.add((z, x, i - looks.index(x)))
    return out


Certain = tuple[str, str, Literal["held", "counts"]]
"""A placeholder's zone, the look it must have, and why (REC-3: seen held, or the counts leave no other)."""


def certain(know: Knowledge, state: State) -> Certain | None:
    """A card the possibilities leave one identity for: ``(zone, look, reason)`` with ``reason`` ``"held"`` (every
    world puts a lost card of that look in the zone) or ``"counts"`` (every card a placeholder of the zone could
    still be is of that look); ``None`` when nothing is certain. Zones in the order :func:`zones_with_placeholders`.
    Cost: one pass over the worlds (set intersections), a second only when some world's pool may hold one look."""
    global _certain_memo
    memo = _certain_memo
    key = (know, state.unaccounted, state.characters, state.step)
    if all(a is b for a, b in zip(memo[0], key)):
        return memo[1]
    found = _certain(know, state)
    _certain_memo = (key, found)
    return found


_certain_memo: tuple[tuple[object, ...], Certain | None] = ((None, None, None, None), None)
"""The last :func:`certain` (by identity: legal moves ask it again of states that differ only in who passed)."""


def _certain(know: Knowledge, state: State) -> Certain | None:
    counts = pool(state)
    worlds = know.worlds
    most: Counter[str] = Counter()
    for w in worlds:
        most |= Counter(x for _, v in w for x in v)
    single = sum(1 for look, n in counts.items() if n > most[look]) <= 1  # some world's pool may hold one look
    if not know.lost and not single:
        return None
    order = {z: i for i, (z, _) in enumerate(zones_with_placeholders(state))}
    if know.lost:
        common = _triples(worlds[0])
        for w in worlds[1:]:
            if not common:
                break
            common &= _triples(w)
        held = sorted((order[z], x) for z, x, _ in common if z in order)
        if held:
            zone = next(z for z, i in order.items() if i == held[0][0])
            return zone, held[0][1], "held"
    if not single:
        return None
    singles = [_single(counts, w) for w in worlds]
    for zone, tokens in zones_with_placeholders(state):
        forced: Counter[str] | None = None
        for w, one in zip(worlds, singles):
            every = Counter(_lost(w, zone))
            if one is not None:
                every[one] += tokens - sum(every.values())
            forced = every if forced is None else forced & every
            if not forced:
                break
        if forced:
            return zone, min(forced), "counts"
    return None


def zones_with_placeholders(state: State) -> list[tuple[str, int]]:
    """``(zone, placeholders)`` for every zone of cards someone may show holding provision placeholders: the hands
    in the order the characters joined, their face-up cards, the provisions being passed (the decks, the removed
    cards and the discard pile are never shown: nothing there is deduced)."""
    zones = [ch.character for ch in state.characters] + ["up:" + ch.character for ch in state.characters]
    zones.append(OFFERED)
    return [(z, n) for z in zones if (n := placeholders_in(state, z))]


def possible_looks(know: Knowledge | None, state: State, zone: str) -> frozenset[str]:
    """Every look a placeholder of ``zone`` may still be (REC-3): a lost card there in some world, or a look the
    pool still has for a free one."""
    counts = pool(state)
    tokens = placeholders_in(state, zone)
    out: set[str] = set()
    for w in (know.worlds if know is not None else NOTHING_LOST):
        lost = _lost(w, zone)
        out.update(lost)
        if tokens > len(lost):
            out.update(look for look, n in counts.items() if n - _count(w, look) > 0)
    return frozenset(out)


def where_lost(know: Knowledge | None, look: str) -> tuple[str, ...]:
    """The zones where some world puts a lost card of ``look``, sorted."""
    if know is None:
        return ()
    return tuple(sorted({z for w in know.worlds for z, v in w if look in v}))


def origin(know: Knowledge | None, look: str) -> str | None:
    """Where a lost card of ``look`` was last known to be (the zone it was lost in), or ``None``."""
    return dict(know.origins).get(look) if know is not None else None
