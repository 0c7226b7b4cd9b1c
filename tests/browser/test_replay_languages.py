"""Issue 29: the HTML replay (``lifeboat replay GAME --html OUT --lang zh``) of several bot games read in Chinese
says no Latin word but player names, rule ids, typed notation and the product's name, at every step walked; one in
traditional Chinese too."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.browser.conftest import shot
from tests.browser.latin import latin_words
from tests.helpers import EXE

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("four-players", "public", "zh"), ("six-players", "Ann", "zh"), ("liquid-courage", "referee", "zh"),
         ("six-players", "public", "zh-Hant")]
SKIP = "a[href], select.lb-lang, select.lb-lang-select, .lb-notation, code"
KEYS = ("Home", "End", "n")  # the keys the page's buttons name in their tooltips (keys a person presses)


def players(game: str) -> list[str]:
    with open(ROOT / "docs" / "examples" / f"{game}.jsonl", encoding="utf-8") as f:
        return list(json.loads(f.readline())["players"])


@pytest.mark.parametrize(("game", "who", "lang"), GAMES, ids=[f"{g}-{w}-{lang}" for g, w, lang in GAMES])
def test_an_html_replay_in_chinese_says_no_latin_word(browser, tmp_path: Path, game: str, who: str, lang: str) -> None:
    out = tmp_path / f"{game}.html"
    done = subprocess.run([EXE, "replay", str(ROOT / "docs" / "examples" / f"{game}.jsonl"), "--as", who,
                           "--html", str(out), "--lang", lang], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")  # the file's own language wins
    try:
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(out.as_uri())
        pg.wait_for_selector(".lb-replay")
        names = players(game)
        for i in range(0, 400):
            if i % 7 == 0:
                found = latin_words(pg, *names, *KEYS, skip=SKIP)
                assert found == [], f"step {i}: {found[:5]}"
            before = pg.get_attribute(".lb-replay", "data-seq")
            pg.keyboard.press("ArrowRight")
            if pg.get_attribute(".lb-replay", "data-seq") == before:
                break  # the last step
        assert latin_words(pg, *names, *KEYS, skip=SKIP) == []
        shot(pg, f"replay-html-{game}-{who}-{lang}")
        assert errors == []
    finally:
        ctx.close()
