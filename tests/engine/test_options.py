"""Ruleset options: OPT-1, and EXP-1 (both expansions are played). The implemented non-default options
have their own tests: SETUP-3 (test_setup), ROW-1 (test_actions), FIGHT-4 (test_fights), ACT-3 (test_swap_turn),
ROW-2 (test_rowing_variant), OPT-SHARK and GHOST-1 (test_shark_variant), OPT-QUICK (test_setup), the Cannibalism
expansion (test_cannibalism), the Liquid Courage expansion (test_liquid_courage)."""

from __future__ import annotations

import msgspec
import pytest

from lifeboat import commands as c
from lifeboat.errors import InvalidCommand
from lifeboat.game import apply, new_game
from lifeboat.ruleset import OPTION_NAMES, Ruleset, parse_option, validate

from .gwt import PLAYERS, SIX, deal, when


def test_OPT_1_defaults() -> None:
    """OPT-1: the defaults are the rulings' defaults."""
    assert msgspec.structs.asdict(Ruleset()) == {
        "remove_provisions_short_handed": True, "swap_grants_immediate_turn": False, "row_keeps_exactly_one": False,
        "rowing_variant": False, "flare_gun_single_use_weapon": False, "quick_game": False, "shark_variant": False,
        "expansions": (), "card_data": msgspec.UNSET,  # CARD-3: the bundled card data, not encoded
        "compass_extra_card": msgspec.UNSET, "possibilities": msgspec.UNSET,  # NAV-2, REC-3: an older header
    }


def test_EXP_1_both_expansions_are_played() -> None:
    """EXP-1: Cannibalism (test_cannibalism) and Liquid Courage (test_liquid_courage) are played."""
    assert validate(Ruleset(expansions=("liquid_courage",))).expansions == ("liquid_courage",)
    assert validate(Ruleset(expansions=("cannibalism",))).expansions == ("cannibalism",)


def test_EXP_1_expansion_characters_cannot_be_dealt() -> None:
    """EXP-1: Dr. Harter and Mrs. Wong are not base characters."""
    when(new_game(PLAYERS[:4]), deal(("lady_lauren", "captain", "frenchy", "mrs_wong"))).refused(InvalidCommand, "SETUP-2")


def test_CANNIBAL_1_the_base_game_leaves_the_expansion_cards_out() -> None:
    """CANNIBAL-1, EXP-1: without the expansion neither the Cannibalism card, the 4th Medical Kit nor the
    expansion's navigation cards are in the decks."""
    state, _ = apply(new_game(PLAYERS[:6]), deal(SIX))
    assert "cannibalism-1" not in state.provisions and "medical_kit-4" not in state.provisions
    assert not any(x.startswith("nav-c") for x in state.nav_unseen)
    assert any(t.__name__ == "Cannibalize" for t in c.Command.__args__)  # type: ignore[attr-defined]


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
