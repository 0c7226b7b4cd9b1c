"""Driving the seat page's decisions as a person does (issue 28): verb, then object, then Confirm.

Every button of the decision panel (``#sv-decide``) and of a card's or a character's sheet carries
``data-indexes``: the indexes (in the page's ``lifeboatPage.decisions``) of the decisions it leads to."""

from __future__ import annotations

VISIBLE_BUTTONS = """() => Array.from(document.querySelectorAll('#sv-decide button')).filter(b => {
  const r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).map(b => b.textContent)"""

ENTRY_TEXTS = "() => window.LifeboatSeatDecide.entries(window.lifeboatPage).map(e => e.d.text)"


def pick(pg, index: int, max_taps: int = 8) -> int:  # type: ignore[no-untyped-def]
    """Tap through the panel to decision ``index`` and send it (Confirm, or the one tap of a window's Pass); returns
    the number of taps. Raises AssertionError when no button leads there."""
    seq = pg.evaluate("() => window.lifeboatPage.seq")
    for taps in range(1, max_taps + 1):
        confirm = pg.locator(f"#sv-decide .sv-confirm[data-indexes~='{index}']")
        if confirm.count():
            confirm.first.click()
            return taps
        button = pg.locator(f"#sv-decide button.sv-choice:not(.sv-back)[data-indexes~='{index}']")
        assert button.count(), (index, pg.evaluate(VISIBLE_BUTTONS))
        button.first.click()
        if pg.evaluate(f"() => window.lifeboatPage.busy || window.lifeboatPage.seq > {seq}") or \
                not pg.locator("#sv-decide .sv-confirm").count() and not pg.locator("#sv-decide button").count():
            return taps  # sent at one tap (a Pass in a window)
    raise AssertionError(f"decision {index} not reached in {max_taps} taps")


def visible_buttons(pg) -> list[str]:  # type: ignore[no-untyped-def]
    return pg.evaluate(VISIBLE_BUTTONS)  # type: ignore[no-any-return]


def entry_texts(pg) -> list[str]:  # type: ignore[no-untyped-def]
    """The sentence of every distinct decision the panel offers (alike cards once)."""
    return pg.evaluate(ENTRY_TEXTS)  # type: ignore[no-any-return]
