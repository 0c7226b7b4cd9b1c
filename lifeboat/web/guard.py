"""The server's edge (issue 32): every request passes here before any route sees it (an ASGI middleware).

- **Bodies are read as a stream with a cap** (SERVE-14): a ``Content-Length`` over :data:`MAX_BODY` bytes is
  refused with ``413`` before a byte of the body is read, and a body that runs past the cap while it streams in
  (chunked, or longer than it said) is cut there with ``413``; so whatever a client sends, a request holds at most
  :data:`MAX_BODY` bytes of it in memory. A route that takes no body never reads one (the server's flow control
  bounds what waits unread).
- **Cross-origin requests change nothing** (SERVE-15): a ``POST`` from a page of another site is refused with
  ``403`` (the browser's ``Sec-Fetch-Site`` when it sends one, else its ``Origin``: it must be the served address,
  the configured base, or the address the request was sent to), and a ``POST`` whose body is not declared
  ``application/json`` is refused with ``415`` (a cross-site form or a ``text/plain`` fetch can send no other
  without the browser asking first, and this server answers no such question). Clients that are no browser (the
  CLI's tests, curl) send neither header and are let through.

Refusals are JSON errors (lifeboat/web/errors.py), their messages catalog messages (lifeboat/i18n.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

import msgspec
from starlette.requests import Request

from lifeboat.service.i18n import _
from lifeboat.service.errors import too_deep
from lifeboat.web.errors import ApiError, error_response

MAX_BODY = 16_384
"""The most bytes of a request body the server reads (a decision or a new game is well under 1 KiB)."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a request body may have (a command has 3 or 4 levels; SERVE-4)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
SAME_SITE = {"same-origin", "none"}  # Sec-Fetch-Site values of the page's own requests and of a typed address


def too_large() -> ApiError:
    """SERVE-14's refusal of a body over the cap."""
    return ApiError(413, "SERVE-14", _("the request body is over {limit} bytes; nothing was read past them and "
                                       "nothing was changed").format(limit=MAX_BODY))


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, lower case (the form of a browser's ``Origin`` header)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class Guard:
    """The ASGI middleware of this module around ``app``; ``base`` is the configured address the links use."""

    def __init__(self, app: ASGIApp, base: str | None = None) -> None:
        self.app, self.base = app, None if base is None else origin_of(base)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await error_response(refusal.status, refusal.rule, refusal.message)(scope, receive, send)
            return
        await self.app(scope, _capped(receive), send)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> ApiError | None:
        """Why the request is refused before anything is read (SERVE-14, SERVE-15), or ``None``."""
        length = headers.get("content-length")
        if length is not None and (not (length.isascii() and length.isdigit()) or int(length) > MAX_BODY):
            return too_large()
        if scope["method"] in SAFE_METHODS:
            return None
        site = headers.get("sec-fetch-site")
        origin = headers.get("origin")
        if site is not None:
            cross = site not in SAME_SITE
        else:
            own = {self.base, f"{scope.get('scheme', 'http')}://{headers.get('host', '')}".lower()}
            cross = origin is not None and origin.lower() not in own
        if cross:
            return ApiError(403, "SERVE-15", _("a page of another site may not change anything here; open the "
                                               "game's own page (its link) and act there"))
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        has_body = length not in (None, "0") or "transfer-encoding" in headers
        if has_body and kind != "application/json":
            return ApiError(415, "SERVE-15", _("the request body must be JSON, sent as Content-Type: "
                                               "application/json"))
        return None


def _capped(receive: Receive) -> Receive:
    """``receive`` counting the body's bytes: past :data:`MAX_BODY` it raises SERVE-14's ``413`` (an
    :class:`ApiError`, which the route's error handling answers) instead of handing more on."""
    read = 0

    async def wrapped() -> Message:
        nonlocal read
        message = await receive()
        if message["type"] == "http.request":
            read += len(message.get("body", b""))
            if read > MAX_BODY:
                raise too_large()
        return message

    return wrapped


async def read_json(request: Request, kind: type[Any]) -> Any:
    """The request's JSON body as ``kind`` (a msgspec type). Raises :class:`ApiError`: 413 SERVE-14 past
    :data:`MAX_BODY` bytes (read as a stream, :class:`Guard`), 422 SERVE-4 for a body nested deeper than
    :data:`MAX_DEPTH` (refused before decoding: no decoder recurses without bound) or not of ``kind``'s shape."""
    raw = await request.body()
    if len(raw) > MAX_BODY:  # a server without the Guard (the cap is the Guard's, while the body streams in)
        raise too_large()
    if too_deep(raw, MAX_DEPTH):
        raise ApiError(422, "SERVE-4", _("the request body nests JSON more than {depth} levels deep; a request "
                                         "of this route has a few").format(depth=MAX_DEPTH))
    try:
        return msgspec.json.decode(raw, type=kind)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise ApiError(422, "SERVE-4", _("the request body is not what this route takes: {problem}").format(
            problem=exc)) from None
