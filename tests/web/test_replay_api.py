"""The replay of a finished served game (SERVE-7, issue 12) against a real ``lifeboat serve``: refused before the
end, then for each link exactly the service's replay document of its audience (a seat's own knowledge, notes for
it only, NOTE-1); a wrong token gets the same 404 as everywhere (SERVE-1). The page that steps through it:
tests/browser/test_serve_replay.py."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from service import annotate, replay_document
from tests.web.conftest import Server, auth, new_game
from tests.web.players import play_game, run_async

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def replay(server: Server, game: str, token: str) -> httpx.Response:
    return httpx.get(f"{server.base}/api/games/{game}/replay", headers=auth(token), timeout=30)


def path_of(server: Server, game: str) -> Path:
    return next(p for p in server.folder.glob("*.jsonl") if game in p.read_text().splitlines()[0])


def test_the_replay_opens_at_the_end_for_each_link_as_its_audience(server: Server) -> None:
    g = new_game(server, PLAYERS, bots=["Bob", "Cy", "Dee"], seed=21)
    early = replay(server, g["game"], g["tokens"]["Ann"])
    assert (early.status_code, early.json()["error"]["rule"]) == (409, "SERVE-7")
    run_async(play_game(server.base, g["game"], {"Ann": g["tokens"]["Ann"]}, seed=21))
    path = path_of(server, g["game"])
    annotate(path, 5, "for Bob only", "Bob")
    for name, audience in (("Ann", "Ann"), ("spectator", "public"), ("referee", "referee")):
        r = replay(server, g["game"], g["tokens"][name])
        assert r.status_code == 200, r.text
        assert r.json() == json.loads(json.dumps(replay_document(path, audience)))
    ann = replay(server, g["game"], g["tokens"]["Ann"]).json()
    assert ann["perspective"]["kind"] == "seat" and ann["perspective"]["player"] == "Ann"
    assert "for Bob only" not in json.dumps(ann)
    assert {s["decider"] for s in ann["steps"] if s["alternatives"]} == {ann["perspective"]["character"]}
    wrong = replay(server, g["game"], "x" * 43)
    assert (wrong.status_code, wrong.json()["error"]["rule"]) == (404, "SERVE-1")
