"""Fuzzing the notation parser (issue 13): whatever line a user types, against tables at every step of real games
and a hand-set table, :func:`lifeboat.notation.parse` returns a command or raises a
``NOTATION-1`` :class:`InvalidCommand` / :class:`AmbiguousCommand`; nothing else escapes. Lines are random text,
random words of the notation's vocabulary, and rendered legal lines with a random edit. Fresh lines every run (a
failing one is printed); about 1,000 in CI, many more with ``-m slow``."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.notation.helpers import table_state

from lifeboat.chance import next_chance, shuffle
from lifeboat.errors import AmbiguousCommand, InvalidCommand
from lifeboat.game import apply, new_game
from lifeboat.legal import legal_commands, waiting_for
from lifeboat.notation import parse, render
from lifeboat.state import State

VOCABULARY = ("kid lauren captain stephen frenchy first mate : ： ; = , ( ) (2) 3 27 nav nav-27 ? ?p1 ?n3 ?x water "
              "water-3 painting hand mug row stack bottom none - for offer accept yes no join attacker defender use "
              "compass chance recorder deal draw take love hate removed is p0 p1 船长 水 抢 手牌 heal me throw chum "
              "fire open reveal keep choose drink refuse 0 99 -1 1e9 nav-c7 medical_kit-2 é ß \u200b \t ").split(" ")


@cache
def states() -> tuple[State, ...]:
    """A hand-set table and every 7th state of two random games (4 and 6 seats)."""
    out = [table_state()]
    for seed, n in ((3, 4), (8, 6)):
        rng = random.Random(seed)
        state = new_game([f"p{i}" for i in range(n)])
        orders = shuffle(rng, f"{seed:x}")
        for step in range(2000):
            if state.over:
                break
            cmd = next_chance(state, orders)
            if cmd is None:
                cmd = rng.choice(legal_commands(state, rng.choice(waiting_for(state))))
            state, _ = apply(state, cmd)
            if step % 7 == 0:
                out.append(state)
    return tuple(out)


def legal_line(state: State, pick: int) -> str:
    """A rendered legal line of ``state`` (the ``pick``-th, cyclically), or ``""`` when nobody acts."""
    lines = [render(cmd, state) for who in waiting_for(state) for cmd in legal_commands(state, who)]
    return lines[pick % len(lines)] if lines else ""


@st.composite
def lines(draw: st.DrawFn) -> tuple[State, str, str | None]:
    state = draw(st.sampled_from(states()))
    kind = draw(st.sampled_from(["text", "words", "legal"]))
    if kind == "text":
        text = draw(st.text(max_size=40))
    elif kind == "words":
        text = draw(st.sampled_from([" ", "", ",", ":"])).join(draw(st.lists(st.sampled_from(VOCABULARY),
                                                                              max_size=9)))
    else:
        text = legal_line(state, draw(st.integers(0, 10_000)))
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 6))
        text = text[:at] + draw(st.sampled_from(["", " ", "?", "x", "(", ")", ":", "-", "9", "水"])) + text[at + cut:]
    actor = draw(st.sampled_from([None, "kid", "captain", "chance", "recorder", "nobody", ""]))
    return state, text, actor


def check(state: State, text: str, actor: str | None) -> None:
    try:
        parse(text, state, actor=actor)
    except AmbiguousCommand as err:
        assert err.rule == "NOTATION-1", err
    except InvalidCommand as err:  # 'keep'/'take' out of the keeper's turn names the turn's rule (docs/notation.md);
        # 'close'/'end' and 'discard'/'drop' by a seat name the rule that has no such command (PROC-1, PROC-3)
        assert err.rule in ("NOTATION-1", "PROV-2", "PROC-1", "PROC-3"), err


@settings(max_examples=1000, deadline=None, database=None, print_blob=True, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=lines())
def test_any_line_parses_or_raises_a_notation_error(case: tuple[State, str, str | None]) -> None:
    check(*case)


@pytest.mark.slow
@settings(max_examples=30_000, deadline=None, database=None, print_blob=True, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=lines())
def test_many_more_lines_parse_or_raise_a_notation_error(case: tuple[State, str, str | None]) -> None:
    check(*case)
