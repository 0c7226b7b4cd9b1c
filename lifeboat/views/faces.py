"""VIEW-FACE-1: provisions of one face are alike, so a view names a provision by its face unless its audience
holds that very card.

Physical cards of one face cannot be told apart, but the engine numbers them (``water-5``, ``water-7``). Showing
the numbers would tell a player more than the table does: Ann passes ``water-5`` to Bob; if every view later showed
Bob playing ``water-7``, Ann would know he still holds hers. So every view but the referee's is passed through
this module last (after its lines of text are written: texts use names only, and a Painting's name keeps its value):
a provision instance the audience does not hold becomes its face id as :meth:`lifeboat.card_set.CardSet.look_of`
gives it (``"water"``, or ``"painting(3)"`` for a face whose copies print different values).

An audience sees an instance only while it holds the card: in its own hand, face up in front of it, or offered to
it to keep (the provisions pick, PROV-2). Everything it is shown is masked by where the cards are *now*: the table,
the log (an event that named ``water-5`` while the seat held it names ``water`` once the card has left), its memory
and its legal commands. So a log view may change from an instance to its face between two reads, never the other
way but when the card comes back. The referee, and everyone once the game has ended (END-2), sees every instance.
"""

from __future__ import annotations

import typing
from typing import Any

import msgspec

from lifeboat.card_set import CardSet
from lifeboat.events import EVENT_TYPES
from lifeboat.state import ProvisionsPick, State, Step

#: Fields whose strings are never cards (a player's name could read like a card id).
_NOT_CARDS = frozenset({"players", "player", "winners", "text"})


_CARD_FIELDS = ("card", "cards", "give", "gave", "got", "provisions", "offered", "thrown")


def _fields(types: tuple[type, ...]) -> dict[str, tuple[str, ...]]:
    return {cls.__struct_config__.tag: tuple(f for f in cls.__struct_fields__  # type: ignore[attr-defined]  # Structs
                                             if f in _CARD_FIELDS) for cls in types}


#: Event or step tag -> its fields that may hold a provision instance (the others hold characters, words, numbers).
EVENT_CARDS: dict[str, tuple[str, ...]] = _fields(EVENT_TYPES)
STEP_CARDS: dict[str, tuple[str, ...]] = _fields(typing.get_args(Step))


def mask_fields(fields: tuple[str, ...], data: dict[str, Any], cards: CardSet,
                keep: frozenset[str]) -> dict[str, Any]:
    """An event's or a step's ``data`` with every provision instance not in ``keep`` in its ``fields``
    (:data:`EVENT_CARDS`, :data:`STEP_CARDS`) named by its face (VIEW-FACE-1); ``data`` itself when nothing
    changes (most events and steps name no card)."""
    look = cards.look_by_instance
    new = None
    for f in fields:
        v = data[f]
        m = _faced(v, look, keep)
        if m is not v:
            new = dict(data) if new is None else new
            new[f] = m
    return data if new is None else new


def _faced(v: Any, look: dict[str, str], keep: frozenset[str]) -> Any:
    """A card field's value ``v`` (a card id, a tuple of them, possibly holding ``None``, or ``None``) with every
    instance in ``look`` and not in ``keep`` named by its face; ``v`` itself when nothing changes."""
    if v is None:
        return v
    if v.__class__ is str:
        return look[v] if v in look and v not in keep else v
    if any(x in look and x not in keep for x in v):
        return tuple(x if x is None or x in keep else look.get(x, x) for x in v)
    return v


def held_by(state: State, character: str | None) -> frozenset[str]:
    """The provision instances ``character`` (``None``: the public, who holds none) sees as instances now: its
    hand, its face-up cards and the provisions offered to it to keep (VIEW-FACE-1)."""
    if character is None:
        return frozenset()
    ch = state.char(character)
    step = state.step
    offered = step.offered if isinstance(step, ProvisionsPick) and step.picker == character else ()
    return frozenset((*ch.hand, *ch.face_up, *offered))


def mask(value: Any, cards: CardSet, keep: frozenset[str] | set[str]) -> Any:
    """``value`` (a string, a tuple, list or dict of them, or a msgspec Struct) with every provision instance not in
    ``keep`` replaced by its face id (VIEW-FACE-1); everything else unchanged (the same object when nothing
    changed). A dict's or Struct's ``players``, ``player``, ``winners`` and ``text`` are left alone (names and
    lines, never cards)."""
    return _mask(value, cards.look_by_instance.get, keep)


def _mask(value: Any, look: Any, keep: frozenset[str] | set[str]) -> Any:
    table = look.__self__  # the dict of instances: a string not in it, or one kept, stays as it is
    kind = value.__class__
    if kind is str:
        return value if value in keep else look(value, value)
    if kind is tuple or kind is list:
        for x in value:  # most lists name no instance to hide: return them as they are
            if x.__class__ is str and x in table and x not in keep or x.__class__ is tuple:
                return kind(x if x is None or (x.__class__ is str and (x in keep or x not in table))
                            else _mask(x, look, keep) for x in value)
        return value
    if kind is dict:
        new = None
        for k, v in value.items():
            c = v.__class__
            if c is str:
                if v in keep or v not in table or k in _NOT_CARDS:
                    continue
                m = table[v]
            elif c is tuple and k not in _NOT_CARDS:
                m = _mask(v, look, keep)
            else:  # None, a number, a flag
                continue
            if m is not v:
                new = dict(value) if new is None else new
                new[k] = m
        return value if new is None else new
    if isinstance(value, msgspec.Struct):
        changed = {}
        for f in value.__struct_fields__:
            old = getattr(value, f)
            if f not in _NOT_CARDS and old is not None and old.__class__ not in (bool, int):
                new_value = _mask(old, look, keep)
                if new_value is not old and new_value != old:
                    changed[f] = new_value
        return msgspec.structs.replace(value, **changed) if changed else value
    return value


def mask_commands(commands: tuple[Any, ...], cards: CardSet, keep: frozenset[str]) -> tuple[Any, ...]:
    """A seat's legal commands with every card it does not hold named by its face (a mug for another's face-up
    card: ``Mug(card="water")``, which the engine resolves, MUG-1), commands made equal by it listed once, in the
    first order (VIEW-FACE-1)."""
    look = cards.look_by_instance
    out: dict[Any, None] = {}
    for cmd in commands:
        changed = {}
        for f in ("card", "cards", "give"):  # the command fields that name provisions
            v = getattr(cmd, f, None)
            m = _faced(v, look, keep)
            if m is not v:
                changed[f] = m
        out.setdefault(msgspec.structs.replace(cmd, **changed) if changed else cmd)
    return tuple(out)


def mask_common(common: dict[str, Any], cards: CardSet) -> dict[str, Any]:
    """The parts of the table every audience sees alike (the keyword arguments of a
    :class:`~lifeboat.views.structs.TableView`) as the public sees them (VIEW-FACE-1): every character's face-up
    cards, the discard pile and the open Parasol by their faces. Only what changes is rebuilt."""
    look = cards.look_by_instance
    out = dict(common)
    chars = common["characters"]
    if any(x in look for cv in chars for x in cv.face_up):
        out["characters"] = tuple(msgspec.structs.replace(cv, face_up=tuple(look.get(x, x) for x in cv.face_up))
                                  if any(x in look for x in cv.face_up) else cv for cv in chars)
    out["discard"] = tuple(look.get(x, x) for x in common["discard"])
    if common["open_parasol"] is not None:
        out["open_parasol"] = look.get(common["open_parasol"], common["open_parasol"])
    return out


def for_seat(faced: dict[str, Any], common: dict[str, Any], me: str | None, keep: frozenset[str]) -> dict[str, Any]:
    """:func:`mask_common`'s ``faced`` table for the seat ``me`` holding ``keep`` (VIEW-FACE-1): its own face-up cards
    (and the Parasol it opened) as they are (``common``); the public's (``me`` None) unchanged."""
    if me is None or faced["characters"] is common["characters"]:
        return faced
    out = dict(faced)
    out["characters"] = tuple(cv if cv.character == me else fv for cv, fv in zip(common["characters"],
                                                                                faced["characters"]))
    if common["open_parasol"] in keep:
        out["open_parasol"] = common["open_parasol"]
    return out
