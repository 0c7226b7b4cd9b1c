"""Determinization: sample a whole table (a :class:`lifeboat.State`) that agrees with everything one seat knows.

:func:`sample` takes the seat's :class:`SeatView` and its :class:`lifeboat.bots.belief.Belief` (read from the seat's view of
the log) and fills in what the seat cannot see, at random but consistently:

- the other hands, the provisions deck and the removed provisions: every unseen provision goes to a place its
  belief allows, each place getting exactly as many cards as the view shows (a random bipartite matching);
- the other seats' LOVE and HATE: the LOVE cards (and the HATE cards) are one per character in the game
  (SETUP-2), so the others get a random arrangement of the ones the seat does not hold;
- the navigation deck and the row stack: known cards stay where the seat saw them; a card the seat has seen is
  never put back in the shuffled part (NAV-3); the rest fill the unknown places at random.

It also returns :class:`lifeboat.chance.DeckOrders` for that world (random orders for what is still to be drawn),
so a playout can deal chance with :func:`lifeboat.chance.next_chance`.
"""

from __future__ import annotations

import random

import msgspec

from lifeboat import Ruleset, State
from lifeboat.cards import cards_of
from lifeboat.chance import DeckOrders
from lifeboat.state import CharacterState, TradeOffer
from lifeboat.views import SeatView

from lifeboat.bots.belief import Belief
from lifeboat.bots.situation import step_of


def card_sets(ruleset: Ruleset) -> tuple[str, ...]:
    """The card sets of a game: ``"base"`` and its expansions (EXP-1)."""
    return ("base", *(x for x in ruleset.expansions if x != "base"))


def _match(cards: list[str], allowed: dict[str, set[str]], capacity: dict[str, int],
           rng: random.Random) -> dict[str, list[str]]:
    """Assign every card to a place of ``allowed[card]`` with each place filled to ``capacity`` (Kuhn's augmenting
    paths in random order); a card no allowed place can take goes to any place with room left."""
    load: dict[str, list[str]] = {p: [] for p in capacity}
    where: dict[str, str] = {}
    order = list(cards)
    rng.shuffle(order)

    def place(card: str, seen: set[str]) -> bool:
        options = sorted(p for p in allowed[card] if p in capacity and p not in seen)  # sorted: a set's order
        # changes from one process to the next (hash seeds), and a seeded sample must not
        rng.shuffle(options)
        for p in options:
            seen.add(p)
            if len(load[p]) < capacity[p]:
                load[p].append(card)
                where[card] = p
                return True
            for other in list(load[p]):
                if place(other, seen):
                    load[p].remove(other)
                    load[p].append(card)
                    where[card] = p
                    return True
        return False

    stray = [card for card in order if not place(card, set())]
    for card in stray:  # only when the belief and the view disagree (a bug): keep the world well-formed
        p = next(p for p in capacity if len(load[p]) < capacity[p])
        load[p].append(card)
    return load


def _concrete(view: SeatView, belief: Belief, rng: random.Random) -> tuple[SeatView, dict[str, str]]:
    """VIEW-FACE-1: ``view`` with every card named by its face (another character's face-up card, a discard, the
    open Parasol, a card offered in trade, one in the step) replaced by an instance of that face the seat does not
    hold, those its belief allows in public first; and the hand each traded card must be in (``{card: place}``)."""
    data = cards_of(view.ruleset)
    mine = set(view.hand) | {x for ch in view.characters if ch.character == view.viewer for x in ch.face_up}
    if view.step.kind == "provisions_pick":
        mine |= {x for x in view.step.data.get("offered") or () if x is not None}
    free: dict[str, list[str]] = {}
    for x in data.provision_instances(card_sets(view.ruleset)):
        if x not in mine:
            free.setdefault(data.look_of(x), []).append(x)
    for group in free.values():
        rng.shuffle(group)
        group.sort(key=lambda x: "pub" not in belief.places.get(x, ()))

    def pick(x: str | None) -> str | None:
        if x is None or not data.is_look(x):
            return x
        group = free.get(x) or next((g for k, g in free.items() if g and data.face(k) == x), [])
        return group.pop(0) if group else x

    chars = tuple(ch if ch.character == view.viewer else
                  msgspec.structs.replace(ch, face_up=tuple(pick(x) for x in ch.face_up)) for ch in view.characters)
    public = [x for ch in chars for x in ch.face_up] + list(discard := tuple(pick(x) for x in view.discard))

    def shown(x: object) -> object:  # a card named in the step or as the open Parasol: one of those in public
        if not isinstance(x, str) or not data.is_look(x):
            return x
        return next((y for y in public if y is not None and x in (data.look_of(y), data.face(y))), x)

    step = msgspec.structs.replace(view.step, data={k: tuple(shown(x) for x in v) if isinstance(v, tuple)
                                                    else shown(v) for k, v in view.step.data.items()})
    forced: dict[str, str] = {}
    offer = view.offer
    if offer is not None and any(isinstance(x, str) and data.is_look(x) for x in offer.give):
        give = tuple(pick(x) for x in offer.give)
        forced = {x: "h:" + offer.by for x in give if x is not None}
        offer = msgspec.structs.replace(offer, give=give)
    return msgspec.structs.replace(view, characters=chars, discard=discard, step=step, offer=offer,
                                   open_parasol=shown(view.open_parasol)), forced


def _provisions(view: SeatView, belief: Belief, rng: random.Random,
                forced: dict[str, str] | None = None) -> dict[str, list[str]]:
    known = set(view.hand) | set(view.discard)
    for ch in view.characters:
        known |= set(ch.face_up)
    if view.step.kind == "provisions_pick" and view.step.data.get("offered"):
        known |= {x for x in view.step.data["offered"] if x is not None}
    unseen = [x for x in cards_of(view.ruleset).provision_instances(card_sets(view.ruleset)) if x not in known]
    capacity = {"deck": view.provisions_deck, "removed": view.removed_provisions}
    for ch in view.characters:
        if ch.character != view.viewer:
            capacity["h:" + ch.character] = ch.hand_size
    allowed = {x: {(forced or {})[x]} if x in (forced or {}) else belief.places.get(x, set(capacity)) for x in unseen}
    return _match(unseen, allowed, capacity, rng)


def _navigation(view: SeatView, belief: Belief, rng: random.Random) -> tuple[tuple[str, ...], list[str], list[str]]:
    """``(unseen, bottom, row_stack)`` of the world."""
    bottom = list(belief.bottom)
    unseen_n = view.navigation_deck - len(bottom)
    if unseen_n < 0:  # the seat's count disagrees with the table: trust the table, forget the oldest places
        bottom, unseen_n = bottom[-view.navigation_deck:] if view.navigation_deck else [], 0
    stack = list(view.row_stack)
    drawn = view.step.data.get("drawn") if view.step.kind == "row_place" else None  # the rower's own cards
    known = {x for x in bottom + stack + list(view.in_play) + list(drawn or ()) if x is not None}
    rest = [x for x in cards_of(view.ruleset).navigation_instances(card_sets(view.ruleset)) if x not in known]
    rng.shuffle(rest)
    seen = [x for x in rest if x in belief.seen_nav]
    fresh = [x for x in rest if x not in belief.seen_nav]
    holes = [("b", i) for i, x in enumerate(bottom) if x is None] + [("s", i) for i, x in enumerate(stack) if x is None]
    rng.shuffle(holes)
    pool = seen + fresh  # seen cards first into the holes: they cannot be in the shuffled part
    for (kind, i), card in zip(holes, pool):
        (bottom if kind == "b" else stack)[i] = card
    unseen = tuple(sorted(pool[len(holes):]))
    return unseen, [x for x in bottom if x is not None], [x for x in stack if x is not None]


def _arranged(mine: str, characters: tuple[str, ...], others: list[str], rng: random.Random) -> list[str]:
    pool = list(characters)
    pool.remove(mine)
    rng.shuffle(pool)
    return pool[: len(others)]


def sample(view: SeatView, belief: Belief, rng: random.Random) -> tuple[State, DeckOrders]:
    """A world (``State``) agreeing with ``view`` and ``belief``, and deck orders for what remains to be drawn.

    Raises ``ValueError`` when the view is not a seat's view of a dealt game (no characters yet)."""
    if not isinstance(view, SeatView) or not belief.characters:
        raise ValueError("a world is sampled from a seat's view of a game already dealt")
    view, forced = _concrete(view, belief, rng)  # VIEW-FACE-1: the cards the view names by their faces
    places = _provisions(view, belief, rng, forced)
    in_game = belief.characters
    others = [x for x in in_game if x != view.viewer]
    loves = dict(zip(others, _arranged(view.love, in_game, others, rng)))
    hates = dict(zip(others, _arranged(view.hate, in_game, others, rng)))
    by_id = {v.character: v for v in view.characters}
    chars = []
    for player, cid in zip(belief.players, in_game):
        v = by_id[cid]
        mine = cid == view.viewer
        chars.append(CharacterState(
            character=cid, player=player, love=view.love if mine else loves[cid],
            hate=view.hate if mine else hates[cid], wounds=v.wounds,
            hand=view.hand if mine else tuple(places["h:" + cid]), face_up=v.face_up, rowed=v.rowed,
            fought=v.fought, in_boat=v.in_boat,
        ))
    unseen, bottom, stack = _navigation(view, belief, rng)
    offer = None
    if view.offer is not None and None not in view.offer.give + view.offer.ask:
        offer = TradeOffer(by=view.offer.by, to=view.offer.to, give=view.offer.give, ask=view.offer.ask)  # type: ignore[arg-type]  # no None (checked above)
    state = State(
        ruleset=view.ruleset, players=belief.players, characters=tuple(chars), seats=view.seats,
        provisions=tuple(sorted(places["deck"])), removed=tuple(sorted(places["removed"])), discard=view.discard,
        nav_unseen=unseen, nav_bottom=tuple(bottom), row_stack=tuple(stack), in_play=view.in_play,
        seagulls=view.seagulls, round=view.round, action_order=view.action_order,
        action_index=belief.action_index, turned_early=belief.turned_early,
        ghosts=belief.ghosts, drank=belief.drank, wong_share=belief.wong_share, open_parasol=view.open_parasol, offer=offer, step=step_of(view),
    )
    sets, data = card_sets(view.ruleset), cards_of(view.ruleset)  # CARD-3
    provisions, navigation = data.provision_instances(sets), data.navigation_instances(sets)
    orders = DeckOrders(
        characters=in_game, love=in_game, hate=in_game,
        provisions=tuple(rng.sample(provisions, len(provisions))),
        navigation=tuple(rng.sample(navigation, len(navigation))),
        salt=f"{rng.getrandbits(64):016x}",
    )
    return state, orders

