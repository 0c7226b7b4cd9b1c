"""A game played live by several front ends at once (``lifeboat serve``): one writer per game, views per audience.

:class:`LiveGame` keeps a game's journal open with an :class:`lifeboat.views.Observer` fed every commit, so each
decision costs only its own events. An *audience* is ``"public"``, ``"referee"`` or a character id (a seat).
Each decision states the seq it was made on (SERVE-2): a decision made on a stale table is refused with
:class:`Conflict` and nothing is written. What a decision changed is an :class:`Update`; :meth:`LiveGame.message`
turns it into one audience's own message (its new events and its table), never another audience's.

Not thread-safe: the caller runs one operation of a game at a time (``web`` holds a lock per game).

Errors: :class:`LiveError` (``rule``, ``message``) and its subclasses :class:`Conflict` (SERVE-2),
:class:`Refused` (a rule of docs/rules.md refused the decision, or its line of notation did not read),
:class:`NotYourTurn` (SERVE-3), :class:`Diverged` (SERVE-9); journal errors from opening a game pass through as
:class:`journal.JournalError`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import Any

import msgspec

from lifeboat.service.live import _engine as eng
from lifeboat.service.live._engine import Command, EventView, RuleViolation, State, TableView
from lifeboat.service.errors import Conflict, Diverged, GameOver, LiveError, NotYourTurn, Refused
from lifeboat.service.live.bots import ask, make_bot
from lifeboat.service.live.orders import Orders
from lifeboat.service.game.table import Appended, Table
from lifeboat.i18n import _

PUBLIC, REFEREE = "public", "referee"
OWED_GRACE = 2.0
"""Seconds a process that caught up with another's decision, or opened the game after it, leaves the chance owed
after it to that process (SERVE-12): the deciding process deals it at once, within a few milliseconds (one database round trip a commit),
so a follower that dealt too would only conflict and adopt the same commits. 2 s is a hundred times that gap under
load, and short enough for the players of a game whose deciding process died to wait no longer than a page
reload; timed on this process's monotonic clock (two hosts' clocks need not agree)."""


@dataclass(frozen=True)
class Update:
    """What one decision changed: the game went from ``before_seq`` to ``seq`` (the decision and the chance
    commits that followed it); its events are the observer's events ``first_event`` … on."""

    before_seq: int
    seq: int
    first_event: int


class Decision(msgspec.Struct, frozen=True):
    """One legal decision for a seat: its ``line`` of notation, the ``command`` (JSON of the command) and its words
    from the one describer (:func:`lifeboat.views.decisions.describe`): ``text`` the sentence saying what it does,
    ``label`` the short one (verb and object), ``verb`` its group and ``verb_text`` the group's name, ``target``
    the character it aims at and ``cards`` the cards it plays or names (the page groups by verb, then object)."""

    line: str
    command: dict[str, Any]
    text: str = ""
    label: str = ""
    verb: str = ""
    verb_text: str = ""
    target: str | None = None
    cards: tuple[str, ...] = ()


class Message(msgspec.Struct, frozen=True):
    """What one audience is sent after a change: the journal ``seq`` it brings the audience to, the ``events`` it
    has not seen (as it may see them), its whole ``view`` of the table, its legal ``decisions`` (a seat) and the
    ``navigation`` facts of every navigation card the view shows (NAV-3), keyed by card id."""

    seq: int
    audience: str
    events: tuple[EventView, ...]
    view: TableView
    decisions: tuple[Decision, ...]
    navigation: dict[str, dict[str, Any]]


def _decision(line: str, cmd: Command, said: Any) -> Decision:
    """The :class:`Decision` of ``cmd`` (its notation ``line``, its words ``said``: a ``Described``)."""
    return Decision(line=line, command=msgspec.to_builtins(cmd), text=said.text, label=said.label, verb=said.verb,
                    verb_text=said.verb_text, target=said.target, cards=said.cards)


def _dealt(start: Callable[[], Table]) -> Table:
    """The new table ``start()`` makes, dealt. Raises :class:`Refused` (SETUP-1, OPT-1: bad players,
    named by :func:`lifeboat.service.game.players.check_new_names`, or options) or :class:`LiveError` (JOURNAL: the game cannot be
    written)."""
    try:
        table = start()
    except RuleViolation as exc:
        raise Refused(exc.rule, exc.message) from None
    except eng.GameFileError as exc:
        raise eng.file_error(exc) from None
    table.deal()
    return table


class LiveGame:
    """A game file opened for live play (see the module docstring), built on :class:`lifeboat.service.game.table.Table`.

    Raises (``open``): :class:`LiveError` (the journal problem or the rule a commit breaks, with file and line)
    for a file that cannot be played on.
    """

    def __init__(self, path: Path | str, table: Table, store: Any = None) -> None:
        self.path, self._table = path, table
        self.store = store  # the lifeboat.service.live.stored.GameStore the game lives in (None: a file)
        self._obs = table.views
        self._bots: dict[str, Any] = {}  # the bot of each seat a bot plays, made at its first decision
        self._marks = table.event_marks()  # _marks[seq] = the number of events once commit ``seq`` is applied
        self._owed: tuple[int, float] | None = None  # (seq, monotonic time) chance was first seen owed after seq
        self.orders = Orders()  # the seats' standing orders (SERVE-13), kept while the game is served

    # ---- opening and creating ----

    @classmethod
    def open(cls, path: Path) -> LiveGame:
        """Open an existing game file (a strict replay of it)."""
        try:
            table = Table.open(path)
            return cls(path, table)._deal_owed()
        except eng.GameFileError as exc:
            raise eng.file_error(exc) from None

    def _deal_owed(self) -> LiveGame:
        """Deal the chance a decision cut short left owed (the host stopped between a decision and the draws that
        follow it; CHANCE-2), and the deck reveal of a game that ended so: otherwise the game would wait for a
        dealer nobody is. A store's game another process dealt first is caught up with instead. The draws follow
        from the committed orders, so whichever process deals them writes the same commits."""
        try:
            self._note(self._table.deal(detail=False))
        except eng.JournalConflict:
            self.catch_up()
        return self

    @classmethod
    def create(cls, path: Path, players: list[str], *, seed: int | None = None,
               options: list[str] | None = None, cards: Any = None) -> LiveGame:
        """Start a digital game in a new file and deal (as ``lifeboat new``); ``cards``: the table's own card data
        (a :class:`lifeboat.card_set.CardSet` from :func:`lifeboat.service.load_card_file`, CARD-3).

        Raises: :class:`Refused` (SETUP-1, OPT-1: bad players or options); :class:`LiveError` for a file that
        exists."""
        table = _dealt(lambda: Table.deal_new(path, players, seed=seed, options=options or [], cards=cards))
        return cls(path, table)

    @classmethod
    def open_stored(cls, store: Any, game_id: str) -> LiveGame:
        """Open game ``game_id`` of ``store`` (a :class:`lifeboat.service.live.stored.GameStore`). Chance the game owes is left
        to the process that took the decision for :data:`OWED_GRACE` seconds, as a follower leaves it (SERVE-12:
        a process opening the game, for a page loaded right after another process's decision, cannot tell a live
        decider from a dead one); :meth:`catch_up` deals it once due, :meth:`owed_wait` says when. Raises
        :class:`LiveError` as :meth:`open` does (JOURNAL for a game not in the store)."""
        try:
            table = store.open(game_id)
            game = cls(table.path, table, store)
        except eng.GameFileError as exc:
            raise eng.file_error(exc) from None
        if table.owes():
            game._owed = (game.seq, time.monotonic())
        return game

    @classmethod
    def create_stored(cls, store: Any, players: list[str], *, seed: int | None = None,
                      options: list[str] | None = None, cards: Any = None) -> LiveGame:
        """Start a digital game in ``store`` (a :class:`lifeboat.service.live.stored.GameStore`) and deal. Raises as
        :meth:`create`."""
        table = _dealt(lambda: store.deal_new(players, seed=seed, options=options or [], cards=cards))
        return cls(table.path, table, store)

    def catch_up(self) -> bool:
        """Adopt the commits other processes appended to this game's store (one by one: :meth:`_reopen`), and deal
        the chance they left owed once it has sat unanswered :data:`OWED_GRACE` seconds (SERVE-12: a process that
        died between a decision and its draws; the one that decided deals them at once, and a follower dealing
        too only conflicted). :meth:`owed_wait` says when to look again. True when the game moved. Raises
        :class:`LiveError` (JOURNAL, or the rule a new commit breaks)."""
        before = self.seq
        try:
            moved = self._reopen() != before
        except eng.GameFileError as exc:
            raise eng.file_error(exc) from None
        if not self._table.owes():
            self._owed = None
            return moved
        now, seq = time.monotonic(), self.seq
        if self._owed is None or self._owed[0] != seq:  # first seen owed after this commit: give its dealer time
            self._owed = (seq, now)
        if now - self._owed[1] < OWED_GRACE:
            return moved
        self._owed = None
        self._deal_owed()
        return self.seq != seq or moved

    def owed_wait(self) -> float | None:
        """Seconds until :meth:`catch_up` deals the chance another process left owed (SERVE-12; at most
        :data:`OWED_GRACE`, 0 when due), or ``None`` when it saw none owed."""
        return None if self._owed is None else max(0.0, self._owed[1] + OWED_GRACE - time.monotonic())

    def catalog(self) -> dict[str, Any]:
        """The printed facts of this game's own card data (CARD-3: its sizes, survival values, treasure points), in
        the shape of :func:`lifeboat.views.catalog.public_catalog`; public (no card instance, no secret)."""
        from lifeboat.cards import cards_of
        from lifeboat.service.game.names import catalog

        return catalog(cards_of(self.state.ruleset))

    def replay_document(self, audience: str) -> dict[str, Any]:
        """The finished game as ``audience`` saw it (:func:`lifeboat.service.teaching.replay_document`)."""
        from lifeboat.service.teaching import replay_document

        return replay_document(Path(self.path) if self.store is None else self._table.journal, audience)

    # ---- reading ----

    @property
    def game_id(self) -> str:
        return str(self._table.game_id)

    @property
    def seq(self) -> int:
        """The seq of the last commit (0 before the first)."""
        return int(self._table.last_seq)

    @property
    def state(self) -> State:
        return self._obs.state

    @property
    def over(self) -> bool:
        return bool(self._obs.state.over)

    @property
    def playable(self) -> bool:
        """True when decisions can be made here: not over, and a digital game whose deck file is present."""
        return not self.over and self._table.orders is not None

    def _unplayable(self) -> str:
        """Why no decision can be made here (SERVE-5): what is missing, and what to do."""
        if self.over:
            return _("this game is over: no decision can be made")
        if not self._table.digital:
            return _("this game's chance is recorded by hand (lifeboat record): no decision can be made here")
        where = (_("its deck file {path}.deck.json is not there").format(path=self.path) if self.store is None else
                 _("the store {location} keeps none for it (imported without its deck file?)").format(location=self.store.location))
        return (_("the dealer's deck orders of this digital game are missing: {where}; nothing can be dealt, so "
                  "no decision can be made (export the game, put its deck file beside it and play it from the "
                  "file)").format(where=where))

    def seats(self) -> dict[str, str]:
        """Every seat: character id → player name, in the order the players joined."""
        return {c.character: c.player for c in self._obs.state.characters}

    def waiting_for(self) -> tuple[str, ...]:
        return tuple(eng.waiting_for(self._obs.state))

    @property
    def _in_game(self) -> tuple[str, ...]:
        # the dealt characters, read now: a game opened before its deal (its host stopped right after creating
        # it) is dealt by _deal_owed after __init__, and its seats must then take standing orders (SERVE-13)
        return tuple(c.character for c in self._obs.state.characters)

    def audiences(self) -> tuple[str, ...]:
        return (PUBLIC, REFEREE, *self.seats())

    def event_index(self, seq: int) -> int:
        """The number of events once commit ``seq`` is applied (``seq`` clipped to the game)."""
        return self._marks[max(0, min(seq, len(self._marks) - 1))]

    def view(self, audience: str) -> TableView:
        """The table as ``audience`` sees it. Raises ``KeyError`` for an audience not in this game."""
        if audience == PUBLIC:
            return self._obs.public_view()
        if audience == REFEREE:
            return self._obs.referee_view()
        return self._obs.seat_view(audience)

    def decisions(self, seat: str) -> tuple[Decision, ...]:
        """The legal decisions of ``seat`` now, each with its line of notation and its words."""
        view = self._obs.seat_view(seat)
        return self._decisions(view, view.legal)

    def _decisions(self, view: TableView, legal: tuple[Command, ...]) -> tuple[Decision, ...]:
        state = self._obs.state
        with eng.using(state.cards):  # CARD-3: the words name this game's cards
            return tuple(_decision(eng.render(cmd, state), cmd, eng.describe(view, cmd))  # type: ignore[arg-type]  # a seat's legal commands
                         for cmd in legal)

    def message(self, audience: str, since_seq: int) -> Message:
        """``audience``'s message bringing it from ``since_seq`` (the last seq it saw; 0: from the start) to now.

        Raises :class:`Diverged` (SERVE-9) for a ``since_seq`` past the game's seq: that reader followed another copy
        of the game (a restored or cut file), and answering from 0 as if it were a catch-up would tell it a story
        that does not continue; ``KeyError`` for an audience not in this game."""
        if since_seq > self.seq:
            raise Diverged(since_seq, self.seq)
        view = self.view(audience)
        start = self.event_index(since_seq)
        if audience == REFEREE:
            events = self._obs.log(referee=True, start=start)
        else:
            events = self._obs.log(None if audience == PUBLIC else audience, start=start)
        legal = getattr(view, "legal", ()) if self.playable else ()
        return Message(seq=self.seq, audience=audience, events=events, view=view, decisions=self._decisions(view, legal),
                       navigation=eng.navigation_shown(view, self._in_game))

    # ---- deciding ----

    def read(self, seat: str, *, line: str | None = None, command: dict[str, Any] | None = None) -> Command:
        """The command ``seat`` means: a line of notation (its own actor may be left out) or a command's JSON;
        whose it is, :meth:`decide` checks (SERVE-3).

        Raises :class:`Refused` (NOTATION-1, SERVE-4: a malformed command), :class:`NotYourTurn` (SERVE-3: a line
        naming another seat is refused before its cards are looked up in that seat's hand)."""
        if (line is None) == (command is None):
            raise Refused("SERVE-4", _("send a line of notation or a command, not both") if line is not None else
                          _("send a line of notation (\"line\") or a command (\"command\"); the request had neither"))
        if line is not None:
            try:
                cmd = eng.parse_for(line, self._obs.state, seat)
            except RuleViolation as exc:
                raise (NotYourTurn if exc.rule == "SERVE-3" else Refused)(exc.rule, exc.message) from None
        else:
            try:
                cmd = msgspec.convert(command, eng.PlayerCommandType)
            except msgspec.ValidationError as exc:
                raise Refused("SERVE-4", _("not a command: {exc}").format(exc=exc)) from None
        return cmd

    def submit(self, seat: str, expected_seq: int, *, line: str | None = None,
               command: dict[str, Any] | None = None) -> Update:
        """A front end's decision, as it came: ``seat``'s line of notation or command's JSON (:meth:`read`), made on
        seq ``expected_seq``, checked and appended (:meth:`decide`). The one place a decision from a page is
        checked: its shape (SERVE-4), its seq (SERVE-2, SERVE-11), its seat (SERVE-3), the game (SERVE-5), the rules.

        A line that does not read on a table that moved since the seat saw it is that table's conflict (SERVE-2:
        look again), not a mistake of the seat's. Raises :class:`Conflict`, :class:`NotYourTurn`,
        :class:`Refused`."""
        try:
            cmd = self.read(seat, line=line, command=command)
        except Refused as exc:
            if expected_seq != self.seq and exc.rule != "SERVE-4":
                raise (GameOver if self.over else Conflict)(expected_seq, self.seq) from None
            raise
        return self.decide(seat, cmd, expected_seq)

    def decide(self, seat: str, cmd: Command, expected_seq: int) -> Update:
        """Append ``seat``'s decision ``cmd`` made on seq ``expected_seq``, then every chance outcome that follows
        (CHANCE-2). The live path's checks live here and only here: the seat (SERVE-3), the seq (SERVE-2, with
        SERVE-11's passes pressed at once), a game where decisions are taken (SERVE-5), then the rules.
        Raises :class:`Conflict`, :class:`NotYourTurn`, :class:`Refused` (nothing is written; rule ``JOURNAL``
        when another program left a line in the file that does not read)."""
        if getattr(cmd, "by", None) != seat:
            raise NotYourTurn("SERVE-3", _("decide for your own character only"))
        before, first = self.seq, len(self._obs)
        if expected_seq != before and not self._only_passes_since(cmd, expected_seq):
            if self.over:  # before SERVE-5's refusal: a game that ended since is news to the page, said so
                raise GameOver(expected_seq, before)
            raise Conflict(expected_seq, before)
        if not self.playable:
            raise Refused("SERVE-5", self._unplayable())
        try:
            self._note(self._table.decide(cmd, expected_seq=before + 1, detail=False))
        except RuleViolation as exc:
            raise Refused(exc.rule, exc.message) from None
        except eng.JournalConflict:  # another program appended to the file: catch up, then refuse
            self._retry_after_notes(cmd, expected_seq)
        except eng.JournalUnavailable as exc:  # the store's server is down or restarting (SERVE-16)
            raise eng.file_error(exc) from None
        except eng.JournalError as exc:  # a line another program wrote does not read: not our bug (it was a 500)
            detail = exc.message.replace("; nothing written", "")
            text = (_("the game's file was changed outside this server ({detail}); nothing was written: the host "
                      "stops serve and runs lifeboat audit on the file") if exc.line is None else
                    _("the game's file was changed outside this server (line {line}: {detail}); nothing was written: "
                      "the host stops serve and runs lifeboat audit on the file"))
            raise Refused("JOURNAL", text.format(line=exc.line, detail=detail)) from None
        self._deal_owed()  # another process may deal these draws first (it caught up with the decision): adopted
        return Update(before_seq=before, seq=self.seq, first_event=first)

    def give_order(self, seat: str, kind: str | None) -> None:
        """``seat`` leaves a standing order (SERVE-13: ``"windows"``, ``"until_change"``) or takes it back
        (``None``); call :meth:`apply_orders` next. Raises :class:`Refused` (SERVE-4) for another kind,
        :class:`NotYourTurn` (SERVE-3) for a seat not in the game."""
        if seat not in self._in_game:
            raise NotYourTurn("SERVE-3", "a standing order is a seat's own")
        try:
            self.orders.give(seat, kind, len(self._obs))
        except ValueError as exc:
            raise Refused("SERVE-4", str(exc)) from None

    def apply_orders(self) -> Update | None:
        """Pass for every seat whose standing order is due (SERVE-13), from the public table only, until none is;
        the :class:`Update` of those passes, or ``None``. Each pass is the seat's own decision (REF-18's kind)."""
        before, first = self.seq, len(self._obs)
        for _ in range(4 * len(self._in_game) + 4):  # each pass takes a seat out of the window's waiting list
            if not self.playable or not self.orders.kind:
                break
            start = min(self.orders.since.values(), default=len(self._obs))
            due = self.orders.due(self._obs.public_view(), self._obs.log(None, start=start), len(self._obs))
            if not due:
                break
            try:
                self._note(self._table.decide(eng.Pass(by=due[0]), expected_seq=self.seq + 1, detail=False))
            except (RuleViolation, eng.JournalError):
                self.orders.give(due[0], None, len(self._obs))  # an order that cannot pass: asked as usual
                continue
            self._deal_owed()
        return None if self.seq == before else Update(before_seq=before, seq=self.seq, first_event=first)

    def _only_passes_since(self, cmd: Command, expected_seq: int) -> bool:
        """SERVE-11: ``cmd`` is a pass made on seq ``expected_seq`` and every decision since was another seat's pass
        that left the window open (one ``passed`` event each; notes have none): the window the seat passed in is
        still the one open, and passes in it do not depend on each other, so the pass stands (the seat may still
        pass: decide checks it). The seat's own pass since is no other's: its page had not seen it (SERVE-2)."""
        if type(cmd) is not eng.Pass or not 0 <= expected_seq < self.seq:
            return False
        since = self._obs.log(referee=True, start=self.event_index(expected_seq))
        return all(ev.type == "passed" and ev.data.get("character") != cmd.by for ev in since)

    def _retry_after_notes(self, cmd: Command, expected_seq: int) -> None:
        """After another program appended to the file: when it appended only notes (NOTE-1, ``lifeboat annotate``),
        the table the decision was made on still stands and the decision is appended after them; otherwise a
        decision came first and this one is refused (SERVE-2). Raises :class:`Conflict`, :class:`Refused`."""
        active = list(self._table.active)
        now = self._reopen()
        if self._table.active != active:
            raise Conflict(expected_seq, now)
        try:
            self._note(self._table.decide(cmd, expected_seq=now + 1, detail=False))
        except RuleViolation as exc:
            raise Refused(exc.rule, exc.message) from None
        except eng.JournalConflict:
            raise Conflict(expected_seq, self._reopen()) from None

    def _note(self, appended: Appended) -> None:
        """Remember how many events the game has once each new commit is applied."""
        for commit in appended.commits:
            while len(self._marks) < commit.seq:
                self._marks.append(self._marks[-1])
            self._marks.append(self._marks[-1] + len(commit.events))

    def _reopen(self) -> int:
        """Take in what other writers appended (one commit at a time, or the whole game folded again after a
        correction or the deck reveal: :meth:`lifeboat.service.game.table.Table.catch_up`); the seq now."""
        adopted = self._table.catch_up()
        if adopted is None:
            self._obs = self._table.views
            self._marks = self._table.event_marks()
        else:
            self._note(Appended(commits=adopted))
        return self.seq

    def bot_decision(self, seat: str, rng: random.Random, kind: str = "random") -> Command:
        """The decision of a ``kind`` bot (random, heuristic, search: docs/bots.md) for ``seat``, made from that
        seat's own view and log only (the search bot thinks for 200 ms of CPU). Raises
        :class:`lifeboat.service.errors.BadRequest` when the seat has nothing to decide or ``kind`` is unknown."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(kind, field="bots")
        return ask(bot, self._obs, seat, rng)
