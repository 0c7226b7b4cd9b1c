"""SERVE-13 on the seat page at 390 px (issue 28): the standing order is one labelled select, a line or two high
(it was a legend and three lines of radios), in English and in Chinese; choosing an option leaves the order with
the server, and a page opened later shows it. Real Chromium against a real ``lifeboat serve``."""

from __future__ import annotations

import httpx

from tests.browser.conftest import STICKING_OUT, live_seat, shot
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture

PHONE = {"width": 390, "height": 844}
BOX = "() => { const r = document.getElementById('sv-orders').getBoundingClientRect(); " \
      "return {top: r.top + scrollY, height: r.height, right: r.right}; }"
OPTIONS = "() => Array.from(document.querySelectorAll('#sv-order option')).map(o => [o.value, o.textContent])"


def open_seat(browser, link: str, locale: str):  # type: ignore[no-untyped-def]
    ctx, pg = live_seat(browser, link, locale, PHONE["width"], PHONE["height"])
    pg.wait_for_selector("#sv-orders:not([hidden])")
    return ctx, pg


def test_the_standing_order_is_one_select_that_the_server_keeps(server: Server, browser) -> None:  # noqa: F811
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=41)
    api = f"{server.base}/api/games/{g['game']}/orders"
    ann = auth(g["tokens"]["Ann"])
    ctx, pg = open_seat(browser, g["links"]["Ann"], "en-US")
    try:
        assert pg.eval_on_selector("#sv-order", "s => s.value") == ""
        assert pg.evaluate(OPTIONS) == [["", "ask me each time"], ["windows", "pass for me in every window"],
                                        ["until_change", "pass for me until something changes for me"]]
        assert pg.inner_text("#sv-orders-head") == "In fights, overboard and thirst windows"
        assert pg.evaluate("() => document.getElementById('sv-order').labels[0].id") == "sv-orders-head"
        box = pg.evaluate(BOX)
        assert box["height"] <= 72 and box["right"] <= 390, box  # two lines at most (the radios took four)
        assert pg.evaluate(STICKING_OUT) == []
        pg.locator("#sv-orders").screenshot(path=str(shot(pg, "orders-390").with_name("orders-390-part.png")))
        pg.select_option("#sv-order", "windows")
        pg.wait_for_function("() => window.lifeboatPage.order === 'windows'")
        assert httpx.get(api, headers=ann).json() == {"order": "windows"}
        pg.reload()
        pg.wait_for_selector("#sv-orders:not([hidden])")
        pg.wait_for_function("() => document.getElementById('sv-order').value === 'windows'")
        pg.select_option("#sv-order", value="")
        pg.wait_for_function("() => window.lifeboatPage.order === ''")
        assert httpx.get(api, headers=ann).json() == {"order": None}
        assert pg.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
    ctx, pg = open_seat(browser, g["links"]["Ann"], "zh-CN")
    try:
        pg.wait_for_function("() => document.documentElement.lang === 'zh-Hans' && "
                             "/[\\u4e00-\\u9fff]/.test(document.getElementById('sv-order-until').textContent)")
        texts = [text for _value, text in pg.evaluate(OPTIONS)]
        assert all(not any("a" <= ch <= "z" for ch in text.lower()) for text in texts), texts
        box = pg.evaluate(BOX)
        assert box["height"] <= 72 and box["right"] <= 390, box
        assert pg.evaluate(STICKING_OUT) == []
        pg.select_option("#sv-order", "until_change")
        pg.wait_for_function("() => window.lifeboatPage.order === 'until_change'")
        assert httpx.get(api, headers=ann).json() == {"order": "until_change"}
        pg.locator("#sv-orders").screenshot(path=str(shot(pg, "orders-zh-390").with_name("orders-zh-390-part.png")))
    finally:
        ctx.close()
    ctx = browser.new_context(viewport=PHONE)
    try:
        pg = ctx.new_page()
        pg.goto(g["links"]["spectator"])
        pg.wait_for_selector("#sv-conn[data-state=live]")
        assert pg.is_hidden("#sv-orders")
    finally:
        ctx.close()
