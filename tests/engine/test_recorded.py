"""REC-1: recorded games, where the recorder does not see hidden cards.

Chance commands name ``"?"`` for what nobody saw; the engine holds placeholders (``?p<n>``, ``?n<n>``) and
identifies one as soon as a command names a real card where a placeholder stands. A card already accounted for
elsewhere is a contradiction (IllegalCommand REC-1).
"""

from __future__ import annotations

import random

import pytest

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import NAVIGATION, is_unknown, navigation_instances, provision_instances
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.evolve import fold
from lifeboat.game import apply, new_game
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.state import FlareDraw, NavigationTurn, ProvisionsPick, State
from tests.engine.gwt import FOUR, PLAYERS, then_fold, when


def recorded(characters: tuple[str, ...] = FOUR, provisions: tuple[str, ...] | None = None) -> State:
    """A 4-player game set up as a recorder sees it: every hidden card '?'."""
    n = len(characters)
    state = new_game(PLAYERS[:n])
    cmd = c.DealSetup(characters=characters, love=("?",) * n, hate=("?",) * n,
                      provisions=provisions or ("?",) * n, removed=("?",) * 10)
    state, _ = apply(state, cmd)
    return state


def test_REC_1_a_recorded_setup_holds_placeholders_and_every_card_is_unaccounted() -> None:
    """Given a setup with every hidden card '?', then hands and decks are placeholders; all 66 cards unaccounted."""
    s = recorded()
    assert s.char("kid").hand == ("?p14",)
    assert s.char("lady_lauren").hand == ("?p11",)
    assert s.char("kid").love == "?"
    assert s.removed == tuple(f"?p{i}" for i in range(1, 11))
    assert len(s.provisions) == 42 - 10 - 4 and all(is_unknown(x) for x in s.provisions)
    assert len(s.nav_unseen) == 24 and all(is_unknown(x) for x in s.nav_unseen)
    assert s.unaccounted == tuple(sorted(provision_instances() + navigation_instances()))


def test_REC_1_a_known_card_in_a_recorded_setup_is_identified_at_once() -> None:
    """A teaching game: the recorder saw the Kid's card; it is identified, the others stay unknown."""
    s = recorded(provisions=("?", "?", "?", "water-3"))
    assert s.char("kid").hand == ("water-3",)
    assert "water-3" not in s.unaccounted
    assert len(s.unaccounted) == 65


def test_REC_1_drawing_unseen_provisions_takes_placeholders() -> None:
    """When the quartermaster draws '?' cards, then the offered cards are placeholders and keeping one works."""
    s = recorded()
    s = then_fold(s, c.DrawProvisions(cards=("?", "?", "?", "?")))
    assert isinstance(s.step, ProvisionsPick)
    offered = s.step.offered
    assert all(is_unknown(x) for x in offered) and len(offered) == 4
    s = then_fold(s, c.KeepProvision(by="lady_lauren", card=offered[0]))
    assert offered[0] in s.char("lady_lauren").hand


def test_REC_1_revealing_a_named_card_identifies_a_placeholder_in_the_hand() -> None:
    """Given Lady Lauren holds only a placeholder, when she reveals Water, then it is identified and face up."""
    s = recorded()
    s = then_fold(s, c.DrawProvisions(cards=("?",) * 4))
    for who in ("lady_lauren", "captain", "frenchy", "kid"):
        assert isinstance(s.step, ProvisionsPick)
        s = then_fold(s, c.KeepProvision(by=who, card=s.step.offered[0]))
    placeholder = s.char("lady_lauren").hand[0]
    s2 = when(s, c.Reveal(by="lady_lauren", card="water-1")).then(
        e.CardIdentified(placeholder=placeholder, card="water-1"),
        e.CardRevealed(character="lady_lauren", card="water-1"),
    )
    assert s2.char("lady_lauren").face_up == ("water-1",)
    assert "water-1" not in s2.unaccounted


def test_REC_1_another_copy_stands_in_for_a_card_already_accounted_for() -> None:
    """When the Captain reveals 'water-1' but water-1 is already face up with Lady Lauren, another Water is used."""
    s = recorded()
    s = then_fold(s, c.DrawProvisions(cards=("?",) * 4))
    for who in ("lady_lauren", "captain", "frenchy", "kid"):
        s = then_fold(s, c.KeepProvision(by=who, card=s.step.offered[0]))  # type: ignore[union-attr]
    s = then_fold(s, c.Reveal(by="lady_lauren", card="water-1"))
    s = then_fold(s, c.Reveal(by="captain", card="water-1"))
    assert s.char("captain").face_up == ("water-2",)


def test_REC_1_a_contradiction_names_where_the_card_is() -> None:
    """The only Flare Gun is face up with Lady Lauren; the Captain cannot reveal one: REC-1, state unchanged."""
    s = recorded()
    s = then_fold(s, c.DrawProvisions(cards=("?",) * 4))
    for who in ("lady_lauren", "captain", "frenchy", "kid"):
        s = then_fold(s, c.KeepProvision(by=who, card=s.step.offered[0]))  # type: ignore[union-attr]
    s = then_fold(s, c.Reveal(by="lady_lauren", card="flare_gun-1"))
    err = when(s, c.Reveal(by="captain", card="flare_gun-1")).refused(IllegalCommand, "REC-1")
    assert "held by Lady Lauren" in err.message


def test_REC_1_the_card_of_the_round_must_be_named() -> None:
    """A navigation card turned face up cannot stay unknown: '?' for the turned card is refused (REC-1)."""
    s = recorded()
    s = then_fold(s, c.DrawProvisions(cards=("?",) * 4))
    for who in ("lady_lauren", "captain", "frenchy", "kid"):
        s = then_fold(s, c.KeepProvision(by=who, card=s.step.offered[0]))  # type: ignore[union-attr]
    for who in ("lady_lauren", "captain", "frenchy", "kid"):
        s = then_fold(s, c.DoNothing(by=who))
    assert isinstance(s.step, NavigationTurn)
    when(s, c.DrawNavigation(cards=("?",))).refused(InvalidCommand, "REC-1")
    s2 = when(s, c.DrawNavigation(cards=("nav-25",))).then_starts(
        e.CardIdentified(placeholder="?n1", card="nav-25"),
        e.NavigationDrawn(character=None, cards=("nav-25",), purpose="turn"),
        e.NavigationCardRevealed(card="nav-25"),
        e.SeagullAdded(total=1),
    )
    assert s2.seagulls == 1


def test_REC_1_the_recorder_names_hands_and_love_hate_after_the_end() -> None:
    """Identify and IdentifyLoveHate work at any time, the end included; a wrong one is refused."""
    s = recorded()
    ph = s.char("kid").hand[0]
    s = then_fold(s, c.Identify(placeholder=ph, card="jewels-2"))
    assert s.char("kid").hand == ("jewels-2",)
    when(s, c.Identify(placeholder=s.char("captain").hand[0], card="jewels-2")).refused(IllegalCommand, "REC-1")
    when(s, c.Identify(placeholder="?n1", card="water-4")).refused(InvalidCommand, "REC-1")
    s = then_fold(s, c.IdentifyLoveHate(character="kid", love="captain", hate="frenchy"))
    assert (s.char("kid").love, s.char("kid").hate) == ("captain", "frenchy")
    when(s, c.IdentifyLoveHate(character="frenchy", love="captain", hate="kid")).refused(IllegalCommand, "REC-1")


def play_recorded(seed: int, n: int) -> State:
    """A random recorded game: '?' for every unseen card, real names for every card turned up."""
    rng = random.Random(seed)
    chars = tuple(rng.sample(["lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid"], n))
    state = new_game(PLAYERS[:n])
    initial, log = state, []
    state, events = apply(state, c.DealSetup(characters=chars, love=("?",) * n, hate=("?",) * n,
                                             provisions=("?",) * n, removed=("?",) * (10 if n < 6 else 0)))
    log += events
    for _ in range(5000):
        if state.over:
            break
        req = chance_request(state)
        if req is not None:
            if req.kind == "draw_provisions":
                cmd: c.Command = c.DrawProvisions(cards=("?",) * req.count)
            elif req.kind == "draw_from_hand":
                cmd = c.DrawFromHand(card="?")
            elif isinstance(state.step, (FlareDraw, NavigationTurn)):
                pool = [x for x in state.unaccounted if x in NAVIGATION]
                unseen, bottom, cards = len(state.nav_unseen), list(state.nav_bottom), []
                for _ in range(req.count):
                    if unseen:
                        unseen -= 1
                        cards.append(pool.pop(rng.randrange(len(pool))))
                    else:
                        top = bottom.pop(0)
                        cards.append(pool.pop(rng.randrange(len(pool))) if is_unknown(top) else top)
                cmd = c.DrawNavigation(cards=tuple(cards))
            else:
                cmd = c.DrawNavigation(cards=("?",) * req.count)
        else:
            me = rng.choice(waiting_for(state))
            options = list(legal_commands(state, me))
            assert options, (me, state.step)
            if state.offer is None and any(is_unknown(x) for x in state.char(me).hand) and rng.random() < 0.2:
                options.append(c.Reveal(by=me, card=rng.choice([x for x in state.unaccounted if x not in NAVIGATION])))
            cmd = rng.choice(options)
        before = state.unaccounted
        state, events = apply(state, cmd)
        log += events
        named = [ev.card for ev in events if isinstance(ev, e.CardIdentified)]
        assert set(before) - set(state.unaccounted) == set(named)
    assert state.over
    assert fold(initial, log) == state
    return state


@pytest.mark.parametrize("seed", range(6))
def test_REC_1_random_recorded_games_run_to_the_end(seed: int) -> None:
    """Seeded random recorded games of 4-6 players end; every identification leaves the unaccounted set once."""
    state = play_recorded(seed, 4 + seed % 3)
    assert state.over
    placeholders = [x for ch in state.characters for x in ch.hand if is_unknown(x)]
    provisions_unaccounted = [x for x in state.unaccounted if x not in NAVIGATION]
    # every provision placeholder still in a hand stands for one unaccounted provision, and vice versa in total
    assert len(placeholders) <= len(provisions_unaccounted)


def test_REC_1_naming_a_placeholder_that_is_gone_or_never_was_is_refused() -> None:
    """A placeholder already named, or one the game never had, is refused (REC-1), not a crash."""
    s = recorded()
    ph = s.char("kid").hand[0]
    s = then_fold(s, c.Identify(placeholder=ph, card="cash-2"))
    when(s, c.Identify(placeholder=ph, card="water-3")).refused(IllegalCommand, "REC-1")
    when(s, c.Identify(placeholder="?p99", card="water-3")).refused(IllegalCommand, "REC-1")
    when(s, c.Identify(placeholder="?n25", card="nav-19")).refused(IllegalCommand, "REC-1")


def test_REC_1_cards_passed_face_down_in_a_trade_may_stay_unseen() -> None:
    """TRADE-1 in a recorded game: the Captain gives the Kid an unseen card; asked faces must be named."""
    s = recorded()
    s = then_fold(s, c.DrawProvisions(cards=("?",) * 4))
    for who in ("lady_lauren", "captain", "frenchy", "kid"):
        s = then_fold(s, c.KeepProvision(by=who, card=s.step.offered[0]))  # type: ignore[union-attr]
    given_card = s.char("lady_lauren").hand[0]
    s = then_fold(s, c.OfferTrade(by="lady_lauren", to="kid", give=(given_card,), ask=("water",)))
    when(s, c.AnswerTrade(by="kid", accept=True, cards=(s.char("kid").hand[0],))).refused(IllegalCommand, "TRADE-1")
    s = then_fold(s, c.AnswerTrade(by="kid", accept=True, cards=("water-2",)))
    assert given_card in s.char("kid").hand
    assert "water-2" in s.char("lady_lauren").hand and "water-2" not in s.unaccounted


def test_REC_1_a_love_or_hate_once_named_cannot_be_named_otherwise() -> None:
    """REC-1: the recorder cannot name a second, different LOVE or HATE for a character (a mutation survivor:
    dropping this refusal went unnoticed); naming the same ones again is harmless."""
    s = recorded()
    s = then_fold(s, c.IdentifyLoveHate(character="kid", love="captain", hate="frenchy"))
    err = when(s, c.IdentifyLoveHate(character="kid", love="lady_lauren", hate="frenchy")).refused(
        IllegalCommand, "REC-1")
    assert err.message == "The Kid's LOVE is already known to be The Captain"
    err = when(s, c.IdentifyLoveHate(character="kid", love="captain", hate="lady_lauren")).refused(
        IllegalCommand, "REC-1")
    assert err.message == "The Kid's HATE is already known to be Frenchy"
    when(s, c.IdentifyLoveHate(character="kid", love="captain", hate="frenchy")).then(
        e.LoveHateIdentified(character="kid", love="captain", hate="frenchy"))


def test_SETUP_2_nothing_is_drawn_or_played_before_the_deal() -> None:
    """SETUP-2: before the deal a draw or a player's line is refused as such, not as "no navigation card is being
    drawn" or "'lady_lauren' is not a character in this game; expected one of: " (an empty list)."""
    s = new_game(PLAYERS[:4])
    for cmd in (c.DrawProvisions(cards=("?",) * 4), c.DrawNavigation(cards=("?",) * 2),
                c.DoNothing(by="lady_lauren"), c.Pass(by="kid")):
        err = when(s, cmd).refused(IllegalCommand, "SETUP-2")
        assert err.message == "the game waits for the deal: nothing can be drawn or played before it"


def test_SETUP_2_a_deal_naming_an_expansion_character_says_which_option_it_needs() -> None:
    """SETUP-2, EXP-1: Mrs. Wong dealt in a base game: the refusal names her and the option liquid_courage."""
    s = new_game(PLAYERS[:4])
    deal = c.DealSetup(characters=("captain", "kid", "mrs_wong", "frenchy"), love=("?",) * 4, hate=("?",) * 4,
                       provisions=("?",) * 4, removed=("?",) * 10)
    err = when(s, deal).refused(InvalidCommand, "SETUP-2")
    assert err.message.endswith(": Mrs. Wong plays only with the liquid_courage expansion (option liquid_courage=on), "
                                "which this game does not use")


def test_CHANCE_1_PROV_2_a_draw_of_the_wrong_size_says_how_many() -> None:
    """CHANCE-1, PROV-2: 'chance: draw ? ? ?' with 4 conscious characters said "expected 4 different provision
    cards"; the count was the mistake, and the refusal now says it. A repeated card still says "different"."""
    s = recorded()
    err = when(s, c.DrawProvisions(cards=("?",) * 3)).refused(InvalidCommand, "CHANCE-1")
    assert err.message == ("the quartermaster draws 4 provision cards (one per conscious character), not 3 ('?' for "
                           "each unseen card)")
    err = when(s, c.DrawProvisions(cards=("water-1", "water-1", "?", "?"))).refused(InvalidCommand, "CHANCE-1")
    assert err.message == "expected 4 different provision cards"
