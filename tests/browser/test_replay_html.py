"""``lifeboat replay GAME --html OUT.html`` in a real headless Chromium (issue 12): the file the real command writes
is opened from disk (no server; every other request is blocked), stepped with keys, checked in the DOM against the
game (seats bow to stern, wounds, the seat's hand, notes for this reader only, the decisions that were open),
jumped to a round, opened at a ``#seq=`` link, and used on a 390-px phone. Screenshots: tests/browser/screenshots/.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from browser.conftest import shot
from cli.app import app
from lifeboat.service import view_at
from tests.helpers import EXE

ROOT = Path(__file__).resolve().parents[2]
NOTES = [("public", 40, "Round 2: watch who rows."), ("Ann", 44, "Ann, your LOVE is still in the boat."),
         ("referee", 45, "REFEREE-ONLY: the deck is stacked for a storm.")]


def lifeboat(*args: object) -> str:
    done = subprocess.run([EXE, *map(str, args)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled six-player game with three notes (public, Ann's, the referee's)."""
    path = tmp_path_factory.mktemp("html") / "six.jsonl"
    shutil.copyfile(ROOT / "docs" / "examples" / "six-players.jsonl", path)
    for who, at, text in NOTES:  # in-process (the real CLI; the HTML itself is written by the executable)
        done = CliRunner().invoke(app, ["annotate", str(path), "--at", str(at), "--for", who, text])
        assert done.exit_code == 0, done.output
    return path


@pytest.fixture(scope="module")
def ann(game: Path) -> tuple[Path, dict]:
    """Ann's page of the whole game, and the document it embeds."""
    out = game.with_name("ann.html")
    said = lifeboat("replay", game, "--as", "Ann", "--html", out)
    assert said.startswith(f"Wrote {out}: ") and "#seq=" in said
    return out, embedded(out)


def embedded(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    raw = re.search(r'<script type="application/json" id="lifeboat-replay">(.*?)</script>', text, re.S)
    assert raw is not None
    return json.loads(raw.group(1))


def seq_of(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.get_attribute(".lb-replay", "data-seq"))


def test_the_file_stands_alone_and_holds_only_ann_s_notes(ann: tuple[Path, dict]) -> None:
    path, doc = ann
    text = path.read_text(encoding="utf-8")
    assert doc["perspective"] == {"kind": "seat", "character": "sir_stephen", "player": "Ann"}
    assert "https://" not in text and "<link" not in text and " src=" not in text
    assert NOTES[0][2] in text and NOTES[1][2] in text and "REFEREE-ONLY" not in text  # NOTE-1
    assert all(s["alternatives"] is None or s["decider"] == "sir_stephen" for s in doc["steps"])


def test_step_with_keys_to_a_note_and_read_the_table(page, ann: tuple[Path, dict], game: Path) -> None:
    path, doc = ann
    page.goto(path.as_uri())
    target = next(i for i, s in enumerate(doc["steps"]) if s["first"] <= 44 <= s["seq"])
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    step = doc["steps"][target]
    assert seq_of(page) == step["seq"]
    truth = view_at(game, "Ann", step["seq"])  # the service's own view of Ann at that commit
    seats = page.eval_on_selector_all(".lb-boat .lb-seat", "ns => ns.map(n => n.dataset.character)")
    assert seats == list(truth.seats)
    for ch in truth.characters:
        node = page.locator(f".lb-seat[data-character={ch.character}]")
        assert node.get_attribute("data-wounds") == str(ch.wounds)
        assert node.get_attribute("data-status") == ch.status
    hand = page.eval_on_selector_all(".lb-hand .lb-card", "ns => ns.map(n => n.dataset.card)")
    assert hand == list(truth.hand) and page.locator(".lb-secret").count() == 0
    assert page.inner_text(".lb-note-seat .lb-note-text") == NOTES[1][2]
    assert "REFEREE-ONLY" not in page.inner_text("body")
    shot(page, "replay-html-ann-note")
    assert page.errors == []


def test_ann_sees_what_else_she_could_have_done(page, ann: tuple[Path, dict]) -> None:
    path, doc = ann
    i, step = next((i, s) for i, s in enumerate(doc["steps"]) if s["alternatives"] and len(s["alternatives"]) > 3)
    page.goto(path.as_uri() + f"#seq={step['seq']}")
    items = page.eval_on_selector_all(".lb-alternatives li", "ns => ns.map(n => n.textContent)")
    assert [x.removesuffix("  \u2190 chosen") for x in items] == [a["text"] for a in step["alternatives"]]
    assert sum(x.endswith("\u2190 chosen") for x in items) == 1
    assert "Sir Stephen (Ann)" in page.inner_text(".lb-alternatives summary")
    shot(page, "replay-html-ann-alternatives")


def test_jump_to_a_round_the_next_navigation_and_a_seq_link(page, ann: tuple[Path, dict]) -> None:
    path, doc = ann
    page.goto(path.as_uri())
    page.select_option(".lb-round-select", "4")
    first4 = next(s for s in doc["steps"] if s["round"] == 4)
    assert seq_of(page) == first4["seq"] and page.get_attribute(".lb-table", "data-round") == "4"
    page.keyboard.press("n")
    nav = next(s for s in doc["steps"] if s["navigation_card"] and s["seq"] > first4["seq"])
    assert seq_of(page) == nav["seq"]
    page.keyboard.press("PageDown")
    assert page.get_attribute(".lb-table", "data-round") == "5"
    page.goto(path.as_uri() + "#seq=120")
    assert seq_of(page) == next(s["seq"] for s in doc["steps"] if s["first"] <= 120 <= s["seq"])
    page.keyboard.press("End")
    assert seq_of(page) == doc["steps"][-1]["seq"]
    assert page.locator(".lb-score, .lb-scores").count() >= 1  # the end: every secret and the scores
    shot(page, "replay-html-ann-end")
    assert page.errors == []


def test_to_stops_the_file_at_that_seq(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "ann-60.html"
    lifeboat("replay", game, "--as", "Ann", "--to", 60, "--html", out)
    doc = embedded(out)
    assert doc["steps"][-1]["seq"] == 60 and max(s["seq"] for s in doc["steps"]) == 60
    assert NOTES[1][2] in out.read_text(encoding="utf-8")  # a later note on an earlier commit is kept (NOTE-1)


def test_a_recorded_episode_shows_its_commentary(page, tmp_path: Path) -> None:
    out = tmp_path / "episode-a.html"
    lifeboat("replay", ROOT / "docs" / "examples" / "episode-a.jsonl", "--html", out)
    page.goto(out.as_uri() + "#seq=3")
    assert page.inner_text(".lb-note-public .lb-note-text").startswith("2. Before the wounds, Dr. Harter expends")
    shot(page, "replay-html-episode-a")
    assert page.errors == []


def test_LIQUID_1_WONG_1_who_drank_this_round_is_marked_on_the_seat(page, tmp_path: Path) -> None:
    """LIQUID-1, WONG-1, REF-24 (public): the bundled Liquid Courage game at seq 122, the Captain having drunk and
    Mrs. Wong shared; at seq 150 (round 5) nobody is marked."""
    out = tmp_path / "liquid.html"
    lifeboat("replay", ROOT / "docs" / "examples" / "liquid-courage.jsonl", "--html", out)
    marked = "els => els.map(e => [e.closest('.lb-seat').dataset.character, e.textContent, e.title])"
    page.goto(out.as_uri() + "#seq=122")
    assert page.eval_on_selector_all(".lb-drank", marked) == [
        [who, "drank", "drank Firewater this round: +3 size in fights, one more thirst"]
        for who in ("mrs_wong", "captain")]
    shot(page, "replay-html-liquid-drank")
    page.goto("about:blank")
    page.goto(out.as_uri() + "#seq=150")
    assert seq_of(page) == 150
    assert page.eval_on_selector_all(".lb-drank", marked) == []
    assert page.errors == []


def test_a_phone_screen_stays_usable(browser, ann: tuple[Path, dict]) -> None:
    path, doc = ann
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    page.goto(path.as_uri() + "#seq=44")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for sel in ("[data-action=back]", "[data-action=next]", ".lb-round-select"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["width"] >= 40 and box["x"] + box["width"] <= 390
    before = seq_of(page)
    page.tap("[data-action=next]")
    assert seq_of(page) > before
    shot(page, "replay-html-phone-390")
    ctx.close()


def test_the_end_of_game_scores_fit_a_phone(browser, tmp_path: Path) -> None:
    """The scores table of a finished 6-player game fits a 390-px screen: no sideways scroll to reach the total."""
    out = tmp_path / "six.html"
    lifeboat("replay", ROOT / "docs" / "examples" / "six-players.jsonl", "--html", out)
    last = len((ROOT / "docs" / "examples" / "six-players.jsonl").read_text(encoding="utf-8").splitlines()) - 2
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    page = ctx.new_page()
    page.goto(out.as_uri() + f"#seq={last}")
    table = page.locator(".lb-scores")
    box = table.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390, box
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth")
    assert page.locator(".lb-scores th").all_inner_texts() == [
        "player", "character", "survival", "treasure", "love", "hate", "total"]
    shot(page, "replay-html-scores-390")
    ctx.close()


def test_a_forty_character_name_keeps_the_page_one_screen_wide(tmp_path: Path, browser) -> None:
    """SETUP-1 allows a 40-character player name: with no space in it, the replay at 390 px was 420 px wide from
    the first step (the story column) and 598 px at the end (the scores table); at desktop widths the page must
    stay as wide as the window too, and the scores table inside its panel."""
    name = "MaximilianaWilhelminaVonHabsburgsteinXyz"
    path = tmp_path / "long.jsonl"
    lifeboat("new", path, "--players", f"{name},Bob,Cy,Dee", "--seed", "4")
    lifeboat("play", path, "--bots", "all", "--seed", "4")
    out = tmp_path / "long.html"
    lifeboat("replay", path, "--as", name, "--html", out)
    for width in (390, 820, 1280):
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        try:
            pg = ctx.new_page()
            pg.goto(out.as_uri())
            pg.wait_for_selector(".lb-where")
            assert pg.evaluate("document.documentElement.scrollWidth") == width
            pg.keyboard.press("End")
            pg.wait_for_selector(".lb-scores")
            assert pg.evaluate("document.documentElement.scrollWidth") == width
            table, panel = pg.eval_on_selector(".lb-scores", "e => [e.getBoundingClientRect().width, "
                                                            "e.parentElement.clientWidth]")
            assert table <= panel
            if width == 390:
                shot(pg, "replay-html-phone-long-name-end")
        finally:
            ctx.close()


LINES_IN_VIEW = """l => { const box = l.getBoundingClientRect();
  return {height: l.clientHeight, lines: [...l.children].map(li => { const r = li.getBoundingClientRect();
    return [r.top - box.top, r.bottom - box.top, li.classList.contains('lb-current'), li.textContent]; })}; }"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_story_box_shows_whole_lines(browser, tmp_path: Path, width: int) -> None:
    """The story box of the Liquid Courage replay opened at 390 px with '…shuffled.' half cut at its top. Now no
    line is cut by either edge of the box; a step that fits ends at the box's foot (its last line in sight); the
    setup step (20 lines, taller than the box) opens at its own first line."""
    out = tmp_path / "liquid.html"
    lifeboat("replay", ROOT / "docs" / "examples" / "liquid-courage.jsonl", "--html", out)
    doc = embedded(out)
    ctx = browser.new_context(viewport={"width": width, "height": 844 if width == 390 else 900})
    page = ctx.new_page()
    for seq in (1, 122, doc["steps"][-1]["seq"], "next"):
        if seq == "next":
            page.keyboard.press("ArrowLeft")  # stepping draws the box the same way as opening at a #seq
            seq = doc["steps"][-2]["seq"]
        else:
            page.goto("about:blank")
            page.goto(out.as_uri() + f"#seq={seq}")
        assert seq_of(page) == seq
        got = page.eval_on_selector(".lb-lines", LINES_IN_VIEW)
        seen = [(top, bottom, cur, text) for top, bottom, cur, text in got["lines"]
                if bottom > 0 and top < got["height"]]
        assert all(0 <= top and bottom <= got["height"] for top, bottom, _, _ in seen), (seq, seen)
        step = next(s for s in doc["steps"] if s["seq"] == seq)
        current = [text for _, _, cur, text in seen if cur]
        assert current[0] == step["lines"][0]["text"]
        if seq == 1:
            assert current == [line["text"] for line in step["lines"]][:len(current)]
            assert len(step["lines"]) == 20 and 5 <= len(current) < 20
        else:
            assert current == [line["text"] for line in step["lines"]] and seen[-1][2]
        shot(page, f"replay-html-story-{width}-{seq}")
    ctx.close()
