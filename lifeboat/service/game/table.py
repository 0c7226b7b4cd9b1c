"""A table: one open game file with its state and views, where decisions are made (play, record, a web server).

:meth:`Table.open` replays the file strictly and folds the corrections (REC-2); :meth:`Table.decide` appends one
decision with the seq it expects, :meth:`Table.deal` the chance a digital game waits for, :meth:`Table.withdraw`
a correction. Each returns an :class:`Appended`: the commits written and what each audience may now see.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

import journal
from journal import Commit, Header
from lifeboat import apply, chance_request, evolve, waiting_for
from lifeboat.card_set import CardSet
from lifeboat.chance import DeckOrders, next_chance
from lifeboat.commands import Command, Pass
from lifeboat.decide import may_act_in_window
from lifeboat.errors import RuleViolation
from lifeboat.events import Event
from lifeboat.state import State
from lifeboat.views import Observer
from lifeboat.service.game.create import create_recorded_game, start_digital_game
from lifeboat.service.game.files import load_orders, open_journal, revealed
from lifeboat.service.game.headers import build_ruleset, initial_state
from lifeboat.service.errors import ReplayError
from lifeboat.service.game.records import NOTE_ACTOR, Correction, DecksRevealed, Note, actor_of, to_record
from lifeboat.service.game.replay import UNDO_DEPTH, decide_again, replay
from lifeboat.service.game.notes import new_note
from lifeboat.i18n import _


class StatusChange(msgspec.Struct, frozen=True):
    """A character whose status an event changed: ``before`` and ``after`` are ``conscious``, ``unconscious``,
    ``dead`` or ``lost at sea`` (STATUS-1, OVER-3)."""

    character: str
    before: str
    after: str


@dataclass(frozen=True)
class Appended:
    """What one call wrote: the ``commits`` (journal commits, in seq order), the ``events`` decided, ``changes``
    (for each event, the status changes it caused) and ``seen``: for ``"public"``, ``"referee"`` and each seat
    (character id), the :class:`lifeboat.views.EventView` of each event as that audience may see it."""

    commits: tuple[journal.Commit, ...] = ()
    events: tuple[Event, ...] = ()
    changes: tuple[tuple[StatusChange, ...], ...] = ()
    seen: dict[str, tuple[Any, ...]] = field(default_factory=dict)

    @property
    def last_seq(self) -> int | None:
        return self.commits[-1].seq if self.commits else None


def _status(state: State, character: str) -> str:
    return state.status(character) if state.char(character).in_boat else "lost at sea"


def status_changes(before: State, after: State) -> tuple[StatusChange, ...]:
    """Who became unconscious, woke up, died or was lost at sea between two states (STATUS-1, OVER-3)."""
    if not before.characters:
        return ()
    out = []
    for ch in after.characters:
        if before.has(ch.character):
            old, new = _status(before, ch.character), _status(after, ch.character)
            if old != new:
                out.append(StatusChange(ch.character, old, new))
    return tuple(out)


class Table:
    """One open game file. ``state`` is the table after every commit in force, ``views`` the
    :class:`lifeboat.views.Observer` of it, ``orders`` the dealer's committed deck orders (``None`` in a
    recorded game or when the deck file is missing), ``active`` the seqs of the decisions in force and ``reach``
    those a correction may still withdraw (the last :data:`UNDO_DEPTH` decisions, REC-2)."""

    def __init__(self, path: Path | str, j: journal.Journal) -> None:
        self.path = path
        self._j = j
        self.orders: DeckOrders | None = None
        self.active: list[int] = []
        self.reach: set[int] = set()
        self._counts: list[tuple[int, int]] = []  # (seq, how many events) of each commit in force, in order
        self.views = Observer(initial_state(j.header, str(path)))
        self._folded = 0  # the last seq the views have taken in (a note's too)
        self.refold()

    # ---- opening ----

    @classmethod
    def open(cls, path: Path) -> Table:
        """Open and replay the game at ``path``. Raises journal errors (a corrupt deck file too),
        :class:`lifeboat.service.errors.ReplayError`."""
        j = open_journal(path)
        table = cls(path, j)
        table.orders = load_orders(path, j.header.deck_commitment)
        return table

    @classmethod
    def deal_new(cls, path: Path, players: list[str], *, seed: int | None = None,
                 options: list[str] | tuple[str, ...] = (), cards: CardSet | None = None) -> Table:
        """Start a digital game at ``path``: shuffle (seeded), commit to the orders, deal (SETUP-1..5, CHANCE-2);
        with ``cards`` (:func:`lifeboat.service.load_card_file`) it plays with the table's own card data (CARD-3).
        Raises journal.JournalExists, RuleViolation (SETUP-1, OPT-1)."""
        j, orders = start_digital_game(path, players, seed=seed, ruleset=build_ruleset(list(options)), cards=cards)
        table = cls(path, j)
        table.orders = orders
        table.deal(detail=False)
        return table

    @classmethod
    def record_new(cls, path: Path, *, players: list[str] | None = None, options: list[str] | tuple[str, ...] = (),
                   position: dict[str, Any] | None = None, cards: CardSet | None = None) -> Table:
        """Start a recorded game (REC-1) from setup with ``players``, or from a decoded ``position`` (POS-1); with
        ``cards`` it plays with the table's own card data (CARD-3). Raises journal.JournalExists, RuleViolation."""
        j, _ = create_recorded_game(path, players=players, ruleset=build_ruleset(list(options)), position=position,
                                    cards=cards)
        return cls(path, j)

    @classmethod
    def of_journal(cls, j: journal.Journal, orders: DeckOrders | None) -> Table:
        """A table on an open journal of any store (its ``path`` names it), dealing from ``orders`` (``None``:
        nothing to deal). Raises :class:`lifeboat.service.errors.ReplayError` and the journal's errors."""
        table = cls(str(j.path), j)
        table.orders = orders
        return table

    @property
    def journal(self) -> journal.Journal:
        """The open journal (do not append to it: decide through the table)."""
        return self._j

    def refresh(self) -> bool:
        """Adopt the commits other writers appended to the journal (another process on a shared store): True when
        there were any (:meth:`catch_up`). Raises the journal's errors and ReplayError."""
        return self.catch_up() != ()

    def catch_up(self) -> tuple[Commit, ...] | None:
        """Adopt the commits other writers appended since the views last took one in, one by one, each checked as
        a replay checks it (decided again from the state: its actor and events compared) and its events recorded:
        a follower's cost is that of the new commits, not of the game. Returns them (``()``: none), or ``None``
        when the table was folded again instead (a correction, REC-2, or the deck reveal among them; or a commit
        that did not check this way, which the full replay then names). Raises the journal's errors and
        ReplayError."""
        self._j.refresh()
        if self._j.last_seq == self._folded:
            return ()
        new = tuple(self._j.commits(from_seq=self._folded + 1))
        try:
            for commit in new:
                self._take(commit)
        except (ReplayError, msgspec.ValidationError, LookupError):
            self.refold()
            return None
        return new

    def _take(self, commit: Commit) -> None:
        """Take in one commit another writer appended (:meth:`catch_up`); ``LookupError`` for one only a full
        replay takes in (a correction, the deck reveal)."""
        record = to_record(commit.command)
        kind = type(record)
        if kind is Note:
            self._folded = commit.seq
            return
        if kind in (Correction, DecksRevealed):
            raise LookupError(kind.__name__)
        _, events = decide_again(str(self.path), commit, self.state, record, {})
        self.views.record(events)
        self.active.append(commit.seq)
        self._counts.append((commit.seq, len(events)))
        self.reach.add(commit.seq)
        self._folded = commit.seq

    def refold(self) -> None:
        """Replay the file again: the state, the views, the decisions in force and those a correction may reach."""
        kept: list[tuple[int, tuple[Event, ...]]] = []
        reach: deque[int] = deque(maxlen=UNDO_DEPTH)
        folded = 0
        for step in replay(self._j, str(self.path)):
            folded = step.commit.seq
            if isinstance(step.record, Correction):
                kept = [(seq, evs) for seq, evs in kept if seq < step.record.from_seq]
            elif not isinstance(step.record, (DecksRevealed, Note)):
                kept.append((step.commit.seq, step.events))
                reach.append(step.commit.seq)
        self.views = Observer(initial_state(self._j.header, str(self.path)))
        for _, events in kept:
            self.views.record(events)
        self.active = [seq for seq, _ in kept]
        self._counts = [(seq, len(events)) for seq, events in kept]
        self.reach = set(reach)
        self._folded = folded

    # ---- what the table is ----

    @property
    def state(self) -> State:
        return self.views.state

    @property
    def header(self) -> Header:
        return self._j.header

    @property
    def game_id(self) -> str:
        return self._j.header.game_id

    @property
    def digital(self) -> bool:
        """True when the deck orders are committed (a digital game: play), False when chance is recorded."""
        return self._j.header.deck_commitment is not None

    @property
    def last_seq(self) -> int:
        return self._j.last_seq

    def waiting_for(self) -> tuple[str, ...]:
        """The characters whose decision the game waits for (empty when chance or nobody is to act)."""
        return tuple(waiting_for(self.state))

    def chance_request(self) -> Any:
        """What chance must supply next (a :class:`lifeboat.legal.ChanceRequest`: ``kind``, ``count``), or ``None``."""
        return chance_request(self.state)

    def window_seats(self) -> tuple[str, ...]:
        """Who must still pass before the open window (fight, overboard, thirst) closes; empty when none is open."""
        return tuple(may_act_in_window(self.state))

    # ---- decisions ----

    def _appended(self, commits: list[Commit], events: tuple[Event, ...], before: State,
                  start: int, detail: bool = True) -> Appended:
        if not detail:  # the caller reads only the commits (a served game renders its own messages)
            return Appended(tuple(commits), events)
        changes, table = [], before
        for ev in events:
            after = evolve(table, ev)
            changes.append(status_changes(table, after))
            table = after
        seen: dict[str, tuple[Any, ...]] = {"public": self.views.log(start=start),
                                            "referee": self.views.log(referee=True, start=start)}
        for ch in self.state.characters:
            seen[ch.character] = self.views.log(ch.character, start=start)
        return Appended(tuple(commits), events, tuple(changes), seen)

    def _write(self, command: Command, seq: int) -> tuple[Commit, tuple[Event, ...]]:
        _, events = apply(self.state, command)
        commit = self._j.append(seq, actor_of(self.state, command), command, events)
        self.views.record(events)
        self.active.append(commit.seq)
        self._counts.append((commit.seq, len(events)))
        self.reach.add(commit.seq)
        self._folded = commit.seq
        return commit, events

    def event_marks(self) -> list[int]:
        """For every seq 0 … :attr:`last_seq`, how many events the game has once that commit is applied (a
        correction withdraws events, REC-2; a note or the deck reveal adds none). Read from the fold the table
        keeps: no replay."""
        marks = [0] * (self.last_seq + 1)
        count = 0
        for seq, n in self._counts:
            if seq >= len(marks):
                break
            count += n
            marks[seq] = count
        for seq in range(1, len(marks)):
            marks[seq] = max(marks[seq], marks[seq - 1])
        return marks

    def decide(self, command: Command, *, expected_seq: int | None = None, detail: bool = True) -> Appended:
        """Decide ``command`` and append it as commit ``expected_seq`` (default: the next one); with
        ``detail=False`` the :class:`Appended` has its commits and events only (no ``changes``, no ``seen``).

        Raises:
            RuleViolation: the rules refuse it (nothing is written; the rule id says why).
            journal.JournalConflict: ``expected_seq`` is not the next seq (another writer came first).
        """
        before, start = self.state, len(self.views)
        commit, events = self._write(command, self.last_seq + 1 if expected_seq is None else expected_seq)
        return self._appended([commit], events, before, start, detail)

    def deal(self, *, detail: bool = True) -> Appended:
        """Append every chance outcome the game waits for, following the committed orders, and at the end reveal
        them (CHANCE-2). A recorded game, or one whose orders are missing, deals nothing. ``detail`` as in
        :meth:`decide`."""
        before, start = self.state, len(self.views)
        commits: list[Commit] = []
        events: list[Event] = []
        if self.orders is None:
            return Appended()
        while (cmd := next_chance(self.state, self.orders)) is not None:
            commit, evs = self._write(cmd, self.last_seq + 1)
            commits.append(commit)
            events.extend(evs)
        if self.state.over and not self._revealed():
            commits.append(self._j.append(self.last_seq + 1, "system", DecksRevealed(orders=self.orders), ()))
            self._folded = commits[-1].seq
        return self._appended(commits, tuple(events), before, start, detail)

    def _revealed(self) -> bool:
        return revealed(self._j)

    def owes(self) -> bool:
        """Whether :meth:`deal` would append anything now: a chance outcome the game waits for, or the deck reveal
        of a game that ended (a digital game whose orders are here; CHANCE-2)."""
        if self.orders is None:
            return False
        return next_chance(self.state, self.orders) is not None or (self.state.over and not self._revealed())

    def close_window(self) -> Appended:
        """Everyone who has not passed in the open window passes (PROC-1). Raises RuleViolation (PROC-1) when no
        window is open."""
        waiting = self.window_seats()
        if not waiting:
            raise RuleViolation("PROC-1", _("no window is open: there is nothing to close"))
        before, start = self.state, len(self.views)
        commits: list[Commit] = []
        events: list[Event] = []
        for ch in waiting:
            if ch in self.window_seats():
                commit, evs = self._write(Pass(by=ch), self.last_seq + 1)
                commits.append(commit)
                events.extend(evs)
        return self._appended(commits, tuple(events), before, start)

    def withdraw(self, from_seq: int, actor: str = "recorder") -> Commit:
        """Withdraw the decisions ``from_seq`` … the last (REC-2): a :class:`Correction` is appended (nothing is
        deleted) and the table is folded again. Raises RuleViolation (REC-2) when ``from_seq`` is not one of the
        last :data:`UNDO_DEPTH` decisions."""
        if from_seq not in self.reach:  # replay could not fold it back: the journal would be broken (REC-2)
            raise RuleViolation("REC-2", _("only the last {undo_depth} decisions can be withdrawn, undone ones included; decision "
                                           "{from_seq} is older").format(undo_depth=UNDO_DEPTH, from_seq=from_seq))
        commit = self._j.append(self.last_seq + 1, actor, Correction(from_seq=from_seq), ())
        self.refold()
        return commit

    def note(self, at: int, text: str, for_: str = "public") -> Commit:
        """Append a note about decision ``at`` (one in force) for ``for_`` (NOTE-1; :func:`lifeboat.service.teaching.annotate`
        for a file). Raises :class:`lifeboat.service.errors.BadRequest` as :func:`lifeboat.service.game.notes.new_note` does."""
        note = new_note(self.state, at, text, for_, set(self.active), self.path)
        commit = self._j.append(self.last_seq + 1, NOTE_ACTOR, note, ())
        self._folded = commit.seq
        return commit

    def close(self) -> None:
        self._j.close()
