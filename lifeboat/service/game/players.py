"""A new game's player names (SETUP-1): how a list is typed and the one check of the names a user sees.
"""

from __future__ import annotations

import re
import unicodedata

from lifeboat.errors import InvalidCommand
from lifeboat.i18n import _


_SEPARATORS = re.compile("[,\uff0c\u3001]")  # , ， 、


def split_list(text: str) -> list[str]:
    """The items of a list typed on a command line or a form, split at ``,`` or at the commas a Chinese keyboard
    types (``，`` and ``、``: SETUP-1), each unstripped; ``"Ann，Bob、Cy"`` → ``["Ann", "Bob", "Cy"]``."""
    return _SEPARATORS.split(text)


def parse_players(text: str) -> list[str]:
    """Split a comma-separated list of players (``,``, ``，`` or ``、``: :func:`split_list`); a blank name is refused
    by :func:`check_new_names` (SETUP-1)."""
    return [p.strip() for p in split_list(text)]


MAX_NAME = 40
"""SETUP-1 (ours): the longest player name a new game takes, in characters."""


def check_new_names(players: list[str]) -> None:
    """SETUP-1, the one check of a new game's player names that a user sees (``new``, ``record``, ``play
    --players``, a position file, serve's ``POST /api/games``; journals made before are read as they are): each name
    holds no control character or line break (one split every table that named the player), no byte the input's
    encoding could not read (a lone surrogate: the journal could not be written) nor an invisible
    formatting character (Unicode Cf but the emoji joiner: a zero-width space made a name look empty or like
    another's, a text-direction override turned the rest of each line naming it around), is at most
    :data:`MAX_NAME` characters and not empty, is not ``spectator`` (serve's watching link: that player's link was
    lost), and no two are the same compared without case (both spellings are
    named). The engine's :func:`lifeboat.new_game` keeps its own plainer check as an invariant, and checks the
    count and the reserved names. Raises :class:`InvalidCommand` (SETUP-1) naming the player."""
    from lifeboat.notation.names import actor_word

    seen: dict[str, str] = {}
    for number, name in enumerate(players, 1):
        shown = name if len(name) <= 20 else name[:20] + "…"
        if any(ch < " " or "\x7f" <= ch <= "\x9f" or ch in "\u2028\u2029" for ch in name):
            raise InvalidCommand("SETUP-1", _("player name {shown!r} holds a control character or a line break; give a name of letters, "
                                              "digits and spaces").format(shown=shown))
        if any("\ud800" <= ch <= "\udfff" for ch in name):  # a byte the input's encoding could not read (LANG=C)
            raise InvalidCommand("SETUP-1", _("player name {shown!r} holds a byte that is not text in this terminal's encoding; type the name "
                                              "as UTF-8 text").format(shown=shown))
        hidden = next((ch for ch in name if unicodedata.category(ch) == "Cf" and ch != "\u200d"), None)  # ZWJ: emoji
        if hidden is not None:  # an invisible name, 'A\u200bnn' beside 'Ann', a text-direction override
            raise InvalidCommand("SETUP-1", _("player name {shown!r} holds an invisible formatting character (U+{hidden:04X}: a zero-width "
                                              "space or a text-direction mark); give a name of letters, digits and spaces").format(shown=shown, hidden=ord(hidden)))
        key = name.strip()
        if len(key) > MAX_NAME:
            raise InvalidCommand("SETUP-1", _("player name {shown!r} is {n} characters long; give at most {max_name}").format(shown=shown, n=len(key), max_name=MAX_NAME))
        if not key:
            raise InvalidCommand("SETUP-1", _("player {number} has an empty name; give every player a name").format(number=number))
        wide = any(ch not in ";=:,?" and unicodedata.normalize("NFKC", ch) in ";=:,?" for ch in key) or "、" in key
        if wide:  # 'Bob？' read as 'Bob?' (the ASCII separators: the engine's check, after the count's with its hint)
            raise InvalidCommand("SETUP-1", _("player name {shown!r} holds one of ; = : , ? (or its full-width form); "
                                              "choose another").format(shown=shown))
        if actor_word(key):  # 机会: a line 'chance: …' or '机会：…' could not be told from this player's
            raise InvalidCommand("SETUP-1", _("player name {shown!r} is a word the notation reads as chance (the "
                                              "deal) or the recorder; choose another").format(shown=shown))
        if key.casefold() == "spectator":  # serve's links are keyed by player name, "spectator" and "referee"
            raise InvalidCommand("SETUP-1", _("player name 'spectator' is the name of serve's watching link; choose another"))
        if key.casefold() in seen:
            raise InvalidCommand("SETUP-1", _("player names {seen!r} and {shown!r} are the same (compared without case); give each player a "
                                              "different name").format(seen=seen[key.casefold()], shown=shown))
        seen[key.casefold()] = shown
