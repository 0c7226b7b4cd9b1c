"""What one seat knows of the hidden cards, read from its own view of the log (:meth:`Observer.log` for the seat).

:func:`read` folds a seat's :class:`EventView` log into a :class:`Belief`:

- ``places``: for every provision card, the set of places it may be in now, as far as the seat can tell:
  ``"deck"`` (the provisions deck), ``"removed"`` (set aside unseen, SETUP-3), ``"pick"`` (being handed out,
  PROV-2), ``"pub"`` (face up or discarded: the view shows where) or ``"h:<character>"`` (a hand). A card the seat
  saw go somewhere has one place; a hidden move from place A to place B (a hand card mugged unseen, a provision kept
  unseen, a trade between others) adds B to every card that might have been in A; a card seen by its face only
  (VIEW-FACE-1: ``water``, a card the seat does not hold now) adds its place to every card of that face. The true
  place is always in the set (the property tests check it).
- ``bottom``: the navigation cards under the deck, top first (the shuffled part is drawn first, NAV-3, ROW-1),
  each the card id where the seat saw it go there, else ``None``; ``unseen`` how many cards are left in the
  shuffled part; ``seen_nav`` every navigation card the seat has seen (such a card is never back in the shuffled
  part).
- ``players`` and ``characters`` in joining order (``characters_dealt``); ``action_index`` the current action
  turn's index in the action order (ACT-1).
"""

from __future__ import annotations

from typing import Any

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from lifeboat.card_context import in_use
from lifeboat.card_set import CardSet
from lifeboat.views import EventView

PUBLIC_CARD_EVENTS = frozenset({
    "card_revealed", "flare_gun_fired", "parasol_opened", "medical_kit_used", "life_preserver_thrown",
    "chum_expended", "card_discarded", "water_given", "cannibalism_declared",
})


@dataclass
class Belief:
    """See the module docstring for the fields."""

    players: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    places: dict[str, set[str]] = field(default_factory=dict)
    bottom: list[str | None] = field(default_factory=list)
    unseen: int = 0
    seen_nav: set[str] = field(default_factory=set)
    action_index: int = 0
    turned_early: tuple[str, ...] = ()  # ACT-3: who acted out of order this action step
    ghosts: tuple[str, ...] = ()  # GHOST-1: the characters lost at sea, with the shark variant
    drank: tuple[str, ...] = ()  # LIQUID-1, WONG-1: one entry per Firewater drunk or shared this round
    wong_share: str | None = None  # WONG-1, REF-25: the Firewater Mrs. Wong is deciding whether to share

    def _hidden_move(self, source: str, dest: str) -> None:
        for where in self.places.values():
            if source in where:
                where.add(dest)

    def _see(self, card: str | None, place: str) -> None:
        if card is not None and card in self.places:
            self.places[card] = {place}
        elif card is not None and in_use().is_look(card):  # VIEW-FACE-1: one card of that face, the seat can't tell
            for x in _copies(card):  # which: any of them may be there now
                if x in self.places:
                    self.places[x].add(place)


def _copies(look: str) -> tuple[str, ...]:
    """The provision instances a face id names (``"water"``, ``"painting(3)"``) in the card data in use."""
    return _copies_in(look, in_use())


@lru_cache(maxsize=256)
def _copies_in(look: str, cards: CardSet) -> tuple[str, ...]:
    return tuple(x for x, y in cards.look_by_instance.items() if look in (y, cards.face_of(x)))


def read(log: Iterable[EventView], sets: tuple[str, ...] = ("base",)) -> Belief:
    """Fold a seat's log (from setup, in order) into a :class:`Belief`; ``sets`` are the game's card sets
    (``"base"`` and expansion ids)."""
    b = Belief(places={card: {"deck"} for card in in_use().provision_instances(sets)})
    for ev in log:
        _fold(b, ev.type, ev.data)
    return b


def _fold(b: Belief, kind: str, d: dict[str, Any]) -> None:  # noqa: C901 - one branch per event kind
    navigation = in_use().navigation
    for value in d.values():  # every navigation card the seat sees anywhere
        for x in value if isinstance(value, tuple) else (value,):
            if isinstance(x, str) and x in navigation:
                b.seen_nav.add(x)
    if kind == "characters_dealt":
        b.players, b.characters = tuple(d["players"]), tuple(d["characters"])
    elif kind == "decks_ready":
        b.unseen = len(d["navigation"])
    elif kind == "provisions_removed":
        b._hidden_move("deck", "removed")
        for card in d["cards"]:
            b._see(card, "removed")
    elif kind in ("provision_dealt", "provision_kept"):  # from the deck at setup, from the cards handed out later
        if d["card"] is None:
            b._hidden_move("deck" if kind == "provision_dealt" else "pick", "h:" + d["character"])
        b._see(d["card"], "h:" + d["character"])
    elif kind == "provisions_drawn":
        if any(x is None for x in d["cards"]):
            b._hidden_move("deck", "pick")
        for card in d["cards"]:
            b._see(card, "pick")
    elif kind == "action_phase_started":
        b.turned_early = ()
        for where in b.places.values():
            if "pick" in where and len(where) > 1:
                where.discard("pick")
    elif kind == "action_turn_started":
        b.action_index = d["index"]
    elif kind == "firewater_drunk":  # LIQUID-1: public, face up
        b.drank = b.drank + (d["character"],)
        b._see(d["card"], "pub")
    elif kind == "firewater_share_offered":  # WONG-1
        b.wong_share = d["card"]
    elif kind == "firewater_share_answered":
        b.wong_share = None
        b.drank = b.drank + ((d["character"],) if d["share"] else ())
    elif kind == "round_ended":
        b.drank = ()
    elif kind == "ghost_rose":  # GHOST-1
        b.ghosts = b.ghosts + (d["character"],)
    elif kind == "swapped_turn_started":  # ACT-3
        b.turned_early = b.turned_early + (d["character"],)
    elif kind == "card_mugged":
        if d["card"] is None:
            b._hidden_move("h:" + d["target"], "h:" + d["character"])
        b._see(d["card"], "h:" + d["character"])
    elif kind == "trade_completed":
        a, t = "h:" + d["character"], "h:" + d["to"]
        could_a = [k for k, w in b.places.items() if a in w]
        could_t = [k for k, w in b.places.items() if t in w]
        if d["gave"] and any(x is None for x in d["gave"]):
            for k in could_a:
                b.places[k].add(t)
        if d["got"] and any(x is None for x in d["got"]):
            for k in could_t:
                b.places[k].add(a)
        for card in d["gave"]:
            b._see(card, t)
        for card in d["got"]:
            b._see(card, a)
    elif kind in PUBLIC_CARD_EVENTS:
        b._see(d["card"], "pub")
    _fold_navigation(b, kind, d)


def _fold_navigation(b: Belief, kind: str, d: dict[str, Any]) -> None:
    if kind == "navigation_drawn":
        n = len(d["cards"])
        from_unseen = min(n, b.unseen)
        b.unseen -= from_unseen
        del b.bottom[: n - from_unseen]
    elif kind == "rowed_cards_placed":
        b.bottom.extend(d["to_bottom"])
    elif kind == "cards_to_bottom":
        b.bottom.extend(d["cards"])
    elif kind == "navigation_card_chosen":
        b.bottom.extend(d["to_bottom"])


__all__ = ["Belief", "read"]
