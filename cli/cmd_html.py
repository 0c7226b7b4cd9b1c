"""``lifeboat replay GAME --html OUT.html``: one self-contained page (no server, no network) that steps through the
game from one perspective, holding only what that perspective may know at each step up to ``--to``.

The document comes from :func:`lifeboat.service.replay_document` (the reader's views, notes for that reader only, NOTE-1);
the page is :func:`lifeboat.web.viewer.replay_html` (the table renderer and stepper, inline).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from cli.errors import USAGE, fail, user_errors

HTML_SUFFIXES = (".html", ".htm")


def _check_target(out: Path, game: Path) -> None:
    """Refuse an output that would overwrite something that is not an HTML page (the journal itself, above all)."""
    if out.suffix.lower() not in HTML_SUFFIXES:
        raise fail(f"--html {out}: expected a file name ending in .html (nothing was written)", USAGE)
    if out.exists() and (out.is_dir() or out.resolve() == game.resolve()):
        raise fail(f"--html {out}: is a directory or the game itself; choose another name (nothing was written)",
                   USAGE)
    from lifeboat.service.errors import missing_folder

    if (why := missing_folder(out, f"--html {out}")) is not None:
        raise fail(why, USAGE)


def _write(out: Path, text: str, mode: int) -> None:
    """Write ``text`` to ``out`` in one step: a temporary file beside it, then renamed (never half a page), with
    permissions ``mode``."""
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def run(game: Path, as_: str, to: int | None, out: Path) -> None:
    from rich.text import Text

    from cli.common import console
    from cli.describe import who
    from lifeboat.service import replay_document
    from lifeboat.web.viewer import replay_html

    _check_target(out, game)
    with user_errors():
        doc = replay_document(game, as_, to)
    steps = doc["steps"]
    if not steps:
        raise fail(f"{game}: nothing has been dealt yet; there is no step to show (nothing was written)", USAGE)
    persp = doc["perspective"]
    try:
        # A seat's or the referee's page holds secrets: its owner's only (0600), as the journal; a public page is
        # for sharing (0644: a teacher sends it, a web server serves it).
        _write(out, replay_html(doc, title=doc["title"]), 0o644 if persp["kind"] == "public" else 0o600)
    except OSError as exc:
        raise fail(f"--html {out}: cannot write it ({exc.strerror}); nothing was written", USAGE) from None
    reader = {"public": "the public (a spectator)", "referee": "the referee: EVERY SECRET IS IN THIS FILE"}.get(
        persp["kind"], f"{who(persp.get('character', ''))} ({persp.get('player')})")
    console().print(Text(
        f"Wrote {out}: {len(steps)} steps (commits {steps[0]['first']} to {steps[-1]['seq']}) as {reader}. "
        f"Open it in any browser (no server, no network); link a step with {out.name}#seq={steps[-1]['seq']}."))
