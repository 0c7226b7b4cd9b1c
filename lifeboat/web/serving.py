"""Starting ``lifeboat serve``: open the games of a folder, issue the links that are missing, and run uvicorn.

:func:`prepare` returns the tables and, for every game whose links were issued now, its links (the only moment
they are shown: SERVE-1); :func:`base_url` is the address to print (the machine's address on the local network
for ``--host 0.0.0.0``); :func:`qr_text` a QR code drawn with text for a terminal; :func:`run` serves.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from typing import Any
from pathlib import Path

from lifeboat.service.errors import LiveError
from lifeboat.service.live.game import LiveGame
from lifeboat.service.live.stored import GameStore
from lifeboat.web.app import create_app, links_of
from lifeboat.web.tables import Table, Tables
from lifeboat.web.tokens import TokenFileError, TokenStore


@dataclass(frozen=True)
class Issued:
    """Links issued now for ``table``: ``links`` maps a player name, ``"spectator"`` and ``"referee"`` to a URL."""

    table: Table
    links: dict[str, str]


@dataclass(frozen=True)
class Skipped:
    """A file of the folder that is not served: ``path`` and why (``message``)."""

    path: Path
    message: str


def base_url(host: str, port: int) -> str:
    """``http://HOST:PORT`` as a phone on the same network would type it."""
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    return f"http://{host}:{port}"


def lan_address() -> str:
    """This machine's address on its local network (the route a packet would take; nothing is sent), or
    ``127.0.0.1`` when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with block characters (two rows of modules per line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def prepare(folder: Path, base: str, *, new_links: bool = False, bot_delay: float = 0.0,
            bots: dict[Path, dict[str, str]] | None = None, cards: Any = None, only: Path | None = None
            ) -> tuple[Tables, list[Issued], list[Skipped]]:
    """Open every game file (``*.jsonl``) of ``folder`` (``only``: just that one, as ``new --serve`` does; new
    games from the start page still go to ``folder``). A game without links, or every game with ``new_links``,
    gets new ones (the seats of the players named in ``bots[path]``, ``{player name: bot kind}``, are played by
    bots of that kind; without it, the bots a game had before keep their seats)."""
    tables = Tables(folder, bot_delay=bot_delay, cards=cards)
    issued: list[Issued] = []
    skipped: list[Skipped] = []
    bots = bots or {}
    for path in [only] if only is not None else sorted(folder.glob("*.jsonl")):
        try:
            kept = TokenStore.load(path)  # no sidecar: no links
            has_links = kept.issued
            if has_links and not new_links and path not in bots:
                tables.add(path)
                continue
            game = LiveGame.open(path)
            keep = kept.bot_kinds if has_links else {}
            names = bots.get(path) or {game.seats()[c]: k for c, k in keep.items() if c in game.seats()}
            table, tokens = tables.issue(game, names)
        except (LiveError, TokenFileError) as exc:  # not a game we can serve (SERVE-8: a copy): say so, serve others
            rule = getattr(exc, "rule", None)
            skipped.append(Skipped(path, f"[{rule}] {exc.message}" if rule else exc.message))
            continue
        issued.append(Issued(table, links_of(base, table, tokens)))
    return tables, issued, skipped


def prepare_store(store: GameStore, base: str, *, new_links: bool = False,
                  bot_delay: float = 0.0, cards: Any = None) -> tuple[Tables, list[Issued], list[Skipped]]:
    """Serve the games of a PostgreSQL store (shared with other serve processes). A game without links, or every
    game with ``new_links``, gets new ones now; when several processes start at once, the first one's links
    stand (only that process prints them). Games that have links are opened on their first request."""
    tables = Tables(None, bot_delay=bot_delay, store=store, cards=cards)
    issued: list[Issued] = []
    skipped: list[Skipped] = []
    linked = set(store.linked_ids())
    for game_id in store.game_ids():
        if game_id in linked and not new_links:
            continue
        try:
            game = LiveGame.open_stored(store, game_id)
            keep = tables.bot_kinds(game_id)
        except (LiveError, TokenFileError) as exc:
            skipped.append(Skipped(Path(f"{store.location}/{game_id}"), exc.message))
            continue
        names = {game.seats()[c]: k for c, k in keep.items() if c in game.seats()}
        table, tokens = tables.issue(game, names, replace=new_links)
        if tokens:
            issued.append(Issued(table, links_of(base, table, tokens)))
    return tables, issued, skipped


def run(tables: Tables, host: str, port: int) -> None:
    """Serve ``tables`` until Ctrl-C (uvicorn; its access log is off: it would add nothing a player needs; open
    event streams are cut 2 s after Ctrl-C)."""
    import uvicorn

    uvicorn.run(create_app(tables), host=host, port=port, log_level="warning", access_log=False,
                timeout_graceful_shutdown=2)  # open pages keep their event streams: do not wait for them
