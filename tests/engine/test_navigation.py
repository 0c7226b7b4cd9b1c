"""Navigation: NAV-1..3, BIRD-1, OVER-1..3, THIRST-1, REF-4, REF-5, REF-7, REF-8, REF-9, REF-22."""

from __future__ import annotations

import msgspec
import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.ruleset import NEW_GAME, Ruleset, parse_option, ruleset_from_options
from lifeboat.state import State, CompassChoice, CompassDraw, NavigationTurn, NavigatorChoice, OverboardWindow, ThirstWindow

from .gwt import actions, deal, everyone_does_nothing, face_up, given, hand, pass_all, then_fold, when, wounds

# FOUR: seats Lady Lauren (4), Captain (7), Frenchy (6), Kid (3); hands cash-1..cash-4.

COMMANDS = c.Command.__args__  # type: ignore[attr-defined]
NEXT_ROUND = (e.RoundEnded(round=1), e.RoundStarted(round=2), e.ProvisionsPhaseStarted(quartermaster="lady_lauren", count=4))


def turn(card: str) -> list[e.Event]:
    return [e.NavigationDrawn(character=None, cards=(card,), purpose="turn"), e.NavigationCardRevealed(card=card)]


def at_navigation(*items: object) -> State:
    """Fixture events (the items before the first command), then every actor does nothing — navigation with an
    empty row stack, the Kid navigating — then the remaining items, in order."""
    first = next((i for i, x in enumerate(items) if isinstance(x, COMMANDS)), len(items))
    return then_fold(given(deal(), *items[:first], actions(), everyone_does_nothing()), *items[first:])


# ---- NAV-1 / NAV-2 / NAV-3 -------------------------------------------------------------------------------------


def test_NAV_1_empty_row_stack_the_top_card_is_turned() -> None:
    """NAV-1, NAV-3, BIRD-1: nav-25 (a bird, nobody overboard or thirsty) is turned, resolved, put under the deck."""
    s = at_navigation()
    assert s.step == NavigationTurn()
    s = when(s, c.DrawNavigation(cards=("nav-25",))).then(
        *turn("nav-25"), e.SeagullAdded(total=1), e.CardsToBottom(cards=("nav-25",)), *NEXT_ROUND
    )
    assert s.seagulls == 1 and s.nav_bottom == ("nav-25",) and s.in_play == () and s.round == 2


def test_NAV_1_REF_5_the_navigator_chooses_and_the_rest_go_under_in_row_stack_order() -> None:
    """NAV-1, REF-5: the Kid (stern) picks nav-25 of three; nav-30 and nav-20 go under in row-stack order."""
    s = given(deal(), face_up("lady_lauren", "oar-1"), actions(), c.Row(by="lady_lauren"),
              c.DrawNavigation(cards=("nav-30", "nav-25", "nav-20")),
              c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-30", "nav-25", "nav-20"), to_bottom=()),
              everyone_does_nothing())
    assert s.step == NavigatorChoice(navigator="kid")
    when(s, c.ChooseNavigationCard(by="lady_lauren", card="nav-25")).refused(IllegalCommand, "NAV-1")
    when(s, c.ChooseNavigationCard(by="kid", card="nav-19")).refused(IllegalCommand, "NAV-1")
    when(s, c.DrawNavigation(cards=("nav-19",))).refused(IllegalCommand, "CHANCE-1")
    s = when(s, c.ChooseNavigationCard(by="kid", card="nav-25")).then(
        e.NavigationCardChosen(character="kid", card="nav-25", to_bottom=("nav-30", "nav-20")),
        e.NavigationCardRevealed(card="nav-25"),
        e.SeagullAdded(total=1),
        e.CardsToBottom(cards=("nav-25",)),
        *NEXT_ROUND,
    )
    assert s.nav_bottom == ("nav-30", "nav-20", "nav-25") and s.row_stack == ()


def test_NAV_1_the_navigator_is_the_conscious_character_nearest_the_stern() -> None:
    """NAV-1: the Kid is unconscious, so Frenchy navigates."""
    s = given(deal(), wounds("kid", 3), actions())
    s = then_fold(s, c.DoNothing(by="lady_lauren"), c.DoNothing(by="captain"))
    when(s, c.DoNothing(by="frenchy")).then(e.DidNothing(character="frenchy"), e.NavigationPhaseStarted(navigator="frenchy"))


def test_NAV_1_with_nobody_conscious_the_top_card_is_turned_and_the_game_goes_on() -> None:
    """NAV-1, END-1, STATUS-1: after nav-22 only Frenchy lives, unconscious; round 2 has no provisions, no
    actions, no navigator — the top card is turned by chance."""
    s = at_navigation(wounds("lady_lauren", 3), wounds("captain", 6), wounds("frenchy", 5), wounds("kid", 2))
    s = then_fold(s, c.DrawNavigation(cards=("nav-22",)), pass_all())
    assert [s.status(x) for x in s.seats] == ["unconscious", "unconscious", "conscious", "unconscious"]
    assert s.char("frenchy").wounds == 5
    s = when(s, c.Pass(by="frenchy")).then(
        e.Passed(character="frenchy"),
        e.Wounded(character="lady_lauren", amount=1, cause="thirst"),
        e.Wounded(character="captain", amount=1, cause="thirst"),
        e.Wounded(character="frenchy", amount=1, cause="thirst"),
        e.Wounded(character="kid", amount=1, cause="thirst"),
        e.CardsToBottom(cards=("nav-22",)),
        e.RoundEnded(round=1),
        e.RoundStarted(round=2),
        e.ActionPhaseStarted(order=("lady_lauren", "captain", "frenchy", "kid")),
        e.NavigationPhaseStarted(navigator=None),
    )
    assert s.step == NavigationTurn() and not s.over and s.status("frenchy") == "unconscious"


def test_REF_4_with_nobody_conscious_the_row_stack_goes_under_first() -> None:
    """REF-4: the row stack goes under the deck in row-stack order before the top card is turned. (Nobody being
    conscious with a row stack cannot arise from base-game play; the fixture knocks the rower out while placing.)"""
    s = given(deal(), wounds("captain", 7), wounds("frenchy", 6), wounds("kid", 3), actions(), c.Row(by="lady_lauren"),
              c.DrawNavigation(cards=("nav-30", "nav-25")), wounds("lady_lauren", 4))
    s = when(s, c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25", "nav-30"), to_bottom=())).then(
        e.RowedCardsPlaced(character="lady_lauren", to_stack=("nav-25", "nav-30"), to_bottom=()),
        e.CardsToBottom(cards=("nav-25", "nav-30")),
        e.NavigationPhaseStarted(navigator=None),
    )
    assert s.row_stack == () and s.nav_bottom == ("nav-25", "nav-30") and s.step == NavigationTurn()


def test_NAV_2_the_compass_adds_the_top_card_before_choosing() -> None:
    """NAV-2: the Kid, Compass face up, uses it on an empty row stack; the one card drawn is then chosen."""
    s = at_navigation(face_up("kid", "compass-1"))
    assert s.step == CompassChoice(navigator="kid")
    when(s, c.UseCompass(by="frenchy", use=True)).refused(IllegalCommand, "NAV-2")
    s = when(s, c.UseCompass(by="kid", use=True)).then(e.CompassUsed(character="kid", used=True))
    assert s.step == CompassDraw(navigator="kid")
    s = when(s, c.DrawNavigation(cards=("nav-25",))).then(
        e.NavigationDrawn(character="kid", cards=("nav-25",), purpose="compass")
    )
    assert s.step == NavigatorChoice(navigator="kid") and s.row_stack == ("nav-25",)
    again = when(s, c.UseCompass(by="kid", use=True)).refused(IllegalCommand, "NAV-2")  # once per navigation
    assert "already used this round" in again.message  # issue 14
    when(s, c.ChooseNavigationCard(by="kid", card="nav-25")).then_starts(
        e.NavigationCardChosen(character="kid", card="nav-25", to_bottom=()), e.NavigationCardRevealed(card="nav-25")
    )


def at_navigation_with(ruleset: Ruleset, *items: object) -> State:
    """:func:`at_navigation` in a game of ``ruleset``."""
    first = next((i for i, x in enumerate(items) if isinstance(x, COMMANDS)), len(items))
    return then_fold(given(deal(), *items[:first], actions(), everyone_does_nothing(), ruleset=ruleset),
                     *items[first:])


def test_NAV_2_nobody_rowed_the_compass_gives_a_choice_of_two() -> None:
    """NAV-2, option compass_extra_card (on for a game begun now): nobody rowed, the Kid uses the Compass: the top
    card NAV-1 would have turned and the Compass's card are both drawn; he chooses 30, 25 goes under the deck."""
    s = at_navigation_with(NEW_GAME, face_up("kid", "compass-1"))
    s = when(s, c.UseCompass(by="kid", use=True)).then(e.CompassUsed(character="kid", used=True, draws=2))
    assert s.step == CompassDraw(navigator="kid", count=2)
    assert chance_request(s).count == 2
    when(s, c.DrawNavigation(cards=("nav-25",))).refused(InvalidCommand, "CHANCE-1")
    s = when(s, c.DrawNavigation(cards=("nav-25", "nav-30"))).then(
        e.NavigationDrawn(character="kid", cards=("nav-25", "nav-30"), purpose="compass"))
    assert s.step == NavigatorChoice(navigator="kid") and s.row_stack == ("nav-25", "nav-30")
    when(s, c.ChooseNavigationCard(by="kid", card="nav-30")).then_starts(
        e.NavigationCardChosen(character="kid", card="nav-30", to_bottom=("nav-25",)),
        e.NavigationCardRevealed(card="nav-30"))


@pytest.mark.parametrize("left, draws", [(1, 1), (2, 2)])
def test_NAV_2_the_compass_choice_of_two_needs_two_cards_left(left: int, draws: int) -> None:
    """NAV-2, compass_extra_card: with one navigation card left the Compass draws that one (no second to draw)."""
    import msgspec

    s = at_navigation_with(NEW_GAME, face_up("kid", "compass-1"))
    s = msgspec.structs.replace(s, nav_unseen=s.nav_unseen[:left], nav_bottom=())
    when(s, c.UseCompass(by="kid", use=True)).then(e.CompassUsed(character="kid", used=True, draws=draws))


def test_NAV_2_someone_rowed_the_compass_adds_one_card_whatever_the_option() -> None:
    """NAV-2: with a card on the row stack the Compass adds one card, under either reading."""
    for ruleset in (NEW_GAME, Ruleset(), Ruleset(compass_extra_card=False)):
        s = at_navigation_with(ruleset, face_up("kid", "compass-1"))
        s = msgspec.structs.replace(s, row_stack=("nav-19",), nav_unseen=tuple(x for x in s.nav_unseen if x != "nav-19"))
        when(s, c.UseCompass(by="kid", use=True)).then(e.CompassUsed(character="kid", used=True))


def test_NAV_2_a_game_without_the_option_keeps_the_former_reading() -> None:
    """NAV-2: a header that predates compass_extra_card (the option unset) or sets it off: nobody rowed, the Compass
    draws one card, the only choice (so older journals replay as they were recorded)."""
    for ruleset in (Ruleset(), Ruleset(compass_extra_card=False)):
        s = at_navigation_with(ruleset, face_up("kid", "compass-1"))
        s = when(s, c.UseCompass(by="kid", use=True)).then(e.CompassUsed(character="kid", used=True))
        assert s.step == CompassDraw(navigator="kid")
    assert msgspec.json.encode(e.CompassUsed(character="kid", used=True)) == (
        b'{"type":"compass_used","character":"kid","used":true}')
    assert parse_option("compass_extra_card=off") == ("compass_extra_card", False)
    assert ruleset_from_options([]).compass_extra_card is True
    assert ruleset_from_options(["compass_extra_card=off"]).compass_extra_card is False


def test_NAV_2_declining_the_compass_and_a_compass_in_hand() -> None:
    """NAV-2: declining with an empty row stack turns the top card; a Compass in hand gives no choice."""
    s = when(at_navigation(face_up("kid", "compass-1")), c.UseCompass(by="kid", use=False)).then(
        e.CompassUsed(character="kid", used=False)
    )
    assert s.step == NavigationTurn()
    assert at_navigation(hand("kid", "compass-1")).step == NavigationTurn()


def test_NAV_3_birds_then_overboard_then_thirst_then_markers_cleared() -> None:
    """NAV-3: nav-21 (bird; the Kid overboard; all but Lady Lauren thirsty; rowers thirsty). Lady Lauren rowed."""
    s = given(deal(), actions(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-21", "nav-25")),
              c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-21",), to_bottom=("nav-25",)), everyone_does_nothing())
    s = when(s, c.ChooseNavigationCard(by="kid", card="nav-21")).then(
        e.NavigationCardChosen(character="kid", card="nav-21", to_bottom=()),
        e.NavigationCardRevealed(card="nav-21"),
        e.SeagullAdded(total=1),
        e.WentOverboard(characters=("kid",), lost=()),
    )
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="kid", amount=1, cause="overboard"),
        e.ThirstCounted(thirst=(("lady_lauren", 1), ("captain", 1), ("frenchy", 1), ("kid", 1))),
    )
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="lady_lauren", amount=1, cause="thirst"),
        e.Wounded(character="captain", amount=1, cause="thirst"),
        e.Wounded(character="frenchy", amount=1, cause="thirst"),
        e.Wounded(character="kid", amount=1, cause="thirst"),
        e.CardsToBottom(cards=("nav-21",)),
        *NEXT_ROUND,
    )
    assert not s.char("lady_lauren").rowed and s.nav_bottom == ("nav-25", "nav-21")


# ---- BIRD-1 ------------------------------------------------------------------------------------------------------


def test_BIRD_1_REF_7_the_fourth_seagull_ends_the_game_before_overboard() -> None:
    """BIRD-1, REF-7: nav-21 with 3 seagulls out: the game ends; the Kid does not go overboard; the card goes under."""
    s = at_navigation(e.SeagullAdded(total=3))
    s = when(s, c.DrawNavigation(cards=("nav-21",))).then(
        *turn("nav-21"), e.SeagullAdded(total=4), e.CardsToBottom(cards=("nav-21",)), e.GameEnded(reason="land")
    )
    assert s.over and s.step.reason == "land" and s.char("kid").wounds == 0  # type: ignore[union-attr]


@pytest.mark.parametrize("before, removed", [(2, [e.SeagullRemoved(total=1)]), (0, [])])
def test_BIRD_1_a_crossed_bird_removes_a_seagull_if_any(before: int, removed: list[e.Event]) -> None:
    """BIRD-1: nav-28 (crossed bird; Lady Lauren overboard) removes one seagull, never below 0."""
    s = at_navigation(*([e.SeagullAdded(total=before)] if before else []))
    when(s, c.DrawNavigation(cards=("nav-28",))).then(
        *turn("nav-28"), *removed, e.WentOverboard(characters=("lady_lauren",), lost=())
    )


# ---- OVER-1..3 ---------------------------------------------------------------------------------------------------


def test_OVER_1_names_not_in_the_game_are_ignored() -> None:
    """OVER-1: nav-19 sends the First Mate (not in this game) overboard: nobody falls; the Captain is thirsty."""
    s = at_navigation()
    when(s, c.DrawNavigation(cards=("nav-19",))).then(*turn("nav-19"), e.ThirstCounted(thirst=(("captain", 1),)))


def test_OVER_1_everyone_means_every_character_in_the_boat_bodies_included() -> None:
    """OVER-1, OVER-3: nav-22 sends all four, the dead Kid too, who is lost at sea."""
    s = at_navigation(wounds("kid", 4))
    s = when(s, c.DrawNavigation(cards=("nav-22",))).then(
        *turn("nav-22"), e.WentOverboard(characters=("lady_lauren", "captain", "frenchy", "kid"), lost=("kid",))
    )
    assert s.step == OverboardWindow(card="nav-22", overboard=("lady_lauren", "captain", "frenchy", "kid"), lost=("kid",))
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy")


def test_OVER_1_a_life_preserver_thrown_saves_the_wound() -> None:
    """OVER-1, OVER-2: Lady Lauren throws the Life Preserver from hand to the Captain in the water: no wound."""
    s = at_navigation(hand("lady_lauren", "life_preserver-1"), c.DrawNavigation(cards=("nav-27",)))
    assert s.step == OverboardWindow(card="nav-27", overboard=("captain",), lost=())
    when(s, c.ThrowLifePreserver(by="lady_lauren", card="life_preserver-1", target="frenchy")).refused(IllegalCommand, "OVER-1")
    s = when(s, c.ThrowLifePreserver(by="lady_lauren", card="life_preserver-1", target="captain")).then(
        e.LifePreserverThrown(character="lady_lauren", card="life_preserver-1", target="captain")
    )
    assert s.char("captain").face_up == ("life_preserver-1",)
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(e.Passed(character="kid"), e.ThirstCounted(thirst=(("frenchy", 1),)))
    assert s.char("captain").wounds == 0 and s.char("captain").face_up == ("life_preserver-1",)


def test_OVER_1_the_life_preserver_cannot_reach_an_unconscious_character() -> None:
    """OVER-1: the unconscious Captain in the water cannot be thrown the Life Preserver; he is lost at sea."""
    s = at_navigation(hand("lady_lauren", "life_preserver-1"), wounds("captain", 7), c.DrawNavigation(cards=("nav-27",)))
    assert s.step == OverboardWindow(card="nav-27", overboard=("captain",), lost=("captain",))
    refusal = when(s, c.ThrowLifePreserver(by="lady_lauren", card="life_preserver-1", target="captain")).refused(
        IllegalCommand, "OVER-1")
    assert "The Captain is unconscious" in refusal.message and "not in the water" not in refusal.message  # issue 14


def test_OVER_1_life_preserver_and_chum_only_while_someone_is_overboard() -> None:
    """OVER-1: no Life Preserver or Chum in the action step, nor in a thirst window."""
    s = given(deal(), hand("lady_lauren", "life_preserver-1", "chum-1"), actions())
    when(s, c.ThrowLifePreserver(by="lady_lauren", card="life_preserver-1", target="lady_lauren")).refused(IllegalCommand, "OVER-1")
    when(s, c.ExpendChum(by="lady_lauren", card="chum-1")).refused(IllegalCommand, "OVER-1")
    s = at_navigation(hand("lady_lauren", "chum-1"), c.DrawNavigation(cards=("nav-19",)))
    assert isinstance(s.step, ThirstWindow)
    when(s, c.ExpendChum(by="lady_lauren", card="chum-1")).refused(IllegalCommand, "OVER-1")


def test_REF_9_ones_own_face_up_life_preserver_cannot_be_played_again() -> None:
    """REF-9: the Captain in the water with his Life Preserver face up cannot play it; from hand he can."""
    s = at_navigation(face_up("captain", "life_preserver-1"), c.DrawNavigation(cards=("nav-27",)))
    when(s, c.ThrowLifePreserver(by="captain", card="life_preserver-1", target="captain")).refused(IllegalCommand, "OVER-1")
    s = at_navigation(hand("captain", "life_preserver-1"), c.DrawNavigation(cards=("nav-27",)))
    when(s, c.ThrowLifePreserver(by="captain", card="life_preserver-1", target="captain")).then(
        e.LifePreserverThrown(character="captain", card="life_preserver-1", target="captain")
    )


def test_REF_9_a_face_up_life_preserver_may_be_thrown_to_another() -> None:
    """REF-9: Frenchy throws his face-up Life Preserver to the Captain."""
    s = at_navigation(face_up("frenchy", "life_preserver-1"), c.DrawNavigation(cards=("nav-27",)))
    s = when(s, c.ThrowLifePreserver(by="frenchy", card="life_preserver-1", target="captain")).then(
        e.LifePreserverThrown(character="frenchy", card="life_preserver-1", target="captain")
    )
    assert s.char("frenchy").face_up == () and s.char("captain").face_up == ("life_preserver-1",)


def test_REF_22_a_thrown_life_preserver_stays_where_it_landed_until_the_window_closes() -> None:
    """REF-22: nav-22 throws everyone overboard; the Captain throws his Life Preserver to the Kid; the Kid may not
    throw it back (it was found in an arena game where two seats threw one back and forth 52,000 times), nor may
    anyone throw it on; the Captain takes his wound, the Kid none."""
    s = at_navigation(hand("captain", "life_preserver-1"), c.DrawNavigation(cards=("nav-22",)))
    s = when(s, c.ThrowLifePreserver(by="captain", card="life_preserver-1", target="kid")).then(
        e.LifePreserverThrown(character="captain", card="life_preserver-1", target="kid")
    )
    assert s.step.thrown == ("life_preserver-1",)
    back = c.ThrowLifePreserver(by="kid", card="life_preserver-1", target="captain")
    refusal = when(s, back).refused(IllegalCommand, "REF-22")
    assert "already thrown" in refusal.message
    assert back not in legal_commands(s, "kid")
    assert not any(isinstance(x, c.ThrowLifePreserver) for x in legal_commands(s, "kid"))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"), c.Pass(by="kid"))
    assert s.char("captain").wounds == 1 and s.char("kid").wounds == 0 and s.char("frenchy").wounds == 0
    assert s.char("kid").face_up == ("life_preserver-1",)


def test_OVER_2_frenchy_swims_the_preserver_saves_but_sharks_bite_everyone() -> None:
    """OVER-2: nav-22, Chum expended: Frenchy and the Captain (Life Preserver) escape the fall, not the sharks."""
    s = at_navigation(face_up("captain", "life_preserver-1"), hand("kid", "chum-1"), c.DrawNavigation(cards=("nav-22",)))
    s = when(s, c.ExpendChum(by="kid", card="chum-1")).then(e.ChumExpended(character="kid", card="chum-1"))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="lady_lauren", amount=1, cause="overboard"),
        e.Wounded(character="kid", amount=1, cause="overboard"),
        e.Wounded(character="lady_lauren", amount=1, cause="sharks"),
        e.Wounded(character="captain", amount=1, cause="sharks"),
        e.Wounded(character="frenchy", amount=1, cause="sharks"),
        e.Wounded(character="kid", amount=1, cause="sharks"),
        e.ThirstCounted(thirst=(("lady_lauren", 1), ("captain", 1), ("frenchy", 1), ("kid", 1))),
    )
    assert s.discard == ("chum-1",)


def test_OVER_2_one_shark_wound_at_most_and_face_up_chum_calls_them() -> None:
    """OVER-2: the Captain falls with Chum face up; a second Chum expended adds nothing; face-up cards discarded."""
    s = at_navigation(face_up("captain", "chum-1", "knife-1"), hand("lady_lauren", "chum-2"),
                      c.DrawNavigation(cards=("nav-27",)), c.ExpendChum(by="lady_lauren", card="chum-2"))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="captain", amount=1, cause="overboard"),
        e.Wounded(character="captain", amount=1, cause="sharks"),
        e.CardDiscarded(character="captain", card="chum-1", reason="overboard"),
        e.CardDiscarded(character="captain", card="knife-1", reason="overboard"),
        e.ThirstCounted(thirst=(("frenchy", 1),)),
    )
    assert s.char("captain").wounds == 2 and s.discard == ("chum-2", "chum-1", "knife-1")


def test_OVER_3_the_dead_and_the_unprotected_unconscious_are_lost_at_sea() -> None:
    """OVER-3: nav-22. The Kid (dead) and the Captain (unconscious) are lost with their cards; Lady Lauren
    (unconscious, Life Preserver face up) comes back; Frenchy discards his face-up Knife."""
    s = at_navigation(wounds("kid", 4), wounds("captain", 7), face_up("lady_lauren", "life_preserver-1"),
                      wounds("lady_lauren", 4), face_up("frenchy", "knife-1"), hand("captain", "jewels-1"))
    s = when(s, c.DrawNavigation(cards=("nav-22",))).then(
        *turn("nav-22"), e.WentOverboard(characters=("lady_lauren", "captain", "frenchy", "kid"), lost=("captain", "kid"))
    )
    assert waiting_for(s) == ("frenchy",)
    s = when(s, c.Pass(by="frenchy")).then(
        e.Passed(character="frenchy"),
        e.CardDiscarded(character="frenchy", card="knife-1", reason="overboard"),
        e.LostAtSea(character="captain"),
        e.LostAtSea(character="kid"),
        e.ThirstCounted(thirst=(("lady_lauren", 1), ("frenchy", 1))),
    )
    assert s.seats == ("lady_lauren", "frenchy")
    assert s.char("captain").hand == ("cash-2", "jewels-1") and not s.char("captain").in_boat
    assert s.char("lady_lauren").face_up == ("life_preserver-1",) and s.discard == ("knife-1",)


def test_OVER_3_killed_by_the_fall_stays_in_the_boat() -> None:
    """OVER-3: Lady Lauren (3 wounds) falls into Chum: overboard + sharks kill her; her body keeps its seat."""
    s = at_navigation(wounds("lady_lauren", 3), face_up("lady_lauren", "chum-1"), c.DrawNavigation(cards=("nav-28",)),
                      pass_all())
    assert s.seats == ("lady_lauren", "captain", "frenchy", "kid") and s.status("lady_lauren") == "dead"
    assert s.step == ThirstWindow(card="nav-28", thirst=(("captain", 1), ("frenchy", 1), ("kid", 1)))


# ---- THIRST-1 / REF-8 --------------------------------------------------------------------------------------------


def test_THIRST_1_named_rowed_and_fought_add_up_and_water_cancels_one() -> None:
    """THIRST-1: nav-33 (Captain and Frenchy named; oars; fight icon). The Captain rowed, was named and fought: 3.
    Frenchy: named and fought: 2. The Kid fought: 1. Frenchy gives the Captain one Water."""
    s = given(deal(), hand("frenchy", "water-1"), actions("captain"), c.Row(by="captain"),
              c.DrawNavigation(cards=("nav-19", "nav-20")),
              c.PlaceRowedCards(by="captain", to_stack=(), to_bottom=("nav-19", "nav-20")),
              c.Mug(by="frenchy", target="kid"),
              c.Answer(by="kid", consent=False), c.JoinFight(by="captain", side="attacker"), pass_all(),
              c.DrawFromHand(card="cash-4"), c.DoNothing(by="kid"))
    s = when(s, c.DrawNavigation(cards=("nav-33",))).then(
        *turn("nav-33"), e.ThirstCounted(thirst=(("captain", 3), ("frenchy", 2), ("kid", 1)))
    )
    s = when(s, c.GiveWater(by="frenchy", card="water-1", target="captain")).then(
        e.WaterGiven(character="frenchy", card="water-1", target="captain")
    )
    assert s.step == ThirstWindow(card="nav-33", thirst=(("captain", 2), ("frenchy", 2), ("kid", 1)))
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"), c.Pass(by="frenchy"))
    when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="captain", amount=2, cause="thirst"),
        e.Wounded(character="frenchy", amount=2, cause="thirst"),
        e.Wounded(character="kid", amount=1, cause="thirst"),
        e.CardsToBottom(cards=("nav-33",)),
        *NEXT_ROUND,
    )


def test_THIRST_1_the_dead_are_not_thirsty_and_the_unconscious_cannot_give_water() -> None:
    """THIRST-1: nav-26 names the Captain and the Kid; the dead Kid is not counted; the unconscious Captain is
    thirsty but gives no Water, not even to himself."""
    s = at_navigation(wounds("kid", 4), wounds("captain", 7), hand("captain", "water-1"))
    s = when(s, c.DrawNavigation(cards=("nav-26",))).then(
        *turn("nav-26"), e.SeagullAdded(total=1), e.ThirstCounted(thirst=(("captain", 1),))
    )
    when(s, c.GiveWater(by="captain", card="water-1", target="captain")).refused(IllegalCommand, "STATUS-1")


@pytest.mark.parametrize("target", ["frenchy", "kid"])
def test_REF_8_water_only_for_a_character_who_still_owes_thirst(target: str) -> None:
    """REF-8, THIRST-1: nav-40 makes Lady Lauren and the Captain thirsty; Frenchy and the dead Kid owe nothing."""
    s = at_navigation(wounds("kid", 4), hand("frenchy", "water-1"), c.DrawNavigation(cards=("nav-40",)))
    when(s, c.GiveWater(by="frenchy", card="water-1", target=target)).refused(IllegalCommand, "THIRST-1")
    s = then_fold(s, c.GiveWater(by="frenchy", card="water-1", target="captain"))
    when(s, c.GiveWater(by="frenchy", card="water-2", target="captain")).refused(IllegalCommand, "CARD-1")


def test_THIRST_1_water_only_against_thirst() -> None:
    """THIRST-1: no Water in the action step."""
    s = given(deal(), hand("frenchy", "water-1"), wounds("kid", 1), actions())
    when(s, c.GiveWater(by="frenchy", card="water-1", target="kid")).refused(IllegalCommand, "THIRST-1")


def test_REF_8_an_open_parasol_cancels_one_of_its_owners_thirsts() -> None:
    """REF-8, PARASOL-1: nav-40; Lady Lauren's open Parasol shades her one thirst when the window closes."""
    s = at_navigation(face_up("lady_lauren", "parasol-1"), e.ParasolOpened(character="lady_lauren", card="parasol-1"),
                      c.DrawNavigation(cards=("nav-40",)), c.Pass(by="lady_lauren"), c.Pass(by="captain"),
                      c.Pass(by="frenchy"))
    s = when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.ParasolShaded(character="lady_lauren"),
        e.Wounded(character="captain", amount=1, cause="thirst"),
        e.CardsToBottom(cards=("nav-40",)),
        *NEXT_ROUND,
    )
    assert s.char("lady_lauren").wounds == 0 and s.open_parasol == "parasol-1"


def test_REF_8_the_parasol_is_not_used_when_water_already_quenched_the_thirst() -> None:
    """REF-8: Water given to Lady Lauren first; the Parasol has nothing left to cancel."""
    s = at_navigation(face_up("lady_lauren", "parasol-1"), e.ParasolOpened(character="lady_lauren", card="parasol-1"),
                      hand("frenchy", "water-1"), c.DrawNavigation(cards=("nav-40",)),
                      c.GiveWater(by="frenchy", card="water-1", target="lady_lauren"), c.Pass(by="lady_lauren"),
                      c.Pass(by="captain"), c.Pass(by="frenchy"))
    when(s, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.Wounded(character="captain", amount=1, cause="thirst"),
        e.CardsToBottom(cards=("nav-40",)),
        *NEXT_ROUND,
    )


@pytest.mark.parametrize("left, used", [(0, False), (1, True), (2, True)])
def test_NAV_2_the_compass_is_used_while_one_navigation_card_is_left(left: int, used: bool) -> None:
    """NAV-2: the Compass draws a card when at least one can still be drawn (the last one too); with none left,
    using it does nothing (a mutation survivor: ``> 0`` made ``> 1`` went unnoticed)."""
    import msgspec

    s = at_navigation(face_up("kid", "compass-1"))
    s = msgspec.structs.replace(s, nav_unseen=s.nav_unseen[:left], nav_bottom=())
    when(s, c.UseCompass(by="kid", use=True)).then(e.CompassUsed(character="kid", used=used))


def test_PROC_1_no_window_open_means_nobody_may_act_in_one() -> None:
    """PROC-1: outside a window ``may_act_in_window`` is the empty tuple, not something else that is false."""
    from lifeboat.decide import may_act_in_window

    assert may_act_in_window(at_navigation()) == ()
    assert may_act_in_window(given(deal())) == ()
