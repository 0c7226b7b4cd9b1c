"""The navigation cards a seat's decision is about, on its live page (``lifeboat serve``) in real headless Chromium.

A rower placing the cards it drew (ROW-1) saw only numbers and ids: "Put each of Navigation 36 and Navigation 8 …"
with buttons ``bottom 36 nav-c8`` and ``stack nav-c8 bottom 36``, and nothing of what each card does, although
its own message carried every card's facts (NAV-3). Now its page shows each drawn card (number, who goes overboard,
who is thirsty, seagulls …) beside buttons that say what goes where in card names; no other seat's page, and not
the public's, shows them (the step's drawn cards are ``owner:rower``). Screenshots at 390 px: tests/browser/screenshots/.
"""

from __future__ import annotations

import re
import time

import httpx

from tests.browser.seat_ui import pick as seat_pick
from tests.browser.conftest import SHOTS, shot
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture

HTTP = httpx.Client()
QUIET = ("do_nothing", "pass")  # decisions that start no fight and trade nothing


def state(server: Server, g: dict, who: str) -> dict:
    r = HTTP.get(f"{server.base}/api/games/{g['game']}/state", headers=auth(g["tokens"][who]))
    assert r.status_code == 200
    return r.json()


def decide(server: Server, g: dict, who: str, st: dict, command: dict) -> None:
    r = HTTP.post(f"{server.base}/api/games/{g['game']}/decisions", headers=auth(g["tokens"][who]),
                  json={"command": command, "expected_seq": st["seq"]})
    assert r.status_code in (200, 201, 409), r.text


def rowing(st: dict) -> bool:
    v = st["view"]
    return v["step"]["kind"] == "row_place" and v["step"]["data"]["rower"] == v["viewer"]


def until_ann_rows(server: Server, g: dict) -> dict | None:
    """Ann rows whenever she may (else does nothing or passes), Bob never rows: Ann's state once she places two
    cards or more; None if the game ends first (Ann overboard before her turn: bots' choices vary by timing)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for who in ("Ann", "Bob"):
            st = state(server, g, who)
            if who == "Ann" and rowing(st) and len(st["view"]["step"]["data"]["drawn"]) >= 2:
                return st
            if st["view"]["over"]:
                return None
            types = [d["command"]["type"] for d in st["decisions"]]
            pick = (types.index("row") if who == "Ann" and "row" in types else
                    next((i for i, t in enumerate(types) if t in QUIET), 0))
            if st["decisions"]:
                decide(server, g, who, st, st["decisions"][pick]["command"])
        time.sleep(0.02)
    return None


def expected_label(command: dict, navigation: dict) -> str:
    name = {cid: f"Navigation {facts['print_no']}" for cid, facts in navigation.items()}
    stack, bottom = [name[x] for x in command["to_stack"]], [name[x] for x in command["to_bottom"]]
    on_stack = (", ".join(stack[:-1]) + " and " + stack[-1] if len(stack) > 1 else stack[0]) if stack else ""
    under = ", then ".join(bottom)  # ROW-1: in the order they go under
    if stack and bottom:
        return f"{on_stack} on the row stack; under the deck: {under}"
    return f"{on_stack} on the row stack" if stack else f"Under the deck: {under}"


def on_seq(pg, seq: int) -> None:  # type: ignore[no-untyped-def]
    pg.wait_for_function(f"() => window.lifeboatPage.seq === {seq} && !!window.lifeboatPage.catalog")


def test_the_rower_alone_sees_the_cards_it_drew_and_places_them_by_name(server: Server, browser) -> None:  # noqa: F811
    for seed in range(8, 14):  # nav-c7 … nav-c10 join the deck: ids a line of notation shows as they are
        g = new_game(server, ["Ann", "Bob", "Cy", "Dee", "Eve"], bots=["Cy", "Dee", "Eve"], seed=seed,
                     options=["cannibalism=on"])
        st = until_ann_rows(server, g)
        if st is not None:
            break
    else:
        raise AssertionError("in no game of seeds 8-13 did Ann come to place two rowed cards")
    drawn = st["view"]["step"]["data"]["drawn"]
    facts = st["navigation"]
    assert len(drawn) >= 2 and set(drawn) <= set(facts)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pages, errors = {}, []
        for who in ("Ann", "Bob", "spectator"):
            pages[who] = pg = ctx.new_page()
            pg.on("pageerror", lambda exc: errors.append(str(exc)))
            pg.goto(g["links"][who])
            on_seq(pg, st["seq"])
        ann = pages["Ann"]
        # each drawn card, with its number and what it does, in the turn box beside the buttons
        assert ann.is_visible("#sv-drawn")
        shown = ann.eval_on_selector_all("#sv-drawn .lb-card", """els => els.map(e => ({id: e.dataset.card,
            title: e.querySelector('.lb-card-title').textContent, text: e.title, visible: e.innerText,
            chips: Array.from(e.querySelectorAll('.lb-chip')).map(c => c.dataset.character)}))""")
        assert [c["id"] for c in shown] == list(drawn)
        for card in shown:
            f = facts[card["id"]]
            assert card["title"] == f"Navigation {f['print_no']}"
            assert card["text"] == f["text"] and card["chips"] == f["overboard"] + f["thirsty"]
            said = [("overboard", bool(f["overboard"])), ("thirsty", bool(f["thirsty"])),
                    ("rowers thirsty", f["rowers_thirsty"]), ("fighters thirsty", f["fighters_thirsty"]),
                    ("seagull +1", f["bird"] > 0), ("seagull \u22121", f["bird"] < 0)]
            assert [words for words, shown in said if shown and words in card["visible"]] == \
                [words for words, shown in said if shown], card
        # every button says what goes where in card names: no bare number, no card id
        labels = ann.evaluate("() => window.LifeboatSeatDecide.entries(window.lifeboatPage).map(e => e.d.text)")
        places = [d for d in st["decisions"] if d["command"]["type"] == "place_rowed_cards"]
        assert len(places) >= 5  # 2 cards: both under (2 orders), one on the stack (2), both on the stack
        assert labels[:len(places)] == [expected_label(d["command"], facts) for d in places]
        assert not any(re.search(r"nav-|^(stack|bottom) |(?<!Navigation )\b\d", x) for x in labels[:len(places)]), labels
        assert not any("nav-" in x for x in labels), labels  # the other buttons say what they do in words
        shot(ann, "serve-seat-phone-rowed-cards")
        ann.locator("#sv-turn").screenshot(path=str(SHOTS / "serve-seat-phone-rowed-cards-turn.png"))
        assert ann.evaluate("document.documentElement.scrollWidth") == 390
        # nobody else: not another seat, not the public
        for who in ("Bob", "spectator"):
            pg = pages[who]
            assert pg.is_hidden("#sv-drawn"), who
            assert pg.eval_on_selector_all("#sv-drawn .lb-card", "els => els.length") == 0
            assert not set(drawn) & set(pg.evaluate("Object.keys(window.lifeboatPage.navigation)")), who
            html = pg.content()
            assert not any(re.search(rf"\b{re.escape(x)}\b", html) for x in drawn), who
            assert not any(facts[x]["text"] in html for x in drawn), who
        shot(pages["Bob"], "serve-seat-phone-another-rows")
        # the button does what it says: the first card to the row stack, the rest under the deck in that order
        pick = next(d for d in places if len(d["command"]["to_stack"]) == 1 and d["command"]["to_bottom"])
        index = next(i for i, d in enumerate(st["decisions"]) if d["line"] == pick["line"])
        assert ann.evaluate(f"() => window.lifeboatPage.decisions[{index}].text") == expected_label(pick["command"], facts)
        seat_pick(ann, index)
        ann.wait_for_function(f"() => window.lifeboatPage.seq > {st['seq']}")
        r = HTTP.get(f"{server.base}/api/games/{g['game']}/state?since={st['seq']}", headers=auth(g["tokens"]["referee"]))
        placed = next(e["data"] for e in r.json()["events"] if e["type"] == "rowed_cards_placed")
        assert (placed["to_stack"], placed["to_bottom"]) == (pick["command"]["to_stack"], pick["command"]["to_bottom"])
        if ann.evaluate("window.lifeboatPage.view.step.kind") != "navigator_choice":  # Ann may navigate next
            assert ann.is_hidden("#sv-drawn")
        assert errors == []
    finally:
        ctx.close()
