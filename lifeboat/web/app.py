"""The ASGI app of ``lifeboat serve`` (Starlette): pages, the HTTP API and the event streams (docs/serve.md).

Routes (``{game}`` is a game id; the token travels in the ``Authorization: Bearer TOKEN`` header, never in a URL,
so it stays out of logs and Referer headers; the pages read it from the link's ``#fragment``):

- ``GET /`` the start page; ``GET /play/{game}`` a seat's, spectator's or referee's page; ``/static/…`` assets.
- ``POST /api/games`` start a game → 201 ``{"game", "links": {name: url}}``.
- ``GET /api/games/{game}/state?since=SEQ`` the caller's message (:class:`lifeboat.service.live.game.Message`) from ``since``.
- ``GET /api/games/{game}/events?since=SEQ`` (or ``Last-Event-ID``) a text/event-stream of those messages: the
  catch-up first, then one per decision, each ``id: SEQ``. Both: 409 SERVE-9 for a ``since`` past the game's seq.
- ``POST /api/games/{game}/decisions`` ``{"expected_seq": N, "line": "…"}`` or ``{"expected_seq": N,
  "command": {…}}`` → 200 ``{"seq"}``; 409 when another decision came first (SERVE-2).
- ``GET|POST /api/games/{game}/orders`` a seat's standing order (SERVE-13): ``{"order": "windows" |
  "until_change" | null}``; passes for it in windows from the public table only.
- ``GET /api/games/{game}/replay`` once the game is over: the replay document of the caller's audience (its
  views, notes for it only: NOTE-1), for ``LifeboatViewer.replay`` (lifeboat/web/viewer); 409 before the end (SERVE-7).
- Every route takes ``?lang=en|zh_Hans|zh_Hant`` (any tag: ``zh``, ``zh-TW``…; default English): the language of
  the lines it answers with (the story, the table, the decisions' words, refusals), each reader its own (issue 29).
- ``GET /api/names`` the English and Chinese names of characters and provision faces (this lifeboat's card data);
  ``GET /api/games/{game}/names`` the same of the game's own card data (CARD-3: its sizes, survival values, points).

Errors are JSON ``{"error": {"rule": ID, "message": TEXT}}``; an unknown game, a missing or wrong token all get the
same 404 (SERVE-1).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from lifeboat.service import language_of, using_language
from lifeboat.service.errors import Conflict, Diverged, LiveError, NotYourTurn
from lifeboat.service.game.names import catalog
from lifeboat.web.errors import ApiError, error_response, install_handlers
from lifeboat.web.guard import Guard, read_json
from lifeboat.web.tables import STOP, Table, Tables, sse
from lifeboat.web.tokens import Access

KEEPALIVE_S = 15.0
STATIC = resources.files("lifeboat.web") / "static"
SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'",
}


class DecisionBody(msgspec.Struct, forbid_unknown_fields=True):
    """A decision: the seq it was made on and either a line of notation or a command's JSON."""

    expected_seq: int
    line: str | None = None
    command: dict[str, Any] | None = None


class OrderBody(msgspec.Struct, forbid_unknown_fields=True):
    """A seat's standing order (SERVE-13): ``"windows"``, ``"until_change"``, or ``null`` to take it back."""

    order: str | None = None


class NewGameBody(msgspec.Struct, forbid_unknown_fields=True):
    """A new game: 4-6 player names (7 with one expansion, 8 with both: SETUP-1), those played by bots, an optional
    seed and options."""

    players: list[str]
    bots: list[str] = []
    seed: int | None = None
    options: list[str] = []


def _tables(request: Request) -> Tables:
    return request.app.state.tables  # type: ignore[no-any-return]  # Starlette's state is untyped: our Tables


async def _access(request: Request) -> tuple[Table, Access]:
    """The table and who the bearer token lets in; 404 for anything else (SERVE-1: reveals nothing)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    found = await _tables(request).access(request.path_params["game"], token.strip() if scheme.lower() == "bearer"
                                          else "")
    if found is None:
        raise ApiError(404, "SERVE-1", "no such game, or this link is not valid (ask the host for your link)")
    return found


def _audience(access: Access) -> str:
    return {"seat": access.seat, "spectator": "public", "referee": "referee"}[access.role]


def page_language(request: Request) -> str:
    """The language the page reads (``?lang=``: ``en``, ``zh_Hans``, ``zh_Hant`` or any tag naming one; issue 29)."""
    return language_of(request.query_params.get("lang"))


def _since(request: Request) -> int:
    """SERVE-4: ``since`` (or the ``Last-Event-ID`` header) as a seq; ASCII digits only ('²' is a digit to
    str.isdigit, not to int(): it was a 500)."""
    query = request.query_params.get("since")
    raw = query or request.headers.get("last-event-id") or "0"
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        name = "since" if query else "Last-Event-ID"
        raise ApiError(400, "SERVE-4", f"{name} must be a seq: a whole number from 0")
    return int(raw)


def _json(body: bytes, status: int = 200) -> Response:
    return Response(body, status_code=status, media_type="application/json", headers=SECURITY_HEADERS)


async def page(request: Request) -> Response:
    name = "seat.html" if "game" in request.path_params else "index.html"
    return HTMLResponse((STATIC / name).read_text(encoding="utf-8"), headers=SECURITY_HEADERS)


VIEWER_ASSETS = {"viewer.css": "text/css", "viewer.js": "text/javascript", "replay.js": "text/javascript"}


async def viewer_asset(request: Request) -> Response:
    """The table renderer's files (lifeboat/web/viewer), and nothing else of that folder."""
    name = request.path_params["name"]
    path = resources.files("lifeboat.web") / "viewer" / name
    if name not in VIEWER_ASSETS or not path.is_file():
        raise ApiError(404, "SERVE-4", "no such page")
    return Response(path.read_bytes(), media_type=VIEWER_ASSETS[name], headers=SECURITY_HEADERS)


async def names(request: Request) -> Response:
    return _json(msgspec.json.encode(catalog()))


async def game_names(request: Request) -> Response:
    """The printed card facts of the game's own card data (CARD-3), for any of its links (SERVE-1 otherwise)."""
    table, _ = await _access(request)
    return _json(msgspec.json.encode(table.game.catalog()))


async def new_game(request: Request) -> Response:
    body: NewGameBody = await read_json(request, NewGameBody)
    try:
        with using_language(page_language(request)):  # a refusal in the page's language
            table, tokens = _tables(request).create(body.players, body.bots, body.seed, body.options)
    except LiveError as exc:
        raise ApiError(422, exc.rule, exc.message) from None
    table.start_bots()
    links = links_of(request.app.state.base, table, tokens)  # the configured address, never the Host header
    return _json(msgspec.json.encode({"game": table.game.game_id, "links": links}), 201)


def links_of(base: str, table: Table, tokens: dict[str, str]) -> dict[str, str]:
    """``{"referee": url, "spectator": url, player name: url …}`` (bots have none)."""
    seats = table.game.seats()
    return {seats.get(key, key): f"{base}/play/{table.game.game_id}#{token}" for key, token in tokens.items()}


async def _diverged(request: Request, exc: Exception) -> Response:
    """SERVE-9, raised by the state route and the event stream alike (:class:`lifeboat.service.live.game.Diverged`, before a
    stream starts): 409 with the game's ``seq``, so the page reads it again from 0."""
    assert isinstance(exc, Diverged)
    return error_response(409, exc.rule, exc.message, seq=exc.seq)


async def state(request: Request) -> Response:
    table, access = await _access(request)
    _, body = await table.snapshot(_audience(access), _since(request), page_language(request))
    return _json(body)


async def replay(request: Request) -> Response:
    """The finished game as the caller's audience saw it, step by step (SERVE-7); built in a thread (it replays
    the whole game)."""
    table, access = await _access(request)
    if not table.game.over:
        raise ApiError(409, "SERVE-7", "the replay opens when the game is over; until then, the table is the page")
    doc = await asyncio.to_thread(_in_language, page_language(request), table.game.replay_document, _audience(access))
    return _json(msgspec.json.encode(doc))


def _in_language(lang: str, call: Any, *args: Any) -> Any:
    """``call(*args)`` with its lines written in ``lang`` (a worker thread's own language)."""
    with using_language(lang):
        return call(*args)


async def decisions(request: Request) -> Response:
    table, access = await _access(request)
    if access.role != "seat":
        raise ApiError(403, "SERVE-3", "this link watches the game; only a seat's link can decide")
    body: DecisionBody = await read_json(request, DecisionBody)
    try:
        seq = await table.decide(access.seat, body.expected_seq, line=body.line, command=body.command,
                                 lang=page_language(request))
    except Conflict as exc:
        raise ApiError(409, exc.rule, exc.message, seq=exc.seq) from None
    except NotYourTurn as exc:
        raise ApiError(403, exc.rule, exc.message) from None
    except LiveError as exc:
        raise ApiError(422, exc.rule, exc.message) from None
    return _json(msgspec.json.encode({"seq": seq}))


async def orders(request: Request) -> Response:
    """GET: this seat's standing order; POST ``{"order": KIND | null}``: leave or take back one (SERVE-13). Only
    the seat's own link; nothing of it reaches another audience."""
    table, access = await _access(request)
    if access.role != "seat":
        raise ApiError(403, "SERVE-3", "this link watches the game; only a seat's link leaves standing orders")
    if request.method == "POST":
        body: OrderBody = await read_json(request, OrderBody)
        try:
            await table.give_order(access.seat, body.order)
        except LiveError as exc:
            raise ApiError(422, exc.rule, exc.message) from None
    return _json(msgspec.json.encode({"order": table.game.orders.of(access.seat)}))


async def events(request: Request) -> Response:
    table, access = await _access(request)
    sub, first = await table.subscribe(_audience(access), _since(request), page_language(request))

    async def stream() -> AsyncIterator[bytes]:
        try:
            yield sse(*first)
            while not table.stopping:
                try:  # asyncio.timeout, not wait_for: wait_for made a task of every get (six a served decision)
                    async with asyncio.timeout(KEEPALIVE_S):
                        frame = await sub.queue.get()
                except TimeoutError:
                    yield b": keepalive\n\n"
                    continue
                if frame == STOP:
                    break
                yield frame
            yield b"event: stopping\ndata: {}\n\n"  # the host stopped serving: the page says so
        finally:
            table.unsubscribe(sub)

    headers = dict(SECURITY_HEADERS, **{"X-Accel-Buffering": "no"})
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


def create_app(tables: Tables, base: str = "http://127.0.0.1:8000") -> Starlette:
    """The app serving ``tables`` at ``base`` (``http://HOST:PORT``: the address its links name, never a request's
    Host header; SERVE-15), behind :class:`lifeboat.web.guard.Guard` (SERVE-14, SERVE-15); bots start with the app,
    stop with it."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in tables.all():
            table.start_bots()
        follow = asyncio.get_running_loop().create_task(tables.follow()) if tables.store is not None else None
        yield
        if follow is not None:
            follow.cancel()
        for table in tables.all():
            await table.stop_bots()

    routes = [
        Route("/", page), Route("/play/{game}", page),
        Route("/viewer/{name}", viewer_asset), Route("/api/names", names), Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{game}/state", state), Route("/api/games/{game}/events", events),
        Route("/api/games/{game}/replay", replay), Route("/api/games/{game}/names", game_names),
        Route("/api/games/{game}/decisions", decisions, methods=["POST"]),
        Route("/api/games/{game}/orders", orders, methods=["GET", "POST"]),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Guard, base=base)])
    install_handlers(app)
    app.add_exception_handler(Diverged, _diverged)
    app.state.tables, app.state.base = tables, base.rstrip("/")
    return app


def open_folder(folder: Path, *, bot_delay: float = 0.0) -> Tables:
    """Every game of ``folder`` that has links (a ``.serve.json`` sidecar), ready to serve."""
    tables = Tables(folder, bot_delay=bot_delay)
    for path in sorted(folder.glob("*.jsonl")):
        if path.with_name(path.name + ".serve.json").exists():
            tables.add(path)
    return tables


__all__ = ["create_app", "error_response", "HTTPException", "open_folder"]
