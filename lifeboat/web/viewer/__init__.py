"""The table viewer: one renderer (``viewer.js`` + ``viewer.css``) for every page that shows a Lifeboat table, and
a stepper (``replay.js``) for replays; plus :func:`replay_html`, the one self-contained HTML file of a replay.

The assets are plain files in this package (no framework, no build step, no network). Their JavaScript entry
points are described in ``lifeboat/web/viewer/README.md``:

- ``LifeboatViewer.renderTable(container, view, catalog, options)``: draw one audience's table view (the JSON of a
  ``lifeboat.views`` ``PublicView`` / ``SeatView`` / ``RefereeView``) into a DOM element;
- ``LifeboatViewer.replay(container, document)``: step through a replay document (see :func:`replay_html`).

Python API (stdlib only, no game knowledge: the documents are built by ``service``):

- :data:`ASSETS`, :func:`asset_text`: the asset files, e.g. for a server to send them;
- :func:`inline_assets`: the ``<style>`` and ``<script>`` elements holding them, for a page without a server;
- :func:`replay_html`: the whole HTML file of a replay document.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

#: The asset files, in the order a page must load them.
ASSETS: tuple[str, ...] = ("viewer.css", "viewer.js", "replay.js")

#: No network at all: a replay file may load nothing (no CDN, no font, no image from elsewhere).
CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def asset_text(name: str) -> str:
    """The text of asset ``name`` (one of :data:`ASSETS`). Raises ``KeyError`` for another name."""
    if name not in ASSETS:
        raise KeyError(name)
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def _script_json(value: Any) -> str:
    """JSON that is safe inside a ``<script>`` element: every ``<``, ``>`` and ``&`` is a JSON escape."""
    text = value.decode("utf-8") if isinstance(value, bytes) else json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def inline_assets() -> str:
    """``<style>`` with the CSS and one ``<script>`` per JavaScript asset, for pages that must stand alone."""
    parts = [f"<style>\n{asset_text('viewer.css')}</style>"]
    parts += [f"<script>\n{asset_text(n)}</script>" for n in ASSETS if n.endswith(".js")]
    return "\n".join(parts)


_MSGID = re.compile(r"""\bt\('((?:[^'\\]|\\.)*)'""")


def _viewer_msgids() -> set[str]:
    """The messages the viewer's scripts say (``t('…')``): a replay file carries those only (the catalogs' other
    messages quote card ids as examples, and are of no use to the page)."""
    return {m.group(1).replace("\\'", "'") for n in ASSETS if n.endswith(".js") for m in _MSGID.finditer(asset_text(n))}


def _catalogs() -> str:
    """``<script>`` elements adding the viewer's messages of the pages' catalogs (``lifeboat/web/static/locale``)
    to ``i18n.js``."""
    locale = resources.files("lifeboat.web").joinpath("static", "locale")
    wanted = _viewer_msgids()
    parts = []
    for lang in ("zh_Hans", "zh_Hant"):
        messages = json.loads(locale.joinpath(f"{lang}.json").read_text(encoding="utf-8"))
        # and the names of characters and cards (contexts: traditional names, names the card data lacks)
        mine = {k: v for k, v in messages.items() if k in wanted or k.startswith(("character\x04", "card\x04"))}
        parts.append(f"<script>LifeboatI18n.addCatalog({json.dumps(lang)}, {_script_json(mine)});</script>")
    return "\n".join(parts)


def _i18n_script() -> str:
    return resources.files("lifeboat.web").joinpath("static", "i18n.js").read_text(encoding="utf-8")


LANGS = ("en", "zh_Hans", "zh_Hant")


def replay_html(document: bytes | dict[str, Any], title: str = "Lifeboat replay", lang: str = "en") -> str:
    """One self-contained HTML page (no server, no network) that steps through ``document``.

    ``document`` is the replay document as JSON bytes (or the same as Python values), shape ``{"format":
    "lifeboat-replay", "version": 1, "title", "perspective": {"kind": "public"|"seat"|"referee", "character",
    "player"}, "catalog": public card facts, "steps": [{"seq", "first", "round", "actor", "lines": [{"type",
    "text"}], "table": a table view, "navigation": {id: facts}, "navigation_card": bool, "notes": [...],
    "alternatives": [...] | null, "decider_label"}]}``; it is embedded as it is, so it must hold only what the
    page's reader may know. The page opens at the first step, or at ``#seq=N``. Its words come from the catalogs
    (``i18n.js`` and ``lifeboat/web/static/locale``, inlined); ``lang`` (``en``, ``zh_Hans``, ``zh_Hant``) is the
    language it opens in unless the reader chose another before (``localStorage``, key ``lifeboat-lang``).
    """
    start = lang if lang in LANGS else "en"
    return (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{html.escape(title)}</title>\n<script>\n{_i18n_script()}</script>\n{_catalogs()}\n"
        f"<script>(function () {{ var l = {json.dumps(start)}; try {{ l = localStorage.getItem('lifeboat-lang') || l; }} "
        "catch (e) {} LifeboatI18n.setLang(l); })();</script>\n"
        f"{inline_assets()}\n</head>\n<body>\n"
        "<div id=\"lifeboat\"><noscript>This replay needs JavaScript.</noscript></div>\n"
        f"<script type=\"application/json\" id=\"lifeboat-replay\">{_script_json(document)}</script>\n"
        "<script>LifeboatViewer.replay(document.getElementById('lifeboat'), "
        "JSON.parse(document.getElementById('lifeboat-replay').textContent));</script>\n"
        "</body>\n</html>\n"
    )
