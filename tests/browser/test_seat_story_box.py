"""The story of a ``lifeboat serve`` seat page in real headless Chromium at 390 px (issue 28): a short strip of what
happened since the seat last acted, newest first (at most five lines, and how many more there are), and the whole
story a tap away, newest first, every line of it. Screenshot: tests/browser/screenshots/serve-seat-phone-story.png."""

from __future__ import annotations

import random
import time

import httpx

from tests.browser.conftest import SHOTS
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture

HTTP = httpx.Client()
LINES = """sel => Array.from(document.querySelectorAll(sel + ' li')).map(li => [li.dataset.seq === undefined ? null :
  Number(li.dataset.seq), li.textContent])"""


def test_the_story_strip_is_newest_first_and_the_whole_story_a_tap_away(server: Server, browser) -> None:  # noqa: F811
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
            try:
                pg.wait_for_function(f"() => window.lifeboatPage.seq === {st['seq']}", timeout=2000, polling=30)
            except Exception:  # noqa: BLE001 - a bot moved meanwhile: look again
                continue
            texts = {e["seq"]: e["text"] for e in st["events"]}
            strip, story = pg.evaluate("sel => [(" + LINES + ")(sel), window.lifeboatPage.story]", "#sv-recent")
            assert all(story[i] == x for i, x in texts.items())  # the page holds the story the server tells
            seqs = [s for s, _ in strip if s is not None]
            assert 1 <= len(seqs) <= 5 and seqs[0] == len(story) - 1, strip  # the newest first
            assert seqs == sorted(seqs, reverse=True) and all(story[s] == x for s, x in strip if s is not None)
            pg.evaluate("() => document.getElementById('sv-story-toggle').click()")  # (a tap: no layout race)
            whole, story = pg.evaluate("sel => [(" + LINES + ")(sel), window.lifeboatPage.story]", "#sv-story")
            assert whole == [[i, story[i]] for i in reversed(range(len(story)))]  # (read together: bots move)
            pg.evaluate("() => document.getElementById('sv-story-toggle').click()")
            assert pg.is_hidden("#sv-story")
            checked += 1
            if st["decisions"] and st["view"]["viewer"] in st["view"]["waiting_for"]:
                d = rng.choice(st["decisions"])
                HTTP.post(api + "/decisions", headers=auth(g["tokens"]["Ann"]),
                          json={"command": d["command"], "expected_seq": st["seq"]})
            else:
                time.sleep(0.05)
        assert checked == 6
        pg.locator(".sv-story-box").screenshot(path=str(SHOTS / "serve-seat-phone-story.png"))
    finally:
        ctx.close()
