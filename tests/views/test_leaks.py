"""Leak tests (architecture "Hidden information: one choke point"; PROC-5, END-2).

Many seeded random games; after every commit (one command and its events), for every seat and for the public,
encode the state view and the new part of the log view as msgspec JSON and assert that no card id appears that
the audience cannot know, by an oracle written from the rules (``oracle.Knowledge``), not from ``lifeboat.views``.
Card ids are matched as whole tokens (``water-1`` is not inside ``water-11``). The English lines of text are
checked too: every card name in them ("Water", "Navigation 19") must be able to name a card the audience knows.
LOVE and HATE (character ids, so not matchable as tokens) are checked field by field.

VIEW-FACE-1 is checked on the same encoded views: the only provision instance ids a non-referee view shows are
those the audience holds now (its hand, its face-up cards, the provisions offered to it to keep; the public holds
none); every other provision is named by its face (``water``, ``painting(3)``).
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifeboat.legal import waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.state import NavigatorChoice, ProvisionsPick, RowPlace, State
from lifeboat.views import EventView, Observer, public_log, public_view, referee_view, seat_log, seat_view
from lifeboat.views.faces import mask

from .oracle import ALL_CARDS, Knowledge, card_ids_in, card_names_in, random_game

PROVISIONS = frozenset(c for c in ALL_CARDS if not c.startswith("nav-"))

ENCODE = msgspec.json.Encoder().encode
#: Legal commands are slow to list. They are in the view of the seat that decides a secret (a provision to keep,
#: rowed cards to place, the navigation card, a trade to answer) after every commit, and in every seat's view every
#: LEGAL_EVERY commits (elsewhere they hold only the seat's own hand cards and public choices).
LEGAL_EVERY = 5
SECRET_STEPS = (ProvisionsPick, RowPlace, NavigatorChoice)


def held(state: State, me: str | None) -> set[str]:
    """VIEW-FACE-1, from the table alone: the provision instances ``me`` holds now (hand, face up, offered to it to
    keep); none for the public (``None``)."""
    if me is None:
        return set()
    ch = state.char(me)
    offered = state.step.offered if isinstance(state.step, ProvisionsPick) and state.step.picker == me else ()
    return {*ch.hand, *ch.face_up, *offered}


def _check(audience: str, known: set[str] | frozenset[str], state_view: bytes, log: tuple[EventView, ...],
           texts: list[str], where: str, holds: set[str]) -> None:
    """No card id the audience cannot know in its encoded state view and new log views; no provision instance it
    does not hold now (VIEW-FACE-1); no card name in its lines of text that could not name a card it knows; no other
    seat's LOVE or HATE in the log."""
    shown = card_ids_in(state_view + ENCODE(log))
    leaked = shown - known
    assert not leaked, f"{where}: {audience}'s views show {sorted(leaked)}"
    instances = (shown & PROVISIONS) - holds
    assert not instances, f"{where}: VIEW-FACE-1: {audience}'s views name {sorted(instances)}, not held"
    lines = "\n".join([*texts, *(v.text for v in log)])
    for ids in card_names_in(lines):
        assert ids & known, f"{where}: {audience}'s text names a card it cannot know ({sorted(ids)}): {lines}"
    for v in log:
        if v.type in ("love_dealt", "hate_dealt") and v.data["character"] != audience:
            assert v.data["love" if v.type == "love_dealt" else "hate"] is None, f"{where}: LOVE/HATE leak"


def check_game(seed: int, players: int, *, legal_every: int = LEGAL_EVERY, ruleset: Ruleset | None = None) -> int:
    """Play one random game and check every view after every commit; returns the number of commits."""
    know = Knowledge()
    obs: Observer | None = None
    memory: dict[str, tuple] = {}
    n = 0
    for n, commit in enumerate(random_game(seed, players, ruleset=ruleset), 1):
        if obs is None:
            obs = Observer(commit.before)
        start = len(obs)
        obs.record(commit.events)
        know.learn(commit.events, commit.after)
        assert obs.state == commit.after
        if know.ended:  # END-2: everything is revealed; nothing is left to leak
            assert obs.public_view().reveal is not None
            break
        where = f"seed={seed} players={players} commit={n} ({type(commit.command).__name__})"

        pv = obs.public_view()
        _check("the public", know.of(None), ENCODE(pv), obs.log(start=start), [pv.step.text], where, set())

        secret = isinstance(commit.after.step, SECRET_STEPS) or commit.after.offer is not None
        waited = set(waiting_for(commit.after)) if secret else set()
        for ch in commit.after.characters:
            me = ch.character
            sv = obs.seat_view(me, legal=me in waited or n % legal_every == 0)
            # memory only grows and a remembered fact never changes but for a card that left the seat's hand, then
            # named by its face (VIEW-FACE-1): check the earlier facts, and encode the new ones with the rest
            k = len(memory.get(me, ()))
            if sv.memory[:k] != memory.get(me, ()):
                _same_facts(sv.memory[:k], memory[me], commit.after, where)
            holds = held(commit.after, me)
            if n % (5 * legal_every) == 0:  # the whole memory now and then (every commit would cost seconds)
                old = (card_ids_in(ENCODE(sv.memory[:k])) & PROVISIONS) - holds
                assert not old, f"{where}: VIEW-FACE-1: {me}'s memory names {sorted(old)}, not held"
            memory[me] = sv.memory
            texts = [sv.step.text, *(m.text for m in sv.memory[k:])]
            if sv.offer is not None:
                texts.append(sv.offer.text)
            assert sv.reveal is None and all(not hasattr(c, "hand") for c in sv.characters)
            state_view = ENCODE(msgspec.structs.replace(sv, memory=sv.memory[k:]))
            _check(me, know.of(me), state_view, obs.log(me, start=start), texts, where, holds)
    return n


def _same_facts(now: tuple, before: tuple, state: State, where: str) -> None:
    """VIEW-FACE-1: the same remembered facts, but for cards named by their faces instead of their instances (a card
    that left the seat's hand) or back (a card that came back to it)."""
    look = state.cards.look_of
    for m, was in zip(now, before):
        assert (m.seq, m.type, m.text) == (was.seq, was.type, was.text), f"{where}: a memory changed: {m} {was}"
        assert [look(x) for x in m.seen] == [look(x) for x in was.seen], f"{where}: {m.seen} was {was.seen}"


@settings(max_examples=50, derandomize=True, deadline=None, database=None,  # ~0.15 s a game; 3,000 in the slow run
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6))
def test_no_view_shows_what_its_audience_cannot_know(seed: int, players: int) -> None:
    assert check_game(seed, players) > 0


@pytest.mark.slow
@settings(max_examples=3000, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6))
def test_no_view_leaks_in_many_more_games(seed: int, players: int) -> None:
    assert check_game(seed, players, legal_every=1) > 0


#: Each option that changes what happens (issue 15), alone: a few games each in CI, many in the slow run.
OPTIONS = {"swap_grants_immediate_turn": Ruleset(swap_grants_immediate_turn=True),
           "rowing_variant": Ruleset(rowing_variant=True), "shark_variant": Ruleset(shark_variant=True),
           "liquid_courage": Ruleset(expansions=("liquid_courage",)),  # LIQUID-1..3, WONG-1
           "both_expansions": Ruleset(expansions=("cannibalism", "liquid_courage"))}


@pytest.mark.parametrize("option", sorted(OPTIONS))
@settings(max_examples=10, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6))
def test_no_view_leaks_with_each_option(option: str, seed: int, players: int) -> None:
    assert check_game(seed, players, ruleset=OPTIONS[option]) > 0


@pytest.mark.slow
@pytest.mark.parametrize("option", sorted(OPTIONS))
@settings(max_examples=400, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6))
def test_no_view_leaks_with_each_option_in_many_games(option: str, seed: int, players: int) -> None:
    assert check_game(seed, players, legal_every=1, ruleset=OPTIONS[option]) > 0


@settings(max_examples=6, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(7, 8))
def test_no_view_leaks_with_seven_and_eight_players(seed: int, players: int) -> None:
    """SETUP-1, REF-26, WONG-1: both expansions with 7 and 8 players (Mrs. Wong's answer during others' secrets)."""
    assert check_game(seed, players, ruleset=OPTIONS["both_expansions"]) > 0


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_incremental_views_equal_the_functions_over_the_whole_log(seed: int) -> None:
    """The Observer fed commit by commit gives what the functions give from (state, whole log), at any moment."""
    commits = list(random_game(seed, 4 + seed % 3))
    obs = Observer(commits[0].before)
    events: list = []
    logs: dict[str | None, list[EventView]] = {}
    cuts = {len(commits) // 3, len(commits) // 2, len(commits)}
    for i, commit in enumerate(commits, 1):
        start = len(obs)
        obs.record(commit.events)
        events += commit.events
        for ch in [None, *(c.character for c in commit.after.characters)]:
            logs.setdefault(ch, []).extend(obs.log(ch, start=start))
        if i not in cuts:
            continue
        state = commit.after
        if not state.over:  # before the end, an event's view never changes once shown
            assert public_log(state, events) == tuple(logs[None])
        assert public_view(state, events) == obs.public_view()
        assert referee_view(state, events) == obs.referee_view()
        for c in state.characters:
            me = c.character
            if not state.over:  # the same, but a card that left the seat's hand is named by its face now, and
                # one that came back by its instance (VIEW-FACE-1): alike when every card is named by its face
                assert faced(seat_log(state, events, me), state) == faced(tuple(logs[me]), state)
            assert seat_view(state, events, me) == obs.seat_view(me)


def faced(log: tuple[EventView, ...], state: State) -> tuple[EventView, ...]:
    """``log`` with every provision named by its face (VIEW-FACE-1)."""
    return tuple(msgspec.structs.replace(v, data=mask(v.data, state.cards, frozenset())) for v in log)


def test_the_public_and_seats_see_everything_after_the_end() -> None:
    """END-2: once the game has ended, every field of every event is shown to every audience."""
    commits = list(random_game(5, 5))
    state = commits[-1].after
    events = [ev for c in commits for ev in c.events]
    ref = Observer.from_log(state, events).log(referee=True)
    assert [v.data for v in public_log(state, events)] == [v.data for v in ref]
    me = state.characters[0].character
    assert [v.data for v in seat_log(state, events, me)] == [v.data for v in ref]
    assert public_view(state, events).reveal is not None
    assert all(v.hidden == () for v in public_log(state, events))


def test_the_oracle_has_teeth() -> None:
    """The referee's views show cards that a seat cannot know: the oracle and token matching would see a leak."""
    know = Knowledge()
    leaks = 0
    obs: Observer | None = None
    for commit in random_game(7, 4):
        if obs is None:
            obs = Observer(commit.before)
        obs.record(commit.events)
        know.learn(commit.events, commit.after)
        if commit.after.over:
            break
        me = commit.after.characters[0].character
        leaks += bool(card_ids_in(ENCODE(obs.referee_view())) - know.of(me))
    assert leaks > 10
    assert card_ids_in('["water-11","nav-19x","water-1"]') == {"water-11", "water-1"}
    assert card_ids_in('"water-110" xwater-1 nav-19 3water-2 water-3x') == {"nav-19"}


def test_state_must_match_the_log() -> None:
    commits = list(random_game(1, 4))
    events = [ev for c in commits[:10] for ev in c.events]
    with pytest.raises(ValueError, match="whole log"):
        public_view(commits[20].after, events)
    assert isinstance(commits[0].before, State)
