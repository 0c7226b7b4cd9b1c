"""The language lines are written in: English (the message ids), 简体中文 (``zh_Hans``) or 繁體中文 (``zh_Hant``).

Every sentence a person reads is a whole message with named placeholders, looked up in a gettext catalog
(``lifeboat/locale/<lang>/LC_MESSAGES/lifeboat.mo``, compiled from the ``.po`` kept beside it; docs/translation.md)::

    from lifeboat.i18n import _, ngettext
    _("{who} gave Water to {whom}.").format(who=..., whom=...)
    ngettext("{n} wound", "{n} wounds", n).format(n=n)

The language lives in a :class:`contextvars.ContextVar` (as the card data in use does, :mod:`lifeboat.card_context`),
so a thread or an asyncio task writing for another reader never sees it; English by default. Catalogs are read on
first use in that language only (``lifeboat --help`` and an English replay never open one). Pure: the standard
library's :mod:`gettext` reading package data, as :mod:`lifeboat.cards` reads its JSON.

>>> from lifeboat.i18n import _, using_language
>>> _("Pass")
'Pass'
>>> with using_language("en"):
...     _("Pass")
'Pass'
>>> normalize("zh-TW"), normalize("zh_CN.UTF-8"), normalize("fr"), normalize(None)
('zh_Hant', 'zh_Hans', 'en', 'en')
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

LANGUAGES = ("en", "zh_Hans", "zh_Hant")
"""The languages we write: English (the source), simplified and traditional Chinese."""
DOMAIN = "lifeboat"
LOCALE_DIR = Path(__file__).with_name("locale")

_LANG: ContextVar[str] = ContextVar("lifeboat_language", default="en")
_CATALOGS: dict[str, _gettext.NullTranslations] = {}
_TRADITIONAL = ("zh_tw", "zh_hk", "zh_mo", "zh_hant")


def normalize(tag: str | None) -> str:
    """One of :data:`LANGUAGES` for a language tag as people and systems write it: ``zh``, ``zh-CN``,
    ``zh_CN.UTF-8``, ``zh-Hans`` → ``zh_Hans``; ``zh-TW``, ``zh-HK``, ``zh_Hant`` → ``zh_Hant``; anything else
    (``en_GB``, ``fr``, ``C``, ``None``) → ``en``."""
    if not tag:
        return "en"
    t = tag.split(".", 1)[0].split("@", 1)[0].replace("-", "_").lower()
    if not t.startswith("zh"):
        return "en"
    return "zh_Hant" if t.startswith(_TRADITIONAL) else "zh_Hans"


language_of = normalize
"""The same as :func:`normalize`, under the name the application layer exports (a reader's language)."""


def catalog(lang: str) -> _gettext.NullTranslations:
    """The gettext catalog of ``lang`` (one of :data:`LANGUAGES`), read once; English and a language whose ``.mo``
    is missing get the null catalog (every message is its own id)."""
    found = _CATALOGS.get(lang)
    if found is None:
        if lang == "en":
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _CATALOGS[lang] = found
    return found


def language() -> str:
    """The language lines are written in now (:func:`using_language`; default ``"en"``)."""
    return _LANG.get()


def set_language(lang: str) -> None:
    """Write every later line of this context (a command-line run, a thread) in ``lang`` (any tag
    :func:`normalize` reads); :func:`using_language` for a block."""
    _LANG.set(normalize(lang) if lang not in LANGUAGES else lang)


@contextmanager
def using_language(lang: str) -> Iterator[None]:
    """Write the lines inside this block in ``lang`` (any tag :func:`normalize` reads)."""
    token = _LANG.set(normalize(lang) if lang not in LANGUAGES else lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def _(message: str) -> str:
    """``message`` (an English sentence, the message id) in the language in use."""
    lang = _LANG.get()
    return message if lang == "en" else catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for the count ``n``, in the language in use (Chinese has one
    form)."""
    lang = _LANG.get()
    if lang == "en":
        return singular if n == 1 else plural
    return catalog(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in its ``context`` (``"character"``, ``"card"``: the card data's names, which the catalogs take
    from the card data; tools/catalogs.py), in the language in use; the message itself when not translated."""
    lang = _LANG.get()
    return message if lang == "en" else catalog(lang).pgettext(context, message)


def data_name(context: str, en: str, zh: tuple[str, ...] = ()) -> str:
    """The name of a card data entry (``context`` ``"character"`` or ``"card"``) in the language in use: its
    English ``en``, its catalog translation, or else (a printing of the table's own, CARD-3, whose names the
    catalog does not know) the data's first Chinese name ``zh[0]``, or ``en``."""
    lang = _LANG.get()
    if lang == "en":
        return en
    found = catalog(lang).pgettext(context, en)
    return zh[0] if found == en and zh else found


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it now (a table of texts translated when shown)."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks ``message`` in its ``context`` for extraction (:func:`pgettext` translates it when shown); returns
    ``message``."""
    return message
