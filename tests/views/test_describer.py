"""The one describer (issue 27, issue 28): every decision open in the bundled games, as the HTML replay's "what else
could she have done" lists them, reads as a sentence of the game's terms, never as notation or card ids; each has a
verb group, its target and its cards; the hotseat menu, the served page and the replay say a decision alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lifeboat import commands as c
from lifeboat.service import replay_book
from lifeboat.views.decisions import VERBS, describe, verb_text

from .table import Table

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
NOTATION = re.compile(r"^[a-z_]+: |\b[a-z_]+-\d+\b|\bnav-")  # "lauren: mug …", "water-7", "nav-12"


@pytest.mark.parametrize("game", ["eight-players.jsonl", "liquid-courage.jsonl", "four-players.jsonl"])
def test_every_open_decision_of_a_bundled_game_reads_as_words(game: str) -> None:
    """As the referee reads the replay, every seat's open decisions: a sentence (not the line of notation, no card
    id), one per decision (decisions that play alike are one), the chosen one among them."""
    book = replay_book(EXAMPLES / game, "referee")
    steps = [s for s in book.steps if s.alternatives]
    assert len(steps) > 50
    for s in steps:
        texts = [a.text for a in s.alternatives]
        assert len(texts) == len(set(texts)), texts
        for a in s.alternatives:
            assert a.text != a.line and a.line.split(": ", 1)[0] and not NOTATION.search(a.text), (s.seq, a)
        assert sum(a.chosen for a in s.alternatives) == 1


def test_a_seat_reads_its_own_alternatives_in_its_words() -> None:
    """A seat's replay (Ann, Frenchy in the four-player example) lists its open decisions as the page's buttons
    said them, "you" being Ann: the chosen one is among them, with its line of notation beside it."""
    book = replay_book(EXAMPLES / "four-players.jsonl", "Ann")
    steps = [s for s in book.steps if s.alternatives]
    assert steps and {s.decider for s in steps} == {"frenchy"}
    words = {a.text for s in steps for a in s.alternatives}
    assert "Do nothing (end your action)" in words
    assert any(t.startswith("Keep ") for t in words) and not any(NOTATION.search(t) for t in words)
    assert all(a.line.startswith("frenchy: ") for s in steps for a in s.alternatives)


def test_a_decision_has_its_verb_its_target_its_cards_and_its_words() -> None:
    """Shapes the page groups by: verb, then object (a character or a card)."""
    t = Table(provisions=("water-1", "medical_kit-1", "knife-1", "oar-1"))
    v = t.seat("sir_stephen")
    give = describe(v, c.GiveWater(by="sir_stephen", card="water-1", target="captain"))
    assert (give.verb, give.verb_text, give.target, give.cards) == ("water", "Water", "captain", ("water-1",))
    assert (give.label, give.text) == ("Give Water to the Captain", "Give Water to the Captain (one thirst less for "
                                                                    "them)")
    mug = describe(v, c.Mug(by="sir_stephen", target="kid"))
    assert (mug.verb, mug.target, mug.cards, mug.label) == ("mug", "kid", (), "Mug the Kid for a random card from "
                                                                              "their hand")
    swap = describe(v, c.ChangeSeats(by="sir_stephen", target="frenchy"))
    assert (swap.verb_text, swap.label, swap.text) == (
        "Change seats", "Change seats with Frenchy", "Ask Frenchy to change seats with you (they may refuse and fight)")
    offer = describe(v, c.OfferTrade(by="sir_stephen", to="kid", give=("knife-1",)))
    assert (offer.verb, offer.target, offer.cards, offer.text) == (
        "offer", "kid", ("knife-1",), "Offer the Kid your Knife, asking nothing back")
    end = describe(v, c.DoNothing(by="sir_stephen"))
    assert (end.verb, end.label, end.text) == ("end", "End your action", "Do nothing (end your action)")
    assert list(VERBS)[-2:] == ["pass", "end"] and verb_text("swap") == "Change seats"


def test_the_hotseat_menu_says_what_the_page_says() -> None:
    """The hotseat's numbered menu is the describer's labels (identical cards once), plus REF-18's hold."""
    from cli.cmd_play import HOLD, menu

    from lifeboat.legal import waiting_for

    t = Table(provisions=("water-1", "medical_kit-1", "knife-1", "oar-1"))
    t.draft(("water-2", "cash-2", "blackjack-1", "gaffing_hook-1"), ("water-2", "cash-2", "blackjack-1",
                                                                     "gaffing_hook-1"))
    view = t.seat(waiting_for(t.state)[0])
    items = menu(view, tuple(view.seats))
    labels = {describe(view, cmd).label for cmd in view.legal if not isinstance(cmd, c.OfferTrade)}
    assert items and {text for text, _ in items} - {HOLD} == labels
