"""The :class:`Observer`: follows a game's event log and builds every audience's views of the table and the log.

It folds the events with :func:`lifeboat.evolve.evolve` (so it knows the table at each event), records for each
event what is needed to show it later (the round; who knows each card a ``knowers`` field moves) and, for each
seat, the events in which that seat saw something the table did not (its memory). Views are built on demand, so
feeding a game event by event and asking for views after every command costs time in proportion to the new events.
"""

from __future__ import annotations

from lifeboat.i18n import _, language

from collections.abc import Iterable
from typing import Any, NamedTuple

import msgspec

from lifeboat import events as e
from lifeboat.evolve import evolve
from lifeboat.legal import legal_commands, waiting_for
from lifeboat.scoring import scores, winners
from lifeboat.state import NavigatorChoice, State
from lifeboat.views import text as tx
from lifeboat.views.fight import fight_text, fight_view
from lifeboat.views.score_notes import score_notes
from lifeboat.views.audience import (
    CHARACTER_RULES, EVENT_RULES, OFFER_RULES, STATE_RULES, STEP_RULES, Audience, Knowers, redact, secret_fields,
    sees,
)
from lifeboat.views.faces import (
    EVENT_CARDS, STEP_CARDS, for_seat, held_by, mask_commands, mask_common, mask_fields,
)
from lifeboat.views.structs import (
    CharacterView, EventView, Memory, OfferView, PublicView, RefereeView, Reveal, SeatView, SecretsView, StepView,
)

_PUBLIC = Audience("public")


def _tag(obj: Any) -> str:
    return type(obj).__struct_config__.tag  # type: ignore[no-any-return]  # msgspec: our tags are str


class _Entry(NamedTuple):
    event: e.Event
    round: int
    knowers: dict[str, Knowers] | None
    batch: int = 0  # which call of Observer.record brought it (a commit, when fed commit by commit)


def _seen(seat: dict[str, Any], public: dict[str, Any]) -> tuple[str, ...]:
    """The values in ``seat`` that are hidden (``None``) in ``public``, flattened."""
    out: list[str] = []
    for field, value in seat.items():
        pub = public[field]
        if isinstance(value, tuple):
            out += [str(v) for v, p in zip(value, pub) if v is not None and p is None]
        elif value is not None and pub is None:
            out.append(str(value))
    return tuple(out)


class Observer:
    """Incremental views of one game.

    ``Observer(initial)`` starts from the state before setup (``lifeboat.new_game(...)``); :meth:`record` feeds it
    events in log order; :meth:`public_view`, :meth:`seat_view`, :meth:`referee_view` and :meth:`log` then give the
    views of the table and of the log so far. ``state`` is the table the events lead to.

    Raises:
        InconsistentHistory: from :meth:`record`, an event cannot follow the state (as :func:`lifeboat.evolve`).
    """

    def __init__(self, initial: State, *, remember: tuple[str, ...] | None = None, faces: bool = True) -> None:
        """``remember``: the seats whose memory to keep (``None``: every seat; ``()``: none, for a public or
        referee replay that must not grow with the game). ``faces=False`` names every card by its instance, as
        views did before VIEW-FACE-1: only to check a receipt made then (``audit``), never to show a view."""
        self._state: State = initial
        self._remember_for = remember
        self._faces = faces
        self._entries: list[_Entry] = []
        self._forgotten = 0  # entries before this index were dropped by forget(); seqs keep counting
        self._stack_knowers: dict[str, frozenset[str]] = {}
        self._memory: dict[str, list[Memory]] = {}
        self._memory_shown: dict[str, tuple[frozenset[str], tuple[Memory, ...]]] = {}  # VIEW-FACE-1, see memory()
        self._ended = False
        self._common_cache: tuple[tuple[int, str], dict[str, Any]] | None = None  # (events, language)
        self._faced_cache: tuple[tuple[int, str], dict[str, Any]] | None = None
        self._held_cache: tuple[int, dict[str | None, frozenset[str]]] = (-1, {})
        self._batch = 0

    @classmethod
    def from_log(cls, state: State, events: Iterable[e.Event]) -> Observer:
        """An observer fed the whole log ``events`` of the game whose current table is ``state``.

        The log must start at setup (its first event ``CharactersDealt``), for a game of ``state.players`` and
        ``state.ruleset``.

        Raises:
            InconsistentHistory: an event cannot follow the one before (a corrupt log).
            ValueError: the events do not lead to ``state`` (a state and a log of different games or moments).
        """
        obs = cls(State(ruleset=state.ruleset, players=state.players))
        obs.record(events)
        if obs.state != state:
            raise ValueError("the events do not lead to this state: pass the whole log of this game, from setup")
        return obs

    def __len__(self) -> int:
        """The number of events recorded (the ``seq`` of the next one)."""
        return self._forgotten + len(self._entries)

    @property
    def state(self) -> State:
        """The table the recorded events lead to."""
        return self._state

    def remember_only(self, seats: tuple[str, ...]) -> None:
        """From now on keep the memory of ``seats`` only (``()``: none); what was remembered stays."""
        self._remember_for = seats

    def forget(self) -> None:
        """Drop the events recorded so far from the log (views of the table and each seat's memory are kept), so
        a long replay does not grow with the game: :meth:`log` then starts at ``len(self)``."""
        self._forgotten += len(self._entries)
        self._entries.clear()

    @property
    def ended(self) -> bool:
        """True once ``GameEnded`` was recorded (END-2)."""
        return self._ended

    # ---- feeding ----

    def record(self, events: Iterable[e.Event]) -> None:
        """Apply ``events`` (in log order) and remember what each audience saw of them.

        Raises:
            InconsistentHistory: an event cannot follow the state; the events before it stay recorded.
        """
        self._batch += 1
        for ev in events:
            before = self.state
            knowers: dict[str, Knowers] | None = None
            if isinstance(ev, e.CardsToBottom):  # knowers: in play -> everyone; row stack -> who put it there
                knowers = {"cards": tuple(
                    None if c in before.in_play else self._stack_knowers.get(c, frozenset()) for c in ev.cards
                )}
            after = evolve(before, ev)
            self._state = after
            seq = len(self)
            self._entries.append(_Entry(ev, after.round, knowers, self._batch))
            self._track(ev, after)
            self._remember(seq, ev, knowers)
            if isinstance(ev, e.GameEnded):
                self._ended = True

    def _track(self, ev: e.Event, after: State) -> None:
        """Who knows each row-stack card (ROW-1, NAV-1, NAV-2)."""
        k = self._stack_knowers
        if isinstance(ev, e.RowedCardsPlaced):
            for c in ev.to_stack:
                k[c] = frozenset({ev.character})
        elif isinstance(ev, e.NavigationDrawn) and ev.purpose in ("compass", "navigator") and ev.character:
            for c in ev.cards:
                k[c] = frozenset({ev.character})
        elif isinstance(ev, e.NavigationCardChosen):
            for c in (ev.card, *ev.to_bottom):
                k.pop(c, None)
        elif isinstance(ev, e.CardsToBottom):
            for c in ev.cards:
                k.pop(c, None)
        step = after.step
        if isinstance(step, NavigatorChoice):  # NAV-1: the navigator secretly looks at the row stack
            for c in after.row_stack:
                k[c] = k.get(c, frozenset()) | {step.navigator}

    def _remember(self, seq: int, ev: e.Event, knowers: dict[str, Knowers] | None) -> None:
        rules = EVENT_RULES[_tag(ev)]
        if not secret_fields(rules) or self._ended:
            return
        public, _ = redact(ev, rules, _PUBLIC, knowers)
        for ch in self.state.characters:
            if self._remember_for is not None and ch.character not in self._remember_for:
                continue
            seat, _ = redact(ev, rules, Audience("seat", ch.character), knowers)
            seen = _seen(seat, public)
            if seen:
                v = self._event_view(seq, Audience("seat", ch.character))
                self._memory.setdefault(ch.character, []).append(
                    Memory(seq=seq, round=v.round, type=v.type, seen=seen, text=v.text))

    # ---- audiences ----

    def _audience(self, kind: str, character: str | None = None) -> Audience:
        return Audience(kind, character, self._ended)  # type: ignore[arg-type]  # kind is one of Kind's literals: the callers pass them

    def _seat_audience(self, character: str) -> Audience:
        self.state.char(character)  # KeyError for a character not in the game
        return self._audience("seat", character)

    # ---- the log ----

    def _event_view(self, seq: int, aud: Audience, keep: frozenset[str] | None = None) -> EventView:
        """Event ``seq`` as ``aud`` sees it; with ``keep`` (the provision instances ``aud`` holds now), every other
        provision instance in its data named by its face (VIEW-FACE-1)."""
        entry = self._entries[seq - self._forgotten]
        ev = entry.event
        data, hidden = redact(ev, EVENT_RULES[_tag(ev)], aud, entry.knowers)
        kind = _tag(ev)
        if isinstance(ev, e.CardIdentified) and hidden and self._shown_next(seq, ev.card, aud):
            data, hidden = {**data, "card": ev.card}, ()
        me = aud.character if aud.kind == "seat" else None
        with tx.using(self.state.cards):  # CARD-3: a Painting's points as this game prints them
            text = tx.event_text(kind, data, me)
        if isinstance(ev, e.NavigationCardRevealed) and self._turned_before(seq, ev.card):
            text = _("It is the navigation card of the round.")  # the line before named it (NAV-3): not twice
        if keep is not None and not aud.omniscient and self._faces:  # VIEW-FACE-1: after the text, which names cards by faces
            data = mask_fields(EVENT_CARDS[kind], data, self.state.cards, keep)
        return EventView(seq=seq, round=entry.round, type=kind, text=text, data=data, hidden=hidden)

    def _turned_before(self, seq: int, card: str) -> bool:
        """True when the event before ``seq``, in the same commit, turned up ``card`` from the navigation deck."""
        i = seq - self._forgotten
        if i < 1 or self._entries[i - 1].batch != self._entries[i].batch:
            return False
        ev = self._entries[i - 1].event
        return isinstance(ev, e.NavigationDrawn) and ev.purpose == "turn" and ev.cards == (card,)

    def _shown_next(self, seq: int, card: str, aud: Audience) -> bool:
        """REC-1: True when the first event after ``seq`` that is not an identification, fed in the same call of
        :meth:`record` (the same commit), shows ``card`` to ``aud``: a card identified as it is turned up or played is
        no secret from those who see it turned up or played."""
        batch = self._entries[seq - self._forgotten].batch
        for entry in self._entries[seq - self._forgotten + 1:]:
            if entry.batch != batch:
                return False
            if not isinstance(entry.event, e.CardIdentified):
                data, _ = redact(entry.event, EVENT_RULES[_tag(entry.event)], aud, entry.knowers)
                return any(v == card or (isinstance(v, tuple) and card in v) for v in data.values())
        return False

    def log(self, character: str | None = None, *, referee: bool = False, start: int = 0) -> tuple[EventView, ...]:
        """The log from event ``start`` on, as the public (default), the seat ``character`` or (``referee=True``)
        the referee sees it. After ``GameEnded`` every audience sees every field (END-2).

        Raises:
            KeyError: ``character`` is not a character of this game.
            ValueError: both ``character`` and ``referee`` are given, or ``start`` is before what was forgotten.
        """
        if referee and character is not None:
            raise ValueError("a log view is for one audience: a character or the referee, not both")
        aud = (self._audience("referee") if referee else
               self._seat_audience(character) if character is not None else self._audience("public"))
        if start < self._forgotten:
            raise ValueError(f"events before {self._forgotten} were forgotten; ask from there on")
        keep = self._held(character)  # VIEW-FACE-1: the instances the audience holds now
        return tuple(self._event_view(i, aud, keep) for i in range(start, len(self)))

    def _held(self, character: str | None) -> frozenset[str]:
        """:func:`~lifeboat.views.faces.held_by` now, cached until the next event (VIEW-FACE-1)."""
        if self._held_cache[0] != len(self):
            self._held_cache = (len(self), {})
        held = self._held_cache[1].get(character)
        if held is None:
            held = self._held_cache[1][character] = held_by(self.state, character)
        return held

    def memory(self, character: str) -> tuple[Memory, ...]:
        """What ``character``'s seat saw that the table did not, in log order (see :class:`Memory`); each text as
        the seat saw it then.

        Raises:
            KeyError: ``character`` is not a character of this game.
        """
        aud = self._seat_audience(character)
        return self._in_language(aud, self._faced_memory(aud, character))

    def _in_language(self, aud: Audience, memory: tuple[Memory, ...]) -> tuple[Memory, ...]:
        """``memory`` with each text in the language in use (issue 29): a text is kept as written when it was
        remembered (English), and written again in another language from the event, as the log writes it."""
        if language() == "en":
            return memory
        return tuple(m if m.seq < self._forgotten else msgspec.structs.replace(m, text=self._event_view(m.seq, aud).text)
                     for m in memory)

    def _faced_memory(self, aud: Audience, character: str) -> tuple[Memory, ...]:
        kept = self._memory.get(character, [])
        if aud.omniscient or not kept or not self._faces:
            return tuple(kept)
        keep = self._held(character)  # VIEW-FACE-1: a card that left its hand is named by its face
        was_keep, shown = self._memory_shown.get(character, (None, ()))
        if was_keep != keep:  # the seat's cards changed since: mask again (else only the new facts)
            shown = ()
        look = self.state.cards.look_by_instance
        shown += tuple(msgspec.structs.replace(m, seen=tuple(x if x in keep else look.get(x, x) for x in m.seen))
                       if any(x in look and x not in keep for x in m.seen) else m for m in kept[len(shown):])
        self._memory_shown[character] = (keep, shown)
        return shown

    # ---- the table ----

    def _row_stack(self, aud: Audience) -> tuple[str | None, ...]:
        if aud.omniscient:
            return self.state.row_stack
        me = aud.character if aud.kind == "seat" else None
        return tuple(c if me is not None and me in self._stack_knowers.get(c, ()) else None
                     for c in self.state.row_stack)

    def _common(self) -> dict[str, Any]:
        """The parts of the table every audience sees alike (PROC-5), cached until the next event (per language:
        the names and the score notes are words, issue 29)."""
        key = (len(self), language())
        if self._common_cache is not None and self._common_cache[0] == key:
            return self._common_cache[1]
        st = self.state
        order = list(st.seats) + [c.character for c in st.characters if c.character not in st.seats]
        chars = []
        for ch_id in order:
            ch = st.char(ch_id)
            chars.append(CharacterView(
                character=ch_id, name=tx.name(ch_id), player=ch.player,
                seat=st.seats.index(ch_id) if ch_id in st.seats else None, size=st.health(ch_id),
                wounds=ch.wounds, status=st.status(ch_id) if ch.in_boat else "lost_at_sea", in_boat=ch.in_boat,
                hand_size=len(ch.hand), face_up=ch.face_up, rowed=ch.rowed, fought=ch.fought,
            ))
        reveal = None
        if st.over:  # END-2
            reveal = Reveal(secrets=self._secrets(), removed=st.removed, scores=scores(st), winners=winners(st),
                            notes=score_notes(st))  # SCORE-2: why, for those it scores in its own way
        common = dict(
            round=st.round, waiting_for=waiting_for(st), seats=st.seats, characters=tuple(chars),
            seagulls=st.seagulls, provisions_deck=len(st.provisions), removed_provisions=len(st.removed),
            navigation_deck=len(st.nav_unseen) + len(st.nav_bottom), in_play=st.in_play, discard=st.discard,
            open_parasol=st.open_parasol, action_order=st.action_order, ruleset=st.ruleset, over=st.over,
            reveal=reveal, parasol_holder=next(
                (c.character for c in st.characters if st.open_parasol and st.open_parasol in c.face_up), None),
            drank=st.drank,  # LIQUID-1, WONG-1: public (REF-24)
            fight=fight_view(st),  # FIGHT-3: each side's strength now, from public facts only
        )
        self._common_cache = (key, common)
        return common

    def _table(self, aud: Audience) -> dict[str, Any]:
        st = self.state
        me = aud.character if aud.kind == "seat" else None
        row_stack = self._row_stack(aud)
        data, hidden = redact(st.step, STEP_RULES[_tag(st.step)], aud)
        kind = _tag(st.step)
        common = self._common()
        with tx.using(st.cards):  # CARD-3
            fight = common["fight"]
            text = fight_text(fight, me) if fight is not None else tx.step_text(kind, data, me, row_stack)
            if st.wong_share is not None:  # WONG-1, REF-25: her answer comes first
                text = f"{text} {tx.wong_share_text(me)}"
            step = StepView(kind=kind, text=text, data=data, hidden=hidden)
            offer = None
            if st.offer is not None:
                od, _ = redact(st.offer, OFFER_RULES, aud)
                offer = OfferView(by=st.offer.by, to=st.offer.to, give=od["give"], ask=od["ask"],
                                  text=tx.offer_text(od, me))
        if aud.omniscient or not self._faces:
            return dict(common, step=step, row_stack=row_stack, offer=offer)
        keep, cards = self._held(me), st.cards  # VIEW-FACE-1: after the texts (they name cards by names only)
        if (data := mask_fields(STEP_CARDS[kind], step.data, cards, keep)) is not step.data:
            step = msgspec.structs.replace(step, data=data)
        if offer is not None and (give := mask_fields(("give",), {"give": offer.give}, cards, keep)["give"]) \
                is not offer.give:
            offer = msgspec.structs.replace(offer, give=give)
        return dict(for_seat(self._faced(common), common, me, keep), step=step, row_stack=row_stack, offer=offer)

    def _faced(self, common: dict[str, Any]) -> dict[str, Any]:
        """``common`` (:meth:`_common`) as the public sees it (VIEW-FACE-1), cached until the next event."""
        if self._faced_cache is None or self._faced_cache[0] != (len(self), language()):
            self._faced_cache = ((len(self), language()), mask_common(common, self.state.cards))
        return self._faced_cache[1]

    def _secrets(self) -> tuple[SecretsView, ...]:
        return tuple(SecretsView(character=c.character, hand=c.hand, love=c.love, hate=c.hate)
                     for c in self.state.characters)

    def public_view(self) -> PublicView:
        """The table as a spectator sees it (PROC-5); everything after the end (END-2)."""
        return PublicView(**self._table(self._audience("public")))

    def seat_view(self, character: str, *, legal: bool = True) -> SeatView:
        """The table as the player of ``character`` sees it, with its own hand, LOVE, HATE, memory and (unless
        ``legal=False``, which saves time) its legal commands.

        Raises:
            KeyError: ``character`` is not a character of this game (none is before setup).
        """
        aud = self._seat_audience(character)
        ch = self.state.char(character)
        assert sees(CHARACTER_RULES["hand"], ch, aud) and sees(CHARACTER_RULES["love"], ch, aud)
        return SeatView(
            **self._table(aud), viewer=character, player=ch.player, hand=ch.hand, love=ch.love, hate=ch.hate,
            legal=mask_commands(legal_commands(self.state, character), self.state.cards, self._held(character))
            if legal else (), memory=self.memory(character),
        )

    def referee_view(self) -> RefereeView:
        """Everything: the table, every secret, the decks (the referee, ``--as referee`` or ``audit`` only)."""
        st = self.state
        aud = self._audience("referee")
        assert sees(STATE_RULES["provisions"], st, aud)
        return RefereeView(
            **self._table(aud), secrets=self._secrets(), provisions=st.provisions, removed=st.removed,
            navigation_unseen=st.nav_unseen, navigation_bottom=st.nav_bottom,
            unaccounted=getattr(st, "unaccounted", ()),
        )
