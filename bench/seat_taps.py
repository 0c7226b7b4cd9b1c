"""Taps per decision on the served seat page (issue 28): bot games' decision sequences replayed through the page.

    .venv/bin/python bench/seat_taps.py [--games 4] [--seed 1] [--players 4]

A real ``lifeboat serve`` (127.0.0.1, a free port) and Debian's Chromium (Playwright, 390×844). Each game: one
seat is a page; the other seats are the server's random bots. At each decision asked of the page's seat, a random
bot picks one of the seat's legal decisions (as the page has them), and the page is tapped through to it as a
person would: the verb, then its target or card, then Confirm (a window's Pass: one tap). Prints, per verb and in
all, the decisions, the median and the worst taps per decision, and how many buttons were visible at most.
Run by hand; the figures are in bench/README.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=(4, 5, 6))
    args = ap.parse_args()

    import msgspec
    from playwright.sync_api import sync_playwright

    from lifeboat.commands import PlayerCommand
    from lifeboat.service.live.bots import random_bot
    from tests.browser.seat_ui import visible_buttons
    from tests.browser.test_seat_table import after, settle
    from tests.web.conftest import new_game, start_server, stop_server

    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:args.players]
    taps: dict[str, list[int]] = defaultdict(list)
    most = 0
    with tempfile.TemporaryDirectory() as folder:
        proc, server = start_server(Path(folder))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                for n in range(args.games):
                    seed = args.seed + n
                    g = new_game(server, names, bots=names[1:], seed=seed, options=["quick_game=on"])
                    ctx = browser.new_context(viewport={"width": 390, "height": 844})
                    pg = ctx.new_page()
                    pg.goto(g["links"]["Ann"])
                    rng = random.Random(seed)
                    while True:
                        st = settle(pg)
                        if st["view"]["over"]:
                            break
                        legal = [msgspec.convert(d["command"], PlayerCommand) for d in st["decisions"]]
                        index = legal.index(random_bot(st["view"]["viewer"], legal, rng))
                        count, verb, seen = tap(pg, index, visible_buttons)
                        most = max(most, seen)
                        taps[verb].append(count)
                        after(pg, st["seq"])
                    ctx.close()
                browser.close()
        finally:
            stop_server(proc)
    every = [t for v in taps.values() for t in v]
    print(f"seat page taps per decision: {args.games} quick games of {args.players}, seed {args.seed}; "
          f"Python {platform.python_version()}, {platform.machine()}")
    print(f"{'verb':<16}{'decisions':>10}{'median':>8}{'worst':>7}")
    for verb in sorted(taps, key=lambda v: -len(taps[v])):
        print(f"{verb:<16}{len(taps[verb]):>10}{statistics.median(taps[verb]):>8g}{max(taps[verb]):>7}")
    print(f"{'all':<16}{len(every):>10}{statistics.median(every):>8g}{max(every):>7}")
    print(f"buttons visible at once, at most: {most}")
    return 0


def tap(pg, index: int, visible) -> tuple[int, str, int]:  # type: ignore[no-untyped-def]
    """Tap through to decision ``index`` and send it: (taps, its verb, the most buttons visible on the way)."""
    verb = pg.evaluate(f"() => window.lifeboatPage.decisions[{index}].verb")
    sent = pg.evaluate("() => window.lifeboatPage.sent || 0")
    most = 0
    for taps in range(1, 12):
        most = max(most, len(visible(pg)))
        confirm = pg.locator(f"#sv-decide .sv-confirm[data-indexes~='{index}']")
        final = confirm.count() > 0  # (a locator is looked up again at each use: count before the tap)
        target = confirm if final else pg.locator(f"#sv-decide button.sv-choice:not(.sv-back)[data-indexes~='{index}']")
        target.first.click()
        if final or pg.evaluate("() => window.lifeboatPage.sent || 0") != sent:
            return taps, verb, most
    raise SystemExit(f"bench/seat_taps.py: decision {index} not reached")


if __name__ == "__main__":
    sys.exit(main())
