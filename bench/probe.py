"""Does the time of a refused request tell whether a game exists? (SERVE-17, issue 32)

    .venv/bin/python bench/probe.py [--store postgresql://postgres@127.0.0.1:5432/postgres] [--requests 3000]

Starts a real ``lifeboat serve --store`` (a fresh schema, dropped at the end), deals one game and opens it in the
server (a request with a good token), then sends, interleaved at random on one kept-alive connection, requests
for the game's state with a wrong token (the game exists) and with a good-looking token for a random game id (no
such game). Both are refused alike (404 SERVE-1); it prints each kind's latency (median, p10, p90, in µs) and the
difference of the medians with the spread of that difference over 200 bootstrap resamples. Before SERVE-17 an
unknown id cost a database look-up under a lock every game shared and a wrong token cost none; now both cost one
look-up of the links, under no shared lock.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import psycopg  # noqa: E402

from tests.web.conftest import spawn_serve, stop_server, wait_up  # noqa: E402


def quantiles(xs: list[float]) -> tuple[float, float, float]:
    xs = sorted(xs)
    return xs[len(xs) // 10], statistics.median(xs), xs[len(xs) * 9 // 10]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", default="postgresql://postgres@127.0.0.1:5432/postgres")
    ap.add_argument("--requests", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    schema = f"probe_{secrets.token_hex(4)}"
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "serve.log"
        proc, base = spawn_serve(log, "--store", args.store, "--schema", schema)
        try:
            wait_up(proc, base, log)
            made = httpx.post(base + "/api/games", json={"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 1}).json()
            game, token = made["game"], made["links"]["Ann"].split("#", 1)[1]
            times: dict[str, list[float]] = {"wrong token": [], "unknown game": []}
            with httpx.Client(base_url=base, timeout=10) as client:
                assert client.get(f"/api/games/{game}/state", headers={"Authorization": f"Bearer {token}"}
                                  ).status_code == 200
                kinds = ["wrong token", "unknown game"] * (args.requests // 2)
                rng.shuffle(kinds)
                for kind in kinds:
                    gid = game if kind == "wrong token" else secrets.token_hex(8)
                    bad = secrets.token_urlsafe(32)
                    at = time.perf_counter()
                    r = client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {bad}"})
                    times[kind].append((time.perf_counter() - at) * 1e6)
                    assert r.status_code == 404, r.text
        finally:
            stop_server(proc)
            with psycopg.connect(args.store, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    print(f"{args.requests} refused requests, load average {os.getloadavg()[0]:.1f}")
    print(f"{'kind':<14} {'p10 µs':>8} {'median':>8} {'p90 µs':>8}")
    for kind, xs in times.items():
        p10, med, p90 = quantiles(xs)
        print(f"{kind:<14} {p10:>8.0f} {med:>8.0f} {p90:>8.0f}")
    a, b = times["wrong token"], times["unknown game"]
    diffs = sorted(statistics.median(rng.choices(a, k=len(a))) - statistics.median(rng.choices(b, k=len(b)))
                   for _ in range(200))
    print(f"median(wrong token) - median(unknown game): {statistics.median(a) - statistics.median(b):+.0f} µs "
          f"(bootstrap 95%: {diffs[5]:+.0f} .. {diffs[194]:+.0f} µs)")


if __name__ == "__main__":
    main()
