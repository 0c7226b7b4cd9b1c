"""What :mod:`service.live` needs from the game, the journal and the bots, in one place.

Functions: :func:`open_journal`, :func:`create_game`, :func:`load_orders`, :func:`replay_observer`,
:func:`append`, :func:`advance_chance`, :func:`parse_for`, :func:`render`, :func:`navigation_shown`,
:func:`random_bot`; errors are the engine's (:class:`RuleViolation`) and the journal's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgspec

import journal
from cli.bots import random_bot
from cli.session import active_commits, advance_chance as _advance, append, create_game as _create
from cli.session import ReplayError, initial_state, load_orders
from lifeboat.commands import Command, PlayerCommand
from lifeboat.errors import RuleViolation
from lifeboat.legal import waiting_for
from lifeboat.notation import parse, render
from lifeboat.ruleset import ruleset_from_options
from lifeboat.state import State
from lifeboat.views import EventView, Observer, TableView
from lifeboat.cards import NAVIGATION
from lifeboat.views.catalog import navigation_facts

PlayerCommandType = PlayerCommand
GameFileError = (journal.JournalError, ReplayError)

__all__ = [
    "Command", "EventView", "Observer", "PlayerCommandType", "RuleViolation", "State", "TableView", "append",
    "load_orders", "random_bot", "render", "waiting_for",
]


def open_journal(path: Path) -> journal.JsonlJournal:
    """Open a game file. Raises :class:`journal.JournalError` (not found, corrupt, tampered …)."""
    return journal.JsonlJournal.open(path)


def create_game(path: Path, players: list[str], *, seed: int | None, options: list[str]) -> None:
    """Create and deal a digital game. Raises RuleViolation (SETUP-1, OPT-1), journal.JournalExists."""
    if len({p.strip().casefold() for p in players}) != len(players):
        raise RuleViolation("SETUP-1", "player names must be different")
    _create(path, players, seed=seed, ruleset=ruleset_from_options(options))


def replay_observer(j: journal.JsonlJournal, path: str) -> tuple[Observer, list[int]]:
    """An observer fed every commit still in force, and for each seq the number of events once it is applied."""
    obs = Observer(initial_state(j.header, path))
    marks = [0] * (j.last_seq + 1)
    for seq, events in active_commits(j, path):
        obs.record(events)
        marks[seq] = len(obs)
    for seq in range(1, len(marks)):
        marks[seq] = max(marks[seq], marks[seq - 1])
    return obs, marks


def advance_chance(j: journal.JsonlJournal, state: State, orders: Any,
                   on_commit: Callable[[tuple[Any, ...]], None]) -> tuple[State, list[Any]]:
    """Append every chance outcome the game waits for, calling ``on_commit(events)`` after each commit (the
    revealed decks at the end included, with no events)."""
    new: list[Any] = []
    while True:
        last = j.last_seq
        state, events = _advance_one(j, state, orders)
        if j.last_seq == last:
            return state, new
        new.extend(events)
        on_commit(tuple(events))


def _advance_one(j: journal.JsonlJournal, state: State, orders: Any) -> tuple[State, tuple[Any, ...]]:
    from lifeboat.chance import next_chance

    cmd = next_chance(state, orders)
    if cmd is not None:
        return append(j, state, cmd)
    if state.over:
        _advance(j, state, orders)  # reveals the decks once (CHANCE-2)
    return state, ()


def parse_for(line: str, state: State, seat: str) -> Command:
    """``seat``'s line of notation. The actor a line names is read before anything else, so a line for another
    seat is refused before its cards are looked up in that seat's hand. Raises RuleViolation (NOTATION-1,
    SERVE-3)."""
    head, sep, _ = line.replace("：", ":").partition(":")
    if sep and getattr(parse(f"{head}: pass", state), "by", None) != seat:
        raise RuleViolation("SERVE-3", "decide for your own character only")
    return parse(line, state, seat)


_NAV_TOKEN = re.compile(rb"(?<![A-Za-z0-9_-])nav-[cl]?[0-9]+(?![A-Za-z0-9_-])")


@lru_cache(maxsize=4096)
def _facts(card_id: str, in_game: tuple[str, ...]) -> dict[str, Any]:
    return navigation_facts(card_id, in_game)


def navigation_shown(view: TableView, in_game: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The facts (NAV-3) of every navigation card ``view`` names (in play, discarded, known in the row stack, in
    its step), keyed by card id, as :func:`lifeboat.views.catalog.navigation_in` gives them (cached per game:
    a card's facts depend only on the characters in the game)."""
    found = sorted({m.decode() for m in _NAV_TOKEN.findall(msgspec.json.encode(view))} & NAVIGATION.keys())
    return {cid: _facts(cid, in_game) for cid in found}
