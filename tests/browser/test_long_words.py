"""A long word from the journal (a link in a note, a 1,000-character word, a 40-character player name: SETUP-1)
keeps a page one phone wide, in real headless Chromium at 390 px: ``lifeboat replay GAME --html OUT.html`` (the
real CLI's file, opened from disk) and the replay of a finished game on a ``lifeboat serve`` seat page (SERVE-7).

``annotate … --at 3 "See https://boardgamegeek.com/…"`` made the replay's page 503 px wide at ``#seq=3`` (the
note's grid column grew to the link), and a 1,000-character word 8,471 px. Screenshots: tests/browser/screenshots/.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from lifeboat.service import annotate
from tests.browser.conftest import STICKING_OUT, shot
from tests.browser.test_serve_replay import LINK
from tests.helpers import EXE
from tests.web.conftest import start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
URL = "See https://boardgamegeek.com/boardgame/1296/lifeboat/rules-discussion-thread-12345"
WORD = "x" * 1000
NAME = "MaximilianaWilhelminaVonHabsburgsteinXyz"  # 40 characters, no space (SETUP-1's longest)


def lifeboat(*args: object) -> str:
    done = subprocess.run([EXE, *map(str, args)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def note_fits(pg, texts: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The page is one phone wide, nothing sticks out, and each of ``texts`` is a note drawn whole, wrapped."""
    assert pg.evaluate("document.documentElement.scrollWidth") == 390
    notes = pg.eval_on_selector_all(".lb-note", """els => els.map(e => {const t = e.querySelector('.lb-note-text');
        return [t.textContent, e.getBoundingClientRect().right, t.getClientRects().length, t.offsetHeight]; })""")
    for text in texts:
        right, height = next((r, h) for t, r, _, h in notes if t == text)
        assert right <= 390 and height > 40, (text[:20], right, height)  # wrapped onto lines of its own box
    assert pg.evaluate(STICKING_OUT) == []


def test_a_long_word_in_a_note_or_a_name_wraps_in_the_html_replay(browser, tmp_path: Path) -> None:
    path = tmp_path / "L.jsonl"
    lifeboat("new", path, "--players", f"{NAME},Bob,Cy,Dee", "--seed", "4")
    lifeboat("play", path, "--bots", "all", "--seed", "4")
    lifeboat("annotate", path, "--at", 3, URL)
    lifeboat("annotate", path, "--at", 3, "--for", NAME, WORD)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        for who, texts in (("public", [URL]), (NAME, [URL, WORD])):
            out = tmp_path / f"{who[:6]}.html"
            lifeboat("replay", path, "--html", out, *(["--as", who] if who != "public" else []))
            pg = ctx.new_page()
            pg.goto(out.as_uri() + "#seq=3")
            pg.wait_for_selector(".lb-note")
            note_fits(pg, texts)
            shot(pg, f"replay-html-phone-long-note-{'seat' if who == NAME else 'public'}")
            pg.close()
    finally:
        ctx.close()


def test_a_long_word_in_a_note_wraps_on_the_served_replay(browser, tmp_path: Path) -> None:
    path = tmp_path / "four-players.jsonl"
    shutil.copyfile(ROOT / "docs" / "examples" / "four-players.jsonl", path)
    annotate(path, 3, URL)
    annotate(path, 3, WORD, "Ann")
    proc, server = start_server(tmp_path, "--new-links")
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        links = {name: url for name, url, _, _ in LINK.findall(server.log.read_text(encoding="utf-8"))}
        pg = ctx.new_page()
        pg.goto(links["Ann"])
        pg.wait_for_selector("#sv-replay-btn:not([hidden])")
        pg.click("#sv-replay-btn")
        pg.wait_for_selector(".lb-replay")
        pg.fill(".lb-seq-input", "3")
        pg.press(".lb-seq-input", "Enter")
        pg.wait_for_selector(".lb-note")
        note_fits(pg, [URL, WORD])
        shot(pg, "serve-replay-phone-long-note")
    finally:
        ctx.close()
        stop_server(proc)
