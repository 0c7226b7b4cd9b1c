"""Links that reach the phones (issue 28): the LAN address chosen from a machine's addresses (given as input, so a
test can give it a LAN one), the plain warning of a server on 127.0.0.1, and ``lifeboat links``: what the host
holds (hashes only, SERVE-1) and a new link for one seat: its old token is refused at once by the running server
(404), the new one opens its seat, every other link keeps working."""

from __future__ import annotations

import subprocess

import httpx

from lifeboat.web.serving import base_url, lan_addresses, loopback_only
from tests.helpers import EXE
from tests.web.conftest import Server, auth, new_game, server  # noqa: F401 - the fixture


def test_the_lan_address_is_chosen_from_the_machines_addresses() -> None:
    found = ["127.0.0.1", "169.254.3.4", "172.17.0.1", "8.8.8.8", "not an address", "10.0.0.5", "192.168.1.23",
             "192.168.1.23"]
    assert lan_addresses(found) == ["192.168.1.23", "10.0.0.5", "172.17.0.1"]
    assert base_url("0.0.0.0", 8000, addresses=found) == "http://192.168.1.23:8000"
    assert base_url("0.0.0.0", 8000, addresses=["127.0.0.1"]) == "http://127.0.0.1:8000"  # none: said so at start
    assert base_url("192.168.7.7", 9000) == "http://192.168.7.7:9000"
    assert loopback_only("127.0.0.1") and loopback_only("localhost") and not loopback_only("0.0.0.0")


def test_serve_on_127_says_phones_cannot_reach_it(server: Server) -> None:  # noqa: F811
    log = server.log.read_text()
    assert ("Only this computer can open these links: the server listens on 127.0.0.1. For phones on the same "
            "Wi-Fi, serve with --host 0.0.0.0") in log


def test_links_reissues_one_seat_only(server: Server) -> None:  # noqa: F811
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Dee"], seed=51)
    game = next(p for p in server.folder.glob("*.jsonl") if g["game"] in p.read_text().splitlines()[0])
    api = f"{server.base}/api/games/{g['game']}/state"
    said = subprocess.run([EXE, "links", str(game)], capture_output=True, text=True)
    assert said.returncode == 0 and "a lost link cannot be printed again" in said.stdout
    assert said.stdout.strip().endswith("Seats with a link: Ann, Bob, Cy")  # Dee is a bot's seat
    out = subprocess.run([EXE, "links", str(game), "--reissue", "Bob", "--no-qr", "--port",
                          server.base.rsplit(":", 1)[1]], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    url = out.stdout.strip().splitlines()[-1].strip()
    assert url.startswith(f"http://127.0.0.1:{server.base.rsplit(':', 1)[1]}/play/{g['game']}#")
    new = url.split("#", 1)[1]
    with httpx.Client() as http:
        assert http.get(api, headers=auth(g["tokens"]["Bob"])).status_code == 404  # the old link: at once
        bob = http.get(api, headers=auth(new))
        assert bob.status_code == 200 and bob.json()["audience"] == bob.json()["view"]["viewer"]
        for name in ("Ann", "Cy", "spectator", "referee"):
            assert http.get(api, headers=auth(g["tokens"][name])).status_code == 200, name
    bad = subprocess.run([EXE, "links", str(game), "--reissue", "Dee"], capture_output=True, text=True)
    assert bad.returncode == 2 and "a bot plays this seat" in bad.stderr
    bad = subprocess.run([EXE, "links", str(game), "--reissue", "Zed"], capture_output=True, text=True)
    assert bad.returncode == 2 and "not a player of this game" in bad.stderr and "Traceback" not in bad.stderr


def test_a_decision_after_the_end_says_the_game_is_over(server: Server) -> None:  # noqa: F811
    """Calm edges: a page that was behind when the game ended hears that the game is over (SERVE-5, 409: it reads
    the table again), not that another decision came first; an unknown route in a browser is a page, not JSON."""
    from tests.web.test_api import play_game, run_async

    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=18)
    with httpx.Client() as http:
        api = f"{server.base}/api/games/{g['game']}"
        run_async(play_game(server.base, g["game"], {"Ann": g["tokens"]["Ann"]}, seed=18))
        final = http.get(api + "/state", headers=auth(g["tokens"]["Ann"])).json()
        assert final["view"]["over"]
        r = http.post(api + "/decisions", headers=auth(g["tokens"]["Ann"]),
                      json={"expected_seq": final["seq"] - 1, "line": "row"})
        assert r.status_code == 409 and r.json()["error"]["rule"] == "SERVE-5", r.text
        assert r.json()["error"]["message"].startswith("the game is over")
        r = http.post(api + "/decisions", headers=auth(g["tokens"]["Ann"]),  # on the last seq: the same words
                      json={"expected_seq": final["seq"], "line": "pass"})
        assert r.status_code == 422 and r.json()["error"]["rule"] == "SERVE-5"
        assert r.json()["error"]["message"].startswith("this game is over")
        page = http.get(server.base + "/no/such/page", headers={"Accept": "text/html,application/xhtml+xml"})
        assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
        assert "Lifeboat" in page.text and "{" not in page.text.split("<body", 1)[-1][:200]
        api_miss = http.get(server.base + "/api/no/such/route")
        assert api_miss.status_code == 404 and api_miss.json()["error"]["rule"]
