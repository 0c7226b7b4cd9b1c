"""The served table's edge under attack (issue 32), against a real ``lifeboat serve`` (uvicorn) on 127.0.0.1.

- SERVE-4: a body nested ~1,000 levels deep is refused with a 4xx before decoding (it was a 500 with a
  RecursionError in the log);
- SERVE-14: bodies are read as a stream with a cap, on every route: a 256 MB chunked body, a Content-Length that
  claims too much and one that claims too little leave the server's peak memory where it was (one 256 MB POST
  took it from 41 to 290 MB before its 413);
- SERVE-15: a page of another site changes nothing (Origin, Sec-Fetch-Site, a ``text/plain`` POST), and the links
  a new game returns name the configured address, never the request's Host header.
"""

from __future__ import annotations

import json
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.web.conftest import Server, auth, new_game, start_server, stop_server

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
MB = 1 << 20


@pytest.fixture(scope="module")
def edge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[subprocess.Popen[bytes], Server]]:
    proc, srv = start_server(tmp_path_factory.mktemp("edge"))
    yield proc, srv
    stop_server(proc)


def peak_kb(pid: int) -> int:
    """The process's peak resident memory (VmHWM), KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


def raw_post(base: str, path: str, head: dict[str, str], chunks: Iterator[bytes]) -> bytes:
    """Send a POST by hand (whatever its headers claim), then the ``chunks`` until the server stops reading;
    returns what the server answered (b"" if it cut the connection before a word)."""
    host, port = urlsplit(base).hostname, urlsplit(base).port
    with socket.create_connection((host, port), timeout=20) as s:
        lines = [f"POST {path} HTTP/1.1", f"Host: {host}:{port}", *(f"{k}: {v}" for k, v in head.items())]
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        try:
            for chunk in chunks:
                s.sendall(chunk)
        except OSError:  # the server answered and closed: it read no more
            pass
        s.settimeout(5)
        answer = b""
        try:
            while chunk := s.recv(65536):
                answer += chunk
        except OSError:
            pass
        return answer


def status_of(answer: bytes) -> int | None:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else None


def test_SERVE_4_a_body_nested_a_thousand_levels_deep_is_refused_before_decoding(edge) -> None:
    proc, server = edge
    g = new_game(server, PLAYERS, seed=21)
    deep = b'{"expected_seq": 1, "command": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    headers = {**auth(g["tokens"]["Ann"]), "Content-Type": "application/json"}
    r = httpx.post(f"{server.base}/api/games/{g['game']}/decisions", content=deep, headers=headers)
    assert r.status_code == 422 and r.json()["error"]["rule"] == "SERVE-4", r.text
    assert "32 levels" in r.json()["error"]["message"]
    r = httpx.post(f"{server.base}/api/games", content=b'{"players": ' + b"[" * 5000 + b"]" * 5000 + b"}",
                   headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["rule"] == "SERVE-4", r.text
    log = server.log.read_text()
    assert "RecursionError" not in log and "Traceback" not in log


def test_SERVE_13_bodies_are_capped_while_they_stream_in_on_every_route(edge) -> None:
    proc, server = edge
    g = new_game(server, PLAYERS, seed=22)
    before = peak_kb(proc.pid)
    json_head = {"Content-Type": "application/json"}
    # 256 MB chunked, to the route that creates games (no token needed) and to a decision
    chunk = b"%x\r\n%s\r\n" % (MB, b" " * MB)
    for path, head in (("/api/games", json_head),
                       (f"/api/games/{g['game']}/decisions", {**json_head, **auth(g["tokens"]["Ann"])})):
        answer = raw_post(server.base, path, {**head, "Transfer-Encoding": "chunked"}, iter([chunk] * 256))
        assert status_of(answer) in (413, None), answer[:200]
    # a Content-Length over the cap: refused before a byte is read, on any route (a page's, an unknown one's)
    for path in ("/api/games", f"/play/{g['game']}", "/nowhere"):
        answer = raw_post(server.base, path, {**json_head, "Content-Length": str(256 * MB)}, iter(()))
        assert status_of(answer) == 413 and b"SERVE-14" in answer, answer[:300]
    # a Content-Length that claims little and a body that goes on: the rest is never a body
    answer = raw_post(server.base, "/api/games", {**json_head, "Content-Length": "20"}, iter([b" " * MB] * 64))
    assert status_of(answer) in (422, 400, None)
    grown_mb = (peak_kb(proc.pid) - before) / 1024
    assert grown_mb < 24, f"the server's peak memory grew {grown_mb:.0f} MB"
    assert httpx.get(server.base + "/api/names").status_code == 200  # still serving
    assert "Traceback" not in server.log.read_text()


def test_SERVE_14_a_page_of_another_site_changes_nothing(edge) -> None:
    proc, server = edge
    games = lambda: len(list(server.folder.glob("*.jsonl")))  # noqa: E731
    before = games()
    body = json.dumps({"players": PLAYERS}).encode()
    refused = [
        httpx.post(server.base + "/api/games", content=body,
                   headers={"Content-Type": "application/json", "Origin": "http://evil.example"}),
        httpx.post(server.base + "/api/games", content=body,
                   headers={"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site",
                            "Origin": server.base}),
        httpx.post(server.base + "/api/games", content=body, headers={"Content-Type": "application/json",
                                                                      "Sec-Fetch-Site": "same-site"}),
    ]
    assert [(r.status_code, r.json()["error"]["rule"]) for r in refused] == [(403, "SERVE-15")] * 3
    plain = httpx.post(server.base + "/api/games", content=body, headers={"Content-Type": "text/plain"})
    assert (plain.status_code, plain.json()["error"]["rule"]) == (415, "SERVE-15")
    assert games() == before
    g = new_game(server, PLAYERS, seed=23)
    token = g["tokens"]["Ann"]
    late = httpx.post(f"{server.base}/api/games/{g['game']}/decisions", content=b'{"expected_seq": 1, "line": "x"}',
                      headers={**auth(token), "Content-Type": "application/json", "Origin": "http://evil.example"})
    assert (late.status_code, late.json()["error"]["rule"]) == (403, "SERVE-15")
    # the page's own requests: same origin (by Sec-Fetch-Site, or by Origin without it)
    for head in ({"Sec-Fetch-Site": "same-origin", "Origin": server.base}, {"Origin": server.base}):
        r = httpx.post(server.base + "/api/games", content=body, headers={"Content-Type": "application/json", **head})
        assert r.status_code == 201, r.text


def test_SERVE_14_links_name_the_configured_address_never_the_host_header(edge) -> None:
    proc, server = edge
    r = httpx.post(server.base + "/api/games", json={"players": PLAYERS},
                   headers={"Host": "evil.example:666", "X-Forwarded-Host": "evil.example"})
    assert r.status_code == 201, r.text
    assert all(url.startswith(f"{server.base}/play/{r.json()['game']}#") for url in r.json()["links"].values())
