"""The language the CLI prints in (issue 29): ``--lang`` on every command that prints for people, else the usual
locale variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first set, as gettext reads them),
else English. docs/cli.md, docs/translation.md."""

from __future__ import annotations

import os
from collections.abc import Mapping

from lifeboat.i18n import normalize, set_language

#: What ``--lang`` accepts (any of these spellings, case and ``-``/``_`` free): English, simplified, traditional.
ACCEPTED = ("en", "zh", "zh-Hans", "zh-CN", "zh-SG", "zh-Hant", "zh-TW", "zh-HK", "zh-MO")


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the locale variables: the first of ``LANGUAGE`` (its first entry), ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that is set; ``"en"`` when none is, or for ``C``/``POSIX``."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "").split(":", 1)[0]
        if value:
            return normalize(value)
    return "en"


def choose(tag: str) -> str | None:
    """Print in ``tag`` from now on (``--lang``); ``None`` if it is none of :data:`ACCEPTED` (a usage error for
    the caller to report), else the language chosen."""
    wanted = tag.strip().replace("_", "-").lower()
    if wanted not in {a.lower() for a in ACCEPTED} and not wanted.startswith(("en-", "zh-")):
        return None
    lang = normalize(wanted)
    set_language(lang)
    return lang
