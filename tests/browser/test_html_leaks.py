"""Leaks through an HTML replay (issue 12): for random bot games, the page ``lifeboat replay --as SEAT --to SEQ
--html`` writes holds, in its raw text, none of what that seat does not know at SEQ: other seats' hand cards,
cards still in the decks or set aside, the row stack it did not see, others' LOVE and HATE, the salt, notes for
another seat or the referee (NOTE-1), and nothing after SEQ.

What the seat knows is what the service's views told it (:func:`lifeboat.service.story`: every event as the seat saw it, and
its table): each card id in the page must be among those. The games are played in-process by random bots through
the real service (a seeded loop): three in CI, more with ``-m slow``.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from cli.app import app
from lifeboat import waiting_for
from lifeboat.legal import legal_commands
from lifeboat.service import Table, annotate, deck_path, load_orders, perspective, random_bot, story
from lifeboat.web.viewer import ASSETS, asset_text

CARD = re.compile(r"\b(?:nav-\d+|[a-z]+(?:_[a-z]+)*-\d+)\b")
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def play(path: Path, seed: int, players: int) -> int:
    """A finished game of random bots (seeded), appended through the service; returns its last seq."""
    table = Table.deal_new(path, PLAYERS[:players], seed=seed)
    rng = random.Random(seed)
    while not table.state.over:
        me = rng.choice(sorted(waiting_for(table.state)))
        table.decide(random_bot(me, legal_commands(table.state, me), rng), detail=False)
        table.deal(detail=False)
    table.close()
    return table.last_seq


def known_cards(path: Path, seat: str, to: int) -> set[str]:
    """Every card id the seat's views named up to ``to``: its events and its table after each commit."""
    seen: set[str] = set()
    for st in story(path, seat, to):
        seen |= set(CARD.findall(msgspec.json.encode(st.views).decode()))
        seen |= set(CARD.findall(msgspec.json.encode(perspective(st.observer, st.viewer)).decode()))
    return seen


def embedded(text: str) -> dict:
    raw = re.search(r'<script type="application/json" id="lifeboat-replay">(.*?)</script>', text, re.S)
    assert raw is not None
    return json.loads(raw.group(1))


def check(tmp_path: Path, seed: int) -> None:
    rng = random.Random(1000 + seed)
    path = tmp_path / f"g{seed}.jsonl"
    last_game_seq = play(path, seed, rng.choice([4, 5, 6])) - 1  # the last line reveals the decks
    orders = load_orders(path)
    assert orders is not None
    to = rng.randrange(10, last_game_seq - 5)
    states = {}
    for st in story(path, "referee", to):
        states[st.step.commit.seq] = st.observer.state
    state = states[to]
    assert not state.over
    me = rng.choice(state.characters)
    others = [c for c in state.characters if c.character != me.character]
    other = rng.choice(others)
    at = rng.randrange(2, to + 1)
    while at not in states or states[at] is None:
        at -= 1
    for who, text in ((me.player, f"MINE-{seed}"), ("public", f"PUBLIC-{seed}"),
                      (other.player, f"SECRET-OTHER-{seed}"), ("referee", f"SECRET-REF-{seed}")):
        annotate(path, at, text, who)

    out = tmp_path / f"g{seed}.html"
    done = CliRunner().invoke(app, ["replay", str(path), "--as", me.player, "--to", str(to), "--html", str(out)])
    assert done.exit_code == 0, done.output
    text = out.read_text(encoding="utf-8")
    doc = embedded(text)
    for name in ASSETS:  # the viewer's own code is the same in every file and holds no game (its comments name
        text = text.replace(asset_text(name), "")  # example cards such as nav-28)

    assert max(s["seq"] for s in doc["steps"]) == to  # nothing after --to
    assert f"MINE-{seed}" in text and f"PUBLIC-{seed}" in text  # NOTE-1: its audience only
    assert f"SECRET-OTHER-{seed}" not in text and f"SECRET-REF-{seed}" not in text
    assert orders.salt not in text and deck_path(path).name not in text
    known = known_cards(path, me.player, to)
    hidden = {x for c in others for x in c.hand} | set(state.provisions) | set(state.removed) \
        | set(state.nav_unseen) | set(state.nav_bottom) | set(state.row_stack)
    secrets = hidden - known
    assert secrets, "a game with nothing hidden tests nothing"
    assert sorted(x for x in secrets if re.search(rf"\b{re.escape(x)}\b", text)) == []
    in_doc = set(CARD.findall(json.dumps(doc)))
    assert sorted(in_doc - known) == []  # every card the page names, the seat's views named
    # LOVE and HATE: the seat's own only (others' are shown at the end, END-2, which --to stops before)
    for step in doc["steps"]:
        for ch in step["table"]["characters"]:
            assert ch.get("love") in (None, me.love) and ch.get("hate") in (None, me.hate)
        if step["table"].get("reveal"):
            raise AssertionError("the page reveals the end before it")
    assert {s["table"].get("love") for s in doc["steps"]} <= {me.love, None}


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory when the machine has one (/dev/shm): the journal fsyncs every line, and the games here
    are for reading, not for keeping."""
    if not Path("/dev/shm").is_dir():
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir="/dev/shm") as d:
        yield Path(d)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_html_replay_holds_only_what_its_seat_knows(folder: Path, seed: int) -> None:
    check(folder, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4, 30))
def test_an_html_replay_holds_only_what_its_seat_knows_many_games(folder: Path, seed: int) -> None:
    check(folder, seed)
