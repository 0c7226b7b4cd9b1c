"""Card facts: characters, provisions and navigation cards, loaded from ``lifeboat/data/cards.json``.

The data file is the source (a copy of ``shared/data/lifeboat-cards.json``); it is loaded and validated once at
import. A malformed file raises :class:`CardDataError` naming the entry. Rule ids: SETUP-2, SETUP-4 (seat order),
SCORE-1 (points), FIGHT-3 (weapon sizes), NAV-3 (navigation card faces).

Card instances are strings. A provision instance is ``"<face>-<n>"`` (``"water-7"``, ``"painting-3"``), numbered
from 1 within its face; a navigation instance is ``"nav-<print_no>"`` for the base deck (``"nav-19"`` …
``"nav-42"``), ``"nav-c<print_no>"`` for Cannibalism and ``"nav-l<print_no>"`` for Liquid Courage.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Literal

import msgspec


from lifeboat.card_data import CardDataError, check

__all__ = ["CardDataError"]  # re-exported: raised here for a malformed entry, by lifeboat.card_data for the rest


class Character(msgspec.Struct, frozen=True):
    """A character card. ``size`` is health and fight strength; ``survival`` the survival value (points)."""

    id: str
    en: str
    zh: tuple[str, ...]
    size: int
    survival: int
    expansion: str


class ProvisionFace(msgspec.Struct, frozen=True):
    """One kind of provision card.

    ``kind`` is one of ``treasure``, ``weapon``, ``action``, ``expend_navigation``, ``permanent``, ``special``.
    ``weapon`` is the size a face-up weapon adds in a fight (0 for non-weapons). ``points`` is indexed by the
    instance number minus one (paintings differ per card); jewels score as a set via ``jewel_set_points``.
    """

    id: str
    en: str
    zh: tuple[str, ...]
    count: int
    kind: str
    weapon: int = 0
    points: tuple[int, ...] = ()
    expansion: str = "base"
    added: tuple[tuple[str, int], ...] = ()  # copies another set adds, numbered after these: (("cannibalism", 1),)

    @property
    def total(self) -> int:
        """Copies of this face over every set (``medical_kit``: 3 base + 1 Cannibalism = 4)."""
        return self.count + sum(n for _, n in self.added)

    def numbers(self, sets: tuple[str, ...]) -> tuple[int, ...]:
        """The instance numbers of this face in a game of ``sets`` (``"base"`` and expansion ids), ascending:
        the face's own copies first (1..count), then each set's added copies, in data order (EXP-1)."""
        out = list(range(1, self.count + 1)) if self.expansion in sets else []
        first = self.count + 1
        for expansion, n in self.added:
            if expansion in sets:
                out.extend(range(first, first + n))
            first += n
        return tuple(out)


#: Who a navigation card names: every character in the game, all but some, a list, or (Liquid Courage, LIQUID-3)
#: every character who drank Firewater this round (``("drank_firewater", ())``, resolved against the state).
Names = tuple[Literal["all", "all_except", "list", "drank_firewater"], tuple[str, ...]]


class NavigationCard(msgspec.Struct, frozen=True):
    """A navigation card. ``overboard`` and ``thirsty`` are :data:`Names`; ``bird`` is +1, -1 or 0."""

    id: str
    print_no: int
    expansion: str
    overboard: tuple[str, tuple[str, ...]]
    thirsty: tuple[str, tuple[str, ...]]
    bird: int
    fighters_thirsty: bool
    rowers_thirsty: bool


JEWEL_SET_POINTS: dict[int, int] = {0: 0, 1: 1, 2: 4, 3: 8}

UNKNOWN_COUNT_DEFAULTS: dict[str, int] = {"firewater": 2}
"""REF-22: how many copies of a provision whose count the card data leaves unknown (``"count": null``) a game
holds: Firewater (Liquid Courage), which the sources give as 1 to 3, has 2. Card data that states a count wins."""


def _names(raw: object, where: str) -> tuple[str, tuple[str, ...]]:
    if raw == "ALL":
        return ("all", ())
    if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        return ("list", tuple(raw))
    if isinstance(raw, dict) and set(raw) == {"all_except"}:
        return ("all_except", tuple(raw["all_except"]))
    if raw == {"drank_firewater_this_round": True}:  # LIQUID-3: nav-l11 names who drank Firewater this round
        return ("drank_firewater", ())
    if isinstance(raw, dict):  # another condition no rule knows: kept as data, names nobody here
        return ("list", ())
    raise CardDataError(f"{where}: expected 'ALL', a list of character ids or {{'all_except': [...]}}, got {raw!r}")


def _load() -> tuple[
    dict[str, Character], tuple[str, ...], dict[str, ProvisionFace], dict[str, NavigationCard], dict
]:
    text = resources.files("lifeboat").joinpath("data/cards.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    global CARD_DATA_SHA256
    CARD_DATA_SHA256 = check(raw, "lifeboat/data/cards.json")  # CARD-2: against its own checks, at load
    try:
        characters = {
            c["id"]: msgspec.convert(
                {k: c[k] for k in ("id", "en", "zh", "size", "survival", "expansion")}, Character
            )
            for c in raw["characters"]
        }
        seat_order = tuple(raw["seat_order_from_bow"])
        faces: dict[str, ProvisionFace] = {}
        for expansion, entries in raw["provisions"].items():
            for e in entries:
                if e["id"] in faces:  # an expansion adding copies of a base card (4th Medical Kit)
                    old = faces[e["id"]]
                    faces[e["id"]] = msgspec.structs.replace(old, added=old.added + ((expansion, int(e["count"])),))
                    continue
                points: tuple[int, ...] = ()
                if "points" in e:
                    points = (e["points"],) * e["count"]
                elif "points_each" in e:
                    points = tuple(e["points_each"])
                faces[e["id"]] = ProvisionFace(
                    id=e["id"], en=e["en"], zh=tuple(e.get("zh", ())), kind=e["kind"],
                    count=e["count"] if e["count"] is not None else UNKNOWN_COUNT_DEFAULTS.get(e["id"], 0),  # REF-22
                    weapon=e.get("size", 0) if e["kind"] == "weapon" else 0, points=points, expansion=expansion,
                )
        navigation: dict[str, NavigationCard] = {}
        prefix = {"base": "nav-", "cannibalism": "nav-c", "liquid_courage": "nav-l"}
        for expansion, entries in raw["navigation"].items():
            for i, e in enumerate(entries):
                where = f"navigation.{expansion}[{i}]"
                card_id = f"{prefix[expansion]}{e['print_no']}"
                navigation[card_id] = NavigationCard(
                    id=card_id, print_no=e["print_no"], expansion=expansion,
                    overboard=_names(e["overboard"], where + ".overboard"),
                    thirsty=_names(e["thirsty"], where + ".thirsty"), bird=int(e["bird"]),
                    fighters_thirsty=bool(e["fighters_thirsty"]), rowers_thirsty=bool(e["rowers_thirsty"]),
                )
    except (KeyError, TypeError, msgspec.ValidationError) as exc:
        raise CardDataError("(an entry)", repr(exc), "well-formed card data", "lifeboat/data/cards.json") from exc
    for cid in seat_order:
        if cid not in characters:
            raise CardDataError("seat_order_from_bow", cid, "a character id of the data")
    return characters, seat_order, faces, navigation, raw.get("checks", {})


CARD_DATA_SHA256 = ""
"""The :func:`lifeboat.card_data.data_hash` of the bundled card data (CARD-2): every journal header records it."""

CHARACTERS, SEAT_ORDER, FACES, NAVIGATION, CHECKS = _load()

BASE_CHARACTERS: tuple[str, ...] = tuple(c for c in SEAT_ORDER if CHARACTERS[c].expansion == "base")


def provision_instances(expansions: tuple[str, ...] = ("base",)) -> tuple[str, ...]:
    """Every provision card instance of the given sets (``"base"`` and expansion ids), as ``"<face>-<n>"``
    strings (SETUP-5, EXP-1): 42 for the base game; with ``"cannibalism"`` also ``medical_kit-4`` and
    ``cannibalism-1``."""
    out: list[str] = []
    for face in FACES.values():
        out.extend(f"{face.id}-{n}" for n in face.numbers(expansions))
    return tuple(out)


def characters_in(expansions: tuple[str, ...] = ("base",)) -> tuple[str, ...]:
    """The characters of the given sets, in seat order from the bow (SETUP-2, SETUP-4, EXP-1)."""
    return tuple(c for c in SEAT_ORDER if CHARACTERS[c].expansion in expansions)


def navigation_instances(expansions: tuple[str, ...] = ("base",)) -> tuple[str, ...]:
    """Every navigation card id of the given sets (``"nav-19"`` …), in print order (SETUP-5)."""
    return tuple(c.id for c in NAVIGATION.values() if c.expansion in expansions)


def face_of(card: str) -> str:
    """The face id of a provision instance (``"water-7"`` → ``"water"``). Raises ``KeyError`` for an unknown card."""
    face = _FACE_OF.get(card)
    if face is not None:
        return face
    face, _, n = card.rpartition("-")
    if face not in FACES or not n.isdigit() or not 1 <= int(n) <= FACES[face].total:
        raise KeyError(card)
    return face


_FACE_OF: dict[str, str] = {f"{f.id}-{n}": f.id for f in FACES.values() for n in range(1, f.total + 1)}
"""Every provision instance of every set in its usual spelling, to its face (what :func:`face_of` looks up first)."""


def is_provision(card: str) -> bool:
    """True when ``card`` names a provision instance that exists."""
    try:
        face_of(card)
    except KeyError:
        return False
    return True


def weapon_size(card: str) -> int:
    """Size a face-up ``card`` adds in a fight (FIGHT-3): Oar 1, Blackjack 2, Knife 3, Gaffing Hook 4, Flare Gun 8."""
    return FACES[face_of(card)].weapon


def treasure_points(card: str) -> int:
    """Printed points of a cash or painting instance; 0 for jewels (scored as a set) and everything else."""
    face = FACES[face_of(card)]
    if face.id == "jewels" or not face.points:
        return 0
    return face.points[int(card.rpartition("-")[2]) - 1]


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


def card_name(card: str) -> str:
    """A human name for a provision or navigation instance (``"Water"``, ``"Painting (3)"``, ``"Navigation 19"``);
    ``"an unknown card"`` for a placeholder (REC-1)."""
    if is_unknown(card):
        return "an unknown card"
    if card in NAVIGATION:
        return f"Navigation {NAVIGATION[card].print_no}"
    face = FACES[face_of(card)]
    if face.id == "painting":
        return f"Painting ({treasure_points(card)})"
    return face.en
