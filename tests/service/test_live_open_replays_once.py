"""Opening a live game replays its journal once (issue 27): the table's fold gives the events each commit leaves
in force (what a page's ``since`` counts), so nothing replays the journal a second time to count them. Measured on
the real code: every commit the replay decides again is one call of ``_decide_again``, counted by a profile hook;
the game is a real file and a real PostgreSQL store."""

from __future__ import annotations

import json
import random
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from lifeboat.service.game import replay as replay_module
from lifeboat.service.live.game import LiveGame

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = {"note", "decks_revealed", "correction"}


@contextmanager
def decided_again() -> Iterator[list[int]]:
    """Count the commits a replay decides again (one call of ``_decide_again`` each) while the block runs."""
    code = replay_module._decide_again.__code__
    calls = [0]

    def hook(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            calls[0] += 1

    sys.setprofile(hook)
    try:
        yield calls
    finally:
        sys.setprofile(None)


def game_commits(path: Path) -> int:
    """The commits of a game file a replay decides again: every line but the header and the system records."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return sum(1 for line in lines if json.loads(line)["command"].get("type") not in SYSTEM)


def test_opening_a_game_file_replays_it_once(tmp_path: Path) -> None:
    game = tmp_path / "six-players.jsonl"
    shutil.copy(ROOT / "docs" / "examples" / "six-players.jsonl", game)
    commits = game_commits(game)
    assert commits > 100
    with decided_again() as calls:
        live = LiveGame.open(game)
    assert calls[0] == commits  # once; it was twice (the fold, then the events' count per seq)
    assert live.seq == len(game.read_text(encoding="utf-8").splitlines()) - 1


def test_the_events_in_force_match_a_second_fold(tmp_path: Path) -> None:
    """The counts the table keeps as play goes on are those a fresh fold of the same journal gives."""
    game = tmp_path / "g.jsonl"
    live = LiveGame.create(game, ["Ann", "Bob", "Cy", "Dee"], seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if live.over:
            break
        seat = live.waiting_for()[0]
        live.decide(seat, live.bot_decision(seat, rng), live.seq)  # decided on the table as it is now
    assert live.seq > 40
    marks = [live.event_index(seq) for seq in range(live.seq + 1)]
    again = LiveGame.open(game)
    assert [again.event_index(seq) for seq in range(again.seq + 1)] == marks
    assert marks[-1] == len(again._table.views) > marks[1] > 0


def test_opening_a_stored_game_replays_it_once(postgres_url: str, postgres_schema: str) -> None:
    from lifeboat.service.live.stored import GameStore

    store = GameStore(postgres_url, postgres_schema)
    try:
        made = LiveGame.create_stored(store, ["Ann", "Bob", "Cy", "Dee"], seed=4)
        with decided_again() as calls:
            opened = LiveGame.open_stored(store, made.game_id)
        assert calls[0] == made.seq == opened.seq  # the deal: every commit a game commit, each decided once
    finally:
        store.close()



def test_a_stored_game_replays_as_a_file_does(postgres_url: str, postgres_schema: str, tmp_path: Path) -> None:
    """The replay document of a store's game is read from its open journal (one opener for a path or a journal:
    lifeboat.service.game.files.opened), and says what the same game saved to a file says."""
    from lifeboat.service.live.stored import GameStore
    from lifeboat.service.teaching import replay_document

    store = GameStore(postgres_url, postgres_schema)
    try:
        live = LiveGame.create_stored(store, ["Ann", "Bob", "Cy", "Dee"], seed=5)
        rng = random.Random(5)
        for _ in range(10):
            seat = live.waiting_for()[0]
            live.decide(seat, live.bot_decision(seat, rng), live.seq)
        stored = live.replay_document("public")
        saved = tmp_path / f"{live.game_id}.jsonl"
        live._table.journal.save(saved).close()
        from_file = replay_document(saved, "public")
        assert stored["steps"] == from_file["steps"] and stored["title"] == from_file["title"]
        assert stored["game"] == {"players": ["Ann", "Bob", "Cy", "Dee"], "created_ms": live._table.header.created_ms}
    finally:
        store.close()
