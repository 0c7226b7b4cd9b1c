"""The names a line of notation reads as characters (English, short forms, Chinese): apart from the rest of
:mod:`lifeboat.notation.names`, so SETUP-1's check of player names (:func:`lifeboat.game.reserved_name`) loads no
tokenizer or vocabulary."""

from __future__ import annotations

from functools import lru_cache

from lifeboat.cards import CHARACTERS

#: The name each character is written with (render); every alias below parses too.
CHARACTER_NAMES: dict[str, str] = {
    "lady_lauren": "lauren", "sir_stephen": "stephen", "captain": "captain", "first_mate": "first mate",
    "mrs_wong": "wong", "frenchy": "frenchy", "dr_harter": "harter", "kid": "kid",
}
_CHAR_EXTRA: dict[str, tuple[str, ...]] = {
    "lady_lauren": ("lauren", "lady"), "sir_stephen": ("stephen", "sir"), "captain": ("cap", "capt"),
    "first_mate": ("mate", "fm"), "mrs_wong": ("wong", "mrs wong", "黄夫人", "黄太太"),
    "dr_harter": ("harter", "doctor", "doc", "doctor harter", "dr harter"), "kid": ("kid",),
}
_ZH_HONORIFICS = ("夫人", "小姐", "先生", "医生", "醫生", "女士")


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


@lru_cache(maxsize=1)
def character_aliases() -> frozenset[str]:
    """Every name (casefolded) a line of notation reads as a character, for any character of any set (SETUP-1
    keeps players from being called so)."""
    return frozenset(a.casefold() for cid in CHARACTERS for a in _character_aliases(cid))
