"""The seat pages of ``lifeboat serve`` in real headless Chromium: four browser contexts play four seats of a
five-player quick game (OPT-QUICK) to the end (a bot plays the fifth seat), each page showing its own seat's secrets and no other's at
several moments; a page that goes offline mid-game catches up; two tabs of one seat agree; a stale click gets a
clear conflict (SERVE-2). Screenshots at 390 px and at desktop width go to tests/browser/screenshots/."""

from __future__ import annotations

import random
import re
import time

import httpx
import msgspec
import pytest

from lifeboat.commands import PlayerCommand
from tests.browser.conftest import shot
from tests.browser.seat_ui import pick
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture
from tests.web.players import random_bot

HUMANS = ["Ann", "Bob", "Cy", "Dee"]
PLAYERS = HUMANS + ["Eve"]
CARD = re.compile(r"\b(?:[a-z_]+-\d+|nav-c?\d+)\b")
NOT_SERVED = ("No game opens with this link here. The game may not be served now (the server was restarted without "
              "it), or the link is old or was cut short (everything after the # belongs to it). Ask the host for "
              "your link, and open it whole.")  # SERVE-1: an unknown game and a wrong token look alike


HTTP = httpx.Client()

# What the header said each time the page turned 'live' (a MutationObserver sees each change as it happens)
WHO_WHEN_LIVE = """
window.whoWhenLive = [];
// watched from the document's start, not from DOMContentLoaded: the stream's first message can arrive before that
// event (CI once saw 'live' set before the observer existed, and an empty list)
(() => {
let state = null;
new MutationObserver(() => {
  const conn = document.getElementById('sv-conn');
  const now = conn ? conn.dataset.state : null;
  if (now === 'live' && state !== 'live') window.whoWhenLive.push(document.getElementById('sv-who').textContent);
  state = now;
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state']});
})();
"""


def api_state(server: Server, game: str, token: str) -> dict:
    r = HTTP.get(f"{server.base}/api/games/{game}/state", headers=auth(token))
    assert r.status_code == 200
    return r.json()


def page_state(pg) -> dict:  # type: ignore[no-untyped-def]
    return pg.evaluate("() => { const s = window.lifeboatPage; return {seq: s.seq, over: !!(s.view && s.view.over),"
                       " decisions: s.decisions, story: s.story, complete: s.storyComplete !== false,"
                       " conn: document.getElementById('sv-conn').dataset.state}; }")


def wait_seq(pg, seq: int, timeout: float = 10.0) -> dict:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while True:
        st = page_state(pg)
        if (st["seq"] >= seq and st["complete"]) or time.monotonic() > deadline:
            return st
        time.sleep(0.02)


def check_secrets(server: Server, g: dict, pages: dict) -> None:  # type: ignore[no-untyped-def]
    """Each page holds exactly its own seat's hand, LOVE and HATE, and no card id its seat may not know. Checked
    while the game waits for no bot (a bot's move during the checks made the seqs differ, on a loaded machine)."""
    deadline = time.monotonic() + 10
    while True:
        ref = api_state(server, g["game"], g["tokens"]["referee"])
        players = {c["character"]: c["player"] for c in ref["view"]["characters"]}
        bots_to_move = [c for c in ref["view"]["waiting_for"] if players[c] not in HUMANS]
        if ref["view"]["over"] or not bots_to_move or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    for pg in pages.values():
        wait_seq(pg, ref["seq"])
    secrets = {s["character"]: s for s in ref["view"]["secrets"]}
    for name, pg in pages.items():
        mine = api_state(server, g["game"], g["tokens"][name])
        assert mine["seq"] == ref["seq"] == page_state(pg)["seq"]
        me = mine["view"]["viewer"]
        html = pg.content()
        hand = pg.eval_on_selector_all(".lb-hand .lb-card", "els => els.map(e => e.dataset.card)")
        assert sorted(hand) == sorted(secrets[me]["hand"])
        if not ref["view"]["over"]:
            assert pg.eval_on_selector_all("[data-love]", "els => els.map(e => e.dataset.love)") == [secrets[me]["love"]]
            assert pg.eval_on_selector_all("[data-hate]", "els => els.map(e => e.dataset.hate)") == [secrets[me]["hate"]]
        known = set(CARD.findall(msgspec.json.encode(mine).decode()))
        for other, s in secrets.items():
            if other != me:
                leaked = set(s["hand"]) & set(CARD.findall(html)) - known
                assert not leaked, (name, other, leaked)


def type_line(pg, line: str) -> None:  # type: ignore[no-untyped-def]
    """Type a line of notation in the expert field (opened first) and send it."""
    if not pg.evaluate("() => document.getElementById('sv-expert').open"):
        pg.click("#sv-expert summary")
    pg.fill("#sv-line-text", line)
    pg.click("#sv-line button[type=submit]")


def waiting_players(server: Server, g: dict) -> list[str]:
    view = api_state(server, g["game"], g["tokens"]["referee"])["view"]
    players = {c["character"]: c["player"] for c in view["characters"]}
    return [players[c] for c in view["waiting_for"]]


def choose(pg, rng: random.Random, me: str, decisions: list[dict], typed: bool) -> None:  # type: ignore[no-untyped-def]
    legal = [msgspec.convert(d["command"], PlayerCommand) for d in decisions]
    cmd = random_bot(me, legal, rng)
    index = legal.index(cmd)
    if typed:
        type_line(pg, decisions[index]["line"])
    else:
        pick(pg, index)  # alike cards share one button


def play_until(server: Server, g: dict, pages: dict, rng: random.Random, stop) -> int:  # type: ignore[no-untyped-def]
    """Click decisions on the pages (one in eight typed in the notation box) until ``stop(steps)``, the end, or
    nothing moves for two seconds (the game waits for a page that is not playing)."""
    steps = 0
    seats = {n: api_state(server, g["game"], g["tokens"][n])["view"]["viewer"] for n in pages}
    last, idle = -1, time.monotonic()
    while not stop(steps):
        ref = api_state(server, g["game"], g["tokens"]["referee"])
        if ref["view"]["over"]:
            return steps
        if ref["seq"] != last:
            last, idle = ref["seq"], time.monotonic()
        elif time.monotonic() - idle > 2:
            return steps
        acted = False
        for name in [n for n in pages if seats[n] in ref["view"]["waiting_for"]][:1]:
            pg = pages[name]
            st = wait_seq(pg, ref["seq"])
            if st["decisions"] and st["seq"] == ref["seq"]:
                choose(pg, rng, seats[name], st["decisions"], typed=rng.random() < 0.125)
                wait_seq(pg, ref["seq"] + 1)
                acted, steps = True, steps + 1
        if not acted:
            time.sleep(0.02)  # a bot's turn, or the offline page's
            if stop(steps):
                break
    return steps


@pytest.mark.slow  # ~29 s, CI's longest test: CI keeps the whole game on a phone (test_whole_game_fits) and two
# live pages agreeing (test_two_tabs_agree_and_a_stale_click_gets_a_conflict); four players to the end run here
def test_four_browsers_play_a_game_to_the_end(server: Server, browser) -> None:  # noqa: F811
    g = new_game(server, PLAYERS, bots=["Eve"], seed=21, options=["quick_game=on"])
    contexts, pages, errors = [], {}, []
    for i, name in enumerate(HUMANS):
        ctx = browser.new_context(viewport={"width": 390, "height": 844} if i % 2 == 0 else
                                  {"width": 1280, "height": 900})
        pg = ctx.new_page()
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(g["links"][name])
        contexts.append(ctx)
        pages[name] = pg
    try:
        for pg in pages.values():
            pg.wait_for_selector("#sv-conn[data-state=live]")
        rng = random.Random(21)
        check_secrets(server, g, pages)
        shot(pages["Ann"], "serve-seat-phone-start")
        play_until(server, g, pages, rng, lambda n: n >= 25)
        check_secrets(server, g, pages)
        shot(pages["Ann"], "serve-seat-phone-mid")
        shot(pages["Bob"], "serve-seat-desktop-mid")

        # Dee's phone goes offline: the others play on; back online it catches up from its last seq.
        dee = pages["Dee"]
        play_until(server, g, pages, rng, lambda n: "Dee" not in waiting_players(server, g))
        before = page_state(dee)["seq"]
        contexts[3].set_offline(True)
        dee.wait_for_selector("#sv-conn[data-state=offline]")
        others = {k: v for k, v in pages.items() if k != "Dee"}
        start = api_state(server, g["game"], g["tokens"]["referee"])["seq"]
        play_until(server, g, others, rng,
                   lambda n: n >= 4 or api_state(server, g["game"], g["tokens"]["referee"])["seq"] > start + 3)
        moved = api_state(server, g["game"], g["tokens"]["referee"])["seq"]
        assert moved > before and page_state(dee)["seq"] == before
        contexts[3].set_offline(False)
        dee.wait_for_selector("#sv-conn[data-state=live]")
        caught = wait_seq(dee, moved)
        full = api_state(server, g["game"], g["tokens"]["Dee"])
        assert caught["seq"] == full["seq"]
        assert caught["story"] == [e["text"] for e in full["events"]]
        dee.click("#sv-story-toggle")  # the whole story, a tap away
        assert dee.eval_on_selector_all("#sv-story li", "els => els.length") == len(full["events"])
        check_secrets(server, g, pages)

        play_until(server, g, pages, rng, lambda n: n >= 40)
        check_secrets(server, g, pages)
        play_until(server, g, pages, rng, lambda n: False)
        for pg in pages.values():
            pg.wait_for_selector("body[data-over=yes]")
        check_secrets(server, g, pages)
        shot(pages["Ann"], "serve-seat-phone-end")
        shot(pages["Bob"], "serve-seat-desktop-end")
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def test_two_tabs_agree_and_a_stale_click_gets_a_conflict(server: Server, browser) -> None:  # noqa: F811
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=22, options=["quick_game=on"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        one, two = ctx.new_page(), ctx.new_page()
        for pg in (one, two):
            pg.goto(g["links"]["Ann"])
            pg.wait_for_selector("#sv-conn[data-state=live]")
        conflicts = 0
        for _ in range(200):
            ref = api_state(server, g["game"], g["tokens"]["referee"])
            if ref["view"]["over"]:
                break
            st1, st2 = wait_seq(one, ref["seq"]), wait_seq(two, ref["seq"])
            if not st1["decisions"] or st1["seq"] != ref["seq"] or st2["seq"] != ref["seq"]:
                time.sleep(0.02)
                continue
            # both tabs click at once: the first click wins, the other tab is told and refreshed
            # (each tab taps its way to a decision's Confirm, then both confirm)
            n = len(st1["decisions"])
            for pg, i in ((one, n - 1), (two, 0)):
                pg.evaluate(f"() => {{ const e = window.LifeboatSeatDecide.entries(window.lifeboatPage)"
                            f".find(x => x.indexes.includes({i})); if (e) window.LifeboatSeatDecide.choose("
                            f"window.lifeboatPage, e); }}")  # (none: the table moved on meanwhile)
            one.evaluate("document.querySelector('#sv-decide .sv-confirm')?.click()")
            two.evaluate("document.querySelector('#sv-decide .sv-confirm')?.click()")  # none if the first won already
            wait_seq(one, ref["seq"] + 1)
            wait_seq(two, ref["seq"] + 1)
            time.sleep(0.1)
            notes = [pg.inner_text("#sv-notice") for pg in (one, two)]
            if any(n.startswith("Someone else decided first") for n in notes):
                conflicts += 1
                if conflicts == 1:
                    shot(two if notes[1] else one, "serve-seat-phone-conflict")
        final = api_state(server, g["game"], g["tokens"]["Ann"])
        s1, s2 = wait_seq(one, final["seq"]), wait_seq(two, final["seq"])
        assert s1["seq"] == s2["seq"] == final["seq"]
        # END-2: once the game is over every tab reads the story again from the start, revealed: both tabs tell
        # the story a page opened after the end tells (a tab that had seen the end live used to keep the hidden one)
        assert s1["story"] == s2["story"] == [ev["text"] for ev in final["events"]]
        assert conflicts >= 1
        assert "[SERVE-2]" in (one.inner_text("#sv-notice") + two.inner_text("#sv-notice")) or conflicts >= 1
    finally:
        ctx.close()


def test_spectator_page_and_a_wrong_link(server: Server, browser) -> None:  # noqa: F811
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=23)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = ctx.new_page()
        pg.add_init_script(WHO_WHEN_LIVE)
        pg.goto(g["links"]["spectator"])
        pg.wait_for_selector("#sv-conn[data-state=live]")
        assert pg.inner_text("#sv-who") == "Spectator"
        # 'live' is shown only once the first message is drawn, never over an empty header (it once was)
        assert pg.evaluate("() => window.whoWhenLive") == ["Spectator"]
        assert pg.eval_on_selector_all(".lb-hand .lb-card", "els => els.length") == 0
        assert pg.eval_on_selector_all("#sv-decide button", "els => els.length") == 0
        assert pg.is_hidden("#sv-line")
        shot(pg, "serve-spectator-desktop")
        pg.select_option("select.lb-lang", "zh_Hans")  # Chinese names (issue 29: the whole page)
        pg.wait_for_function("() => document.documentElement.lang === 'zh-Hans' && window.lifeboatPage.seq > 0 && "
                             "/[\\u4e00-\\u9fff]/.test(document.getElementById('sv-ask').textContent)")
        seat_names = pg.eval_on_selector_all(".lb-seat .lb-name", "els => els.map(e => e.textContent)")
        assert len(seat_names) == 4 and not any(ch.isascii() and ch.isalpha() for n in seat_names for ch in n)
        shot(pg, "serve-spectator-desktop-zh")
        # the language is remembered by the browser: the wrong links below speak it (they once spoke English, the
        # 404 coming before the catalog); English again for them
        pg.select_option("select.lb-lang", "en")
        pg.wait_for_function("() => document.documentElement.lang === 'en'")
        wrong = ctx.new_page()
        wrong.goto(g["links"]["Ann"].split("#")[0] + "#not-a-token")
        wrong.wait_for_selector("#sv-conn[data-state=gone]")
        assert wrong.inner_text("#sv-notice") == NOT_SERVED
        assert not wrong.is_visible("#sv-line-text") and not wrong.is_visible(".sv-story-box")  # no box to type into
        # a link cut after a '%' threw 'URI malformed' and the page said 'connecting…' for ever
        errors: list[str] = []
        cut = ctx.new_page()
        cut.on("pageerror", lambda exc: errors.append(str(exc)))
        cut.goto(g["links"]["Ann"].split("#")[0] + "#abc%E0%A4%A")
        cut.wait_for_selector("#sv-conn[data-state=gone]")
        assert cut.inner_text("#sv-notice") == NOT_SERVED
        assert errors == []
    finally:
        ctx.close()


def test_a_long_name_and_a_long_refused_word_fit_a_phone(server: Server, browser) -> None:  # noqa: F811
    """SETUP-1 allows a 40-character player name: with no space in it, it pushed the seat page to 420 px at a 390-px
    viewport (header and seat card cut off); a 300-character word typed in the box, echoed whole by the
    NOTATION-1 refusal, pushed it to 2,590 px. Both now break inside their box (and the refusal quotes 20)."""
    name = "MaximilianaWilhelminaVonHabsburgsteinXyz"
    g = new_game(server, [name, "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=3)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.goto(g["links"][name])
        pg.wait_for_selector("#sv-conn[data-state=live]")
        assert pg.inner_text("#sv-who").endswith(name)
        assert pg.evaluate("document.documentElement.scrollWidth") == 390
        # the seat card's size and survival stay inside the card
        right = pg.eval_on_selector_all(".lb-seat .lb-stats", "els => els.map(e => e.getBoundingClientRect().right)")
        card = pg.eval_on_selector(".lb-seat", "e => e.getBoundingClientRect().right")
        assert len(right) == 4 and max(right) <= card
        type_line(pg, "x" * 300)
        pg.wait_for_selector("#sv-notice[data-kind=error]")
        assert pg.inner_text("#sv-notice") == ("Refused [NOTATION-1] a word of 300 characters ('xxxxxxxxxxxxxxxxxxxx'…); "
                                               "no word or name of the notation is longer than 60")
        assert pg.evaluate("document.documentElement.scrollWidth") == 390
        shot(pg, "serve-seat-phone-long-name")
    finally:
        ctx.close()


def test_the_referees_small_navigation_cards_hold_their_title(server: Server, browser) -> None:  # noqa: F811
    """The referee's decks at 390 px: each small navigation card's 'Navigation 19' stuck 5.5 px out of its card's
    right edge (74 px wide, the icon and the bold title did not fit)."""
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], seed=24)  # nobody moves: the 24 navigation cards stay
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.goto(g["links"]["referee"])
        pg.wait_for_selector("#sv-conn[data-state=live]")
        out = pg.eval_on_selector_all(".lb-referee .lb-card-nav.lb-card-small", """els => els.map(e => {
            const t = e.querySelector('.lb-card-title').getBoundingClientRect(), c = e.getBoundingClientRect();
            return [e.scrollWidth <= e.clientWidth, t.right <= c.right]; })""")
        assert out == [[True, True]] * 24
        assert pg.evaluate("document.documentElement.scrollWidth") == 390
    finally:
        ctx.close()


def test_a_no_answer_notice_goes_once_a_later_decision_reaches_the_page(server: Server, browser) -> None:  # noqa: F811
    """A decision sent while the phone was offline says "The server did not answer; your decision may not have
    arrived"; back online the notice stays while nothing moved, and goes once a later decision reaches the page
    (it showed for the rest of the game, until a reload: a tester at a table)."""
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Cy", "Dee"], seed=23, options=["quick_game=on"])
    contexts, pages = [], {}
    for name in ("Ann", "Bob"):
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        contexts.append(ctx)
        pages[name] = ctx.new_page()
        pages[name].goto(g["links"][name])
    try:
        ann, bob = pages["Ann"], pages["Bob"]
        for pg in pages.values():
            pg.wait_for_selector("#sv-conn[data-state=live]")
        rng = random.Random(23)
        play_until(server, g, pages, rng, lambda n: waiting_players(server, g) == ["Bob"])
        assert waiting_players(server, g) == ["Bob"]
        seq = api_state(server, g["game"], g["tokens"]["referee"])["seq"]
        wait_seq(ann, seq)
        contexts[0].set_offline(True)
        type_line(ann, "ann: pass")
        said = "The server did not answer; your decision may not have arrived."
        ann.wait_for_function(f"() => document.getElementById('sv-notice').textContent === {said!r}")  # a function:
        # an expression string is eval'ed in the page while Playwright polls, which the page's CSP refuses
        contexts[0].set_offline(False)
        ann.wait_for_selector("#sv-conn[data-state=live]")
        assert ann.text_content("#sv-notice") == said  # nothing moved yet: still true
        play_until(server, g, {"Bob": bob}, rng, lambda n: n >= 1)
        wait_seq(ann, seq + 1)
        ann.wait_for_function("() => document.getElementById('sv-notice').textContent === ''")
        shot(ann, "serve-seat-phone-no-answer-gone")
    finally:
        for ctx in contexts:
            ctx.close()
