"""Options several commands share (``--lang``, the game argument, ``--as``), for :mod:`cli.app` and
:mod:`cli.app_lessons`."""

# No `from __future__ import annotations`: typer reads the annotations at each run (see cli/app.py).
from typing import Optional

import typer


def _lang(value: Optional[str]) -> None:
    """``--lang``: print in that language from now on (cli/language.py), or a usage error."""
    if value is not None:
        from cli.language import choose

        if choose(value) is None:
            from lifeboat.i18n import _

            raise typer.BadParameter(_("unknown language {value}; use en, zh (简体中文) or zh-Hant (繁體中文)").format(
                value=repr(value)))


LANG = typer.Option(None, "--lang", callback=_lang, is_eager=True, expose_value=False, show_default=False,
                    metavar="en|zh|zh-Hant", help="The language printed: en, zh (简体中文) or zh-Hant (繁體中文); "
                    "default from LANGUAGE, LC_ALL, LC_MESSAGES, LANG.")
GAME = typer.Argument(..., metavar="GAME", help="The game's journal file (JSONL).", show_default=False)
AS = typer.Option("public", "--as", help="Whose view: a player name, a character (captain, kid...), "
                  "'public', or 'referee' (shows every secret).")
