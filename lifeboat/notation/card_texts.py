"""How cards and characters are written in a line: navigation numbers, instance ids, ``?`` for unseen cards,
runs of the same face; what :mod:`~lifeboat.notation.render` and the parser's messages use."""

from __future__ import annotations

from itertools import combinations

from lifeboat.card_context import in_use
from lifeboat.cards import (
    UNKNOWN,
    is_unknown,
)
from lifeboat.notation.names import (
    _INSTANCES,
    CHARACTER_NAMES,
    FACE_NAMES,
    _multi,
    _num,
    _points,
    _safe_face,
)
from lifeboat.notation.tokens import _is_placeholder


def character_name(character: str) -> str:
    """The notation name of a character id (``lady_lauren`` -> ``lauren``); unknown ids are returned unchanged."""
    return CHARACTER_NAMES.get(character, character)


def card_text(card: str) -> str:
    """The notation of a card instance by itself: navigation number (``27``) or the instance id (``water-7``)."""
    return _nav_text(card) if card in in_use().navigation else card


def _nav_text(card: str) -> str:
    return card[4:] if card.startswith("nav-") and card[4:].isdigit() else card  # "27", but "nav-c8" (expansion)


def _face_text(card: str) -> str:
    face = in_use().face_of(card)
    return f"{FACE_NAMES[face]}({_points(card)})" if _multi(face) else FACE_NAMES[face]


def _card_texts(cards: tuple[str, ...] | list[str], pool: tuple[str, ...], hidden: bool,
                explicit: bool = False, unaccounted: tuple[str, ...] = (), unseen: bool = False) -> list[str]:
    """Face names where parsing them back gives the same instances (per face and value), ids elsewhere.

    Recorded games (REC-1): a face missing from ``pool`` reads back as the lowest of the ``unaccounted`` cards; with
    ``unseen`` (a player's line) placeholders are written ``?`` when ``?`` reads back as them (the first ones of
    ``pool`` left after those the line's real cards will be identified as); a chance's ``?`` stays ``?``."""
    if explicit:
        return list(cards)
    by_class: dict[tuple[str, int], list[str]] = {}
    for x in cards:
        f = _safe_face(x)
        if f is None:
            continue
        by_class.setdefault((f, _points(x) if _multi(f) else 0), []).append(x)
    ok: set[tuple[str, int]] = set()
    for (f, v), xs in by_class.items():
        def fits(y: str, f: str = f, v: int = v) -> bool:
            return _safe_face(y) == f and (not _multi(f) or _points(y) == v)

        avail = sorted((y for y in pool if fits(y)), key=_num)
        if not avail:
            avail = sorted((y for y in unaccounted if fits(y)), key=_num)
        if not avail:
            avail = [y for y in _INSTANCES[f] if fits(y)]
        if xs == avail[: len(xs)]:
            ok.add((f, v))
    marks = _unseen_marks(cards, pool) if unseen else set()
    out = []
    for x in cards:
        f = _safe_face(x)
        if f is not None and (f, _points(x) if _multi(f) else 0) in ok:
            out.append(_face_text(x))
        elif x in marks:
            out.append(UNKNOWN)
        else:
            out.append(x)
    return out


def _unseen_marks(cards: tuple[str, ...] | list[str], pool: tuple[str, ...]) -> set[str]:
    """The placeholders of ``cards`` to write as ``?`` (as many as can be) so that the line reads back to ``cards``:
    each ``?`` reads as the first placeholder of ``pool`` not named otherwise in the line and not left for the line's
    real cards (see ``Parser.unseen``)."""
    named = [x for x in cards if _is_placeholder(x)]
    if not named:
        return set()
    holders = [y for y in pool if y.startswith(named[0][:2])]
    binds = len([x for x in cards if not is_unknown(x) and x not in pool]) if holders else 0
    for k in range(len(named), 0, -1):
        for marks in combinations(named, k):
            free = [y for y in holders[binds:] if y not in named or y in marks]
            if list(marks) == free[:k]:
                return set(marks)
    return set()


def _runs(texts: list[str]) -> list[str]:
    """Runs of four or more ``?`` written as a count: ``removed 10 ?``."""
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j < len(texts) and texts[j] == UNKNOWN:
            j += 1
        if j - i >= 4:
            out.append(f"{j - i} {UNKNOWN}")
            i = j
        else:
            out.append(texts[i])
            i += 1
    return out
