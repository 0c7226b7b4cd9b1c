"""The record page of ``lifeboat record GAME.jsonl --serve``: a recorded game on the scribe's phone or tablet, over
the LAN, with no internet (docs/recording.md, "Recording on a phone or a tablet").

One game, one secret link: the token is made at start (printed with a QR code by ``cli/cmd_serve.py``) and travels
in the ``Authorization: Bearer`` header, never in a URL (the page reads it from the link's ``#fragment``), as the
links of ``lifeboat serve`` do (SERVE-1). Routes:

- ``GET /record`` the page; ``/static/…`` and ``/viewer/…`` its files.
- ``GET /api/record`` the desk's view (:class:`lifeboat.service.game.desk.DeskView`).
- ``POST /api/record`` ``{"op": "line", "line": "kid: row"}``, ``{"op": "close"}`` or ``{"op": "undo"}`` → 200
  ``{"said": [story lines], "view": …}``; a refused line → 422 ``{"error": {"rule", "message"}}`` (nothing written).
- ``GET /api/names`` the printed card facts of the game (CARD-3).

The journal is the terminal recorder's: each request first reads what the terminal appended, so the two may take
turns (a line decided at the same moment on both is refused on one: JOURNAL conflict, nothing written twice).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from starlette.middleware import Middleware

from lifeboat.service import Desk, JournalError, RuleViolation, using_language
from lifeboat.web.app import SECURITY_HEADERS, page_language, viewer_asset
from lifeboat.web.errors import ApiError, install_handlers
from lifeboat.web.guard import Guard, read_json

STATIC = resources.files("lifeboat.web") / "static"


class RecordBody(msgspec.Struct, forbid_unknown_fields=True):
    """What the page asks: record a ``line``, ``close`` the open window, or ``undo`` the last line."""

    op: Literal["line", "close", "undo"]
    line: str = ""


class Recorder:
    """The desk of one game behind a lock (one line at a time), and the token that opens it."""

    def __init__(self, path: Path, token: str) -> None:
        self.desk = Desk(path)
        self.token = token
        self.lock = asyncio.Lock()

    def allowed(self, request: Request) -> bool:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(token.strip().encode(), self.token.encode())


def _recorder(request: Request) -> Recorder:
    rec: Recorder = request.app.state.recorder
    if not rec.allowed(request):
        raise ApiError(404, "SERVE-1", "no such game, or this link is not valid (use the link lifeboat record printed)")
    return rec


def _json(value: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(value), status_code=status, media_type="application/json",
                    headers=SECURITY_HEADERS)


async def page(request: Request) -> Response:
    return HTMLResponse((STATIC / "record.html").read_text(encoding="utf-8"), headers=SECURITY_HEADERS)


async def view(request: Request) -> Response:
    rec = _recorder(request)
    async with rec.lock:
        return _json(await asyncio.to_thread(_view, rec.desk, page_language(request)))


def _view(desk: Desk, lang: str = "en") -> Any:
    with using_language(lang):  # the status, the choices and the story in the scribe's language
        desk.refresh()
        return desk.view()


async def act(request: Request) -> Response:
    rec = _recorder(request)
    body: RecordBody = await read_json(request, RecordBody)
    async with rec.lock:
        try:
            said = await asyncio.to_thread(_act, rec.desk, body, page_language(request))
        except RuleViolation as exc:
            raise ApiError(422, exc.rule, exc.message, candidates=list(getattr(exc, "candidates", ()))) from None
        except JournalError as exc:  # the terminal wrote meanwhile, or the file is damaged: say so, keep the desk
            await asyncio.to_thread(rec.desk.refresh)
            raise ApiError(409, "JOURNAL", "the journal changed meanwhile (another recorder?): nothing was written; "
                           f"look at the table and record the line again ({type(exc).__name__})") from None
    return _json(said)


def _act(desk: Desk, body: RecordBody, lang: str = "en") -> Any:
    with using_language(lang):  # what the line did, and a refusal, in the scribe's language
        return _act_in(desk, body)


def _act_in(desk: Desk, body: RecordBody) -> Any:
    if body.op == "close":
        return desk.close()
    if body.op == "undo":
        return desk.undo()
    if not body.line.strip():
        raise RuleViolation("NOTATION-1", "type a line, e.g. kid: row")
    return desk.line(body.line)


async def names(request: Request) -> Response:
    rec = _recorder(request)
    return _json(rec.desk.catalog())


def create_record_app(path: Path, token: str | None = None, base: str | None = None) -> tuple[Starlette, str]:
    """The app of the record page for the recorded game at ``path`` and the token that opens it (``token``, else 32
    random bytes, :func:`secrets.token_urlsafe`, shown once), behind :class:`lifeboat.web.guard.Guard` (``base``: the
    address the link names; SERVE-14, SERVE-15). Raises what :class:`lifeboat.service.Desk` raises (a
    digital game: :class:`lifeboat.service.BadRequest`)."""
    token = token or secrets.token_urlsafe(32)
    recorder = Recorder(path, token)
    routes = [
        Route("/record", page), Route("/api/record", view), Route("/api/record", act, methods=["POST"]),
        Route("/api/names", names), Route("/viewer/{name}", viewer_asset),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(Guard, base=base)])
    install_handlers(app)
    app.state.recorder = recorder
    return app, token


def run(app: Starlette, host: str, port: int) -> None:
    """Serve the record page until Ctrl-C (uvicorn; no access log)."""
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=2)


__all__ = ["create_record_app", "run"]
