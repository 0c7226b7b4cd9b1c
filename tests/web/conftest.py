"""A real ``lifeboat serve`` on 127.0.0.1 (uvicorn in a subprocess), shared by the web tests of a run.

``server`` is ``Server(base, folder)``; :func:`new_game` starts a game through the API and returns its links.
"""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from tests.helpers import EXE


@dataclass(frozen=True)
class Server:
    base: str
    folder: Path
    log: Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn_serve(log: Path, *args: str, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """``lifeboat serve *args`` on ``port`` (default: a free one), output to ``log``; returns the process and its
    base URL (not yet waited for: see :func:`wait_up`)."""
    port = port or free_port()
    proc = subprocess.Popen([EXE, "serve", *args, "--port", str(port), "--bot-delay", "0", "--no-qr"],
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    return proc, f"http://127.0.0.1:{port}"


def wait_up(proc: subprocess.Popen[bytes], base: str, log: Path) -> None:
    """Wait until the server at ``base`` answers (20 s at most); if it exits or does not, kill it and raise with
    its log."""
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(base + "/api/names", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the server did not start:\n" + log.read_text())
        time.sleep(0.05)


def start_server(folder: Path, *extra: str, port: int | None = None) -> tuple[subprocess.Popen[bytes], Server]:
    """``lifeboat serve --dir folder`` on ``port`` (default: a free one), waited for until it answers."""
    log = folder / "server.log"
    proc, base = spawn_serve(log, "--dir", str(folder), *extra, port=port)
    wait_up(proc, base, log)
    return proc, Server(base, folder, log)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("served")
    proc, srv = start_server(folder)
    yield srv
    stop_server(proc)


def new_game(server: Server, players: list[str], bots: list[str] = (), seed: int | None = 1,
             options: list[str] = ()) -> dict:
    """Start a game through the API; returns ``{"game", "links", "tokens"}`` (tokens by player name)."""
    r = httpx.post(server.base + "/api/games", json={"players": players, "bots": list(bots), "seed": seed,
                                                     "options": list(options)})
    assert r.status_code == 201, r.text
    data = r.json()
    data["tokens"] = {name: url.split("#", 1)[1] for name, url in data["links"].items()}
    return data


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
