"""One game's card facts: an immutable :class:`CardSet` built from card data (CARD-2, CARD-3).

The bundled data (``lifeboat/data/cards.json``) gives :data:`lifeboat.cards.BUNDLED`; a table may bring its own
printing (``--cards FILE``), which gives another :class:`CardSet`. A game reaches its own set through its ruleset
(``state.cards``, :func:`lifeboat.cards.cards_of`), never through a process-wide switch, so games with different
card data live side by side in one process. Rule ids: SETUP-2, SETUP-4 (seat order), SCORE-1 (points, jewel
sets), FIGHT-3 (weapon sizes), NAV-3 (navigation card faces), CARD-2 (checked, hashed), CARD-3 (same cards as the
bundled data, other values).

Card instances are strings. A provision instance is ``"<face>-<n>"`` (``"water-7"``, ``"painting-3"``), numbered
from 1 within its face; a navigation instance is ``"nav-<print_no>"`` for the base deck (``"nav-19"`` …
``"nav-42"``), ``"nav-c<print_no>"`` for Cannibalism and ``"nav-l<print_no>"`` for Liquid Courage.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from lifeboat.card_data import ALL_OR_LIST, CardDataError, check
from lifeboat.i18n import _, data_name


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
    ``size`` is the printed size of the card whatever its kind (Firewater's +3), 0 when none is printed.
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
    size: int = 0

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


DEFAULT_JEWEL_SET_POINTS: dict[int, int] = {0: 0, 1: 1, 2: 4, 3: 8}
NAV_PREFIX = {"base": "nav-", "cannibalism": "nav-c", "liquid_courage": "nav-l"}


UNKNOWN_COUNT_DEFAULTS: dict[str, int] = {"firewater": 2}
"""REF-23: how many copies of a provision whose count the card data leaves unknown (``"count": null``) a game
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
    raise CardDataError(where, raw, _(ALL_OR_LIST))


def _faces(raw: dict[str, Any]) -> dict[str, ProvisionFace]:
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
                count=e["count"] if e["count"] is not None else UNKNOWN_COUNT_DEFAULTS.get(e["id"], 0),  # REF-23
                weapon=e.get("size", 0) if e["kind"] == "weapon" else 0, points=points, expansion=expansion,
                size=e.get("size", 0),
            )
    return faces


def _navigation(raw: dict[str, Any]) -> dict[str, NavigationCard]:
    navigation: dict[str, NavigationCard] = {}
    for expansion, entries in raw["navigation"].items():
        for i, e in enumerate(entries):
            where = f"navigation.{expansion}[{i}]"
            card_id = f"{NAV_PREFIX[expansion]}{e['print_no']}"
            navigation[card_id] = NavigationCard(
                id=card_id, print_no=e["print_no"], expansion=expansion,
                overboard=_names(e["overboard"], where + ".overboard"),
                thirsty=_names(e["thirsty"], where + ".thirsty"), bird=int(e["bird"]),
                fighters_thirsty=bool(e["fighters_thirsty"]), rowers_thirsty=bool(e["rowers_thirsty"]),
            )
    return navigation


def _looks(faces: dict[str, ProvisionFace]) -> tuple[dict[str, str], dict[str, tuple[str, int]]]:
    """VIEW-FACE-1: every instance's look (:meth:`CardSet.look_of`) and every look's ``(face, points)``."""
    look_of: dict[str, str] = {}
    looks: dict[str, tuple[str, int]] = {}
    for f in faces.values():
        points = [0 if f.id == "jewels" or not f.points else f.points[(n - 1) % len(f.points)]
                  for n in range(1, f.total + 1)]
        differ = len(set(points)) > 1
        for n, value in enumerate(points, 1):
            look = f"{f.id}({value})" if differ else f.id
            look_of[f"{f.id}-{n}"] = look
            looks[look] = (f.id, value)
        looks.setdefault(f.id, (f.id, points[0] if points and not differ else 0))
    return look_of, looks


class CardSet:
    """The card facts of one game, built from checked card data; immutable (read its attributes, never assign).

    Attributes: ``sha256`` (the data's :func:`lifeboat.card_data.data_hash`), ``raw`` (the decoded data, for a
    journal header's copy; do not mutate), ``characters`` (id → :class:`Character`), ``seat_order`` (every
    character id from the bow, SETUP-4), ``faces`` (face id → :class:`ProvisionFace`), ``navigation`` (card id →
    :class:`NavigationCard`), ``jewel_set_points`` (jewels held → points, SCORE-1), ``size`` (character id →
    size), ``base_characters``, ``checks``, ``look_by_instance`` (provision instance → :meth:`look_of`). Two
    sets are equal when their hashes are.
    """

    __slots__ = ("sha256", "raw", "characters", "seat_order", "faces", "navigation", "jewel_set_points",
                 "size", "base_characters", "checks", "_face_of", "look_by_instance", "_looks")

    def __init__(self, raw: Any, source: str = "card data") -> None:
        """Check ``raw`` (decoded card data) and build its facts.

        Raises:
            CardDataError: a field is malformed or disagrees with the data's own checks (CARD-2); the message
                starts with ``source`` and names the field.
        """
        self.sha256 = check(raw, source)
        self.raw = raw
        try:
            self.characters = {
                c["id"]: msgspec.convert({k: c[k] for k in ("id", "en", "zh", "size", "survival", "expansion")},
                                         Character)
                for c in raw["characters"]
            }
            self.seat_order = tuple(raw["seat_order_from_bow"])
            self.faces = _faces(raw)
            self.navigation = _navigation(raw)
        except (KeyError, TypeError, msgspec.ValidationError) as exc:
            raise CardDataError(_("(an entry)"), repr(exc), _("well-formed card data"), source) from exc
        jewels: dict[str, Any] = next((e for e in raw["provisions"].get("base", ()) if e.get("id") == "jewels"), {})
        sets = jewels.get("set_points") if isinstance(jewels, dict) else None
        self.jewel_set_points = ({0: 0, **{int(k): int(v) for k, v in sets.items()}} if isinstance(sets, dict)
                                 else dict(DEFAULT_JEWEL_SET_POINTS))
        self.size = {cid: ch.size for cid, ch in self.characters.items()}
        self.base_characters = tuple(c for c in self.seat_order if self.characters[c].expansion == "base")
        self.checks = raw.get("checks", {})
        self._face_of = {f"{f.id}-{n}": f.id for f in self.faces.values() for n in range(1, f.total + 1)}
        self.look_by_instance, self._looks = _looks(self.faces)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.sha256 == self.sha256

    def __hash__(self) -> int:
        return hash(self.sha256)

    def __repr__(self) -> str:
        return f"CardSet(sha256={self.sha256[:16]}…)"

    def provision_instances(self, expansions: tuple[str, ...] = ("base",)) -> tuple[str, ...]:
        """Every provision card instance of the given sets (``"base"`` and expansion ids), as ``"<face>-<n>"``
        strings (SETUP-5, EXP-1): 42 for the bundled base game; with ``"cannibalism"`` also ``medical_kit-4`` and
        ``cannibalism-1``."""
        out: list[str] = []
        for face in self.faces.values():
            out.extend(f"{face.id}-{n}" for n in face.numbers(expansions))
        return tuple(out)

    def characters_in(self, expansions: tuple[str, ...] = ("base",)) -> tuple[str, ...]:
        """The characters of the given sets, in seat order from the bow (SETUP-2, SETUP-4, EXP-1)."""
        return tuple(c for c in self.seat_order if self.characters[c].expansion in expansions)

    def navigation_instances(self, expansions: tuple[str, ...] = ("base",)) -> tuple[str, ...]:
        """Every navigation card id of the given sets (``"nav-19"`` …), in print order (SETUP-5)."""
        return tuple(c.id for c in self.navigation.values() if c.expansion in expansions)

    def face_of(self, card: str) -> str:
        """The face id of a provision instance (``"water-7"`` → ``"water"``). Raises ``KeyError`` for a card this
        data does not have."""
        face = self._face_of.get(card)
        if face is not None:
            return face
        face, _, n = card.rpartition("-")
        if face not in self.faces or not n.isdigit() or not 1 <= int(n) <= self.faces[face].total:
            raise KeyError(card)
        return face

    def look_of(self, card: str) -> str:
        """VIEW-FACE-1: how a provision instance looks to those who may not tell it from its copies: its face id
        (``"water-7"`` → ``"water"``), with the value for a face whose copies print different points
        (``"painting-3"`` → ``"painting(2)"``, as the notation writes it). Anything else (a navigation card, a
        placeholder, a character id, a face id already) is returned unchanged."""
        return self.look_by_instance.get(card, card)

    def is_look(self, card: str) -> bool:
        """True for a face id as :meth:`look_of` gives it (``"water"``, ``"painting(2)"``; VIEW-FACE-1)."""
        return card in self._looks

    def face(self, card: str) -> str:
        """The face id of a provision instance or of a face id as views show it (VIEW-FACE-1): ``"water-7"``,
        ``"water"`` → ``"water"``; ``"painting(2)"`` → ``"painting"``. Raises ``KeyError`` for anything else."""
        looked = self._looks.get(card)
        return looked[0] if looked is not None else self.face_of(card)

    def faces_by_instance(self) -> dict[str, str]:
        """Every provision instance this data has, to its face id (``{"water-7": "water", …}``; what
        :meth:`face_of` reads first). Do not change it."""
        return self._face_of

    def is_provision(self, card: str) -> bool:
        """True when ``card`` names a provision instance this data has."""
        try:
            self.face_of(card)
        except KeyError:
            return False
        return True

    def weapon_size(self, card: str) -> int:
        """Size a face-up ``card`` adds in a fight (FIGHT-3): bundled Oar 1, Blackjack 2, Knife 3, Gaffing Hook 4,
        Flare Gun 8. Raises ``KeyError`` for a card this data does not have."""
        return self.faces[self.face(card)].weapon

    def treasure_points(self, card: str) -> int:
        """Printed points of a cash or painting instance, or of a face id as views show it (``"painting(2)"``,
        ``"cash"``; VIEW-FACE-1); 0 for jewels (scored as a set) and everything else. Raises ``KeyError`` for a
        card this data does not have."""
        looked = self._looks.get(card)
        if looked is not None:
            return looked[1]
        face = self.faces[self.face_of(card)]
        if face.id == "jewels" or not face.points:
            return 0
        return face.points[int(card.rpartition("-")[2]) - 1]

    def card_name(self, card: str) -> str:
        """A human name, in the language in use (:mod:`lifeboat.i18n`), for a provision or navigation instance (``"Water"``, ``"Painting (3)"``, ``"Navigation
        19"``), or for a face id as views show it (``"water"``, ``"painting(3)"``; VIEW-FACE-1); ``"an unknown
        card"`` for a placeholder (REC-1). Raises ``KeyError`` for an unknown card."""
        if card.startswith("?"):
            return _("an unknown card")
        if card in self.navigation:
            return _("Navigation {number}").format(number=self.navigation[card].print_no)
        face = self.faces[self.face(card)]
        named = data_name("card", face.en, face.zh)
        if face.id == "painting" and self.treasure_points(card):  # a bare "painting" of several values: no value
            return _("{painting} ({points})").format(painting=named, points=self.treasure_points(card))
        return named

    def character_name(self, character: str) -> str:
        """A character's name in the language in use (:mod:`lifeboat.i18n`: ``"The Captain"``, 船长); the id
        itself when this data has no such character."""
        ch = self.characters.get(character)
        return character if ch is None else data_name("character", ch.en, ch.zh)
