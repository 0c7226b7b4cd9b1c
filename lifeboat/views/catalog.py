"""Public card facts for pages that draw cards (the web viewer, HTML replays): what is printed on every card.

Nothing here is a secret of any game: :func:`public_catalog` describes card *faces* (a provision face such as
``"water"`` with its points per copy, each character card), never the instances of a game (``"water-7"``), so a
page that embeds it holds no card id. Navigation cards are described one by one with :func:`navigation_facts`, and
:func:`navigation_in` gives the facts of only the navigation cards a document already names (so a page that
embeds them learns nothing it did not already hold). Rule ids: NAV-3, OVER-1, THIRST-1, BIRD-1 (navigation card
faces), SCORE-1 (points), FIGHT-3 (weapon sizes).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED, names_on
from lifeboat.views.text import navigation_contents

# A navigation card id, as a whole token: the neighbours are checked in Python (navigation_ids), since a
# look-behind made the scan of a whole view ~10 times slower (~50 µs a view, six views a served decision)
_NAV_TOKEN = re.compile(rb"nav-[cl]?[0-9]+")
_ID_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def public_catalog(cards: CardSet | None = None) -> dict[str, Any]:
    """The printed facts of every character and provision face of ``cards`` (a game's card data, CARD-3; default
    the bundled data), as plain JSON values.

    Shape: ``{"characters": {id: {"en", "zh": [..], "size", "survival", "ability"}}, "seat_order": [ids, bow
    first], "faces": {face id: {"en", "zh": [..], "kind", "weapon", "points": [per copy number, 1 first], "text"}},
    "jewel_set_points": {"0": 0, "1": 1, "2": 4, "3": 8}}``; ``ability`` and ``text`` are the card data's own
    English words (a character's ability, what a provision does; ``""`` where it prints none), which a page shows in
    its reader's language through the catalogs (contexts ``ability`` and ``card text``, docs/translation.md). No card
    instance id appears in it.
    """
    data = cards or BUNDLED
    texts = printed_texts(data.raw)
    return {
        "characters": {cid: {"en": c.en, "zh": list(c.zh), "size": c.size, "survival": c.survival,
                             "ability": texts.get(("ability", cid), "")}
                       for cid, c in data.characters.items()},
        "seat_order": list(data.seat_order),
        "faces": {fid: {"en": f.en, "zh": list(f.zh), "kind": f.kind, "weapon": f.weapon, "points": list(f.points),
                        "text": texts.get(("card text", fid), "")}
                  for fid, f in data.faces.items()},
        "jewel_set_points": {str(k): v for k, v in data.jewel_set_points.items()},
    }


def printed_texts(raw: Any) -> dict[tuple[str, str], str]:
    """The words card data ``raw`` prints: ``{("ability", character id): text, ("card text", face id): text}``, the
    first entry of a face that has one (an expansion adding copies of a base card prints nothing new); a character
    whose ability is ``"none…"`` has none. The message contexts are the catalogs' (tools/catalogs.py)."""
    out: dict[tuple[str, str], str] = {}
    for c in raw.get("characters", ()):
        ability = c.get("ability")
        if isinstance(ability, str) and ability and not ability.startswith("none"):
            out[("ability", c["id"])] = ability
    for entries in raw.get("provisions", {}).values():
        for e in entries:
            text = e.get("text")
            if isinstance(text, str) and text:
                out.setdefault(("card text", e["id"]), text)
    return out


def navigation_facts(card_id: str, in_game: Sequence[str], cards: CardSet | None = None) -> dict[str, Any]:
    """What navigation card ``card_id`` shows, for the characters ``in_game`` (ids; NAV-3, OVER-1, THIRST-1,
    BIRD-1): ``{"print_no": 28, "overboard": [ids], "thirsty": [ids], "rowers_thirsty": bool,
    "fighters_thirsty": bool, "bird": -1|0|1, "text": "Lady Lauren overboard · everyone thirsty · …"}``, the
    characters in seat order from the bow; ``cards``: the game's card data (CARD-3; default the bundled data).
    Raises ``KeyError`` for an id that is not a navigation card."""
    data = cards or BUNDLED
    nav = data.navigation[card_id]
    seated = tuple(c for c in data.seat_order if c in set(in_game))
    return {
        "print_no": nav.print_no, "overboard": list(names_on(nav.overboard, seated)),
        "thirsty": list(names_on(nav.thirsty, seated)), "rowers_thirsty": nav.rowers_thirsty,
        "fighters_thirsty": nav.fighters_thirsty, "bird": nav.bird, "text": navigation_contents(card_id, in_game, cards=data),
    }


def navigation_in(document: bytes, in_game: Sequence[str], cards: CardSet | None = None
                  ) -> dict[str, dict[str, Any]]:
    """:func:`navigation_facts` of every navigation card id that appears as a whole token in ``document`` (an
    encoded view or any JSON bytes), keyed by id. Only cards the document already names are described."""
    data = cards or BUNDLED
    found = sorted(navigation_ids(document) & data.navigation.keys())
    return {cid: navigation_facts(cid, in_game, data) for cid in found}


def navigation_ids(document: bytes) -> set[str]:
    """Every ``nav-…`` token of ``document`` not part of a longer id (no letter, digit, ``_`` or ``-`` either
    side): the navigation card ids it may name (keep those of the game's ``navigation``)."""
    out = set()
    for m in _NAV_TOKEN.finditer(document):
        start, end = m.span()
        if (start and document[start - 1] in _ID_CHARS) or (end < len(document) and document[end] in _ID_CHARS):
            continue
        out.add(m.group().decode())
    return out
