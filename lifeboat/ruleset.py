"""The ruleset: every option the rulings allow, fixed at game start and recorded in the journal header.

Source: shared/design/rulings.md. Defaults are the rulings' defaults. Rule ids: OPT-1 (options are fixed at
start), SETUP-3, ACT-1, ROW-1, ROW-2, FIGHT-4, OPT-QUICK, OPT-SHARK.
"""

from __future__ import annotations

import msgspec

from lifeboat.errors import InvalidCommand, NotImplementedOption


class Ruleset(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Options of one game (all booleans; ``expansions`` is a tuple of expansion ids).

    Raises nothing itself; :func:`validate` raises :class:`NotImplementedOption` for an option this version does
    not implement yet.
    """

    remove_provisions_short_handed: bool = True  # SETUP-3 (RUL-SETUP-3)
    swap_grants_immediate_turn: bool = False  # ACT-1 (RUL-ACT-1), not implemented yet
    row_keeps_exactly_one: bool = False  # ROW-1 (RUL-ROW-1)
    rowing_variant: bool = False  # ROW-2 (RUL-ROW-2), not implemented yet
    flare_gun_single_use_weapon: bool = False  # FIGHT-4 (RUL-FIGHT-4)
    quick_game: bool = False  # OPT-QUICK (RUL-OPT-QUICK)
    shark_variant: bool = False  # OPT-SHARK (RUL-OPT-SHARK), not implemented yet
    expansions: tuple[str, ...] = ()  # EXP (RUL-EXP-*): data only for now


NOT_IMPLEMENTED: dict[str, object] = {
    "swap_grants_immediate_turn": False,
    "rowing_variant": False,
    "shark_variant": False,
}

OPTION_NAMES: tuple[str, ...] = tuple(Ruleset.__struct_fields__)


def validate(ruleset: Ruleset) -> Ruleset:
    """Return ``ruleset`` if this version plays it (OPT-1).

    Raises:
        NotImplementedOption: an option that is not implemented yet is set to a non-default value, or an
            expansion is enabled.
    """
    for name, default in NOT_IMPLEMENTED.items():
        value = getattr(ruleset, name)
        if value != default:
            raise NotImplementedOption(name, value)
    if ruleset.expansions:
        raise NotImplementedOption("expansions", ruleset.expansions)
    return ruleset


def parse_option(text: str) -> tuple[str, object]:
    """Parse ``NAME=VALUE`` (``on/off/true/false/yes/no/1/0``) into ``(name, value)`` (OPT-1).

    Raises:
        InvalidCommand: unknown option name or a value that is not a boolean; the message lists the options.
    """
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if name not in OPTION_NAMES or name == "expansions":
        raise InvalidCommand(
            "OPT-1", f"unknown option {name!r}; expected one of: {', '.join(n for n in OPTION_NAMES if n != 'expansions')}"
        )
    v = value.strip().lower()
    if not sep or v not in {"on", "off", "true", "false", "yes", "no", "1", "0"}:
        raise InvalidCommand("OPT-1", f"option {name} expects on/off, got {value!r}")
    return name, v in {"on", "true", "yes", "1"}
