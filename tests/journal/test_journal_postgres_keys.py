"""A store row keyed by another game id than its header's is refused (issue 32): copying game B's rows under
game A's key made ``export A`` write game B. Every read of a game (open, export) checks the key against the
header, as a file's reader checks each line against the one before it."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from journal import JournalTampered, PostgresStore
from lifeboat.service import export_game
from tests.journal.journal_testkit import make_header


def test_a_game_row_keyed_by_another_id_than_its_header_is_refused(pg_store: PostgresStore, postgres_url: str,
                                                                   postgres_schema: str, tmp_path: Path) -> None:
    b = pg_store.create(make_header(game_id="game-b"))
    b.append(1, "system", {"type": "x"}, [{"type": "y"}])
    b.close()
    with psycopg.connect(postgres_url, autocommit=True) as conn:  # B's rows copied under the key "game-a"
        conn.execute(f"INSERT INTO {postgres_schema}.games SELECT 'game-a', line FROM {postgres_schema}.games "
                     "WHERE game_id = 'game-b'")
        conn.execute(f"INSERT INTO {postgres_schema}.commits SELECT 'game-a', seq, line FROM "
                     f"{postgres_schema}.commits WHERE game_id = 'game-b'")
    with pytest.raises(JournalTampered) as caught:
        pg_store.open("game-a")
    assert caught.value.line == 1 and "'game-a'" in caught.value.expected and "'game-b'" in caught.value.found
    with pytest.raises(JournalTampered):
        export_game(postgres_url, "game-a", tmp_path / "a.jsonl", schema=postgres_schema)
    assert not (tmp_path / "a.jsonl").exists()
    pg_store.open("game-b").close()  # the game under its own key reads
