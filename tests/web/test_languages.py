"""Issue 29: each page reads the served game in its own language (``?lang=``): the story, the table's words, the
decisions, refusals; two pages of one audience in two languages each get their own lines, pushed as well."""

from __future__ import annotations

import asyncio
import json
import re

import httpx

from tests.web.conftest import Server, auth, new_game
from tests.web.players import run_async

CJK = re.compile(r"[\u4e00-\u9fff]")
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def state(server: Server, game: str, token: str, lang: str | None) -> dict:
    params = {"since": 0} | ({"lang": lang} if lang else {})
    r = httpx.get(f"{server.base}/api/games/{game}/state", params=params, headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def test_the_state_in_english_simplified_and_traditional(server: Server) -> None:
    g = new_game(server, PLAYERS, seed=29)
    en, zh, hant = (state(server, g["game"], g["tokens"]["Ann"], lang) for lang in (None, "zh_Hans", "zh-TW"))
    assert not CJK.search(en["view"]["step"]["text"]) and CJK.search(zh["view"]["step"]["text"])
    assert [e["seq"] for e in en["events"]] == [e["seq"] for e in zh["events"]]  # the same story, other words
    assert all(CJK.search(e["text"]) for e in zh["events"]) and not any(CJK.search(e["text"]) for e in en["events"])
    assert {c["name"] for c in zh["view"]["characters"]} & {"船长", "小孩"}
    assert all(CJK.search(d["text"]) for d in zh["decisions"])
    assert [d["line"] for d in zh["decisions"]] == [d["line"] for d in en["decisions"]]  # notation stays notation
    assert hant["view"]["step"]["text"] != zh["view"]["step"]["text"] and CJK.search(hant["view"]["step"]["text"])
    # an unknown language is English, not an error
    assert state(server, g["game"], g["tokens"]["Ann"], "fr")["view"]["step"]["text"] == en["view"]["step"]["text"]


def test_a_refusal_in_the_deciding_pages_language(server: Server) -> None:
    g = new_game(server, PLAYERS, seed=30)
    s = state(server, g["game"], g["tokens"]["Ann"], "zh_Hans")
    r = httpx.post(f"{server.base}/api/games/{g['game']}/decisions", params={"lang": "zh_Hans"},
                   headers=auth(g["tokens"]["Ann"]), json={"expected_seq": s["seq"], "line": "kep watr"})
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["rule"] == "NOTATION-1" and "未知的动词'kep'" in error["message"]
    r = httpx.post(f"{server.base}/api/games", params={"lang": "zh_Hans"}, json={"players": ["Ann", "Bob"]})
    assert r.status_code == 422 and r.json()["error"]["message"] == "基础游戏需要4到6名玩家，现有2名"


async def _events(client: httpx.AsyncClient, url: str, token: str, n: int, out: list[dict],
                  started: asyncio.Event) -> None:
    async with client.stream("GET", url, headers=auth(token), timeout=20) as r:
        async for line in r.aiter_lines():
            if line.startswith("data: "):
                out.append(json.loads(line[6:]))
                started.set()
                if len(out) == n:
                    return


def test_two_pages_of_one_seat_in_two_languages_each_get_their_own_pushes(server: Server) -> None:
    g = new_game(server, PLAYERS, seed=31)
    base = f"{server.base}/api/games/{g['game']}/events?since=0"

    async def run() -> tuple[list[dict], list[dict]]:
        en: list[dict] = []
        zh: list[dict] = []
        async with httpx.AsyncClient() as client:
            e1, e2 = asyncio.Event(), asyncio.Event()
            tasks = [asyncio.create_task(_events(client, base, g["tokens"]["Ann"], 2, en, e1)),
                     asyncio.create_task(_events(client, base + "&lang=zh_Hans", g["tokens"]["Ann"], 2, zh, e2))]
            await e1.wait()
            await e2.wait()
            first = en[0]
            waiting = first["view"]["waiting_for"][0]
            seat = next(p for p in PLAYERS if any(c["player"] == p and c["character"] == waiting
                                                  for c in first["view"]["characters"]))
            mine = state(server, g["game"], g["tokens"][seat], None)
            r = await client.post(f"{server.base}/api/games/{g['game']}/decisions", headers=auth(g["tokens"][seat]),
                                  json={"expected_seq": mine["seq"], "command": mine["decisions"][0]["command"]})
            assert r.status_code == 200, r.text
            await asyncio.wait_for(asyncio.gather(*tasks), 20)
        return en, zh

    en, zh = run_async(run())
    assert [m["seq"] for m in en] == [m["seq"] for m in zh] and en[1]["seq"] == en[0]["seq"] + 1
    pushed_en, pushed_zh = en[1]["events"], zh[1]["events"]
    assert pushed_en and [e["seq"] for e in pushed_en] == [e["seq"] for e in pushed_zh]
    assert all(CJK.search(e["text"]) for e in pushed_zh) and not any(CJK.search(e["text"]) for e in pushed_en)
