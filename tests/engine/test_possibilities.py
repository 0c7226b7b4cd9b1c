"""REC-3: a recorded game's unseen cards are possibilities, not guesses (lifeboat/possibilities.py).

The three shapes of issue 30: a random card taken from a hand of one known and one unseen card, then the known card
shown by the taker; a Painting believed held but taken unseen, shown at the end by its taker; the same through an
unseen gift. Each was refused, or accepted and scored for the wrong player, by REC-1's first-placeholder reading.
"""

from __future__ import annotations

import msgspec
import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import is_unknown
from lifeboat.errors import CardContradiction, IllegalCommand
from lifeboat.game import apply, new_game
from lifeboat.ruleset import Ruleset
from lifeboat.scoring import treasure
from lifeboat.state import State
from tests.engine.gwt import FOUR, PLAYERS, then_fold, when

DEDUCES = Ruleset(possibilities=True)
KEPT = "?p15"  # the placeholder Lady Lauren keeps from the first provisions (the removed cards are ?p1..?p10)


def dealt(lauren: str, ruleset: Ruleset = DEDUCES) -> State:
    """A recorded 4-player game (Lady Lauren, the Captain, Frenchy, the Kid): the recorder saw Lady Lauren's first
    provision (``lauren``), nothing else; everyone keeps an unseen provision; it is Lady Lauren's action."""
    state = new_game(PLAYERS[:4], ruleset)
    state, _ = apply(state, c.DealSetup(characters=FOUR, love=("?",) * 4, hate=("?",) * 4,
                                        provisions=(lauren, "?", "?", "?"), removed=("?",) * 10))
    state = then_fold(state, c.DrawProvisions(cards=("?",) * 4))
    for who in FOUR:
        state = then_fold(state, c.KeepProvision(by=who, card=state.step.offered[0]))  # type: ignore[union-attr]
    return state


def kid_takes_from_lauren(s: State) -> State:
    """Lady Lauren, the Captain and Frenchy do nothing; the Kid picks Lady Lauren's pocket (MUG-2: no refusal)."""
    s = then_fold(s, c.DoNothing(by="lady_lauren"), c.DoNothing(by="captain"), c.DoNothing(by="frenchy"))
    return then_fold(s, c.Mug(by="kid", target="lady_lauren"))


def test_REC_3_an_unseen_take_from_a_known_and_an_unseen_card_keeps_both_possible() -> None:
    """The Kid takes a card at random, unseen, from Lady Lauren's Flare Gun and unseen card: the Flare Gun is lost
    from sight (a new placeholder, unaccounted again) and may be in either hand."""
    s = kid_takes_from_lauren(dealt("flare_gun-1"))
    assert s.char("lady_lauren").hand == ("flare_gun-1", KEPT)
    s = when(s, c.DrawFromHand(card="?")).then_starts(
        e.CardsUnseen(zone="lady_lauren", cards=("flare_gun-1",), placeholders=("?p43",)),
        e.CardsPassedUnseen(zone="lady_lauren", to="kid", placeholders=("?p43",)),
        e.CardMugged(character="kid", target="lady_lauren", card="?p43", from_hand=True),
    )
    assert s.char("lady_lauren").hand == (KEPT,) and "?p43" in s.char("kid").hand
    assert "flare_gun-1" in s.unaccounted
    assert s.known is not None and s.known.worlds == ((("kid", ("flare_gun",)),), (("lady_lauren", ("flare_gun",)),))


def test_REC_3_the_taker_shows_the_known_card_and_the_story_says_it_was_deduced() -> None:
    """Shape 1: the Kid then reveals the Flare Gun. REC-1's reading refused it ("held by Lady Lauren"); now it is
    accepted, traced to Lady Lauren's hand (the only Flare Gun), and nothing is lost any more."""
    s = then_fold(kid_takes_from_lauren(dealt("flare_gun-1")), c.DrawFromHand(card="?"))
    first = s.char("kid").hand[0]  # any of the Kid's unseen cards may be the one he took
    s = when(s, c.Reveal(by="kid", card="flare_gun-1")).then(
        e.CardIdentified(placeholder=first, card="flare_gun-1"),
        e.CardTraced(card="flare_gun-1", zone="kid", origin="lady_lauren"),
        e.CardRevealed(character="kid", card="flare_gun-1"),
    )
    assert s.char("kid").face_up == ("flare_gun-1",) and s.known is not None and not s.known.lost
    old = then_fold(kid_takes_from_lauren(dealt("flare_gun-1", Ruleset())), c.DrawFromHand(card="?"))
    err = when(old, c.Reveal(by="kid", card="flare_gun-1")).refused(IllegalCommand, "REC-1")  # the old guess
    assert "held by Lady Lauren" in err.message


def test_REC_3_the_robbed_hand_shows_another_card_so_the_taker_holds_the_known_one() -> None:
    """Lady Lauren reveals a Knife instead: her one card left is not the Flare Gun, so the Kid took it: deduced
    and named in his hand, with where it was known to be."""
    s = then_fold(kid_takes_from_lauren(dealt("flare_gun-1")), c.DrawFromHand(card="?"))
    first = s.char("kid").hand[0]
    s = when(s, c.Reveal(by="lady_lauren", card="knife-1")).then(
        e.CardIdentified(placeholder=KEPT, card="knife-1"),
        e.CardRevealed(character="lady_lauren", card="knife-1"),
        e.CardDeduced(placeholder=first, card="flare_gun-1", zone="kid", reason="held", origin="lady_lauren"),
    )
    assert "flare_gun-1" in s.char("kid").hand and s.known is not None and not s.known.lost


def test_REC_3_a_card_no_possibility_allows_is_refused_naming_where_it_may_be() -> None:
    """The Flare Gun lost between Lady Lauren and the Kid cannot turn up with the Captain (REC-1)."""
    s = then_fold(kid_takes_from_lauren(dealt("flare_gun-1")), c.DrawFromHand(card="?"))
    err = when(s, c.Reveal(by="captain", card="flare_gun-1")).refused(CardContradiction, "REC-1")
    assert err.look == "flare_gun"  # type: ignore[attr-defined]
    assert err.message == ("Flare Gun cannot be in The Captain's hand: every one not accounted for is lost from "
                           "sight in The Kid's hand or in Lady Lauren's hand")


def at_land(s: State) -> State:
    """Everyone left does nothing, three seagulls are out, and the card of the round brings the fourth (END-1)."""
    s = msgspec.structs.replace(s, seagulls=3)
    while s.step.__struct_config__.tag == "action_turn":  # type: ignore[attr-defined]
        s = then_fold(s, c.DoNothing(by=s.step.actor))  # type: ignore[union-attr]
    s = then_fold(s, c.DrawNavigation(cards=("nav-21",)))
    assert s.over
    return s


@pytest.mark.parametrize("how", ["mug", "gift"])
def test_REC_3_a_painting_believed_held_but_passed_unseen_scores_for_whoever_shows_it(how: str) -> None:
    """Shapes 2 and 3: Lady Lauren holds a known Painting (3) and an unseen card; Frenchy takes one unseen (a mug
    she consents to) or she gives him one face down. At the end Frenchy shows the Painting: it is his, scored for
    him (REC-1's reading kept it in her hand, doubled for nobody and scored for her)."""
    s = dealt("painting-1")
    if how == "mug":
        s = then_fold(s, c.DoNothing(by="lady_lauren"), c.DoNothing(by="captain"),
                      c.Mug(by="frenchy", target="lady_lauren"), c.Answer(by="lady_lauren", consent=True),
                      c.DrawFromHand(card="?"))
    else:
        s = then_fold(s, c.OfferTrade(by="lady_lauren", to="frenchy", give=(KEPT,)),
                      c.AnswerTrade(by="frenchy", accept=True), c.DoNothing(by="lady_lauren"))
    s = at_land(s)
    taken = next(x for x in s.char("frenchy").hand if x in ("?p43", KEPT))
    s = when(s, c.Identify(placeholder=taken, card="painting-1")).then_starts(
        e.CardIdentified(placeholder=taken, card="painting-1"))
    assert "painting-1" in s.char("frenchy").hand
    assert all(is_unknown(x) for x in s.char("lady_lauren").hand)
    assert treasure(s, "frenchy") == 3 and treasure(s, "lady_lauren") == 0


def test_REC_3_the_bound_forgets_a_look_and_keeps_accepting_the_true_game() -> None:
    """The bound: eight hands of five cards the scribe saw, then unseen takes round after round and nothing shown:
    the ways grow past MAX_WORLDS, the record forgets the looks found in the most places (possibilities_forgotten),
    and never keeps more than the bound (the property test shows true games are still accepted)."""
    import random

    from bench.possibilities import adversarial_line, adversarial_start
    from lifeboat.possibilities import MAX_WORLDS

    rng, s, forgotten = random.Random(1), adversarial_start(True), []
    for _ in range(60):
        s, events = apply(s, adversarial_line(s, rng))
        forgotten += [ev.looks for ev in events if isinstance(ev, e.PossibilitiesForgotten)]
        assert s.known is None or len(s.known.worlds) <= MAX_WORLDS
    assert forgotten and all(forgotten)
    assert s.known is not None and not any(look in v for w in s.known.worlds for _, v in w for look in forgotten[0])
