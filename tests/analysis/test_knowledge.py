"""ANALYSIS-2: the analysis sees only the seat's knowledge.

Given a game (recorded, every card named) and a redeal of it that differs only in cards the analysed seat had not
seen (the other hands, the removed provisions, the deck order beyond what it saw, the others' LOVE and HATE), when
both files are analysed for that seat with the same seed, then every decision's analysis is the same, over many
decisions and several games and redeals.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from lifeboat import Ruleset, apply, legal_commands, new_game, waiting_for
from lifeboat import commands as c
from lifeboat.bots.random_bot import random_choice
from lifeboat.chance import next_chance, shuffle
from lifeboat.errors import RuleViolation
from lifeboat.views import Observer
from lifeboat.service import Table
from lifeboat.service.analysis.run import analyse

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
PREFIX = 70  # commits of each game analysed


def _game(seed: int) -> list[c.Command]:
    """The first :data:`PREFIX` commands of a game of the random bot, chance's included."""
    rng = random.Random(seed)
    state = new_game(PLAYERS, Ruleset())
    orders = shuffle(rng, f"{seed:x}")
    out: list[c.Command] = []
    while len(out) < PREFIX and not state.over:
        cmd = next_chance(state, orders)
        if cmd is None:
            me = waiting_for(state)[0]
            cmd = random_choice(me, legal_commands(state, me), rng)
        state, _ = apply(state, cmd)
        out.append(cmd)
    return out


def _seat_story(commands: list[c.Command], seat_index: int) -> tuple[str, bytes] | None:
    """The seat (character id) of player ``seat_index`` and everything it saw over the commands (its log and its
    view after each command, encoded); ``None`` when the rules refuse a command."""
    state = new_game(PLAYERS, Ruleset())
    obs = Observer(state)
    views = []
    try:
        for cmd in commands:
            state, events = apply(state, cmd)
            obs.record(events)
            if state.characters:
                views.append(obs.seat_view(state.characters[seat_index].character, legal=False))
    except RuleViolation:
        return None
    seat = state.characters[seat_index].character
    return seat, msgspec.json.encode([obs.log(seat), views])


def _redeal(commands: list[c.Command], seat_index: int, rng: random.Random, tries: int = 40) -> list[c.Command]:
    """The commands with cards swapped two by two, each swap kept only when the seat saw exactly the same as before
    (its log and every view): another hand's card, a removed one, a card kept or rowed out of its sight; and the
    others' LOVE and HATE shuffled likewise."""
    _, story = _seat_story(commands, seat_index)  # type: ignore[misc]
    ids = sorted({x for cmd in commands for x in _strings(msgspec.to_builtins(cmd)) if "-" in x})
    current = commands
    for _ in range(tries):
        a, b = rng.sample(ids, 2)
        trial = [msgspec.convert(_mapped(msgspec.to_builtins(cmd), {a: b, b: a}), c.Command) for cmd in current]  # type: ignore[arg-type]
        got = _seat_story(trial, seat_index)
        if got is not None and got[1] == story:
            current = trial
    deal = current[0]
    assert isinstance(deal, c.DealSetup)
    others = [i for i in range(len(deal.characters)) if i != seat_index]
    for _ in range(tries // 4):
        i, j = rng.sample(others, 2)
        for field in ("love", "hate"):
            values = list(getattr(current[0], field))
            values[i], values[j] = values[j], values[i]
            trial = [msgspec.structs.replace(current[0], **{field: tuple(values)}), *current[1:]]  # type: ignore[arg-type]
            got = _seat_story(trial, seat_index)
            if got is not None and got[1] == story:
                current = trial
    return current


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _strings(v)]
    return []


def _mapped(value: object, mapping: dict[str, str]) -> object:
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, dict):
        return {k: _mapped(v, mapping) for k, v in value.items()}
    if isinstance(value, list):
        return [_mapped(v, mapping) for v in value]
    return value


def _write(path: Path, commands: list[c.Command]) -> Path:
    table = Table.record_new(path, players=PLAYERS)
    for cmd in commands:
        table.decide(cmd, detail=False)
    table.journal.close()
    return path


@pytest.mark.parametrize("seed,seat_index", [(3, 0), (8, 2)])
def test_the_analysis_is_the_same_whatever_the_seat_had_not_seen(tmp_path: Path, seed: int, seat_index: int) -> None:
    commands = _game(seed)
    seat, _ = _seat_story(commands, seat_index)  # type: ignore[misc]
    first = analyse(_write(tmp_path / "a.jsonl", commands), seat, worlds=2, seed=5)
    decided = [d for d in first.analysis.decisions if not d.forced]
    assert len(decided) >= 5
    redeals = 0
    for n in range(4):
        other = _redeal(commands, seat_index, random.Random(f"{seed}:{n}"))
        if other == commands:
            continue
        assert sum(x != y for x, y in zip(other, commands)) >= 1
        again = analyse(_write(tmp_path / f"b{n}.jsonl", other), seat, worlds=2, seed=5)
        assert again.analysis.decisions == first.analysis.decisions
        assert again.words == first.words
        redeals += 1
    assert redeals >= 2
