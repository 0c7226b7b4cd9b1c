"""Starting ``lifeboat serve``: open the games of a folder, issue the links that are missing, and run uvicorn.

:func:`prepare` returns the tables and, for every game whose links were issued now, its links (the only moment
they are shown: SERVE-1); :func:`base_url` is the address to print (the machine's address on the local network
for ``--host 0.0.0.0``); :func:`qr_text` a QR code drawn with text for a terminal; :func:`run` serves.
"""

from __future__ import annotations

import json
import os
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


ALL_INTERFACES = ("0.0.0.0", "::", "")


def base_url(host: str, port: int, addresses: list[str] | None = None) -> str:
    """``http://HOST:PORT`` as a phone on the same network would type it: for ``--host 0.0.0.0`` the first of
    :func:`lan_addresses` (of ``addresses``, default this machine's :func:`machine_addresses`)."""
    if host in ALL_INTERFACES:
        found = lan_addresses(machine_addresses() if addresses is None else addresses)
        host = found[0] if found else "127.0.0.1"
    return f"http://{host}:{port}"


def lan_addresses(addresses: list[str]) -> list[str]:
    """The addresses of ``addresses`` (IPv4 text, as :func:`machine_addresses` lists them) a phone on the same
    Wi-Fi may reach, best first: home and office networks (192.168.x.x, 10.x.x.x), then 172.16-31.x.x (where
    container bridges live too), each once; never loopback (127.x), link-local (169.254.x) or anything else."""
    import ipaddress

    ranks = []
    for text in addresses:
        try:
            ip = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if ip.is_loopback or ip.is_link_local or not ip.is_private:
            continue
        rank = 0 if ip in ipaddress.IPv4Network("192.168.0.0/16") else 1 if ip in ipaddress.IPv4Network(
            "10.0.0.0/8") else 2
        ranks.append((rank, text))
    out: list[str] = []
    for _, text in sorted(ranks, key=lambda r: r[0]):
        if text not in out:
            out.append(text)
    return out


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses: the one its default route leaves from (nothing is sent), then those its
    name resolves to."""
    out: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            out.append(str(s.getsockname()[0]))
        except OSError:
            pass
    try:
        out += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return out


def lan_address() -> str:
    """This machine's best address on its local network, or ``127.0.0.1`` when there is none."""
    found = lan_addresses(machine_addresses())
    return found[0] if found else "127.0.0.1"


def loopback_only(host: str) -> bool:
    """True when a server on ``host`` can be reached from this machine only (127.x, ``localhost``, ``::1``)."""
    return host in ("localhost", "::1") or host.startswith("127.")


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


def run(tables: Tables, host: str, port: int, base: str | None = None) -> None:
    """Serve ``tables`` until Ctrl-C (uvicorn; its access log is off: it would add nothing a player needs). At
    Ctrl-C every open page is told the host stopped (an ``event: stopping`` on its stream, which then ends), so
    the server stops at once, without a traceback, and each page says so and keeps its table. ``base``: the
    address the links name (default :func:`base_url`; SERVE-15: never a request's Host header)."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            loop = getattr(self, "_loop", None)
            if loop is not None:
                loop.call_soon_threadsafe(tables.stop_streams)
            super().handle_exit(sig, frame)

        async def serve(self, sockets: Any = None) -> None:
            import asyncio

            self._loop = asyncio.get_running_loop()
            await super().serve(sockets)

    config = uvicorn.Config(create_app(tables, base or base_url(host, port)), host=host, port=port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2)  # a stream that did not end by then is cut
    try:
        Server(config).run()
    except KeyboardInterrupt:  # uvicorn raises the Ctrl-C again once it has stopped (as uvicorn.run, say nothing)
        pass


WORKER_ENV = "LIFEBOAT_SERVE_WORKER"
"""The environment variable that hands ``serve --store --workers N``'s settings to each worker process."""


def run_workers(url: str, schema: str, host: str, port: int, base: str, workers: int, bot_delay: float,
                cards: Path | None) -> None:
    """Serve the store at ``url`` from ``workers`` processes on one port (uvicorn's supervisor: it restarts a
    worker that dies), until Ctrl-C. Each worker opens the store for itself (:func:`worker_app`) and serves every
    game: a game is opened on its first request there, and LISTEN/NOTIFY carries every decision to the workers
    whose pages follow it, as between ``serve`` processes on several machines."""
    import uvicorn

    os.environ[WORKER_ENV] = json.dumps({"url": url, "schema": schema, "base": base, "bot_delay": bot_delay,
                                         "cards": None if cards is None else str(cards)})
    uvicorn.run("lifeboat.web.serving:worker_app", factory=True, workers=workers, host=host, port=port,
                log_level="warning", access_log=False, timeout_graceful_shutdown=2)


def worker_app() -> Any:
    """The app of one worker process of :func:`run_workers` (uvicorn's factory), from :data:`WORKER_ENV`."""
    from lifeboat.service import load_card_file

    settings = json.loads(os.environ[WORKER_ENV])
    store = GameStore(settings["url"], settings["schema"])
    cards = None if settings["cards"] is None else load_card_file(Path(settings["cards"]))
    tables = Tables(None, bot_delay=settings["bot_delay"], store=store, cards=cards)
    return create_app(tables, settings["base"])
