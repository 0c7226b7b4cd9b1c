"""Setup: SETUP-1..5, OPT-QUICK."""

from __future__ import annotations

import pytest

import lifeboat

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import navigation_instances, provision_instances
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.game import apply, new_game
from lifeboat.ruleset import Ruleset
from lifeboat.state import ProvisionsDraw

from .gwt import FOUR, PLAYERS, REMOVED, SIX, assert_every_card_once, deal, given, when


@pytest.mark.parametrize("names", [["a", "b", "c"], ["a", "b", "c", "d", "e", "f", "g"], []])
def test_SETUP_1_the_base_game_takes_four_to_six_players(names: list[str]) -> None:
    """SETUP-1: fewer than 4 or more than 6 players are refused."""
    with pytest.raises(InvalidCommand) as info:
        new_game(names)
    assert info.value.rule == "SETUP-1"


@pytest.mark.parametrize("names, said", [
    (["Ann;Bob;Cy;Dee"], "got 1 (separate the names with commas)"),
    (["Ann Bob Cy Dee"], "got 1 (separate the names with commas)"),
    (["Ann/Bob", "Cy/Dee"], "got 2 (separate the names with commas)"),
    (["小明；小红；小刚；小丽"], "got 1 (separate the names with commas)"),  # a Chinese keyboard's semicolon
    (["小明　小红　小刚　小丽"], "got 1 (separate the names with commas)"),  # and its ideographic space
    (["Ann Lee", "Bob"], "got 2"),  # a name may hold a space: no hint for two names
    (["a", "b", "c", "d", "e", "f", "g"], "got 7 (a 7th player needs the Cannibalism or the Liquid Courage expansion)"),
])
def test_SETUP_1_a_wrong_count_says_what_to_do(names: list[str], said: str) -> None:
    """SETUP-1: the wrong-count refusal's exact text, with a hint when the names seem run together (a start page's
    box typed with semicolons or spaces) or the count needs an expansion."""
    with pytest.raises(InvalidCommand) as info:
        new_game(names)
    assert (info.value.rule, str(info.value)) == ("SETUP-1", f"[SETUP-1] the base game takes 4 to 6 players, {said}")


@pytest.mark.parametrize("names", [["Ann", "Bob", "ann", "Dee"], ["Ann", "Bob", " ", "Dee"]])
def test_SETUP_1_player_names_are_distinct_and_non_empty(names: list[str]) -> None:
    """SETUP-1: names compared without case; an empty name is refused."""
    with pytest.raises(InvalidCommand) as info:
        new_game(names)
    assert info.value.rule == "SETUP-1"


@pytest.mark.parametrize("n", [4, 5, 6])
def test_SETUP_1_four_five_and_six_players_start(n: int) -> None:
    """SETUP-1: 4, 5 and 6 players make a game waiting for the deal."""
    state = new_game(PLAYERS[:n])
    assert state.players == PLAYERS[:n]
    assert state.characters == ()


def test_SETUP_2_deal_events_in_order() -> None:
    """SETUP-2, SETUP-3, SETUP-5: the exact events of a 4-player deal, then round 1 begins with provisions."""
    state = new_game(PLAYERS[:4])
    setup = deal(("kid", "captain", "lady_lauren", "frenchy"), love=("captain", "kid", "frenchy", "lady_lauren"),
                 hate=("kid", "frenchy", "captain", "lady_lauren"), provisions=("knife-1", "oar-1", "water-1", "compass-1"))
    after = when(state, setup).then(
        e.CharactersDealt(players=PLAYERS[:4], characters=("kid", "captain", "lady_lauren", "frenchy"),
                          seats=("lady_lauren", "captain", "frenchy", "kid")),
        e.LoveDealt(character="kid", love="captain"),
        e.LoveDealt(character="captain", love="kid"),
        e.LoveDealt(character="lady_lauren", love="frenchy"),
        e.LoveDealt(character="frenchy", love="lady_lauren"),
        e.HateDealt(character="kid", hate="kid"),
        e.HateDealt(character="captain", hate="frenchy"),
        e.HateDealt(character="lady_lauren", hate="captain"),
        e.HateDealt(character="frenchy", hate="lady_lauren"),
        e.DecksReady(provisions=tuple(sorted(provision_instances())), navigation=tuple(sorted(navigation_instances()))),
        e.ProvisionsRemoved(cards=REMOVED),
        e.ProvisionDealt(character="kid", card="knife-1"),
        e.ProvisionDealt(character="captain", card="oar-1"),
        e.ProvisionDealt(character="lady_lauren", card="water-1"),
        e.ProvisionDealt(character="frenchy", card="compass-1"),
        e.RoundStarted(round=1),
        e.ProvisionsPhaseStarted(quartermaster="lady_lauren", count=4),
    )
    assert after.char("kid").player == "ann" and after.char("kid").hate == "kid"  # a psychopath is allowed
    assert after.char("captain").hand == ("oar-1",)
    assert after.step == ProvisionsDraw(quartermaster="lady_lauren", count=4)


@pytest.mark.parametrize(
    "setup",
    [
        deal(("lady_lauren", "captain", "frenchy", "dr_harter")),  # an expansion character
        deal(("lady_lauren", "captain", "frenchy", "frenchy")),  # twice the same
        deal(("lady_lauren", "captain", "frenchy")),  # one too few
        deal(FOUR, love=("captain", "captain", "frenchy", "kid")),  # LOVE not one per character
        deal(FOUR, hate=("sir_stephen", "lady_lauren", "frenchy", "kid")),  # HATE of a character not in the game
    ],
)
def test_SETUP_2_one_different_base_character_and_one_love_and_hate_each(setup: c.DealSetup) -> None:
    """SETUP-2: a malformed deal is refused; nothing changes."""
    when(new_game(PLAYERS[:4]), setup).refused(InvalidCommand, "SETUP-2")


def test_SETUP_2_setup_happens_once() -> None:
    """SETUP-2: a second deal is refused."""
    when(given(deal()), deal()).refused(IllegalCommand, "SETUP-2")


@pytest.mark.parametrize("n, removed", [(4, 10), (5, 10), (6, 0)])
def test_SETUP_3_short_handed_games_remove_ten_provisions(n: int, removed: int) -> None:
    """SETUP-3: 10 provisions set aside with 4 or 5 players, none with 6; the deck is what remains."""
    state = given(deal(SIX[:n]))
    assert len(state.removed) == removed
    assert len(state.provisions) == 42 - removed - n


@pytest.mark.parametrize("removed", [REMOVED[:9], REMOVED + ("water-6",)])
def test_SETUP_3_exactly_ten_are_removed(removed: tuple[str, ...]) -> None:
    """SETUP-3: 9 or 11 removed cards are refused."""
    when(new_game(PLAYERS[:4]), deal(removed=removed)).refused(InvalidCommand, "SETUP-3")


def test_SETUP_3_option_off_removes_nothing() -> None:
    """SETUP-3 with remove_provisions_short_handed off: a 4-player deal removes nothing (and refuses removals)."""
    rules = Ruleset(remove_provisions_short_handed=False)
    state = given(deal(removed=()), ruleset=rules)
    assert state.removed == () and len(state.provisions) == 38
    when(new_game(PLAYERS[:4], rules), deal()).refused(InvalidCommand, "SETUP-3")


@pytest.mark.parametrize(
    "characters, seats",
    [
        (("kid", "frenchy", "captain", "lady_lauren"), ("lady_lauren", "captain", "frenchy", "kid")),
        (("first_mate", "kid", "sir_stephen", "frenchy", "captain"),
         ("sir_stephen", "captain", "first_mate", "frenchy", "kid")),
        (tuple(reversed(SIX)), SIX),
    ],
)
def test_SETUP_4_seats_from_the_bow(characters: tuple[str, ...], seats: tuple[str, ...]) -> None:
    """SETUP-4: Lady Lauren, Sir Stephen, Captain, First Mate, Frenchy, Kid, leaving out absent characters."""
    assert given(deal(characters)).seats == seats


def test_SETUP_5_one_provision_each_and_fresh_decks() -> None:
    """SETUP-5: one hidden provision each; 24 navigation cards unseen; no seagull; every card in one place."""
    state = given(deal(SIX, provisions=("water-1", "water-2", "oar-1", "oar-2", "knife-1", "parasol-1")))
    assert [ch.hand for ch in state.characters] == [("water-1",), ("water-2",), ("oar-1",), ("oar-2",), ("knife-1",),
                                                    ("parasol-1",)]
    assert len(state.provisions) == 36
    assert state.nav_unseen == tuple(sorted(navigation_instances())) and len(state.nav_unseen) == 24
    assert state.seagulls == 0 and state.round == 1
    assert_every_card_once(state)


@pytest.mark.parametrize(
    "provisions",
    [("water-1", "water-1", "oar-1", "oar-2"), ("water-1", "water-99", "oar-1", "oar-2"),
     ("water-1", "water-7", "oar-1", "oar-2"), ("water-1", "oar-1", "oar-2")],
)
def test_SETUP_5_provisions_dealt_are_distinct_existing_and_not_removed(provisions: tuple[str, ...]) -> None:
    """SETUP-5: a duplicate, unknown or removed card, or the wrong count, is refused."""
    when(new_game(PLAYERS[:4]), deal(provisions=provisions)).refused(InvalidCommand, "SETUP-5")


def test_OPT_QUICK_every_character_starts_wounded_and_one_seagull_is_out() -> None:
    """OPT-QUICK: quick_game wounds everyone once (seat order) and puts out one seagull before round 1."""
    state = new_game(PLAYERS[:4], Ruleset(quick_game=True))
    events = when(state, deal()).events()
    i = events.index(e.ProvisionDealt(character="kid", card="cash-4"))
    assert list(events[i + 1 :]) == [
        e.Wounded(character="lady_lauren", amount=1, cause="quick_game"),
        e.Wounded(character="captain", amount=1, cause="quick_game"),
        e.Wounded(character="frenchy", amount=1, cause="quick_game"),
        e.Wounded(character="kid", amount=1, cause="quick_game"),
        e.SeagullAdded(total=1),
        e.RoundStarted(round=1),
        e.ProvisionsPhaseStarted(quartermaster="lady_lauren", count=4),
    ]
    after, _ = apply(state, deal())
    assert after.seagulls == 1 and [ch.wounds for ch in after.characters] == [1, 1, 1, 1]


def test_OPT_QUICK_default_is_off() -> None:
    """OPT-QUICK: by default nobody starts wounded and no seagull is out."""
    state = given(deal())
    assert state.seagulls == 0 and all(ch.wounds == 0 for ch in state.characters)


@pytest.mark.parametrize("name", ["captain", "The Kid", "first_mate", "Lauren", "referee", "public", "chance"])
def test_SETUP_1_a_player_cannot_be_named_like_a_character_or_an_audience(name: str) -> None:
    """SETUP-1: `--as captain` or `captain: row` must never mean a player called Captain."""
    with pytest.raises(InvalidCommand) as err:
        new_game(["Ann", "Bob", "Cy", name])
    assert err.value.rule == "SETUP-1" and "reserved" in err.value.message


def test_SETUP_2_a_character_dealt_twice_is_named() -> None:
    """SETUP-2: a deal giving the Captain to two players said only "deal 4 different characters of this game
    (base)" (a new user's finding: 'base' untranslated, and which character?); now it names the one dealt twice."""
    from lifeboat.i18n import using_language

    with pytest.raises(InvalidCommand) as info:
        lifeboat.apply(new_game(PLAYERS[:4]), deal(("lady_lauren", "captain", "frenchy", "captain")))
    assert str(info.value) == "[SETUP-2] deal 4 different characters, one per player: The Captain is dealt twice"
    with using_language("zh_Hans"), pytest.raises(InvalidCommand) as info:
        lifeboat.apply(new_game(PLAYERS[:4]), deal(("lady_lauren", "captain", "frenchy")))
    assert str(info.value) == "[SETUP-2] 发4个本局不同的角色（基础游戏），每名玩家一个"
