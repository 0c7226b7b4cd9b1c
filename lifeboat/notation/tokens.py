"""A line cut into tokens (``?`` and CJK words apart), and the items and card references a parser reads from them."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from lifeboat.cards import (
    FACES,
    NAVIGATION,
    UNKNOWN,
    is_unknown,
)

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_TOKEN = re.compile(r"\(\s*\d+\s*\)|[;=]|[^\s,;=()]+")
_STRIP = ".'\"!`"
#: ``?`` is never punctuation: a lone ``?`` is a card nobody saw (REC-1), ``?p3``/``?n7`` a placeholder.
_QMARK = re.compile(r"\?[pn]\d+|\?", re.IGNORECASE)
_PH_RE = re.compile(r"^\?([pn])(\d+)$")

Meaning = tuple[str, object]  # (kind, value): char, face, card, nav, num, qual, kw, noise, sep, eq, verb, unknown, is


@dataclass(frozen=True)
class _Tok:
    text: str  # casefolded
    start: int  # offsets in the NFKC line
    end: int


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _raw_tokens(line: str, start: int = 0, end: int | None = None) -> list[_Tok]:
    out: list[_Tok] = []
    end = len(line) if end is None else end
    for m in _TOKEN.finditer(line, start, end):
        t, pos = m.group(), 0
        for q in _QMARK.finditer(t):  # "3?", "???", "?p3", "保留?": the question marks are tokens of their own
            _plain_token(out, t[pos : q.start()], m.start() + pos)
            out.append(_Tok(q.group().casefold(), m.start() + q.start(), m.start() + q.end()))
            pos = q.end()
        _plain_token(out, t[pos:], m.start() + pos)
    return out


def _plain_token(out: list[_Tok], t: str, s: int) -> None:
    if not t:
        return
    lead = len(t) - len(t.lstrip(_STRIP))
    t2 = t.strip(_STRIP)
    if not t2:
        if t.strip() == "-":
            out.append(_Tok("-", s, s + len(t)))
        return
    s += lead
    out.append(_Tok(t2.casefold(), s, s + len(t2)))


def _segment(tok: _Tok, words: frozenset[str], longest: int) -> list[_Tok]:
    """Split a token holding CJK characters: longest known words first; unknown CJK runs stay together."""
    if not _CJK.search(tok.text) or len(tok.text) != tok.end - tok.start:
        return [tok]
    text, out, i, pending = tok.text, [], 0, -1
    while i < len(text):
        if not _CJK.match(text[i]):
            j = i
            while j < len(text) and not _CJK.match(text[j]):
                j += 1
            if pending >= 0:
                out.append(_Tok(text[pending:i], tok.start + pending, tok.start + i))
                pending = -1
            out.append(_Tok(text[i:j], tok.start + i, tok.start + j))
            i = j
            continue
        for n in range(min(longest, len(text) - i), 0, -1):
            if text[i : i + n] in words:
                if pending >= 0:
                    out.append(_Tok(text[pending:i], tok.start + pending, tok.start + i))
                    pending = -1
                out.append(_Tok(text[i : i + n], tok.start + i, tok.start + i + n))
                i += n
                break
        else:
            if pending < 0:
                pending = i
            i += 1
    if pending >= 0:
        out.append(_Tok(text[pending:], tok.start + pending, tok.end))
    return out


def _phrase(text: str) -> tuple[str, ...]:
    return tuple(t.text for t in _raw_tokens(_norm(text)))


@dataclass
class _Item:
    text: str
    start: int
    end: int
    meanings: list[Meaning] = field(default_factory=list)

    def kinds(self) -> set[str]:
        return {k for k, _ in self.meanings}

    def only(self, kind: str) -> list[object]:
        out: list[object] = []
        for k, v in self.meanings:
            if k == kind and v not in out:
                out.append(v)
        return out


#: Placeholders a recorded game can hold (REC-1): ``?p1`` … for provisions, ``?n1`` … for navigation cards.
_PLACEHOLDERS = {"p": sum(f.total for f in FACES.values()), "n": len(NAVIGATION)}


def _is_placeholder(card: str) -> bool:
    """``?p3``, ``?n7``: a card the engine holds unnamed (REC-1); not the bare ``?`` of a chance command."""
    return is_unknown(card) and card != UNKNOWN


def _is_count(n: int) -> bool:
    """A number before ``?`` is a count of unseen cards unless it is a navigation card's number (19 to 42)."""
    return 1 <= n <= 50 and f"nav-{n}" not in NAVIGATION


@dataclass
class _Ref:
    """A card named in a line: an instance (or a placeholder), a face (with a painting's value), or ``?``."""

    item: _Item
    face: str  # "" for a placeholder or "?"
    points: int | None = None
    card: str | None = None
    unknown: bool = False


