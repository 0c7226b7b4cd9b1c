"""The parser: a line of notation read against a state into a command; the handlers of each verb are in
:mod:`~lifeboat.notation.player_lines` and :mod:`~lifeboat.notation.recorded`, its messages in
:mod:`~lifeboat.notation.suggestions`."""

from __future__ import annotations

import re
from collections.abc import Callable

from lifeboat import commands as c
from lifeboat.cards import BASE_CHARACTERS, CHARACTERS, UNKNOWN
from lifeboat.card_context import in_use, using
from lifeboat.errors import AmbiguousCommand, InvalidCommand
from lifeboat.notation.names import (
    _CHANCE_ALIASES,
    _INST_RE,
    _INSTANCES,
    _NAV_RE,
    _QUAL_RE,
    _RECORDER_ALIASES,
    _RESERVED,
    _VALUES,
    CHANCE,
    CHARACTER_NAMES,
    FACE_NAMES,
    RECORDER,
    RULE,
    _face_keys,
    _multi,
    _num,
    _player_vocab,
    _points,
    _prefix_table,
    _safe_face,
    _static,
)
from lifeboat.notation.player_lines import PlayerLines
from lifeboat.notation.recorded import RecordedLines
from lifeboat.notation.suggestions import Suggestions, _or
from lifeboat.notation.tokens import (
    _PH_RE,
    _PLACEHOLDERS,
    Meaning,
    _is_count,
    _is_placeholder,
    _Item,
    _norm,
    _raw_tokens,
    _Ref,
    _segment,
    _Tok,
)
from lifeboat.state import (
    State,
)
from lifeboat.i18n import _


MAX_WORD = 60
"""The longest word a line may hold, in characters: a player name is at most 40 (SETUP-1), a card id or a name
of the notation far shorter."""


class Parser(Suggestions, PlayerLines, RecordedLines):
    """One line being parsed against ``state``; :meth:`run` returns the command."""

    def __init__(self, text: str, state: State, actor: str | None, as_seat: bool = False) -> None:
        self.state = state
        self.as_seat = as_seat  # a seat's own line: a mug's face stays a face (VIEW-FACE-1, see parse)
        self.line = _norm(text).strip().replace("\n", " ")
        self.default_actor = actor
        self.actor: str = CHANCE
        self.seat: str | None = None
        self.in_game = tuple(ch.character for ch in state.characters) or BASE_CHARACTERS
        self.args, self.pverbs, self.cverbs = _static()[:3]
        self.rverbs = _static()[7]
        self.players, self.cjk, self.cjk_longest = _player_vocab(state)
        self.prefixes = _prefix_table(tuple(sorted(set(self.in_game))))  # one table per set of characters
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

    def check_text(self) -> None:
        """A line that is not text (a binary file fed to ``record``) or holds a word longer than any name is
        refused without echoing it: the refusal of each such line used to quote it whole (2,000 characters)."""
        bad = next((ch for ch in self.line if (ch < " " and ch not in "\t\r") or "\x7f" <= ch <= "\x9f"
                    or "\ud800" <= ch <= "\udfff"), None)
        if bad is not None:
            raise self.invalid(_("the line holds {bad!r}, a control character or a byte that is not "
                                 "text; a line of notation is plain text (is this the right file?)").format(bad=bad))
        longest = max(self.line.split(), key=len)
        if len(longest) > MAX_WORD:
            raise self.invalid(_("a word of {n_longest} characters ({longest!r}…); no word or name of "
                                 "the notation is longer than {max_word}").format(n_longest=len(longest), longest=longest[:20], max_word=MAX_WORD))

    # -- tokens

    def tokens(self, start: int, end: int) -> list[_Tok]:
        out: list[_Tok] = []
        for t in _raw_tokens(self.line, start, end):
            out += _segment(t, self.cjk, self.cjk_longest)
        return out

    def items(self, toks: list[_Tok]) -> list[_Item]:
        """The items of ``toks``: each token or phrase with what it may mean, then painting values and counts of
        unseen cards folded in (:meth:`fold`)."""
        out: list[_Item] = []
        i = 0
        while i < len(toks):
            item, n = self.item_at(toks, i)
            out.append(item)
            i += n
        return self.fold(out)

    def item_at(self, toks: list[_Tok], i: int) -> tuple[_Item, int]:  # noqa: C901 - one branch per form
        """The item starting at token ``i`` and how many tokens it takes."""
        t = toks[i]
        if t.text == UNKNOWN:
            return _Item(t.text, t.start, t.end, [("unknown", None)]), 1
        ph = _PH_RE.match(t.text)
        if ph:
            kind, num = ph.group(1), int(ph.group(2))
            if not 1 <= num <= _PLACEHOLDERS[kind]:
                what = "provision" if kind == "p" else "navigation"
                raise self.invalid(_("there is no placeholder {text}: {what} placeholders are ?{kind}1 "
                                     "to ?{kind}{placeholders}").format(text=t.text, what=what, kind=kind, placeholders=_PLACEHOLDERS[kind]))
            return _Item(t.text, t.start, t.end, [("card" if kind == "p" else "nav", t.text)]), 1
        n, ms = self.args.match(toks, i)
        if n:
            return _Item(" ".join(x.text for x in toks[i : i + n]), t.start, toks[i + n - 1].end, list(ms)), n
        if t.text in (";", "="):
            return _Item(t.text, t.start, t.end, [("sep" if t.text == ";" else "eq", t.text)]), 1
        q = _QUAL_RE.match(t.text)
        if q:
            return _Item(t.text, t.start, t.end, [("qual", int(q.group(1)))]), 1
        if t.text.isdigit():
            return _Item(t.text, t.start, t.end, [("num", int(t.text))]), 1
        if t.text == "nav" and i + 1 < len(toks) and re.fullmatch(r"[cl]?\d+", toks[i + 1].text):
            nxt = toks[i + 1]
            return _Item(f"nav {nxt.text}", t.start, nxt.end, [("nav", f"nav-{nxt.text}")]), 2
        m = _NAV_RE.match(t.text)
        if m:
            return _Item(t.text, t.start, t.end, [("nav", f"nav-{m.group(1)}{int(m.group(2))}")]), 1
        m = _INST_RE.match(t.text)
        if m and re.sub(r"[-_ ]", "", m.group(1)) in _face_keys():
            face = _face_keys()[re.sub(r"[-_ ]", "", m.group(1))]
            num = int(m.group(2))
            if not 1 <= num <= in_use().faces[face].total:
                raise self.invalid(
                    _("there is no card {face}-{num}: {face_names} cards are {face}-1 to {face}-{total}").format(face=face, num=num, face_names=FACE_NAMES[face], total=in_use().faces[face].total)
                )
            return _Item(t.text, t.start, t.end, [("card", f"{face}-{num}")]), 1
        pn, pms = self.players.match(toks, i)
        if pn:
            return _Item(" ".join(x.text for x in toks[i : i + pn]), t.start, toks[i + pn - 1].end, pms), pn
        pk, pmeans = self.prefix(toks, i)
        if pk:
            return _Item(" ".join(x.text for x in toks[i : i + pk]), t.start, toks[i + pk - 1].end, pmeans), pk
        return _Item(t.text, t.start, t.end, []), 1

    def fold(self, out: list[_Item]) -> list[_Item]:
        """Fold a painting's value into its face and a count before ``?`` into that many unseen cards."""
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
                face = prev.faces()
                value = (it.only("qual") or it.only("num"))[0]
                if len(face) == 1 and _multi(face[0][0]) and ("qual" in it.kinds() or value in _VALUES[face[0][0]]):
                    prev.meanings = [("face", (face[0][0], value))]
                    prev.text, prev.end = f"{prev.text} {it.text}", it.end
                    continue
                if "qual" in it.kinds():
                    raise self.invalid(_("only a painting takes a value in parentheses, not {text!r}").format(text=prev.text))
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
            raise self.invalid(_("empty line; expected '<actor>: <verb> ...', e.g. 'captain: row'"))
        self.check_text()
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
                _("no actor in {line!r}; expected '<actor>: <verb> ...', e.g. 'captain: row' or "
                  "'chance: nav 27'").format(line=self.line)
            )
        if self.default_actor not in (CHANCE, RECORDER) and self.default_actor not in CHARACTERS:
            raise self.invalid(_("unknown default actor {actor!r}; expected a character id, 'chance' or 'recorder'")
                               .format(actor=self.default_actor))
        self.actor = self.default_actor
        return 0

    def resolve_actor(self, text: str, start: int) -> str:
        toks = self.tokens(start, start + len(text))
        if not toks:
            if self.default_actor is not None:
                return self.default_actor
            raise self.invalid(_("nothing before ':'; expected a character or 'chance', e.g. 'captain: row'"))
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
                    _("{text!r} could be {value}").format(text=items[0].text, value=_or([CHARACTER_NAMES[str(x)] for x in chars])),
                    [self.replace(items[0], CHARACTER_NAMES[str(x)]) for x in chars],
                )
        item = _Item(joined, toks[0].start, toks[-1].end, [])
        raise self.unknown(item, "actor", ["char", "chance"])

    def seat_of(self, actor: str) -> str | None:
        if actor not in (CHANCE, RECORDER) and self.state.has(actor):
            return self.state.char(actor).player
        return None

    def char(self, item: _Item, what: str = "character") -> str:
        if item.kinds() & {"kw"} and item.only("kw") == ["me"]:
            if self.actor in (CHANCE, RECORDER):
                raise self.invalid(_("'me' means the actor; {actor} is not a character").format(actor=self.actor))
            return self.actor
        chars = [str(x) for x in item.only("char")]
        if len(chars) == 1:
            return chars[0]
        if len(chars) > 1:
            raise self.ambiguous(
                _("{text!r} could be {value}").format(text=item.text, value=_or([CHARACTER_NAMES[x] for x in chars])),
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
            return _Ref(item, in_use().face_of(cards[0]), card=cards[0])
        faces = item.faces()
        if len(faces) == 1:
            face, points = faces[0]
            return _Ref(item, face, points)
        if len(faces) > 1:
            names = [FACE_NAMES[f[0]] for f in faces]
            raise self.ambiguous(_("{text!r} could be {names}").format(text=item.text, names=_or(names)), [self.replace(item, n) for n in names])
        raise self.unknown(item, what, ["card"])

    def nav(self, item: _Item) -> str:
        navs = item.only("nav") or [f"nav-{x}" for x in item.only("num")]
        if navs:
            card = str(navs[0])
            if _is_placeholder(card):
                return card
            if card not in in_use().navigation and item.only("num"):  # EXP-1: "11" is nav-l11 with Liquid Courage
                sets = self.state.ruleset.card_sets
                card = next((x for x in (f"nav-c{card[4:]}", f"nav-l{card[4:]}") if x in in_use().navigation
                             and in_use().navigation[x].expansion in sets), card)
            if card not in in_use().navigation:
                raise self.invalid(_("there is no navigation card {text!r}; expected a number from 19 "
                                     "to 42{expansion_navs}").format(text=item.text, expansion_navs=self.expansion_navs()))
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
                opts += [FACE_NAMES[f[0]] for f in it.faces()]
                raise self.ambiguous(_("{text!r} could be {opts}").format(text=it.text, opts=_or(opts)), [self.replace(it, o) for o in opts])
            else:
                raise self.unexpected(it, list(kinds))
        return chars, cards

    def no_more(self, items: list[_Item], after: str) -> None:
        if items:
            it = items[0]
            after = after if self.verb_item is None else self.verb_item.text  # as typed: '划' in '划般', not 'row'
            if not it.meanings:
                raise self.invalid(_("unexpected {text!r} after {after!r}: nothing more is expected").format(text=it.text, after=after))
            raise self.invalid(_("unexpected {text!r}: {after!r} takes nothing more").format(text=it.text, after=after))

    # -- cards

    def allocate(self, refs: list[_Ref], pool: tuple[str, ...], hidden: bool, taken: set[str] | None = None,
                 where: str = "here", blind: bool = False) -> list[str]:
        """Instances for ``refs`` (see the module docstring). ``hidden`` pools (chance) never show in messages.

        Recorded games (REC-1): a face missing from ``pool`` names the lowest-numbered instance among the cards not
        yet accounted for (the engine identifies a placeholder of ``pool`` as that card). ``?`` stays ``?`` in a
        chance line; in a player's line it names the first placeholder of ``pool`` that the line does not name
        otherwise and that no real card named in the line will be identified as (``where`` words the error; ``blind``:
        a ``?`` beyond them stays ``?``, any card of ``pool``, REC-3)."""
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
            if in_use().faces[face].count == 0:
                raise self.invalid(_("{face_names} is not a card of this game").format(face_names=FACE_NAMES[face]))
            if pts is not None and pts not in _VALUES[face]:
                raise self.invalid(
                    _("no {face_names} is worth {pts}; they are worth {value}").format(face_names=FACE_NAMES[face], pts=pts, value=_or([str(v) for v in _VALUES[face]]))
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
                        _("which {name}? say its value: {value}").format(name=name, value=_or([f'{name}({v})' for v in values])),
                        [self.replace(r.item, f"{name}({v})") for v in values],
                    )
            if not avail:
                avail = [x for x in _INSTANCES[face] if fits(x)]
                if not avail:
                    raise self.invalid(_("too many {face_names} cards named: there are {count}").format(face_names=FACE_NAMES[face], count=in_use().faces[face].count))
            out.append(avail[0])
            taken.add(avail[0])
        if self.actor != CHANCE and UNKNOWN in out:
            return self.unseen(out, pool, "?p", where, blind)
        return out

    def held(self) -> tuple[str, ...]:
        if self.actor == CHANCE or not self.state.has(self.actor):
            return ()
        ch = self.state.char(self.actor)
        return ch.hand + ch.face_up

    def hand(self) -> tuple[str, ...]:
        if self.actor == CHANCE or not self.state.has(self.actor):
            return ()
        return self.state.char(self.actor).hand

    def refs(self, items: list[_Item]) -> list[_Ref]:
        return [self.card_ref(it) for it in items]

    def card_ref(self, it: _Item) -> _Ref:
        if not it.kinds() & {"card", "face", "unknown"}:
            raise self.unexpected(it, ["card"])
        return self.ref(it)


def parse(text: str, state: State, actor: str | None = None, *, as_seat: bool = False) -> c.Command:
    """Parse one line of notation into a :data:`lifeboat.commands.Command`, reading names against ``state``.

    ``text`` is ``"<actor>: <verb> <args>"`` (grammar in ``docs/notation.md``); case, spacing, commas, full-width
    punctuation and Chinese names are forgiven (``?`` is never punctuation: it is a card nobody saw). ``actor`` (a
    character id, ``"chance"`` or ``"recorder"``) is used when the line names none. The parser never judges legality: pass the result to :func:`lifeboat.apply` / ``decide``.

    ``as_seat``: the line is typed by the seat it names (the hotseat, a served game), which tells no Water from
    another at the table (VIEW-FACE-1): a mug naming another character's face-up card by its face keeps the face,
    as its views write it (``Mug(card="water")``, ``"painting(3)"``), and the engine takes the target's first
    face-up card of that face (MUG-1); an instance id typed there reads as its face too (a refusal would tell
    the seat which instance is face up). Without it (the recorder of a recorded game, REC-1, and the default) the
    face names the lowest-numbered instance, as for every other command.

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
    with using(state.cards):  # CARD-3: the game's own card counts and values
        return Parser(text, state, actor, as_seat).run()

