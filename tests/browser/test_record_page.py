"""The record page (``lifeboat record GAME --serve``) in real headless Chromium at 390 px: a short game recorded by
taps only, from a position with three seagulls out to the last LOVE and HATE named; undo; the terminal and the page
taking turns on one journal. Screenshots (390 px and desktop) go to tests/browser/screenshots/."""

from __future__ import annotations

import re

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.browser.conftest import STICKING_OUT, shot
from tests.helpers import EXE, run
from tests.web.conftest import free_port, stop_server

POSITION = """\
note = "Round 6: three seagulls are out"
round = 6
seagulls = 3

[[characters]]
character = "lady_lauren"
player = "Ann"
hand = ["?", "?"]

[[characters]]
character = "captain"
player = "Bob"
hand = ["?", "?"]

[[characters]]
character = "frenchy"
player = "Cy"
hand = ["?"]

[[characters]]
character = "kid"
player = "Dee"
hand = ["?"]
"""
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A recorded game from the position, served on its record page: ``(journal, link)``."""
    (tmp_path / "r6.toml").write_text(POSITION)
    game = tmp_path / "r6.jsonl"
    done = run("record", game, "--position", tmp_path / "r6.toml")
    assert done.returncode == 0, done.stdout + done.stderr
    port, log = free_port(), tmp_path / "serve.log"
    proc = subprocess.Popen([EXE, "record", str(game), "--serve", "--port", str(port), "--no-qr"],
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while "#" not in log.read_text() or not _up(port):
        assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.05)
    link = next(w for w in log.read_text().split() if "/record#" in w)
    yield game, link
    stop_server(proc)


def _up(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/record", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def tap(pg, line: str) -> None:  # type: ignore[no-untyped-def]
    """Tap the choice that records ``line`` and wait until the page has the new view."""
    sent = pg.evaluate("() => window.lifeboatRecord.sent")
    pg.locator(f'.rc-choice[data-line="{line}"]').click()
    pg.wait_for_function("n => window.lifeboatRecord.sent > n && !window.lifeboatRecord.busy", arg=sent)


def pick(pg, template: str, *words: str) -> None:  # type: ignore[no-untyped-def]
    """Tap ``words`` in the rows of the pick ``template`` (and Record when it has several rows)."""
    sent = pg.evaluate("() => window.lifeboatRecord.sent")
    panel = pg.locator(f'.rc-pick[data-template="{template}"]')
    for i, word in enumerate(words):
        panel.locator(".rc-slot").nth(i).locator(f'.rc-option[data-word="{word}"]').click()
    if len(words) > 1:
        panel.locator(".rc-record").click()
    pg.wait_for_function("n => window.lifeboatRecord.sent > n && !window.lifeboatRecord.busy", arg=sent)


def test_a_short_game_recorded_by_taps_only_on_a_phone(desk, browser) -> None:  # type: ignore[no-untyped-def]
    """Every line of a whole (short) game is a tap: the draw, four keeps, four actions, the card of the round (the
    fourth seagull), then at the end exactly what could change a score (SCORE-4), until the scores are final."""
    game, link = desk
    ctx = browser.new_context(viewport=PHONE)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(link)
    pg.wait_for_function("() => window.lifeboatRecord.view !== null")
    assert pg.locator("#rc-next").inner_text() == "Lady Lauren, the quartermaster, will draw 4 provisions."
    assert pg.locator('#rc-table .lb-seagulls').get_attribute("data-seagulls") == "3"
    shot(pg, "record-390-start")
    tap(pg, "chance: draw ? ? ? ?")
    for who in ("lauren", "captain", "frenchy", "kid"):
        tap(pg, f"{who}: keep ?")
    assert pg.locator("#rc-next").inner_text() == "Lady Lauren's action."
    for who in ("lauren", "captain", "frenchy", "kid"):
        tap(pg, f"{who}: do nothing")
    shot(pg, "record-390-navigation")
    pick(pg, "chance: nav {0}", "25")  # a seagull, nobody overboard, nobody thirsty: the fourth seagull
    assert "The game is over" in pg.locator("#rc-next").inner_text()
    assert pg.evaluate("() => window.lifeboatRecord.view.to_show.length") == 4
    shot(pg, "record-390-end")
    while pg.evaluate("() => window.lifeboatRecord.view.picks.length"):
        template = pg.locator(".rc-pick").first.get_attribute("data-template")
        if " love " in template:
            pick(pg, template, *_love_hate(pg, template))
        else:  # what the player shows: the first face the possibilities allow (a Bundle of Cash while any is left)
            pick(pg, template, pg.evaluate("() => window.lifeboatRecord.view.picks[0].slots[0].options[0]"))
    view = pg.evaluate("() => window.lifeboatRecord.view")
    assert view["to_show"] == [] and "the scores are final" in view["next"]
    assert pg.evaluate(STICKING_OUT) == [] and errors == []
    shot(pg, "record-390-final")
    assert "Winner" in run("score", game).stdout  # no longer provisional
    ctx.close()


def _love_hate(pg, template: str) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """A LOVE and HATE no other player holds: the first characters whose buttons are not taken."""
    view = pg.evaluate("() => window.lifeboatRecord.view.table")
    loves = {c.get("love") for c in view["characters"]} | {s.get("love") for s in (view.get("reveal") or {}).get(
        "secrets", [])}
    hates = {s.get("hate") for s in (view.get("reveal") or {}).get("secrets", [])}
    words = {"lady_lauren": "lauren", "captain": "captain", "frenchy": "frenchy", "kid": "kid"}
    love = next(w for c, w in words.items() if c not in loves)
    hate = next(w for c, w in words.items() if c not in hates)
    return love, hate


def test_undo_and_the_terminal_taking_turns_with_the_page(desk, browser) -> None:  # type: ignore[no-untyped-def]
    """Undo withdraws the last tap (REC-2); a line typed at the terminal shows up on the open page, and the page goes
    on from it; a refused typed line says its rule and changes nothing."""
    game, link = desk
    ctx = browser.new_context(viewport=PHONE)
    pg = ctx.new_page()
    pg.goto(link)
    pg.wait_for_function("() => window.lifeboatRecord.view !== null")
    tap(pg, "chance: draw ? ? ? ?")
    tap(pg, "lauren: keep ?")
    assert pg.locator("#rc-next").inner_text() == "The Captain keeps one of 3 cards."
    sent = pg.evaluate("() => window.lifeboatRecord.sent")
    pg.locator("#rc-undo").click()
    pg.wait_for_function("n => window.lifeboatRecord.sent > n", arg=sent)
    assert pg.locator("#rc-next").inner_text() == "Lady Lauren keeps one of 4 cards."
    assert "Withdrew the last line" in pg.locator("#rc-notice").inner_text()
    done = run("record", game, stdin="lauren: keep ?\ncaptain: keep ?\n")  # the terminal, meanwhile
    assert done.returncode == 0, done.stdout + done.stderr
    pg.wait_for_function("() => window.lifeboatRecord.view.next === 'Frenchy keeps one of 2 cards.'", timeout=10_000)
    pg.locator("#rc-line-text").fill("kid: row")
    pg.locator("#rc-send").click()
    pg.wait_for_function("() => document.getElementById('rc-notice').dataset.kind === 'error'")
    assert pg.locator("#rc-notice").inner_text().startswith("Refused [ACT-2] no action can be taken now")
    # the refusal in sight at 390 px, right above the box it refuses (a new user found it below the fold)
    box = pg.locator("#rc-notice").bounding_box()
    line = pg.locator("#rc-line-text").bounding_box()
    assert box is not None and line is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
    assert box["y"] + box["height"] <= line["y"]
    tap(pg, "frenchy: keep ?")
    shot(pg, "record-390-terminal")
    ctx.close()
    audit = run("audit", game)
    assert audit.returncode == 0, audit.stdout
    desktop = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = desktop.new_page()
    pg.goto(link)
    pg.wait_for_function("() => window.lifeboatRecord.view !== null")
    assert pg.locator("#rc-next").inner_text() == "The Kid keeps the last card."
    shot(pg, "record-desktop")
    desktop.close()


def test_the_record_page_in_the_scribes_language(desk, browser) -> None:  # type: ignore[no-untyped-def]
    """Issue 29: a Chinese browser opens the record page in 简体中文 (the page's words, the names, the desk's
    sentence and story); the picker switches it to English and back, and the choice is remembered."""
    game, link = desk
    ctx = browser.new_context(viewport=PHONE, locale="zh-CN")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(link)
    pg.wait_for_function("() => window.lifeboatRecord.view !== null && window.lifeboatRecord.lang === 'zh_Hans'")
    pg.wait_for_function("() => !/[A-Za-z]{3}/.test(document.querySelector('#rc-next').innerText)")
    assert "劳伦" in pg.locator("#rc-next").inner_text()
    assert pg.locator("#rc-send").inner_text() == "记录"
    tap(pg, "chance: draw ? ? ? ?")
    assert "Lady Lauren" not in pg.locator("body").inner_text()
    # the choices in words, as the seat pages say them, the notation small beneath (a new user saw 'lauren: keep ?')
    keep = pg.locator('.rc-choice[data-line="lauren: keep ?"]')
    words = keep.inner_text().replace(keep.locator(".rc-line").inner_text(), "").strip()
    assert words and not re.search(r"[A-Za-z]", words), words
    assert keep.locator(".rc-line").inner_text() == "lauren: keep ?"
    shot(pg, "record-390-zh")
    pg.select_option("#rc-lang", "en")
    pg.wait_for_function("() => document.querySelector('#rc-send').innerText === 'Record'")
    pg.wait_for_function("() => /Lady Lauren/.test(document.querySelector('#rc-next').innerText)")
    pg.wait_for_function("() => /^Keep/.test(document.querySelector('.rc-choice[data-line=\\'lauren: keep ?\\']').innerText)")
    pg.reload()
    pg.wait_for_function("() => window.lifeboatRecord.view !== null")
    assert pg.evaluate("() => window.lifeboatRecord.lang") == "en" and errors == []
    ctx.close()
