"""What a newcomer reads on the served pages at 390 px, in real Chromium against a real ``lifeboat serve``: buttons
that say what a decision does, each fight side with its members and strength (FIGHT-3), the end's SCORE-2 line, a
refused deal on the start page kept apart from the earlier game's links, and a page whose game is no longer
served. One game per situation, shared by the module's tests; screenshots go to tests/browser/screenshots/."""

from __future__ import annotations

import shutil
import time

import httpx
import pytest

from tests.browser.seat_ui import entry_texts, visible_buttons
from tests.browser.conftest import shot
from tests.web.conftest import Server, auth, new_game, server, start_server, stop_server  # noqa: F401 - the fixture

PHONE = {"width": 390, "height": 844}
HTTP = httpx.Client()


def state(server: Server, g: dict, who: str) -> dict:  # noqa: F811
    r = HTTP.get(f"{server.base}/api/games/{g['game']}/state", headers=auth(g["tokens"][who]))
    assert r.status_code == 200, r.text
    return r.json()


def decide(server: Server, g: dict, who: str, wanted) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """``who`` takes the first of its decisions whose command ``wanted`` accepts."""
    mine = state(server, g, who)
    cmd = next(d["command"] for d in mine["decisions"] if wanted(d["command"]))
    r = HTTP.post(f"{server.base}/api/games/{g['game']}/decisions", headers=auth(g["tokens"][who]),
                  json={"expected_seq": mine["seq"], "command": cmd})
    assert r.status_code == 200, r.text


def player_of(view: dict, character: str) -> str:
    return next(c["player"] for c in view["characters"] if c["character"] == character)


def mid(view: dict, character: str) -> str:
    """A character's name inside a sentence, as the buttons write it ("the Captain")."""
    name = next(c["name"] for c in view["characters"] if c["character"] == character)
    return "the " + name[4:] if name.startswith("The ") else name


@pytest.fixture(scope="module")
def fight(server: Server) -> dict:  # noqa: F811
    """Four people; everyone keeps the first card offered; the first to act asks the next one in the boat to change
    seats, who refuses: a fight (FIGHT-1). Returns the game with ``actor``, ``target`` and ``bystander`` (players)."""
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], seed=5)
    for _ in range(40):
        ref = state(server, g, "referee")["view"]
        if ref["step"]["kind"] == "action_turn":
            break
        decide(server, g, player_of(ref, ref["waiting_for"][0]), lambda c: c["type"] == "keep_provision")
    actor = ref["waiting_for"][0]
    target = next(c for c in ref["seats"] if c != actor)
    decide(server, g, player_of(ref, actor), lambda c: c["type"] == "change_seats" and c["target"] == target)
    decide(server, g, player_of(ref, target), lambda c: c["type"] == "answer" and not c["consent"])
    bystander = next(c for c in ref["seats"] if c not in (actor, target))
    return {**g, "actor": player_of(ref, actor), "target": player_of(ref, target),
            "bystander": player_of(ref, bystander), "characters": (actor, target, bystander)}


def open_page(browser, url: str):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport=PHONE)
    pg = ctx.new_page()
    pg.goto(url)
    pg.wait_for_selector("#sv-conn[data-state=live]")
    return ctx, pg


def phone_shots(pg, name: str, part: str) -> None:  # type: ignore[no-untyped-def]
    """The page fits 390 px; a full-page screenshot NAME.png and one of ``part``, NAME-part.png: look at them."""
    assert pg.evaluate("document.documentElement.scrollWidth") == 390
    path = shot(pg, name)
    pg.locator(part).screenshot(path=str(path.with_name(f"{name}-part.png")))


def test_a_fight_shows_each_side_its_members_and_strength(server: Server, browser, fight: dict) -> None:  # noqa: F811
    """FIGHT-3: the bystander's page names both sides with their strength (as the server computed it), in the turn
    line and in a Fight panel; its buttons say what joining or passing does. Nothing of another seat's hand."""
    actor, target, _ = fight["characters"]
    mine = state(server, fight, fight["bystander"])
    f, view = mine["view"]["fight"], mine["view"]
    assert [m["character"] for m in f["attackers"]] == [actor] and [m["character"] for m in f["defenders"]] == [target]
    ctx, pg = open_page(browser, fight["links"][fight["bystander"]])
    try:
        assert pg.inner_text("#sv-ask") == "Your turn: " + view["step"]["text"]
        assert f"(strength {f['attack']}) against defenders" in view["step"]["text"]
        assert view["step"]["text"].endswith(f"(strength {f['defence']}); a tie goes to the defenders. Join a side, "
                                             "reveal weapons or pass.")
        assert pg.inner_text(".lb-attackers .lb-fight-head") == f"Attackers: strength {f['attack']}"
        assert pg.inner_text(".lb-defenders .lb-fight-head") == f"Defenders: strength {f['defence']} (they win a tie)"
        size = f["attackers"][0]["size"]
        first = pg.inner_text(".lb-attackers li")
        assert first.endswith(f": size {size}") and f["attackers"][0]["strength"] == size  # no weapon face up yet
        labels = entry_texts(pg)
        assert set(labels) == {d["text"] for d in mine["decisions"]}
        assert {"Pass (stay out of the fight for now)",
                f"Join the attackers ({mid(view, actor)}, strength {f['attack']})",
                f"Join the defenders ({mid(view, target)}, strength {f['defence']})"} <= set(labels)
        assert visible_buttons(pg)[-1] == "Pass"  # verbs first (Join the fight …, Reveal …), Pass last
        assert not any("-" in x.split("(")[0] for x in labels)  # no card id on a button
        ref = state(server, fight, "referee")["view"]
        html = pg.content()
        others = [x for s in ref["secrets"] if s["character"] != view["viewer"] for x in s["hand"]]
        assert others and not any(f'"{x}"' in html or f">{x}<" in html for x in others)
        phone_shots(pg, "serve-fight-bystander-390", "#sv-turn")
    finally:
        ctx.close()
    ctx, pg = open_page(browser, fight["links"][fight["target"]])
    try:
        labels = entry_texts(pg)
        assert "Pass (nothing more from you now; the fight is decided once everyone has passed)" in labels
        assert pg.inner_text(".lb-defenders li").startswith(mid(view, target).replace("the ", "The ", 1) + " (you): ")
    finally:
        ctx.close()


def test_the_ask_line_says_it_is_your_turn_once_in_english_and_in_chinese(server: Server, browser) -> None:  # noqa: F811
    """Issue 28: at a seat's action the Chinese ask line read 轮到你了：轮到你行动。 ("Your turn: Your action."). A step
    whose own text says it is the seat's turn is the whole line; another step keeps "Your turn: " before it."""
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], seed=5)
    first = state(server, g, "referee")["view"]
    asked = player_of(first, first["waiting_for"][0])  # the quartermaster, asked to keep a card: another step
    for locale, before in (("en-US", "Your turn: "), ("zh-CN", "轮到你了：")):
        ctx = browser.new_context(viewport=PHONE, locale=locale)
        pg = ctx.new_page()
        pg.goto(g["links"][asked])
        pg.wait_for_function("(before) => document.getElementById('sv-ask').textContent.startsWith(before)",
                             arg=before)
        mine = state(server, g, asked)["view"]["step"]
        assert mine["kind"] == "provisions_pick"
        ctx.close()
    for _ in range(40):
        ref = state(server, g, "referee")["view"]
        if ref["step"]["kind"] == "action_turn":
            break
        decide(server, g, player_of(ref, ref["waiting_for"][0]), lambda c: c["type"] == "keep_provision")
    actor = player_of(ref, ref["step"]["data"]["actor"])
    for locale, line in (("en-US", "Your action."), ("zh-CN", "轮到你行动。")):
        ctx = browser.new_context(viewport=PHONE, locale=locale)
        try:
            pg = ctx.new_page()
            pg.goto(g["links"][actor])
            pg.wait_for_selector("#sv-conn[data-state=live]")
            pg.wait_for_function("() => window.lifeboatPage.decisions.length > 0")
            pg.wait_for_function("(line) => document.getElementById('sv-ask').textContent === line", arg=line)
            assert pg.inner_text("#sv-ask") == line
            assert pg.title().startswith(("Your turn · ", "轮到你了 · "))  # the title still says whose turn
        finally:
            ctx.close()


def test_the_end_says_why_a_player_who_loves_their_own_character_scores_so(server: Server, browser) -> None:  # noqa: F811
    """SCORE-2: seed 23 gives Dee the Captain and a LOVE of the Captain; four bots play a quick game to the end; the
    final table says in a line what that LOVE scored."""
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Ann", "Bob", "Cy", "Dee"], seed=23,
                 options=["quick_game=on"])
    deadline = time.monotonic() + 60
    while not (ref := state(server, g, "referee"))["view"]["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    dee = next(s for s in ref["view"]["secrets"] if player_of(ref["view"], s["character"]) == "Dee")
    assert dee["character"] == dee["love"] == "captain"
    score = next(s for s in ref["view"]["reveal"]["scores"] if s["player"] == "Dee")
    said = ("Dee's LOVE names their own character, the Captain, who survived: its survival value (5) counts twice, "
            "as their character and as their LOVE (SCORE-2)." if score["survives"] else
            "Dee's LOVE names their own character, the Captain, who died: it scores 0, neither as their character "
            "nor as their LOVE (SCORE-2).")
    assert (score["survival"], score["love"]) == ((5, 5) if score["survives"] else (0, 0))
    ctx, pg = open_page(browser, g["links"]["spectator"])
    try:
        pg.wait_for_selector(".lb-score-note")
        assert pg.inner_text(".lb-score-note[data-player=Dee]") == said
        phone_shots(pg, "serve-end-score-note-390", ".lb-end")
    finally:
        ctx.close()


def test_a_refused_deal_is_said_in_the_form_apart_from_the_earlier_games_links(server: Server, browser) -> None:  # noqa: F811
    """The start page: a dealt game's links sit in their own box headed with its players; a second Deal that is
    refused (SETUP-1) says so inside the form, with what to do, and leaves the first game's links as they were."""
    ctx = browser.new_context(viewport=PHONE)
    try:
        pg = ctx.new_page()
        pg.goto(server.base + "/")
        assert pg.is_hidden("#sv-links")
        pg.fill("#sv-players", "Ann, Bob, Cy, Dee")
        pg.click("#sv-new button[type=submit]")
        pg.wait_for_selector("#sv-links li")
        head = pg.inner_text("#sv-links h2")
        assert head.startswith("The game dealt at ") and head.endswith(" for Ann, Bob, Cy, Dee")
        links = pg.inner_text("#sv-links ul")
        pg.fill("#sv-players", "Ann")
        pg.click("#sv-new button[type=submit]")
        pg.wait_for_selector("#sv-notice[data-kind=error]")
        assert pg.inner_text("#sv-notice") == (
            "No game was dealt: the base game takes 4 to 6 players, got 1 [SETUP-1]. Correct the players or the bots "
            "above and press Deal again. The links below are still those of the game dealt before.")
        assert pg.eval_on_selector("#sv-notice", "e => !!e.closest('form')")  # inside the form, above the links
        assert pg.inner_text("#sv-links ul") == links and pg.inner_text("#sv-links h2") == head
        assert pg.evaluate("document.documentElement.scrollWidth") == 390
        shot(pg, "serve-start-refused-deal-390")
    finally:
        ctx.close()


@pytest.mark.slow  # two server starts and a reconnect: ~7 s (the never-shown case runs in test_seat_pages)
def test_a_game_no_longer_served_says_what_happened_and_what_to_do(browser, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SERVE-1: the host restarts ``serve`` without the game's file; the open page keeps its table and story as they
    were, without buttons, and says calmly what happened and what to do (no red 'not valid')."""
    proc, srv = start_server(tmp_path)
    try:
        g = new_game(srv, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=3)
        ctx, pg = open_page(browser, g["links"]["Ann"])
        stop_server(proc)
        aside = tmp_path / "aside"
        aside.mkdir()
        for f in tmp_path.glob("*.jsonl*"):  # the game's file and its sidecars: the one game of this folder
            shutil.move(str(f), aside / f.name)
        proc, _ = start_server(tmp_path, port=int(srv.base.rsplit(":", 1)[1]))
        pg.wait_for_selector("#sv-conn[data-state=gone]", timeout=15000)
        assert pg.inner_text("#sv-notice") == (
            "This game is no longer served here: the server was restarted without it, or the host stopped serving "
            "it. The table below is as you last saw it. To go on, ask the host to serve the game again, then "
            "reload this page.")
        assert pg.inner_text("#sv-conn") == "not served"
        color = pg.eval_on_selector("#sv-notice", "e => getComputedStyle(e).color")
        assert color == "rgb(29, 37, 48)"  # the page's own text colour, not the error red
        assert pg.eval_on_selector_all("#sv-decide button", "els => els.length") == 0 and pg.is_hidden("#sv-line")
        assert pg.is_visible(".lb-table") and pg.is_visible(".sv-story-box")
        assert pg.eval_on_selector("#sv-turn", "e => e.dataset.mine") == "no"  # no longer "your move"
        assert pg.evaluate("document.documentElement.scrollWidth") == 390
        shot(pg, "serve-not-served-390")
        ctx.close()
    finally:
        stop_server(proc)
