"""The Cannibalism expansion: SETUP-1 (7 players), SETUP-2/4 (Dr. Harter), SETUP-3/5 (decks of 44 and 28, REF-15),
MEDKIT-1 (Dr. Harter keeps the kit), CANNIBAL-1 (the card, the objection window, the fight, the healing;
REF-12..14), SCORE-1 for an eaten body, EXP-1 (the option), and random 7-player games with bots."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import msgspec
import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import CHARACTERS, characters_in, navigation_instances, provision_instances
from lifeboat.chance import next_chance, setup_command, shuffle
from lifeboat.errors import IllegalCommand, InvalidCommand, RuleViolation
from lifeboat.events import Event, GameEnded
from lifeboat.evolve import evolve, fold
from lifeboat.game import apply, max_players, new_game
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.ruleset import Ruleset, parse_option, ruleset_from_options, validate
from lifeboat.scoring import score_player, scores, winners
from lifeboat.state import ActionTurn, CannibalismObjection, Fight, GameOver, State

from .gwt import (
    PLAYERS, actions, deal, face_up, given, hand, navigation_places, provision_places, then_fold, when, wounds,
)
from .test_properties import random_command

CANNIBAL = Ruleset(expansions=("cannibalism",))
SETS = ("base", "cannibalism")
SEVEN = ("lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "dr_harter", "kid")
SEVEN_PLAYERS = PLAYERS + ("gus",)
FIRST = ("cash-1", "cash-2", "cash-3", "cash-4", "cash-5", "cash-6", "water-1")  # captain is dealt cash-3


def seven(*items: object) -> State:
    """A 7-player game with Cannibalism, dealt ``FIRST``, then ``items`` (see gwt.given)."""
    state = new_game(SEVEN_PLAYERS, CANNIBAL)
    state, _ = apply(state, deal(SEVEN, provisions=FIRST))
    return then_fold(state, *items)


def others_pass(state: State, but: str | None = None) -> State:
    """Everyone the open window waits for passes, except ``but`` (a real Pass each)."""
    for ch in waiting_for(state):
        if ch != but:
            state, _ = apply(state, c.Pass(by=ch))
    return state


# ---- SETUP-1 / EXP-1 / OPT-1 -----------------------------------------------------------------------------------


def test_SETUP_1_seven_players_need_the_cannibalism_expansion() -> None:
    """SETUP-1: 4-6 players in the base game; 4-7 with Cannibalism; 8 is refused even then (8 need Liquid Courage
    too: test_liquid_courage)."""
    with pytest.raises(InvalidCommand) as info:
        new_game(SEVEN_PLAYERS)
    assert info.value.rule == "SETUP-1" and "Cannibalism" in info.value.message
    assert len(new_game(SEVEN_PLAYERS, CANNIBAL).players) == 7
    assert len(new_game(PLAYERS[:4], CANNIBAL).players) == 4
    with pytest.raises(InvalidCommand) as info:
        new_game(SEVEN_PLAYERS + ("hal",), CANNIBAL)
    assert info.value.rule == "SETUP-1"
    with pytest.raises(InvalidCommand):
        new_game(PLAYERS[:3], CANNIBAL)
    assert max_players(Ruleset()) == 6 and max_players(CANNIBAL) == 7


def test_EXP_1_unknown_or_repeated_expansions_are_refused() -> None:
    """EXP-1, OPT-1: both expansions are played, alone or together; an unknown or repeated id is refused."""
    for expansions in (("liquid_courage",), ("cannibalism", "liquid_courage")):
        assert validate(Ruleset(expansions=expansions)).expansions == expansions
    for bad in (("nonsense",), ("cannibalism", "cannibalism")):
        with pytest.raises(InvalidCommand) as info2:
            validate(Ruleset(expansions=bad))
        assert info2.value.rule == "OPT-1"


def test_OPT_1_expansions_are_on_off_options() -> None:
    """OPT-1, EXP-1: ``cannibalism=on`` maps to the expansions; several options combine."""
    assert parse_option("cannibalism=on") == ("expansions", ("cannibalism",))
    assert parse_option("cannibalism=off") == ("expansions", ())
    assert ruleset_from_options(["cannibalism=on", "quick_game=on"]) == Ruleset(expansions=("cannibalism",),
                                                                                quick_game=True, compass_extra_card=True)
    assert ruleset_from_options(["cannibalism=on", "cannibalism=on"]) == Ruleset(expansions=("cannibalism",),
                                                                                compass_extra_card=True)
    with pytest.raises(InvalidCommand) as twice:  # the same option twice with other values: which was meant?
        ruleset_from_options(["cannibalism=on", "cannibalism=off"])
    assert twice.value.message == ("cannibalism is given twice with different values (cannibalism=on, then "
                                   "cannibalism=off); give it once")
    assert ruleset_from_options(["liquid_courage=on"]) == Ruleset(expansions=("liquid_courage",), compass_extra_card=True)
    with pytest.raises(InvalidCommand) as info:
        parse_option("expansions=on")
    assert "cannibalism" in info.value.message  # the message lists the expansion options


# ---- SETUP-2..5 --------------------------------------------------------------------------------------------------


def test_SETUP_4_dr_harter_sits_between_frenchy_and_the_kid() -> None:
    """SETUP-4 (RUL-SETUP-4): ... Frenchy, Dr. Harter, the Kid; SETUP-2: he can be dealt only with Cannibalism."""
    assert seven().seats == SEVEN
    state = new_game(PLAYERS[:4], CANNIBAL)
    state, _ = apply(state, deal(("kid", "dr_harter", "captain", "frenchy")))
    assert state.seats == ("captain", "frenchy", "dr_harter", "kid")
    when(new_game(PLAYERS[:4]), deal(("kid", "dr_harter", "captain", "frenchy"))).refused(InvalidCommand, "SETUP-2")
    assert characters_in(SETS) == SEVEN


def test_SETUP_5_the_expansion_decks_hold_44_provisions_and_28_navigation_cards() -> None:
    """SETUP-5, EXP-1: + the 4th Medical Kit and the Cannibalism card; + nav-c7..nav-c10; the base game is unchanged."""
    assert len(provision_instances()) == 42 and len(navigation_instances()) == 24
    prov, nav = provision_instances(SETS), navigation_instances(SETS)
    assert len(prov) == len(set(prov)) == 44 and len(nav) == len(set(nav)) == 28
    assert set(prov) - set(provision_instances()) == {"medical_kit-4", "cannibalism-1"}
    assert set(nav) - set(navigation_instances()) == {"nav-c7", "nav-c8", "nav-c9", "nav-c10"}
    state = seven()
    assert len(state.provisions) == 44 - 7 and len(state.nav_unseen) == 28
    assert provision_places(state) == Counter(prov) and navigation_places(state) == Counter(nav)


def test_SETUP_3_seven_players_remove_nothing_and_four_remove_ten_of_44() -> None:
    """SETUP-3, REF-15: nothing is removed with 7 players; with 4-5 players 10 of the 44 provisions are."""
    orders = shuffle(random.Random(1), "00", CANNIBAL)
    assert setup_command(new_game(SEVEN_PLAYERS, CANNIBAL), orders).removed == ()
    four = new_game(PLAYERS[:4], CANNIBAL)
    cmd = setup_command(four, orders)
    assert len(cmd.removed) == 10
    state, _ = apply(four, cmd)
    assert len(state.provisions) == 44 - 10 - 4
    when(new_game(SEVEN_PLAYERS, CANNIBAL), deal(SEVEN, provisions=FIRST, removed=tuple(f"water-{i}" for i in range(7, 17)))
         ).refused(InvalidCommand, "SETUP-3")


def test_CHANCE_2_shuffle_takes_the_ruleset_or_the_expansions() -> None:
    """CHANCE-2, EXP-1: shuffle(rng, salt) is the base game as before; with the expansion, 7/44/28 cards."""
    base = shuffle(random.Random(5), "ab")
    assert base == shuffle(random.Random(5), "ab", Ruleset()) == shuffle(random.Random(5), "ab", ())
    assert (len(base.characters), len(base.provisions), len(base.navigation)) == (6, 42, 24)
    ext = shuffle(random.Random(5), "ab", CANNIBAL)
    assert ext == shuffle(random.Random(5), "ab", ("cannibalism",))
    assert (len(ext.characters), len(ext.provisions), len(ext.navigation)) == (7, 44, 28)
    assert sorted(ext.love) == sorted(ext.hate) == sorted(SEVEN)


def test_SETUP_2_love_and_hate_cover_dr_harter() -> None:
    """SETUP-2: one LOVE and one HATE per character in the game, Dr. Harter's included."""
    state = seven()
    assert sorted(ch.love for ch in state.characters) == sorted(SEVEN)
    assert sorted(ch.hate for ch in state.characters) == sorted(SEVEN)


# ---- MEDKIT-1: Dr. Harter ----------------------------------------------------------------------------------------


def test_MEDKIT_1_dr_harter_keeps_the_kit_face_up() -> None:
    """MEDKIT-1 (RUL-MEDKIT-1): Dr. Harter's kit, used from his hand, stays face up in front of him."""
    state = seven(hand("dr_harter", "medical_kit-4"), wounds("kid", 2), actions("dr_harter"))
    after = when(state, c.UseMedicalKit(by="dr_harter", card="medical_kit-4", target="kid")).then(
        e.MedicalKitUsed(character="dr_harter", card="medical_kit-4", target="kid", kept=True),
        e.Healed(character="kid"),
        e.ActionTurnStarted(character="kid", index=6),
    )
    assert after.char("dr_harter").face_up == ("medical_kit-4",) and "medical_kit-4" not in after.discard
    assert after.char("kid").wounds == 1


def test_MEDKIT_1_dr_harter_uses_his_kept_kit_again_on_a_later_action() -> None:
    """MEDKIT-1: on a later action the face-up kit works again, and stays face up again."""
    state = seven(hand("dr_harter", "medical_kit-1"), wounds("kid", 2), wounds("frenchy", 1), actions("dr_harter"))
    state = then_fold(state, c.UseMedicalKit(by="dr_harter", card="medical_kit-1", target="kid"))
    assert c.UseMedicalKit(by="dr_harter", card="medical_kit-1", target="frenchy") not in legal_commands(
        state, "dr_harter")  # not now: it is the Kid's action
    later = then_fold(state, e.ActionTurnStarted(character="dr_harter", index=5))  # his next action
    assert c.UseMedicalKit(by="dr_harter", card="medical_kit-1", target="frenchy") in legal_commands(later, "dr_harter")
    after = when(later, c.UseMedicalKit(by="dr_harter", card="medical_kit-1", target="frenchy")).then_starts(
        e.MedicalKitUsed(character="dr_harter", card="medical_kit-1", target="frenchy", kept=True),
        e.Healed(character="frenchy"),
    )
    assert after.char("dr_harter").face_up == ("medical_kit-1",) and after.char("frenchy").wounds == 0


def test_MEDKIT_1_anyone_else_discards_even_a_kit_dr_harter_kept() -> None:
    """MEDKIT-1: Lady Lauren mugs Dr. Harter's face-up kit; when she uses it, it is discarded."""
    state = seven(face_up("dr_harter", "medical_kit-2"), wounds("kid", 1), actions("lady_lauren"))
    state = then_fold(state, c.Mug(by="lady_lauren", target="dr_harter", card="medical_kit-2"),
                      c.Answer(by="dr_harter", consent=True))
    assert "medical_kit-2" in state.char("lady_lauren").hand
    state = then_fold(state, e.ActionTurnStarted(character="lady_lauren", index=0))  # her next action
    after = when(state, c.UseMedicalKit(by="lady_lauren", card="medical_kit-2", target="kid")).then_starts(
        e.MedicalKitUsed(character="lady_lauren", card="medical_kit-2", target="kid", kept=False))
    assert after.discard[-1] == "medical_kit-2"


# ---- CANNIBAL-1 --------------------------------------------------------------------------------------------------


def bodies(*items: object) -> State:
    """The Captain is dead (a body in the boat, holding cash-3); the First Mate unconscious; the Kid, Frenchy and
    Lady Lauren wounded. ``items`` follow (hands, then ``actions(...)``)."""
    return seven(wounds("captain", 8), wounds("first_mate", 8), wounds("kid", 1), wounds("frenchy", 2),
                 wounds("lady_lauren", 1), *items)


def test_CANNIBAL_1_unopposed_the_body_goes_and_the_living_heal() -> None:
    """CANNIBAL-1, REF-12, REF-14: nobody objects: the body leaves with its cards, every living character in the
    boat with a wound heals one (the user and the unconscious First Mate too), the card is discarded."""
    state = bodies(hand("lady_lauren", "cannibalism-1"), actions("lady_lauren"))
    declared = when(state, c.Cannibalize(by="lady_lauren", card="cannibalism-1", target="captain")).then(
        e.CannibalismDeclared(character="lady_lauren", card="cannibalism-1", body="captain"))
    assert declared.step == CannibalismObjection(user="lady_lauren", card="cannibalism-1", body="captain")
    assert declared.discard[-1] == "cannibalism-1" and "cannibalism-1" not in declared.char("lady_lauren").hand
    assert waiting_for(declared) == ("sir_stephen", "frenchy", "dr_harter", "kid")  # REF-14: not the user
    last = others_pass(declared, but="kid")
    after = when(last, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.BodyEaten(character="lady_lauren", body="captain"),
        e.Healed(character="lady_lauren"), e.Healed(character="first_mate"), e.Healed(character="frenchy"),
        e.Healed(character="kid"),
        e.ActionTurnStarted(character="sir_stephen", index=1),
    )
    assert "captain" not in after.seats and not after.char("captain").in_boat
    assert after.char("captain").hand == ("cash-3",)  # REF-12: out of the game with its cards
    assert [after.char(x).wounds for x in ("lady_lauren", "first_mate", "frenchy", "kid", "sir_stephen")] == [0, 7, 1, 0, 0]
    # ACT-1: the First Mate woke up and takes his turn; the eaten Captain's is skipped
    nxt = when(after, c.DoNothing(by="sir_stephen")).then(
        e.DidNothing(character="sir_stephen"), e.ActionTurnStarted(character="first_mate", index=3))
    assert nxt.step == ActionTurn(actor="first_mate")


def test_CANNIBAL_1_objected_and_the_user_wins() -> None:
    """CANNIBAL-1, FIGHT-1: the Kid objects and defends; the First Mate (8) beats him (3): the body is eaten and the
    Kid's fight wound heals at once."""
    state = seven(wounds("captain", 8), wounds("frenchy", 2), hand("first_mate", "cannibalism-1"), actions("first_mate"))
    state = then_fold(state, c.Cannibalize(by="first_mate", card="cannibalism-1", target="captain"))
    fight = when(state, c.ObjectToCannibalism(by="kid")).then(
        e.ObjectedToCannibalism(character="kid"), e.FightStarted(attacker="first_mate", defender="kid"))
    assert fight.step == Fight(kind="cannibalism", attacker="first_mate", target="captain", card="cannibalism-1",
                               attackers=("first_mate",), defenders=("kid",))
    assert set(waiting_for(fight)) == {"lady_lauren", "sir_stephen", "first_mate", "frenchy", "dr_harter", "kid"}
    last = others_pass(fight, but="kid")
    after = when(last, c.Pass(by="kid")).then(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("first_mate",), defenders=("kid",), attack=8, defence=3, winner="attacker"),
        e.Wounded(character="kid", amount=1, cause="fight"),
        e.BodyEaten(character="first_mate", body="captain"),
        e.Healed(character="frenchy"), e.Healed(character="kid"),
        e.ActionTurnStarted(character="frenchy", index=4),
    )
    assert "captain" not in after.seats and after.char("kid").wounds == 0 and after.char("kid").fought


def test_CANNIBAL_1_objected_and_the_user_loses_the_card_is_spent() -> None:
    """CANNIBAL-1, REF-13: the First Mate objects and beats the Kid: the body stays, nobody heals, the Kid is
    wounded, and the Cannibalism card is in the discard pile all the same."""
    state = seven(wounds("captain", 8), wounds("frenchy", 2), hand("kid", "cannibalism-1"), actions("kid"))
    state = then_fold(state, c.Cannibalize(by="kid", card="cannibalism-1", target="captain"),
                      c.ObjectToCannibalism(by="first_mate"))
    last = others_pass(state, but="kid")
    events = when(last, c.Pass(by="kid")).events()
    assert events[:3] == (
        e.Passed(character="kid"),
        e.FightResolved(attackers=("kid",), defenders=("first_mate",), attack=3, defence=8, winner="defender"),
        e.Wounded(character="kid", amount=1, cause="fight"),
    )
    assert not any(isinstance(x, (e.BodyEaten, e.Healed)) for x in events)
    assert isinstance(events[3], e.NavigationPhaseStarted)  # the Kid was the last to act
    after = fold(last, events)
    assert "captain" in after.seats and after.char("frenchy").wounds == 2
    assert "cannibalism-1" in after.discard and after.holder("cannibalism-1") is None


def test_CANNIBAL_1_others_join_either_side_as_in_a_fight() -> None:
    """CANNIBAL-1, FIGHT-2: after the first objection, others join either side; later objections are refused."""
    state = seven(wounds("captain", 8), hand("kid", "cannibalism-1"), actions("kid"))
    state = then_fold(state, c.Cannibalize(by="kid", card="cannibalism-1", target="captain"),
                      c.ObjectToCannibalism(by="lady_lauren"))
    when(state, c.ObjectToCannibalism(by="frenchy")).refused(IllegalCommand, "CANNIBAL-1")
    state = then_fold(state, c.JoinFight(by="first_mate", side="attacker"), c.JoinFight(by="frenchy", side="defender"))
    last = others_pass(state, but="kid")
    events = when(last, c.Pass(by="kid")).events()
    assert e.FightResolved(attackers=("kid", "first_mate"), defenders=("lady_lauren", "frenchy"), attack=11,
                           defence=10, winner="attacker") in events
    assert e.BodyEaten(character="kid", body="captain") in events


def test_CANNIBAL_1_a_reveal_reopens_the_window_and_a_passer_may_still_object() -> None:
    """CANNIBAL-1, REF-14, PROC-1: a reveal re-opens the objection window; someone who passed may object after."""
    state = seven(wounds("captain", 8), hand("kid", "cannibalism-1"), hand("frenchy", "knife-1"), actions("kid"))
    state = then_fold(state, c.Cannibalize(by="kid", card="cannibalism-1", target="captain"),
                      c.Pass(by="lady_lauren"), c.Pass(by="frenchy"))
    assert "frenchy" not in waiting_for(state)
    state = then_fold(state, c.Reveal(by="frenchy", card="knife-1"))
    assert waiting_for(state) == ("lady_lauren", "sir_stephen", "first_mate", "frenchy", "dr_harter")
    state = then_fold(state, c.Pass(by="lady_lauren"))
    when(state, c.ObjectToCannibalism(by="lady_lauren")).then(
        e.ObjectedToCannibalism(character="lady_lauren"), e.FightStarted(attacker="kid", defender="lady_lauren"))


def test_CANNIBAL_1_with_nobody_else_conscious_it_is_unopposed_at_once() -> None:
    """CANNIBAL-1, REF-14: the user alone is conscious: no window; the body goes and the others heal."""
    state = seven(wounds("captain", 8), *(wounds(x, CHARACTERS[x].size) for x in SEVEN if x not in ("captain", "kid")),
                  hand("kid", "cannibalism-1"), actions("kid"))
    events = when(state, c.Cannibalize(by="kid", card="cannibalism-1", target="captain")).events()
    assert events[:2] == (e.CannibalismDeclared(character="kid", card="cannibalism-1", body="captain"),
                          e.BodyEaten(character="kid", body="captain"))
    assert [x.character for x in events if isinstance(x, e.Healed)] == [
        "lady_lauren", "sir_stephen", "first_mate", "frenchy", "dr_harter"]


@pytest.mark.parametrize(
    "command, error, rule",
    [
        (c.Cannibalize(by="kid", card="cannibalism-1", target="frenchy"), IllegalCommand, "CANNIBAL-1"),  # alive
        (c.Cannibalize(by="kid", card="cannibalism-1", target="first_mate"), IllegalCommand, "CANNIBAL-1"),  # unconscious
        (c.Cannibalize(by="kid", card="cannibalism-1", target="mrs_wong"), InvalidCommand, "CANNIBAL-1"),
        (c.Cannibalize(by="kid", card="water-1", target="captain"), InvalidCommand, "CANNIBAL-1"),
        (c.Cannibalize(by="frenchy", card="cannibalism-1", target="captain"), IllegalCommand, "ACT-1"),
        (c.ObjectToCannibalism(by="frenchy"), IllegalCommand, "CANNIBAL-1"),  # nothing to object to
    ],
)
def test_CANNIBAL_1_refusals(command: c.Command, error: type[RuleViolation], rule: str) -> None:
    """CANNIBAL-1: only a dead body in the boat, only with the Cannibalism card, only on one's own action."""
    state = bodies(hand("kid", "cannibalism-1", "water-2"), actions("kid"))
    when(state, command).refused(error, rule)


def test_CANNIBAL_1_refusals_in_the_window() -> None:
    """CANNIBAL-1, REF-14, STATUS-1, PROC-1: the user neither objects nor passes; the unconscious cannot object;
    nobody passes twice."""
    state = bodies(hand("kid", "cannibalism-1"), actions("kid"))
    state = then_fold(state, c.Cannibalize(by="kid", card="cannibalism-1", target="captain"), c.Pass(by="frenchy"))
    when(state, c.ObjectToCannibalism(by="kid")).refused(IllegalCommand, "CANNIBAL-1")
    when(state, c.Pass(by="kid")).refused(IllegalCommand, "CANNIBAL-1")
    when(state, c.ObjectToCannibalism(by="first_mate")).refused(IllegalCommand, "STATUS-1")
    when(state, c.Pass(by="frenchy")).refused(IllegalCommand, "PROC-1")
    when(state, c.OfferTrade(by="frenchy", to="lady_lauren", give=("cash-5",))).refused(IllegalCommand, "TRADE-1")
    assert not any(isinstance(x, (c.Pass, c.ObjectToCannibalism)) for x in legal_commands(state, "kid"))
    assert set(legal_commands(state, "lady_lauren")) >= {c.Pass(by="lady_lauren"), c.ObjectToCannibalism(by="lady_lauren")}


def test_CANNIBAL_1_a_body_no_longer_in_the_boat_cannot_be_eaten_or_healed() -> None:
    """CANNIBAL-1, MEDKIT-1: a body lost at sea cannot be eaten; an eaten body cannot be healed."""
    state = bodies(e.LostAtSea(character="first_mate"), hand("lady_lauren", "cannibalism-1"),
                   hand("sir_stephen", "medical_kit-1"), actions("lady_lauren"))
    when(state, c.Cannibalize(by="lady_lauren", card="cannibalism-1", target="first_mate")).refused(
        IllegalCommand, "CANNIBAL-1")
    state = others_pass(then_fold(state, c.Cannibalize(by="lady_lauren", card="cannibalism-1", target="captain")))
    assert state.step == ActionTurn(actor="sir_stephen")
    when(state, c.UseMedicalKit(by="sir_stephen", card="medical_kit-1", target="captain")).refused(
        IllegalCommand, "MEDKIT-1")


def test_EXP_1_cannibalism_is_refused_in_a_game_without_the_expansion() -> None:
    """EXP-1: in a base game the command is refused (the card is not even in the decks)."""
    from .gwt import FOUR

    state = given(deal(FOUR), wounds("captain", 8), actions("kid"))
    when(state, c.Cannibalize(by="kid", card="cannibalism-1", target="captain")).refused(IllegalCommand, "EXP-1")
    assert "cannibalism-1" not in state.provisions


def test_CANNIBAL_1_legal_commands_offer_only_the_dead_bodies() -> None:
    """CANNIBAL-1: bots and prompts see Cannibalize for each dead body, and nothing else of it."""
    state = bodies(hand("kid", "cannibalism-1"), actions("kid"))
    eat = [x for x in legal_commands(state, "kid") if isinstance(x, c.Cannibalize)]
    assert eat == [c.Cannibalize(by="kid", card="cannibalism-1", target="captain")]


# ---- SCORE-1 for an eaten body (REF-12) --------------------------------------------------------------------------


def test_SCORE_1_an_eaten_body_died_and_its_player_scores_no_treasure() -> None:
    """SCORE-1, SCORE-2, REF-12: the Captain (holding cash, which he doubles) is eaten: his player scores neither
    survival nor treasure; a HATE of him scores his size; a LOVE of him nothing; a psychopath counts him."""
    love = ("sir_stephen", "captain", "first_mate", "frenchy", "dr_harter", "kid", "lady_lauren")  # Stephen loves him
    hate = ("captain", "first_mate", "frenchy", "lady_lauren", "kid", "dr_harter", "sir_stephen")  # Lauren hates him;
    # Dr. Harter hates himself: a psychopath
    state = new_game(SEVEN_PLAYERS, CANNIBAL)
    state, _ = apply(state, deal(SEVEN, provisions=FIRST, love=love, hate=hate))
    state = then_fold(state, hand("captain", "painting-1"), wounds("captain", 8), hand("kid", "cannibalism-1"),
                      actions("kid"))
    before = score_player(state, "cy")  # the Captain's player, body in the boat: cash-3 doubled + a painting of 3
    assert (before.survives, before.survival, before.treasure) == (False, 0, 5)
    state = others_pass(then_fold(state, c.Cannibalize(by="kid", card="cannibalism-1", target="captain")))
    assert not state.char("captain").in_boat
    cy = score_player(state, "cy")
    assert (cy.survives, cy.survival, cy.treasure) == (False, 0, 0)
    assert score_player(state, "ann").hate == CHARACTERS["captain"].size  # Lady Lauren hates him
    assert score_player(state, "bob").love == 0  # Sir Stephen loves him
    assert score_player(state, "fay").hate == CHARACTERS["captain"].size  # the psychopath Dr. Harter
    assert len(scores(state)) == 7 and winners(state)


# ---- random 7-player games with bots -----------------------------------------------------------------------------


def check(state: State) -> None:
    sets = state.ruleset.card_sets
    assert provision_places(state) == Counter(provision_instances(sets))
    assert navigation_places(state) == Counter(navigation_instances(sets))
    assert all(ch.wounds >= 0 for ch in state.characters)
    assert set(state.seats) == {ch.character for ch in state.characters if ch.in_boat}
    assert 0 <= state.seagulls <= 4
    if isinstance(state.step, CannibalismObjection):
        assert state.step.body in state.seats and state.status(state.step.body) == "dead"


def random_extra(rng: random.Random, state: State) -> c.Command:
    """A random Cannibalism command, mostly illegal."""
    ids = [x.character for x in state.characters] + ["nobody"]
    by = rng.choice(ids)
    if rng.random() < 0.5:
        return c.ObjectToCannibalism(by=by)
    return c.Cannibalize(by=by, card=rng.choice(["cannibalism-1", "medical_kit-4", "water-1"]), target=rng.choice(ids))


def cannibal_illegal(rng: random.Random, state: State) -> c.Command:
    """A random command fired at the table, mostly illegal: Cannibalism's 30% of the time."""
    return random_extra(rng, state) if rng.random() < 0.3 else random_command(rng, state)


def play_random_game(seed: int, n: int, ruleset: Ruleset, *, players: tuple[str, ...] = SEVEN_PLAYERS,
                     illegal: Callable[[random.Random, State], c.Command] = cannibal_illegal,
                     favour: tuple[type, ...] = (c.Cannibalize, c.ObjectToCannibalism), favour_p: float = 0.5,
                     steps: int = 6000, after: Callable[[State], None] | None = None) -> tuple[State, Counter[str]]:
    """A seeded random game through lifeboat.chance and legal_commands (moves of a ``favour`` type chosen with
    probability ``favour_p`` when legal), with random commands from ``illegal`` fired 20% of the time (each refused
    with a rule id, changing nothing, or played); every card in one place after every move (``after`` checks more),
    the game ends within ``steps``, folding its events gives the live state, the events survive JSON.
    Returns the final state and the count of each event type."""
    rng = random.Random(seed)
    orders = shuffle(rng, f"{seed:08x}", ruleset)
    state = start = new_game(players[:n], ruleset)
    log: list[Event] = []
    seen: Counter[str] = Counter()
    for _ in range(steps):
        if state.over:
            break
        if state.characters and rng.random() < 0.2:
            cmd = illegal(rng, state)
            before = msgspec.json.encode(state)
            try:
                state, events = apply(state, cmd)
                log += events
            except RuleViolation as exc:
                assert exc.rule and exc.message and msgspec.json.encode(state) == before
            continue
        cmd = next_chance(state, orders)
        if cmd is None:
            actor = rng.choice(waiting_for(state))
            moves = legal_commands(state, actor)
            assert moves, (actor, state.step)
            liked = [m for m in moves if isinstance(m, favour)]
            common = [m for m in moves if not isinstance(m, (c.Reveal, c.OfferTrade))]
            cmd = rng.choice(liked) if liked and rng.random() < favour_p else rng.choice(
                common if common and rng.random() < 0.85 else moves)
        state, events = apply(state, cmd)
        seen.update(type(ev).__name__ for ev in events)
        log += events
        check(state)
        if after is not None:
            after(state)
    assert isinstance(state.step, GameOver) and isinstance(log[-1], GameEnded)
    assert waiting_for(state) == () and chance_request(state) is None
    assert fold(start, log) == state
    assert msgspec.json.decode(msgspec.json.encode(log), type=list[Event]) == log
    assert len(scores(state)) == n and winners(state)
    return state, seen


def play_cannibal_game(seed: int, n: int, ruleset: Ruleset = CANNIBAL) -> tuple[State, Counter[str]]:
    """A seeded random game with Cannibalism (:func:`play_random_game`)."""
    return play_random_game(seed, n, ruleset)


@pytest.mark.parametrize("seed", range(12))
def test_random_seven_player_games_with_cannibalism_end_and_keep_every_invariant(seed: int) -> None:
    """SETUP-1, CANNIBAL-1: seeded random 7-player games (bots through legal_commands) end without a crash."""
    play_cannibal_game(seed, 7)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_random_smaller_games_with_cannibalism(n: int) -> None:
    """SETUP-3, REF-15: the expansion with 4-6 players (10 of 44 provisions removed with 4-5)."""
    play_cannibal_game(100 + n, n)
    play_cannibal_game(200 + n, n, Ruleset(expansions=("cannibalism",), quick_game=True,
                                            flare_gun_single_use_weapon=True))


def test_the_random_games_reach_every_cannibalism_outcome() -> None:
    """The random games are meaningful: they play the card, object, eat bodies and Dr. Harter keeps kits."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        seen += play_cannibal_game(seed, 7)[1]
    for name in ("CannibalismDeclared", "ObjectedToCannibalism", "BodyEaten", "Healed", "MedicalKitUsed"):
        assert seen[name] > 0, name
    assert seen["CannibalismDeclared"] >= seen["BodyEaten"]
