"""The names a line of notation reads: characters, cards, verbs and keywords in English, short forms and Chinese;
the vocabularies built from them, and players' names as names of their characters."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from lifeboat.card_context import in_use
from lifeboat.card_set import CardSet
from lifeboat.cards import (
    CHARACTERS,
    FACES,
)
from lifeboat.notation.characters import CHARACTER_NAMES as CHARACTER_NAMES, _character_aliases, character_aliases
from lifeboat.notation.tokens import _CJK, Meaning, _phrase as _phrase, _Tok
from lifeboat.state import (
    State,
)

RULE = "NOTATION-1"
CHANCE = "chance"
RECORDER = "recorder"

# ---- names ---------------------------------------------------------------------------------------------------

#: The name each provision face is written with (render).
FACE_NAMES: dict[str, str] = {f: f.replace("_", " ") for f in FACES}
FACE_NAMES.update({"cash": "cash", "chum": "chum"})
_FACE_EXTRA: dict[str, tuple[str, ...]] = {
    "water": ("waters",), "cash": ("money", "bundle of cash", "bundle"), "jewels": ("jewel", "jewelry"),
    "painting": ("paintings", "art"), "medical_kit": ("medkit", "med kit", "kit", "medical"),
    "oar": ("oars",), "gaffing_hook": ("hook", "gaff"), "flare_gun": ("flare", "flaregun"),
    "chum": ("bucket of chum", "bucket"), "life_preserver": ("preserver", "lifebuoy", "buoy", "life ring"),
    "compass": (), "parasol": ("umbrella",), "knife": (), "blackjack": ("club",),
    "firewater": ("fire water", "liquid courage", "火酒", "烈酒"),  # Liquid Courage (LIQUID-1)
}

_CHANCE_ALIASES = ("chance", "dealer", "deck", "机会", "发牌员")
_RECORDER_ALIASES = ("recorder", "rec", "scribe", "记录", "记录员", "記錄", "記錄員")
#: Recorder lines: ``identify`` may be left out; ``is``/``=`` between a placeholder and its card.
_RECORDER_VERBS: dict[str, tuple[str, ...]] = {"identify": ("identify", "id", "识别", "認出", "认出")}
_IS = ("is", "as", "be", "是", "为")  # 為 too: a 繁體 line reads as 简体 (tokens._norm)
#: Words for a card nobody saw (``?`` is always one).
_UNSEEN = ("unknown", "unseen", "未知", "暗牌")

_PLAYER_VERBS: dict[str, tuple[str, ...]] = {
    "keep": ("keep", "take", "保留", "留下", "留", "拿"),  # 留下: the word the pages and play's menu say
    "nothing": ("do nothing", "nothing", "idle", "不行动", "什么都不做"),
    "row": ("row", "划船", "划"),
    "stack": ("stack", "row stack", "place", "堆"),
    "bottom": ("bottom", "under", "底", "放底"),
    "swap": ("swap", "change seats", "change seat", "change", "seats", "seat", "换座", "换座位", "换位"),
    "mug": ("mug", "rob", "steal", "抢", "抢劫", "抢夺"),
    "consent": ("consent", "agree", "allow", "yes", "y", "ok", "同意"),
    "refuse": ("refuse", "resist", "fight", "no", "n", "拒绝"),
    "accept": ("accept", "接受"),
    "decline": ("decline", "reject", "谢绝"),
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
    "sharks": ("call sharks", "sharks", "招来鲨鱼", "招鲨鱼"),  # GHOST-1 (shark variant)
    "water": ("give water",),
    "firewater": ("drink firewater", "drink fire water", "喝火酒", "喝烈酒"),  # LIQUID-1 (Liquid Courage)
    "share": ("share", "share firewater", "分享", "也喝"),  # WONG-1: Mrs. Wong shares the Firewater just drunk
    "drink": ("drink", "喝水", "喝"),
    "use": ("use", "play", "expend", "使用", "用"),
}
#: Faces whose name alone is a verb ("lauren: water kid", "chum", "compass").
_FACE_VERBS = {
    "water": "water", "chum": "chum", "compass": "compass", "parasol": "open", "flare_gun": "fire",
    "medical_kit": "heal", "life_preserver": "throw", "cannibalism": "eat", "firewater": "firewater",
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
    "chum", "water", "drink", "use", "eat", "object", "call sharks", "drink firewater", "share",
)
_CHANCE_VERB_LIST = ("deal", "draw", "nav", "take", "provisions")


def first_chinese(words: tuple[str, ...]) -> str | None:
    """The first of ``words`` written in Chinese (``("keep", "take", "保留", …)`` → ``保留``), or ``None``."""
    return next((w for w in words if _CJK.search(w)), None)


def verb_words(chance: bool, chinese: bool) -> tuple[str, ...]:
    """The verbs a refusal lists (:data:`_PLAYER_VERB_LIST`, or chance's): in English, or (``chinese``) each by its
    first Chinese word where it has one (``keep`` → ``保留``; ``chum`` stays), as a Chinese table types them."""
    words = _CHANCE_VERB_LIST if chance else _PLAYER_VERB_LIST
    if not chinese:
        return words
    table = _CHANCE_VERBS if chance else _PLAYER_VERBS
    out: list[str] = []
    for word in words:
        aliases = (FACES[word].zh if word in _FACE_VERBS else  # a face's name is its verb: 死鱼 (chum), 水壶
                   next((a for a in table.values() if word in a), ()))
        chinese_word = first_chinese(aliases)
        if chinese_word is not None and chinese_word not in out:
            out.append(chinese_word)
        elif chinese_word is None and word != "provisions":  # chance's 'provisions' is its 'draw' (摸)
            out.append(word)
    return tuple(out)


# ---- vocabulary ----------------------------------------------------------------------------------------------



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


def _face_aliases(face: str) -> list[str]:
    f = FACES[face]
    out = [face, face.replace("_", " "), face.replace("_", "-"), face.replace("_", ""), f.en, FACE_NAMES[face]]
    out += list(_FACE_EXTRA.get(face, ())) + list(f.zh)
    return out


def face_named(text: str) -> tuple[str, int | None] | None:
    """The face (and a painting's value) that ``text`` names as the notation reads it: ``"painting(3)"``,
    ``"Painting (3)"``, ``"med kit"``, ``"水"`` → ``("painting", 3)``, ``("medical_kit", None)``, ``("water",
    None)``; ``None`` when it names no provision face (NOTATION-1, used by position files, POS-1)."""
    import re

    m = re.fullmatch(r"\s*(.*?)\s*(?:\(\s*(\d+)\s*\)|\s(\d+))?\s*", text)
    words, value = (m.group(1), m.group(2) or m.group(3)) if m else (text, None)
    key = " ".join(words.casefold().replace("_", " ").replace("-", " ").split())
    for face in FACES:
        if any(" ".join(a.casefold().replace("_", " ").replace("-", " ").split()) == key for a in _face_aliases(face)):
            return face, int(value) if value is not None else None
    return None


_FACES_IN_PLAY = tuple(f for f, v in FACES.items() if v.count > 0)
_BASE_FACES = tuple(f for f in _FACES_IN_PLAY if FACES[f].expansion == "base")
class _PerGame(dict):  # type: ignore[type-arg]  # a dict of any per-game table (the vocabularies differ)
    """A table of facts per face, computed for the card data in use (CARD-3, :mod:`lifeboat.card_context`)."""

    def __init__(self, make: Callable[[CardSet], dict]) -> None:  # type: ignore[type-arg]  # as the class: any per-game table
        super().__init__()
        self._make = lru_cache(maxsize=16)(make)

    def _now(self) -> dict:  # type: ignore[type-arg]  # as the class: any per-game table
        return self._make(in_use())

    def __getitem__(self, face: str) -> Any:
        return self._now()[face]

    def get(self, face: str, default: Any = None) -> Any:
        return self._now().get(face, default)

    def __contains__(self, face: object) -> bool:
        return face in self._now()


#: Every instance of each face (``"water"`` → ``("water-1", …)``), of the card data in use.
_INSTANCES = _PerGame(lambda cards: {f: tuple(f"{f}-{n}" for n in range(1, v.total + 1))
                                     for f, v in cards.faces.items()})


def _points(card: str) -> int:
    return in_use().treasure_points(card)


#: Distinct values of a face's instances, highest first (only paintings have several), of the card data in use.
_VALUES = _PerGame(lambda cards: {
    f: tuple(sorted({cards.treasure_points(f"{f}-{n}") for n in range(1, v.total + 1)}, reverse=True))
    for f, v in cards.faces.items() if v.count > 0})


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


def actor_word(name: str) -> bool:
    """Whether ``name``, read as the notation reads a word (NFKC, 繁體 as 简体, without case), is one of its words for
    chance or the recorder (``deck``, ``机会``, ``記錄員``): a new player so named could not be told from that actor
    in a line (SETUP-1; checked for new games only, :func:`lifeboat.service.game.players.check_new_names`)."""
    return _phrase(name) in _ACTOR_WORDS


_ACTOR_WORDS = frozenset(_phrase(w) for w in _CHANCE_ALIASES + _RECORDER_ALIASES)

_RESERVED = frozenset(
    w for words in list(_KEYWORDS.values()) + list(_SIDES.values()) + [_YES, _NO, _NOISE, _IS, _UNSEEN] for w in words
)


@lru_cache(maxsize=512)
def _prefix_table(chars: tuple[str, ...]) -> list[tuple[tuple[str, ...], Meaning]]:
    args = _static()[0]
    out = []
    for phrase, ms in args.phrases.items():
        key = tuple(w for w in phrase if w not in _NOISE)  # "the captain", "bundle of cash": the names' words
        if not key or not all(w.isascii() and w.isalpha() for w in key):
            continue
        for m in ms:
            if (m[0] == "char" and m[1] in chars) or (m[0] == "face" and m[1][0] in _BASE_FACES):  # type: ignore[index]  # a face's (face, points)
                out.append((key, m))
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
                keys[re.sub(r"[-_ ]", "", key[0])] = v[0]  # type: ignore[index]  # a face's (face, points)
    return keys



_ALL_PROVISIONS = tuple(x for f in _BASE_FACES for x in _INSTANCES[f])


def _num(card: str) -> tuple[str, int]:
    face, _, n = card.rpartition("-")
    return (face, int(n) if n.isdigit() else 0)


def _safe_face(card: str) -> str | None:
    try:
        return in_use().face_of(card)
    except KeyError:
        return None


@lru_cache(maxsize=1024)
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
