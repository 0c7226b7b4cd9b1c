"""Start-up time of the ``lifeboat`` command against ``python -c "import typer"``, side by side.

Three commands run in turn, ``--runs`` times (after one warm-up each, so the disk cache is warm for all):

* peer:    ``python -c "import typer"`` (the floor of any Typer CLI);
* help:    ``lifeboat --help``;
* replay:  ``lifeboat replay docs/examples/six-players.jsonl`` (the whole story of a six-player game, re-validated).

The bytecode cache is warm too: the commands run without ``PYTHONDONTWRITEBYTECODE`` (some shells and sandboxes set
it), so the warm-up writes this project's ``__pycache__`` as any first run does; otherwise every run would compile
the project's ~80 modules from source while typer's come compiled from its install (about 60 ms of a replay here).
Each is a real subprocess (the ``lifeboat`` console script next to this interpreter, i.e. the venv's), its wall time measured
from spawn to exit, stdout to a pipe that is read to the end. Because the runs are interleaved, load from other
processes hits all three alike; the figures that matter are the ratios of the medians. This is a benchmark, not a
test. Run:

    .venv/bin/python bench/startup.py [--runs 21]

Last lines: ``help / import typer`` (goal <= 1.3) and ``replay / import typer`` (goal <= 2.5).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "docs" / "examples" / "six-players.jsonl"


def commands() -> dict[str, list[str]]:
    """The three commands, by name; all run with this interpreter, in the project root."""
    py = sys.executable
    exe = str(Path(py).parent / "lifeboat")  # the installed console script (pip install -e .)
    return {
        "import typer": [py, "-c", "import typer"],
        "lifeboat --help": [exe, "--help"],
        "lifeboat replay": [exe, "replay", str(GAME)],
    }


def wall(cmd: list[str]) -> float:
    """Seconds from spawn to exit of ``cmd``; raises SystemExit if it fails (a broken command is no benchmark)."""
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up caches bytecode, as a first run does for any user
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    t = time.perf_counter() - t0
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr.decode()[-2000:]}")
    return t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=21, help="timed runs of each command (interleaved)")
    args = ap.parse_args()
    cmds = commands()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    for cmd in cmds.values():  # warm-up: disk cache, .pyc files
        wall(cmd)
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(args.runs):
        for name, cmd in cmds.items():
            times[name].append(wall(cmd))
    med = {name: statistics.median(ts) for name, ts in times.items()}
    for name, ts in times.items():
        print(f"{name:18} median {med[name] * 1000:7.1f} ms  (min {min(ts) * 1000:.1f}, max {max(ts) * 1000:.1f}, "
              f"{len(ts)} runs)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"lifeboat --help / import typer:  {med['lifeboat --help'] / med['import typer']:.2f}  (goal <= 1.3)")
    print(f"lifeboat replay / import typer:  {med['lifeboat replay'] / med['import typer']:.2f}  (goal <= 2.5)")


if __name__ == "__main__":
    main()
