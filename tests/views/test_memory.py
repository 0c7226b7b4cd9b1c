"""A seat remembers what it saw (its view's ``memory``), long after the table has moved on: the cards a
quartermaster passed on, the navigation cards a rower put under the deck, the row-stack cards a navigator rejected
(PROV-2, ROW-1, NAV-1)."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.views import Memory

from .table import Table

DRAWN = ("water-2", "cash-2", "blackjack-1", "gaffing_hook-1")


def _round_one() -> Table:
    """Round 1: the draft; Sir Stephen rows (nav-19 on the stack, nav-20 under the deck), the Captain rows (nav-22
    and nav-23 both on the stack); the Kid navigates and chooses nav-23."""
    t = Table()
    t.draft(DRAWN, ("water-2", "cash-2", "gaffing_hook-1", "blackjack-1"))
    t.do(c.Row(by="sir_stephen"))
    t.do(c.DrawNavigation(cards=("nav-19", "nav-20")))
    t.do(c.PlaceRowedCards(by="sir_stephen", to_stack=("nav-19",), to_bottom=("nav-20",)))
    t.do(c.Row(by="captain"))
    t.do(c.DrawNavigation(cards=("nav-22", "nav-23")))
    t.do(c.PlaceRowedCards(by="captain", to_stack=("nav-22", "nav-23"), to_bottom=()))
    t.do(c.DoNothing(by="frenchy"))
    t.do(c.DoNothing(by="kid"))
    t.do(c.ChooseNavigationCard(by="kid", card="nav-23"))
    return t


def _texts(memory: tuple[Memory, ...]) -> list[str]:
    return [m.text for m in memory]


def test_the_quartermaster_remembers_what_it_passed_on_after_the_draft() -> None:
    t = _round_one()
    assert t.state.round >= 1 and t.state.step.__struct_config__.tag != "provisions_pick"
    memory = t.seat("sir_stephen").memory
    passed = [m for m in memory if m.type == "provisions_passed"]
    assert passed[0].round == 1
    assert passed[0].seen == ("cash", "blackjack", "gaffing_hook")  # VIEW-FACE-1: they left its hand
    assert passed[0].text == "You passed Bundle of Cash, Blackjack and Gaffing Hook to the Captain."
    assert "You drew Water, Bundle of Cash, Blackjack and Gaffing Hook." in _texts(memory)
    # what the Captain passed on is not the quartermaster's to know
    assert not any("The Captain passed" in line for line in _texts(memory))
    # the Captain remembers what it received and what it passed on
    cap = _texts(t.seat("captain").memory)
    assert "Sir Stephen passed Bundle of Cash, Blackjack and Gaffing Hook to you." in cap
    assert "You passed Blackjack and Gaffing Hook to Frenchy." in cap


def test_a_rower_remembers_which_cards_went_under() -> None:
    t = _round_one()
    memory = t.seat("sir_stephen").memory
    placed = [m for m in memory if m.type == "rowed_cards_placed"]
    assert placed[0].seen == ("nav-19", "nav-20")
    assert placed[0].text == "You put Navigation 19 on the row stack and Navigation 20 under the navigation deck."
    assert "You drew Navigation 19 and Navigation 20 to row." in _texts(memory)
    # others remember nothing of it
    assert not any(m.type.startswith("row") or m.type == "navigation_drawn" for m in t.seat("frenchy").memory)


def test_the_navigator_remembers_the_row_stack_cards_it_rejected() -> None:
    t = _round_one()
    memory = t.seat("kid").memory
    chosen = [m for m in memory if m.type == "navigation_card_chosen"]
    assert chosen[0].seen == ("nav-19", "nav-22")
    assert chosen[0].text == "You chose Navigation 23; Navigation 19 and Navigation 22 went under the deck."
    # the Captain put nav-22 and nav-23 on the stack; it does not learn the navigator's order under the deck
    assert not any(m.type == "navigation_card_chosen" for m in t.seat("captain").memory)
    assert "The Kid chose Navigation 23; 2 cards went under the deck." in t.texts("captain")


def test_memory_survives_later_rounds_and_the_cards_moving_on() -> None:
    t = _round_one()
    before = t.seat("sir_stephen").memory
    # play on, chance entered by hand (the first cards of each deck), until round 2's action phase
    for _ in range(200):
        if t.state.round >= 2 and t.state.step.__struct_config__.tag == "action_turn":
            break
        req = chance_request(t.state)
        if req is None:
            cmds = legal_commands(t.state, waiting_for(t.state)[0])
            t.do(next((x for x in cmds if isinstance(x, (c.Pass, c.KeepProvision, c.DoNothing))), cmds[0]))
        elif req.kind == "draw_provisions":
            t.do(c.DrawProvisions(cards=t.state.provisions[: req.count]))
        else:
            t.do(c.DrawNavigation(cards=t.state.nav_unseen[: req.count]))
    assert t.state.round >= 2
    after = t.seat("sir_stephen").memory
    assert after[: len(before)] == before
    assert len(after) > len(before)  # round 2's draft added to it
