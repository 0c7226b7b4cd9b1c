"""A whole bot game with both expansions (8 players: the most seats, cards and names) at 390 px in real headless
Chromium: at every step of ``lifeboat replay --html`` as the referee (who sees every hand and deck), and on the
referee's and the spectator's pages of a served game at its end, nothing is cut off or sticks out of its box.

Found so: 'Cannibalism' stuck out of a small card on both sides (59 px in 50), 'Life Preserver' and 'Firewater
(Liquid Courage)' by 2 px, each small navigation card's head by 2 px; and the bow of the boat, a triangle drawn
inside the hull in the hull's colour, showed only as a stray bump over the first seat. Screenshots:
tests/browser/screenshots/.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from tests.browser.conftest import STICKING_OUT, shot
from tests.browser.test_long_words import lifeboat
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
OPTIONS = ["cannibalism=on", "liquid_courage=on"]
BOW = """() => { const bow = document.querySelector('.lb-bow').getBoundingClientRect(),
  hull = document.querySelector('.lb-boat').getBoundingClientRect(); return [bow.top, bow.bottom, hull.top]; }"""
EVERY_THIRD_STEP = """() => {
  const check = CHECK, problems = [], faces = new Set();
  const steps = JSON.parse(document.getElementById('lifeboat-replay').textContent).steps;
  const box = document.querySelector('.lb-seq-input'), go = document.querySelector('[data-action=go-seq]');
  for (let i = 0; i < steps.length; i += (i + 3 < steps.length || i === steps.length - 1) ? 3 : steps.length - 1 - i) {
    box.value = steps[i].seq;
    go.click();  // the seq box's own handler: the page draws step i
    if (document.querySelector('.lb-replay').dataset.index !== String(i)) problems.push('no step ' + i);
    if (document.documentElement.scrollWidth !== 390) problems.push(i + ': ' + document.documentElement.scrollWidth + ' px');
    check().forEach(p => problems.push(i + ': ' + p));
    document.querySelectorAll('.lb-card-small[data-face]').forEach(e => faces.add(e.dataset.face));
  }
  return {steps: steps.length, last: document.querySelector('.lb-replay').dataset.index, problems: problems,
          faces: [...faces]};
}"""


def bow_stands_on_the_hull(pg) -> None:  # type: ignore[no-untyped-def]
    top, bottom, hull = pg.evaluate(BOW)
    assert bottom - 2 <= hull and hull - top >= 30, (top, bottom, hull)  # above the hull, not inside it


def test_every_step_of_a_whole_game_fits_a_phone(browser, tmp_path: Path) -> None:
    path = tmp_path / "eight.jsonl"
    lifeboat("new", path, "--players", ",".join(PLAYERS), *[x for o in OPTIONS for x in ("--option", o)],
             "--seed", 11)
    lifeboat("play", path, "--bots", "all", "--seed", 11)
    out = tmp_path / "eight.html"
    lifeboat("replay", path, "--as", "referee", "--html", out)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.goto(out.as_uri())
        shot(pg, "replay-html-phone-eight-start")
        bow_stands_on_the_hull(pg)
        # every third step and the last, each drawn by the seq box's own handler inside the page (a round trip, or
        # drawing all 378 steps, took 10 to 30 s on a loaded machine)
        seen = pg.evaluate(EVERY_THIRD_STEP.replace("CHECK", STICKING_OUT))
        assert seen["steps"] == int(pg.inner_text(".lb-where").split("/")[1]) > 300
        assert seen["last"] == str(seen["steps"] - 1)
        assert seen["problems"] == []
        assert {"cannibalism", "life_preserver", "firewater"} <= set(seen["faces"])  # the widest titles, drawn small
        shot(pg, "replay-html-phone-eight-end")
    finally:
        ctx.close()


def test_the_served_pages_of_a_whole_game_fit_a_phone(server: Server, browser) -> None:  # noqa: F811
    g = new_game(server, PLAYERS, bots=PLAYERS, seed=11, options=OPTIONS)
    deadline = time.monotonic() + 120
    while not httpx.get(f"{server.base}/api/games/{g['game']}/state",
                        headers=auth(g["tokens"]["referee"])).json()["view"]["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        for who in ("referee", "spectator"):
            pg = ctx.new_page()
            pg.goto(g["links"][who])
            pg.wait_for_selector("body[data-over=yes] .lb-scores")
            assert pg.evaluate("document.documentElement.scrollWidth") == 390
            assert pg.evaluate(STICKING_OUT) == [], who
            bow_stands_on_the_hull(pg)
            shot(pg, f"serve-{who}-phone-eight-end")
    finally:
        ctx.close()
