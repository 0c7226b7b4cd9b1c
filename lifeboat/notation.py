"""Line notation: one line of text = one decision (the game's SAN). Grammar and examples: ``docs/notation.md``.

Shapes::

    line   := [actor ":"] verb args          ("：" works too; the actor may be left out when a default is given)
    actor  := a character (name, short id or Chinese name) | a player's name | "chance" | "recorder"

    captain: row                              kid: mug lauren hand         first mate: mug stephen parasol
    captain: stack 23 bottom 31               stephen: refuse              frenchy: join defender
    stephen: reveal flare gun                 lauren: water kid            kid: choose 27
    captain: offer kid water for oar          kid: accept                  chance: nav 27
    chance: draw water cash oar               chance: take knife           船长: 划船

Recorded games (REC-1): ``?`` is a card nobody saw in a chance line (``chance: draw ? ? ?``, ``chance: draw 3 ?``,
``chance: nav ? ?``, ``chance: take ?``, ``chance: deal ann = captain love ? hate ? ?; ...; removed 10 ?``); a
placeholder (``?p3``, ``?n7``) goes wherever a card goes; in a player's line ``?`` names the first placeholder of
the pool not named otherwise (``lauren: keep ?``, ``captain: stack ? bottom ?`` or ``stack 1 bottom 1``), and a
real name where only placeholders stand names a card not yet accounted for (the engine identifies a placeholder as
it). The recorder: ``recorder: ?p3 is water`` (Identify), ``recorder: kid love captain hate lauren``
(IdentifyLoveHate).

API:

- :func:`parse` ``(text, state, actor=None) -> Command``: the parser reads names against ``state`` (who is in the
  game, whose hand holds which face) but never judges legality: a well-formed line for an illegal move parses,
  and :func:`lifeboat.decide` refuses it (``IllegalCommand``).
- :func:`render` ``(command, state) -> str``: the shortest usual line; ``parse(render(c, s), s) == c`` for every
  command ``c`` that ``decide`` accepts in ``s``.
- :func:`legal_lines` ``(state, character) -> list[str]``: every legal command of ``character``, rendered.

Errors (rule id ``NOTATION-1``, see ``docs/notation.md``): :class:`InvalidCommand` for an unknown verb, an unknown
name or card (with a "did you mean" suggestion and what was expected) or a missing or extra word;
:class:`AmbiguousCommand` (``candidates`` are whole lines to type instead) when a word or an omission could mean
several things. Messages and candidates name only what the acting seat may know: names, public cards, the actor's
own hand; never another seat's hand or the order of a deck.

Card instances: a face name picks the lowest-numbered instance of that face in the pool the command draws from
(the actor's hand, the target's face-up cards, the deck...), skipping instances already named in the same line;
an instance id (``water-7``) is taken as written. In a recorded game, when the pool holds no card of that face, the
lowest-numbered instance among ``State.unaccounted`` is named (REC-1). Paintings differ in value, so ``painting(2)`` / ``painting 3``
name one by value; a bare ``painting`` is ambiguous when the pool holds paintings of different values (always, for
chance: the recorder sees the value printed on the card).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, permutations

from lifeboat import commands as c
from lifeboat.cards import BASE_CHARACTERS, CHARACTERS, FACES, NAVIGATION, UNKNOWN, face_of, is_unknown, treasure_points
from lifeboat.errors import AmbiguousCommand, InvalidCommand
from lifeboat.legal import chance_request, legal_commands
from lifeboat.state import AwaitAnswer, Fight, MugDraw, OverboardWindow, ProvisionsPick, RowPlace, State

RULE = "NOTATION-1"
CHANCE = "chance"
RECORDER = "recorder"

__all__ = ["CHANCE", "RECORDER", "RULE", "card_text", "character_name", "legal_lines", "parse", "render"]

# ---- names ---------------------------------------------------------------------------------------------------

#: The name each character is written with (render); every alias below parses too.
CHARACTER_NAMES: dict[str, str] = {
    "lady_lauren": "lauren", "sir_stephen": "stephen", "captain": "captain", "first_mate": "first mate",
    "mrs_wong": "wong", "frenchy": "frenchy", "dr_harter": "harter", "kid": "kid",
}
_CHAR_EXTRA: dict[str, tuple[str, ...]] = {
    "lady_lauren": ("lauren", "lady"), "sir_stephen": ("stephen", "sir"), "captain": ("cap", "capt"),
    "first_mate": ("mate", "fm"), "mrs_wong": ("wong", "mrs wong"),
    "dr_harter": ("harter", "doctor", "doc", "doctor harter", "dr harter"), "kid": ("kid",),
}
_ZH_HONORIFICS = ("夫人", "小姐", "先生", "医生", "醫生", "女士")

#: The name each provision face is written with (render).
FACE_NAMES: dict[str, str] = {f: f.replace("_", " ") for f in FACES}
FACE_NAMES.update({"cash": "cash", "chum": "chum"})
_FACE_EXTRA: dict[str, tuple[str, ...]] = {
    "water": ("waters",), "cash": ("money", "bundle of cash", "bundle"), "jewels": ("jewel", "jewelry"),
    "painting": ("paintings", "art"), "medical_kit": ("medkit", "med kit", "kit", "medical"),
    "oar": ("oars",), "gaffing_hook": ("hook", "gaff"), "flare_gun": ("flare", "flaregun"),
    "chum": ("bucket of chum", "bucket"), "life_preserver": ("preserver", "lifebuoy", "buoy", "life ring"),
    "compass": (), "parasol": ("umbrella",), "knife": (), "blackjack": ("club",),
}

_CHANCE_ALIASES = ("chance", "dealer", "deck", "机会", "发牌员")
_RECORDER_ALIASES = ("recorder", "rec", "scribe", "记录", "记录员", "記錄", "記錄員")
#: Recorder lines: ``identify`` may be left out; ``is``/``=`` between a placeholder and its card.
_RECORDER_VERBS: dict[str, tuple[str, ...]] = {"identify": ("identify", "id", "识别", "認出", "认出")}
_IS = ("is", "as", "be", "是", "为", "為")
#: Words for a card nobody saw (``?`` is always one).
_UNSEEN = ("unknown", "unseen", "未知", "暗牌")

_PLAYER_VERBS: dict[str, tuple[str, ...]] = {
    "keep": ("keep", "take", "保留", "留", "拿"),
    "nothing": ("do nothing", "nothing", "idle", "不行动", "什么都不做"),
    "row": ("row", "划船", "划"),
    "stack": ("stack", "row stack", "place", "堆"),
    "bottom": ("bottom", "under", "底", "放底"),
    "swap": ("swap", "change seats", "change seat", "change", "seats", "seat", "换座", "换座位", "换位"),
    "mug": ("mug", "rob", "steal", "抢", "抢劫", "抢夺"),
    "consent": ("consent", "agree", "allow", "yes", "y", "ok", "同意"),
    "refuse": ("refuse", "resist", "fight", "no", "n", "拒绝"),
    "accept": ("accept", "接受"),
    "decline": ("decline", "reject"),
    "join": ("join", "加入"),
    "pass": ("pass", "p", "过", "跳过", "放弃"),
    "reveal": ("reveal", "show", "flip", "亮出", "亮", "翻开"),
    "fire": ("fire", "shoot", "开枪", "发射"),
    "open": ("open", "打开", "撑伞"),
    "heal": ("heal", "cure", "治疗"),
    "eat": ("eat", "cannibalize", "cannibalise", "食人", "吃"),
    "object": ("object", "objection", "反对"),
    "offer": ("offer", "trade", "交易", "提议"),
    "ask": ("ask", "request", "索要"),
    "compass": ("use compass", "使用指南针"),
    "no_compass": ("skip compass", "no compass", "ignore compass", "不用指南针"),
    "choose": ("choose", "pick", "select", "navigate", "选择", "选"),
    "throw": ("throw", "toss", "扔", "投掷", "抛"),
    "chum": ("expend chum",),
    "water": ("give water",),
    "drink": ("drink", "喝水", "喝"),
    "use": ("use", "play", "expend", "使用", "用"),
}
#: Faces whose name alone is a verb ("lauren: water kid", "chum", "compass").
_FACE_VERBS = {
    "water": "water", "chum": "chum", "compass": "compass", "parasol": "open", "flare_gun": "fire",
    "medical_kit": "heal", "life_preserver": "throw", "cannibalism": "eat",
}
_CHANCE_VERBS: dict[str, tuple[str, ...]] = {
    "deal": ("deal", "dealt", "setup", "发牌"),
    "draw": ("draw", "drew", "drawn", "摸", "抽", "摸到", "抽到"),
    "provisions": ("provisions", "provision"),
    "nav": ("nav", "navigation", "turn", "turned", "翻", "航行"),
    "take": ("take", "took", "taken", "from hand", "拿走"),
}
_KEYWORDS: dict[str, tuple[str, ...]] = {
    "hand": ("hand", "hand card", "random", "手牌"),
    "love": ("love", "loves", "爱"),
    "hate": ("hate", "hates", "恨"),
    "removed": ("removed", "remove", "移除", "移走"),
    "stack": ("stack", "row stack", "堆"),
    "bottom": ("bottom", "under", "under the deck", "底", "底部"),
    "for": ("for", "换"),
    "none": ("none", "nothing", "-", "无", "没有"),
    "me": ("me", "myself", "self", "我"),
}
_SIDES: dict[str, tuple[str, ...]] = {
    "attacker": ("attacker", "attackers", "attack", "att", "a", "attacking", "进攻方", "攻击方", "进攻", "攻方"),
    "defender": ("defender", "defenders", "defend", "defence", "defense", "def", "d", "defending", "防守方",
                 "防御方", "防守", "守方"),
}
_YES = ("yes", "y", "use", "on", "true", "是", "用")
_NO = ("no", "n", "skip", "off", "false", "not", "不", "否", "不用")
_NOISE = ("the", "a", "an", "to", "on", "with", "at", "of", "from", "card", "cards", "and", "&", "+", "side", "in",
          "into", "his", "her", "their", "给")

_PLAYER_VERB_LIST = (
    "keep", "do nothing", "row", "stack", "bottom", "swap", "mug", "consent", "refuse", "join", "pass", "reveal",
    "fire", "open", "heal", "offer", "ask", "accept", "decline", "use compass", "skip compass", "choose", "throw",
    "chum", "water", "drink", "use", "eat", "object",
)
_CHANCE_VERB_LIST = ("deal", "draw", "nav", "take", "provisions")

# ---- text ----------------------------------------------------------------------------------------------------

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_TOKEN = re.compile(r"\(\s*\d+\s*\)|[;=]|[^\s,;=()]+")
_STRIP = ".'\"!`"
#: ``?`` is never punctuation: a lone ``?`` is a card nobody saw (REC-1), ``?p3``/``?n7`` a placeholder.
_QMARK = re.compile(r"\?[pn]\d+|\?", re.IGNORECASE)
_PH_RE = re.compile(r"^\?([pn])(\d+)$")


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


# ---- vocabulary ----------------------------------------------------------------------------------------------

Meaning = tuple[str, object]  # (kind, value): char, face, card, nav, num, qual, kw, noise, sep, eq, verb, unknown, is


class _Vocab:
    def __init__(self) -> None:
        self.phrases: dict[tuple[str, ...], list[Meaning]] = {}
        self.longest = 1

    def add(self, text: str, meaning: Meaning) -> None:
        key = _phrase(text)
        if not key:
            return
        got = self.phrases.setdefault(key, [])
        if meaning not in got:
            got.append(meaning)
        self.longest = max(self.longest, len(key))

    def match(self, toks: list[_Tok], i: int) -> tuple[int, list[Meaning]]:
        for n in range(min(self.longest, len(toks) - i), 0, -1):
            key = tuple(t.text for t in toks[i : i + n])
            if key in self.phrases:
                return n, self.phrases[key]
        return 0, []


def _character_aliases(cid: str) -> list[str]:
    ch = CHARACTERS[cid]
    out = [cid, cid.replace("_", " "), cid.replace("_", "-"), cid.replace("_", ""), ch.en, CHARACTER_NAMES[cid]]
    if ch.en.lower().startswith("the "):
        out.append(ch.en[4:])
    out += list(_CHAR_EXTRA.get(cid, ()))
    for zh in ch.zh:
        out.append(zh)
        for h in _ZH_HONORIFICS:
            if zh.endswith(h) and len(zh) - len(h) >= 2:
                out.append(zh[: -len(h)])
    return out


def character_aliases() -> frozenset[str]:
    """Every name (casefolded) a line of notation reads as a character, for any character of any set (SETUP-1
    keeps players from being called so)."""
    return frozenset(a.casefold() for cid in CHARACTERS for a in _character_aliases(cid))


def _face_aliases(face: str) -> list[str]:
    f = FACES[face]
    out = [face, face.replace("_", " "), face.replace("_", "-"), face.replace("_", ""), f.en, FACE_NAMES[face]]
    out += list(_FACE_EXTRA.get(face, ())) + list(f.zh)
    return out


_FACES_IN_PLAY = tuple(f for f, v in FACES.items() if v.count > 0)
_BASE_FACES = tuple(f for f in _FACES_IN_PLAY if FACES[f].expansion == "base")
_INSTANCES: dict[str, tuple[str, ...]] = {f: tuple(f"{f}-{n}" for n in range(1, FACES[f].total + 1)) for f in FACES}


def _points(card: str) -> int:
    return treasure_points(card)


#: Distinct values of a face's instances, highest first (only paintings have several).
_VALUES: dict[str, tuple[int, ...]] = {
    f: tuple(sorted({_points(x) for x in _INSTANCES[f]}, reverse=True)) for f in _FACES_IN_PLAY
}


def _multi(face: str) -> bool:
    return len(_VALUES.get(face, ())) > 1


@lru_cache(maxsize=1)
def _static() -> tuple[_Vocab, _Vocab, _Vocab, frozenset[str], int, dict[str, str], dict[str, str], _Vocab]:
    args, pverbs, cverbs, rverbs = _Vocab(), _Vocab(), _Vocab(), _Vocab()
    for cid in CHARACTERS:
        for a in _character_aliases(cid):
            args.add(a, ("char", cid))
    for face in _FACES_IN_PLAY:
        for a in _face_aliases(face):
            args.add(a, ("face", (face, None)))
            if face in _FACE_VERBS:
                pverbs.add(a, ("verb", _FACE_VERBS[face]))
    for kw, words in _KEYWORDS.items():
        for w in words:
            args.add(w, ("kw", kw))
    for w in _NOISE:
        args.add(w, ("noise", w))
    for w in _UNSEEN:
        args.add(w, ("unknown", None))
    for w in _IS:
        args.add(w, ("is", w))
    for verb, words in _RECORDER_VERBS.items():
        for w in words:
            rverbs.add(w, ("verb", verb))
    for verb, words in _PLAYER_VERBS.items():
        for w in words:
            pverbs.add(w, ("verb", verb))
    for verb, words in _CHANCE_VERBS.items():
        for w in words:
            cverbs.add(w, ("verb", verb))
    cjk: set[str] = set()
    for vocab in (args, pverbs, cverbs, rverbs):
        for key in vocab.phrases:
            if len(key) == 1 and _CJK.search(key[0]):
                cjk.add(key[0])
    for words in list(_SIDES.values()) + [_YES, _NO, _CHANCE_ALIASES, _RECORDER_ALIASES]:
        cjk.update(w for w in words if _CJK.search(w))
    # alias text -> canonical name, for "did you mean"
    char_names = {" ".join(k): CHARACTER_NAMES[v] for k, ms in args.phrases.items() for kind, v in ms
                  if kind == "char" and isinstance(v, str)}
    face_names = {" ".join(k): FACE_NAMES[v[0]] for k, ms in args.phrases.items() for kind, v in ms
                  if kind == "face" and isinstance(v, tuple)}
    return args, pverbs, cverbs, frozenset(cjk), max(map(len, cjk)), char_names, face_names, rverbs


_RESERVED = frozenset(
    w for words in list(_KEYWORDS.values()) + list(_SIDES.values()) + [_YES, _NO, _NOISE, _IS, _UNSEEN] for w in words
)


@lru_cache(maxsize=16)
def _prefix_table(chars: tuple[str, ...]) -> list[tuple[tuple[str, ...], Meaning]]:
    args = _static()[0]
    out = []
    for phrase, ms in args.phrases.items():
        key = tuple(w for w in phrase if w not in _NOISE)  # "the captain", "bundle of cash": the names' words
        if not key or not all(w.isascii() and w.isalpha() for w in key):
            continue
        for m in ms:
            if (m[0] == "char" and m[1] in chars) or (m[0] == "face" and m[1][0] in _BASE_FACES):  # type: ignore[index]
                out.append((key, m))
    return out


# ---- items ---------------------------------------------------------------------------------------------------


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


_NAV_RE = re.compile(r"^(?:nav[-#]?|n|#)([cl]?)(\d+)$")
_INST_RE = re.compile(r"^(.+?)[-#](\d+)$")
_QUAL_RE = re.compile(r"^\(\s*(\d+)\s*\)$")


@lru_cache(maxsize=1)
def _face_keys() -> dict[str, str]:
    keys: dict[str, str] = {}
    args = _static()[0]
    for key, ms in args.phrases.items():
        for kind, v in ms:
            if kind == "face" and len(key) == 1:
                keys[re.sub(r"[-_ ]", "", key[0])] = v[0]  # type: ignore[index]
    return keys


# ---- the parser ----------------------------------------------------------------------------------------------


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


class _Parser:
    def __init__(self, text: str, state: State, actor: str | None) -> None:
        self.state = state
        self.line = _norm(text).strip().replace("\n", " ")
        self.default_actor = actor
        self.actor: str = CHANCE
        self.seat: str | None = None
        self.in_game = tuple(ch.character for ch in state.characters) or BASE_CHARACTERS
        self.args, self.pverbs, self.cverbs = _static()[:3]
        self.rverbs = _static()[7]
        self.players, self.cjk, self.cjk_longest = _player_vocab(state)
        self.prefixes = _prefix_table(self.in_game)
        self.verb_item: _Item | None = None

    # -- errors

    def invalid(self, message: str) -> InvalidCommand:
        return InvalidCommand(RULE, message, self.seat)

    def ambiguous(self, message: str, candidates: list[str]) -> AmbiguousCommand:
        return AmbiguousCommand(RULE, message, tuple(candidates), self.seat)

    def replace(self, item: _Item, text: str) -> str:
        if item.start == item.end:  # an implied card: spell it out at the end of the line
            return f"{self.line.rstrip()} {text}"
        return self.line[: item.start] + text + self.line[item.end :]

    def implied(self, face: str) -> _Ref:
        return _Ref(_Item(FACE_NAMES[face], len(self.line), len(self.line)), face)

    # -- tokens

    def tokens(self, start: int, end: int) -> list[_Tok]:
        out: list[_Tok] = []
        for t in _raw_tokens(self.line, start, end):
            out += _segment(t, self.cjk, self.cjk_longest)
        return out

    def items(self, toks: list[_Tok]) -> list[_Item]:  # noqa: C901 - one branch per form
        out: list[_Item] = []
        i = 0
        while i < len(toks):
            t = toks[i]
            if t.text == UNKNOWN:
                out.append(_Item(t.text, t.start, t.end, [("unknown", None)]))
                i += 1
                continue
            ph = _PH_RE.match(t.text)
            if ph:
                kind, num = ph.group(1), int(ph.group(2))
                if not 1 <= num <= _PLACEHOLDERS[kind]:
                    what = "provision" if kind == "p" else "navigation"
                    raise self.invalid(f"there is no placeholder {t.text}: {what} placeholders are ?{kind}1 to "
                                       f"?{kind}{_PLACEHOLDERS[kind]}")
                out.append(_Item(t.text, t.start, t.end, [("card" if kind == "p" else "nav", t.text)]))
                i += 1
                continue
            n, ms = self.args.match(toks, i)
            if n:
                out.append(_Item(" ".join(x.text for x in toks[i : i + n]), t.start, toks[i + n - 1].end, list(ms)))
                i += n
                continue
            if t.text in (";", "="):
                out.append(_Item(t.text, t.start, t.end, [("sep" if t.text == ";" else "eq", t.text)]))
                i += 1
                continue
            q = _QUAL_RE.match(t.text)
            if q:
                out.append(_Item(t.text, t.start, t.end, [("qual", int(q.group(1)))]))
                i += 1
                continue
            if t.text.isdigit():
                out.append(_Item(t.text, t.start, t.end, [("num", int(t.text))]))
                i += 1
                continue
            if t.text == "nav" and i + 1 < len(toks) and re.fullmatch(r"[cl]?\d+", toks[i + 1].text):
                nxt = toks[i + 1]
                out.append(_Item(f"nav {nxt.text}", t.start, nxt.end, [("nav", f"nav-{nxt.text}")]))
                i += 2
                continue
            m = _NAV_RE.match(t.text)
            if m:
                out.append(_Item(t.text, t.start, t.end, [("nav", f"nav-{m.group(1)}{int(m.group(2))}")]))
                i += 1
                continue
            m = _INST_RE.match(t.text)
            if m and re.sub(r"[-_ ]", "", m.group(1)) in _face_keys():
                face = _face_keys()[re.sub(r"[-_ ]", "", m.group(1))]
                num = int(m.group(2))
                if not 1 <= num <= FACES[face].total:
                    raise self.invalid(
                        f"there is no card {face}-{num}: {FACE_NAMES[face]} cards are {face}-1 to "
                        f"{face}-{FACES[face].total}"
                    )
                out.append(_Item(t.text, t.start, t.end, [("card", f"{face}-{num}")]))
                i += 1
                continue
            pn, pms = self.players.match(toks, i)
            if pn:
                out.append(_Item(" ".join(x.text for x in toks[i : i + pn]), t.start, toks[i + pn - 1].end, pms))
                i += pn
                continue
            pk, pmeans = self.prefix(toks, i)
            if pk:
                out.append(_Item(" ".join(x.text for x in toks[i : i + pk]), t.start, toks[i + pk - 1].end, pmeans))
                i += pk
                continue
            out.append(_Item(t.text, t.start, t.end, []))
            i += 1
        # a painting's value: "painting(2)", "painting 2"; a count of unseen cards: "3 ?", "3?"
        merged: list[_Item] = []
        for it in out:
            prev = merged[-1] if merged else None
            if prev is not None and it.kinds() == {"unknown"} and prev.kinds() == {"num"} and \
                    _is_count(k := int(str(prev.only("num")[0]))):
                merged.pop()
                merged += [_Item(f"{prev.text} {it.text}", prev.start, it.end, [("unknown", None)]) for _ in range(k)]
                continue
            if prev is not None and prev.kinds() == {"face"} and ("qual" in it.kinds() or "num" in it.kinds()):
                face = prev.only("face")
                value = (it.only("qual") or it.only("num"))[0]
                if len(face) == 1 and _multi(face[0][0]) and ("qual" in it.kinds() or value in _VALUES[face[0][0]]):
                    prev.meanings = [("face", (face[0][0], value))]
                    prev.text, prev.end = f"{prev.text} {it.text}", it.end
                    continue
                if "qual" in it.kinds():
                    raise self.invalid(f"only a painting takes a value in parentheses, not {prev.text!r}")
            merged.append(it)
        return merged

    def prefix(self, toks: list[_Tok], i: int) -> tuple[int, list[Meaning]]:
        for k in (3, 2, 1):
            words = [t.text for t in toks[i : i + k]]
            if len(words) < k or any(not w.isascii() or not w.isalpha() or w in _RESERVED for w in words):
                continue
            found: list[Meaning] = []
            for key, m in self.prefixes:
                for j in range(len(key) - k + 1):
                    if all(key[j + x].startswith(words[x]) for x in range(k)):
                        if m not in found:
                            found.append(m)
                        break
            if found:
                return k, found
        return 0, []

    # -- actor and verb

    def run(self) -> c.Command:
        if not self.line:
            raise self.invalid("empty line; expected '<actor>: <verb> ...', e.g. 'captain: row'")
        colon = self.line.find(":")
        if colon >= 0:
            self.actor = self.resolve_actor(self.line[:colon], 0)
            body_start = colon + 1
        else:
            body_start = self.actor_without_colon()
        self.seat = self.seat_of(self.actor)
        toks = self.tokens(body_start, len(self.line))
        if self.actor == RECORDER:
            return self.h_recorder(toks)
        vocab = self.cverbs if self.actor == CHANCE else self.pverbs
        n, ms = vocab.match(toks, 0)
        if not n:
            first = self.items(toks[:2]) if toks else []
            if self.actor == CHANCE and first and first[0].kinds() & {"card", "face", "nav", "num", "unknown"}:
                verb = "draw"  # "chance: 27", "chance: water cash"
                rest = toks
            else:
                if self.actor != CHANCE and first and first[0].only("card"):  # "water-9 kid" = "use water-9 kid"
                    return self.h_use(self.items(toks))
                raise self.unknown_verb(toks)
        else:
            verb = str(ms[0][1])
            self.verb_item = _Item(" ".join(t.text for t in toks[:n]), toks[0].start, toks[n - 1].end, list(ms))
            rest = toks[n:]
        if verb == "deal":
            return self.h_deal(rest[0].start if rest else len(self.line))
        items = self.items(rest)
        handler: Callable[[list[_Item]], c.Command] = getattr(self, f"h_{verb}")
        return handler(items)

    def actor_without_colon(self) -> int:
        toks = self.tokens(0, len(self.line))
        if toks:
            n, ms = self.args.match(toks, 0)
            chance = any(" ".join(t.text for t in toks[:k]) in _CHANCE_ALIASES for k in (1, 2))
            if toks[0].text in _RECORDER_ALIASES:
                self.actor = RECORDER
                return toks[0].end
            chars = [v for k, v in ms if k == "char"]
            if not chars and not n:
                pn, pms = self.players.match(toks, 0)
                if pn:
                    n, chars = pn, [v for k, v in pms if k == "char"]
            if chance:
                self.actor = CHANCE
                return toks[0].end
            if len(chars) == 1 and n < len(toks) and self.pverbs.match(toks, n)[0]:
                self.actor = str(chars[0])
                return toks[n - 1].end
        if self.default_actor is None:
            raise self.invalid(
                f"no actor in {self.line!r}; expected '<actor>: <verb> ...', e.g. 'captain: row' or 'chance: nav 27'"
            )
        if self.default_actor not in (CHANCE, RECORDER) and self.default_actor not in CHARACTERS:
            raise self.invalid(
                f"unknown default actor {self.default_actor!r}; expected a character id, 'chance' or 'recorder'"
            )
        self.actor = self.default_actor
        return 0

    def resolve_actor(self, text: str, start: int) -> str:
        toks = self.tokens(start, start + len(text))
        if not toks:
            if self.default_actor is not None:
                return self.default_actor
            raise self.invalid("nothing before ':'; expected a character or 'chance', e.g. 'captain: row'")
        joined = " ".join(t.text for t in toks)
        if joined in _CHANCE_ALIASES:
            return CHANCE
        if joined in _RECORDER_ALIASES:
            return RECORDER
        items = self.items(toks)
        if len(items) == 1:
            chars = items[0].only("char")
            if len(chars) == 1:
                return str(chars[0])
            if len(chars) > 1:
                raise self.ambiguous(
                    f"{items[0].text!r} could be {_or([CHARACTER_NAMES[str(x)] for x in chars])}",
                    [self.replace(items[0], CHARACTER_NAMES[str(x)]) for x in chars],
                )
        item = _Item(joined, toks[0].start, toks[-1].end, [])
        raise self.unknown(item, "actor", ["char", "chance"])

    def seat_of(self, actor: str) -> str | None:
        if actor not in (CHANCE, RECORDER) and self.state.has(actor):
            return self.state.char(actor).player
        return None

    def unknown_verb(self, toks: list[_Tok]) -> InvalidCommand:
        if not toks:
            return self.invalid(f"no verb after {self.line!r}; expected one of: {', '.join(self.verb_list())}")
        word = toks[0].text
        vocab = self.cverbs if self.actor == CHANCE else self.pverbs
        words = [" ".join(k) for k in vocab.phrases]
        cands = [" ".join(t.text for t in toks[:k]) for k in (2, 1) if k <= len(toks)]
        sugg: list[str] = []
        for cand in cands:
            for s in difflib.get_close_matches(cand, words, n=3, cutoff=0.6):
                if s not in sugg:
                    sugg.append(s)
        other = self.pverbs if self.actor == CHANCE else self.cverbs
        hint = ""
        if other.match(toks, 0)[0]:
            hint = " for a character (it is a chance verb: 'chance: ...')" if self.actor != CHANCE else \
                " for chance (it is a player's verb: '<character>: ...')"
        did = f"; did you mean {_or([repr(s) for s in sugg[:3]])}?" if sugg else ";"
        return self.invalid(f"unknown verb {word!r}{hint}{did} expected one of: {', '.join(self.verb_list())}")

    def verb_list(self) -> tuple[str, ...]:
        return _CHANCE_VERB_LIST if self.actor == CHANCE else _PLAYER_VERB_LIST

    # -- resolving items

    def expected(self, kinds: list[str]) -> str:
        kinds_ = set(kinds)
        parts = []
        if "char" in kinds:
            parts.append("a character (" + ", ".join(CHARACTER_NAMES[x] for x in self.in_game) + ", or 'me')")
        if "chance" in kinds:
            parts.append("'chance' or 'recorder'")
        if "face" in kinds or "card" in kinds:
            parts.append("a provision (" + ", ".join(FACE_NAMES[f] for f in _BASE_FACES) + ") or an id like water-7")
        if "nav" in kinds:
            parts.append("a navigation card number (19 to 42, e.g. 27 or nav-27)")
        if self.state.unaccounted and kinds_ & {"face", "card", "nav"}:  # a recorded game (REC-1)
            parts.append("'?' for a card nobody saw, or a placeholder such as ?p3 or ?n7")
        if "kw" in kinds:
            parts.append("a keyword")
        return " or ".join(parts)

    def unknown(self, item: _Item, what: str, kinds: list[str], extra: tuple[str, ...] = ()) -> InvalidCommand:
        char_names, face_names = _static()[5:7]
        pool: dict[str, str] = {}
        if "char" in kinds:
            pool.update({k: v for k, v in char_names.items()})
            pool.update({" ".join(k): " ".join(k) for k in self.players.phrases})
        if "face" in kinds or "card" in kinds:
            pool.update(face_names)
        if "chance" in kinds:
            pool.update({a: "chance" for a in _CHANCE_ALIASES})
            pool.update({a: "recorder" for a in _RECORDER_ALIASES if a.isascii()})
        pool.update({w: w for w in extra})
        sugg: list[str] = []
        for s in difflib.get_close_matches(item.text, list(pool), n=6, cutoff=0.6):
            if pool[s] not in sugg:
                sugg.append(pool[s])
        did = f"; did you mean {_or([repr(s) for s in sugg[:3]])}?" if sugg else ";"
        exp = self.expected(kinds)
        if extra:
            exp = (exp + " or " if exp else "") + _or([repr(w) for w in extra])
        return self.invalid(f"unknown {what} {item.text!r}{did} expected {exp}")

    def char(self, item: _Item, what: str = "character") -> str:
        if item.kinds() & {"kw"} and item.only("kw") == ["me"]:
            if self.actor in (CHANCE, RECORDER):
                raise self.invalid(f"'me' means the actor; {self.actor} is not a character")
            return self.actor
        chars = [str(x) for x in item.only("char")]
        if len(chars) == 1:
            return chars[0]
        if len(chars) > 1:
            raise self.ambiguous(
                f"{item.text!r} could be {_or([CHARACTER_NAMES[x] for x in chars])}",
                [self.replace(item, CHARACTER_NAMES[x]) for x in chars],
            )
        raise self.unknown(item, what, ["char"])

    def ref(self, item: _Item, what: str = "card") -> _Ref:
        if item.kinds() == {"unknown"}:
            return _Ref(item, "", unknown=True)
        cards = [str(x) for x in item.only("card")]
        if cards:
            if _is_placeholder(cards[0]):
                return _Ref(item, "", card=cards[0])
            return _Ref(item, face_of(cards[0]), card=cards[0])
        faces = item.only("face")
        if len(faces) == 1:
            face, points = faces[0]  # type: ignore[misc]
            return _Ref(item, face, points)
        if len(faces) > 1:
            names = [FACE_NAMES[f[0]] for f in faces]  # type: ignore[index]
            raise self.ambiguous(f"{item.text!r} could be {_or(names)}", [self.replace(item, n) for n in names])
        raise self.unknown(item, what, ["card"])

    def nav(self, item: _Item) -> str:
        navs = item.only("nav") or [f"nav-{x}" for x in item.only("num")]
        if navs:
            card = str(navs[0])
            if _is_placeholder(card):
                return card
            if card not in NAVIGATION:
                raise self.invalid(f"there is no navigation card {item.text!r}; expected a number from 19 to 42")
            return card
        raise self.unknown(item, "navigation card", ["nav"])

    def is_nav(self, item: _Item) -> bool:
        return bool(item.kinds() & {"nav", "num"})

    def is_card(self, item: _Item) -> bool:
        return bool(item.kinds() & {"card", "face", "unknown"}) and "char" not in item.kinds()

    def is_unseen(self, item: _Item) -> bool:
        return item.kinds() == {"unknown"}

    def is_char(self, item: _Item) -> bool:
        return "char" in item.kinds() and not item.kinds() & {"card", "face"} or item.only("kw") == ["me"]

    def clean(self, items: list[_Item], keep_for: bool = False) -> list[_Item]:
        return [it for it in items if not (it.kinds() == {"noise"} or (not keep_for and it.only("kw") == ["for"]))]

    def split_mixed(self, items: list[_Item], kinds: tuple[str, ...]) -> tuple[list[_Item], list[_Item]]:
        """Split items into (characters, cards); a prefix matching both kinds is ambiguous."""
        chars, cards = [], []
        for it in items:
            if self.is_char(it):
                chars.append(it)
            elif self.is_card(it):
                cards.append(it)
            elif it.kinds() >= {"char"} and it.kinds() & {"face", "card"}:
                opts = [CHARACTER_NAMES[str(x)] for x in it.only("char")]
                opts += [FACE_NAMES[f[0]] for f in it.only("face")]  # type: ignore[index]
                raise self.ambiguous(f"{it.text!r} could be {_or(opts)}", [self.replace(it, o) for o in opts])
            else:
                raise self.unexpected(it, list(kinds))
        return chars, cards

    def unexpected(self, item: _Item, kinds: list[str]) -> InvalidCommand:
        if not item.meanings:
            return self.unknown(item, "word", kinds)
        verb = self.verb_item.text if self.verb_item else "the verb"
        return self.invalid(f"unexpected {item.text!r} after {verb!r}; expected {self.expected(kinds)}")

    def no_more(self, items: list[_Item], after: str) -> None:
        if items:
            it = items[0]
            if not it.meanings:
                raise self.invalid(f"unexpected {it.text!r} after {after!r}: nothing more is expected")
            raise self.invalid(f"unexpected {it.text!r}: {after!r} takes nothing more")

    # -- cards

    def allocate(self, refs: list[_Ref], pool: tuple[str, ...], hidden: bool,
                 taken: set[str] | None = None, where: str = "here") -> list[str]:
        """Instances for ``refs`` (see the module docstring). ``hidden`` pools (chance) never show in messages.

        Recorded games (REC-1): a face missing from ``pool`` names the lowest-numbered instance among the cards not
        yet accounted for (the engine identifies a placeholder of ``pool`` as that card). ``?`` stays ``?`` in a
        chance line; in a player's line it names the first placeholder of ``pool`` that the line does not name
        otherwise and that no real card named in the line will be identified as (``where`` words the error)."""
        taken = set(taken or ()) | {r.card for r in refs if r.card}
        out: list[str] = []
        for r in refs:
            if r.card:
                out.append(r.card)
                continue
            if r.unknown:
                out.append(UNKNOWN)
                continue
            face, pts = r.face, r.points
            if FACES[face].count == 0:
                raise self.invalid(f"{FACE_NAMES[face]} is not a card of this game")
            if pts is not None and pts not in _VALUES[face]:
                raise self.invalid(
                    f"no {FACE_NAMES[face]} is worth {pts}; they are worth {_or([str(v) for v in _VALUES[face]])}"
                )

            def fits(x: str) -> bool:
                return _safe_face(x) == face and x not in taken and (pts is None or _points(x) == pts)

            avail = sorted((x for x in pool if fits(x)), key=_num)
            if not avail:  # a recorded game: a card not yet named anywhere, behind a placeholder (REC-1)
                avail = sorted((x for x in self.state.unaccounted if fits(x)), key=_num)
            if pts is None and _multi(face):
                values = _VALUES[face] if hidden else tuple(sorted({_points(x) for x in avail}, reverse=True))
                if len(values) > 1:
                    name = FACE_NAMES[face]
                    raise self.ambiguous(
                        f"which {name}? say its value: {_or([f'{name}({v})' for v in values])}",
                        [self.replace(r.item, f"{name}({v})") for v in values],
                    )
            if not avail:
                avail = [x for x in _INSTANCES[face] if fits(x)]
                if not avail:
                    raise self.invalid(f"too many {FACE_NAMES[face]} cards named: there are {FACES[face].count}")
            out.append(avail[0])
            taken.add(avail[0])
        if self.actor != CHANCE and UNKNOWN in out:
            out = self.unseen(out, pool, "?p", where)
        return out

    def unseen(self, cards: list[str], pool: tuple[str, ...], prefix: str, where: str) -> list[str]:
        """Each ``?`` of ``cards`` (a player's line) as a placeholder of ``pool``: the first ones are left for the real
        cards of the line that are not in ``pool`` (the engine identifies the first placeholders as them, REC-1)."""
        holders = [x for x in pool if x.startswith(prefix)]
        binds = len([x for x in cards if x != UNKNOWN and not is_unknown(x) and x not in pool]) if holders else 0
        free = [x for x in holders[binds:] if x not in cards]
        wanted = cards.count(UNKNOWN)
        if wanted > len(free):
            left = "is none" if not free else "is only 1" if len(free) == 1 else f"are only {len(free)}"
            raise self.invalid(
                f"'?' stands for a card nobody has seen ({wanted} named), but there {left} left unnamed {where}; "
                f"name the card (e.g. '{'water' if prefix == '?p' else '27'}') or its placeholder "
                f"(e.g. '{prefix}3')"
            )
        return [free.pop(0) if x == UNKNOWN else x for x in cards]

    def held(self) -> tuple[str, ...]:
        if self.actor == CHANCE or not self.state.has(self.actor):
            return ()
        ch = self.state.char(self.actor)
        return ch.hand + ch.face_up

    def hand(self) -> tuple[str, ...]:
        if self.actor == CHANCE or not self.state.has(self.actor):
            return ()
        return self.state.char(self.actor).hand

    # -- player handlers

    def h_keep(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        step = self.state.step
        rowing = isinstance(step, RowPlace) and step.rower == self.actor
        if items and all(self.is_nav(it) or (rowing and self.is_unseen(it)) for it in items):
            return self.h_stack(items)  # "keep 27" while placing rowed cards
        pool = step.offered if isinstance(step, ProvisionsPick) and step.picker == self.actor else ()
        if not items and pool and all(_is_placeholder(x) for x in pool):  # REC-1: "keep" = "keep ?"
            return c.KeepProvision(by=self.actor, card=pool[0])
        if len(items) != 1:
            raise self.count_error(items, "one provision to keep, e.g. 'keep water' ('keep ?' for one nobody saw)")
        card = self.allocate([self.ref(items[0])], pool, False, where="among the cards offered to you")[0]
        return c.KeepProvision(by=self.actor, card=card)

    def count_error(self, items: list[_Item], want: str, kinds: tuple[str, ...] = ("card",)) -> InvalidCommand:
        if not items:
            return self.invalid(f"missing argument: expected {want}")
        for it in items:
            if not it.meanings:
                raise self.unknown(it, "card" if kinds == ("card",) else "word", list(kinds))
        return self.invalid(f"expected {want}; got {' '.join(it.text for it in items)!r}")

    def h_nothing(self, items: list[_Item]) -> c.Command:
        self.no_more(self.clean(items), "do nothing")
        return c.DoNothing(by=self.actor)

    def h_row(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        if items and (self.is_nav(items[0]) or items[0].only("kw") in (["stack"], ["bottom"])):
            return self.h_stack(items)  # "row stack 23 bottom 31"
        self.no_more(items, "row")
        return c.Row(by=self.actor)

    def h_bottom(self, items: list[_Item]) -> c.Command:
        return self.h_stack(items, section="bottom", declared=True)

    def h_stack(self, items: list[_Item], section: str = "stack", declared: bool | None = None) -> c.Command:
        if declared is None:  # verb "stack" declares the section; "place", "row", "keep" do not
            declared = self.verb_item is not None and self.verb_item.only("verb") == ["stack"] and \
                self.verb_item.text != "place"
        step = self.state.step
        drawn = step.drawn if isinstance(step, RowPlace) and step.rower == self.actor else ()
        unseen_drawn = any(x.startswith("?n") for x in drawn)
        entries: list[tuple[str, str]] = []  # (section, card or "?"), in the order written
        sections: dict[str, list[str]] = {}
        current = section
        if declared:
            sections[current] = []
        for it in self.clean(items):
            kw = it.only("kw")
            if kw in (["stack"], ["bottom"]):
                current = str(kw[0])
                sections.setdefault(current, [])
            elif kw == ["none"]:
                sections.setdefault(current, [])
            elif self.is_unseen(it):
                sections.setdefault(current, [])
                entries.append((current, UNKNOWN))
            elif unseen_drawn and it.kinds() == {"num"} and _is_count(count := int(str(it.only("num")[0]))):
                sections.setdefault(current, [])  # REC-1: "stack 1 bottom 1": how many unseen cards went where
                entries += [(current, UNKNOWN)] * count
            elif self.is_nav(it):
                sections.setdefault(current, [])
                entries.append((current, self.nav(it)))
            else:
                raise self.unexpected(it, ["nav"])
        cards = [x for _, x in entries]
        if UNKNOWN in cards:
            if not drawn:
                raise self.invalid("'?' stands for a navigation card you drew unseen, and you have no drawn cards "
                                   "to place now; name the cards (e.g. 'stack 23 bottom 31')")
            cards = self.unseen(cards, drawn, "?n", "among the cards you drew")
        for (part, _), card in zip(entries, cards):
            sections[part].append(card)
        if drawn:
            named = set(cards)
            binds = len([x for x in cards if not is_unknown(x) and x not in drawn]) if unseen_drawn else 0
            bound = [x for x in drawn if x.startswith("?n")][:binds]  # the engine identifies these as those cards
            rest = [x for x in drawn if x not in named and x not in bound]
            if "stack" not in sections:
                sections["stack"] = rest
            elif "bottom" not in sections:
                if len(rest) > 1 and not all(_is_placeholder(x) for x in rest):  # unseen cards: in the order drawn
                    base = self.line.rstrip()
                    lines = []
                    for order in permutations(rest):
                        lines.append(f"{base} bottom {' '.join(_nav_text(x) for x in order)}")
                    raise self.ambiguous(
                        "in which order do the other cards go under the deck? "
                        f"add 'bottom' and the cards, first under first: {', '.join(_nav_text(x) for x in rest)}",
                        lines,
                    )
                sections["bottom"] = rest
        return c.PlaceRowedCards(
            by=self.actor, to_stack=tuple(sections.get("stack", ())), to_bottom=tuple(sections.get("bottom", ()))
        )

    def h_swap(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        if len(items) != 1:
            raise self.count_error(items, "the character to change seats with, e.g. 'swap kid'", ("char",))
        return c.ChangeSeats(by=self.actor, target=self.char(items[0]))

    def h_mug(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        if not items:
            raise self.invalid("missing argument: expected whom to mug, e.g. 'mug lauren hand' or 'mug stephen oar'")
        target = self.char(items[0], "character")
        rest = items[1:]
        if len(rest) > 1:
            raise self.invalid(f"unexpected {rest[1].text!r}: mug takes a target and 'hand' or one face-up card")
        face_up = self.state.char(target).face_up if self.state.has(target) else ()
        if rest:
            if rest[0].only("kw") == ["hand"]:
                return c.Mug(by=self.actor, target=target)
            if not rest[0].kinds() & {"card", "face"}:
                if self.is_unseen(rest[0]):
                    raise self.invalid("a face-up card is seen by everyone: name it (e.g. 'mug stephen oar'), or say "
                                       "'hand' for a random hand card")
                if rest[0].meanings:
                    raise self.unexpected(rest[0], ["card"])
                raise self.unknown(rest[0], "card", ["card"], ("hand",))
            card = self.allocate([self.ref(rest[0])], face_up, False)[0]
            return c.Mug(by=self.actor, target=target, card=card)
        if face_up:
            base = self.line.rstrip()
            names = _card_texts(face_up, face_up, False)
            cands = [f"{base} hand"] + [f"{base} {n}" for n in dict.fromkeys(names)]
            raise self.ambiguous(
                f"{CHARACTER_NAMES.get(target, target)} has face-up cards: say 'hand' for a random hand card "
                f"or name the face-up card ({', '.join(dict.fromkeys(names))})",
                cands,
            )
        return c.Mug(by=self.actor, target=target)

    def trade_to_me(self) -> bool:
        return self.state.offer is not None and self.state.offer.to == self.actor

    def answer_to_me(self) -> bool:
        step = self.state.step
        return isinstance(step, AwaitAnswer) and step.target == self.actor

    def h_consent(self, items: list[_Item]) -> c.Command:
        return self.answer(items, True, trade=self.trade_to_me())

    def h_refuse(self, items: list[_Item]) -> c.Command:
        return self.answer(items, False, trade=self.trade_to_me())

    def h_accept(self, items: list[_Item]) -> c.Command:
        return self.answer(items, True, trade=self.trade_to_me() or not self.answer_to_me())

    def h_decline(self, items: list[_Item]) -> c.Command:
        return self.answer(items, False, trade=self.trade_to_me() or not self.answer_to_me())

    def answer(self, items: list[_Item], yes: bool, trade: bool) -> c.Command:
        items = self.clean(items)
        verb = self.verb_item.text if self.verb_item else "answer"
        if not trade:
            self.no_more(items, verb)
            return c.Answer(by=self.actor, consent=yes)
        if not yes:
            self.no_more(items, verb)
            return c.AnswerTrade(by=self.actor, accept=False)
        hand = self.hand()
        if items:
            cards = self.allocate(self.refs([it for it in items if it.only("kw") != ["none"]]), hand, False,
                                  where="in your hand")
        else:
            ask = self.state.offer.ask if self.state.offer is not None else ()
            cards = self.allocate([self.implied(f) for f in ask if f in FACES and FACES[f].count], hand, False)
        return c.AnswerTrade(by=self.actor, accept=True, cards=tuple(cards))

    def h_join(self, items: list[_Item]) -> c.Command:
        sides = _SIDES["attacker"] + _SIDES["defender"]
        items = [it for it in items if it.text in sides or not (it.kinds() == {"noise"} or it.only("kw") == ["for"])]
        if len(items) != 1:
            raise self.count_error(items, "a side, e.g. 'join attacker' or 'join defender' (or a fighter's name)",
                                   ("char",))
        it = items[0]
        for side, words in _SIDES.items():
            if it.text in words:
                return c.JoinFight(by=self.actor, side=side)  # type: ignore[arg-type]
        if self.is_char(it) or it.only("char"):
            who = self.char(it)
            step = self.state.step
            if isinstance(step, Fight):
                if who in step.attackers:
                    return c.JoinFight(by=self.actor, side="attacker")
                if who in step.defenders:
                    return c.JoinFight(by=self.actor, side="defender")
            raise self.invalid(
                f"{CHARACTER_NAMES.get(who, who)} is not fighting; say 'join attacker' or 'join defender'"
            )
        raise self.unknown(it, "side", [], ("attacker", "defender"))

    def h_pass(self, items: list[_Item]) -> c.Command:
        self.no_more(self.clean(items), "pass")
        return c.Pass(by=self.actor)

    def h_reveal(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        if len(items) != 1:
            raise self.count_error(items, "one card of your hand, e.g. 'reveal knife'")
        card = self.allocate([self.ref(items[0])], self.hand(), False, where="in your hand")[0]
        return c.Reveal(by=self.actor, card=card)

    def own_card(self, cards: list[_Item], face: str, verb: str) -> str:
        if len(cards) > 1:
            raise self.invalid(f"unexpected {cards[1].text!r}: {verb} uses one {FACE_NAMES[face]}")
        if cards:
            ref = self.ref(cards[0])
            if not ref.face:
                raise self.unplayed(cards[0], face)
            if ref.face != face:
                raise self.invalid(f"{cards[0].text!r} is not a {FACE_NAMES[face]}; {verb} uses a {FACE_NAMES[face]}")
            return self.allocate([ref], self.held(), False)[0]
        return self.allocate([self.implied(face)], self.held(), False)[0]

    def unplayed(self, item: _Item, face: str) -> InvalidCommand:
        return self.invalid(f"{item.text!r} is a card nobody has seen; a card played is shown: name it by its face "
                            f"(e.g. {FACE_NAMES[face]!r})")

    def h_fire(self, items: list[_Item]) -> c.Command:
        chars, cards = self.split_mixed(self.clean(items), ("card",))
        if chars:
            raise self.unexpected(chars[0], ["card"])
        return c.FireFlareGun(by=self.actor, card=self.own_card(cards, "flare_gun", "fire"))

    def h_open(self, items: list[_Item]) -> c.Command:
        chars, cards = self.split_mixed(self.clean(items), ("card",))
        if chars:
            raise self.unexpected(chars[0], ["card"])
        return c.OpenParasol(by=self.actor, card=self.own_card(cards, "parasol", "open"))

    def h_chum(self, items: list[_Item]) -> c.Command:
        chars, cards = self.split_mixed(self.clean(items), ("card",))
        if chars:
            raise self.unexpected(chars[0], ["card"])
        return c.ExpendChum(by=self.actor, card=self.own_card(cards, "chum", "chum"))

    def target(self, chars: list[_Item], verb: str, default: Callable[[], str | None]) -> str:
        if len(chars) > 1:
            raise self.invalid(f"unexpected {chars[1].text!r}: {verb} takes one character")
        if chars:
            return self.char(chars[0])
        who = default()
        if who is None:
            raise self.invalid(f"missing argument: {verb} whom? expected {self.expected(['char'])}")
        return who

    def h_heal(self, items: list[_Item]) -> c.Command:
        chars, cards = self.split_mixed(self.clean(items), ("char", "card"))
        target = self.target(chars, "heal", lambda: None)
        return c.UseMedicalKit(by=self.actor, card=self.own_card(cards, "medical_kit", "heal"), target=target)

    def h_eat(self, items: list[_Item]) -> c.Command:  # Cannibalism expansion (CANNIBAL-1)
        chars, cards = self.split_mixed(self.clean(items), ("char", "card"))
        target = self.target(chars, "eat", lambda: None)
        return c.Cannibalize(by=self.actor, card=self.own_card(cards, "cannibalism", "eat"), target=target)

    def h_object(self, items: list[_Item]) -> c.Command:  # Cannibalism expansion (CANNIBAL-1)
        self.no_more(self.clean(items), "object")
        return c.ObjectToCannibalism(by=self.actor)

    def h_throw(self, items: list[_Item]) -> c.Command:
        chars, cards = self.split_mixed(self.clean(items), ("char", "card"))

        def only_one_in_water() -> str | None:
            step = self.state.step
            if isinstance(step, OverboardWindow):
                swimming = [x for x in step.overboard if x not in step.lost]
                if len(swimming) == 1:
                    return swimming[0]
            return None

        target = self.target(chars, "throw the life preserver to", only_one_in_water)
        return c.ThrowLifePreserver(by=self.actor, card=self.own_card(cards, "life_preserver", "throw"),
                                    target=target)

    def h_water(self, items: list[_Item]) -> c.Command:
        chars, cards = self.split_mixed(self.clean(items), ("char", "card"))
        target = self.target(chars, "water", lambda: self.actor)
        return c.GiveWater(by=self.actor, card=self.own_card(cards, "water", "water"), target=target)

    h_drink = h_water

    def h_offer(self, items: list[_Item], ask_only: bool = False) -> c.Command:
        items = self.clean(items, keep_for=True)
        give_part: list[_Item] = []
        ask_part: list[_Item] = []
        part = ask_part if ask_only else give_part
        for it in items:
            if it.only("kw") == ["for"]:
                part = ask_part
            else:
                part.append(it)
        to: str | None = None
        give: list[_Ref] = []
        ask: list[str] = []
        for it in give_part + ask_part:
            if it.only("kw") == ["none"]:
                continue
            if to is None and self.is_char(it):
                to = self.char(it)
                continue
            chars, cards = self.split_mixed([it], ("char", "card"))
            if chars:
                raise self.invalid(f"unexpected {it.text!r}: a trade is offered to one character")
            ref = self.ref(cards[0])
            if it in ask_part:
                if not ref.face:
                    raise self.invalid(f"a trade asks for faces (e.g. 'for oar'), not {it.text!r}")
                ask.append(ref.face)
            else:
                give.append(ref)
        if to is None:
            raise self.invalid("missing argument: offer to whom? e.g. 'offer kid water for oar'")
        cards = self.allocate(give, self.hand(), False, where="in your hand")
        return c.OfferTrade(by=self.actor, to=to, give=tuple(cards), ask=tuple(ask))

    def h_ask(self, items: list[_Item]) -> c.Command:
        return self.h_offer(items, ask_only=True)

    def h_compass(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        items = [it for it in items if it.only("face") != [("compass", None)]]
        use = True
        if items:
            word = items[0].text
            if word in _YES:
                use = True
            elif word in _NO:
                use = False
            else:
                raise self.unknown(items[0], "word", [], ("yes", "no"))
            self.no_more(items[1:], "compass")
        return c.UseCompass(by=self.actor, use=use)

    def h_no_compass(self, items: list[_Item]) -> c.Command:
        self.no_more(self.clean(items), "skip compass")
        return c.UseCompass(by=self.actor, use=False)

    def h_choose(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        if len(items) != 1:
            raise self.count_error(items, "one navigation card of the row stack, e.g. 'choose 27'", ("nav",))
        if self.is_unseen(items[0]):
            card = self.unseen([UNKNOWN], self.state.row_stack, "?n", "in the row stack")[0]
            return c.ChooseNavigationCard(by=self.actor, card=card)
        return c.ChooseNavigationCard(by=self.actor, card=self.nav(items[0]))

    def h_use(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        for i, it in enumerate(items):
            if self.is_card(it):
                face = self.ref(it).face
                if not face:
                    raise self.invalid(f"{it.text!r} is a card nobody has seen; a card played is shown: name it "
                                       "by its face, e.g. 'use water on kid'")
                verb = _FACE_VERBS.get(face)
                if verb is None:
                    raise self.invalid(
                        f"{FACE_NAMES[face]} is not used by itself; expected one of: "
                        f"{', '.join(FACE_NAMES[f] for f in _FACE_VERBS)} (or 'reveal {FACE_NAMES[face]}')"
                    )
                if verb == "compass":
                    return self.h_compass(items[:i] + items[i + 1 :])
                handler: Callable[[list[_Item]], c.Command] = getattr(self, f"h_{verb}")
                return handler(items)
        if items:
            raise self.unexpected(items[0], ["card"])
        raise self.invalid("missing argument: use what? e.g. 'use medical kit on kid' or 'use compass'")

    # -- chance handlers

    def h_draw(self, items: list[_Item]) -> c.Command:
        items = [it for it in self.clean(items) if it.only("kw") != ["none"]]
        navs = [it for it in items if self.is_nav(it)]
        unseen = [it for it in items if self.is_unseen(it)]
        if navs and len(navs) + len(unseen) == len(items):
            return self.h_nav(items)
        if navs:
            raise self.invalid("navigation and provision cards are never drawn together; one draw per line")
        if len(unseen) == len(items):  # nothing, or only "?": what chance is drawing now says which draw
            req = chance_request(self.state)
            if isinstance(self.state.step, MugDraw) and items:
                return self.h_take(items)
            if req is not None and req.kind == "draw_provisions" or req is None and items:
                return c.DrawProvisions(cards=(UNKNOWN,) * len(items))
            return c.DrawNavigation(cards=(UNKNOWN,) * len(items))
        if isinstance(self.state.step, MugDraw):
            return self.h_take(items)
        return self.h_provisions(items)

    def refs(self, items: list[_Item]) -> list[_Ref]:
        return [self.card_ref(it) for it in items]

    def h_provisions(self, items: list[_Item]) -> c.Command:
        items = [it for it in self.clean(items) if it.only("kw") != ["none"]]
        return c.DrawProvisions(cards=tuple(self.allocate(self.refs(items), self.state.provisions, True)))

    def h_nav(self, items: list[_Item]) -> c.Command:
        cards = []
        for it in self.clean(items):
            if it.only("kw") == ["none"]:
                continue
            cards.append(UNKNOWN if self.is_unseen(it) else self.nav(it))
        return c.DrawNavigation(cards=tuple(cards))

    def h_take(self, items: list[_Item]) -> c.Command:
        items = self.clean(items)
        if len(items) != 1:
            raise self.count_error(items, "the one card taken from the hand, e.g. 'take water' ('take ?' unseen)")
        step = self.state.step
        pool = self.state.char(step.target).hand if isinstance(step, MugDraw) else ()
        return c.DrawFromHand(card=self.allocate(self.refs(items), pool, True)[0])

    def h_deal(self, start: int) -> c.Command:  # noqa: C901 - one clause per part of a deal
        players = self.state.players
        n = len(players)
        form = "'<player> = <character> love <character> hate <character> <provision>' ('?' for a card unseen)"
        segs: list[tuple[int, int]] = []
        pos = start
        for part in self.line[start:].split(";"):
            if part.strip():
                segs.append((pos, pos + len(part)))
            pos += len(part) + 1
        parts: list[tuple[int | None, tuple[str, str, str]]] = []
        refs: list[_Ref] = []
        slots: list[tuple[str, int]] = []  # ("part", k) or ("removed", j), in the order written
        n_removed = 0
        names = [" ".join(t.text for t in _raw_tokens(_norm(p))) for p in players]
        for s, e in segs:
            eq = self.line.find("=", s, e)
            player: int | None = None
            if eq >= 0:
                name = " ".join(t.text for t in _raw_tokens(self.line, s, eq))
                if name not in names:
                    sugg = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
                    did = f"; did you mean {players[names.index(sugg[0])]!r}?" if sugg else ";"
                    raise self.invalid(f"unknown player {name!r}{did} expected one of: {', '.join(players)}")
                player = names.index(name)
                if any(p == player for p, _ in parts):
                    raise self.invalid(f"{players[player]} is dealt twice")
                s = eq + 1
            items = self.clean(self.items(self.tokens(s, e)))
            if items and items[0].only("kw") == ["removed"]:
                for it in items[1:]:
                    if it.only("kw") != ["none"]:
                        refs.append(self.card_ref(it))
                        slots.append(("removed", n_removed))
                        n_removed += 1
                continue
            who = love = hate = None
            card: _Ref | None = None
            i = 0
            while i < len(items):
                it = items[i]
                kw = it.only("kw")
                if kw in (["love"], ["hate"]):
                    if i + 1 >= len(items):
                        raise self.invalid(f"missing character after {it.text!r}; expected {form}")
                    other = UNKNOWN if self.is_unseen(items[i + 1]) else self.char(items[i + 1])
                    if kw == ["love"]:
                        love = other
                    else:
                        hate = other
                    i += 2
                    continue
                if self.is_char(it) and who is None:
                    who = self.char(it)
                elif it.kinds() & {"card", "face", "unknown"} and card is None:
                    card = self.ref(it)
                elif it.meanings:
                    raise self.unexpected(it, ["char", "card"])
                else:
                    raise self.unknown(it, "word", ["char", "card"], ("love", "hate", "removed"))
                i += 1
            if who is None or love is None or hate is None or card is None:
                missing = [w for w, v in (("character", who), ("love", love), ("hate", hate), ("provision", card))
                           if v is None]
                raise self.invalid(f"a deal part lacks {', '.join(missing)}; expected {form}, parts separated by ';'")
            parts.append((player, (who, love, hate)))
            refs.append(card)
            slots.append(("part", len(parts) - 1))
        if len(parts) != n:
            raise self.invalid(f"deal one part per player ({n}: {', '.join(players)}), got {len(parts)}; "
                               f"expected {form}, parts separated by ';'")
        named = {p for p, _ in parts if p is not None}
        free = iter(i for i in range(n) if i not in named)
        player_of = [p if p is not None else next(free) for p, _ in parts]
        cards = self.allocate(refs, _ALL_PROVISIONS, True)
        chars, love_t, hate_t, prov = [""] * n, [""] * n, [""] * n, [""] * n
        removed = [""] * n_removed
        for k, (_, (who_, love_, hate_)) in enumerate(parts):
            chars[player_of[k]], love_t[player_of[k]], hate_t[player_of[k]] = who_, love_, hate_
        for (kind, k), card_id in zip(slots, cards):
            if kind == "removed":
                removed[k] = card_id
            else:
                prov[player_of[k]] = card_id
        return c.DealSetup(characters=tuple(chars), love=tuple(love_t), hate=tuple(hate_t), provisions=tuple(prov),
                           removed=tuple(removed))

    # -- recorder (recorded games, REC-1)

    def h_recorder(self, toks: list[_Tok]) -> c.Command:
        """``?p3 is water``, ``identify ?n7 27`` (Identify); ``kid love captain hate lauren`` (IdentifyLoveHate)."""
        n, ms = self.rverbs.match(toks, 0)
        if n:
            self.verb_item = _Item(" ".join(t.text for t in toks[:n]), toks[0].start, toks[n - 1].end, list(ms))
        items = [it for it in self.clean(self.items(toks[n:])) if not it.kinds() & {"is", "eq"}]
        form = "'?p3 is water', '?n7 is 27' or 'kid love captain hate lauren'"
        if not items:
            raise self.invalid(f"nothing to record; expected {form}")
        if n or any(self.placeholder(it) for it in items):
            return self.identify(items, form)
        if "char" in items[0].kinds() or items[0].only("kw") == ["me"]:
            return self.love_hate(items, form)
        if self.is_unseen(items[0]):
            raise self.invalid(f"the recorder names what was seen: a placeholder and its card; expected {form}")
        if not items[0].meanings:
            raise self.unknown(items[0], "word", ["char"], ("?p3", "?n7", "identify"))
        raise self.invalid(f"unexpected {items[0].text!r}; expected {form}")

    @staticmethod
    def placeholder(item: _Item) -> str | None:
        for kind, v in item.meanings:
            if kind in ("card", "nav") and _is_placeholder(str(v)):
                return str(v)
        return None

    def identify(self, items: list[_Item], form: str) -> c.Command:
        holders = [it for it in items if self.placeholder(it)]
        if len(holders) != 1 or len(items) != 2:
            got = " ".join(it.text for it in items)
            if not holders:
                raise self.invalid(f"which placeholder? expected a placeholder and the card it is, e.g. "
                                   f"'identify ?p3 water'; got {got!r}")
            raise self.invalid(f"one placeholder and the card it is, per line: expected {form}; got {got!r}")
        ph = str(self.placeholder(holders[0]))
        other = items[1] if holders[0] is items[0] else items[0]
        if self.is_unseen(other):
            raise self.invalid(f"{ph} is unseen already; name the card it is, e.g. '{ph} is "
                               f"{'water' if ph.startswith('?p') else '27'}'")
        if ph.startswith("?n"):
            if not self.is_nav(other):
                if not other.meanings:
                    raise self.unknown(other, "navigation card", ["nav"])
                raise self.invalid(f"{ph} is a navigation card: name it by its number (19 to 42), e.g. '{ph} is 27'; "
                                   f"got {other.text!r}")
            return c.Identify(placeholder=ph, card=self.nav(other))
        if not other.kinds() & {"card", "face"}:
            if not other.meanings:
                raise self.unknown(other, "card", ["card"])
            raise self.invalid(f"{ph} is a provision: name its face, e.g. '{ph} is water' or '{ph} is water-5'; "
                               f"got {other.text!r}")
        return c.Identify(placeholder=ph, card=self.allocate([self.ref(other)], (), True)[0])

    def love_hate(self, items: list[_Item], form: str) -> c.Command:
        who = self.char(items[0])
        found: dict[str, str] = {}
        i = 1
        while i < len(items):
            kw = items[i].only("kw")
            if kw not in (["love"], ["hate"]):
                if not items[i].meanings:
                    raise self.unknown(items[i], "word", [], ("love", "hate"))
                raise self.invalid(f"unexpected {items[i].text!r}; expected {form}")
            field_ = str(kw[0])
            if field_ in found:
                raise self.invalid(f"{field_} is named twice")
            if i + 1 >= len(items):
                raise self.invalid(f"missing character after {items[i].text!r}; expected {form}")
            if self.is_unseen(items[i + 1]):
                raise self.invalid(f"the recorder names a {field_.upper()} card once it is shown; '?' is not a "
                                   "character")
            found[field_] = self.char(items[i + 1])
            i += 2
        missing = [f for f in ("love", "hate") if f not in found]
        if missing:
            raise self.invalid(f"missing {' and '.join(missing)}: the recorder names both cards, e.g. "
                               f"'{CHARACTER_NAMES.get(who, who)} love captain hate lauren'")
        return c.IdentifyLoveHate(character=who, love=found["love"], hate=found["hate"])

    def card_ref(self, it: _Item) -> _Ref:
        if not it.kinds() & {"card", "face", "unknown"}:
            raise self.unexpected(it, ["card"])
        return self.ref(it)


_ALL_PROVISIONS = tuple(x for f in _BASE_FACES for x in _INSTANCES[f])


def _num(card: str) -> tuple[str, int]:
    face, _, n = card.rpartition("-")
    return (face, int(n) if n.isdigit() else 0)


def _safe_face(card: str) -> str | None:
    try:
        return face_of(card)
    except KeyError:
        return None


def _or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


@lru_cache(maxsize=64)
def _player_vocab_cached(players: tuple[str, ...], chars: tuple[str, ...]) -> tuple[_Vocab, frozenset[str], int]:
    """Players' names as names of their characters (never shadowing a character, card or keyword), and the CJK
    words to split on."""
    vocab = _Vocab()
    static, _, _, cjk, longest = _static()[:5]
    for player, ch in zip(players, chars):
        key = _phrase(player)
        if key and key not in static.phrases and ch:
            vocab.add(player, ("char", ch))
    words = cjk | frozenset(w for key in vocab.phrases for w in key if _CJK.search(w))
    return vocab, words, max([longest] + [len(w) for w in words])


def _player_vocab(state: State) -> tuple[_Vocab, frozenset[str], int]:
    chars = []
    for p in state.players:
        try:
            chars.append(state.character_of(p))
        except KeyError:
            chars.append("")
    return _player_vocab_cached(state.players, tuple(chars))


# ---- public API ----------------------------------------------------------------------------------------------


def parse(text: str, state: State, actor: str | None = None) -> c.Command:
    """Parse one line of notation into a :data:`lifeboat.commands.Command`, reading names against ``state``.

    ``text`` is ``"<actor>: <verb> <args>"`` (grammar in ``docs/notation.md``); case, spacing, commas, full-width
    punctuation and Chinese names are forgiven (``?`` is never punctuation: it is a card nobody saw). ``actor`` (a
    character id, ``"chance"`` or ``"recorder"``) is used when the line names none. The parser never judges legality: pass the result to :func:`lifeboat.apply` / ``decide``.

    Raises:
        InvalidCommand: ``NOTATION-1``: empty line, no actor, unknown verb, unknown character, card or word (the
            message gives a "did you mean" suggestion and what is expected), a missing or extra argument, a card
            id or placeholder that does not exist (``water-17``, ``?p99``), a painting value that does not exist; in a
            recorded game, ``?`` in a player's line when the pool has no placeholder left to name, a card played
            or asked for given as ``?``, a recorder line that is not ``<placeholder> is <card>`` or
            ``<character> love <character> hate <character>``.
        AmbiguousCommand: ``NOTATION-1``: a word matching several names (``f``: first mate or frenchy), a mug
            without ``hand`` or a card when the target has face-up cards, a bare ``painting`` when paintings of
            different values could be meant, a row placement leaving the order under the deck open. ``candidates``
            are the lines that would resolve it.
    """
    return _Parser(text, state, actor).run()


def character_name(character: str) -> str:
    """The notation name of a character id (``lady_lauren`` -> ``lauren``); unknown ids are returned unchanged."""
    return CHARACTER_NAMES.get(character, character)


def card_text(card: str) -> str:
    """The notation of a card instance by itself: navigation number (``27``) or the instance id (``water-7``)."""
    return _nav_text(card) if card in NAVIGATION else card


def _nav_text(card: str) -> str:
    return card[4:] if card.startswith("nav-") and card[4:].isdigit() else card  # "27", but "nav-c8" (expansion)


def _face_text(card: str) -> str:
    face = face_of(card)
    return f"{FACE_NAMES[face]}({_points(card)})" if _multi(face) else FACE_NAMES[face]


def _card_texts(cards: tuple[str, ...] | list[str], pool: tuple[str, ...], hidden: bool,
                explicit: bool = False, unaccounted: tuple[str, ...] = (), unseen: bool = False) -> list[str]:
    """Face names where parsing them back gives the same instances (per face and value), ids elsewhere.

    Recorded games (REC-1): a face missing from ``pool`` reads back as the lowest of the ``unaccounted`` cards; with
    ``unseen`` (a player's line) placeholders are written ``?`` when ``?`` reads back as them (the first ones of
    ``pool`` left after those the line's real cards will be identified as); a chance's ``?`` stays ``?``."""
    if explicit:
        return list(cards)
    by_class: dict[tuple[str, int], list[str]] = {}
    for x in cards:
        f = _safe_face(x)
        if f is None:
            continue
        by_class.setdefault((f, _points(x) if _multi(f) else 0), []).append(x)
    ok: set[tuple[str, int]] = set()
    for (f, v), xs in by_class.items():
        def fits(y: str, f: str = f, v: int = v) -> bool:
            return _safe_face(y) == f and (not _multi(f) or _points(y) == v)

        avail = sorted((y for y in pool if fits(y)), key=_num)
        if not avail:
            avail = sorted((y for y in unaccounted if fits(y)), key=_num)
        if not avail:
            avail = [y for y in _INSTANCES[f] if fits(y)]
        if xs == avail[: len(xs)]:
            ok.add((f, v))
    marks = _unseen_marks(cards, pool) if unseen else set()
    out = []
    for x in cards:
        f = _safe_face(x)
        if f is not None and (f, _points(x) if _multi(f) else 0) in ok:
            out.append(_face_text(x))
        elif x in marks:
            out.append(UNKNOWN)
        else:
            out.append(x)
    return out


def _unseen_marks(cards: tuple[str, ...] | list[str], pool: tuple[str, ...]) -> set[str]:
    """The placeholders of ``cards`` to write as ``?`` (as many as can be) so that the line reads back to ``cards``:
    each ``?`` reads as the first placeholder of ``pool`` not named otherwise in the line and not left for the line's
    real cards (see ``_Parser.unseen``)."""
    named = [x for x in cards if _is_placeholder(x)]
    if not named:
        return set()
    holders = [y for y in pool if y.startswith(named[0][:2])]
    binds = len([x for x in cards if not is_unknown(x) and x not in pool]) if holders else 0
    for k in range(len(named), 0, -1):
        for marks in combinations(named, k):
            free = [y for y in holders[binds:] if y not in named or y in marks]
            if list(marks) == free[:k]:
                return set(marks)
    return set()


def _runs(texts: list[str]) -> list[str]:
    """Runs of four or more ``?`` written as a count: ``removed 10 ?``."""
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j < len(texts) and texts[j] == UNKNOWN:
            j += 1
        if j - i >= 4:
            out.append(f"{j - i} {UNKNOWN}")
            i = j
        else:
            out.append(texts[i])
            i += 1
    return out


def _render(cmd: c.Command, state: State, explicit: bool) -> str:  # noqa: C901 - one case per command
    def who(x: str) -> str:
        return CHARACTER_NAMES.get(x, x)

    unaccounted = state.unaccounted
    if c.is_chance(cmd) or c.is_recorder(cmd):
        actor = CHANCE if c.is_chance(cmd) else RECORDER
        held: tuple[str, ...] = ()
        hand: tuple[str, ...] = ()
    else:
        by = cmd.by  # type: ignore[union-attr]
        actor = who(by)
        if state.has(by):
            ch = state.char(by)
            held, hand = ch.hand + ch.face_up, ch.hand
        else:
            held = hand = ()

    def one(card: str, pool: tuple[str, ...], hidden: bool = False) -> str:
        return _card_texts([card], pool, hidden, explicit, unaccounted, unseen=actor not in (CHANCE, RECORDER))[0]

    def some(cards: tuple[str, ...], pool: tuple[str, ...]) -> list[str]:
        return _card_texts(cards, pool, False, explicit, unaccounted, unseen=True)

    def default(card: str, face: str) -> bool:
        return not explicit and one(card, held) != card and _safe_face(card) == face

    body: str
    match cmd:
        case c.DealSetup(characters=chars, love=love, hate=hate, provisions=prov, removed=rem):
            texts = _card_texts(list(prov) + list(rem), _ALL_PROVISIONS, True, explicit, unaccounted)
            parts = []
            for i, ch_id in enumerate(chars):
                name = state.players[i] if i < len(state.players) and not explicit else ""
                lead = f"{name} = " if name and not set(name) & set(";=:") else ""
                parts.append(f"{lead}{who(ch_id)} love {who(love[i])} hate {who(hate[i])} {texts[i]}")
            if rem:
                parts.append("removed " + " ".join(_runs(texts[len(prov) :])))
            body = "deal " + "; ".join(parts)
        case c.DrawProvisions(cards=xs):
            verb = "provisions" if explicit or isinstance(state.step, MugDraw) else "draw"
            texts = _card_texts(xs, state.provisions, True, explicit, unaccounted)
            body = f"{verb} " + (" ".join(_runs(texts)) or "none")
        case c.DrawNavigation(cards=xs):
            body = "nav " + (" ".join(_nav_text(x) for x in xs) or "none")
        case c.DrawFromHand(card=x):
            step = state.step
            pool = state.char(step.target).hand if isinstance(step, MugDraw) else ()
            body = f"take {one(x, pool, True)}"
        case c.KeepProvision(card=x):
            step = state.step
            mine = isinstance(step, ProvisionsPick) and step.picker == cmd.by
            body = f"keep {one(x, step.offered if isinstance(step, ProvisionsPick) and mine else ())}"
        case c.DoNothing():
            body = "do nothing"
        case c.Row():
            body = "row"
        case c.PlaceRowedCards(to_stack=s, to_bottom=b):
            step = state.step
            drawn = step.drawn if isinstance(step, RowPlace) and step.rower == cmd.by else ()
            marks = set() if explicit else _unseen_marks(s + b, drawn)
            texts = [UNKNOWN if x in marks else _nav_text(x) for x in s + b]
            stack = "stack " + (" ".join(texts[: len(s)]) or "none")
            bottom = "bottom " + (" ".join(texts[len(s) :]) or "none")
            if explicit:
                body = f"{stack} {bottom}"
            elif s and b:
                body = f"{stack} {bottom}"
            elif b:
                body = bottom
            else:
                body = stack
        case c.ChangeSeats(target=t):
            body = f"swap {who(t)}"
        case c.Mug(target=t, card=None):
            body = f"mug {who(t)} hand"
        case c.Mug(target=t, card=x):
            face_up = state.char(t).face_up if state.has(t) else ()
            body = f"mug {who(t)} {one(x or '', face_up)}"
        case c.Answer(consent=yes):
            body = "consent" if yes else "refuse"
        case c.JoinFight(side=side):
            body = f"join {side}"
        case c.Pass():
            body = "pass"
        case c.Reveal(card=x):
            body = f"reveal {one(x, hand)}"
        case c.FireFlareGun(card=x):
            body = "fire flare gun" if default(x, "flare_gun") else f"use {x}"
        case c.OpenParasol(card=x):
            body = "open parasol" if default(x, "parasol") else f"use {x}"
        case c.UseMedicalKit(card=x, target=t):
            body = f"heal {who(t)}" if default(x, "medical_kit") else f"use {x} on {who(t)}"
        case c.Cannibalize(card=x, target=t):
            body = f"eat {who(t)}" if default(x, "cannibalism") else f"use {x} on {who(t)}"
        case c.ObjectToCannibalism():
            body = "object"
        case c.OfferTrade(to=t, give=g, ask=a):
            body = f"offer {who(t)}"
            if g:
                body += " " + " ".join(some(g, hand))
            if a:
                body += " for " + " ".join(FACE_NAMES.get(f, f) for f in a)
        case c.AnswerTrade(accept=False):
            body = "decline"
        case c.AnswerTrade(accept=True, cards=xs):
            body = "accept"
            offer = state.offer
            auto: list[str] | None = None
            if offer is not None and offer.to == cmd.by and not explicit:
                try:
                    auto = _Parser(f"{actor}: accept", state, None).run().cards  # type: ignore[union-attr]
                except (InvalidCommand, AmbiguousCommand):
                    auto = None
            if auto is None or tuple(auto) != tuple(xs):
                body += " " + (" ".join(some(xs, hand)) if xs else "none")
        case c.UseCompass(use=u):
            body = "use compass" if u else "skip compass"
        case c.ChooseNavigationCard(card=x):
            body = f"choose {_nav_text(x)}"
        case c.ThrowLifePreserver(card=x, target=t):
            body = f"throw life preserver to {who(t)}" if default(x, "life_preserver") else f"use {x} on {who(t)}"
        case c.ExpendChum(card=x):
            body = "chum" if default(x, "chum") else f"use {x}"
        case c.GiveWater(card=x, target=t):
            body = f"water {who(t)}" if default(x, "water") else f"use {x} on {who(t)}"
        case c.Identify(placeholder=ph, card=x):
            body = f"{ph} is {_nav_text(x) if x in NAVIGATION else one(x, ())}"
        case c.IdentifyLoveHate(character=ch_id, love=love, hate=hate):
            body = f"{who(ch_id)} love {who(love)} hate {who(hate)}"
        case _:  # pragma: no cover - every command is listed above
            raise TypeError(f"not a command: {cmd!r}")
    return f"{actor}: {body}"


def render(command: c.Command, state: State) -> str:
    """One line of notation for ``command`` in ``state``: ``"<actor>: <verb> <args>"``.

    Face names are written where parsing them back in ``state`` gives the same card instances, instance ids
    elsewhere; ``parse(render(c, s), s) == c`` holds for every command ``decide`` accepts in ``s`` (checked by
    the property tests), and render falls back to an all-ids form when the short form would not read back.
    Raises ``TypeError`` only for a value that is not a command.
    """
    line = _render(command, state, explicit=False)
    try:
        if parse(line, state) == command:
            return line
    except (InvalidCommand, AmbiguousCommand):
        pass
    return _render(command, state, explicit=True)


def legal_lines(state: State, character: str) -> list[str]:
    """Every command ``character`` may issue now (:func:`lifeboat.legal_commands`), rendered; for prompts.

    Raises ``KeyError`` when ``character`` is not in the game.
    """
    return [render(cmd, state) for cmd in legal_commands(state, character)]
