"""``lifeboat analyse`` on a real game: every decision of one seat of ``docs/examples/six-players.jsonl`` (by
default the seat with the most decisions, Ann as Sir Stephen: 56 decisions) at the default setting
(``--think 32`` worlds per decision), timed in wall-clock and CPU seconds. The goal (issue 31): at most 60 s on a
2-core machine. This is a benchmark, not a test. Run:

    .venv/bin/python bench/analysis.py [--game docs/examples/six-players.jsonl] [--as Ann] [--think 32] [--seed 1]
"""

from __future__ import annotations

import argparse
import collections
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path

from lifeboat.service.analysis.run import DEFAULT_WORLDS, analyse

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", type=Path, default=ROOT / "docs" / "examples" / "six-players.jsonl")
    ap.add_argument("--as", dest="who", default="Ann")
    ap.add_argument("--think", type=int, default=DEFAULT_WORLDS)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "game.jsonl"
        shutil.copyfile(args.game, game)  # the sidecar is written nowhere near the bundled example
        print(f"python {platform.python_version()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
        wall, cpu = time.perf_counter(), time.process_time()
        got = analyse(game, args.who, worlds=args.think, seed=args.seed)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    decisions = got.analysis.decisions
    marks = collections.Counter(d.mark for d in decisions if d.mark)
    judged = sum(not d.forced for d in decisions)
    print(f"{args.game.name} as {args.who}: {len(decisions)} decisions ({judged} judged, "
          f"{len(decisions) - judged} forced), {args.think} worlds each, seed {args.seed}")
    print(f"marks: {dict(marks)}")
    print(f"wall {wall:.1f} s, CPU {cpu:.1f} s ({wall / max(judged, 1):.2f} s per judged decision); "
          f"load average after {os.getloadavg()[0]:.2f}; goal: wall <= 60 s")


if __name__ == "__main__":
    main()
