"""SERVE-13 on the seat page: the standing order the page shows is the one the server holds.

A seat leaves "pass for me in every window" (here over HTTP, as another tab of the same link would), then the page is
loaded again: it shows that order, read from the server when its stream goes live (it showed "ask me each time",
while the server went on passing for the seat).
"""

from __future__ import annotations

import httpx

from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture

PHONE = {"width": 390, "height": 844}

def test_the_page_shows_the_order_the_server_holds_after_a_reload(server: Server, browser) -> None:  # noqa: F811
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=12, options=["quick_game=on"])
    api = f"{server.base}/api/games/{g['game']}"
    ctx = browser.new_context(viewport=PHONE)
    try:
        pg = ctx.new_page()
        pg.goto(g["links"]["Ann"])
        pg.wait_for_function("() => window.lifeboatPage.view", polling=30)
        assert pg.evaluate("() => window.lifeboatPage.order || ''") == ""
        with httpx.Client() as http:
            r = http.post(api + "/orders", headers=auth(g["tokens"]["Ann"]), json={"order": "windows"})
            assert r.json() == {"order": "windows"}
        pg.reload()
        pg.wait_for_function("() => window.lifeboatPage.order === 'windows'", timeout=15000, polling=30)
        with httpx.Client() as http:
            assert http.get(api + "/orders", headers=auth(g["tokens"]["Ann"])).json() == {"order": "windows"}
        # and taken back from elsewhere: a page loaded again shows "ask me each time"
        with httpx.Client() as http:
            http.post(api + "/orders", headers=auth(g["tokens"]["Ann"]), json={"order": None})
        pg.reload()
        pg.wait_for_function("() => window.lifeboatPage.view", polling=30)
        pg.wait_for_timeout(300)
        assert pg.evaluate("() => window.lifeboatPage.order || ''") == ""
    finally:
        ctx.close()
