"""ROW-2 and REF-17: option ``rowing_variant`` (seed 000, 变体规则: rowing draws one card; the navigator first adds
the top card of the deck to the row stack, then chooses). FOUR seats from the bow: Lady Lauren, the Captain,
Frenchy, the Kid (the navigator)."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.ruleset import Ruleset
from lifeboat.state import CompassChoice, NavigationTurn, NavigatorChoice, NavigatorDraw, RowPlace, State
from lifeboat.views import Observer

from .gwt import actions, deal, everyone_does_nothing, face_up, given, then_fold, when, wounds

ON = Ruleset(rowing_variant=True)


def table(*items: object, ruleset: Ruleset = ON) -> State:
    return given(deal(), *items, actions(), ruleset=ruleset)


def test_ROW_2_rowing_draws_one_card_plus_one_per_oar() -> None:
    """ROW-2: Lady Lauren rows: 1 card (2 without the variant); with an Oar face up, 2."""
    when(table(), c.Row(by="lady_lauren")).then(e.Rowed(character="lady_lauren", count=1))
    when(table(ruleset=Ruleset()), c.Row(by="lady_lauren")).then(e.Rowed(character="lady_lauren", count=2))
    when(table(face_up("lady_lauren", "oar-1")), c.Row(by="lady_lauren")).then(e.Rowed(character="lady_lauren", count=2))
    s = then_fold(table(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-25",)))
    assert s.step == RowPlace(rower="lady_lauren", drawn=("nav-25",))


def test_ROW_2_the_navigator_adds_the_top_card_then_chooses() -> None:
    """ROW-2: Lady Lauren rowed nav-25 onto the row stack; at navigation the Kid first draws nav-30 onto it (the
    public sees neither), then chooses nav-30; nav-25 goes under the deck."""
    s = then_fold(table(), c.Row(by="lady_lauren"), c.DrawNavigation(cards=("nav-25",)),
                  c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-25",), to_bottom=()),
                  c.DoNothing(by="captain"), c.DoNothing(by="frenchy"))
    s = when(s, c.DoNothing(by="kid")).then(e.DidNothing(character="kid"), e.NavigationPhaseStarted(navigator="kid"))
    assert s.step == NavigatorDraw(navigator="kid")
    before = s
    s = when(s, c.DrawNavigation(cards=("nav-30",))).then(
        e.NavigationDrawn(character="kid", cards=("nav-30",), purpose="navigator"))
    assert s.row_stack == ("nav-25", "nav-30") and s.step == NavigatorChoice(navigator="kid")
    obs = Observer(before)
    obs.record((e.NavigationDrawn(character="kid", cards=("nav-30",), purpose="navigator"),))
    assert obs.log(None)[-1].data["cards"] == (None,)  # the public: one card, unseen
    assert obs.log("kid")[-1].data["cards"] == ("nav-30",)  # the navigator sees it
    assert obs.log("captain")[-1].text == "The Kid drew 1 navigation card onto the row stack (rowing variant)."
    when(s, c.ChooseNavigationCard(by="kid", card="nav-30")).then_starts(
        e.NavigationCardChosen(character="kid", card="nav-30", to_bottom=("nav-25",)),
        e.NavigationCardRevealed(card="nav-30"))


def test_REF_17_with_an_empty_row_stack_the_navigator_still_draws_and_chooses_it() -> None:
    """REF-17: nobody rowed; the Kid draws nav-25 onto the empty row stack and must choose it."""
    s = then_fold(table(), everyone_does_nothing())
    assert s.step == NavigatorDraw(navigator="kid") and s.row_stack == ()
    s = then_fold(s, c.DrawNavigation(cards=("nav-25",)))
    assert s.step == NavigatorChoice(navigator="kid") and s.row_stack == ("nav-25",)
    when(s, c.ChooseNavigationCard(by="kid", card="nav-25")).then_starts(
        e.NavigationCardChosen(character="kid", card="nav-25", to_bottom=()), e.NavigationCardRevealed(card="nav-25"),
        e.SeagullAdded(total=1))


def test_REF_17_the_variants_card_comes_before_the_compass() -> None:
    """REF-17, NAV-2: the Kid, Compass face up, first draws the variant's card, then may use the Compass for a
    second one: two cards to choose from."""
    s = then_fold(table(face_up("kid", "compass-1")), everyone_does_nothing(), c.DrawNavigation(cards=("nav-25",)))
    assert s.step == CompassChoice(navigator="kid")
    s = then_fold(s, c.UseCompass(by="kid", use=True), c.DrawNavigation(cards=("nav-30",)))
    assert s.row_stack == ("nav-25", "nav-30") and s.step == NavigatorChoice(navigator="kid")


def test_REF_17_without_a_navigator_no_card_is_added() -> None:
    """REF-17, REF-4: nobody conscious at navigation (the fixture knocks the rower out while placing, as in
    test_navigation): no navigator, no added card; the row stack goes under and the top card is turned."""
    s = given(deal(), wounds("captain", 7), wounds("frenchy", 6), wounds("kid", 3), actions(), c.Row(by="lady_lauren"),
              c.DrawNavigation(cards=("nav-30",)), wounds("lady_lauren", 4), ruleset=ON)
    s = when(s, c.PlaceRowedCards(by="lady_lauren", to_stack=("nav-30",), to_bottom=())).then(
        e.RowedCardsPlaced(character="lady_lauren", to_stack=("nav-30",), to_bottom=()),
        e.CardsToBottom(cards=("nav-30",)), e.NavigationPhaseStarted(navigator=None))
    assert s.step == NavigationTurn()


def test_REF_17_a_lone_conscious_navigator_draws_too() -> None:
    """REF-17: Lady Lauren, the only one conscious, is the navigator and draws the variant's card."""
    s = given(deal(), wounds("captain", 7), wounds("frenchy", 6), wounds("kid", 3), actions(), ruleset=ON)
    s = when(s, c.DoNothing(by="lady_lauren")).then(
        e.DidNothing(character="lady_lauren"), e.NavigationPhaseStarted(navigator="lady_lauren"))
    assert s.step == NavigatorDraw(navigator="lady_lauren")
