"""Fixtures for the browser tests: a real headless Chromium (Debian's ``/usr/bin/chromium``, driven by Playwright's
Python API; no browser download), and a folder for the screenshots a test run takes (gitignored: look at them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
SHOTS = Path(__file__).resolve().parent / "screenshots"

# Every box whose content sticks out of it sideways (its overflow is not a scroll box) and every box past the
# window's right edge: what a reader sees cut or pushed off the screen.
STICKING_OUT = """() => {
  const out = [], W = document.documentElement.clientWidth;
  for (const e of document.querySelectorAll('body *')) {
    const cs = getComputedStyle(e), r = e.getBoundingClientRect();
    if (!r.width || cs.display === 'inline') continue;
    const name = e.tagName.toLowerCase() + '.' + String(e.className).trim().split(/\\s+/).join('.');
    if (r.right > W + 0.5) out.push(name + ' ends at ' + Math.round(r.right));
    else if (cs.overflowX === 'visible' && e.scrollWidth > e.clientWidth + 1) out.push(name + ' holds ' + e.scrollWidth + ' in ' + e.clientWidth);
  }
  return out;
}"""


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One Chromium for the whole run (starting it costs about a second)."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: .ci/run installs Debian's chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    """A fresh page (its own context) at a desktop size; blocks every request that is not the file itself."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    pg.errors = errors  # type: ignore[attr-defined]
    yield pg
    ctx.close()


def live_seat(browser, link: str, locale: str, width: int = 390, height: int = 844):  # type: ignore[no-untyped-def]
    """A served seat page in its own context (``locale``, ``width``×``height``) once its stream is live, its script
    errors kept in ``pg.errors``: ``(context, page)``; the caller closes the context."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors  # type: ignore[attr-defined]
    pg.goto(link)
    pg.wait_for_selector("#sv-conn[data-state=live]")
    return ctx, pg


def shot(pg, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Save a full-page screenshot ``tests/browser/screenshots/NAME.png`` and return its path."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    return path
