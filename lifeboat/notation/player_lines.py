"""A player's lines: one handler per verb (``captain: row``, ``kid: mug lauren hand``, ``lauren: water kid`` …)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from lifeboat import commands as c
from lifeboat.card_context import in_use
from lifeboat.cards import (
    UNKNOWN,
    is_unknown,
)
from lifeboat.errors import InvalidCommand
from lifeboat.notation.card_texts import _card_texts, _face_text, _nav_text
from lifeboat.notation.names import (
    _FACE_VERBS,
    _NO,
    _SIDES,
    _YES,
    CHARACTER_NAMES,
    FACE_NAMES,
)
from lifeboat.notation.host import ParserHost
from lifeboat.notation.tokens import _is_count, _is_placeholder, _Item, _Ref
from lifeboat.state import (
    AwaitAnswer,
    Fight,
    OverboardWindow,
    ProvisionsPick,
    RowPlace,
)
from lifeboat.i18n import _


class PlayerLines(ParserHost):
    """The handlers of players' verbs (a mixin of :class:`lifeboat.notation.parser.Parser`)."""

    # -- player handlers

    def turn_first(self, cmd: c.Command) -> None:
        """Raise the rules' refusal of ``cmd`` (as an InvalidCommand with the rule's id: the parser raises nothing
        else) when it is not the actor's turn for it, so a line typed out of turn gets a turn error rather than an
        error about the cards it names."""
        from lifeboat.decide import decide  # the parser never judges legality otherwise (docs/notation.md)
        from lifeboat.errors import IllegalCommand

        try:
            decide(self.state, cmd)
        except IllegalCommand as exc:
            raise InvalidCommand(exc.rule, exc.message, self.seat) from None
        except Exception:  # noqa: BLE001 - any other refusal is about the cards: the line is read as usual
            return

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
        try:
            card = self.allocate([self.ref(items[0])], pool, False, where="among the cards offered to you")[0]
        except InvalidCommand:
            if not pool:  # not this seat's pick: the turn is the problem, not the card it names (PROV-2)
                self.turn_first(c.KeepProvision(by=self.actor, card=step.offered[0] if isinstance(
                    step, ProvisionsPick) else UNKNOWN))
            raise
        return c.KeepProvision(by=self.actor, card=card)

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
            elif not drawn and it.kinds() == {"num"} and _is_count(int(str(it.only("num")[0]))):
                # "stack 1 bottom 1" says how many drawn cards went where: there are none to place now
                raise self.invalid(_("there are no rowed navigation cards to place now; 'stack 1 bottom 1' "
                                     "(how many went where) comes after a row and its draw"))
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
                raise self.invalid(_("'?' stands for a navigation card you drew unseen, and you have "
                                     "no drawn cards to place now; name the cards (e.g. 'stack 23 "
                                     "bottom 31')"))
            cards = self.unseen(cards, drawn, "?n", "among the cards you drew")
        for (part, _card), card in zip(entries, cards):
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
                        _("in which order do the other cards go under the deck? add 'bottom' and the "
                          "cards, first under first: {value}").format(value=', '.join(_nav_text(x) for x in rest)),
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
            raise self.invalid(_("missing argument: expected whom to mug, e.g. 'mug lauren hand' or "
                                 "'mug stephen oar'"))
        target = self.char(items[0], "character")
        rest = items[1:]
        if len(rest) > 1:
            raise self.invalid(_("unexpected {text!r}: mug takes a target and 'hand' or one face-up "
                                 "card").format(text=rest[1].text))
        face_up = self.state.char(target).face_up if self.state.has(target) else ()
        if rest:
            if rest[0].only("kw") == ["hand"]:
                return c.Mug(by=self.actor, target=target)
            if not rest[0].kinds() & {"card", "face"}:
                if self.is_unseen(rest[0]):
                    raise self.invalid(_("a face-up card is seen by everyone: name it (e.g. 'mug "
                                         "stephen oar'), or say 'hand' for a random hand card"))
                if rest[0].meanings:
                    raise self.unexpected(rest[0], ["card"])
                raise self.unknown(rest[0], "card", ["card"], ("hand",))
            ref = self.ref(rest[0])
            card = self.allocate([ref], face_up, False)[0]
            if self.as_seat:  # VIEW-FACE-1: a seat's card is the face the engine resolves; a typed instance too,
                # or a refusal would tell the seat which instance of a face is face up
                card = self.state.cards.look_of(card) if ref.card or card in face_up or ref.points is not None \
                    else ref.face
            return c.Mug(by=self.actor, target=target, card=card)
        if face_up:
            base = self.line.rstrip()
            # VIEW-FACE-1: a seat names another's face-up cards by their faces, as its views do
            names = [_face_text(x) for x in face_up] if self.as_seat else _card_texts(face_up, face_up, False)
            cands = [f"{base} hand"] + [f"{base} {n}" for n in dict.fromkeys(names)]
            raise self.ambiguous(
                _("{get} has face-up cards: say 'hand' for a random hand card or name the face-up card "
                  "({fromkeys})").format(get=CHARACTER_NAMES.get(target, target), fromkeys=', '.join(dict.fromkeys(names))),
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
        nothing_else = self.actor == "mrs_wong" and self.state.offer is None and not self.answer_to_me()
        if self.state.wong_share is not None or nothing_else:  # WONG-1, REF-25: Mrs. Wong declines to share
            # (with nothing else to decline, her line is about the Firewater: its refusal says so, not TRADE-1)
            self.no_more(self.clean(items), "decline")
            return c.ShareFirewater(by=self.actor, share=False)
        return self.answer(items, False, trade=self.trade_to_me() or not self.answer_to_me())

    def h_share(self, items: list[_Item]) -> c.Command:
        """WONG-1: ``wong: share`` (or ``share no``) the Firewater just drunk."""
        items = [it for it in self.clean(items) if it.only("face") != [("firewater", None)]]
        share = True
        if items:
            if items[0].text not in _YES + _NO:
                raise self.unknown(items[0], "word", [], ("yes", "no"))
            share = items[0].text in _YES
            self.no_more(items[1:], "share")
        return c.ShareFirewater(by=self.actor, share=share)

    def h_firewater(self, items: list[_Item]) -> c.Command:
        """LIQUID-1: ``kid: drink firewater`` (from hand)."""
        chars, cards = self.split_mixed(self.clean(items), ("card",))
        if chars:
            raise self.unexpected(chars[0], ["card"])
        return c.DrinkFirewater(by=self.actor, card=self.own_card(cards, "firewater", "drink"))

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
            cards = self.allocate([self.implied(f) for f in ask if f in in_use().faces and in_use().faces[f].count], hand, False)
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
                return c.JoinFight(by=self.actor, side=side)  # type: ignore[arg-type]  # _SIDES' keys are JoinFight's two sides
        if self.is_char(it) or it.only("char"):
            who = self.char(it)
            step = self.state.step
            if isinstance(step, Fight):
                if who in step.attackers:
                    return c.JoinFight(by=self.actor, side="attacker")
                if who in step.defenders:
                    return c.JoinFight(by=self.actor, side="defender")
            raise self.invalid(
                _("{get} is not fighting; say 'join attacker' or 'join defender'").format(get=CHARACTER_NAMES.get(who, who))
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
            raise self.invalid(_("unexpected {text!r}: {verb} uses one {face_names}").format(text=cards[1].text, verb=verb, face_names=FACE_NAMES[face]))
        if cards:
            ref = self.ref(cards[0])
            if not ref.face:
                raise self.unplayed(cards[0], face)
            if ref.face != face:
                raise self.invalid(_("{text!r} is not a {face_names}; {verb} uses a {face_names}").format(text=cards[0].text, face_names=FACE_NAMES[face], verb=verb))
            return self.allocate([ref], self.held(), False)[0]
        return self.allocate([self.implied(face)], self.held(), False)[0]

    def unplayed(self, item: _Item, face: str) -> InvalidCommand:
        return self.invalid(_("{text!r} is a card nobody has seen; a card played is shown: name it by "
                              "its face (e.g. {face_names!r})").format(text=item.text, face_names=FACE_NAMES[face]))

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
            raise self.invalid(_("unexpected {text!r}: {verb} takes one character").format(text=chars[1].text, verb=verb))
        if chars:
            return self.char(chars[0])
        who = default()
        if who is None:
            raise self.invalid(_("missing argument: {verb} whom? expected {expected}").format(verb=verb, expected=self.expected(['char'])))
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

    def h_drink(self, items: list[_Item]) -> c.Command:
        """``drink`` is Water on oneself, or Firewater when a Firewater is named (LIQUID-1)."""
        for it in self.clean(items):
            if self.is_card(it) and self.ref(it).face == "firewater":
                return self.h_firewater(items)
        return self.h_water(items)

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
                raise self.invalid(_("unexpected {text!r}: a trade is offered to one character").format(text=it.text))
            ref = self.ref(cards[0])
            if it in ask_part:
                if not ref.face:
                    raise self.invalid(_("a trade asks for faces (e.g. 'for oar'), not {text!r}").format(text=it.text))
                ask.append(ref.face)
            else:
                give.append(ref)
        if to is None:
            raise self.invalid(_("missing argument: offer to whom? e.g. 'offer kid water for oar'"))
        # REC-3: a card given face down may be any card of the hand, a known one too: '?' stays '?' when no
        # placeholder is left for it (the engine makes the hand's known cards unseen once the trade is done)
        given = self.allocate(give, self.hand(), False, where="in your hand", blind=self.state.ruleset.deduces)
        return c.OfferTrade(by=self.actor, to=to, give=tuple(given), ask=tuple(ask))

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

    def h_sharks(self, items: list[_Item]) -> c.Command:
        """GHOST-1: ``kid: call sharks`` (a ghost, shark variant)."""
        self.no_more(self.clean(items), "call sharks")
        return c.CallSharks(by=self.actor)

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
                    raise self.invalid(_("{text!r} is a card nobody has seen; a card played is shown: "
                                         "name it by its face, e.g. 'use water on kid'").format(text=it.text))
                verb = _FACE_VERBS.get(face)
                if verb is None:
                    raise self.invalid(
                        _("{face_names} is not used by itself; expected one of: {value} (or 'reveal "
                          "{face_names}')").format(face_names=FACE_NAMES[face], value=', '.join(FACE_NAMES[f] for f in _FACE_VERBS))
                    )
                if verb == "compass":
                    return self.h_compass(items[:i] + items[i + 1 :])
                handler: Callable[[list[_Item]], c.Command] = getattr(self, f"h_{verb}")
                return handler(items)
        if items:
            raise self.unexpected(items[0], ["card"])
        raise self.invalid(_("missing argument: use what? e.g. 'use medical kit on kid' or 'use "
                             "compass'"))
