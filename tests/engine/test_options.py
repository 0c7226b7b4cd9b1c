"""Ruleset options: OPT-1, and the options of ACT-1, ROW-2, OPT-SHARK, EXP-1, CANNIBAL-1 that are not implemented.
The implemented non-default options have their own tests: SETUP-3 (test_setup), ROW-1 (test_actions), FIGHT-4
(test_fights), OPT-QUICK (test_setup)."""

from __future__ import annotations

import msgspec
import pytest

from lifeboat import commands as c
from lifeboat.errors import InvalidCommand, NotImplementedOption
from lifeboat.game import new_game
from lifeboat.ruleset import OPTION_NAMES, Ruleset, parse_option, validate

from .gwt import PLAYERS, deal, when


def test_OPT_1_defaults() -> None:
    """OPT-1: the defaults are the rulings' defaults."""
    assert msgspec.structs.asdict(Ruleset()) == {
        "remove_provisions_short_handed": True, "swap_grants_immediate_turn": False, "row_keeps_exactly_one": False,
        "rowing_variant": False, "flare_gun_single_use_weapon": False, "quick_game": False, "shark_variant": False,
        "expansions": (),
    }


@pytest.mark.parametrize(
    "option, rule",
    [("swap_grants_immediate_turn", "ACT-1"), ("rowing_variant", "ROW-2"), ("shark_variant", "OPT-SHARK")],
)
def test_OPT_1_options_not_implemented_yet_are_refused_by_name(option: str, rule: str) -> None:
    """OPT-1 with ACT-1, ROW-2, OPT-SHARK: NotImplementedOption names the option; no game starts."""
    with pytest.raises(NotImplementedOption) as info:
        new_game(PLAYERS[:4], Ruleset(**{option: True}))
    assert info.value.option == option and option in info.value.message and info.value.rule == "OPT-1"


@pytest.mark.parametrize("expansion", ["cannibalism", "liquid_courage"])
def test_EXP_1_CANNIBAL_1_expansions_are_not_implemented_yet(expansion: str) -> None:
    """EXP-1, CANNIBAL-1: enabling an expansion is refused, naming the option."""
    with pytest.raises(NotImplementedOption) as info:
        validate(Ruleset(expansions=(expansion,)))
    assert info.value.option == "expansions" and "expansions" in info.value.message


def test_EXP_1_expansion_characters_cannot_be_dealt() -> None:
    """EXP-1: Dr. Harter and Mrs. Wong are not base characters."""
    when(new_game(PLAYERS[:4]), deal(("lady_lauren", "captain", "frenchy", "mrs_wong"))).refused(InvalidCommand, "SETUP-2")


def test_CANNIBAL_1_there_is_no_cannibalism_command() -> None:
    """CANNIBAL-1: the base game's commands include no Cannibalism action."""
    assert not any("cannibal" in t.__name__.lower() for t in c.Command.__args__)  # type: ignore[attr-defined]


def test_OPT_1_options_are_fixed_for_the_game() -> None:
    """OPT-1: the ruleset is frozen and travels in the state."""
    state = new_game(PLAYERS[:4], Ruleset(quick_game=True))
    assert state.ruleset == Ruleset(quick_game=True)
    with pytest.raises(AttributeError):
        state.ruleset.quick_game = False  # type: ignore[misc]


@pytest.mark.parametrize(
    "text, parsed",
    [("quick_game=on", ("quick_game", True)), ("row-keeps-exactly-one=yes", ("row_keeps_exactly_one", True)),
     ("remove_provisions_short_handed=off", ("remove_provisions_short_handed", False))],
)
def test_OPT_1_parse_option(text: str, parsed: tuple[str, bool]) -> None:
    """OPT-1: NAME=on/off."""
    assert parse_option(text) == parsed


@pytest.mark.parametrize("text", ["fast=on", "quick_game=maybe", "quick_game", "expansions=on"])
def test_OPT_1_parse_option_refuses_unknown_names_and_values(text: str) -> None:
    """OPT-1: an unknown option or a non-boolean value is refused; the message lists the options."""
    with pytest.raises(InvalidCommand) as info:
        parse_option(text)
    assert info.value.rule == "OPT-1"
    if "=" in text and text.split("=")[0] not in OPTION_NAMES:
        assert "quick_game" in info.value.message
