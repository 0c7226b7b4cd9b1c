"""The glue between the journal and the engine: create a game file, replay it strictly, append decisions.

A game file is a ``journal`` JSONL file whose header carries the Lifeboat ruleset (``ruleset``:
``"lifeboat-base"``, ``options``: the :class:`lifeboat.Ruleset` fields) and whose commits carry
:data:`cli.records.Record` values. The deck orders of a digital game live beside it in ``<file>.deck.json``
(the dealer's secret) until the end, when they are revealed in the journal (CHANCE-2).

Errors: :class:`ReplayError` (a rule violation or an inconsistent commit, with ``line`` and ``rule``); journal
errors (:class:`journal.JournalError` and subclasses) pass through unchanged.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec

import journal
from cli.records import Correction, DecksRevealed, Record
from lifeboat import Ruleset, apply, new_game
from lifeboat.chance import DeckOrders, commitment, next_chance, shuffle
from lifeboat.commands import Command, is_chance, is_recorder
from lifeboat.errors import InconsistentHistory, LifeboatError, RuleViolation
from lifeboat.events import Event
from lifeboat.position import load as load_position
from lifeboat.position import position_state
from lifeboat.state import State

RULESET_NAME = "lifeboat-base"
UNDO_DEPTH = 64  # how many decisions back a Correction may reach


class ReplayError(Exception):
    """A commit that the rules refuse or whose recorded events differ from the decided ones.

    Attributes: ``path``, ``line`` (1-based file line), ``seq``, ``rule`` (rule id or check name), ``message``.
    """

    def __init__(self, path: str, line: int, seq: int, rule: str, message: str) -> None:
        self.path, self.line, self.seq, self.rule, self.message = path, line, seq, rule, message
        super().__init__(f"{path}:{line}: [{rule}] {message}")


@dataclass(frozen=True)
class Step:
    """One replayed commit: ``record`` (a command or system record), ``events`` decided, states around it."""

    commit: journal.Commit
    record: Record
    events: tuple[Event, ...]
    before: State
    after: State


def deck_path(path: Path) -> Path:
    """Where the dealer keeps the committed deck orders of ``path`` until the end."""
    return path.with_name(path.name + ".deck.json")


def ruleset_of(header: journal.Header, path: str = "") -> Ruleset:
    """The :class:`Ruleset` recorded in ``header``. Raises :class:`journal.JournalCorrupt` if it is not one."""
    if header.ruleset != RULESET_NAME:
        raise journal.JournalCorrupt(
            f"not a Lifeboat game (ruleset {header.ruleset!r})", path=path, line=1,
            expected=f"ruleset {RULESET_NAME!r}",
        )
    try:
        return msgspec.convert(header.options, Ruleset)
    except msgspec.ValidationError as exc:
        raise journal.JournalCorrupt("the header's options are not Lifeboat options", path=path, line=1,
                                     expected=str(exc)) from exc


def initial_state(header: journal.Header, path: str = "") -> State:
    """The state a journal starts from: a new game of the header's players and ruleset, or the header's
    ``position`` (POS-1). Raises :class:`ReplayError` (line 1) when the header cannot start a game."""
    ruleset = ruleset_of(header, path)
    try:
        if header.position is not None:
            return position_state(load_position(header.position))
        return new_game(header.players, ruleset)
    except RuleViolation as exc:
        raise ReplayError(path, 1, 0, exc.rule, f"the header cannot start a game: {exc.message}") from None


def create_recorded_game(path: Path, *, players: list[str] | None = None, ruleset: Ruleset | None = None,
                         position: dict | None = None, clock: journal.Clock | None = None
                         ) -> tuple[journal.JsonlJournal, State]:
    """Start a recorded game (REC-1): chance is entered by the recorder, nothing is committed in advance.
    From ``position`` (a decoded position file, POS-1) or from setup with ``players``.

    Raises:
        journal.JournalExists: ``path`` exists. RuleViolation: bad players, options or position.
    """
    if position is not None:
        pos = load_position(position)
        state = position_state(pos)
        ruleset = state.ruleset
        players = list(state.players)
        stored: dict | None = msgspec.to_builtins(pos)
    else:
        ruleset = ruleset or Ruleset()
        state = new_game(players or [], ruleset)
        stored = None
    header = journal.Header.new(
        game_id=os.urandom(8).hex(), ruleset=RULESET_NAME, players=state.players,
        options=msgspec.to_builtins(ruleset), position=stored,
        meta={"chance": "recorded", "engine": "lifeboat 0.1"}, clock=clock,
    )
    return journal.JsonlJournal.create(path, header, clock=clock), state


def actor_of(state: State, command: Command) -> str:
    """The journal actor of ``command``: the player of ``command.by``, ``"chance"`` or ``"recorder"``."""
    if is_chance(command):
        return "chance"
    if is_recorder(command):
        return "recorder"
    try:
        return state.char(command.by).player  # type: ignore[union-attr]
    except KeyError:
        return command.by  # type: ignore[union-attr]


def create_game(path: Path, players: list[str], *, seed: int | None = None, ruleset: Ruleset | None = None,
                clock: journal.Clock | None = None) -> tuple[journal.JsonlJournal, State, DeckOrders]:
    """Start a digital game in a new file: shuffle (seeded RNG), commit to the orders, record the setup.

    Raises:
        journal.JournalExists: ``path`` exists (nothing is overwritten).
        RuleViolation: bad players or options (SETUP-1, OPT-1).
    """
    ruleset = ruleset or Ruleset()
    state = new_game(players, ruleset)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    salt = f"{rng.getrandbits(128):032x}"
    orders = shuffle(rng, salt, ruleset)  # the decks of the game's sets (EXP-1)
    if seed is None:
        game_id = os.urandom(8).hex()
    else:  # reproducible, yet different for other players, options or seeds (receipts are routed by game id)
        key = msgspec.json.encode([seed, rng.getrandbits(64), state.players, msgspec.to_builtins(ruleset)])
        game_id = hashlib.sha256(key).hexdigest()[:16]
    header = journal.Header.new(
        game_id=game_id, ruleset=RULESET_NAME, players=state.players,
        options=msgspec.to_builtins(ruleset), deck_commitment=commitment(orders),
        meta={"chance": "committed", "engine": "lifeboat 0.1"}, clock=clock,
    )
    j = journal.JsonlJournal.create(path, header, clock=clock)
    deck_path(path).write_bytes(msgspec.json.encode(orders))
    state, _ = advance_chance(j, state, orders)
    return j, state, orders


def load_orders(path: Path, commitment_hash: str | None = None) -> DeckOrders | None:
    """The dealer's deck orders for ``path``, or ``None`` when there is no deck file (a recorded game).

    Raises:
        journal.JournalCorrupt: the deck file is not deck orders, or (``commitment_hash`` given) its orders do not
            match the journal header's commitment (CHANCE-2): dealing from it would make a game nobody can replay.
    """
    p = deck_path(path)
    if not p.exists():
        return None
    try:
        orders = msgspec.json.decode(p.read_bytes(), type=DeckOrders)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise journal.JournalCorrupt(f"the deck file is not deck orders ({exc})", path=str(p), line=1,
                                     expected="the dealer's deck orders written by 'lifeboat new'") from None
    if commitment_hash is not None and commitment(orders) != commitment_hash:
        raise journal.JournalCorrupt("the deck file does not match the journal's deck commitment", path=str(p),
                                     line=1, expected=f"orders whose hash is {commitment_hash[:16]}… (CHANCE-2); "
                                     f"is it another game's deck file?")
    return orders


def append(j: journal.JsonlJournal | journal.MemoryJournal, state: State,
           command: Command) -> tuple[State, tuple[Event, ...]]:
    """Decide ``command``, append it with its events; returns ``(new_state, events)``.

    Raises RuleViolation (nothing is written) or a journal error.
    """
    new_state, events = apply(state, command)
    j.append(j.last_seq + 1, actor_of(state, command), command, events)
    return new_state, events


def advance_chance(j: journal.JsonlJournal | journal.MemoryJournal, state: State,
                   orders: DeckOrders) -> tuple[State, list[Event]]:
    """Append every chance outcome the game waits for (following the committed orders); at the end, reveal the
    orders (CHANCE-2). Returns the state where a player must act (or the final state) and the new events."""
    new: list[Event] = []
    while True:
        cmd = next_chance(state, orders)
        if cmd is None:
            break
        state, events = append(j, state, cmd)
        new.extend(events)
    if state.over and not _revealed(j):
        j.append(j.last_seq + 1, "system", DecksRevealed(orders=orders), ())
    return state, new


def _revealed(j: journal.JsonlJournal | journal.MemoryJournal) -> bool:
    """True when the journal's last commit reveals the decks (it is always the last line of a game)."""
    for commit in j.commits(from_seq=max(1, j.last_seq)):
        cmd = commit.command
        return isinstance(cmd, dict) and cmd.get("type") == "decks_revealed"
    return False


def replay(j: journal.JsonlJournal | journal.MemoryJournal, path: str = "") -> Iterator[Step]:
    """Replay every commit strictly: decode, decide again, compare the recorded events.

    Streams: one commit at a time; memory is bounded (the last :data:`UNDO_DEPTH` states are kept for
    corrections). Raises :class:`ReplayError` at the first commit that is not what the rules decide, and the
    journal's own errors (tampered chain, torn line, corrupt line) as they come.
    """
    header = j.header
    state = initial_state(header, path)
    history: deque[tuple[int, State]] = deque(maxlen=UNDO_DEPTH)
    for commit in j.commits():
        try:
            record = msgspec.convert(commit.command, Record)  # type: ignore[arg-type]
        except msgspec.ValidationError as exc:
            raise ReplayError(path, commit.line, commit.seq, "JOURNAL-CMD", f"not a Lifeboat command: {exc}") from None
        before = state
        if isinstance(record, DecksRevealed):
            if commitment(record.orders) != header.deck_commitment:
                raise ReplayError(path, commit.line, commit.seq, "CHANCE-2",
                                  "the revealed deck orders do not match the header's commitment")
            events: tuple[Event, ...] = ()
        elif isinstance(record, Correction):
            target = next((st for seq, st in history if seq == record.from_seq), None)
            if target is None:
                raise ReplayError(path, commit.line, commit.seq, "REC-2",
                                  f"cannot withdraw from seq {record.from_seq}: not one of the last decisions")
            state = target
            events = ()
        else:
            history.append((commit.seq, state))
            expected_actor = actor_of(state, record)
            if commit.actor != expected_actor:
                raise ReplayError(path, commit.line, commit.seq, "TURN-1",
                                  f"actor {commit.actor!r} recorded, but the command is {expected_actor!r}'s")
            try:
                state, events = apply(state, record)
            except RuleViolation as exc:
                raise ReplayError(path, commit.line, commit.seq, exc.rule, exc.message) from None
            except (InconsistentHistory, LifeboatError) as exc:
                raise ReplayError(path, commit.line, commit.seq, "EVOLVE", str(exc)) from None
            if msgspec.json.encode(events) != msgspec.json.encode(tuple(commit.events)):
                raise ReplayError(path, commit.line, commit.seq, "EVENTS",
                                  "the recorded consequences differ from what the rules decide")
        yield Step(commit=commit, record=record, events=events, before=before, after=state)


def active_commits(j: journal.JsonlJournal | journal.MemoryJournal, path: str = "",
                   upto_seq: int | None = None) -> list[tuple[int, tuple[Event, ...]]]:
    """``(seq, events)`` of every game commit still in force up to ``upto_seq`` (all by default): corrections
    (REC-2) withdraw the commits they name; system records are left out. Raises what :func:`replay` raises."""
    kept: list[tuple[int, tuple[Event, ...]]] = []
    for step in replay(j, path):
        if upto_seq is not None and step.commit.seq > upto_seq:
            break
        if isinstance(step.record, Correction):
            kept = [(seq, evs) for seq, evs in kept if seq < step.record.from_seq]
        elif not isinstance(step.record, DecksRevealed):
            kept.append((step.commit.seq, step.events))
    return kept


def active_events(j: journal.JsonlJournal | journal.MemoryJournal, path: str = "",
                  upto_seq: int | None = None) -> list[Event]:
    """The events of :func:`active_commits`, in order: what views need after a correction."""
    return [ev for _, evs in active_commits(j, path, upto_seq) for ev in evs]
