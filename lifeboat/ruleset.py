"""The ruleset: every option the rulings allow, fixed at game start and recorded in the journal header.

Source: docs/rulings.md. Defaults are the rulings' defaults. Rule ids: OPT-1 (options are fixed at
start), SETUP-3, ACT-1, ROW-1, ROW-2, FIGHT-4, OPT-QUICK, OPT-SHARK, EXP-1 (expansions: Cannibalism and Liquid
Courage are played).
"""

from __future__ import annotations

import msgspec

from collections.abc import Iterable

from lifeboat.errors import InvalidCommand, NotImplementedOption
from lifeboat.i18n import _


class Ruleset(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Options of one game (all booleans; ``expansions`` is a tuple of expansion ids).

    Raises nothing itself; :func:`validate` raises :class:`NotImplementedOption` for an option this version does
    not implement yet.
    """

    remove_provisions_short_handed: bool = True  # SETUP-3 (RUL-SETUP-3)
    swap_grants_immediate_turn: bool = False  # ACT-3 (RUL-ACT-1 option, seed 003), REF-16
    row_keeps_exactly_one: bool = False  # ROW-1 (RUL-ROW-1)
    rowing_variant: bool = False  # ROW-2 (RUL-ROW-2, seed 000), REF-17
    flare_gun_single_use_weapon: bool = False  # FIGHT-4 (RUL-FIGHT-4)
    quick_game: bool = False  # OPT-QUICK (RUL-OPT-QUICK)
    shark_variant: bool = False  # OPT-SHARK, GHOST-1 (RUL-OPT-SHARK, seeds 003, 004), REF-19
    expansions: tuple[str, ...] = ()  # EXP-1 (RUL-EXP-*): "cannibalism", "liquid_courage" (LIQUID-1..3, WONG-1)
    # CARD-3: unset (not encoded: headers and views as before) for the bundled card data, else the SHA-256 of the
    # table's own card data, found by lifeboat.cards.cards_of
    card_data: str | msgspec.UnsetType = msgspec.UNSET
    # NAV-2: with an empty row stack the Compass's card is added to the top card, two to choose from. Unset (not
    # encoded) in the headers of games begun before this reading, which keep the former one (the Compass's card the
    # only choice); a new game writes it (NEW_GAME), on unless asked off
    compass_extra_card: bool | msgspec.UnsetType = msgspec.UNSET
    # REC-3: a recorded game whose unseen cards are possibilities, narrowed by what is shown and deduced; unset in
    # recordings begun before (the first placeholder of a hand was taken for the card that left it, REC-1)
    possibilities: bool | msgspec.UnsetType = msgspec.UNSET

    @property
    def compass_two(self) -> bool:
        """NAV-2: True when the Compass adds its card to the top card on an empty row stack (the option on)."""
        return self.compass_extra_card is True

    @property
    def deduces(self) -> bool:
        """REC-3: True for a recorded game whose unseen cards are possibilities (recorded by this version)."""
        return self.possibilities is True

    @property
    def card_sets(self) -> tuple[str, ...]:
        """The card sets of the game: ``("base", *expansions)`` (what :mod:`lifeboat.cards` takes)."""
        return ("base", *self.expansions)



NOT_IMPLEMENTED: dict[str, object] = {}

OPTION_NAMES: tuple[str, ...] = tuple(f for f in Ruleset.__struct_fields__ if f not in ("card_data", "possibilities"))

NEW_GAME = Ruleset(compass_extra_card=True)
"""The options of a game begun now, before any ``--option``: the defaults, and the readings newer than the oldest
headers written out (NAV-2's ``compass_extra_card``), which a header that lacks them does not have (OPT-1)."""

#: Expansion ids (EXP-1), each also an on/off option name for :func:`parse_option`, and those implemented.
EXPANSIONS: tuple[str, ...] = ("cannibalism", "liquid_courage")
IMPLEMENTED_EXPANSIONS: tuple[str, ...] = ("cannibalism", "liquid_courage")


def validate(ruleset: Ruleset) -> Ruleset:
    """Return ``ruleset`` if this version plays it (OPT-1).

    Raises:
        NotImplementedOption: an option that is not implemented yet is set to a non-default value, or an
            expansion that is not implemented yet is enabled (EXP-1; none today).
        InvalidCommand: an unknown or repeated expansion id (OPT-1).
    """
    for name, default in NOT_IMPLEMENTED.items():
        value = getattr(ruleset, name)
        if value != default:
            raise NotImplementedOption(name, value)
    for x in ruleset.expansions:
        if x not in EXPANSIONS:
            raise InvalidCommand("OPT-1", _("unknown expansion {card!r}; expected one of: {expansions}").format(card=x, expansions=', '.join(EXPANSIONS)))
        if x not in IMPLEMENTED_EXPANSIONS:
            raise NotImplementedOption("expansions", ruleset.expansions)
    if len(set(ruleset.expansions)) != len(ruleset.expansions):
        raise InvalidCommand("OPT-1", _("an expansion is named twice: {expansions}").format(expansions=', '.join(ruleset.expansions)))
    return ruleset


def _parse(text: str) -> tuple[str, bool]:
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    known = tuple(n for n in OPTION_NAMES if n != "expansions") + EXPANSIONS
    if name not in known:
        if name.lower() in known:
            raise InvalidCommand("OPT-1", _("unknown option {name!r} (option names are lower case: {lower}); expected "
                                            "one of: {known}").format(name=name, lower=name.lower(), known=', '.join(known)))
        raise InvalidCommand("OPT-1", _("unknown option {name!r}; expected one of: {known}").format(name=name, known=', '.join(known)))
    v = value.strip().lower()
    if not sep or v not in {"on", "off", "true", "false", "yes", "no", "1", "0"}:
        raise InvalidCommand("OPT-1", _("option {name} expects on/off (or true/false, yes/no, 1/0), "
                                        "got {value!r}").format(name=name, value=value))
    return name, v in {"on", "true", "yes", "1"}


def parse_option(text: str) -> tuple[str, object]:
    """Parse ``NAME=VALUE`` (``on/off/true/false/yes/no/1/0``) into ``(name, value)`` (OPT-1).

    An expansion id is an option too (EXP-1): ``cannibalism=on`` gives ``("expansions", ("cannibalism",))``,
    ``cannibalism=off`` gives ``("expansions", ())``. To combine several options use :func:`ruleset_from_options`.

    Raises:
        InvalidCommand: unknown option name or a value that is not a boolean; the message lists the options.
    """
    name, on = _parse(text)
    if name in EXPANSIONS:
        return "expansions", (name,) if on else ()
    return name, on


def ruleset_from_options(texts: Iterable[str], base: Ruleset | None = None) -> Ruleset:
    """``base`` (default :data:`NEW_GAME`) with every ``NAME=VALUE`` of ``texts`` applied in order, then
    validated: ``cannibalism=on`` adds the expansion, ``cannibalism=off`` removes it (OPT-1, EXP-1).

    Raises:
        InvalidCommand: a malformed option, or one given twice with different values (OPT-1).
        NotImplementedOption: an option or expansion not implemented yet (OPT-1, EXP-1).
    """
    values: dict[str, object] = {}
    base = base or NEW_GAME
    expansions = list(base.expansions)
    given: dict[str, tuple[bool, str]] = {}
    for text in texts:
        name, on = _parse(text)
        if name in given and given[name][0] != on:
            raise InvalidCommand("OPT-1", _("{name} is given twice with different values ({strip}, "
                                            "then {strip2}); give it once").format(name=name, strip=given[name][1].strip(), strip2=text.strip()))
        given.setdefault(name, (on, text))
        if name in EXPANSIONS:
            if on and name not in expansions:
                expansions.append(name)
            elif not on and name in expansions:
                expansions.remove(name)
        else:
            values[name] = on
    return validate(msgspec.structs.replace(base, expansions=tuple(expansions), **values))
