"""Recorded games (REC-1): ``?`` for a card nobody saw in chance lines, placeholders (``?p3``, ``?n7``) and real names
where placeholders stand in players' lines, recorder lines (Identify, IdentifyLoveHate), their errors and renders.

Table: four players (ann: Captain, bob: Kid, cy: Lady Lauren, dee: Frenchy), a deal the recorder did not see, so the
decks are placeholders: ``?p1``..``?p10`` removed, ``?p11``..``?p14`` dealt, ``?p15``.. the provisions deck,
``?n1``..``?n24`` the navigation deck; every real card is unaccounted."""

from __future__ import annotations

import pytest
from tests.notation.helpers import at

from lifeboat import commands as c
from lifeboat.cards import UNKNOWN
from lifeboat.errors import AmbiguousCommand, InvalidCommand
from lifeboat.game import apply, new_game
from lifeboat.notation import RECORDER, parse, render
from lifeboat.state import MugDraw, NavigatorChoice, RowDraw, RowPlace, State, replace_char

PLAYERS = ("ann", "bob", "cy", "dee")
DEAL = ("chance: deal ann = captain love ? hate ? ?; bob = kid love ? hate ? ?; cy = lauren love ? hate ? ?; "
        "dee = frenchy love ? hate ? ?; removed 10 ?")


def recorded() -> State:
    state = new_game(PLAYERS)
    state, _ = apply(state, parse(DEAL, state))
    return state


@pytest.fixture
def rec() -> State:
    return recorded()


@pytest.fixture
def picking(rec: State) -> State:
    """Lauren (the quartermaster) picks among four unseen provisions: ?p15 .. ?p18."""
    state, _ = apply(rec, parse("chance: draw ? ? ? ?", rec))
    return state


def invalid(line: str, state: State) -> InvalidCommand:
    with pytest.raises(InvalidCommand) as info:
        parse(line, state)
    assert info.value.rule == "NOTATION-1"
    return info.value


# ---- chance: "?" ---------------------------------------------------------------------------------------------


def test_a_deal_the_recorder_did_not_see() -> None:
    state = new_game(PLAYERS)
    unseen = c.DealSetup(characters=("captain", "kid", "lady_lauren", "frenchy"), love=(UNKNOWN,) * 4,
                         hate=(UNKNOWN,) * 4, provisions=(UNKNOWN,) * 4, removed=(UNKNOWN,) * 10)
    assert parse(DEAL, state) == unseen
    assert render(unseen, state) == DEAL
    # ten '?' in any spelling; 'unknown' and '未知' for '?'
    for removed in ("? ? ? ? ? ? ? ? ? ?", "??????????", "10?", "4 ? 6 ?", "unknown " * 10, "5 ? 未知 ????"):
        line = DEAL.replace("removed 10 ?", f"removed {removed}")
        assert parse(line, state) == unseen, line


def test_a_deal_seen_in_part() -> None:
    state = new_game(PLAYERS)
    line = ("chance: deal ann = captain love kid hate ? water; bob = kid love ? hate lauren ?; cy = lauren love ? "
            "hate ? ?; dee = frenchy love ? hate ? ?; removed painting(2) 9 ?")
    deal = parse(line, state)
    assert deal == c.DealSetup(
        characters=("captain", "kid", "lady_lauren", "frenchy"), love=("kid", "?", "?", "?"),
        hate=("?", "lady_lauren", "?", "?"), provisions=("water-1", "?", "?", "?"),
        removed=("painting-3",) + (UNKNOWN,) * 9,
    )
    assert render(deal, state) == line
    assert apply(state, deal)[0].unaccounted[0] == "blackjack-1"


def test_draw_unseen_provisions(rec: State) -> None:
    four = c.DrawProvisions(cards=(UNKNOWN,) * 4)
    for line in ("chance: draw ? ? ? ?", "chance: draw 4 ?", "chance: draw ????", "chance: ? ? ? ?",
                 "chance: provisions 4?", "机会：抽？？？？"):
        assert parse(line, rec) == four, line
    assert render(four, rec) == "chance: draw 4 ?"
    # a card the recorder saw names the lowest-numbered copy nobody has named yet (a placeholder is identified)
    assert parse("chance: draw water ? ? water", rec) == c.DrawProvisions(cards=("water-1", "?", "?", "water-2"))
    assert parse("chance: draw ?p20 ? ? ?", rec) == c.DrawProvisions(cards=("?p20", "?", "?", "?"))
    assert render(c.DrawProvisions(cards=("?",) * 3), rec) == "chance: draw ? ? ?"


def test_draw_unseen_navigation_cards(rec: State) -> None:
    rowing = at(rec, step=RowDraw(rower="captain", count=2))
    two = c.DrawNavigation(cards=(UNKNOWN, UNKNOWN))
    for line in ("chance: nav ? ?", "chance: nav 2 ?", "chance: nav ??", "chance: draw ? ?", "chance: ? ?"):
        assert parse(line, rowing) == two, line
    assert render(two, rowing) == "chance: nav ? ?"
    # a number that is a navigation card is a card, not a count
    assert parse("chance: nav 27 ?", rowing) == c.DrawNavigation(cards=("nav-27", UNKNOWN))
    assert parse("chance: nav ?n3", rowing) == c.DrawNavigation(cards=("?n3",))


def test_take_an_unseen_card_from_a_hand(rec: State) -> None:
    s = at(rec, step=MugDraw(mugger="kid", target="lady_lauren"))
    assert parse("chance: take ?", s) == c.DrawFromHand(card=UNKNOWN)
    assert parse("chance: draw ?", s) == c.DrawFromHand(card=UNKNOWN)
    assert parse("chance: take ?p13", s) == c.DrawFromHand(card="?p13")
    assert parse("chance: take water", s) == c.DrawFromHand(card="water-1")  # her hand holds only ?p13
    assert render(c.DrawFromHand(card=UNKNOWN), s) == "chance: take ?"


# ---- players: placeholders and real names where placeholders stand ------------------------------------------


def test_keep_an_unseen_provision(picking: State) -> None:
    first = c.KeepProvision(by="lady_lauren", card="?p15")
    for line in ("lauren: keep ?", "lauren: keep", "lauren: keep unknown", "劳伦：保留？", "lauren: keep ?p15"):
        assert parse(line, picking) == first, line
    assert parse("lauren: keep ?p17", picking) == c.KeepProvision(by="lady_lauren", card="?p17")
    assert render(first, picking) == "lauren: keep ?"
    assert render(c.KeepProvision(by="lady_lauren", card="?p17"), picking) == "lauren: keep ?p17"
    # she shows the card she keeps: a real name; the engine identifies one of the offered placeholders as it
    keep = parse("lauren: keep water", picking)
    assert keep == c.KeepProvision(by="lady_lauren", card="water-1")
    state, events = apply(picking, keep)
    assert state.char("lady_lauren").hand == ("?p13", "water-1")
    assert render(keep, picking) == "lauren: keep water"


def test_a_real_card_named_from_a_hand_of_placeholders(picking: State) -> None:
    assert picking.char("lady_lauren").hand == ("?p13",)
    reveal = parse("lauren: reveal water", picking)
    assert reveal == c.Reveal(by="lady_lauren", card="water-1")  # the lowest Water nobody has named
    state, _ = apply(picking, reveal)
    assert state.char("lady_lauren").face_up == ("water-1",) and "water-1" not in state.unaccounted
    # a real card in the hand is taken first, as ever; then the unaccounted ones
    s = replace_char(state, "lady_lauren", hand=("?p13", "water-1", "?p40"), face_up=())
    assert parse("lauren: offer kid water water", s) == c.OfferTrade(by="lady_lauren", to="kid",
                                                                     give=("water-1", "water-2"))
    assert parse("lauren: reveal ?", s) == c.Reveal(by="lady_lauren", card="?p13")
    # '?' skips the placeholders the real cards of the line will be identified as
    assert parse("lauren: offer kid oar ?", s) == c.OfferTrade(by="lady_lauren", to="kid", give=("oar-1", "?p40"))
    assert render(c.Reveal(by="lady_lauren", card="water-2"), s) == "lauren: reveal water-2"
    assert render(c.Reveal(by="lady_lauren", card="oar-1"), s) == "lauren: reveal oar"


def test_a_painting_behind_a_placeholder_says_its_value(picking: State) -> None:
    with pytest.raises(AmbiguousCommand) as info:
        parse("lauren: reveal painting", picking)
    assert info.value.candidates == ("lauren: reveal painting(3)", "lauren: reveal painting(2)")
    assert parse("lauren: reveal painting(2)", picking) == c.Reveal(by="lady_lauren", card="painting-3")


def test_place_unseen_rowed_cards(rec: State) -> None:
    s = at(rec, step=RowPlace(rower="captain", drawn=("?n1", "?n2")))

    def place(stack: tuple[str, ...], bottom: tuple[str, ...]) -> c.PlaceRowedCards:
        return c.PlaceRowedCards(by="captain", to_stack=stack, to_bottom=bottom)

    for line in ("captain: stack ? bottom ?", "captain: stack 1 bottom 1", "captain: stack ?", "captain: keep ?",
                 "captain: stack ?n1 bottom ?n2", "captain: stack ?n1", "船长：堆？底？"):
        assert parse(line, s) == place(("?n1",), ("?n2",)), line
    assert parse("captain: bottom ?", s) == place(("?n2",), ("?n1",))  # '?' is the first unseen card of the line
    assert parse("captain: stack ? ?", s) == parse("captain: stack 2", s) == place(("?n1", "?n2"), ())
    # the order of unseen cards under the deck is nobody's knowledge: no ambiguity, the order drawn
    assert parse("captain: bottom ? ?", s) == parse("captain: stack none", s) == place((), ("?n1", "?n2"))
    assert parse("captain: stack ?n2 bottom ?", s) == place(("?n2",), ("?n1",))
    # the captain shows the card he keeps: 27 is identified as ?n1, so '?' is ?n2
    assert parse("captain: stack 27 bottom ?", s) == place(("nav-27",), ("?n2",))
    assert parse("captain: stack 27", s) == place(("nav-27",), ("?n2",))
    assert render(place(("?n1",), ("?n2",)), s) == "captain: stack ? bottom ?"
    assert render(place(("?n2",), ("?n1",)), s) == "captain: stack ? bottom ?n1"  # ? = the first not named
    assert render(place((), ("?n1", "?n2")), s) == "captain: bottom ? ?"
    assert render(place((), ("?n2", "?n1")), s) == "captain: bottom ? ?n1"


def test_choose_an_unseen_card(rec: State) -> None:
    s = at(rec, step=NavigatorChoice(navigator="kid"), row_stack=("nav-27", "?n4"))
    assert parse("kid: choose ?", s) == c.ChooseNavigationCard(by="kid", card="?n4")
    assert parse("kid: choose 31", s) == c.ChooseNavigationCard(by="kid", card="nav-31")  # identifies ?n4


# ---- the recorder --------------------------------------------------------------------------------------------


def test_identify(rec: State) -> None:
    water = c.Identify(placeholder="?p3", card="water-1")
    for line in ("recorder: ?p3 is water", "recorder: identify ?p3 water", "rec: ?p3 = water",
                 "recorder: identify ?p3 as water", "记录：?p3是水", "recorder ?p3 is water",
                 "RECORDER: ?P3 IS WATER"):
        assert parse(line, rec) == water, line
    assert parse("?p3 is water", rec, actor=RECORDER) == water
    assert parse("recorder: ?p3 is water-5", rec) == c.Identify(placeholder="?p3", card="water-5")
    assert parse("recorder: ?n7 is 27", rec) == c.Identify(placeholder="?n7", card="nav-27")
    assert parse("recorder: identify ?n7 nav-27", rec) == c.Identify(placeholder="?n7", card="nav-27")
    assert render(water, rec) == "recorder: ?p3 is water"
    assert render(c.Identify(placeholder="?p3", card="water-5"), rec) == "recorder: ?p3 is water-5"
    assert render(c.Identify(placeholder="?n7", card="nav-27"), rec) == "recorder: ?n7 is 27"
    state, _ = apply(rec, water)
    assert parse("recorder: ?p4 is water", state) == c.Identify(placeholder="?p4", card="water-2")


def test_identify_a_painting_needs_its_value(rec: State) -> None:
    with pytest.raises(AmbiguousCommand) as info:
        parse("recorder: ?p3 is painting", rec)
    assert info.value.candidates == ("recorder: ?p3 is painting(3)", "recorder: ?p3 is painting(2)")


def test_identify_love_and_hate(rec: State) -> None:
    cmd = c.IdentifyLoveHate(character="kid", love="captain", hate="lady_lauren")
    for line in ("recorder: kid love captain hate lauren", "rec: kid hate lauren love captain",
                 "recorder: the kid loves the captain, hates lady lauren", "记录：小孩爱船长恨劳伦",
                 "recorder: bob love ann hate cy"):
        assert parse(line, rec) == cmd, line
    assert render(cmd, rec) == "recorder: kid love captain hate lauren"


@pytest.mark.parametrize(("line", "message"), [
    ("recorder: ?p3", "one placeholder and the card it is"),
    ("recorder: ?p3 is ?", "?p3 is unseen already; name the card it is, e.g. '?p3 is water'"),
    ("recorder: ?p3 is 27", "?p3 is a provision: name its face"),
    ("recorder: ?n3 is water", "?n3 is a navigation card: name it by its number"),
    ("recorder: ?p3 is watr", "unknown card 'watr'; did you mean 'water'?"),
    ("recorder: ?p99 is water", "there is no placeholder ?p99: provision placeholders are ?p1 to"),
    ("recorder: ?p3 is water ?p4 is oar", "one placeholder and the card it is, per line"),
    ("recorder: identify water", "which placeholder?"),
    ("recorder: kid love captain", "missing hate"),
    ("recorder: kid love ? hate lauren", "'?' is not a character"),
    ("recorder: kid adores captain", "unknown word 'adores'"),
    ("recorder: ? is water", "the recorder names what was seen"),
    ("recorder:", "nothing to record"),
    ("recordr: ?p3 is water", "did you mean 'recorder'?"),
])
def test_recorder_errors(rec: State, line: str, message: str) -> None:
    assert message in invalid(line, rec).message


def test_unseen_card_errors(picking: State) -> None:
    assert "'?' stands for a card nobody has seen (1 named), but there is none left unnamed in your hand" in invalid(
        "kid: offer lauren ?", replace_char(picking, "kid", hand=("oar-1",))).message
    err = invalid("kid: offer lauren ? ?", picking)
    assert "(2 named), but there is only 1 left unnamed in your hand" in err.message
    assert "you have no drawn cards to place now" in invalid("captain: stack ? bottom ?", picking).message
    assert "a card played is shown: name it by its face" in invalid("lauren: use ? on kid", picking).message
    assert "a card played is shown: name it by its face (e.g. 'water')" in invalid("lauren: water ?p13 kid",
                                                                                 picking).message
    assert "a face-up card is seen by everyone" in invalid("kid: mug lauren ?", picking).message
    assert "a trade asks for faces" in invalid("kid: offer lauren for ?", picking).message
    # outside a row placement, a small number is no count: 5 is no navigation card
    assert "there is no navigation card '5'" in invalid("chance: nav 5", picking).message
