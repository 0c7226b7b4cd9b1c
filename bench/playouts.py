"""Random playouts, engine only: Lifeboat's rules engine against an OpenSpiel game written in Python, side by side.

What a search bot does thousands of times per decision: play a game from the start to the end with random moves.

* lifeboat:   ``lifeboat.new_game`` (4, 5, 6 players in turn) and a seeded deck shuffle
              (``lifeboat.chance.shuffle``); then, until the game is over, the next chance outcome
              (``lifeboat.chance.next_chance``) or, when the game waits for a player, one of
              ``lifeboat.legal_commands`` chosen by the random bot (``lifeboat.bots.random_bot.random_choice``), each applied
              with ``lifeboat.apply_legal`` (decide + fold, without the checks that a command from those two sources
              cannot fail; what the analysis's playouts use for chance, ``lifeboat/bots/rollout.py``; a test holds it
              to ``lifeboat.apply``). No journal, no hash, no views. A step is one applied command.
* open_spiel: ``python_block_dominoes`` (OpenSpiel's card-like Python game: chance deals, hidden hands, passes):
              ``new_initial_state``, then chance outcomes drawn from ``chance_outcomes()`` and player actions from
              ``legal_actions()`` with ``random.Random``, each applied with ``apply_action``, until terminal.
              A step is one applied action (chance or player).

The two take turns, ``--rounds`` rounds of ``--seconds`` seconds each (whole games only); the median rate of each
is kept, so load from other processes hits both alike. Rates are steps per second; the ratio is printed, then the
same ratio by CPU time (each one's best round), which the machine's load moves least.
This is a benchmark, not a test. It needs ``pip install -e '.[bench]'`` (open_spiel). Run:

    .venv/bin/python bench/playouts.py [--rounds 7] [--seconds 2] [--seed 1] [--game python_block_dominoes]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from importlib.metadata import version

from lifeboat.bots.random_bot import random_choice
from lifeboat import Ruleset, apply_legal, legal_commands, new_game, waiting_for
from lifeboat.chance import next_chance, shuffle

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def lifeboat_playout(rng: random.Random, players: int) -> int:
    """One random game of ``players`` players to the end; returns its number of applied commands."""
    state = new_game(NAMES[:players], Ruleset())
    orders = shuffle(rng, f"{rng.random()}")
    steps = 0
    while True:
        cmd = next_chance(state, orders)
        if cmd is None:
            if state.over:
                return steps
            me = waiting_for(state)[0]
            cmd = random_choice(me, legal_commands(state, me), rng)
        state, _ = apply_legal(state, cmd)
        steps += 1


def open_spiel_playout(game, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """One random game of ``game`` (a pyspiel game) to the end; returns its number of applied actions."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, weights=probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
    return steps


def rate(playout: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Steps per second over whole playouts for at least ``seconds``: by wall time and by CPU time."""
    steps, t0, c0 = 0, time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - t0) < seconds:
        steps += playout()
    return steps / elapsed, steps / max(time.process_time() - c0, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per reader per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="python_block_dominoes", help="an OpenSpiel Python game")
    args = ap.parse_args()
    import open_spiel.python.games  # noqa: F401 - registers the python_* games
    import pyspiel

    game = pyspiel.load_game(args.game)
    rng_l, rng_o = random.Random(args.seed), random.Random(args.seed)
    count = iter(range(10**9))
    runners = {
        "lifeboat": lambda: lifeboat_playout(rng_l, 4 + next(count) % 3),
        f"open_spiel {args.game}": lambda: open_spiel_playout(game, rng_o),
    }
    print(f"python {platform.python_version()}, open_spiel {version('open_spiel')}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    for run in runners.values():  # warm-up
        run()
    rates: dict[str, list[float]] = {name: [] for name in runners}
    cpu: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.rounds):
        for name, run in runners.items():
            wall, by_cpu = rate(run, args.seconds)
            rates[name].append(wall)
            cpu[name].append(by_cpu)
    med = {name: statistics.median(r) for name, r in rates.items()}
    for name, r in rates.items():
        print(f"{name:34} median {med[name]:9.0f} steps/s  (min {min(r):.0f}, max {max(r):.0f}, {len(r)} rounds)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    lb, os_ = med["lifeboat"], med[f"open_spiel {args.game}"]
    print(f"lifeboat / open_spiel {args.game} (steps/s):  {lb / os_:.2f}  (goal >= 1.5, issue 31)")
    best = {name: max(r) for name, r in cpu.items()}  # CPU time: what other processes' load changes least
    print(f"by CPU time (best round each):  {best['lifeboat'] / best[f'open_spiel {args.game}']:.2f}")


if __name__ == "__main__":
    main()
