"""The table viewer and the replay stepper in a real headless Chromium (lifeboat/web/viewer; issue 12).

A replay document of a random game is written as one HTML file, opened from disk (no server) and stepped with the
keyboard; the DOM must show exactly the table of the document's step: seats bow to stern, wounds, statuses, the
seat's hand and LOVE/HATE, notes; a round can be jumped to; ``#seq=N`` opens that step; a 390-px phone screen
stays usable. Screenshots go to tests/browser/screenshots/ (gitignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browser.books import random_document
from browser.conftest import shot
from lifeboat.web.viewer import ASSETS, CSP, asset_text, replay_html

SEED, PLAYERS = 3, 5


@pytest.fixture(scope="module")
def doc() -> dict:
    return random_document(SEED, PLAYERS, "kid")


def write(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "replay.html"
    path.write_text(replay_html(doc), encoding="utf-8")
    return path


def step_index(doc: dict, seq: int) -> int:
    return next(i for i, s in enumerate(doc["steps"]) if s["first"] <= seq <= s["seq"])


def test_the_file_stands_alone(doc: dict) -> None:
    text = replay_html(doc)
    assert CSP in text and "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text and "<link" not in text and " src=" not in text
    for name in ASSETS:
        assert asset_text(name) in text


def test_step_with_keys_and_read_the_table(page, tmp_path: Path, doc: dict) -> None:
    page.goto(write(tmp_path, doc).as_uri())
    assert page.get_attribute(".lb-replay", "data-index") == "0"
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    step = doc["steps"][39]
    assert page.get_attribute(".lb-replay", "data-seq") == str(step["seq"])
    table = step["table"]
    seats = page.eval_on_selector_all(".lb-boat .lb-seat", "ns => ns.map(n => n.dataset.character)")
    assert seats == list(table["seats"])
    for ch in table["characters"]:
        node = page.locator(f".lb-seat[data-character={ch['character']}]")
        assert node.get_attribute("data-wounds") == str(ch["wounds"])
        assert node.get_attribute("data-status") == ch["status"]
        assert node.locator(".lb-handsize").get_attribute("data-hand-size") == str(ch["hand_size"])
        assert node.locator(".lb-pip").count() == ch["size"]
    hand = page.eval_on_selector_all(".lb-hand .lb-card", "ns => ns.map(n => n.dataset.card)")
    assert hand == list(table["hand"])
    assert page.get_attribute(".lb-you .lb-love", "data-love") == table["love"]
    assert page.get_attribute(".lb-you .lb-hate", "data-hate") == table["hate"]
    assert page.locator(".lb-secret").count() == 0  # no other seat's hand is drawn
    assert page.inner_text(".lb-line.lb-current") == step["lines"][-1]["text"]
    shot(page, "viewer-desktop-step-39")
    assert page.errors == []


def test_jump_to_a_round_and_to_the_next_navigation(page, tmp_path: Path, doc: dict) -> None:
    page.goto(write(tmp_path, doc).as_uri())
    page.select_option(".lb-round-select", "3")
    first3 = next(s for s in doc["steps"] if s["round"] == 3)
    assert page.get_attribute(".lb-replay", "data-seq") == str(first3["seq"])
    assert page.get_attribute(".lb-table", "data-round") == "3"
    page.keyboard.press("n")
    nav = next(s for s in doc["steps"] if s["round"] >= 3 and s["navigation_card"] and s["seq"] > first3["seq"])
    assert page.get_attribute(".lb-replay", "data-seq") == str(nav["seq"])
    card = next(iter(nav["navigation"]))
    facts = nav["navigation"][card]
    shown = page.locator(f".lb-story .lb-card-nav[data-card='{card}']")
    assert shown.locator(".lb-nav-overboard .lb-chip").count() == len(facts["overboard"])
    assert shown.locator(".lb-nav-thirsty .lb-chip").count() == len(facts["thirsty"])
    shot(page, "viewer-desktop-navigation")
    assert page.errors == []


def test_a_seq_link_opens_that_step(page, tmp_path: Path, doc: dict) -> None:
    path = write(tmp_path, doc)
    target = doc["steps"][120]
    page.goto(path.as_uri() + f"#seq={target['seq']}")
    assert page.get_attribute(".lb-replay", "data-seq") == str(target["seq"])
    assert page.get_attribute(".lb-link", "href") == f"#seq={target['seq']}"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash") == f"#seq={doc['steps'][121]['seq']}"
    page.fill(".lb-seq-input", str(doc["steps"][60]["seq"]))
    page.press(".lb-seq-input", "Enter")
    assert page.get_attribute(".lb-replay", "data-seq") == str(doc["steps"][60]["seq"])
    assert page.errors == []


def test_notes_are_drawn_with_their_step(page, tmp_path: Path) -> None:
    doc = random_document(SEED, PLAYERS, "kid", to=60)
    at = doc["steps"][20]["seq"]
    doc["steps"][20]["notes"] = [{"at": at, "seq": 999, "audience": "public", "character": None, "label": "",
                                  "text": "Watch the Kid keep the Water <b>here</b>."}]
    page.goto(write(tmp_path, doc).as_uri() + f"#seq={at}")
    assert page.inner_text(".lb-note .lb-note-text") == "Watch the Kid keep the Water <b>here</b>."
    assert page.locator(".lb-note b").count() == 0  # text, never markup
    assert page.errors == []


def test_a_phone_screen_stays_usable(browser, tmp_path: Path, doc: dict) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    path = write(tmp_path, doc)
    page.goto(path.as_uri() + f"#seq={doc['steps'][150]['seq']}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width} px"
    for sel in ("[data-action=back]", "[data-action=next]", ".lb-round-select"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40 and box["x"] + box["width"] <= 390
    page.tap("[data-action=next]")
    assert page.get_attribute(".lb-replay", "data-seq") == str(doc["steps"][151]["seq"])
    shot(page, "viewer-phone-390")
    ctx.close()
