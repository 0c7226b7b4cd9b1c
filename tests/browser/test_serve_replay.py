"""The replay of a finished served game (SERVE-7, issue 12) against a real ``lifeboat serve`` (uvicorn on
127.0.0.1) serving the bundled four-player game with fresh links (``--new-links``): refused before the end, then for
each link exactly the service's replay document of its audience (a seat's own knowledge, notes for it only,
NOTE-1); a wrong token gets the same 404 as everywhere (SERVE-1). In real headless Chromium the seat page steps
through it with the viewer of ``replay --html`` and leaves the token in the page's address alone."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from lifeboat.service import annotate, replay_document
from tests.browser.conftest import shot
from tests.web.conftest import Server, auth, new_game, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
GAME = "four-players.jsonl"
LINK = re.compile(r"^  (\S+)(?: \([^)]*\))?\s+(http://\S+/play/(\w+)#(\S+))$", re.M)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str], str, Path]]:
    """``(server, {name: link}, game id, journal)``: the bundled game (finished), with a note for Bob only."""
    folder = tmp_path_factory.mktemp("served-replay")
    path = folder / GAME
    shutil.copyfile(ROOT / "docs" / "examples" / GAME, path)
    annotate(path, 5, "for Bob only", "Bob")
    proc, server = start_server(folder, "--new-links")
    try:
        found = LINK.findall(server.log.read_text(encoding="utf-8"))
        links = {name: url for name, url, _, _ in found}
        assert sorted(links) == ["Ann", "Bob", "Cy", "Dee", "referee", "spectator"], found
        yield server, links, found[0][2], path
    finally:
        stop_server(proc)


def replay(server: Server, game: str, token: str) -> httpx.Response:
    return httpx.get(f"{server.base}/api/games/{game}/replay", headers=auth(token), timeout=30)


def token(link: str) -> str:
    return link.split("#", 1)[1]


def test_the_replay_is_each_link_s_own_and_only_at_the_end(served) -> None:  # type: ignore[no-untyped-def]
    server, links, game, path = served
    got = {}
    for name, audience in (("Ann", "Ann"), ("spectator", "public")):
        r = replay(server, game, token(links[name]))
        assert r.status_code == 200, r.text
        got[name] = r.json()
        assert got[name] == json.loads(json.dumps(replay_document(path, audience)))
    ann = got["Ann"]
    assert not any(s["alternatives"] for s in got["spectator"]["steps"])
    assert ann["perspective"]["kind"] == "seat" and ann["perspective"]["player"] == "Ann"
    assert "for Bob only" not in json.dumps(ann)
    assert "for Bob only" in json.dumps(replay(server, game, token(links["Bob"])).json())
    assert {s["decider"] for s in ann["steps"] if s["alternatives"]} == {ann["perspective"]["character"]}
    wrong = replay(server, game, "x" * 43)
    assert (wrong.status_code, wrong.json()["error"]["rule"]) == (404, "SERVE-1")
    fresh = new_game(server, ["Ann", "Bob", "Cy", "Dee"], seed=5)
    early = replay(server, fresh["game"], fresh["tokens"]["Ann"])
    assert (early.status_code, early.json()["error"]["rule"]) == (409, "SERVE-7")


def test_the_seat_page_steps_through_the_finished_game(served, page) -> None:  # type: ignore[no-untyped-def]
    server, links, game, _ = served
    page.goto(links["Ann"])
    page.wait_for_selector("#sv-replay-btn:not([hidden])")
    page.click("#sv-replay-btn")
    page.wait_for_selector(".lb-replay")
    doc = replay(server, game, token(links["Ann"])).json()
    assert page.get_attribute(".lb-replay", "data-seq") == str(doc["steps"][0]["seq"])
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert page.get_attribute(".lb-replay", "data-seq") == str(doc["steps"][5]["seq"])
    hand = page.eval_on_selector_all("#sv-replay .lb-hand .lb-card", "ns => ns.map(n => n.dataset.card)")
    assert hand == list(doc["steps"][5]["table"]["hand"])
    assert page.evaluate("location.hash") == "#" + token(links["Ann"])  # the token stays in the address
    assert "seq=" not in page.evaluate("location.href")
    shot(page, "serve-replay-finished")
    page.click("#sv-replay-btn")
    assert page.is_visible("#sv-table") and not page.is_visible("#sv-replay")
    assert page.errors == []
