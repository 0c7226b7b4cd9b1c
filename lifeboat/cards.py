"""Card facts: the bundled card data, the card data of each game, and the card instance helpers.

The bundled data (``lifeboat/data/cards.json``, a copy of the project's card data file) is checked and
loaded once at import into :data:`BUNDLED`, a :class:`lifeboat.card_set.CardSet`. A game plays with the card set
its ruleset names (``Ruleset.card_data``: ``""`` for the bundled data, else the SHA-256 of a table's own card data,
CARD-3): :func:`cards_of` finds it in a registry keyed by that hash, where :func:`register` puts checked data. The
registry is content-addressed, not a switch: games with different card data share one process, each reading its
own set (``state.cards``). Rule ids: SETUP-2, SETUP-4 (seat order), SCORE-1 (points), FIGHT-3 (weapon sizes),
NAV-3 (navigation card faces), CARD-2, CARD-3.

The module-level names (:data:`CHARACTERS`, :data:`FACES`, :func:`face_of`, :func:`treasure_points`, …) are the
**bundled** data's: for ids and names, catalogs, and games that play with it; code that decides, scores or sizes
a game reads ``state.cards`` instead.

Card instances are strings. A provision instance is ``"<face>-<n>"`` (``"water-7"``, ``"painting-3"``), numbered
from 1 within its face; a navigation instance is ``"nav-<print_no>"`` for the base deck (``"nav-19"`` …
``"nav-42"``), ``"nav-c<print_no>"`` for Cannibalism and ``"nav-l<print_no>"`` for Liquid Courage.

    >>> from lifeboat.cards import CHARACTERS, SEAT_ORDER, face_of, is_unknown
    >>> CHARACTERS["kid"]
    Character(id='kid', en='The Kid', zh=('小孩',), size=3, survival=9, expansion='base')
    >>> SEAT_ORDER[:3]  # from the bow (SETUP-4)
    ('lady_lauren', 'sir_stephen', 'captain')
    >>> face_of("water-7"), face_of("painting-3")
    ('water', 'painting')
    >>> is_unknown("?p3"), is_unknown("water-7")  # a placeholder of a recorded game (REC-1)
    (True, False)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol

from lifeboat.card_data import CardDataError, compatible
from lifeboat.i18n import _
from lifeboat.card_set import UNKNOWN_COUNT_DEFAULTS, CardSet, Character, Names, NavigationCard, ProvisionFace

__all__ = ["CardDataError", "CardSet", "Character", "Names", "NavigationCard", "ProvisionFace"]


def _load_bundled() -> CardSet:
    data = Path(__file__).with_name("data") / "cards.json"  # package data beside this module (pyproject)
    if data.is_file():
        text = data.read_text(encoding="utf-8")
    else:  # an installation that keeps the package elsewhere (a zip): importlib.resources finds it, slower to import
        from importlib import resources

        text = resources.files("lifeboat").joinpath("data/cards.json").read_text(encoding="utf-8")
    return CardSet(json.loads(text), "lifeboat/data/cards.json")  # CARD-2: against its own checks, at load


BUNDLED: CardSet = _load_bundled()
"""The card data this lifeboat ships (``lifeboat/data/cards.json``): what a game plays with unless its table
brought its own (CARD-3)."""

CARD_DATA_SHA256: str = BUNDLED.sha256
"""The :func:`lifeboat.card_data.data_hash` of the bundled card data (CARD-2): every journal header records it."""

EARLIER_BUNDLED: dict[str, str] = {
    "95f1e5f6418d25e2e04274a2673fa5067d18703961d92ec23069d6c37c39a29c":
        "Mrs. Wong's first Chinese name was the traditional 黃夫人 (issue 29: 黄夫人)",
}
"""Hashes of earlier printings of the bundled card data that differ from it only in names (``zh``), with what
changed: the same cards and values, so a journal made with one is a game of this lifeboat's card data (CARD-4)."""

_REGISTRY: dict[str, CardSet] = {BUNDLED.sha256: BUNDLED}


class _HasCardData(Protocol):
    @property
    def card_data(self) -> object:  # a SHA-256, or msgspec.UNSET / "" for the bundled data
        ...


def register(raw: Any, source: str = "card data") -> CardSet:
    """Check ``raw`` (decoded card data), keep it under its hash and return its :class:`CardSet` (CARD-2, CARD-3).
    Registering the same data twice returns the same set; nothing is ever replaced (a hash names one content).

    Raises:
        CardDataError: a field is malformed, disagrees with the data's own checks (CARD-2), or describes other
            cards than this lifeboat plays (a character, provision face or set it does not know, CARD-3); the
            message starts with ``source`` and names the field.
    """
    from lifeboat.card_data import data_hash

    known = _REGISTRY.get(data_hash(raw)) if isinstance(raw, dict) else None
    if known is not None:
        return known
    cards = CardSet(raw, source)
    compatible(raw, BUNDLED.raw, source)
    return _REGISTRY.setdefault(cards.sha256, cards)


def card_set(sha256: object) -> CardSet:
    """The registered card set whose data hash is ``sha256`` (``""`` or ``msgspec.UNSET``: :data:`BUNDLED`).

    Raises:
        CardDataError: no card data with that hash was registered in this process (CARD-3): the journal or
            position that names it must carry a copy, or the table must bring the file (``--cards``).
    """
    if not sha256:
        return BUNDLED
    try:
        return _REGISTRY[sha256]  # type: ignore[index]  # a non-empty card_data is a SHA-256 string (msgspec.UNSET is falsy)
    except (KeyError, TypeError):
        raise CardDataError("card_data", sha256, _("card data this process has loaded (bring the file with --cards, "
                                                   "or a journal whose header carries a copy)")) from None


def cards_of(ruleset: _HasCardData) -> CardSet:
    """The card set a game of ``ruleset`` plays with (``Ruleset.card_data``; CARD-3). Raises as :func:`card_set`."""
    return card_set(ruleset.card_data)


CHARACTERS: dict[str, Character] = BUNDLED.characters
SEAT_ORDER: tuple[str, ...] = BUNDLED.seat_order
FACES: dict[str, ProvisionFace] = BUNDLED.faces
NAVIGATION: dict[str, NavigationCard] = BUNDLED.navigation
CHECKS: dict[str, Any] = BUNDLED.checks
JEWEL_SET_POINTS: dict[int, int] = BUNDLED.jewel_set_points
BASE_CHARACTERS: tuple[str, ...] = BUNDLED.base_characters

provision_instances = BUNDLED.provision_instances
characters_in = BUNDLED.characters_in
navigation_instances = BUNDLED.navigation_instances
face_of = BUNDLED.face_of
look_of = BUNDLED.look_of
is_provision = BUNDLED.is_provision
weapon_size = BUNDLED.weapon_size
treasure_points = BUNDLED.treasure_points
card_name = BUNDLED.card_name


def names_on(names: tuple[str, tuple[str, ...]], in_game: tuple[str, ...],
             drank: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Evaluate a card's :data:`Names` against the characters in the game (OVER-1, THIRST-1), in ``in_game`` order;
    ``drank`` are those who drank Firewater this round (LIQUID-3, ``State.drank``)."""
    kind, listed = names
    if kind == "drank_firewater":
        return tuple(c for c in in_game if c in drank)
    if kind == "all":
        return in_game
    if kind == "all_except":
        return tuple(c for c in in_game if c not in listed)
    return tuple(c for c in in_game if c in listed)


UNKNOWN = "?"
"""A card nobody at the table has named (REC-1): in a recorded game a chance command may draw ``"?"``, and the
engine then holds a placeholder: ``"?p<n>"`` for a provision, ``"?n<n>"`` for a navigation card."""


def is_unknown(card: str) -> bool:
    """True for a placeholder of a card whose face the recorder does not know (``"?p3"``, ``"?n12"``; REC-1)."""
    return card.startswith(UNKNOWN)
