"""``lifeboat import`` of a game served from a folder, then ``lifeboat serve --store``: the game keeps its links
and its bot seats (the ``.serve.json`` sidecar goes along as the store's ``serve.json``: token hashes and bot
seats only, SERVE-1), and ``lifeboat export`` writes the sidecar back. Real CLI, real uvicorn, real PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import httpx
import msgspec
import psycopg
import pytest

from lifeboat.cards import CHARACTERS
from lifeboat.service.live.bots import suggest
from tests.web.conftest import auth, new_game, spawn_serve, start_server, stop_server, wait_up
from tests.web.test_serve_store import EXE

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _wait_for_a_person(base: str, g: dict) -> None:
    """Until the game waits for a person (its bot has finished deciding and the chance that follows is dealt)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        view = httpx.get(f"{base}/api/games/{g['game']}/state", headers=auth(g["tokens"]["referee"])).json()["view"]
        players = {c["character"]: c["player"] for c in view["characters"]}
        if any(players[c] != "Dee" for c in view["waiting_for"]):
            return
        time.sleep(0.05)
    raise AssertionError("the game never waited for a person")


def _play_to_the_end(base: str, game: str, tokens: dict[str, str]) -> None:
    """The people decide (with the links given before the import) until the game is over; the bot seat decides by
    itself in between."""
    for _ in range(400):
        ref = httpx.get(f"{base}/api/games/{game}/state", headers=auth(tokens["referee"])).json()
        if ref["view"]["over"]:
            return
        people = {c["character"]: c["player"] for c in ref["view"]["characters"] if c["player"] in tokens}
        waiting = [people[c] for c in ref["view"]["waiting_for"] if c in people]
        if not waiting:
            time.sleep(0.05)  # the bot's turn
            continue
        mine = httpx.get(f"{base}/api/games/{game}/state", headers=auth(tokens[waiting[0]])).json()
        if not mine["decisions"]:
            continue
        choice = next((x for x in mine["decisions"] if " offer " not in x["line"]), mine["decisions"][0])
        d = httpx.post(f"{base}/api/games/{game}/decisions", headers=auth(tokens[waiting[0]]),
                       json={"expected_seq": mine["seq"], "command": choice["command"]})
        assert d.status_code in (200, 409), d.text  # 409: the bot decided first (SERVE-2)
    raise AssertionError("the game did not end")


@pytest.mark.slow  # two servers and three CLI runs: 10-20 s on this shared machine
def test_an_imported_served_game_keeps_its_links_and_its_bot_seat(postgres_url, postgres_schema, tmp_path,
                                                                  monkeypatch):
    folder = tmp_path / "served"
    folder.mkdir()
    proc, srv = start_server(folder)
    try:
        g = new_game(srv, PLAYERS, bots=["Dee=heuristic"], seed=26)
        _wait_for_a_person(srv.base, g)  # not stopped between its bot's decision and the chance after it
    finally:
        stop_server(proc)
    path = next(folder.glob("*.jsonl"))
    side = path.with_name(path.name + ".serve.json")
    (bot_entry,) = json.loads(side.read_bytes())["bots"]
    imported_seq = len(path.read_bytes().splitlines()) - 1
    bot = bot_entry.removesuffix("=heuristic")
    store = ["--store", postgres_url, "--schema", postgres_schema]
    imported = subprocess.run([EXE, "import", str(path), *store], capture_output=True, text=True, timeout=60)
    assert (imported.returncode, imported.stderr) == (0, "")
    assert imported.stdout.splitlines()[1:] == [
        f"Its deck orders ({path}.deck.json) are kept in the store's private table, outside the journal, so any "
        "serve process can deal its chance.",
        f"Its links ({side}: token hashes only) are kept there too, so the links given when it was served work on "
        f"any serve --store process, and bots play {CHARACTERS[bot].en} (heuristic)."]
    with psycopg.connect(postgres_url) as conn:
        (stored,) = conn.execute(f"SELECT data FROM {postgres_schema}.private WHERE game_id = %s AND name = "
                                 "'serve.json'", (g["game"],)).fetchone()
        everything = b"".join(bytes(r[0]) for r in conn.execute(
            f"SELECT data FROM {postgres_schema}.private UNION ALL SELECT line FROM {postgres_schema}.commits "
            f"UNION ALL SELECT line FROM {postgres_schema}.games"))
    assert bytes(stored) == side.read_bytes()
    assert not [name for name, token in g["tokens"].items() if token.encode() in everything]  # SERVE-1

    monkeypatch.setenv("PYTHONUNBUFFERED", "1")
    log = tmp_path / "store.log"
    proc, base = spawn_serve(log, *store)
    try:
        wait_up(proc, base, log)
        assert f"/play/{g['game']}#" not in log.read_text()  # it has links: none are printed, none replaced
        for name in ("Ann", "spectator"):
            r = httpx.get(f"{base}/api/games/{g['game']}/state", headers=auth(g["tokens"][name]))
            assert r.status_code == 200, r.text
        ann = httpx.get(f"{base}/api/games/{g['game']}/state", headers=auth(g["tokens"]["Ann"])).json()
        assert ann["view"]["player"] == "Ann"
        _play_to_the_end(base, g["game"], g["tokens"])
    finally:
        stop_server(proc)

    out = tmp_path / "back.jsonl"
    exported = subprocess.run([EXE, "export", g["game"], "-o", str(out), *store], capture_output=True, text=True,
                              timeout=60)
    assert (exported.returncode, exported.stderr) == (0, "")
    assert exported.stdout.splitlines()[2] == (
        f"Its links went to {out}.serve.json (token hashes only, readable by you only), so lifeboat serve keeps "
        f"them, and bots play {CHARACTERS[bot].en} (heuristic).")
    assert Path(f"{out}.serve.json").read_bytes() == side.read_bytes()
    assert Path(f"{out}.serve.json").stat().st_mode & 0o777 == 0o600
    lines = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    by_bot = [line for line in lines if line["actor"] == "Dee" and line["seq"] > imported_seq]
    assert by_bot, "the bot seat decided in the store"
    _, cmd, _ = suggest(out, "Dee", by_bot[-1]["seq"] - 1, "heuristic")  # and as a heuristic bot would
    assert json.loads(msgspec.json.encode(cmd)) == by_bot[-1]["command"]
