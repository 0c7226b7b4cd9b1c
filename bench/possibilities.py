"""A recorded 8-player game's possibilities (REC-3): the cost of one line, the worst case, against REC-1's reading.

Two corpora, both 8 players with both expansions (46 provisions), each recorded twice, side by side: with
possibilities (``Ruleset.possibilities``, REC-3) and with REC-1's first-placeholder reading (the peer: the same
engine before this rule), in turns, ``--rounds`` times; the median per line is kept, so load hits both alike.

* ``adversarial``: the worst case we know. A position where every hand holds 5 cards the scribe saw (40 named
  cards); then, round after round, every character mugs a hand at random, the target consents, and the card taken
  is never seen (``chance: take ?``), nobody plays a card and nobody rows, so nothing ever narrows the possibilities
  down: each take loses the robbed hand's cards from sight and spreads them over two hands. The worlds grow until
  the bound (``lifeboat.possibilities.MAX_WORLDS``) makes the record forget one look at a time. ``--lines`` lines.
* ``random``: ``--games`` random digital 8-player games recorded by a scribe who sees every card dealt and drawn
  but no card that moves between hands (tests/engine/scribe.py), the realistic hard case.

Printed: per corpus the lines, the largest number of worlds, how many looks the bound forgot, and per line the mean,
the 99th percentile and the slowest (ms) with possibilities, the same for the peer, and the ratio of the means.
A benchmark, not a test; run from the repository root:

    .venv/bin/python bench/possibilities.py [--rounds 3] [--lines 400] [--games 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lifeboat import commands as c  # noqa: E402
from lifeboat import events as e  # noqa: E402
from lifeboat.game import apply  # noqa: E402
from lifeboat.legal import chance_request, legal_commands, waiting_for  # noqa: E402
from lifeboat.position import load, position_state  # noqa: E402
from lifeboat.state import ActionTurn, AwaitAnswer, NavigationTurn, State  # noqa: E402

SEATS = ("lady_lauren", "sir_stephen", "captain", "first_mate", "mrs_wong", "frenchy", "dr_harter", "kid")
HANDS = [["water", "cash", "oar", "knife", "jewels"], ["water", "cash", "painting(3)", "chum", "medical kit"],
         ["water", "cash", "painting(2)", "blackjack", "compass"], ["water", "cash", "jewels", "oar", "parasol"],
         ["water", "cash", "gaffing hook", "firewater", "chum"], ["water", "cash", "painting(3)", "flare gun", "jewels"],
         ["water", "water", "medical kit", "life preserver", "firewater"], ["water", "water", "water", "medical kit",
                                                                             "cannibalism"]]


def adversarial_start(possibilities: bool) -> State:
    """The position: 8 characters, 5 named cards each, the Lady's action in round 1."""
    pos = {"phase": "action", "actor": "lady_lauren", "options": {"expansions": ["cannibalism", "liquid_courage"]},
           "characters": [{"character": ch, "player": f"P{i}", "hand": HANDS[i]} for i, ch in enumerate(SEATS)]}
    state = position_state(load(pos))
    return msgspec.structs.replace(state, ruleset=msgspec.structs.replace(state.ruleset, possibilities=possibilities))


def adversarial_line(state: State, rng: random.Random) -> c.Command:
    """The next line of the adversarial game: unseen takes, consents, passes, the card of the round named."""
    req = chance_request(state)
    if req is not None:
        if req.kind == "draw_from_hand":  # REC-1 cannot take '?' from a hand it knows whole: it names the first
            hand = state.char(state.step.target).hand  # type: ignore[union-attr]
            known = state.ruleset.possibilities is not True and not any(x.startswith("?") for x in hand)
            return c.DrawFromHand(card=hand[0] if known else "?")
        if req.kind == "draw_provisions":
            return c.DrawProvisions(cards=("?",) * req.count)
        if isinstance(state.step, NavigationTurn):  # turned face up: named; a bird-free card keeps the game going
            calm = [x for x in state.unaccounted if x in state.cards.navigation and not state.cards.navigation[x].bird]
            return c.DrawNavigation(cards=(calm[0] if calm else next(x for x in state.unaccounted
                                                                     if x in state.cards.navigation),))
        return c.DrawNavigation(cards=("?",) * req.count)
    who = waiting_for(state)[0]
    if isinstance(state.step, ActionTurn):
        targets = [ch.character for ch in state.characters if ch.character != who and ch.hand and ch.in_boat]
        if targets:
            return c.Mug(by=who, target=rng.choice(targets))
        return c.DoNothing(by=who)
    if isinstance(state.step, AwaitAnswer):
        return c.Answer(by=who, consent=True)
    options = legal_commands(state, who)
    quiet = [x for x in options if isinstance(x, (c.Pass, c.KeepProvision, c.UseCompass))]
    return (quiet or options)[0]


def adversarial(possibilities: bool, lines: int, seed: int) -> tuple[list[float], int, int]:
    """Per-line seconds, the most worlds, the looks forgotten, over ``lines`` lines of the adversarial game."""
    rng = random.Random(seed)
    state, out, most, forgot = adversarial_start(possibilities), [], 0, 0
    for _ in range(lines):
        if state.over:
            break
        line = adversarial_line(state, rng)
        start = time.perf_counter()
        state, events = apply(state, line)
        out.append(time.perf_counter() - start)
        most = max(most, len(state.known.worlds) if state.known is not None else 0)
        forgot += sum(len(ev.looks) for ev in events if isinstance(ev, e.PossibilitiesForgotten))
    return out, most, forgot


def randomly(possibilities: bool, games: int, seed: int) -> tuple[list[float], int, int]:
    """Per-line seconds over ``games`` random 8-player games seen by a scribe who misses every move between hands."""
    import lifeboat.game
    from lifeboat.ruleset import Ruleset
    from tests.engine import scribe

    most, forgot, out = 0, 0, []

    def spy(state: State, cmd: c.Command):  # type: ignore[no-untyped-def]
        nonlocal most, forgot
        after, events = lifeboat.game.apply(state, cmd)
        if after.known is not None:
            most = max(most, len(after.known.worlds))
        forgot += sum(len(ev.looks) for ev in events if isinstance(ev, e.PossibilitiesForgotten))
        return after, events

    scribe.apply = spy  # type: ignore[assignment]
    both = Ruleset(expansions=("cannibalism", "liquid_courage"))
    for g in range(games):
        missed = scribe.Missed()
        if possibilities:
            scribe.record(seed + g, 8, 1.0, ruleset=both, see_rate=1.0, timed=missed)
        else:  # the peer: the same lines read by REC-1 (a ruleset without possibilities)
            missed = _peer(scribe, seed + g, both)
        out += missed.seconds
    return out, most, forgot


def _peer(scribe, seed: int, ruleset) -> object:  # type: ignore[no-untyped-def]
    """The random corpus under REC-1's reading: the scribe's lines re-applied to a recording without
    possibilities, as far as it accepts them (it refuses some true lines: that is the issue)."""
    lines: list[c.Command] = []
    real = scribe.apply

    def keep(state: State, cmd: c.Command):  # type: ignore[no-untyped-def]
        if state.ruleset.possibilities:
            lines.append(cmd)
        return real(state, cmd)

    scribe.apply = keep
    try:
        scribe.record(seed, 8, 1.0, ruleset=ruleset, see_rate=1.0)
    finally:
        scribe.apply = real
    from lifeboat.game import new_game
    from lifeboat.errors import RuleViolation

    state, missed = new_game(scribe.PLAYERS[:8], ruleset), scribe.Missed()
    for line in lines:
        start = time.perf_counter()
        try:
            state, _ = apply(state, line)
        except RuleViolation:
            break
        missed.seconds.append(time.perf_counter() - start)
    return missed


def summary(seconds: list[float]) -> str:
    s = sorted(seconds)
    return (f"mean {statistics.fmean(s) * 1000:.3f} ms, p99 {s[int(len(s) * 0.99)] * 1000:.3f} ms, "
            f"slowest {s[-1] * 1000:.3f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--lines", type=int, default=400)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    for name, run in (("adversarial", lambda p: adversarial(p, a.lines, a.seed)),
                      ("random", lambda p: randomly(p, a.games, a.seed))):
        means: dict[bool, list[float]] = {True: [], False: []}
        kept: dict[bool, tuple[list[float], int, int]] = {}
        for _ in range(a.rounds):
            for p in (True, False):
                got = run(p)
                means[p].append(statistics.fmean(got[0]))
                kept[p] = got
        new, old = kept[True], kept[False]
        ratio = statistics.median(means[True]) / statistics.median(means[False])
        print(f"{name}: {len(new[0])} lines, at most {new[1]} worlds, {new[2]} looks forgotten by the bound")
        print(f"  possibilities (REC-3): {summary(new[0])}")
        print(f"  first placeholder (REC-1, peer, {len(old[0])} lines): {summary(old[0])}")
        print(f"  ratio of the median means: {ratio:.2f}")


if __name__ == "__main__":
    main()
