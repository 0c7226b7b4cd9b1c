"""The HTTP API of ``lifeboat serve`` against a real uvicorn process on 127.0.0.1 (docs/serve.md; SERVE-1..6)."""

from __future__ import annotations

import asyncio
import json
import stat
import subprocess
import sys

import httpx

from tests.web.conftest import Server, auth, new_game
from tests.web.players import play_game, run_async

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def state(server: Server, game: str, token: str, since: int = 0) -> httpx.Response:
    return httpx.get(f"{server.base}/api/games/{game}/state", params={"since": since}, headers=auth(token))


def decide(server: Server, game: str, token: str, body: object) -> httpx.Response:
    return httpx.post(f"{server.base}/api/games/{game}/decisions",
                      headers={**auth(token), "Content-Type": "application/json"},
                      content=body if isinstance(body, bytes) else json.dumps(body).encode())


def test_a_new_game_gives_one_link_per_human_seat_and_keeps_only_hashes(server: Server) -> None:
    """SERVE-1: links for the people (bots get none), a spectator and a referee; the tokens are in no file."""
    g = new_game(server, PLAYERS, bots=["Dee"], seed=11)
    assert sorted(g["links"]) == ["Ann", "Bob", "Cy", "referee", "spectator"]
    assert all(url.startswith(f"{server.base}/play/{g['game']}#") for url in g["links"].values())
    journal = next(p for p in server.folder.glob("*.jsonl") if g["game"] in p.read_text().splitlines()[0])
    sidecar = journal.with_name(journal.name + ".serve.json")
    assert stat.S_IMODE(sidecar.stat().st_mode) == 0o600
    stored = b"".join(p.read_bytes() for p in server.folder.iterdir() if p.is_file() and p.suffix != ".log")
    for token in g["tokens"].values():
        assert len(token) == 43
        assert token.encode() not in stored
    side = json.loads(sidecar.read_bytes())
    seats = {c["player"]: c["character"] for c in state(server, g["game"], g["tokens"]["referee"]).json()["view"]["characters"]}
    assert side["bots"] == [f"{seats['Dee']}=random"]
    assert {len(e["sha256"]) for e in side["links"]} == {64}


def test_unknown_game_wrong_token_and_no_token_look_the_same(server: Server) -> None:
    """SERVE-1: a 404 that says nothing about the game, whatever is wrong."""
    g = new_game(server, PLAYERS, seed=12)
    good = g["tokens"]["Ann"]
    answers = [
        state(server, "0000000000000000", good),
        state(server, g["game"], good[:-1] + ("A" if good[-1] != "A" else "B")),
        httpx.get(f"{server.base}/api/games/{g['game']}/state"),
        httpx.get(f"{server.base}/api/games/{g['game']}/events", headers={"Authorization": good}),
        decide(server, g["game"], "x" * 43, {"expected_seq": 1, "line": "pass"}),
    ]
    assert {r.status_code for r in answers} == {404}
    assert {r.content for r in answers} == {b'{"error":{"rule":"SERVE-1","message":"no such game, or this link is '
                                            b'not valid (ask the host for your link)"}}'}


def test_each_link_sees_its_own_audience(server: Server) -> None:
    g = new_game(server, PLAYERS, seed=13)
    ref = state(server, g["game"], g["tokens"]["referee"]).json()
    pub = state(server, g["game"], g["tokens"]["spectator"]).json()
    assert (ref["audience"], ref["view"]["view"], pub["audience"], pub["view"]["view"]) == (
        "referee", "referee", "public", "public")
    assert "hand" not in pub["view"] and pub["decisions"] == []
    secrets = {s["character"]: s for s in ref["view"]["secrets"]}
    for name in PLAYERS:
        seat = state(server, g["game"], g["tokens"][name]).json()
        me = seat["view"]["viewer"]
        assert seat["view"]["player"] == name
        assert (seat["view"]["hand"], seat["view"]["love"], seat["view"]["hate"]) == (
            secrets[me]["hand"], secrets[me]["love"], secrets[me]["hate"])
        raw = state(server, g["game"], g["tokens"][name]).content.decode()
        for other, s in secrets.items():
            if other != me:
                assert not any(f'"{card}"' in raw for card in s["hand"]), (name, other)


def test_decisions_by_line_and_by_command_and_the_refusals(server: Server) -> None:
    """A line of notation or a command; each mistake a 4xx with our rule id (SERVE-2..4, NOTATION-1, rules)."""
    g = new_game(server, PLAYERS, seed=14)
    ref = state(server, g["game"], g["tokens"]["referee"]).json()
    who = ref["view"]["waiting_for"][0]
    name = next(c["player"] for c in ref["view"]["characters"] if c["character"] == who)
    other = next(p for p in PLAYERS if p != name)
    token, seq = g["tokens"][name], ref["seq"]
    game = g["game"]
    mine = state(server, game, token).json()
    bad = [
        (decide(server, game, token, {"expected_seq": seq, "line": "fly away"}), 422, "NOTATION-1"),
        (decide(server, game, token, {"expected_seq": seq, "line": "pass"}), 422, "PROC-1"),
        (decide(server, game, token, {"expected_seq": seq - 1, "line": "pass"}), 409, "SERVE-2"),
        (decide(server, game, g["tokens"][other], {"expected_seq": seq, "line": mine["decisions"][0]["line"]}),
         403, "SERVE-3"),
        (decide(server, game, g["tokens"]["spectator"], {"expected_seq": seq, "line": "pass"}), 403, "SERVE-3"),
        (decide(server, game, token, {"expected_seq": seq}), 422, "SERVE-4"),
        (decide(server, game, token, {"expected_seq": "1", "line": "pass"}), 422, "SERVE-4"),
        (decide(server, game, token, {"expected_seq": seq, "line": "pass", "extra": 1}), 422, "SERVE-4"),
        (decide(server, game, token, b"{not json"), 422, "SERVE-4"),
        (decide(server, game, token, {"expected_seq": seq, "command": {"type": "warp", "by": who}}), 422, "SERVE-4"),
        (decide(server, game, token, b" " * 20000), 413, "SERVE-14"),
        (state(server, game, token, since=-1), 400, "SERVE-4"),
        (httpx.get(f"{server.base}/api/nothing"), 404, "SERVE-4"),
        (httpx.delete(f"{server.base}/api/games"), 405, "SERVE-4"),
    ]
    for r, status, rule in bad:
        assert (r.status_code, r.json()["error"]["rule"]) == (status, rule), r.text
        assert "Traceback" not in r.text and 'File "' not in r.text
    assert bad[5][0].json()["error"]["message"] == ('send a line of notation ("line") or a command ("command"); '
                                                    "the request had neither")
    assert state(server, game, g["tokens"]["referee"]).json()["seq"] == seq  # nothing was written
    first, second = mine["decisions"][0], mine["decisions"][-1]
    ok = decide(server, game, token, {"expected_seq": seq, "line": first["line"]})
    assert ok.status_code == 200 and ok.json()["seq"] > seq
    again = decide(server, game, token, {"expected_seq": seq, "command": second["command"]})
    assert again.status_code == 409
    assert again.json()["error"] == {"rule": "SERVE-2", "seq": ok.json()["seq"], "message": (
        f"the table changed (seq {ok.json()['seq']}, you decided on seq {seq}): another decision came first; "
        "look again and decide anew")}


def test_two_decisions_at_once_one_wins(server: Server) -> None:
    """SERVE-2: the same moment, two requests: exactly one is written, the other is a 409."""
    g = new_game(server, PLAYERS, seed=15)
    ref = state(server, g["game"], g["tokens"]["referee"]).json()
    who = ref["view"]["waiting_for"][0]
    name = next(c["player"] for c in ref["view"]["characters"] if c["character"] == who)
    mine = state(server, g["game"], g["tokens"][name]).json()

    async def both() -> list[httpx.Response]:
        async with httpx.AsyncClient() as client:
            url = f"{server.base}/api/games/{g['game']}/decisions"
            return list(await asyncio.gather(*(
                client.post(url, headers=auth(g["tokens"][name]), json={"expected_seq": ref["seq"], "command": d})
                for d in (mine["decisions"][0]["command"], mine["decisions"][-1]["command"]))))

    assert sorted(r.status_code for r in run_async(both())) == [200, 409]


def test_the_stream_catches_up_from_a_seq_and_two_streams_agree(server: Server) -> None:
    g = new_game(server, PLAYERS, bots=["Cy", "Dee"], seed=16)

    async def run() -> tuple[list, list, list]:
        from tests.web.players import Player

        async with httpx.AsyncClient() as client:
            tabs = [Player(server.base, g["game"], "Ann", g["tokens"]["Ann"], decide=False) for _ in range(2)]
            watch = asyncio.gather(*(t.play(client, stop_after=3) for t in tabs))
            await play_game(server.base, g["game"], {k: g["tokens"][k] for k in ("Ann", "Bob")}, seed=3,
                            client=client)
            await watch
            late = Player(server.base, g["game"], "Ann", g["tokens"]["Ann"], decide=False, since=20)
            await late.play(client, stop_after=1)
            return tabs[0].received, tabs[1].received, late.received

    one, two, late = run_async(run())
    assert [r.raw for r in one] == [r.raw for r in two]
    final = state(server, g["game"], g["tokens"]["Ann"]).json()
    assert final["view"]["over"] is True
    full = state(server, g["game"], g["tokens"]["Ann"], since=0).json()["events"]
    caught = late[0].message
    assert caught["seq"] == final["seq"]
    assert caught["events"] == full[caught["events"][0]["seq"]:]
    assert 0 < caught["events"][0]["seq"] < len(full)


def test_a_served_game_replays_and_audits_with_the_cli(server: Server) -> None:
    g = new_game(server, PLAYERS, bots=["Cy", "Dee"], seed=17)
    run_async(play_game(server.base, g["game"], g["tokens"], seed=17))
    path = next(p for p in server.folder.glob("*.jsonl") if g["game"] in p.read_text().splitlines()[0])
    lifeboat = [sys.executable, "-m", "cli.app"]
    replay = subprocess.run([*lifeboat, "replay", str(path)], capture_output=True, text=True)
    audit = subprocess.run([*lifeboat, "audit", str(path)], capture_output=True, text=True)
    assert (replay.returncode, audit.returncode) == (0, 0), replay.stderr + audit.stdout
    for token in g["tokens"].values():
        assert token not in path.read_text()


def test_new_game_refusals_and_a_finished_game(server: Server) -> None:
    """SETUP-1 (the count, a name's length, a line break, one name twice) and SERVE-6 for a new game; SERVE-5 once
    the game is over."""
    r = httpx.post(f"{server.base}/api/games", json={"players": ["Ann", "Bob", "Cy"]})
    assert (r.status_code, r.json()["error"]["rule"]) == (422, "SETUP-1")
    r = httpx.post(f"{server.base}/api/games", json={"players": ["Ann;Bob;Cy;Dee"]})  # the start page's box
    assert r.status_code == 422 and r.json()["error"] == {
        "rule": "SETUP-1", "message": "the base game takes 4 to 6 players, got 1 (separate the names with commas)"}
    r = httpx.post(f"{server.base}/api/games", json={"players": ["A" * 5000, "Bob", "Cy", "Dee"]})
    assert r.status_code == 422 and r.json()["error"] == {
        "rule": "SETUP-1", "message": "player name 'AAAAAAAAAAAAAAAAAAAA…' is 5000 characters long; give at most 40"}
    r = httpx.post(f"{server.base}/api/games", json={"players": ["Ann\nBob", "Cy", "Dee", "Eve"]})
    assert (r.status_code, r.json()["error"]["rule"]) == (422, "SETUP-1") and "line break" in r.text
    # a player called Spectator lost their link: the answer's links are keyed by player, "spectator" and "referee"
    r = httpx.post(f"{server.base}/api/games", json={"players": ["Ann", "Bob", "Cy", "Spectator"]})
    assert r.status_code == 422 and r.json()["error"] == {
        "rule": "SETUP-1", "message": "player name 'spectator' is the name of serve's watching link; choose another"}
    r = httpx.post(f"{server.base}/api/games", json={"players": ["Ann", "Bob", "Cy", "Me"]})
    assert r.status_code == 422 and r.json()["error"] == {  # the list names every reserved word ('me' was left out)
        "rule": "SETUP-1", "message": "player name 'Me' is a character's name, a reserved word (chance, dealer, me, "
        "public, recorder, referee, system) or holds one of ; = : , ?; choose another"}
    r = httpx.post(f"{server.base}/api/games", json={"players": ["Ann", "Bob", "Cy", "ann"]})
    assert r.status_code == 422 and r.json()["error"] == {  # the CLI's line, from the one check (service.game.players)
        "rule": "SETUP-1", "message": "player names 'Ann' and 'ann' are the same (compared without case); give each "
        "player a different name"}
    r = httpx.post(f"{server.base}/api/games", json={"players": PLAYERS, "bots": ["Zed"]})
    assert r.status_code == 422
    assert r.json()["error"] == {"rule": "SERVE-6", "message": "bots must be players of the game; not players: Zed"}
    r = httpx.post(f"{server.base}/api/games", json={"players": PLAYERS, "options": ["nonsense=on"]})
    assert (r.status_code, r.json()["error"]["rule"]) == (422, "OPT-1")
    g = new_game(server, PLAYERS, bots=["Bob", "Cy", "Dee"], seed=18)
    run_async(play_game(server.base, g["game"], {"Ann": g["tokens"]["Ann"]}, seed=18))
    final = state(server, g["game"], g["tokens"]["Ann"]).json()
    assert final["view"]["over"] is True and final["decisions"] == []
    r = decide(server, g["game"], g["tokens"]["Ann"], {"expected_seq": final["seq"], "line": "pass"})
    assert (r.status_code, r.json()["error"]["rule"]) == (422, "SERVE-5")


def test_SERVE_9_a_since_past_the_game_is_refused_not_answered_from_the_start(server: Server) -> None:
    """SERVE-9: a reader that has seen seqs the game never had (a restored or cut file) gets 409 with the game's
    seq, from the state route and the event stream alike (``since`` or ``Last-Event-ID``); up to the seq is fine."""
    g = new_game(server, PLAYERS, seed=19)
    token = g["tokens"]["Ann"]
    seq = state(server, g["game"], token).json()["seq"]
    expected = {"error": {"rule": "SERVE-9", "seq": seq, "message": (
        f"this page has seen seq {seq + 5} but the game is at seq {seq} (its file was restored or cut): read the "
        "game again from the start (since=0; the page does so by itself)")}}
    events = f"{server.base}/api/games/{g['game']}/events"
    refused = [
        state(server, g["game"], token, since=seq + 5),
        httpx.get(events, params={"since": seq + 5}, headers=auth(token)),
        httpx.get(events, headers={**auth(token), "Last-Event-ID": str(seq + 5)}),
        state(server, g["game"], g["tokens"]["spectator"], since=seq + 5),
    ]
    for r in refused:
        assert (r.status_code, r.headers["content-type"], r.json()) == (409, "application/json", expected)
    up_to_date = state(server, g["game"], token, since=seq)
    assert up_to_date.status_code == 200
    assert (up_to_date.json()["seq"], up_to_date.json()["events"]) == (seq, [])
    with httpx.stream("GET", events, params={"since": seq}, headers=auth(token)) as live:
        assert live.status_code == 200
        lines = live.iter_lines()
        first = next(lines), next(lines), next(lines)
    assert first[:2] == (f"id: {seq}", "event: update")
    assert json.loads(first[2].removeprefix("data: "))["events"] == []


def test_a_line_another_program_left_in_the_file_is_refused_not_a_500(server: Server) -> None:
    """A line that does not read, appended to a served game's file by another program (or the file removed), made
    the next decision an internal error (500, a traceback in the log): now 422 JOURNAL naming the line, and
    nothing is written."""
    g = new_game(server, PLAYERS, seed=31)
    path = next(p for p in server.folder.glob("*.jsonl") if g["game"] in p.read_text().splitlines()[0])
    ref = state(server, g["game"], g["tokens"]["referee"]).json()
    mover = next(c["player"] for c in ref["view"]["characters"] if c["character"] in ref["view"]["waiting_for"])
    mine = state(server, g["game"], g["tokens"][mover]).json()
    with path.open("a") as f:
        f.write('{"garbage": true}\n')
    before = path.read_bytes()
    r = httpx.post(f"{server.base}/api/games/{g['game']}/decisions", headers=auth(g["tokens"][mover]),
                   json={"expected_seq": mine["seq"], "line": mine["decisions"][0]["line"]})
    assert r.status_code == 422 and r.json()["error"] == {
        "rule": "JOURNAL", "message": f"the game's file was changed outside this server (line {ref['seq'] + 2}: the "
        "line is not a commit: Object contains unknown field `garbage`); nothing was written: the host stops serve "
        "and runs lifeboat audit on the file"}
    assert path.read_bytes() == before
    path.unlink()  # the file removed: the same refusal, not a 500
    r = httpx.post(f"{server.base}/api/games/{g['game']}/decisions", headers=auth(g["tokens"][mover]),
                   json={"expected_seq": mine["seq"], "line": mine["decisions"][0]["line"]})
    assert r.status_code == 422 and r.json()["error"] == {
        "rule": "JOURNAL", "message": "the game's file was changed outside this server (line 1: the journal file "
        "was replaced or removed since it was opened); nothing was written: the host stops serve and runs lifeboat "
        "audit on the file"}
    assert not path.exists()


def test_SERVE_4_since_is_ascii_digits_and_the_header_is_named(server: Server) -> None:
    """since=² (a digit to str.isdigit, not to int) was a 500; a bad Last-Event-ID header was called 'since'."""
    g = new_game(server, PLAYERS, seed=32)
    url = f"{server.base}/api/games/{g['game']}"
    r = httpx.get(f"{url}/state", params={"since": "²"}, headers=auth(g["tokens"]["spectator"]))
    assert (r.status_code, r.json()) == (400, {"error": {"rule": "SERVE-4", "message": "since must be a seq: a "
                                                         "whole number from 0"}})
    r = httpx.get(f"{url}/events", headers={**auth(g["tokens"]["spectator"]), "Last-Event-ID": "x1"})
    assert (r.status_code, r.json()) == (400, {"error": {"rule": "SERVE-4", "message": "Last-Event-ID must be a "
                                                         "seq: a whole number from 0"}})
    assert state(server, g["game"], g["tokens"]["spectator"], since=1).status_code == 200
