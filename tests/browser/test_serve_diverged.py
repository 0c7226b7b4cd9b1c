"""SERVE-9 in real headless Chromium against a real ``lifeboat serve``: the host restores an older copy of a game's
file and restarts the server; a seat page that had seen the later seqs reconnects, is told (409 SERVE-9) and
reads the game again from seq 0, showing the table the server has, with a notice saying why."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from tests.browser.conftest import shot
from tests.web.conftest import auth, free_port, new_game, start_server, stop_server

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _state(base: str, game: str, token: str, since: int = 0) -> dict:
    r = httpx.get(f"{base}/api/games/{game}/state", params={"since": since}, headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def _decide_twice(base: str, g: dict) -> int:
    """Two decisions by whoever is asked first (a person at each seat: nothing moves by itself); the new seq."""
    for _ in range(2):
        ref = _state(base, g["game"], g["tokens"]["referee"])
        who = ref["view"]["waiting_for"][0]
        name = next(c["player"] for c in ref["view"]["characters"] if c["character"] == who)
        mine = _state(base, g["game"], g["tokens"][name])
        r = httpx.post(f"{base}/api/games/{g['game']}/decisions", headers=auth(g["tokens"][name]),
                       json={"expected_seq": ref["seq"], "command": mine["decisions"][0]["command"]})
        assert r.status_code == 200, r.text
    return int(_state(base, g["game"], g["tokens"]["referee"])["seq"])


def _page(pg) -> dict:  # type: ignore[no-untyped-def]
    return pg.evaluate("() => { const s = window.lifeboatPage; return {seq: s.seq, story: s.story,"
                       " conn: document.getElementById('sv-conn').dataset.state,"
                       " notice: document.getElementById('sv-notice').textContent}; }")


def _wait(pg, ok, timeout: float = 20.0) -> dict:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while True:
        st = _page(pg)
        if ok(st) or time.monotonic() > deadline:
            return st
        time.sleep(0.05)


def test_SERVE_9_a_page_ahead_of_a_restored_game_reads_it_again(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    port = free_port()
    proc, srv = start_server(tmp_path, port=port)
    try:
        g = new_game(srv, PLAYERS, seed=24)
        path = next(tmp_path.glob("*.jsonl"))
        backup, restored_seq = path.read_bytes(), _state(srv.base, g["game"], g["tokens"]["referee"])["seq"]
        later = _decide_twice(srv.base, g)
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        pg = ctx.new_page()
        pg.goto(g["links"]["Ann"])
        assert _wait(pg, lambda st: st["seq"] == later and st["conn"] == "live")["seq"] == later
        stop_server(proc)
        path.write_bytes(backup)  # the host puts back an older copy of the game
        proc, srv = start_server(tmp_path, port=port)
        st = _wait(pg, lambda st: st["conn"] == "live" and st["seq"] == restored_seq and st["notice"])
        server_story = [ev["text"] for ev in _state(srv.base, g["game"], g["tokens"]["Ann"])["events"]]
        assert (st["seq"], st["story"], st["conn"]) == (restored_seq, server_story, "live")
        assert st["notice"] == (f"The server holds this game only up to seq {restored_seq}, behind what this page "
                                "showed (its file was restored or cut): the page now shows the game as the server "
                                "has it. [SERVE-9]")
        shot(pg, "serve-seat-phone-diverged")
        ctx.close()
    finally:
        stop_server(proc)
