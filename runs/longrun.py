"""The long search-vs-heuristic run, started before service/arena.py existed (same game loop as the arena):
one seat of kind A, the others kind B, seat-rotated; every game a journal (cli.session, later service.games)
that 'lifeboat audit' must find clean; one JSON line of results per game.

    python runs/longrun.py A,B GAMES FIRST SEED THINK_MS OUTDIR
"""

import json
import random
import sys
import time
from pathlib import Path

from cli.session import advance_chance, append, create_game
from lifeboat import scores, waiting_for, winners
from lifeboat.views import Observer

import bots

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def main() -> None:
    kinds, games, first, seed, think, out = sys.argv[1].split(","), int(sys.argv[2]), int(sys.argv[3]), \
        int(sys.argv[4]), int(sys.argv[5]), Path(sys.argv[6])
    out.mkdir(parents=True, exist_ok=True)
    for g in range(first, first + games):
        lineup = [kinds[1]] * len(PLAYERS)
        lineup[g % len(PLAYERS)] = kinds[0]
        game_seed = seed * 1_000_003 + g
        path = out / f"game-{g:04d}.jsonl"
        t0 = time.time()
        j, state, orders = create_game(path, PLAYERS, seed=game_seed)
        players = dict(zip(PLAYERS, lineup))
        table = {p: bots.make(k, think) for p, k in players.items()}
        rngs = {p: random.Random(f"{game_seed}:{p}") for p in PLAYERS}
        obs = Observer(state.__class__(ruleset=state.ruleset, players=state.players))
        from cli.session import active_events
        obs.record(active_events(j, str(path)))
        thinking = 0.0
        while not state.over:
            me = waiting_for(state)[0]
            view = obs.seat_view(me)
            bot = table[view.player]
            t = time.thread_time()
            cmd = bot.choose(view, obs.log(me) if bot.wants_log else (), rngs[view.player])
            thinking += time.thread_time() - t if bot.name == "search" else 0
            state, events = append(j, state, cmd)
            obs.record(events)
            state, events = advance_chance(j, state, orders)
            obs.record(events)
        line = {"game": g, "file": path.name, "seed": game_seed, "kinds": players,
                "scores": {s.player: s.total for s in scores(state)}, "winners": list(winners(state)),
                "rounds": state.round, "seconds": round(time.time() - t0, 1), "search_cpu_s": round(thinking, 1)}
        with (out / "results.jsonl").open("a") as f:
            f.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
