"""Chance and the recorder: ``chance: draw ? ?``, ``chance: deal …``, ``recorder: ?p3 is water``; ``?`` and
placeholders in recorded games (REC-1)."""

from __future__ import annotations

import difflib

from lifeboat import commands as c
from lifeboat.cards import (
    UNKNOWN,
    is_unknown,
)
from lifeboat.legal import chance_request
from lifeboat.notation.names import _ALL_PROVISIONS, CHARACTER_NAMES
from lifeboat.notation.host import ParserHost
from lifeboat.notation.tokens import (
    _is_placeholder,
    _Item,
    _norm,
    _raw_tokens,
    _Ref,
    _Tok,
)
from lifeboat.state import (
    MugDraw,
)
from lifeboat.i18n import _


class RecordedLines(ParserHost):
    """The handlers of chance and recorder lines (a mixin of :class:`lifeboat.notation.parser.Parser`)."""

    def unseen(self, cards: list[str], pool: tuple[str, ...], prefix: str, where: str,
               blind: bool = False) -> list[str]:
        """Each ``?`` of ``cards`` (a player's line) as a placeholder of ``pool``: the first ones are left for the real
        cards of the line that are not in ``pool`` (the engine identifies the first placeholders as them, REC-1).
        ``blind`` (REC-3, a card given face down): a ``?`` for which no placeholder is left stays ``?``, any card of
        ``pool`` the line does not name, known ones included; the engine says which may have gone once it moves."""
        holders = [x for x in pool if x.startswith(prefix)]
        binds = len([x for x in cards if x != UNKNOWN and not is_unknown(x) and x not in pool]) if holders else 0
        free = [x for x in holders[binds:] if x not in cards]
        wanted = cards.count(UNKNOWN)
        if blind and wanted > len(free):
            if len(cards) > len(pool):
                raise self.invalid(_("{n} cards given, but only {held} in the hand").format(n=len(cards),
                                                                                            held=len(pool)))
            return [(free.pop(0) if free else UNKNOWN) if x == UNKNOWN else x for x in cards]
        if wanted > len(free):
            left = "is none" if not free else "is only 1" if len(free) == 1 else f"are only {len(free)}"
            raise self.invalid(
                _("'?' stands for a card nobody has seen ({wanted} named), but there {left} left "
                  "unnamed {where}; name the card (e.g. '{value}') or its placeholder (e.g. "
                  "'{prefix}3')").format(wanted=wanted, left=left, where=where, value='water' if prefix == '?p' else '27', prefix=prefix)
            )
        return [free.pop(0) if x == UNKNOWN else x for x in cards]

    # -- chance handlers

    def h_draw(self, items: list[_Item]) -> c.Command:
        items = [it for it in self.clean(items) if it.only("kw") != ["none"]]
        navs = [it for it in items if self.is_nav(it)]
        unseen = [it for it in items if self.is_unseen(it)]
        if navs and len(navs) + len(unseen) == len(items):
            return self.h_nav(items)
        if navs:
            raise self.invalid(_("navigation and provision cards are never drawn together; one draw "
                                 "per line"))
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
                    if sugg:
                        raise self.invalid(_("unknown player {name!r}; did you mean {player!r}? expected one of: "
                                             "{players}").format(name=name, player=players[names.index(sugg[0])],
                                                                 players=", ".join(players)))
                    raise self.invalid(_("unknown player {name!r}; expected one of: {players}").format(
                        name=name, players=", ".join(players)))
                player = names.index(name)
                if any(p == player for p, _ in parts):
                    raise self.invalid(_("{players} is dealt twice").format(players=players[player]))
                s = eq + 1
            items = self.clean(self.items(self.tokens(s, e)))
            if items and items[0].only("kw") == ["removed"]:
                for it in items[1:]:
                    if it.only("kw") != ["none"]:
                        refs.append(self.card_ref(it))
                        slots.append(("removed", n_removed))
                        n_removed += 1
                continue
            who, love, hate, card = self.deal_part(items, form)
            parts.append((player, (who, love, hate)))
            refs.append(card)
            slots.append(("part", len(parts) - 1))
        if len(parts) != n:
            raise self.invalid(_("deal one part per player ({n}: {players}), got {n_parts}; expected "
                                 "{form}, parts separated by ';'").format(n=n, players=', '.join(players), n_parts=len(parts), form=form))
        named = {p for p, _ in parts if p is not None}
        free = iter(i for i in range(n) if i not in named)
        player_of = [p if p is not None else next(free) for p, _ in parts]
        cards = self.allocate(refs, _ALL_PROVISIONS, True)
        chars, love_t, hate_t, prov = [""] * n, [""] * n, [""] * n, [""] * n
        removed = [""] * n_removed
        for k, (_player, (who_, love_, hate_)) in enumerate(parts):
            chars[player_of[k]], love_t[player_of[k]], hate_t[player_of[k]] = who_, love_, hate_
        for (kind, k), card_id in zip(slots, cards):
            if kind == "removed":
                removed[k] = card_id
            else:
                prov[player_of[k]] = card_id
        return c.DealSetup(characters=tuple(chars), love=tuple(love_t), hate=tuple(hate_t), provisions=tuple(prov),
                           removed=tuple(removed))

    # -- recorder (recorded games, REC-1)


    def deal_part(self, items: list[_Item], form: str) -> tuple[str, str, str, _Ref]:
        """One player's part of a deal: ``<character> love <character> hate <character> <provision>``."""
        who = love = hate = None
        card: _Ref | None = None
        i = 0
        while i < len(items):
            it = items[i]
            kw = it.only("kw")
            if kw in (["love"], ["hate"]):
                if i + 1 >= len(items):
                    raise self.invalid(_("missing character after {text!r}; expected {form}").format(text=it.text, form=form))
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
            raise self.invalid(_("a deal part lacks {missing}; expected {form}, parts separated by ';'").format(missing=', '.join(missing), form=form))
        return who, love, hate, card

    def h_recorder(self, toks: list[_Tok]) -> c.Command:
        """``?p3 is water``, ``identify ?n7 27`` (Identify); ``kid love captain hate lauren`` (IdentifyLoveHate)."""
        n, ms = self.rverbs.match(toks, 0)
        if n:
            self.verb_item = _Item(" ".join(t.text for t in toks[:n]), toks[0].start, toks[n - 1].end, list(ms))
        items = [it for it in self.clean(self.items(toks[n:])) if not it.kinds() & {"is", "eq"}]
        form = "'?p3 is water', '?n7 is 27' or 'kid love captain hate lauren'"
        if not items:
            raise self.invalid(_("nothing to record; expected {form}").format(form=form))
        if n or any(self.placeholder(it) for it in items):
            return self.identify(items, form)
        if "char" in items[0].kinds() or items[0].only("kw") == ["me"]:
            return self.love_hate(items, form)
        if self.is_unseen(items[0]):
            raise self.invalid(_("the recorder names what was seen: a placeholder and its card; "
                                 "expected {form}").format(form=form))
        if not items[0].meanings:
            raise self.unknown(items[0], "word", ["char"], ("?p3", "?n7", "identify"))
        raise self.invalid(_("unexpected {text!r}; expected {form}").format(text=items[0].text, form=form))

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
                raise self.invalid(_("which placeholder? expected a placeholder and the card it is, "
                                     "e.g. 'identify ?p3 water'; got {got!r}").format(got=got))
            raise self.invalid(_("one placeholder and the card it is, per line: expected {form}; got "
                                 "{got!r}").format(form=form, got=got))
        ph = str(self.placeholder(holders[0]))
        other = items[1] if holders[0] is items[0] else items[0]
        if self.is_unseen(other):
            raise self.invalid(_("{ph} is unseen already; name the card it is, e.g. '{ph} is {value}'").format(ph=ph, value='water' if ph.startswith('?p') else '27'))
        if ph.startswith("?n"):
            if not self.is_nav(other):
                if not other.meanings:
                    raise self.unknown(other, "navigation card", ["nav"])
                raise self.invalid(_("{ph} is a navigation card: name it by its number (19 to 42), "
                                     "e.g. '{ph} is 27'; got {text!r}").format(ph=ph, text=other.text))
            return c.Identify(placeholder=ph, card=self.nav(other))
        if not other.kinds() & {"card", "face"}:
            if not other.meanings:
                raise self.unknown(other, "card", ["card"])
            raise self.invalid(_("{ph} is a provision: name its face, e.g. '{ph} is water' or '{ph} is "
                                 "water-5'; got {text!r}").format(ph=ph, text=other.text))
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
                raise self.invalid(_("unexpected {text!r}; expected {form}").format(text=items[i].text, form=form))
            field_ = str(kw[0])
            if field_ in found:
                raise self.invalid(_("{field_} is named twice").format(field_=field_))
            if i + 1 >= len(items):
                raise self.invalid(_("missing character after {text!r}; expected {form}").format(text=items[i].text, form=form))
            if self.is_unseen(items[i + 1]):
                raise self.invalid(_("the recorder names a {upper} card once it is shown; '?' is not a "
                                     "character").format(upper=field_.upper()))
            found[field_] = self.char(items[i + 1])
            i += 2
        missing = [f for f in ("love", "hate") if f not in found]
        if missing:
            raise self.invalid(_("missing {missing}: the recorder names both cards, e.g. '{get} love "
                                 "captain hate lauren'").format(missing=' and '.join(missing), get=CHARACTER_NAMES.get(who, who)))
        return c.IdentifyLoveHate(character=who, love=found["love"], hate=found["hate"])
