"""OPT-SHARK, GHOST-1 and REF-19: option ``shark_variant`` (seeds 003 and 004, 鲨鱼变体). FOUR seats from the bow:
Lady Lauren (size 4), the Captain (7), Frenchy (6), the Kid (3); with the variant their health is 5, 8, 7, 4.
Default deal: the Captain hates the Kid."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.errors import IllegalCommand
from lifeboat.legal import legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.scoring import scores
from lifeboat.state import OverboardWindow, State
from lifeboat.views import Observer

from .gwt import actions, deal, everyone_does_nothing, face_up, given, then_fold, when, wounds

ON = Ruleset(shark_variant=True)


def test_OPT_SHARK_health_is_the_size_plus_one() -> None:
    """OPT-SHARK, STATUS-1: the Kid (size 3) is conscious with 3 wounds, unconscious with 4, dead with 5; without
    the variant 3 wounds already make him unconscious. Views show the health (4) as his size."""
    assert given(deal(), wounds("kid", 3), ruleset=ON).status("kid") == "conscious"
    assert given(deal(), wounds("kid", 4), ruleset=ON).status("kid") == "unconscious"
    assert given(deal(), wounds("kid", 5), ruleset=ON).status("kid") == "dead"
    assert given(deal(), wounds("kid", 3)).status("kid") == "unconscious"
    view = Observer(given(deal(), ruleset=ON)).public_view()
    assert {v.character: v.size for v in view.characters} == {
        "lady_lauren": 5, "captain": 8, "frenchy": 7, "kid": 4}


def test_OPT_SHARK_sizes_are_plus_one_in_fights() -> None:
    """OPT-SHARK, FIGHT-3: Lady Lauren (4+1) against the Kid (3+1): 5 to 4."""
    s = then_fold(given(deal(), actions(), ruleset=ON), c.ChangeSeats(by="lady_lauren", target="kid"),
                  c.Answer(by="kid", consent=False))
    while len(waiting_for(s)) > 1:
        s = then_fold(s, c.Pass(by=waiting_for(s)[0]))
    last = waiting_for(s)[0]
    when(s, c.Pass(by=last)).then(
        e.Passed(character=last),
        e.FightResolved(attackers=("lady_lauren",), defenders=("kid",), attack=5, defence=4, winner="attacker"),
        e.Wounded(character="kid", amount=1, cause="fight"), e.SeatsChanged(character="lady_lauren", target="kid"),
        e.ActionTurnStarted(character="captain", index=1))


def test_OPT_SHARK_scoring_uses_the_printed_size() -> None:
    """OPT-SHARK, SCORE-1: the Kid dead (5 wounds); the Captain's HATE of him scores his printed size, 3."""
    s = given(deal(), wounds("kid", 5), ruleset=ON)
    captain = next(x for x in scores(s) if x.character == "captain")
    assert captain.hate == 3


def lost_kid(ruleset: Ruleset = ON) -> State:
    """The Kid, unconscious (4 wounds), goes overboard with nav-20 and is lost at sea; Frenchy navigates."""
    s = given(deal(), wounds("kid", 4), actions(), everyone_does_nothing(), ruleset=ruleset)
    s = when(s, c.DrawNavigation(cards=("nav-20",))).then(
        e.NavigationDrawn(character=None, cards=("nav-20",), purpose="turn"), e.NavigationCardRevealed(card="nav-20"),
        e.WentOverboard(characters=("kid",), lost=("kid",)))
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy")  # REF-19: not a ghost yet
    return then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"))


def test_GHOST_1_a_character_lost_at_sea_becomes_a_ghost() -> None:
    """GHOST-1, REF-19: the Kid becomes a ghost as the overboard he was lost in ends."""
    before = lost_kid()
    s = when(before, c.Pass(by="frenchy")).then_starts(
        e.Passed(character="frenchy"), e.LostAtSea(character="kid"), e.GhostRose(character="kid"))
    assert s.ghosts == ("kid",)
    obs = Observer(before)
    obs.record((e.Passed(character="frenchy"), e.LostAtSea(character="kid"), e.GhostRose(character="kid")))
    assert obs.log(None)[-1].text == "The Kid's ghost haunts the sea: at each overboard it may call the sharks."
    assert obs.log("kid")[-1].text == "Your ghost haunts the sea: at each overboard you may call the sharks."
    plain = when(lost_kid(Ruleset()), c.Pass(by="frenchy")).events()
    assert e.LostAtSea(character="kid") in plain and not any(isinstance(x, e.GhostRose) for x in plain)


def at_overboard(*items: object) -> State:
    """The Kid is a ghost; nav-27 sends the Captain overboard (Frenchy navigates); ``items`` before the actions."""
    s = given(deal(), wounds("kid", 4), e.LostAtSea(character="kid"), e.GhostRose(character="kid"), *items,
              actions(), everyone_does_nothing(), ruleset=ON)
    s = when(s, c.DrawNavigation(cards=("nav-27",))).then(
        e.NavigationDrawn(character=None, cards=("nav-27",), purpose="turn"), e.NavigationCardRevealed(card="nav-27"),
        e.WentOverboard(characters=("captain",), lost=()))
    return s


def test_GHOST_1_the_ghost_is_asked_and_calls_the_sharks() -> None:
    """GHOST-1: the overboard window waits for the ghost too; the Kid calls the sharks: the window re-opens and
    no longer asks him; the Captain takes 1 wound for the fall and 1 for the sharks (8 health: still conscious)."""
    s = at_overboard()
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy", "kid")
    assert legal_commands(s, "kid") == (c.Pass(by="kid"), c.CallSharks(by="kid"))
    s = then_fold(s, c.Pass(by="lady_lauren"))
    s = when(s, c.CallSharks(by="kid")).then(e.SharksCalled(character="kid"))
    assert isinstance(s.step, OverboardWindow) and s.step.chum and s.step.passed == ()
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy")
    when(s, c.CallSharks(by="kid")).refused(IllegalCommand, "GHOST-1")  # already coming
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"))
    s = when(s, c.Pass(by="frenchy")).then_starts(
        e.Passed(character="frenchy"), e.Wounded(character="captain", amount=1, cause="overboard"),
        e.Wounded(character="captain", amount=1, cause="sharks"), e.ThirstCounted(thirst=(("frenchy", 1),)))
    assert s.char("captain").wounds == 2 and s.status("captain") == "conscious"


def test_GHOST_1_a_ghost_may_pass() -> None:
    """GHOST-1: the Kid passes; no sharks: the Captain takes only the wound of the fall."""
    s = then_fold(at_overboard(), c.Pass(by="kid"), c.Pass(by="lady_lauren"), c.Pass(by="captain"))
    when(s, c.Pass(by="frenchy")).then_starts(
        e.Passed(character="frenchy"), e.Wounded(character="captain", amount=1, cause="overboard"),
        e.ThirstCounted(thirst=(("frenchy", 1),)))


def test_REF_19_with_chum_the_ghost_is_not_asked_and_one_shark_wound_at_most() -> None:
    """REF-19, OVER-2: Frenchy expends Chum: the ghost is no longer asked, a call is refused; one shark wound."""
    s = at_overboard(face_up("frenchy", "chum-1"))
    s = when(s, c.ExpendChum(by="frenchy", card="chum-1")).then(e.ChumExpended(character="frenchy", card="chum-1"))
    assert waiting_for(s) == ("lady_lauren", "captain", "frenchy")
    when(s, c.CallSharks(by="kid")).refused(IllegalCommand, "GHOST-1")
    s = then_fold(s, c.Pass(by="lady_lauren"), c.Pass(by="captain"))
    when(s, c.Pass(by="frenchy")).then_starts(
        e.Passed(character="frenchy"), e.Wounded(character="captain", amount=1, cause="overboard"),
        e.Wounded(character="captain", amount=1, cause="sharks"))


def test_GHOST_1_who_may_not_call_the_sharks() -> None:
    """GHOST-1: a character in the boat is no ghost; a ghost calls only at an overboard; without the variant
    nobody calls."""
    s = at_overboard()
    when(s, c.CallSharks(by="frenchy")).refused(IllegalCommand, "GHOST-1")
    before = given(deal(), wounds("kid", 4), e.LostAtSea(character="kid"), e.GhostRose(character="kid"), actions(),
                   ruleset=ON)
    when(before, c.CallSharks(by="kid")).refused(IllegalCommand, "GHOST-1")
    assert legal_commands(before, "kid") == ()
    plain = given(deal(), wounds("kid", 3), e.LostAtSea(character="kid"), actions())
    when(plain, c.CallSharks(by="kid")).refused(IllegalCommand, "GHOST-1")
