"""The phone screenshots of docs/serve.md (issue 28), made from a real game: ``python tools/screenshots.py``.

Starts ``lifeboat serve`` on 127.0.0.1 (a free port, a temporary folder), deals a seeded game of four where bots
play three seats, opens the fourth seat's link in Debian's Chromium at 390×844 (Playwright) and plays it with a
random bot's choices until its action turn offers a mug; then writes ``docs/img/serve-*.png``: the first screen at
that turn, the Mug verb opened (its targets), the Confirm step, a hand card's sheet, the same first screen in
Chinese, and the page at desktop size. Development only (the ``test`` extra: Playwright).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "img"


def main() -> int:
    import msgspec
    from playwright.sync_api import sync_playwright

    from lifeboat.commands import PlayerCommand
    from lifeboat.service.live.bots import random_bot
    from tests.browser.test_seat_table import after, settle, tap_to
    from tests.web.conftest import new_game, start_server, stop_server

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        proc, server = start_server(Path(folder))
        try:
            g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=7)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
                pg = ctx.new_page()
                pg.goto(g["links"]["Ann"])
                rng = random.Random(7)
                for _ in range(200):
                    st = settle(pg)
                    verbs = {d["verb"] for d in st["decisions"]}
                    if "mug" in verbs and st["view"]["round"] >= 2:
                        break
                    legal = [msgspec.convert(d["command"], PlayerCommand) for d in st["decisions"]]
                    tap_to(pg, server, g, legal.index(random_bot(st["view"]["viewer"], legal, rng)), st["seq"])
                    after(pg, st["seq"])
                pg.evaluate("() => window.scrollTo(0, 0)")
                assert pg.inner_text("#sv-ask") == "Your action."
                pg.screenshot(path=str(OUT / "serve-phone-turn.png"))
                pg.locator("#sv-turn").screenshot(path=str(OUT / "serve-phone-orders.png"))  # the verbs, the order
                pg.click("#sv-decide button.sv-verb:text-is('Mug \u2026')")
                pg.locator("#sv-turn").screenshot(path=str(OUT / "serve-phone-verb.png"))
                pg.locator("#sv-decide button.sv-choice:not(.sv-back)").first.click()
                pg.locator("#sv-turn").screenshot(path=str(OUT / "serve-phone-confirm.png"))
                pg.click("#sv-decide .sv-back")  # Cancel: back to Mug's targets
                pg.click("#sv-decide .sv-back")  # Back: the verbs
                pg.locator("#sv-hand .lb-card").first.click()
                pg.screenshot(path=str(OUT / "serve-phone-card.png"))
                pg.click("#sv-info-close")
                pg.select_option("select.lb-lang", "zh_Hans")
                # the action turn's own text says it is her turn: the ask line is that text alone (issue 28)
                pg.wait_for_function("() => document.getElementById('sv-ask').textContent === '轮到你行动。'")
                pg.evaluate("() => window.scrollTo(0, 0)")
                pg.screenshot(path=str(OUT / "serve-phone-zh.png"))
                pg.select_option("select.lb-lang", "en")
                ctx.close()
                desk = browser.new_context(viewport={"width": 1280, "height": 860})
                pg = desk.new_page()
                pg.goto(g["links"]["Ann"])
                settle(pg)
                pg.screenshot(path=str(OUT / "serve-desktop.png"))
                desk.close()
                browser.close()
        finally:
            stop_server(proc)
    for path in sorted(OUT.glob("serve-*.png")):
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
