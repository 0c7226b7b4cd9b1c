"""CARD-3 over the network: ``lifeboat serve --cards FILE`` holds, in one process, a game of the bundled card data
(a file made before) and a game started from the page, which plays with the table's own printing; each table shows
its own sizes and its own card facts (``/api/games/{game}/names``: the page draws a Bundle of Cash with the
game's points). Real ``lifeboat serve`` on 127.0.0.1 (uvicorn in a subprocess)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import httpx

from tests.web.conftest import auth, new_game, start_server, stop_server
from tests.helpers import EXE

DATA = Path(__file__).resolve().parents[2] / "lifeboat" / "data" / "cards.json"
SIX = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def _sizes(base: str, game: str, token: str) -> dict[str, int]:
    r = httpx.get(f"{base}/api/games/{game}/state", params={"since": 0}, headers=auth(token))
    assert r.status_code == 200, r.text
    return {c["character"]: c["size"] for c in r.json()["view"]["characters"]}


def _names(base: str, game: str, token: str) -> httpx.Response:
    return httpx.get(f"{base}/api/games/{game}/names", headers=auth(token))


def test_CARD_3_a_server_holds_games_of_two_printings_side_by_side(tmp_path: Path) -> None:
    """CARD-3: the bundled game's Kid is size 3 and the Captain 7; the page's game, with a printing where the Kid
    is 6 and a Bundle of Cash 5 points, shows 6 and 7 and its names say 5 (the bundled game's say 1; a wrong
    token gets SERVE-1); the bundled game still shows 3 after the other game was made; the new game's file carries
    the printing and audits clean."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    next(ch for ch in raw["characters"] if ch["id"] == "kid")["size"] = 6
    next(f for f in raw["provisions"]["base"] if f["id"] == "cash")["points"] = 5
    cards = tmp_path / "mine.json"
    cards.write_text(json.dumps(raw), encoding="utf-8")
    folder = tmp_path / "games"
    folder.mkdir()
    made = subprocess.run([EXE, "new", folder / "old.jsonl", "--players", ",".join(SIX)], capture_output=True,
                          text=True)
    assert made.returncode == 0, made.stderr
    proc, server = start_server(folder, "--cards", str(cards))
    try:
        log = server.log.read_text()
        old = re.search(r"Game ([0-9a-f]{16}) \(old\.jsonl", log).group(1)  # type: ignore[union-attr]
        old_referee = re.search(r"referee +\S+#(\S+)", log).group(1)  # type: ignore[union-attr]
        fresh = new_game(server, SIX)
        before = _sizes(server.base, old, old_referee)
        mine = _sizes(server.base, fresh["game"], fresh["tokens"]["referee"])
        after = _sizes(server.base, old, old_referee)
        assert (before["kid"], before["captain"]) == (3, 7) and after == before
        assert (mine["kid"], mine["captain"]) == (6, 7)
        names = _names(server.base, fresh["game"], fresh["tokens"]["Ann"]).json()
        assert names["faces"]["cash"]["points"] == [5] * 6 and names["characters"]["kid"]["size"] == 6
        old_names = _names(server.base, old, old_referee).json()
        assert old_names["faces"]["cash"]["points"] == [1] * 6 and old_names["characters"]["kid"]["size"] == 3
        wrong = _names(server.base, fresh["game"], "not-a-token")
        assert wrong.status_code == 404 and wrong.json()["error"]["rule"] == "SERVE-1"
    finally:
        stop_server(proc)
    files = [p for p in folder.glob("table-*.jsonl")]
    assert len(files) == 1
    header = json.loads(files[0].read_text(encoding="utf-8").splitlines()[0])
    assert header["meta"]["cards"] == raw
    audit = subprocess.run([EXE, "audit", files[0]], capture_output=True, text=True)
    assert audit.returncode == 0, audit.stdout + audit.stderr
