"""Issue 28: a table page four friends can play on, in Debian's Chromium at 390×844.

- In several bot games, at every decision of one seat, the first screen (no scrolling) holds the whole boat, the
  seat's hand and the line saying what is asked; at most nine buttons are visible at once at every step of the
  verb-then-object panel; no single tap commits a decision but a window's Pass (no tap before Confirm sends
  anything, the server's seq does not move); mugs, changes of seats and offers each went through Confirm.
- The page's title says "Your turn" exactly while a decision is asked of the seat (and never on the spectator's).
- Every card in a hand shows its text on a tap (from the game's card data), with what the seat may do with it, in
  English and in Chinese; a tap on a character shows its ability and what the seat may do to them.
- Four browser seats play a whole game to the end through the new controls.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import httpx
import msgspec
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lifeboat.commands import PlayerCommand
from tests.browser.conftest import shot
from tests.browser.seat_ui import visible_buttons
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture
from tests.web.players import random_bot

PHONE = {"width": 390, "height": 844}
HTTP = httpx.Client()
CARDS = json.loads((Path(__file__).resolve().parents[2] / "lifeboat" / "data" / "cards.json").read_text("utf-8"))
TEXTS = {e["id"]: e.get("text", "") for entries in CARDS["provisions"].values() for e in entries if e.get("text")}
ZH = json.loads((Path(__file__).resolve().parents[2] / "lifeboat/web/static/locale/zh_Hans.json").read_text("utf-8"))

FIRST_SCREEN = """() => {
  const H = window.innerHeight, W = document.documentElement.clientWidth, out = [];
  const parts = [['ask', '#sv-ask'], ['hand', '#sv-hand']].map(([n, s]) => [n, document.querySelector(s)]);
  document.querySelectorAll('#sv-board .sv-seat').forEach((e, i) => parts.push(['seat ' + i, e]));
  for (const [name, e] of parts) {
    const r = e.getBoundingClientRect();
    if (!r.height || r.top < 0 || r.bottom > H || r.right > W + 0.5) out.push(name + ' at ' + Math.round(r.top) + '-' + Math.round(r.bottom));
  }
  return {out: out, seats: document.querySelectorAll('#sv-board .sv-seat').length, scrollY: window.scrollY};
}"""

# a decision is asked of the page's seat: it is one the game waits for, and it holds decisions (a seat may hold
# some out of turn: a reveal)
ASKED = ("(window.lifeboatPage.decisions.length > 0 && !window.lifeboatPage.view.over && "
         "window.lifeboatPage.view.waiting_for.includes(window.lifeboatPage.view.viewer))")

TITLES = """
window.titles = [];
// watched from the document's start (not from DOMContentLoaded, which the stream's first message can precede):
// each new title, with the page's seq and whether a decision is asked of its seat then
(() => {
  let last = null;
  new MutationObserver(() => {
    if (document.title === last) return;
    last = document.title;
    window.titles.push([document.title, (window.lifeboatPage || {}).seq,
                        !!(window.lifeboatPage && window.lifeboatPage.view && ASKED)]);
  }).observe(document, {childList: true, characterData: true, subtree: true});
})();
""".replace("ASKED", ASKED)


def api_state(server: Server, game: str, token: str) -> dict:
    r = HTTP.get(f"{server.base}/api/games/{game}/state", headers=auth(token))
    assert r.status_code == 200
    return r.json()


def settle(pg, timeout: float = 30) -> dict:  # type: ignore[no-untyped-def]
    """What the page holds once a decision is asked of its seat, or the game is over: {seq, view, decisions}."""
    pg.wait_for_function(f"() => window.lifeboatPage.view && !window.lifeboatPage.busy && "
                         f"(window.lifeboatPage.view.over || {ASKED})", timeout=timeout * 1000, polling=30)
    return pg.evaluate("() => { const s = window.lifeboatPage; return {seq: s.seq, view: s.view, decisions: s.decisions}; }")


def after(pg, seq: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's decision was answered (a refusal as stale too: the page says so and reads again)."""
    pg.wait_for_function(f"() => !window.lifeboatPage.busy && (window.lifeboatPage.seq > {seq} || "
                         "document.getElementById('sv-notice').dataset.kind === 'conflict')", polling=30)
    # (polling, not animation frames: a page in a background tab gets a frame a second at best)


def tap_to(pg, server: Server, g: dict, index: int, seq: int) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    """Tap through the panel to decision ``index`` and send it, checking at every step that at most nine buttons
    are visible and that no tap before the last one sent anything. Returns (taps, verb), or (0, "") when the table
    changed under the finger (another seat answered the same window first, under load): the panel was drawn anew
    for the new table and nothing of this decision was sent; the caller reads the page again."""
    verb = pg.evaluate(f"() => window.lifeboatPage.decisions[{index}].verb")
    sent = pg.evaluate("() => window.lifeboatPage.sent || 0")
    for taps in range(1, 9):
        if pg.evaluate("() => window.lifeboatPage.seq") != seq:
            return 0, ""
        shown = visible_buttons(pg)
        assert 0 < len(shown) <= 9, shown
        confirm = pg.locator(f"#sv-decide .sv-confirm[data-indexes~='{index}']")
        target = confirm if confirm.count() else \
            pg.locator(f"#sv-decide button.sv-choice:not(.sv-back)[data-indexes~='{index}']")
        assert target.count(), (index, shown)
        final = bool(confirm.count())
        try:
            target.first.click(timeout=5000)
        except PlaywrightTimeout:  # the button went with the panel it was on (it waited 30 s and failed the test)
            if pg.evaluate("() => window.lifeboatPage.seq") != seq:
                return 0, ""
            raise
        if final:
            return taps, verb
        if pg.evaluate("() => window.lifeboatPage.sent || 0") != sent:
            assert verb == "pass", f"one tap committed a {verb}"  # PROC-1: a window's Pass goes at one tap
            return taps, verb
    raise AssertionError(f"decision {index} not reached")


CONFIRMED = ("mug", "swap", "offer")
"""The decisions the panel sends only after a Confirm."""


def test_every_decision_of_a_seat_fits_the_first_screen_and_needs_a_second_tap(server: Server, browser) -> None:  # noqa: F811
    verbs: dict[str, int] = {}
    decisions = 0
    for seed in (31, 32, 33):
        g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=seed,
                     options=["quick_game=on"])
        ctx = browser.new_context(viewport=PHONE)
        try:
            pg = ctx.new_page()
            pg.add_init_script(TITLES)
            errors: list[str] = []
            pg.on("pageerror", lambda exc: errors.append(str(exc)))
            pg.goto(g["links"]["Ann"])
            pg.wait_for_selector("#sv-conn[data-state=live]")
            watcher_ctx = browser.new_context(viewport=PHONE)  # its own window: a background tab gets a frame a
            watcher = watcher_ctx.new_page()                  # second at best, and every tap waits for frames
            watcher.add_init_script(TITLES)
            watcher.goto(g["links"]["spectator"])
            rng = random.Random(seed)
            while True:
                st = settle(pg)
                if st["view"]["over"]:
                    break
                pg.evaluate("() => window.scrollTo(0, 0)")
                fit = pg.evaluate(FIRST_SCREEN)
                assert fit["out"] == [] and fit["seats"] == 4, (seed, st["seq"], fit)
                if not pg.title().startswith("Your turn · "):  # a newer table came since settle (another seat
                    assert pg.evaluate("() => window.lifeboatPage.seq") != st["seq"], pg.title()  # answered first)
                    continue
                step = st["view"]["step"]
                if step["kind"] == "action_turn" and step["data"]["actor"] == st["view"]["viewer"]:
                    assert pg.inner_text("#sv-ask") == "Your action."  # said once, not "Your turn: Your action."
                else:
                    assert pg.inner_text("#sv-ask").startswith("Your turn: ")
                if decisions == 3:
                    shot(pg, "seat-table-phone-turn")
                legal = [msgspec.convert(d["command"], PlayerCommand) for d in st["decisions"]]
                me = st["view"]["viewer"]
                index = legal.index(random_bot(me, legal, rng))
                confirmed = [i for i, d in enumerate(st["decisions"]) if d["verb"] in CONFIRMED]
                if confirmed and sum(verbs.get(v, 0) for v in CONFIRMED) < 3:  # a few of each game's, whatever
                    index = rng.choice(confirmed)  # the bots' answers did (they depend on timing under load)
                _, verb = tap_to(pg, server, g, index, st["seq"])
                if not verb:  # the table changed first: read it again
                    continue
                verbs[verb] = verbs.get(verb, 0) + 1
                decisions += 1
                after(pg, st["seq"])
                now = pg.evaluate(f"() => [document.title, {ASKED}]")
                assert now[0].startswith("Your turn") == now[1], now
            # the title said "Your turn" exactly while the page held a decision of the seat's; never the spectator's
            titles = pg.evaluate("() => window.titles")
            assert titles and all(t.startswith("Your turn") == mine for t, _, mine in titles), titles
            assert not any("Your turn" in t for t, _, _ in watcher.evaluate("() => window.titles"))
            assert errors == []
            watcher_ctx.close()
        finally:
            ctx.close()
    assert decisions >= 30, decisions
    assert sum(verbs.get(v, 0) for v in CONFIRMED) >= 3, verbs


def test_a_mug_a_swap_and_an_offer_each_wait_for_confirm(server: Server, browser) -> None:  # noqa: F811
    """At Ann's first action: the panel's Mug, Change seats and Offer each lead to a Confirm that names the
    decision; Cancel goes back and nothing was sent."""
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=34)
    ctx = browser.new_context(viewport=PHONE)
    try:
        pg = ctx.new_page()
        pg.goto(g["links"]["Ann"])
        rng = random.Random(34)
        seen: set[str] = set()
        for _ in range(80):
            st = settle(pg)
            if st["view"]["over"]:
                break
            kinds = {d["verb"] for d in st["decisions"]}
            for verb in ("mug", "swap", "offer"):
                if verb in kinds and verb not in seen:
                    index = next(i for i, d in enumerate(st["decisions"]) if d["verb"] == verb)
                    for _ in range(6):
                        if pg.locator(f"#sv-decide .sv-confirm[data-indexes~='{index}']").count():
                            break
                        pg.locator(f"#sv-decide button.sv-choice:not(.sv-back)[data-indexes~='{index}']").first.click()
                    confirm = pg.locator("#sv-decide .sv-confirm")
                    assert confirm.count() == 1 and confirm.inner_text().startswith("Confirm: ")
                    assert pg.inner_text("#sv-decide .sv-confirm-text") == st["decisions"][index]["text"]
                    time.sleep(0.2)
                    assert api_state(server, g["game"], g["tokens"]["referee"])["seq"] == st["seq"]
                    if verb == "mug":
                        shot(pg, "seat-table-phone-confirm")
                    pg.click("#sv-decide .sv-back")  # Cancel: back to the choices, nothing sent
                    assert pg.locator("#sv-decide .sv-confirm").count() == 0
                    while pg.locator("#sv-decide .sv-back").count():
                        pg.click("#sv-decide .sv-back")
                    assert "What will you do?" in pg.inner_text("#sv-decide")
                    seen.add(verb)
            legal = [msgspec.convert(d["command"], PlayerCommand) for d in st["decisions"]]
            tap_to(pg, server, g, legal.index(random_bot(st["view"]["viewer"], legal, rng)), st["seq"])
            after(pg, st["seq"])
            if seen == {"mug", "swap", "offer"}:
                break
        assert seen == {"mug", "swap", "offer"}, seen
    finally:
        ctx.close()


def sheet(pg) -> dict:  # type: ignore[no-untyped-def]
    return pg.evaluate("""() => ({open: !document.getElementById('sv-info').hidden,
        title: document.querySelector('.sv-info-title').textContent,
        text: Array.from(document.querySelectorAll('#sv-info-body p')).map(p => p.textContent),
        acts: Array.from(document.querySelectorAll('#sv-info-acts button')).map(b => b.dataset.indexes),
        seq: window.lifeboatPage.seq})""")


def _read_cards_to_the_end(pg, server: Server, g: dict, rng: random.Random, checked: int,  # type: ignore[no-untyped-def]
                           turns: int) -> tuple[int, int]:
    """Play Ann's seat of game ``g`` on page ``pg`` to the game's end by the random bot's choices, opening each card
    of her hand at her turns (until ten were checked, counting ``checked`` from before) and, at her third turn
    (counting ``turns``), a character; returns the two counts."""
    for _ in range(120):  # Ann's turns, and the reads again when a bot moved first (more of them under load)
        st = settle(pg)
        if st["view"]["over"]:
            break
        moved = False
        for card in st["view"]["hand"] if checked < 10 else ():  # then on to the game's end, as it was
            try:  # a bot may have taken it since (a mug): the page is read again
                pg.click(f"#sv-hand .lb-card[data-card='{card}']", timeout=3000)
            except PlaywrightTimeout:
                moved = True
                break
            got = sheet(pg)
            if got["seq"] != st["seq"]:  # a bot decided meanwhile (a window several seats answer): the
                try:  # sheet is of newer decisions than st's; read the page again. The new table closes
                    pg.click("#sv-info-close", timeout=3000)  # the sheet itself (seat.js), perhaps first: then
                except PlaywrightTimeout:  # this click waited 30 s for a hidden button and failed the test
                    pass
                moved = True
                break
            face = card.rsplit("-", 1)[0]
            assert got["open"] and got["text"], got
            if face in TEXTS:
                assert TEXTS[face] in got["text"], (card, got)
            else:  # a treasure or a plain weapon says its points or its strength
                assert any(x.startswith(("Treasure:", "Weapon:")) for x in got["text"]), (card, got)
            wanted = {i for i, d in enumerate(st["decisions"]) if card in d["cards"]}
            offered = {int(x) for a in got["acts"] for x in a.split()}
            # every decision with this card, and those with a card alike (one choice for alike cards)
            assert wanted <= offered, (card, got, wanted)
            assert all(any(c.rsplit("-", 1)[0] == face for c in st["decisions"][i]["cards"]) for i in offered)
            if checked == 0:
                shot(pg, "seat-table-phone-card")
            pg.click("#sv-info-close")
            checked += 1
        if moved:
            continue
        turns += 1
        if turns == 3:  # a character: its ability, and what Ann may do to them
            other = next(c for c in st["view"]["characters"] if c["character"] != st["view"]["viewer"])
            pg.click(f"#sv-board .sv-seat[data-character='{other['character']}']")
            got = sheet(pg)
            assert got["open"] and any(x.startswith(("Ability: ", "No special ability.")) for x in got["text"])
            pg.click("#sv-info-close")
        legal = [msgspec.convert(d["command"], PlayerCommand) for d in st["decisions"]]
        tap_to(pg, server, g, legal.index(random_bot(st["view"]["viewer"], legal, rng)), st["seq"])
        after(pg, st["seq"])
    return checked, turns


def test_every_card_in_a_hand_shows_its_text(server: Server, browser) -> None:  # noqa: F811
    ctx = browser.new_context(viewport=PHONE)
    try:
        pg = ctx.new_page()
        checked, turns = 0, 0
        for seed in (35, 37, 39):  # a quick game may end before ten cards were read (Ann mugged, reads cut short by
            g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=seed,  # the bots'
                         options=["quick_game=on"])  # moves, more of them under load): then another game
            pg.goto(g["links"]["Ann"])
            checked, turns = _read_cards_to_the_end(pg, server, g, random.Random(seed), checked, turns)
            if checked >= 10 and turns >= 3:
                break
        assert checked >= 10 and turns >= 3, (checked, turns)
        # in Chinese: the card's text from the catalogs, its name as the card data's
        pg.select_option("select.lb-lang", "zh_Hans")  # the picker: the page reads the game again in Chinese
        pg.wait_for_function("() => document.documentElement.lang === 'zh-Hans' && "
                             "window.lifeboatPage.seq > 0", polling=30)
        st = api_state(server, g["game"], g["tokens"]["Ann"])
        pg.wait_for_function(f"() => window.lifeboatPage.seq === {st['seq']}")
        for card in st["view"]["hand"]:
            face = card.rsplit("-", 1)[0]
            pg.click(f"#sv-hand .lb-card[data-card='{card}']")
            pg.wait_for_function("() => !document.getElementById('sv-info').hidden")
            got = sheet(pg)
            if face in TEXTS:
                assert ZH["card text\u0004" + TEXTS[face]] in got["text"], got
            pg.click("#sv-info-close")
        shot(pg, "seat-table-phone-zh")
    finally:
        ctx.close()


def test_four_browser_seats_play_a_game_to_the_end(server: Server, browser) -> None:  # noqa: F811
    names = ["Ann", "Bob", "Cy", "Dee"]
    g = new_game(server, names, seed=36, options=["quick_game=on"])
    contexts, pages, errors = [], {}, []
    try:
        for name in names:
            contexts.append(browser.new_context(viewport=PHONE))  # a phone each (a tab of one would be throttled)
            pages[name] = pg = contexts[-1].new_page()
            pg.on("pageerror", lambda exc: errors.append(str(exc)))
            pg.goto(g["links"][name])
            pg.wait_for_selector("#sv-conn[data-state=live]")
        rng = random.Random(36)
        for _ in range(600):
            ref = api_state(server, g["game"], g["tokens"]["referee"])
            if ref["view"]["over"]:
                break
            players = {c["character"]: c["player"] for c in ref["view"]["characters"]}
            name = players[ref["view"]["waiting_for"][0]]
            pg = pages[name]
            st = settle(pg)
            if st["view"]["over"] or st["seq"] != ref["seq"]:
                continue
            legal = [msgspec.convert(d["command"], PlayerCommand) for d in st["decisions"]]
            tap_to(pg, server, g, legal.index(random_bot(st["view"]["viewer"], legal, rng)), st["seq"])
            after(pg, st["seq"])
        for pg in pages.values():
            pg.wait_for_selector("body[data-over=yes]")
            assert pg.inner_text("#sv-ask") == "The game is over."
            assert not pg.title().startswith("Your turn")
        shot(pages["Ann"], "seat-table-phone-end")
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
