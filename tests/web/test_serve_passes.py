"""SERVE-11 through the HTTP API of a real ``lifeboat serve`` (uvicorn on 127.0.0.1): players in a window press
pass at once, each page on the seq it showed; every pass stands. The web layer used to check the seq itself before
the live game could weigh SERVE-11, so the second pass was refused as SERVE-2 (issue 27): the check now lives only
in ``lifeboat.service.live.game.LiveGame``. A decision of another kind since is still SERVE-2's conflict."""

from __future__ import annotations

import asyncio
import random

import httpx

from tests.web.conftest import Server, auth, new_game
from tests.web.players import run_async

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _state(server: Server, game: dict, name: str) -> dict:
    r = httpx.get(f"{server.base}/api/games/{game['game']}/state", headers=auth(game["tokens"][name]))
    assert r.status_code == 200, r.text
    return r.json()


def _decide(server: Server, game: dict, name: str, body: dict) -> httpx.Response:
    return httpx.post(f"{server.base}/api/games/{game['game']}/decisions", headers=auth(game["tokens"][name]),
                      json=body)


def _passes(seat: dict) -> list[dict]:
    return [d for d in seat["decisions"] if d["command"]["type"] == "pass"]


def to_a_window(server: Server, game: dict, rng: random.Random, passers: int) -> dict[str, dict]:
    """Decide through the API (a seeded choice among each seat's own decisions, not a pass when another is
    offered) until at least ``passers`` players may pass in an open window; their states, by player name."""
    for _ in range(300):
        ref = _state(server, game, "referee")
        names = {c["character"]: c["player"] for c in ref["view"]["characters"]}
        waiting = {names[ch]: _state(server, game, names[ch]) for ch in ref["view"]["waiting_for"]}
        window = {name: seat for name, seat in waiting.items() if _passes(seat)}
        if len(window) >= passers and all(seat["seq"] == ref["seq"] for seat in window.values()):
            return window
        name, seat = next(iter(waiting.items()))
        choice = [d for d in seat["decisions"] if d["command"]["type"] != "pass"] or seat["decisions"]
        r = _decide(server, game, name, {"expected_seq": seat["seq"], "command": rng.choice(choice)["command"]})
        assert r.status_code == 200, r.text
    raise AssertionError("no window with two players to pass")


def test_SERVE_11_passes_pressed_at_once_in_a_window_all_stand_over_http(server: Server) -> None:
    game = new_game(server, PLAYERS, seed=7)
    window = to_a_window(server, game, random.Random(7), 2)
    (first, a), (second, b) = list(window.items())[:2]
    seen = a["seq"]

    async def both() -> list[httpx.Response]:  # pressed together, each on the table its page showed
        async with httpx.AsyncClient() as client:
            url = f"{server.base}/api/games/{game['game']}/decisions"
            return list(await asyncio.gather(*(
                client.post(url, headers=auth(game["tokens"][name]),
                            json={"expected_seq": seen, "command": _passes(seat)[0]["command"]})
                for name, seat in ((first, a), (second, b)))))

    answers = run_async(both())
    assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
    assert sorted(r.json()["seq"] for r in answers) == [seen + 1, seen + 2]
    events = _state(server, game, "referee")["events"][-2:]  # since 0: the last two are the two passes
    assert [e["type"] for e in events] == ["passed", "passed"]
    assert {e["data"]["character"] for e in events} == {a["view"]["viewer"], b["view"]["viewer"]}


def test_SERVE_2_a_stale_line_that_no_longer_reads_is_the_tables_conflict(server: Server) -> None:
    """A line made on an older table that does not read on the table now (the card it names has moved on) is a 409
    (look again), not a 422 blaming the seat; a shape mistake stays a 422 (SERVE-4)."""
    game = new_game(server, PLAYERS, seed=8)
    ref = _state(server, game, "referee")
    names = {c["character"]: c["player"] for c in ref["view"]["characters"]}
    name = names[ref["view"]["waiting_for"][0]]
    seat = _state(server, game, name)
    ok = _decide(server, game, name, {"expected_seq": seat["seq"], "line": seat["decisions"][0]["line"]})
    assert ok.status_code == 200, ok.text
    stale = _decide(server, game, name, {"expected_seq": seat["seq"], "line": "fly away"})
    assert (stale.status_code, stale.json()["error"]["rule"], stale.json()["error"]["seq"]) == (
        409, "SERVE-2", ok.json()["seq"])
    shape = _decide(server, game, name, {"expected_seq": seat["seq"]})
    assert (shape.status_code, shape.json()["error"]["rule"]) == (422, "SERVE-4")
