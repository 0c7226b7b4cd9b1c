"""A line of notation in Chinese words (NOTATION-1 reads both): the line a prompt shows a Chinese table to type,
``lauren: keep compass`` → ``劳伦夫人：保留 指南针``. Word for word from the notation's own vocabulary, and kept only
when it reads back as the same command; else the English line stays (both are typed alike)."""

from __future__ import annotations

import re
from functools import lru_cache

from lifeboat.cards import CHARACTERS, FACES
from lifeboat.errors import LifeboatError
from lifeboat.notation.characters import CHARACTER_NAMES
from lifeboat.notation.names import (
    _CHANCE_ALIASES, _CHANCE_VERBS, _IS, _KEYWORDS, _NOISE, _PLAYER_VERBS, _RECORDER_ALIASES, _SIDES, FACE_NAMES,
    first_chinese,
)
from lifeboat.state import State


@lru_cache(maxsize=2)
def _words(chance: bool) -> dict[tuple[str, ...], str]:
    """``{English phrase as words: its Chinese word}`` of the notation's verbs (``chance``'s or a player's),
    keywords, sides, characters and provisions (the first Chinese word of each; a character's or provision's name
    as the card data gives it); the noise words (``to``, ``on``) to nothing."""
    out: dict[tuple[str, ...], str] = {(w,): "" for w in _NOISE if w.isascii()}
    verbs = (_PLAYER_VERBS, _CHANCE_VERBS) if chance else (_CHANCE_VERBS, _PLAYER_VERBS)
    for table in (_KEYWORDS, _SIDES, *verbs):  # the actor's verbs last: they win a shared word ('take')
        for aliases in table.values():
            chinese = first_chinese(aliases)
            if chinese is not None:
                out.update({tuple(a.split()): chinese for a in aliases if a.isascii()})
    for face, name in FACE_NAMES.items():
        if FACES[face].zh:
            out[tuple(name.split())] = out[(face,)] = FACES[face].zh[0]
    for character, name in CHARACTER_NAMES.items():
        if CHARACTERS[character].zh:
            out[tuple(name.split())] = CHARACTERS[character].zh[0]
    out[("is",)] = first_chinese(_IS) or "is"
    return out


_ACTORS = {"chance": first_chinese(_CHANCE_ALIASES), "recorder": first_chinese(_RECORDER_ALIASES)}


def chinese_line(line: str, state: State) -> str | None:
    """``line`` (English notation for ``state``) in Chinese words, or ``None`` when a word has no Chinese twin or
    the Chinese line would not read back as the same command (:func:`lifeboat.notation.parse`). Raises nothing.

    >>> from lifeboat import new_game
    >>> state = new_game(["a", "b", "c", "d"])  # the parser reads names; legality is apply's
    >>> chinese_line("lauren: keep compass", state)
    '劳伦夫人：保留 指南针'
    >>> print(chinese_line("lauren: keep firewater", state))  # no Chinese name in the card data
    None
    """
    from lifeboat.notation import parse

    actor, colon, rest = line.partition(": ")
    if not colon:
        return None
    words, table = re.sub(r"\((\d+)\)", r" (\1)", rest).split(), _words(actor == "chance")  # painting(3)
    head = _ACTORS.get(actor) or table.get(tuple(actor.split()))
    if head is None:
        return None
    out: list[str] = []
    i = 0
    while i < len(words):
        n = next((n for n in (3, 2, 1) if tuple(words[i:i + n]) in table), 0)
        if n:
            out.append(table[tuple(words[i:i + n])])
            i += n
        elif re.fullmatch(r"[?]\w*|\d+|[a-z_]+-\d+|nav-[a-z]*\d+|;|=", words[i]):  # ?, ?p3, 27, water-7
            out.append(words[i])
            i += 1
        elif re.fullmatch(r"\(\d+\)", words[i]) and out:  # a painting's points, after its name: 美术品(3)
            out[-1] += words[i]
            i += 1
        else:
            return None
    chinese = f"{head}：{' '.join(w for w in out if w)}"
    try:
        return chinese if parse(chinese, state) == parse(line, state) else None
    except LifeboatError:  # a line the Chinese words do not make (or the English one refused): it stays English
        return None


@lru_cache(maxsize=1)
def _to_traditional() -> dict[int, str]:
    """Each simplified character of lifeboat/data/traditional.json to its traditional form (the map read the other
    way: NOTATION-1 reads each traditional character as its simplified twin)."""
    from lifeboat.notation.tokens import _TRADITIONAL

    return str.maketrans({simplified: chr(t) for t, simplified in _TRADITIONAL.items()
                          if simplified != "划"})  # 划船 in Taiwan too (row), as the 繁體 catalog says (overrides.po)


def in_language(line: str, state: State, language: str) -> str:
    """``line`` (English notation) as a reader of ``language`` is shown it to type: Chinese words for ``zh_Hans``,
    the same in 繁體 characters for ``zh_Hant`` (read back alike), else (or when no Chinese line reads the same)
    ``line`` itself.

    >>> from lifeboat import new_game
    >>> in_language("lauren: keep compass", new_game(["a", "b", "c", "d"]), "zh_Hant")
    '勞倫夫人：保留 指南針'
    """
    if language not in ("zh_Hans", "zh_Hant"):
        return line
    chinese = chinese_line(line, state)
    if chinese is None:
        return line
    return traditional(chinese) if language == "zh_Hant" else chinese


def traditional(text: str) -> str:
    """``text`` (simplified Chinese) in 繁體 characters, one for one, as NOTATION-1 reads them back."""
    return text.translate(_to_traditional())
