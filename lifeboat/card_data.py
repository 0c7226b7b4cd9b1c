"""Checking card data against its own ``checks`` and naming it by a hash (CARD-2, issue 13 item 3).

A card data file (``lifeboat/data/cards.json``, a copy of the project's card data file) describes the
characters, provisions and navigation cards; its ``checks`` object states totals the rest must agree with. A file
with a missing Water or a survival value out of range must not load silently: :func:`check` raises
:class:`CardDataError` naming the field (``provisions.base[0].count``), what was found and what was expected.

:func:`data_hash` names the data: the SHA-256 of its canonical JSON (keys sorted, no spaces, UTF-8), so the same
data in another layout has the same hash. Every journal header records it (``meta.card_data``), and replay and
audit say when a journal was made with other card data (CARD-2).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

from lifeboat.i18n import N_, _, ngettext


class CardDataError(Exception):
    """The card data is malformed or disagrees with its own ``checks``; the message names the field, what was
    found and what was expected (CARD-2), in the language in use (``expected`` is written in it by the caller;
    field names, ids and the values found are the file's own, as it spells them)."""

    def __init__(self, field: str, found: object, expected: str, source: str = N_("card data")) -> None:
        self.field, self.found, self.expected, self.source = field, found, expected, source
        where = _(source) if source == "card data" else source
        if found is MISSING:
            super().__init__(_("{source}: {field}: missing; expected {expected}").format(
                source=where, field=field, expected=expected))
        else:
            super().__init__(_("{source}: {field}: expected {expected}, found {found}").format(
                source=where, field=field, expected=expected, found=repr(found)))


MISSING = object()
"""``CardDataError.found`` for a field that is not there at all (the message says "missing", not "found None")."""

# TRANSLATORS: what a navigation card's overboard or thirsty names may be; keep 'ALL' and {'all_except': [...]}
ALL_OR_LIST = N_("'ALL', a list of character ids or {'all_except': [...]}")


SETS = ("base", "cannibalism", "liquid_courage")
SIZE_RANGE, SURVIVAL_RANGE, POINTS_RANGE, WEAPON_RANGE = (1, 12), (0, 20), (0, 20), (0, 12)
PROVISION_KINDS = ("treasure", "weapon", "action", "expend_navigation", "permanent", "special")


def data_hash(raw: Any) -> str:
    """The SHA-256 (lowercase hex, 64 characters) of ``raw``'s canonical JSON: keys sorted, separators without
    spaces, UTF-8. Layout and key order do not change it; any value does (CARD-2)."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _int_in(value: object, lo: int, hi: int, field: str, source: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise CardDataError(field, value, _("a whole number from {lo} to {hi}").format(lo=lo, hi=hi), source)
    return value


def _need(obj: object, key: str, field: str, source: str, kind: type | tuple[type, ...]) -> Any:
    where = f"{field}.{key}" if field else key
    names = kind.__name__ if isinstance(kind, type) else "|".join(k.__name__ for k in kind)
    if not isinstance(obj, dict) or key not in obj:
        raise CardDataError(where, MISSING, _("a JSON value of type {names}").format(names=names), source)
    value = obj[key]
    if not isinstance(value, kind):
        raise CardDataError(where, value, _("a JSON value of type {names}").format(names=names), source)
    return value


def _characters(raw: dict[str, Any], source: str) -> set[str]:
    ids: list[str] = []
    for i, c in enumerate(_need(raw, "characters", "", source, list)):
        where = f"characters[{i}]"
        cid = _need(c, "id", where, source, str)
        if cid in ids:
            raise CardDataError(f"{where}.id", cid, _("a character id not used before"), source)
        ids.append(cid)
        _int_in(c.get("size", MISSING), *SIZE_RANGE, f"{where}.size", source)
        _int_in(c.get("survival", MISSING), *SURVIVAL_RANGE, f"{where}.survival", source)
        if c.get("expansion") not in SETS:
            raise CardDataError(f"{where}.expansion", c.get("expansion"), _("one of {values}").format(
                values=", ".join(SETS)), source)
    _seat_order(raw, ids, source)
    return set(ids)


def _seat_order(raw: dict[str, Any], ids: list[str], source: str) -> None:
    """The seat order names each character id once. A character id it does not name while it names an id that no
    character has but the navigation cards use (one id changed in one place, e.g. ``characters[0].id``
    made ``godzilla``) is reported at that character, with the id expected; otherwise at ``seat_order_from_bow``,
    saying which id is amiss."""
    order = _need(raw, "seat_order_from_bow", "", source, list)
    for j, x in enumerate(order):
        if not isinstance(x, str):
            raise CardDataError(f"seat_order_from_bow[{j}]", x, _("a character id (a JSON string)"), source)
    strangers = [x for x in order if x not in ids]
    unnamed = [cid for cid in ids if cid not in order]
    used = json.dumps(raw.get("navigation"))  # where else the data names characters
    if strangers and unnamed and json.dumps(strangers[0]) in used:
        expected = _("{id} (seat_order_from_bow and the navigation cards name it; no character has it)").format(
            id=repr(strangers[0]))
        raise CardDataError(f"characters[{ids.index(unnamed[0])}].id", unnamed[0], expected, source)
    twice = [x for x, n in Counter(order).items() if n > 1]
    if strangers or unnamed or twice:
        why = _("; ").join([_("{id} is no character's id").format(id=repr(x)) for x in strangers[:1]]
                           + [_("{id} is missing").format(id=repr(x)) for x in unnamed[:1]]
                           + [_("{id} is named {n} times").format(id=repr(x), n=order.count(x)) for x in twice[:1]])
        raise CardDataError("seat_order_from_bow", order, _("every character id exactly once ({why})").format(why=why),
                            source)


def _provisions(raw: dict[str, Any], source: str) -> dict[str, int]:
    """Check every provision entry; return the base set's count per face."""
    base: dict[str, int] = {}
    for expansion, entries in _need(raw, "provisions", "", source, dict).items():
        if expansion not in SETS:
            raise CardDataError(f"provisions.{expansion}", expansion, _("a set id: {sets}").format(
                sets=", ".join(SETS)), source)
        for i, e in enumerate(entries):
            where = f"provisions.{expansion}[{i}]"
            _need(e, "id", where, source, str)
            count = e.get("count")
            if count is None and expansion != "base":  # an expansion count nobody knows (issue 15)
                continue
            _int_in(count, 0 if expansion != "base" else 1, 30, f"{where}.count", source)
            if "kind" in e and e["kind"] not in PROVISION_KINDS:
                raise CardDataError(f"{where}.kind", e["kind"], _("one of {values}").format(
                    values=", ".join(PROVISION_KINDS)), source)
            if "size" in e:
                _int_in(e["size"], *WEAPON_RANGE, f"{where}.size", source)
            if "points" in e:
                _int_in(e["points"], *POINTS_RANGE, f"{where}.points", source)
            if "points_each" in e:
                each = _need(e, "points_each", where, source, list)
                if len(each) != count:
                    raise CardDataError(f"{where}.points_each", each, _("one value per card ({count})").format(
                        count=count), source)
                for k, p in enumerate(each):
                    _int_in(p, *POINTS_RANGE, f"{where}.points_each[{k}]", source)
            if expansion == "base":
                base[e["id"]] = count
    return base


def _names(value: object, ids: set[str], field: str, source: str) -> list[str]:
    """The character ids a navigation card's ``overboard``/``thirsty`` names (``ALL`` as ``["ALL"]``)."""
    if value == "ALL":
        return ["ALL"]
    listed = value.get("all_except") if isinstance(value, dict) else value
    if isinstance(value, dict) and "all_except" not in value:
        return []  # an expansion condition (Liquid Courage: "drank_firewater_this_round"), kept as data
    if not isinstance(listed, list):
        raise CardDataError(field, value, _(ALL_OR_LIST), source)
    for k, cid in enumerate(listed):
        if cid not in ids:
            raise CardDataError(f"{field}[{k}]", cid, _("a character id of the data's characters"), source)
    return list(listed) if not isinstance(value, dict) else []


def _navigation(raw: dict[str, Any], ids: set[str], source: str) -> list[dict[str, Any]]:
    """Check every navigation card; return the base set's cards."""
    seen: set[tuple[str, int]] = set()
    for expansion, entries in _need(raw, "navigation", "", source, dict).items():
        if expansion not in SETS:
            raise CardDataError(f"navigation.{expansion}", expansion, _("a set id: {sets}").format(
                sets=", ".join(SETS)), source)
        for i, e in enumerate(entries):
            where = f"navigation.{expansion}[{i}]"
            no = _int_in(e.get("print_no", MISSING), 1, 999, f"{where}.print_no", source)
            if (expansion, no) in seen:
                raise CardDataError(f"{where}.print_no", no, _("a print number not used before in its set"), source)
            seen.add((expansion, no))
            if e.get("bird") not in (-1, 0, 1):
                raise CardDataError(f"{where}.bird", e.get("bird"), _("-1, 0 or 1"), source)
            for flag in ("fighters_thirsty", "rowers_thirsty"):
                _need(e, flag, where, source, bool)
            _names(e.get("overboard"), ids, f"{where}.overboard", source)
            _names(e.get("thirsty"), ids, f"{where}.thirsty", source)
    return list(raw["navigation"].get("base", []))


def _against_checks(raw: dict[str, Any], base_faces: dict[str, int], base_nav: list[dict[str, Any]], source: str) -> None:
    checks = _need(raw, "checks", "", source, dict)

    def agree(key: str, found: object) -> None:
        if key in checks and checks[key] != found:
            raise CardDataError(f"checks.{key}", found, _("{total} (the data's own check: the cards it describes add "
                                                          "up to another total; is a card missing or a count "
                                                          "wrong?)").format(total=repr(checks[key])), source)

    agree("base_provisions", sum(base_faces.values()))
    agree("base_navigation_cards", len(base_nav))
    agree("base_birds_plus", sum(1 for e in base_nav if e["bird"] == 1))
    agree("base_birds_minus", sum(1 for e in base_nav if e["bird"] == -1))
    if "overboard_counts_base" in checks:
        counts: Counter[str] = Counter()
        for e in base_nav:
            named = e["overboard"]
            counts.update(["ALL"] if named == "ALL" else named if isinstance(named, list) and named else ["none"])
        want = checks["overboard_counts_base"]
        for key in sorted(set(want) | set(counts)):
            if counts.get(key, 0) != want.get(key, 0):
                n = want.get(key, 0)
                raise CardDataError(f"checks.overboard_counts_base.{key}", counts.get(key, 0), ngettext(
                    "{n} base navigation card naming it overboard", "{n} base navigation cards naming it overboard",
                    n if isinstance(n, int) else 2).format(n=n), source)


def check(raw: Any, source: str = "card data") -> str:
    """Check card data (the decoded JSON of a card data file) and return its :func:`data_hash` (CARD-2).

    Checks the shapes and ranges (sizes 1-12, survival values 0-20, points 0-20, birds -1/0/1, counts; an
    expansion's provision count may be ``null``, unknown), that every name is a character of the data,
    that the seat order names each character once, and that the cards add up to the data's own ``checks``
    (``base_provisions``, ``base_navigation_cards``, ``base_birds_plus``/``minus``, ``overboard_counts_base``).

    Raises:
        CardDataError: the first field that is wrong, with what was found and expected; ``source`` (a file name)
            starts its message.
    """
    if not isinstance(raw, dict):
        raise CardDataError(_("(the whole file)"), type(raw).__name__, _("a JSON object"), source)
    ids = _characters(raw, source)
    base_faces = _provisions(raw, source)
    base_nav = _navigation(raw, ids, source)
    _against_checks(raw, base_faces, base_nav, source)
    return data_hash(raw)


def compatible(raw: dict[str, Any], bundled: dict[str, Any], source: str = "card data") -> None:
    """Check that ``raw`` (already :func:`check`-ed) describes the same cards as ``bundled`` (CARD-3): the same
    character ids, each in the same set; the same provision faces in each set, each of the same kind. Values may
    differ (sizes, survival values, points, weapon sizes, counts, names, the navigation cards): that is what a
    table's own printing changes. The rules know each character and card by its id, so another id cannot play.

    Raises:
        CardDataError: the first character or provision that differs, naming its field (CARD-3).
    """
    want = {c["id"]: c["expansion"] for c in bundled["characters"]}
    for i, c in enumerate(raw["characters"]):
        if want.get(c["id"], c["expansion"]) != c["expansion"] or c["id"] not in want:
            raise CardDataError(f"characters[{i}].id", c["id"], _("one of this lifeboat's characters in its own "
                                                                  "set: {characters} [CARD-3]").format(
                characters=", ".join(f"{k} ({v})" for k, v in want.items())), source)
    missing = sorted(set(want) - {c["id"] for c in raw["characters"]})
    if missing:
        raise CardDataError("characters", missing, _("every character of this lifeboat (a table's printing "
                                                     "changes values, not which characters exist) [CARD-3]"), source)
    for expansion, entries in bundled["provisions"].items():
        have = {e["id"]: e for e in raw["provisions"].get(expansion, [])}
        for e in entries:
            if e["id"] not in have:
                raise CardDataError(f"provisions.{expansion}", e["id"], _("an entry for {face} (every provision "
                                                                          "face of this lifeboat is needed) "
                                                                          "[CARD-3]").format(face=repr(e["id"])),
                                    source)
        for i, e in enumerate(raw["provisions"].get(expansion, [])):
            kinds = {b["id"]: b.get("kind") for b in entries}
            if e["id"] not in kinds:
                raise CardDataError(f"provisions.{expansion}[{i}].id", e["id"], _(
                    "one of this lifeboat's provision faces of {set}: {faces} [CARD-3]").format(
                    set=expansion, faces=", ".join(kinds)), source)
            if e.get("kind") != kinds[e["id"]]:
                raise CardDataError(f"provisions.{expansion}[{i}].kind", e.get("kind"),
                                    _("{kind}, as this lifeboat plays it [CARD-3]").format(kind=repr(kinds[e["id"]])),
                                    source)
    for expansion in raw["provisions"]:
        if expansion not in bundled["provisions"]:
            raise CardDataError(f"provisions.{expansion}", expansion, _("a set this lifeboat has provisions for "
                                                                        "({sets}) [CARD-3]").format(
                sets=", ".join(bundled["provisions"])), source)
