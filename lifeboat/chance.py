"""Chance from committed deck orders: the pure part of a digital game's dealer.

A :class:`DeckOrders` fixes every shuffle at game start (the CLI draws it from a seeded RNG and commits to its hash
in the journal header, CHANCE-2). :func:`next_chance` then gives the chance command the game waits for, following
those orders, so a replay or an audit can recompute every draw. A random mug's hand card is picked by a hash of the
salt and the moment (round, action index, target), so it is fixed by the commitment too.
"""

from __future__ import annotations

import hashlib
import random

import msgspec

from lifeboat import commands as c
from lifeboat.legal import NOT_CHANCE_STEPS, chance_request
from lifeboat.cards import BUNDLED, cards_of
from lifeboat.ruleset import Ruleset
from lifeboat.state import State


class DeckOrders(msgspec.Struct, frozen=True):
    """Every shuffle of a game, top first: ``characters`` (the first n go to the players in order), ``love`` and
    ``hate`` (permutations of every character; filtered to those in the game, then indexed like the players), ``provisions`` (the first 10 are
    removed unseen when short-handed, the next n are dealt, the rest is the deck), ``navigation``, and ``salt`` (hex)."""

    characters: tuple[str, ...]
    love: tuple[str, ...]
    hate: tuple[str, ...]
    provisions: tuple[str, ...]
    navigation: tuple[str, ...]
    salt: str


def commitment(orders: DeckOrders) -> str:
    """sha256 hex of the canonical JSON encoding of ``orders`` (CHANCE-2): published before any draw."""
    return hashlib.sha256(msgspec.json.encode(orders)).hexdigest()


def setup_command(state: State, orders: DeckOrders) -> c.DealSetup:
    """The :class:`DealSetup` the orders give for ``state.players`` (SETUP-2, SETUP-3, SETUP-5)."""
    n = len(state.players)
    removed = 10 if n < 6 and state.ruleset.remove_provisions_short_handed else 0
    chars = orders.characters[:n]
    return c.DealSetup(
        characters=chars,
        love=tuple(x for x in orders.love if x in chars),
        hate=tuple(x for x in orders.hate if x in chars),
        removed=orders.provisions[:removed], provisions=orders.provisions[removed : removed + n],
    )


def _next_navigation(state: State, orders: DeckOrders, count: int) -> tuple[str, ...]:
    """The top ``count`` cards of the navigation deck: the unseen part in the orders' order, then the cards put
    under the deck (only as many of the orders as needed are looked at: a playout draws at every row)."""
    unseen, out = set(state.nav_unseen), []
    for x in orders.navigation:
        if x in unseen:
            out.append(x)
            if len(out) == count:
                return tuple(out)
    return tuple((out + list(state.nav_bottom))[:count])


def hand_pick(orders: DeckOrders, state: State, target: str) -> str:
    """The hand card a random mug takes now: sha256(salt, round, action index, target) modulo the sorted hand."""
    hand = sorted(state.char(target).hand)
    key = f"{orders.salt}:{state.round}:{state.action_index}:{target}".encode()
    return hand[int.from_bytes(hashlib.sha256(key).digest()[:8], "big") % len(hand)]


_PLAYERS_STEPS = NOT_CHANCE_STEPS


def next_chance(state: State, orders: DeckOrders) -> c.ChanceCommand | None:
    """The chance command the game waits for, following ``orders``; ``None`` when a player must act."""
    if type(state.step) in _PLAYERS_STEPS:  # chance_request's first answer, one call less: most steps are these
        return None
    req = chance_request(state)
    if req is None:
        return None
    if req.kind == "deal_setup":
        return setup_command(state, orders)
    if req.kind == "draw_provisions":
        deck, drawn = set(state.provisions), []
        for x in orders.provisions:  # the first req.count of the orders still in the deck
            if x in deck:
                drawn.append(x)
                if len(drawn) == req.count:
                    break
        return c.DrawProvisions(cards=tuple(drawn[: req.count]))
    if req.kind == "draw_navigation":
        return c.DrawNavigation(cards=_next_navigation(state, orders, req.count))
    assert req.target is not None
    return c.DrawFromHand(card=hand_pick(orders, state, req.target))


__all__ = ["DeckOrders", "commitment", "next_chance", "setup_command", "hand_pick"]


def shuffle(rng: random.Random, salt: str, sets: Ruleset | tuple[str, ...] | None = None) -> DeckOrders:
    """Shuffle every deck with ``rng`` (owned by the caller: the CLI seeds it) into :class:`DeckOrders`.

    ``sets`` is the game's :class:`Ruleset` (its card data's decks, CARD-3), or its expansion ids
    (``("cannibalism",)``, the bundled card data); by default the base game.
    The decks are those of the base game plus the expansions (EXP-1: with Cannibalism 7 characters, 44 provisions,
    28 navigation cards). A base game shuffles exactly as before expansions existed (same ``rng`` draws).
    """
    expansions = sets.expansions if isinstance(sets, Ruleset) else tuple(sets or ())
    card_sets = ("base", *(x for x in expansions if x != "base"))
    cards = cards_of(sets) if isinstance(sets, Ruleset) else BUNDLED
    characters = list(cards.characters_in(card_sets))
    rng.shuffle(characters)
    provisions = sorted(cards.provision_instances(card_sets))
    navigation = sorted(cards.navigation_instances(card_sets))
    return DeckOrders(
        characters=tuple(characters),
        love=tuple(rng.sample(characters, len(characters))),
        hate=tuple(rng.sample(characters, len(characters))),
        provisions=tuple(rng.sample(provisions, len(provisions))),
        navigation=tuple(rng.sample(navigation, len(navigation))),
        salt=salt,
    )
