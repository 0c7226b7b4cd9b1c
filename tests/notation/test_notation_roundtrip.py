"""Round trip: ``parse(render(c, s), s) == c`` for every legal command of every character and every chance command,
in every state of seeded random games (committed deck orders from :func:`lifeboat.chance.shuffle`). Trades asking
for cards are injected now and then, since ``legal_commands`` lists only one-card gifts. Recorded games (REC-1) too:
chance draws ``?`` (or names a card behind a placeholder), players name real cards where placeholders stand, and the
recorder identifies placeholders and LOVE/HATE cards. Also: render examples."""

from __future__ import annotations

import random

import msgspec
import pytest
from tests.notation.helpers import at
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat import commands as c
from lifeboat.cards import BASE_CHARACTERS, FACES, NAVIGATION, UNKNOWN, is_unknown, provision_instances
from lifeboat.chance import next_chance, shuffle
from lifeboat.decide import decide
from lifeboat.errors import RuleViolation
from lifeboat.game import apply, new_game
from lifeboat.legal import chance_request, legal_commands, waiting_for
from lifeboat.notation import legal_lines, parse, render
from lifeboat.ruleset import Ruleset
from lifeboat.views.faces import held_by, mask_commands
from lifeboat.state import (
    ActionTurn, Fight, FlareDraw, MugDraw, NavigationTurn, OverboardWindow, ProvisionsPick, RowPlace, State,
    ThirstWindow, TradeOffer, replace_char,
)

rulesets = st.builds(
    Ruleset, remove_provisions_short_handed=st.booleans(), row_keeps_exactly_one=st.booleans(),
    flare_gun_single_use_weapon=st.booleans(), quick_game=st.booleans(), swap_grants_immediate_turn=st.booleans(),
    rowing_variant=st.booleans(), shark_variant=st.booleans(),
    expansions=st.sampled_from([(), ("liquid_courage",), ("cannibalism", "liquid_courage")]),  # LIQUID-1, WONG-1
)
ASKABLE = tuple(f for f, v in FACES.items() if v.count and v.expansion == "base")


def round_trip(command: c.Command, state: State) -> str:
    line = render(command, state)
    back = parse(line, state)
    assert back == command, (line, command, back, state.step)
    return line


def seat_round_trip(legal: list[c.Command], state: State, ch: str) -> None:
    """VIEW-FACE-1: the seat's own decisions (its legal commands as its view lists them, another's face-up card by
    its face) read back from their lines as the seat types them (``as_seat``): the menu and the typed line agree.
    Only those the view changes: the others read alike either way (checked by :func:`round_trip`)."""
    for cmd in set(mask_commands(tuple(legal), state.cards, held_by(state, ch))) - set(legal):
        line = render(cmd, state)
        assert parse(line, state, as_seat=True) == cmd, (line, cmd)


def trade(rng: random.Random, state: State, actor: str) -> c.OfferTrade | None:
    """A random trade asking for one or two faces (legal: TRADE-1 checks only the offerer's hand)."""
    others = [x for x in state.conscious_seats() if x != actor]
    if not others:
        return None
    hand = state.char(actor).hand
    give = tuple(rng.sample(hand, rng.randint(0, min(2, len(hand)))))
    ask = tuple(rng.choice(ASKABLE) for _ in range(rng.randint(1, 2)))
    return c.OfferTrade(by=actor, to=rng.choice(others), give=give, ask=ask)


def play_and_check(seed: int, n: int, ruleset: Ruleset, everyone: bool = True) -> dict[str, int]:
    """Play a seeded random game, round-tripping every chance command and the legal commands of every character
    (or, with ``everyone=False``, of the characters the game waits for); returns the command types seen."""
    rng = random.Random(seed)
    state = new_game([f"p{i}" for i in range(n)], ruleset)
    orders = shuffle(rng, f"{seed:x}", ruleset)
    seen: dict[str, int] = {}
    steps = 0
    while not state.over:
        steps += 1
        assert steps < 5000
        chance = next_chance(state, orders)
        if chance is not None:
            round_trip(chance, state)
            seen[type(chance).__name__] = seen.get(type(chance).__name__, 0) + 1
            state, _ = apply(state, chance)
            continue
        for ch in [x.character for x in state.characters] if everyone else waiting_for(state):
            lines = legal_lines(state, ch)
            legal = legal_commands(state, ch)
            for cmd, line in zip(legal, lines):
                assert round_trip(cmd, state) == line
                seen[type(cmd).__name__] = seen.get(type(cmd).__name__, 0) + 1
            seat_round_trip(legal, state, ch)
        actor = rng.choice(waiting_for(state))
        if (isinstance(state.step, ActionTurn) and state.offer is None and state.wong_share is None  # REF-25
                and rng.random() < 0.15):
            offer = trade(rng, state, actor)
            if offer is not None:
                round_trip(offer, state)
                state, _ = apply(state, offer)
                continue
        cmds = legal_commands(state, actor)
        core = [x for x in cmds if not isinstance(x, (c.Reveal, c.OfferTrade))]
        cmd = rng.choice(core if core and rng.random() < 0.9 else cmds)
        state, _ = apply(state, cmd)
    return seen


# ---- recorded games (REC-1) ----------------------------------------------------------------------------------


def _unseen(rng: random.Random, real: list[str], p: float) -> tuple[str, ...]:
    return tuple(UNKNOWN if rng.random() < p else x for x in real)


def recorded_deal(rng: random.Random, state: State) -> c.DealSetup:
    """A deal the recorder saw in part: most LOVE, HATE and provision cards are ``?``."""
    n = len(state.players)
    chars = rng.sample(BASE_CHARACTERS, n)
    cards = rng.sample(provision_instances(), n + (10 if n < 6 and state.ruleset.remove_provisions_short_handed else 0))
    return c.DealSetup(
        characters=tuple(chars), love=_unseen(rng, rng.sample(chars, n), 0.8),
        hate=_unseen(rng, rng.sample(chars, n), 0.8), provisions=_unseen(rng, cards[:n], 0.8),
        removed=_unseen(rng, cards[n:], 0.9),
    )


def recorded_chance(rng: random.Random, state: State) -> c.ChanceCommand | None:
    """What a recorder enters for chance: ``?`` for a card unseen, or a card seen (a placeholder is identified as it);
    a card turned face up is always named."""
    req = chance_request(state)
    if req is None:
        return None
    unaccounted = list(state.unaccounted)
    if req.kind == "draw_provisions":
        holders = sum(is_unknown(x) for x in state.provisions)
        known = [x for x in state.provisions if not is_unknown(x)]
        pool = [x for x in unaccounted if x not in NAVIGATION]
        cards = []
        for _ in range(req.count):
            if holders and pool and rng.random() < 0.2:
                cards.append(pool.pop(rng.randrange(len(pool))))
                holders -= 1
            elif holders:
                cards.append(UNKNOWN)
                holders -= 1
            else:
                cards.append(known.pop(rng.randrange(len(known))))
        return c.DrawProvisions(cards=tuple(cards))
    if req.kind == "draw_from_hand":
        assert isinstance(state.step, MugDraw)
        hand = state.char(state.step.target).hand
        return c.DrawFromHand(card=UNKNOWN if any(is_unknown(x) for x in hand) else rng.choice(hand))
    face_up = isinstance(state.step, (FlareDraw, NavigationTurn))
    unseen, bottom = list(state.nav_unseen), list(state.nav_bottom)
    pool = [x for x in unaccounted if x in NAVIGATION]
    cards = []
    for _ in range(req.count):
        if unseen:
            holders = [x for x in unseen if is_unknown(x)]
            known = [x for x in unseen if not is_unknown(x)]
            if holders and not face_up and rng.random() < 0.85:
                unseen.remove(holders[0])
                cards.append(UNKNOWN)
                continue
            card = rng.choice(known + (pool if holders else []))
            if card in known:
                unseen.remove(card)
            else:
                pool.remove(card)
                unseen.remove(holders[0])
            cards.append(card)
        else:
            top = bottom.pop(0)
            if not face_up and rng.random() < 0.85:
                cards.append(UNKNOWN)
            elif is_unknown(top):
                cards.append(pool.pop(rng.randrange(len(pool))))
            else:
                cards.append(top)
    return c.DrawNavigation(cards=tuple(cards))


def placeholders(state: State) -> list[str]:
    """Every placeholder the state holds (decks, hands, the row stack, a step's cards)."""
    out: set[str] = set()

    def walk(v: object) -> None:
        if isinstance(v, str) and is_unknown(v) and v != UNKNOWN:
            out.add(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)

    walk(msgspec.to_builtins(state))
    return sorted(out)


def recorder_command(rng: random.Random, state: State) -> c.Command | None:
    """The recorder names a placeholder (as a card not yet accounted for) or a character's LOVE and HATE."""
    if rng.random() < 0.6:
        holders = placeholders(state)
        if holders:
            ph = rng.choice(holders)
            pool = [x for x in state.unaccounted if (x in NAVIGATION) == ph.startswith("?n")]
            if pool:
                return c.Identify(placeholder=ph, card=rng.choice(pool))
        return None
    unknown = [x for x in state.characters if UNKNOWN in (x.love, x.hate)]
    if not unknown:
        return None
    ch = rng.choice(unknown)
    in_game = [x.character for x in state.characters]
    loves = [x for x in in_game if x not in {y.love for y in state.characters}] if ch.love == UNKNOWN else [ch.love]
    hates = [x for x in in_game if x not in {y.hate for y in state.characters}] if ch.hate == UNKNOWN else [ch.hate]
    return c.IdentifyLoveHate(character=ch.character, love=rng.choice(loves), hate=rng.choice(hates))


def play_recorded_and_check(seed: int, n: int, ruleset: Ruleset = Ruleset()) -> dict[str, int]:
    """A seeded random recorded game (REC-1), round-tripping every chance and recorder command, every legal command
    of the characters the game waits for, and real cards named where placeholders stand (a card revealed from a hand
    of placeholders, a provision kept from unseen offered cards); returns the command types seen."""
    rng = random.Random(seed)
    state = new_game([f"p{i}" for i in range(n)], ruleset)
    seen: dict[str, int] = {}

    def step(cmd: c.Command) -> State:
        round_trip(cmd, state)
        seen[type(cmd).__name__] = seen.get(type(cmd).__name__, 0) + 1
        return apply(state, cmd)[0]

    state = step(recorded_deal(rng, state))
    steps = 0
    while not state.over:
        steps += 1
        assert steps < 5000
        chance = recorded_chance(rng, state)
        if chance is not None:
            state = step(chance)
            continue
        if rng.random() < 0.08:
            rec = recorder_command(rng, state)
            if rec is not None:
                state = step(rec)
                continue
        for ch in waiting_for(state):
            for cmd, line in zip(legal_commands(state, ch), legal_lines(state, ch)):
                assert round_trip(cmd, state) == line
                seen[type(cmd).__name__] = seen.get(type(cmd).__name__, 0) + 1
        actor = rng.choice(waiting_for(state))
        cmds = list(legal_commands(state, actor))
        real = [x for x in state.unaccounted if x not in NAVIGATION]
        if real and any(is_unknown(x) for x in state.char(actor).hand) and rng.random() < 0.2:
            cmds = [c.Reveal(by=actor, card=rng.choice(real))]
        pick = state.step
        if real and isinstance(pick, ProvisionsPick) and pick.picker == actor and rng.random() < 0.3 and \
                any(is_unknown(x) for x in pick.offered):
            cmds = [c.KeepProvision(by=actor, card=rng.choice(real))]
        cmd = rng.choice(cmds)
        try:
            decide(state, cmd)
        except RuleViolation:  # an injected card named at the wrong moment (a trade pending, a mug's draw)
            cmd = rng.choice(legal_commands(state, actor))
        state = step(cmd)
    return seen


recorded_rulesets = st.builds(Ruleset, remove_provisions_short_handed=st.booleans(), quick_game=st.booleans())


@settings(max_examples=6, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 6), ruleset=recorded_rulesets)
def test_render_then_parse_gives_back_every_command_of_recorded_games(seed: int, n: int, ruleset: Ruleset) -> None:
    play_recorded_and_check(seed, n, ruleset)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 6), ruleset=recorded_rulesets)
def test_render_then_parse_gives_back_every_command_of_many_recorded_games(seed: int, n: int,
                                                                           ruleset: Ruleset) -> None:
    play_recorded_and_check(seed, n, ruleset)


# ---- digital games -------------------------------------------------------------------------------------------


@settings(max_examples=10, deadline=None, derandomize=False, database=None, print_blob=True,  # fresh seeds, CI too
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 6), ruleset=rulesets)
def test_render_then_parse_gives_back_every_legal_command(seed: int, n: int, ruleset: Ruleset) -> None:
    play_and_check(seed, n, ruleset)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 6), ruleset=rulesets)
def test_render_then_parse_gives_back_every_legal_command_in_many_games(seed: int, n: int, ruleset: Ruleset) -> None:
    play_and_check(seed, n, ruleset)


def test_the_random_games_reach_every_command_type() -> None:
    """The property above is meaningful: a few games exercise every command class (trades asking included). Three
    base games (they reach every command of the base game, the Compass included; twelve took 7 s of CPU more), then
    one game for each expansion, variant and the recorder."""
    seen: dict[str, int] = {}
    for seed in range(3):
        for k, v in play_and_check(seed, 4 + seed % 3, Ruleset(), everyone=False).items():
            seen[k] = seen.get(k, 0) + v
    # the Cannibalism expansion's commands (CANNIBAL-1): a 7-player game whose seed reaches an objection
    for k, v in play_and_check(6, 7, Ruleset(expansions=("cannibalism",)), everyone=False).items():
        seen[k] = seen.get(k, 0) + v
    # the shark variant's ghosts (GHOST-1): a game whose seed reaches a call of the sharks
    for k, v in play_and_check(1, 4, Ruleset(shark_variant=True), everyone=False).items():
        seen[k] = seen.get(k, 0) + v
    # Liquid Courage (LIQUID-1, WONG-1): a game whose seed reaches a Firewater drunk and Mrs. Wong's answer
    for k, v in play_and_check(2, 6, Ruleset(expansions=("liquid_courage",)), everyone=False).items():
        seen[k] = seen.get(k, 0) + v
    # the recorder's commands (REC-1): a recorded game
    for k, v in play_recorded_and_check(0, 4).items():
        seen[k] = seen.get(k, 0) + v
    want = {t.__name__ for t in c.Command.__args__}  # type: ignore[attr-defined]
    assert want - set(seen) <= {"UseCompass"}, want - set(seen)  # the Compass is rare; see the examples below


# ---- render examples -----------------------------------------------------------------------------------------


def test_render_examples(table: State) -> None:
    s = at(table, step=ActionTurn(actor="kid"))
    assert render(c.Row(by="captain"), s) == "captain: row"
    assert render(c.DoNothing(by="captain"), s) == "captain: do nothing"
    assert render(c.Mug(by="kid", target="lady_lauren"), s) == "kid: mug lauren hand"
    assert render(c.Mug(by="first_mate", target="sir_stephen", card="oar-1"), s) == "first mate: mug stephen oar"
    assert render(c.ChangeSeats(by="kid", target="first_mate"), s) == "kid: swap first mate"
    assert render(c.Reveal(by="sir_stephen", card="flare_gun-1"), s) == "stephen: reveal flare gun"
    assert render(c.Reveal(by="lady_lauren", card="water-5"), s) == "lauren: reveal water-5"  # water-1 is lower
    assert render(c.Reveal(by="lady_lauren", card="painting-3"), s) == "lauren: reveal painting(2)"
    assert render(c.FireFlareGun(by="sir_stephen", card="flare_gun-1"), s) == "stephen: fire flare gun"
    assert render(c.OpenParasol(by="lady_lauren", card="parasol-1"), s) == "lauren: open parasol"
    assert render(c.UseMedicalKit(by="captain", card="medical_kit-2", target="kid"), s) == "captain: heal kid"
    assert render(c.OfferTrade(by="captain", to="kid", give=("water-2",), ask=("oar",)), s) == \
        "captain: offer kid water for oar"
    assert render(c.OfferTrade(by="captain", to="kid", ask=("oar", "gaffing_hook")), s) == \
        "captain: offer kid for oar gaffing hook"
    assert render(c.JoinFight(by="frenchy", side="defender"), s) == "frenchy: join defender"
    assert render(c.Pass(by="frenchy"), s) == "frenchy: pass"
    assert render(c.Answer(by="sir_stephen", consent=False), s) == "stephen: refuse"
    assert render(c.UseCompass(by="kid", use=False), s) == "kid: skip compass"
    assert render(c.ChooseNavigationCard(by="kid", card="nav-27"), s) == "kid: choose 27"
    assert render(c.DrawNavigation(cards=("nav-27", "nav-31")), s) == "chance: nav 27 31"


def test_render_examples_in_windows(table: State) -> None:
    s = at(table, step=ThirstWindow(card="nav-20", thirst=(("kid", 1),)))
    assert render(c.GiveWater(by="lady_lauren", card="water-1", target="kid"), s) == "lauren: water kid"
    assert render(c.GiveWater(by="lady_lauren", card="water-5", target="kid"), s) == "lauren: use water-5 on kid"
    s = at(table, step=OverboardWindow(card="nav-20", overboard=("kid",), lost=()))
    assert render(c.ThrowLifePreserver(by="frenchy", card="life_preserver-1", target="kid"), s) == \
        "frenchy: throw life preserver to kid"
    assert render(c.ExpendChum(by="frenchy", card="chum-1"), s) == "frenchy: chum"
    assert render(c.ExpendChum(by="frenchy", card="chum-2"), s) == "frenchy: use chum-2"
    s = at(table, step=RowPlace(rower="captain", drawn=("nav-23", "nav-31")))
    assert render(c.PlaceRowedCards(by="captain", to_stack=("nav-23",), to_bottom=("nav-31",)), s) == \
        "captain: stack 23 bottom 31"
    assert render(c.PlaceRowedCards(by="captain", to_stack=(), to_bottom=("nav-31", "nav-23")), s) == \
        "captain: bottom 31 23"
    s = at(table, step=ProvisionsPick(picker="captain", offered=("water-7", "water-3")))
    assert render(c.KeepProvision(by="captain", card="water-3"), s) == "captain: keep water"
    assert render(c.KeepProvision(by="captain", card="water-7"), s) == "captain: keep water-7"
    s = at(table, step=MugDraw(mugger="kid", target="lady_lauren"))
    assert render(c.DrawFromHand(card="painting-1"), s) == "chance: take painting(3)"
    s = at(table, step=ActionTurn(actor="captain"), offer=TradeOffer(by="captain", to="kid", give=(), ask=("oar",)))
    assert render(c.AnswerTrade(by="kid", accept=True, cards=("oar-2",)), s) == "kid: accept"
    assert render(c.AnswerTrade(by="kid", accept=False), s) == "kid: decline"
    s = at(table, step=Fight(kind="swap", attacker="kid", target="captain", card=None, attackers=("kid",),
                             defenders=("captain",)))
    assert legal_lines(s, "frenchy")[:3] == ["frenchy: pass", "frenchy: join attacker", "frenchy: join defender"]


def test_render_of_a_deal_names_the_players() -> None:
    state = new_game(["ann", "bob", "cy", "dee", "eve", "fay"])
    deal = c.DealSetup(
        characters=("captain", "kid", "lady_lauren", "frenchy", "sir_stephen", "first_mate"),
        love=("kid", "captain", "lady_lauren", "frenchy", "sir_stephen", "first_mate"),
        hate=("kid", "captain", "lady_lauren", "frenchy", "sir_stephen", "first_mate"),
        provisions=("water-1", "water-2", "painting-3", "oar-2", "cash-1", "knife-1"),
    )
    line = render(deal, state)
    assert line.startswith("chance: deal ann = captain love kid hate kid water; bob = kid love captain hate captain "
                           "water; cy = lauren love lauren hate lauren painting(2); dee = frenchy love frenchy hate "
                           "frenchy oar-2;")
    assert parse(line, state) == deal


def test_legal_lines_do_not_depend_on_other_hands() -> None:
    """A prompt for one seat reads the same whatever the other seats hold in hand: it cannot leak their cards."""
    rng = random.Random(4)
    state = new_game(["a", "b", "c", "d", "e"])
    orders = shuffle(rng, "77")
    checked = 0
    for _ in range(400):
        if state.over:
            break
        chance = next_chance(state, orders)
        if chance is not None:
            state, _ = apply(state, chance)
            continue
        for me in state.characters:
            others = [o for o in state.characters if o.character != me.character]
            hands = [o.hand for o in others]
            moved = state
            for o, hand in zip(others, hands[1:] + hands[:1]):  # every other hand moves one seat on
                moved = replace_char(moved, o.character, hand=hand)
            cmds = legal_commands(state, me.character)
            assert [render(x, moved) for x in cmds] == legal_lines(state, me.character)
            checked += len(cmds)
        actor = rng.choice(waiting_for(state))
        state, _ = apply(state, rng.choice(legal_commands(state, actor)))
    assert checked > 1000
