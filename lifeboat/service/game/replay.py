"""Replay: a game file decided again commit by commit, as a stream of steps, and the views along the way.

:func:`replay` is the strict replay every command relies on; :func:`story` adds the views of one audience (what
``lifeboat replay`` prints); :func:`view_at` is the table at one seq; :func:`final_state` the last state.
Streams: one commit at a time, memory bounded (the last :data:`UNDO_DEPTH` states are kept for corrections; the
views keep the event log, which a seat's memory needs).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgspec

import journal
from lifeboat.decide import decide_and_fold
from lifeboat.chance import commitment
from lifeboat.errors import InconsistentHistory, LifeboatError, RuleViolation
from lifeboat.events import Event
from lifeboat.state import State
from lifeboat.views import Observer
from lifeboat.service.errors import BadRequest, ReplayError
from lifeboat.service.game.files import Source, opened
from lifeboat.service.game.records import actor_of
from lifeboat.service.game.headers import initial_state
from lifeboat.service.game.records import Correction, DecksRevealed, Note, Record, to_record
from lifeboat.service.game.seats import resolve_viewer
from lifeboat.i18n import _

UNDO_DEPTH = 64  # how many decisions back a Correction may reach
_SYSTEM_RECORDS = frozenset((Note, DecksRevealed, Correction))
_encode = msgspec.json.Encoder().encode


class Step(msgspec.Struct, frozen=True, gc=False):
    """One replayed commit: ``record`` (a command or system record), ``events`` decided, states around it.

    A frozen Struct rather than a frozen dataclass: replay makes one per commit, and a dataclass's ``__init__``
    sets each field through ``object.__setattr__`` (a tenth of the replay loop's own time). Not tracked by the garbage
    collector (``gc=False``, like :class:`journal.Commit` and the engine's states): it refers to nothing that refers
    back to it."""

    commit: journal.Commit
    record: Record
    events: tuple[Event, ...]
    before: State
    after: State


def _decide_again(path: str, commit: journal.Commit, state: State, record: Any,
                  players: dict[str, str]) -> tuple[State, tuple[Event, ...]]:
    """Decide ``record`` from ``state`` and check the commit's actor and events (``players``: the game's dealt
    characters' players so far, for :func:`actor_of`). Raises :class:`ReplayError`."""
    expected_actor = actor_of(state, record, players)
    if commit.actor != expected_actor:
        raise ReplayError(path, commit.line, commit.seq, "TURN-1",
                          _("the line names the actor {actor!r}, but this command belongs to {expected_actor!r}").format(actor=commit.actor, expected_actor=expected_actor))
    try:
        state, events = decide_and_fold(state, record)  # lifeboat.apply, one call less
    except RuleViolation as exc:
        raise ReplayError(path, commit.line, commit.seq, exc.rule, exc.message) from None
    except (InconsistentHistory, LifeboatError) as exc:
        raise ReplayError(path, commit.line, commit.seq, "EVOLVE", str(exc)) from None
    if _encode(events) != _encode(commit.events):  # commit.events is a tuple
        raise ReplayError(path, commit.line, commit.seq, "EVENTS",
                          _("the recorded consequences differ from what the rules decide"))
    return state, events


decide_again = _decide_again
"""What a replay does with each game commit (decide it again, compare its actor and events), for a table taking
in another writer's commits one by one (:meth:`lifeboat.service.game.table.Table.catch_up`)."""


def _system_record(path: str, commit: journal.Commit, record: Any, state: State, header: journal.Header,
                   history: deque[tuple[int, State]]) -> State:
    """The state after a system record (NOTE-1, CHANCE-2, REC-2). Raises :class:`ReplayError`."""
    kind = type(record)
    if kind is DecksRevealed:
        if commitment(record.orders) != header.deck_commitment:
            raise ReplayError(path, commit.line, commit.seq, "CHANCE-2",
                              _("the revealed deck orders do not match the header's commitment"))
    elif kind is Correction:
        target = next((st for seq, st in history if seq == record.from_seq), None)
        if target is None:
            raise ReplayError(path, commit.line, commit.seq, "REC-2",
                              _("cannot withdraw from seq {from_seq}: not one of the last decisions").format(from_seq=record.from_seq))
        return target
    return state  # a note (NOTE-1): commentary, the game does not change


def replay(j: journal.Journal, path: str = "") -> Iterator[Step]:
    """Replay every commit strictly: decode, decide again, compare the recorded events.

    Streams: one commit at a time; memory is bounded (the last :data:`UNDO_DEPTH` states are kept for
    corrections). Raises :class:`ReplayError` at the first commit that is not what the rules decide, and the
    journal's own errors (tampered chain, torn line, corrupt line) as they come.
    """
    header = j.header
    state = initial_state(header, path)
    history: deque[tuple[int, State]] = deque(maxlen=UNDO_DEPTH)
    events: tuple[Event, ...]
    keep = history.append
    players: dict[str, str] = {}  # character -> player once dealt (actor_of); a correction may undo the deal
    for commit in j.commits():
        try:
            record = to_record(commit.command)
        except msgspec.ValidationError as exc:
            raise ReplayError(path, commit.line, commit.seq, "JOURNAL-CMD", _("not a Lifeboat command: {exc}").format(exc=exc)) from None
        # The record classes have no subclasses: a type test, much cheaper than a failed isinstance.
        if type(record) in _SYSTEM_RECORDS:
            after, events = _system_record(path, commit, record, state, header, history), ()
            if type(record) is Correction:
                players.clear()
        else:
            keep((commit.seq, state))
            after, events = _decide_again(path, commit, state, record, players)
        yield Step(commit=commit, record=record, events=events, before=state, after=after)
        state = after


def active_commits(j: journal.Journal, path: str = "", upto_seq: int | None = None) -> list[tuple[int, tuple[Event, ...]]]:
    """``(seq, events)`` of every game commit still in force up to ``upto_seq`` (all by default): corrections
    (REC-2) withdraw the commits they name; system records are left out. Raises what :func:`replay` raises."""
    kept: list[tuple[int, tuple[Event, ...]]] = []
    for step in replay(j, path):
        if upto_seq is not None and step.commit.seq > upto_seq:
            break
        if isinstance(step.record, Correction):
            kept = [(seq, evs) for seq, evs in kept if seq < step.record.from_seq]
        elif not isinstance(step.record, (DecksRevealed, Note)):
            kept.append((step.commit.seq, step.events))
    return kept


def active_events(j: journal.Journal, path: str = "", upto_seq: int | None = None) -> list[Event]:
    """The events of :func:`active_commits`, in order: what views need after a correction."""
    return [ev for _, evs in active_commits(j, path, upto_seq) for ev in evs]


def final_state(source: Source) -> State:
    """Replay the game of ``source`` (a game file's path, or an open journal of any store) strictly and return
    its last state. Raises what :func:`replay` raises and :class:`journal.JournalError` subclasses."""
    with opened(source) as j:
        state = initial_state(j.header, str(j.path))
        for step in replay(j, str(j.path)):
            state = step.after
    return state


# ---- the views along the way ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoryStep:
    """One commit of :func:`story`: the replayed ``step`` (``None`` for the single step of a game nobody has been
    dealt into yet), the ``views`` of its events for the audience (:class:`lifeboat.views.EventView`), the
    ``observer`` holding the table after it, and the resolved ``viewer`` (``"public"``, ``"referee"`` or a
    character id)."""

    step: Step | None
    views: tuple[Any, ...]
    observer: Observer
    viewer: str


def perspective(obs: Observer, viewer: str) -> Any:
    """The table view of ``viewer`` in ``obs``: public, referee, or a seat's (without the legal-move list)."""
    if viewer == "public":
        return obs.public_view()
    if viewer == "referee":
        return obs.referee_view()
    return obs.seat_view(viewer, legal=False)


def _log(obs: Observer, viewer: str, start: int) -> tuple[Any, ...]:
    if viewer == "public":
        return tuple(obs.log(start=start))
    if viewer == "referee":
        return tuple(obs.log(referee=True, start=start))
    return tuple(obs.log(viewer, start=start))


def story(source: Source, who: str, to: int | None = None, field: str = "--to") -> Iterator[StoryStep]:
    """The game of ``source`` (a game file's path, or an open journal of any store) as ``who`` (a seat name,
    ``"public"`` or ``"referee"``) sees it, one :class:`StoryStep` per commit up to seq ``to`` (all by default).
    Raises what :func:`replay` raises and :class:`BadRequest` for a ``to`` out of range (``field`` names it in the
    message) or an unknown seat."""
    with opened(source) as j:
        yield from _story(j, who, to, field)


def _story(j: journal.Journal, who: str, to: int | None, field: str) -> Iterator[StoryStep]:
    path = j.path
    last = j.last_seq
    if to is not None and not 0 <= to <= last:
        raise BadRequest(_("{field} {to}: expected a commit number from 0 to {last} in {path}").format(field=field, to=to, last=last, path=path), field)
    key = who.strip().casefold()
    remember: tuple[str, ...] | None = () if key in ("public", "referee") else None  # a seat's memory only
    obs = Observer(initial_state(j.header, str(path)), remember=remember)
    viewer = None
    initial = obs.state
    for step in replay(j, str(path)):
        if to is not None and step.commit.seq > to:
            break
        if isinstance(step.record, Correction):  # REC-2: the views forget the withdrawn decisions too
            obs = Observer(initial, remember=remember)
            obs.record(active_events(j, str(path), step.commit.seq))
        start = len(obs)
        obs.record(step.events)
        if viewer is None and obs.state.characters:
            viewer = resolve_viewer(obs.state, who)
            if viewer not in ("public", "referee"):
                remember = (viewer,)
                obs.remember_only(remember)  # from now on, only this seat's memory grows
        yield StoryStep(step, _log(obs, viewer, start) if viewer else (), obs, viewer or "public")
        obs.forget()  # streaming: the story needs each commit's events once; the table and memory stay
    if viewer is None:  # nothing dealt yet (a fork at 0, a fresh game): no seat exists to be viewed
        yield StoryStep(None, (), obs, "public")


def view_at(source: Source, who: str, at: int | None = None, field: str = "--at") -> Any:
    """The table at seq ``at`` (default: the last) as ``who`` sees it: a :mod:`lifeboat.views` struct. Raises
    what :func:`story` raises."""
    last: StoryStep | None = None
    for last in story(source, who, at, field):
        pass
    assert last is not None
    return perspective(last.observer, last.viewer)
