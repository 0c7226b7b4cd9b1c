"""``lifeboat replay GAME --html OUT.html``: one self-contained page (no server, no network) that steps through the
game from one perspective, holding only what that perspective may know at each step up to ``--to``.

The document comes from :func:`lifeboat.service.replay_document` (the reader's views, notes for that reader only, NOTE-1);
the page is :func:`lifeboat.web.viewer.replay_html` (the table renderer and stepper, inline).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from cli.errors import USAGE, fail, user_errors
from lifeboat.i18n import _

HTML_SUFFIXES = (".html", ".htm")


def _check_target(out: Path, game: Path) -> None:
    """Refuse an output that would overwrite something that is not an HTML page (the journal itself, above all)."""
    if out.suffix.lower() not in HTML_SUFFIXES:
        raise fail(_("--html {out}: expected a file name ending in .html (nothing was written)").format(out=out), USAGE)
    if out.exists() and (out.is_dir() or out.resolve() == game.resolve()):
        raise fail(_("--html {out}: is a directory or the game itself; choose another name (nothing was "
                     "written)").format(out=out), USAGE)
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


def _texts(doc: dict[str, Any]) -> dict[str, Any]:
    """The words of a replay document in its language: the title, each step's lines, alternatives and decider,
    the analysis (what the page swaps when the reader picks another language)."""
    return {"title": doc["title"], "analysis": doc.get("analysis", {}),
            "steps": [[[x["text"] for x in s["lines"]], [a["text"] for a in s.get("alternatives") or []],
                       s.get("decider_label"), s["table"]["step"]["text"], [n["label"] for n in s.get("notes") or []]]
                      for s in doc["steps"]]}


def _document(game: Path, as_: str, to: int | None, asked: list[int] | None) -> dict[str, Any]:
    """The replay document in the language in use, with its words in every language of the catalogs
    (``texts``), for the page's language menu."""
    from lifeboat.i18n import LANGUAGES, language, using_language
    from lifeboat.service import replay_document

    doc = replay_document(game, as_, to, quiz=asked)
    texts = {language(): _texts(doc)}
    for lang in LANGUAGES:
        if lang not in texts:
            with using_language(lang):
                texts[lang] = _texts(replay_document(game, as_, to, quiz=asked))
    doc["texts"] = texts
    return doc


def run(game: Path, as_: str, to: int | None, out: Path,
        quiz: tuple[list[int] | None, bool] | None = None) -> None:
    """``quiz``: ``(seqs or None, critical)`` for a quiz page (``--quiz``), ``None`` for a study page."""
    from rich.text import Text

    from cli.common import console
    from cli.describe import who
    from lifeboat.i18n import language
    from lifeboat.service.teaching import quiz_seqs
    from lifeboat.web.viewer import replay_html

    _check_target(out, game)
    with user_errors():
        asked = quiz_seqs(game, as_, quiz[0], quiz[1], to) if quiz is not None else None
        if asked == []:
            raise fail(_("--quiz: no decision to ask about (none marked a mistake or a blunder); nothing was written")
                       if quiz and quiz[1] else _("--quiz: no decision to ask about; nothing was written"), USAGE)
        doc = _document(game, as_, to, asked)
    steps = doc["steps"]
    if not steps:
        raise fail(_("{game}: nothing has been dealt yet; there is no step to show (nothing was written)").format(
            game=game), USAGE)
    persp = doc["perspective"]
    try:
        # A seat's or the referee's page holds secrets: its owner's only (0600), as the journal; a public page is
        # for sharing (0644: a teacher sends it, a web server serves it).
        _write(out, replay_html(doc, title=doc["title"], lang=language()), 0o644 if persp["kind"] == "public" else 0o600)
    except OSError as exc:
        raise fail(_("--html {out}: cannot write it ({why}); nothing was written").format(out=out, why=exc.strerror),
                   USAGE) from None
    facts = {"out": out, "n": len(steps), "first": steps[0]["first"], "last": steps[-1]["seq"], "name": out.name}
    if persp["kind"] == "public":
        wrote = _("Wrote {out}: {n} steps (commits {first} to {last}) as the public (a spectator). Open it in any "
                  "browser (no server, no network); link a step with {name}#seq={last}.").format(**facts)
    elif persp["kind"] == "referee":
        wrote = _("Wrote {out}: {n} steps (commits {first} to {last}) as the referee: EVERY SECRET IS IN THIS FILE. "
                  "Open it in any browser (no server, no network); link a step with {name}#seq={last}.").format(**facts)
    else:
        wrote = _("Wrote {out}: {n} steps (commits {first} to {last}) as {character} ({player}). Open it in any "
                  "browser (no server, no network); link a step with {name}#seq={last}.").format(
            character=who(persp.get("character", "")), player=persp.get("player"), **facts)
    console().print(Text(wrote))
    if asked:
        from lifeboat.i18n import ngettext

        console().print(Text(ngettext("A quiz of {n} question, at seq {seqs}: each answer shows only after yours.",
                                      "A quiz of {n} questions, at seqs {seqs}: each answer shows only after yours.",
                                      len(asked)).format(n=len(asked), seqs=_(", ").join(map(str, asked)))))
