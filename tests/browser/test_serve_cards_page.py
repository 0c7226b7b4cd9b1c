"""CARD-3 on a seat's page in real headless Chromium at 390 px: a game served with a table's own printing (a Bundle
of Cash worth 5, the Kid of size 6) draws its cards with that printing's points, not the bundled ones (the page read
``/api/names``, this lifeboat's data, and showed a 1 on every Bundle of Cash while the scores counted 5)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.browser.conftest import shot
from tests.web.conftest import new_game, start_server, stop_server

DATA = Path(__file__).resolve().parents[2] / "lifeboat" / "data" / "cards.json"


def test_CARD_3_the_seat_page_draws_the_games_own_points(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    next(f for f in raw["provisions"]["base"] if f["id"] == "cash")["points"] = 5
    next(ch for ch in raw["characters"] if ch["id"] == "kid")["size"] = 6
    cards = tmp_path / "mine.json"
    cards.write_text(json.dumps(raw), encoding="utf-8")
    folder = tmp_path / "games"
    folder.mkdir()
    proc, server = start_server(folder, "--cards", str(cards))
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        g = new_game(server, ["Ann", "Bob", "Cy", "Dee"])
        pg = ctx.new_page()
        pg.goto(g["links"]["Ann"])
        deadline = time.monotonic() + 10
        while not pg.evaluate("() => !!(window.lifeboatPage.catalog && window.lifeboatPage.view)"):
            assert time.monotonic() < deadline, "the page never loaded its card facts"
            time.sleep(0.05)
        cash = pg.evaluate("() => LifeboatViewer.card(window.lifeboatPage.catalog, 'cash-2', {})"
                           ".querySelector('.lb-card-value').textContent")
        assert cash == "5"
        assert pg.evaluate("() => window.lifeboatPage.catalog.characters.kid.size") == 6
        shot(pg, "serve-cards-390")
    finally:
        ctx.close()
        stop_server(proc)
