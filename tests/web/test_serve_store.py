"""``lifeboat serve --store``: two real serve processes on one PostgreSQL store behind no load balancer at all.

A seat decides through process A; a page of another seat connected to process B receives the update (LISTEN/NOTIFY);
a decision sent to B on the old seq is refused (SERVE-2); the game exported from the store audits clean, and
no link token is in the journal or the store (only their sha256, SERVE-1).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
from collections.abc import Iterator
from typing import Any
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.web.conftest import auth, spawn_serve, stop_server, wait_up
from tests.web.players import run_async
from tests.helpers import EXE


def spawn(url: str, schema: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    return spawn_serve(log, "--store", url, "--schema", schema)


@pytest.fixture
def two_servers(postgres_url: str, postgres_schema: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two ``lifeboat serve --store`` processes on one fresh schema, started side by side."""
    logs = (tmp_path / "a.log", tmp_path / "b.log")
    servers = [spawn(postgres_url, postgres_schema, log) for log in logs]
    try:
        for (proc, base), log in zip(servers, logs):
            wait_up(proc, base, log)
        yield servers[0][1], servers[1][1]
    finally:
        for proc, _ in servers:
            stop_server(proc)


def next_event(lines: Iterator[str]) -> dict:
    """The next ``update`` event of an event stream: ``{"id": seq, "data": message}``."""
    event: dict = {}
    for line in lines:
        if line.startswith("id: "):
            event["id"] = int(line[4:])
        elif line.startswith("data: "):
            event["data"] = json.loads(line[6:])
        elif line == "" and "data" in event:
            return event
    raise AssertionError("the stream ended")


@pytest.mark.slow  # two servers and three CLI runs: 10-25 s on this shared machine
def test_a_decision_on_one_process_reaches_a_page_on_another(two_servers, postgres_url, postgres_schema, tmp_path):
    base_a, base_b = two_servers
    r = httpx.post(base_a + "/api/games", json={"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 5})
    assert r.status_code == 201, r.text
    game = r.json()["game"]
    tokens = {name: url.split("#", 1)[1] for name, url in r.json()["links"].items()}
    # B never saw the game start: it opens it from the store on the first request
    states = {n: httpx.get(f"{base_b}/api/games/{game}/state", headers=auth(tokens[n])).json()
              for n in ("Ann", "Bob", "Cy", "Dee")}
    seq0 = states["Ann"]["seq"]
    assert seq0 > 0 and all(s["seq"] == seq0 for s in states.values())
    decider = next(n for n, s in states.items() if s["decisions"])
    watcher = next(n for n in states if n != decider)
    with httpx.Client(timeout=10) as client, client.stream(
            "GET", f"{base_b}/api/games/{game}/events?since={seq0}", headers=auth(tokens[watcher])) as stream:
        lines = stream.iter_lines()
        assert next_event(lines)["id"] == seq0  # the catch-up: nothing new
        choice = states[decider]["decisions"][0]
        d = httpx.post(f"{base_a}/api/games/{game}/decisions", headers=auth(tokens[decider]),
                       json={"expected_seq": seq0, "command": choice["command"]})
        assert d.status_code == 200, d.text
        seq1 = d.json()["seq"]
        assert seq1 > seq0
        pushed = next_event(lines)  # told by process A's NOTIFY, sent by process B
        assert pushed["id"] == seq1 and pushed["data"]["seq"] == seq1
        assert pushed["data"]["audience"] == states[watcher]["audience"]
        assert pushed["data"]["events"], "the watcher's page got the decision's events"
    # the same seat, or any seat, deciding on B on the table it saw before: refused, nothing written
    again = httpx.post(f"{base_b}/api/games/{game}/decisions", headers=auth(tokens[decider]),
                       json={"expected_seq": seq0, "command": choice["command"]})
    assert again.status_code == 409, again.text
    assert again.json()["error"]["rule"] == "SERVE-2" and again.json()["error"]["seq"] == seq1
    assert httpx.get(f"{base_a}/api/games/{game}/state", headers=auth(tokens[decider])).json()["seq"] == seq1

    out = tmp_path / "exported.jsonl"
    exp = subprocess.run([EXE, "export", game, "-o", str(out), "--store", postgres_url, "--schema", postgres_schema],
                         capture_output=True, text=True, timeout=30)
    assert exp.returncode == 0, exp.stderr
    audit = subprocess.run([EXE, "audit", str(out), "--json"], capture_output=True, text=True, timeout=60)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    text = out.read_text()
    assert len(text.splitlines()) == seq1 + 1
    with psycopg.connect(postgres_url) as conn:
        row = conn.execute(f"SELECT data FROM {postgres_schema}.private WHERE game_id = %s AND name = "
                           "'serve.json'", (game,)).fetchone()
    stored = bytes(row[0]).decode()
    for token in tokens.values():  # SERVE-1: the tokens are nowhere, their hashes only in the private table
        assert token not in text and token not in stored
        assert hashlib.sha256(token.encode()).hexdigest() in stored
        assert hashlib.sha256(token.encode()).hexdigest() not in text


@pytest.mark.parametrize("url, code, says", [
    ("http://db.example/games", 2, "--store must be a PostgreSQL URL"),
    ("postgresql://ann:hunter2@127.0.0.1:1/games", 4, "cannot connect to the PostgreSQL store"),
])
def test_a_store_that_cannot_be_used_is_a_clear_error_without_the_password(url: str, code: int, says: str) -> None:
    from typer.testing import CliRunner

    from cli.app import app

    result = CliRunner().invoke(app, ["serve", "--store", url, "--port", "1", "--no-qr"])
    assert result.exit_code == code, result.output
    assert says in result.output and "Traceback" not in result.output
    assert "hunter2" not in result.output


@pytest.mark.slow  # a CLI import and a server: 5-15 s on this shared machine
def test_a_game_imported_with_its_deck_file_is_served_and_dealt_as_one_started_in_the_store(
        postgres_url, postgres_schema, tmp_path, monkeypatch):
    """``lifeboat import`` takes the deck orders along (CHANCE-2), so ``serve --store`` deals the imported game's
    chance after a decision, as for a game started in the store."""
    game_file = tmp_path / "g.jsonl"
    made = subprocess.run([EXE, "new", str(game_file), "--players", "Ann,Bob,Cy,Dee", "--seed", "6"],
                          capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    imported = subprocess.run([EXE, "import", str(game_file), "--store", postgres_url, "--schema", postgres_schema],
                              capture_output=True, text=True, timeout=60)
    assert imported.returncode == 0, imported.stderr
    game = json.loads(game_file.read_bytes().splitlines()[0])["game_id"]
    monkeypatch.setenv("PYTHONUNBUFFERED", "1")  # the links are printed at start: read them from the log
    log = tmp_path / "serve.log"
    proc, base = spawn(postgres_url, postgres_schema, log)
    try:
        wait_up(proc, base, log)
        tokens = {m[1]: m[2] for m in re.finditer(rf"^  (\w+) \(.*?\) +{re.escape(base)}/play/{game}#(\S+)$",
                                                  log.read_text(), flags=re.M)}
        assert set(tokens) == {"Ann", "Bob", "Cy", "Dee"}, log.read_text()
        dealt = 0
        for _ in range(60):  # decide until chance follows a decision: dealt by this process from the stored orders
            states = {n: httpx.get(f"{base}/api/games/{game}/state", headers=auth(t)).json()
                      for n, t in tokens.items()}
            name, state = next((n, s) for n, s in states.items() if s["decisions"])
            choice = next((x for x in state["decisions"] if " offer " not in x["line"]), state["decisions"][0])
            d = httpx.post(f"{base}/api/games/{game}/decisions", headers=auth(tokens[name]),
                           json={"expected_seq": state["seq"], "command": choice["command"]})
            assert d.status_code == 200, d.text
            dealt = d.json()["seq"] - state["seq"] - 1
            if dealt:
                break
        assert dealt > 0, "a chance outcome was dealt after a decision"
    finally:
        stop_server(proc)


def _followed(postgres_url: str, postgres_schema: str) -> tuple[Any, Any, Any, Any, Any]:
    """Two processes on one store (SERVE-12): ``(a, b, game_a, served, cmd)``: A's and B's stores, A's new stored
    4-player game (seed 8), B's :class:`lifeboat.web.tables.Table` serving it, and A's next decision before a draw. The
    caller closes both stores."""
    from lifeboat.service.live.game import LiveGame
    from lifeboat.service.live.stored import GameStore
    from tests.service.test_stored_games import decision_before_a_draw
    from lifeboat.web.tables import Table
    from lifeboat.web.tokens import TokenStore

    a, b = GameStore(postgres_url, postgres_schema), GameStore(postgres_url, postgres_schema)
    try:
        game_a = LiveGame.create_stored(a, ["Ann", "Bob", "Cy", "Dee"], seed=8)
        served = Table(LiveGame.open_stored(b, game_a.game_id), TokenStore.of_bytes("t", None, lambda raw: True))
        _, cmd = decision_before_a_draw(game_a)
    except BaseException:
        a.close()
        b.close()
        raise
    return a, b, game_a, served, cmd


def test_SERVE_12_a_served_follower_deals_the_chance_a_dead_process_owed_once_due(postgres_url, postgres_schema,
                                                                                   monkeypatch) -> None:
    """lifeboat.web.tables.Table of process B catches up with A's decision, whose draw A died before writing: B leaves it
    to A for SERVE-12's grace (shortened here), then deals it by itself (a timer: no page has to ask) and pushes it."""
    import asyncio

    from lifeboat.service.live import game as live

    monkeypatch.setattr(live, "OWED_GRACE", 0.2)
    a, b, game_a, served, cmd = _followed(postgres_url, postgres_schema)
    try:
        dying = a.open(game_a.game_id)  # A writes the decision, then its process is gone
        decision = dying.decide(cmd).commits[0].seq
        dying.close()

        async def follow() -> tuple[int, int, int]:
            await served.catch_up()  # what B's LISTEN loop does on the notice of the decision
            first = served.game.seq
            await asyncio.sleep(0.6)
            for _ in range(100):  # due after 0.2 s; dealt and pushed (the push comes after the deal) under load too
                if served.pushed > decision:
                    break
                await asyncio.sleep(0.05)
            await served.stop_bots()
            return first, served.game.seq, served.pushed

        first, later, pushed = run_async(follow())  # a thread of its own: a browser test may hold this one's loop
        assert first == decision and later > decision and pushed == later
    finally:
        a.close()
        b.close()


def test_SERVE_12_a_follower_looks_again_for_chance_owed_after_a_later_decision(postgres_url, postgres_schema,
                                                                               monkeypatch) -> None:
    """B's look-again timer, due for A's first decision, finds A dealt it and took a later decision whose draw it
    died before writing: B waits that decision's own grace and deals it (the timer looks again; it used to see
    itself still running and schedule nothing, and the game waited for a dealer nobody was until a page asked)."""
    import asyncio

    from lifeboat.service.live import game as live
    from tests.service.test_stored_games import decision_before_a_draw

    monkeypatch.setattr(live, "OWED_GRACE", 0.3)
    a, b, game_a, served, cmd = _followed(postgres_url, postgres_schema)
    try:
        deciding = a.open(game_a.game_id)
        first = deciding.decide(cmd).commits[0].seq

        async def follow() -> tuple[int, int, int]:
            await served.catch_up()  # B sees A's first decision: its timer is due in 0.3 s
            assert served.game.seq == first
            deciding.deal(detail=False)  # A deals it, plays on, decides again and dies before that draw
            deciding.close()
            game_a.catch_up()
            _, later_cmd = decision_before_a_draw(game_a)
            dying = a.open(game_a.game_id)
            later = dying.decide(later_cmd).commits[0].seq
            dying.close()
            for _ in range(100):  # the first timer (overdue) sees the later decision, owed 0.3 s from then
                await asyncio.sleep(0.05)
                if served.pushed > later:  # dealt and pushed (the push, encoded in a worker thread, comes after
                    break                  # the deal: waiting for the deal alone stopped the timer mid-push)
            await served.stop_bots()
            return later, served.game.seq, served.pushed

        later, seq, pushed = run_async(follow())  # a thread of its own: a browser test may hold this one's loop
        assert seq > later and pushed == seq, "B dealt the draw A owed after its later decision"
    finally:
        a.close()
        b.close()
