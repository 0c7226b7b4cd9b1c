"""The seat page of a finished served game steps through it (SERVE-7, issue 12) in real headless Chromium, with the
viewer of ``replay --html``, and leaves the token in the page's address alone."""

from __future__ import annotations

import re

from tests.browser.conftest import shot
from tests.web.conftest import Server, new_game, server  # noqa: F401 - the fixture
from tests.web.players import play_game, run_async
from tests.web.test_replay_api import PLAYERS, replay


def test_the_seat_page_steps_through_the_finished_game(server: Server, page) -> None:  # type: ignore[no-untyped-def]
    g = new_game(server, PLAYERS, bots=["Bob", "Cy", "Dee"], seed=22)
    run_async(play_game(server.base, g["game"], {"Ann": g["tokens"]["Ann"]}, seed=22))
    page.goto(g["links"]["Ann"])
    page.wait_for_selector("#sv-replay-btn:not([hidden])")
    page.click("#sv-replay-btn")
    page.wait_for_selector(".lb-replay")
    doc = replay(server, g["game"], g["tokens"]["Ann"]).json()
    assert page.get_attribute(".lb-replay", "data-seq") == str(doc["steps"][0]["seq"])
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert page.get_attribute(".lb-replay", "data-seq") == str(doc["steps"][5]["seq"])
    hand = page.eval_on_selector_all("#sv-replay .lb-hand .lb-card", "ns => ns.map(n => n.dataset.card)")
    assert hand == list(doc["steps"][5]["table"]["hand"])
    assert page.evaluate("location.hash") == "#" + g["tokens"]["Ann"]  # the token stays in the address
    assert not re.search(r"seq=", page.evaluate("location.href"))
    shot(page, "serve-replay-finished")
    page.click("#sv-replay-btn")
    assert page.is_visible("#sv-table") and not page.is_visible("#sv-replay")
    assert page.errors == []
