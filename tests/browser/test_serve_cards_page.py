"""CARD-3 on a seat's page in real headless Chromium at 390 px: a game served with a table's own printing (a Bundle
of Cash worth 5, the Kid of size 6) draws its cards with that printing's points, not the bundled ones (the page read
``/api/names``, this lifeboat's data, and showed a 1 on every Bundle of Cash while the scores counted 5)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx

from tests.browser.conftest import shot
from tests.web.conftest import auth, new_game, start_server, stop_server

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


def test_identical_cards_make_one_button(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    """The quartermaster offered two Waters (two instances of one face, alike in the rules) gets one 'keep water'
    button, as ``play`` lists identical cards once; a card offered once keeps its own button. Before, the page
    showed 'keep water' and 'keep water-5' side by side."""
    folder = tmp_path / "games"
    folder.mkdir()
    proc, server = start_server(folder)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        for seed in range(1, 60):
            g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], seed=seed)
            ref = httpx.get(f"{server.base}/api/games/{g['game']}/state", headers=auth(g["tokens"]["referee"])).json()
            who = ref["view"]["waiting_for"][0]
            name = next(c["player"] for c in ref["view"]["characters"] if c["character"] == who)
            mine = httpx.get(f"{server.base}/api/games/{g['game']}/state", headers=auth(g["tokens"][name])).json()
            kept = [d["command"]["card"] for d in mine["decisions"] if d["command"]["type"] == "keep_provision"]
            faces = [card.rsplit("-", 1)[0] for card in kept]
            if faces.count("painting") <= 1 and len(set(faces)) < len(faces):
                break
        else:
            raise AssertionError("no seed of 1-59 offers two alike provisions")
        pg = ctx.new_page()
        pg.goto(g["links"][name])
        deadline = time.monotonic() + 10
        while not pg.evaluate("() => !!(window.lifeboatPage.catalog && window.lifeboatPage.view)"):
            assert time.monotonic() < deadline, "the page never loaded"
            time.sleep(0.05)
        pg.wait_for_function("() => document.querySelectorAll('#sv-decide button').length > 0")
        labels = pg.evaluate("() => window.LifeboatSeatDecide.entries(window.lifeboatPage).map(e => e.d.text)")
        keeps = [x for x in labels if x.startswith("Keep ")]
        assert len(keeps) == len(set(keeps)) == len(set(faces)) < len(faces), (labels, kept)
        assert not any(re.search(r"-\d+$", x) for x in keeps), keeps  # the lowest instance's short line
        shot(pg, "serve-identical-cards-390")
    finally:
        ctx.close()
        stop_server(proc)
