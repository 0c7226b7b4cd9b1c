"""Errors of the HTTP API: JSON ``{"error": {"rule": ID, "message": TEXT}}`` with a 4xx status for the client's
mistakes; anything unexpected becomes a 500 with no traceback and no detail (the server's log keeps the cause)."""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

log = logging.getLogger("lifeboat.web")


class ApiError(Exception):
    """A refused request: HTTP ``status``, our ``rule`` id, a ``message`` saying what to do, optional fields."""

    def __init__(self, status: int, rule: str, message: str, **extra: Any) -> None:
        self.status, self.rule, self.message, self.extra = status, rule, message, extra
        super().__init__(f"{status} [{rule}] {message}")


def error_response(status: int, rule: str, message: str, **extra: Any) -> Response:
    """The JSON error body for ``status``."""
    body = msgspec.json.encode({"error": dict(rule=rule, message=message, **extra)})
    return Response(body, status_code=status, media_type="application/json",
                    headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.rule, exc.message, **exc.extra)


_HTTP_TEXT = {404: "no such page", 405: "this route does not take that method"}


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return error_response(exc.status_code, "SERVE-4", _HTTP_TEXT.get(exc.status_code, "refused"))


async def _internal(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "BUG", "internal error: the server's log has the cause; the game is unchanged")


def install_handlers(app: Starlette) -> None:
    """Map :class:`ApiError`, Starlette's HTTP errors and anything else to JSON errors."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _internal)
