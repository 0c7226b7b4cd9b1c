"""The story box of a ``lifeboat serve`` seat page in real headless Chromium at 390 px: it scrolls to the newest
line, and its top line was cut in half ('Dr. Harter took 1 wound (fight).' showed only its lower half). Now the
box is trimmed to whole lines, as the replay's story box is (``LifeboatViewer.fitLines``), and the newest line
ends at its foot. Screenshot: tests/browser/screenshots/serve-seat-phone-story.png."""

from __future__ import annotations

import random
import time

import httpx

from tests.browser.conftest import SHOTS
from tests.browser.test_replay_html import LINES_IN_VIEW
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture

HTTP = httpx.Client()


def settled(pg) -> dict:  # type: ignore[no-untyped-def]
    """The story box's lines once two looks 50 ms apart agree: five bots keep deciding, so a look can fall between
    a new line's drawing and the box's trimming to whole lines (a CI run saw the newest line 2.03 px above the foot)."""
    last = None
    for _ in range(40):
        got = pg.eval_on_selector("#sv-story", LINES_IN_VIEW)
        if got == last:
            return got
        last = got
        pg.wait_for_timeout(50)
    return last


def test_the_story_box_shows_whole_lines_ending_with_the_newest(server: Server, browser) -> None:  # noqa: F811
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], bots=["Bob", "Cy", "Dee", "Eve", "Fay"], seed=9)
    api, rng = f"{server.base}/api/games/{g['game']}", random.Random(9)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.goto(g["links"]["Ann"])
        pg.wait_for_selector("#sv-conn[data-state=live]")
        checked, deadline = 0, time.monotonic() + 60
        while checked < 6 and time.monotonic() < deadline:
            st = HTTP.get(api + "/state", headers=auth(g["tokens"]["Ann"])).json()
            if st["view"]["over"]:
                break
            pg.wait_for_function(f"() => window.lifeboatPage.seq >= {st['seq']}")
            got = settled(pg)
            if got["lines"] and got["lines"][0][0] < 0:  # the story is taller than its box (22rem): it scrolls
                seen = [(top, bottom) for top, bottom, _, _ in got["lines"] if bottom > 0 and top < got["height"]]
                assert all(0 <= top and bottom <= got["height"] for top, bottom in seen), (st["seq"], seen)
                assert got["height"] - 3 <= seen[-1][1] <= got["height"]  # the newest line at the foot (a line: ~22 px)
                assert got["lines"][-1][:2] == list(seen[-1])
                checked += 1
            if st["decisions"]:
                d = rng.choice(st["decisions"])
                HTTP.post(api + "/decisions", headers=auth(g["tokens"]["Ann"]),
                          json={"command": d["command"], "expected_seq": st["seq"]})
            else:
                time.sleep(0.05)
        assert checked == 6
        pg.locator(".sv-story-box").screenshot(path=str(SHOTS / "serve-seat-phone-story.png"))
    finally:
        ctx.close()
