"""SERVE-13 over HTTP against a real ``lifeboat serve``: a seat leaves a standing order, sees it, takes it back;
the spectator's link cannot leave one (SERVE-3); an unknown order is SERVE-4; with "pass in every window" the seat
is never seen waiting in a window by the others, and the game goes on without it."""

from __future__ import annotations

import time

import httpx

from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture

WINDOWS = {"fight", "overboard_window", "thirst_window", "cannibalism_objection"}


def test_a_standing_order_over_http(server: Server) -> None:  # noqa: F811
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=41, options=["quick_game=on"])
    api = f"{server.base}/api/games/{g['game']}"
    with httpx.Client() as http:
        ann = auth(g["tokens"]["Ann"])
        assert http.get(api + "/orders", headers=ann).json() == {"order": None}
        r = http.post(api + "/orders", headers=ann, json={"order": "sometimes"})
        assert r.status_code == 422 and r.json()["error"]["rule"] == "SERVE-4"
        r = http.post(api + "/orders", headers=auth(g["tokens"]["spectator"]), json={"order": "windows"})
        assert r.status_code == 403 and r.json()["error"]["rule"] == "SERVE-3"
        assert http.post(api + "/orders", headers=ann, json={"order": "windows"}).json() == {"order": "windows"}
        assert http.get(api + "/orders", headers=ann).json() == {"order": "windows"}
        # Ann plays her own turns at random; the windows pass for her: the referee never sees her waiting in one
        deadline, windows = time.monotonic() + 60, 0
        while time.monotonic() < deadline:
            ref = http.get(api + "/state", headers=auth(g["tokens"]["referee"])).json()
            view = ref["view"]
            if view["over"]:
                break
            ann_id = next(c["character"] for c in view["characters"] if c["player"] == "Ann")
            assert not (view["step"]["kind"] in WINDOWS and ann_id in view["waiting_for"]), view["step"]
            mine = http.get(api + "/state", headers=ann).json()
            if mine["decisions"] and ann_id in mine["view"]["waiting_for"] and mine["seq"] == ref["seq"]:
                d = mine["decisions"][-1]
                http.post(api + "/decisions", headers=ann, json={"command": d["command"], "expected_seq": mine["seq"]})
            else:
                time.sleep(0.02)
            story = http.get(api + "/state", headers=ann).json()["events"]
            windows = sum(1 for e in story if e["type"] == "passed" and e["data"].get("character") == ann_id)
        assert view["over"] and windows >= 1
        assert http.post(api + "/orders", headers=ann, json={"order": None}).json() == {"order": None}
