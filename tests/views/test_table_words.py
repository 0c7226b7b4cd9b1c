"""The words a newcomer reads at a served table: each fight side's strength (FIGHT-3, REF-24), a decision's
plain-English text (the page's buttons), the thirst in a sentence (THIRST-1) and why SCORE-2 scores a player as it
does. Exact values and exact texts."""

from __future__ import annotations

import msgspec

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.evolve import evolve
from lifeboat.game import apply, new_game
from lifeboat.scoring import scores
from lifeboat.views import FightView, Observer, SeatView
from lifeboat.views.decisions import decision_text
from lifeboat.views.fight import fight_view
from lifeboat.views.score_notes import score_notes
from lifeboat.views.structs import FighterView
from lifeboat.views.text import event_text, step_text
from tests.engine.gwt import actions, deal, given, hand, then_fold
from tests.engine.test_liquid_courage import LIQUID, WONG4
from tests.engine.test_scoring import four_player_end, six_player_end

from .table import REMOVED, Table

DRAWN = ("water-2", "cash-2", "blackjack-1", "gaffing_hook-1")


def fighting() -> Table:
    """Sir Stephen (5) mugs the Captain (7), who refuses; Frenchy (6, a Knife face up, a Gaffing Hook in hand)
    joins the attackers, the Kid (3, an Oar face up, a Blackjack in hand) the defenders."""
    t = Table()
    t.draft(DRAWN, ("water-2", "cash-2", "gaffing_hook-1", "blackjack-1"))
    t.do(c.Reveal(by="frenchy", card="knife-1"))
    t.do(c.Reveal(by="kid", card="oar-1"))
    t.do(c.Mug(by="sir_stephen", target="captain"))
    t.do(c.Answer(by="captain", consent=False))
    t.do(c.JoinFight(by="frenchy", side="attacker"))
    t.do(c.JoinFight(by="kid", side="defender"))
    return t


def test_FIGHT_3_each_side_is_its_sizes_and_face_up_weapons_never_a_hidden_card() -> None:
    """FIGHT-3: attackers Sir Stephen 5 + Frenchy 6 + Knife 3 = 14; defenders the Captain 7 + the Kid 3 + Oar 1 =
    11. Frenchy's Gaffing Hook and the Kid's Blackjack are in hand: they count for nothing."""
    t = fighting()
    assert t.state.char("frenchy").hand == ("gaffing_hook-1",)  # the hidden weapon is there
    expected = FightView(
        kind="mug",
        attackers=(FighterView(character="sir_stephen", size=5, weapons=0, firewater=0, strength=5),
                   FighterView(character="frenchy", size=6, weapons=3, firewater=0, strength=9)),
        defenders=(FighterView(character="captain", size=7, weapons=0, firewater=0, strength=7),
                   FighterView(character="kid", size=3, weapons=1, firewater=0, strength=4)),
        attack=14, defence=11)
    assert fight_view(t.state) == expected
    for view in (t.public(), t.seat("captain"), t.seat("frenchy"), t.referee()):  # public: alike for everyone
        assert view.fight == expected
    assert t.seat("captain").step.text == (
        "Fight: attackers Sir Stephen and Frenchy (strength 14) against defenders you and the Kid (strength 11); "
        "a tie goes to the defenders. Join a side, reveal weapons or pass.")
    assert t.public().step.text.startswith("Fight: attackers Sir Stephen and Frenchy (strength 14) against "
                                           "defenders the Captain and the Kid (strength 11)")
    assert t.public().fight is not None and fight_view(Table().state) is None


def test_FIGHT_3_REF_24_firewater_adds_three_while_drunk() -> None:
    """FIGHT-3, LIQUID-1, REF-24: Lady Lauren (4) asks the Captain (7) to change seats and drinks Firewater in the
    fight: 4 + 3 = 7 against 7."""
    s = given(deal(WONG4), hand("lady_lauren", "firewater-1"), actions(),
              c.ChangeSeats(by="lady_lauren", target="captain"), c.Answer(by="captain", consent=False), ruleset=LIQUID)
    f = fight_view(s)
    assert f is not None and (f.attack, f.defence) == (4, 7)
    s = then_fold(s, c.DrinkFirewater(by="lady_lauren", card="firewater-1"), c.ShareFirewater(by="mrs_wong",
                                                                                             share=False))
    assert fight_view(s) == FightView(
        kind="swap", attackers=(FighterView(character="lady_lauren", size=4, weapons=0, firewater=3, strength=7),),
        defenders=(FighterView(character="captain", size=7, weapons=0, firewater=0, strength=7),),
        attack=7, defence=7)


def _texts(view: SeatView) -> list[str]:
    return [decision_text(view, cmd) for cmd in view.legal]


def test_a_decision_says_what_it_does() -> None:
    """The page's buttons: joining a side names it and its strength (FIGHT-3); passing in a fight says what it
    means for a fighter and for one outside it (PROC-1)."""
    t = fighting()
    frenchy = _texts(t.seat("frenchy"))
    assert ("Reveal the Gaffing Hook face up (+4 to your side in every fight while it stays face up in front of you)"
            in frenchy)  # FIGHT-4: not "from now on": it can be mugged, lost overboard, fired
    assert "Pass (nothing more from you now; the fight is decided once everyone has passed)" in frenchy
    t2 = Table()
    t2.draft(DRAWN, ("water-2", "cash-2", "gaffing_hook-1", "blackjack-1"))
    t2.do(c.Mug(by="sir_stephen", target="captain"))
    t2.do(c.Answer(by="captain", consent=False))
    assert _texts(t2.seat("frenchy")) == [
        "Pass (stay out of the fight for now)", "Join the attackers (Sir Stephen, strength 5)",
        "Join the defenders (the Captain, strength 7)",
        "Reveal the Knife face up (+3 to your side in every fight while it stays face up in front of you)",
        "Reveal the Gaffing Hook face up (+4 to your side in every fight while it stays face up in front of you)"]


def test_the_chum_the_water_and_the_life_preserver_say_what_they_do() -> None:
    """OVER-1, OVER-2, THIRST-1: throwing the Chum and revealing it are told apart; Water names who drinks it."""
    v = Table(provisions=("chum-1", "water-1", "life_preserver-1", "oar-1")).seat("sir_stephen")
    assert decision_text(v, c.ExpendChum(by="sir_stephen", card="chum-1")) == (
        "Throw the Bucket of Chum: the sharks give everyone overboard one more wound")
    assert decision_text(v, c.Reveal(by="sir_stephen", card="chum-1")) == (
        "Reveal the Bucket of Chum face up (if you go overboard with it, the sharks come)")
    assert decision_text(v, c.GiveWater(by="sir_stephen", card="water-1", target="captain")) == (
        "Give Water to the Captain (one thirst less for them)")
    assert decision_text(v, c.GiveWater(by="sir_stephen", card="water-1", target="sir_stephen")) == (
        "Drink the Water (one thirst less for you)")
    assert decision_text(v, c.ThrowLifePreserver(by="sir_stephen", card="life_preserver-1", target="kid")) == (
        "Throw the Life Preserver to the Kid (the fall does not wound them)")
    assert decision_text(v, c.Mug(by="sir_stephen", target="frenchy", card="knife-1")) == (
        "Mug Frenchy for their face-up Knife")
    assert decision_text(v, c.Mug(by="sir_stephen", target="frenchy", card="knife")) == (  # a face (VIEW-FACE-1)
        "Mug Frenchy for their face-up Knife")


def test_THIRST_1_who_is_thirsty_and_how_many_times_in_a_sentence() -> None:
    """THIRST-1: the viewer first, then the others in the card's order; "once", "twice", "3 times"."""
    d = {"thirst": [["captain", 1], ["kid", 2], ["frenchy", 0], ["sir_stephen", 3]]}
    assert event_text("thirst_counted", d, "kid") == (
        "Thirst is counted: you are thirsty twice, the Captain once and Sir Stephen 3 times.")
    assert event_text("thirst_counted", d, None) == (
        "Thirst is counted: the Captain is thirsty once, the Kid twice and Sir Stephen 3 times.")
    assert event_text("thirst_counted", {"thirst": [["kid", 0]]}, None) == "Thirst is counted: nobody is thirsty."
    assert step_text("thirst_window", {**d, "card": "nav-1", "passed": []}, "captain") == (
        "Thirst: you are thirsty once, the Kid twice and Sir Stephen 3 times. Each thirst left when everyone has "
        "passed is one wound. Play a card or pass.")


def test_SCORE_2_the_end_says_why_a_narcissist_a_psychopath_and_a_love_hate_score_so() -> None:
    """SCORE-2, with the totals of tests/engine/test_scoring.py."""
    six = six_player_end()
    assert [(n.player, n.text) for n in score_notes(six)] == [
        ("bob", "bob's LOVE names their own character, Sir Stephen, who survived: its survival value (7) counts "
                "twice, as their character and as their LOVE (SCORE-2)."),
        ("cy", "cy's HATE names their own character, the Captain, who survived: they score the size of every other "
               "character who died (14) and nothing for their own survival (SCORE-2)."),
        ("eve", "eve's LOVE and HATE both name the Kid, who survived: its survival value (9) counts, as their LOVE "
                "(SCORE-2)."),
        ("fay", "fay's LOVE and HATE both name First Mate, who died: its size (8) counts, as their HATE (SCORE-2)."),
    ]
    assert [s.total for s in scores(six)] == [35, 30, 28, 2, 9, 17]
    dead = four_player_end(lady_wounds=5)
    assert [n.text for n in score_notes(dead)] == [
        "ann's LOVE and HATE both name their own character, Lady Lauren: they score the size of every other "
        "character who died (0) and nothing for Lady Lauren, who died (SCORE-2)."]
    alive = four_player_end(lady_wounds=4)
    assert [n.text for n in score_notes(alive)] == [
        "ann's LOVE and HATE both name their own character, Lady Lauren: they score the size of every other "
        "character who died (0) and Lady Lauren's survival value (8) once, since Lady Lauren survived (SCORE-2)."]


def test_SCORE_2_a_narcissist_who_died_scores_0_and_the_reveal_carries_the_line() -> None:
    """SCORE-2: Ann (Sir Stephen) loves her own character, which dies: 0 for the character and 0 for LOVE; every
    view's reveal holds the line (END-2: all public at the end)."""
    state, log = new_game(("Ann", "Bob", "Cat", "Dan")), []
    for step in (c.DealSetup(characters=("sir_stephen", "captain", "frenchy", "kid"),
                             love=("sir_stephen", "frenchy", "kid", "captain"),
                             hate=("kid", "sir_stephen", "captain", "frenchy"),
                             provisions=("water-1", "cash-1", "knife-1", "oar-1"), removed=REMOVED),):
        state, events = apply(state, step)
        log += events
    for ev in (e.Wounded(character="sir_stephen", amount=6, cause="fight"), e.GameEnded(reason="land")):
        state = evolve(state, ev)
        log.append(ev)
    text = ("Ann's LOVE names their own character, Sir Stephen, who died: it scores 0, neither as their character "
            "nor as their LOVE (SCORE-2).")
    assert [n.text for n in score_notes(state)] == [text]
    assert scores(state)[0].total == 0
    for view in (Observer.from_log(state, log).seat_view("captain"), Observer.from_log(state, log).public_view()):
        assert view.reveal is not None and list(msgspec.to_builtins(view.reveal.notes)) == [{"player": "Ann", "text": text}]


def test_every_player_command_has_its_words() -> None:
    """A new command gets its words and its verb group with it (the page would otherwise fall back to the
    notation)."""
    from typing import get_args

    from lifeboat.views.decision_words import WORDS
    from lifeboat.views.decisions import _VERB, VERBS

    assert set(WORDS) == set(get_args(c.PlayerCommand))
    answers = {c.Answer, c.AnswerTrade, c.UseCompass, c.ShareFirewater}  # two verbs each, by their yes or no
    assert set(_VERB) | answers == set(WORDS) and set(_VERB.values()) <= set(VERBS)
