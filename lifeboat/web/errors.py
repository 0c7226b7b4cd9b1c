"""Errors of the HTTP API: JSON ``{"error": {"rule": ID, "message": TEXT}}`` with a 4xx status for the client's
mistakes, ``503`` with ``Retry-After`` while a store's server does not answer (SERVE-16); anything unexpected becomes a 500 with no traceback and no detail (the server's log keeps the cause)."""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from lifeboat.service.i18n import _
from lifeboat.service.errors import JournalUnavailable, StoreUnreachable

log = logging.getLogger("lifeboat.web")
RETRY_AFTER_S = 2
"""Seconds a ``503`` asks the client to wait before trying again (the store is down or restarting: SERVE-16)."""


class ApiError(Exception):
    """A refused request: HTTP ``status``, our ``rule`` id, a ``message`` saying what to do, optional fields."""

    def __init__(self, status: int, rule: str, message: str, **extra: Any) -> None:
        self.status, self.rule, self.message, self.extra = status, rule, message, extra
        super().__init__(f"{status} [{rule}] {message}")


def error_response(status: int, rule: str, message: str, **extra: Any) -> Response:
    """The JSON error response for ``status`` (a ``413`` closes the connection; a ``503`` says ``Retry-After``)."""
    body = msgspec.json.encode({"error": dict(rule=rule, message=message, **extra)})
    headers = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
    if status == 413:  # a body refused part-way: close the connection rather than read (or parse) the rest of it
        headers["Connection"] = "close"
    if status == 503:
        headers["Retry-After"] = str(RETRY_AFTER_S)
    return Response(body, status_code=status, media_type="application/json", headers=headers)


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.rule, exc.message, **exc.extra)


_HTTP_TEXT = {404: "no such page", 405: "this route does not take that method"}


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404 and _browser(request):
        return not_found_page()
    return error_response(exc.status_code, "SERVE-4", _HTTP_TEXT.get(exc.status_code, "refused"))


def unavailable() -> Response:
    """SERVE-16's ``503``: the store is down or restarting; a message naming no host, port, database or schema,
    and ``Retry-After``."""
    return error_response(503, "SERVE-16", _("the games' store is not answering (it may be restarting); try again "
                                             "in a few seconds"))


async def _unavailable(request: Request, exc: Exception) -> Response:
    log.warning("%s %s: the store is not answering (%s)", request.method, request.url.path, type(exc).__name__)
    return unavailable()

def _browser(request: Request) -> bool:
    """A person's browser opening a page (not the API: its answers stay JSON for every caller)."""
    return not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", "")


def not_found_page() -> Response:
    """An unknown address opened in a browser: a page that says so in English and Chinese, and where to go."""
    from html import escape

    from lifeboat.service.live.links import not_found_words

    parts = []
    for lang in ("en", "zh_Hans"):
        head, text = not_found_words(lang)
        parts.append(f'<section lang="{"zh-Hans" if lang != "en" else "en"}"><h1>{escape(head)}</h1>'
                     f"<p>{escape(text)}</p></section>")
    body = ("<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, "
            "initial-scale=1\"><title>Lifeboat \u00b7 404</title><link rel=\"stylesheet\" href=\"/static/seat.css\">"
            "</head><body><main class=\"sv-start\">" + "".join(parts) +
            '<p><a href="/">Lifeboat \u6551\u751f\u8247</a></p></main></body></html>')
    return Response(body, status_code=404, media_type="text/html; charset=utf-8",
                    headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
                             "Content-Security-Policy": "default-src 'self'; style-src 'self'",
                             "Referrer-Policy": "no-referrer"})


async def _internal(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "BUG", "internal error: the server's log has the cause; the game is unchanged")


def install_handlers(app: Starlette) -> None:
    """Map :class:`ApiError`, Starlette's HTTP errors, a store that does not answer (SERVE-16: ``503``, the log
    a line without a traceback) and anything else to JSON errors."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(StoreUnreachable, _unavailable)
    app.add_exception_handler(JournalUnavailable, _unavailable)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _internal)
