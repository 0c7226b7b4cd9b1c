"""Errors that help: "did you mean", what was expected, the verbs there are (NOTATION-1). Messages name only
what the acting seat may know."""

from __future__ import annotations

import difflib

from lifeboat.errors import InvalidCommand
from lifeboat.notation.names import (
    _BASE_FACES,
    _CHANCE_ALIASES,
    _RECORDER_ALIASES,
    CHANCE,
    CHARACTER_NAMES,
    FACE_NAMES,
    _phrase,
    _static,
    verb_words,
)
from lifeboat.notation.host import ParserHost
from lifeboat.notation.tokens import _Item, _Tok
from lifeboat.i18n import N_, _


_DISCARD = ("discard", "drop", "弃", "弃牌", "丢")
_END = ("end", "close", "done", "finish", "stop")


#: What an unknown word was expected to be, in words (NOTATION-1).
_WHAT = {"actor": N_("actor"), "character": N_("character"), "card": N_("card"), "navigation card": N_(
    "navigation card"), "word": N_("word"), "side": N_("side")}


def _or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    # TRANSLATORS: the last of several alternatives ("'a', 'b' or 'c'")
    return _("{items} or {last}").format(items=_(", ").join(words[:-1]), last=words[-1])



class Suggestions(ParserHost):
    """The parser's error messages (a mixin of :class:`lifeboat.notation.parser.Parser`)."""

    def unknown_verb(self, toks: list[_Tok]) -> InvalidCommand:
        if not toks:
            return self.invalid(_("no verb after {line!r}; expected one of: {verb_list}").format(
                line=self.line, verb_list=_(", ").join(self.verb_list())))
        word = toks[0].text
        if self.actor != CHANCE and word in _DISCARD:  # PROC-3: no command to discard at will
            return InvalidCommand("PROC-3", _("there is no {word!r}: cards leave a hand only as the "
                                              "rules say (a trade, a mug, a card played or revealed, "
                                              "Water drunk); there is no hand limit, so keep the card").format(word=word), self.seat)
        if self.actor != CHANCE and word in _END:  # a window ends when everyone has passed (PROC-1)
            return InvalidCommand("PROC-1", _("there is no {word!r}: a fight or any other window ends "
                                              "when everyone has passed, so type '<character>: pass' "
                                              "for each (the recorder may type 'close')").format(word=word), self.seat)
        # suggest only the verbs of the list (not aliases such as 'fight' or face names such as 'give water')
        words = list(self.verb_list())
        cands = [(k, " ".join(t.text for t in toks[:k])) for k in (2, 1) if k <= len(toks)]
        score: dict[str, float] = {}  # the closest first, whether it matched one word or two ('kep watr': keep)
        for k, cand in cands:  # two words typed against the verbs of two words ('use compas'), one against one
            for s in difflib.get_close_matches(cand, [w for w in words if (" " in w) == (k == 2)], n=3, cutoff=0.6):
                score[s] = max(score.get(s, 0.0), difflib.SequenceMatcher(None, cand, s).ratio())
        sugg = sorted(score, key=lambda s: -score[s])
        other = self.pverbs if self.actor == CHANCE else self.cverbs
        verbs = _(", ").join(self.verb_list())
        if other.match(toks, 0)[0]:  # a verb of the other actor: say so, as one whole sentence
            if self.actor != CHANCE:
                text = _("unknown verb {word!r} for a character (it is a chance verb: 'chance: ...'); expected one "
                         "of: {verbs}")
            else:
                text = _("unknown verb {word!r} for chance (it is a player's verb: '<character>: ...'); expected one "
                         "of: {verbs}")
            if sugg:
                text = (_("unknown verb {word!r} for a character (it is a chance verb: 'chance: ...'); did you mean "
                          "{suggestions}? expected one of: {verbs}") if self.actor != CHANCE else
                        _("unknown verb {word!r} for chance (it is a player's verb: '<character>: ...'); did you mean "
                          "{suggestions}? expected one of: {verbs}"))
        elif sugg:
            text = _("unknown verb {word!r}; did you mean {suggestions}? expected one of: {verbs}")
        else:
            text = _("unknown verb {word!r}; expected one of: {verbs}")
        return self.invalid(text.format(word=word, suggestions=_or([repr(s) for s in sugg[:3]]), verbs=verbs))

    def verb_list(self) -> tuple[str, ...]:
        """The verbs of this line's actor, in Chinese words when the reader's language is Chinese (繁體 for 繁體)."""
        from lifeboat.i18n import language

        words = verb_words(self.actor == CHANCE, language() != "en")
        if language() == "zh_Hant":
            from lifeboat.notation.chinese import traditional

            return tuple(traditional(w) for w in words)
        return words

    # -- resolving items

    def expansion_navs(self) -> str:
        """EXP-1: the expansions' navigation cards of this game, for a message (``", or nav-l11 to nav-l13"``)."""
        sets = self.state.ruleset.card_sets
        out = [_("{first} to {last}").format(first=ids[0], last=ids[-1]) for x in ("cannibalism", "liquid_courage")
               if x in sets for ids in [[k for k, v in self.state.cards.navigation.items() if v.expansion == x]] if ids]
        return "".join(_(", or {more}").format(more=x) for x in out)

    def expected(self, kinds: list[str]) -> str:
        kinds_ = set(kinds)
        parts = []
        if "char" in kinds:
            players = [p for p in self.state.players if _phrase(p) in self.players.phrases]  # public names
            names = _(", ").join(_shown_name(CHARACTER_NAMES[x]) for x in self.in_game)
            parts.append(_("a character ({names}, or 'me') or a player's name ({players})").format(
                names=names, players=_(", ").join(players)) if players
                else _("a character ({names}, or 'me')").format(names=names))
        if "chance" in kinds:
            parts.append(_("'chance' or 'recorder'"))
        if "face" in kinds or "card" in kinds:
            parts.append(_("a provision ({faces}) or an id like water-7").format(
                faces=_(", ").join(_shown_name(FACE_NAMES[f]) for f in _BASE_FACES)))
        if "nav" in kinds:
            parts.append(_("a navigation card number (19 to 42, e.g. 27 or nav-27{more})").format(
                more=self.expansion_navs()))
        if self.state.unaccounted and kinds_ & {"face", "card", "nav"}:  # a recorded game (REC-1)
            parts.append(_("'?' for a card nobody saw, or a placeholder such as ?p3 or ?n7"))
        if "kw" in kinds:
            parts.append(_("a keyword"))
        # TRANSLATORS: between alternatives of what a line may hold
        return _(" or ").join(parts)

    def unknown(self, item: _Item, what: str, kinds: list[str], extra: tuple[str, ...] = ()) -> InvalidCommand:
        what = _(_WHAT.get(what, what))
        char_names, face_names = _static()[5:7]
        pool: dict[str, str] = {}
        if "char" in kinds:
            pool.update({k: v for k, v in char_names.items()})
            pool.update({" ".join(k): " ".join(k) for k in self.players.phrases})
        if "face" in kinds or "card" in kinds:  # the faces of this game's sets only (EXP-1: no Firewater in a base game)
            sets = self.state.ruleset.card_sets
            shown = {FACE_NAMES[f] for f, v in self.state.cards.faces.items()
                     if v.expansion in sets or any(x in sets for x, _ in v.added)}
            pool.update({k: v for k, v in face_names.items() if v in shown})
        if "chance" in kinds:
            pool.update({a: "chance" for a in _CHANCE_ALIASES})
            pool.update({a: "recorder" for a in _RECORDER_ALIASES if a.isascii()})
        pool.update({w: w for w in extra})
        sugg: list[str] = []
        for s in difflib.get_close_matches(item.text, list(pool), n=6, cutoff=0.6):
            if _shown_name(pool[s]) not in sugg:
                sugg.append(_shown_name(pool[s]))
        exp = self.expected(kinds)
        if extra:
            exp = (exp + _(" or ") if exp else "") + _or([repr(w) for w in extra])
        if sugg:
            return self.invalid(_("unknown {what} {text!r}; did you mean {suggestions}? expected {expected}").format(
                what=what, text=item.text, suggestions=_or([repr(s) for s in sugg[:3]]), expected=exp))
        return self.invalid(_("unknown {what} {text!r}; expected {expected}").format(
            what=what, text=item.text, expected=exp))

    def unexpected(self, item: _Item, kinds: list[str]) -> InvalidCommand:
        if not item.meanings:
            return self.unknown(item, "word", kinds)
        verb = self.verb_item.text if self.verb_item else "the verb"
        return self.invalid(_("unexpected {text!r} after {verb!r}; expected {expected}").format(text=item.text, verb=verb, expected=self.expected(kinds)))

    def count_error(self, items: list[_Item], want: str, kinds: tuple[str, ...] = ("card",)) -> InvalidCommand:
        if not items:
            return self.invalid(_("missing argument: expected {want}").format(want=want))
        for it in items:
            if not it.meanings:
                raise self.unknown(it, "card" if kinds == ("card",) else "word", list(kinds))
        return self.invalid(_("expected {want}; got {value!r}").format(want=want, value=' '.join(it.text for it in items)))


def _shown_name(name: str) -> str:
    """A character's or a provision's notation name (``captain``, ``water``) as a refusal shows it: itself, or its
    name in the reader's Chinese (``船长``, ``水壶``; ``船長`` in 繁體), which the notation reads all the same."""
    from lifeboat.cards import CHARACTERS, FACES
    from lifeboat.i18n import data_name, language

    if language() == "en":
        return name
    character = next((k for k, v in CHARACTER_NAMES.items() if v == name), None)
    if character is not None:
        return data_name("character", CHARACTERS[character].en, CHARACTERS[character].zh)
    face = next((k for k, v in FACE_NAMES.items() if v == name), None)
    return name if face is None else data_name("card", FACES[face].en, FACES[face].zh)
