"""What only the PostgreSQL store does: the same bytes as a file, import and export, a row changed in the
database, a streaming read through a server-side cursor, and notifications across processes.

The journal contract (tests/journal/test_journal_contract.py) and the race and crash tests
(tests/journal/test_journal_crash.py) run against this store too.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journal_testkit import StepClock, finish, go, make_header, spawn

from journal import (CommitListener, JournalConflict, JournalError, JournalExists, JournalNotFound, JournalTampered,
                     JournalTorn, JsonlJournal, MemoryJournal, Notice, PostgresJournal, PostgresStore)


def play(journal: JsonlJournal | PostgresJournal, n: int) -> None:
    for i in range(1, n + 1):
        journal.append(i, ("alice", "bob")[i % 2], {"type": "row", "i": i, "note": "ünïcode ✓"},
                       [{"type": "rowed", "distance": i}])


def test_a_game_is_stored_as_the_bytes_of_its_jsonl_file(pg_store: PostgresStore, tmp_path: Path) -> None:
    direct = tmp_path / "direct.jsonl"
    with JsonlJournal.create(direct, make_header("same"), clock=StepClock()) as on_disk:
        play(on_disk, 7)
    with pg_store.create(make_header("same"), clock=StepClock()) as stored:
        play(stored, 7)
        assert b"".join(stored.lines()) == direct.read_bytes()
        stored.save(tmp_path / "exported.jsonl").close()
    assert (tmp_path / "exported.jsonl").read_bytes() == direct.read_bytes()
    with psycopg.connect(pg_store.url) as conn:
        rows = conn.execute(f"SELECT seq, line FROM {pg_store.schema}.commits ORDER BY seq").fetchall()
        header = conn.execute(f"SELECT game_id, line FROM {pg_store.schema}.games").fetchall()
    lines = direct.read_bytes().split(b"\n")
    assert header == [("same", lines[0])]
    assert rows == [(seq, lines[seq]) for seq in range(1, 8)]


def test_import_then_export_gives_the_file_back_byte_for_byte(pg_store: PostgresStore, tmp_path: Path) -> None:
    source = tmp_path / "source.jsonl"
    with JsonlJournal.create(source, make_header("imported"), clock=StepClock()) as on_disk:
        play(on_disk, 5)
        head = on_disk.head_hash
    with pg_store.import_jsonl(source) as imported:
        assert (imported.last_seq, imported.head_hash) == (5, head)
        imported.append(6, "carol", {"type": "row"}, at_ms=1)  # the game goes on in the store
        imported.save(tmp_path / "back.jsonl").close()
    with JsonlJournal.open(source) as on_disk:
        on_disk.append(6, "carol", {"type": "row"}, at_ms=1)
    assert (tmp_path / "back.jsonl").read_bytes() == source.read_bytes()
    with pytest.raises(JournalExists) as caught:
        pg_store.import_jsonl(source)
    assert caught.value.path == f"{pg_store.location}/imported"
    assert caught.value.found == "game 'imported'"
    with pytest.raises(JournalExists):
        pg_store.open("imported").save(tmp_path / "back.jsonl")


def test_a_torn_or_tampered_file_is_not_imported_and_leaves_nothing(pg_store: PostgresStore, tmp_path: Path) -> None:
    source = tmp_path / "torn.jsonl"
    with JsonlJournal.create(source, make_header("torn"), clock=StepClock()) as on_disk:
        play(on_disk, 3)
    with source.open("ab") as f:
        f.write(b'{"seq":4,"at_ms"')
    with pytest.raises(JournalTorn) as caught:
        pg_store.import_jsonl(source)
    assert (caught.value.path, caught.value.line) == (str(source), 5)
    source.write_bytes(source.read_bytes().replace(b'"i":2', b'"i":9').rsplit(b"\n", 1)[0] + b"\n")
    with pytest.raises(JournalTampered) as caught:
        pg_store.import_jsonl(source)
    assert caught.value.line == 3
    assert pg_store.game_ids() == []


def test_a_row_changed_in_the_database_is_reported_at_its_line(pg_store: PostgresStore) -> None:
    with pg_store.create(make_header("edited"), clock=StepClock()) as journal:
        play(journal, 4)
        with psycopg.connect(pg_store.url, autocommit=True) as conn:
            conn.execute(f"UPDATE {pg_store.schema}.commits SET line = convert_to(replace("
                         "convert_from(line, 'UTF8'), '\"i\":3', '\"i\":7'), 'UTF8') WHERE seq = 3")
        with pytest.raises(JournalTampered) as caught:
            list(journal.commits())
        assert (caught.value.path, caught.value.line) == (f"{pg_store.location}/edited", 4)
        assert caught.value.message == "the line's hash does not match its content"
    with pytest.raises(JournalTampered) as caught:
        pg_store.open("edited")
    assert caught.value.line == 4


def test_a_missing_game_and_an_unreachable_server_are_clear_errors(pg_store: PostgresStore) -> None:
    with pytest.raises(JournalNotFound) as caught:
        pg_store.open("nowhere")
    assert str(caught.value) == (f"{pg_store.location}/nowhere: no game with this id in the store "
                                 "(expected a game in the store; found nothing)")
    with pytest.raises(JournalError) as caught:
        PostgresStore("postgresql://someone:secret@127.0.0.1:1/games", connect_timeout_s=2)
    assert caught.value.path == "postgresql://127.0.0.1:1/games/journal"
    assert caught.value.expected == "a PostgreSQL server accepting connections"
    assert "secret" not in str(caught.value)
    with pytest.raises(ValueError, match="schema"):
        PostgresStore(pg_store.url, schema="Robert'); DROP TABLE games")
    with pytest.raises(ValueError, match="1000 UTF-8 bytes"):
        pg_store.create(make_header("x" * 1001))


def test_a_journal_opened_by_connection_string_owns_its_store(pg_store: PostgresStore) -> None:
    with PostgresJournal.create(pg_store.url, make_header("own"), schema=pg_store.schema) as journal:
        journal.append(1, "alice", {"type": "row"})
    with pytest.raises(JournalError, match="closed"):
        journal.store.game_ids()
    with PostgresJournal.open(pg_store.url, "own", schema=pg_store.schema) as again:
        assert again.last_seq == 1
    with pytest.raises(JournalExists):
        PostgresJournal.create(pg_store.url, make_header("own"), schema=pg_store.schema)


def test_commits_stream_through_a_server_side_cursor(pg_store: PostgresStore, tmp_path: Path) -> None:
    long_game = MemoryJournal(make_header("long"), clock=StepClock())
    for seq in range(1, 1201):
        long_game.append(seq, "alice", {"type": "row", "pad": "x" * 200})
    long_game.save(tmp_path / "long.jsonl").close()
    with pg_store.import_jsonl(tmp_path / "long.jsonl") as journal:  # one COPY
        stream = journal.commits()
        assert next(stream).seq == 1
        with psycopg.connect(pg_store.url, autocommit=True) as conn:
            (query,) = conn.execute("SELECT query FROM pg_stat_activity WHERE application_name = 'journal' "
                                    "AND state = 'idle in transaction'").fetchone()
        assert query == "FETCH FORWARD 500 FROM \"journal_commits\""
        assert sum(1 for _ in stream) == 1199
        assert [c.seq for c in journal.commits(from_seq=1199)] == [1199, 1200]


def test_a_stale_journal_catches_up_before_it_appends(pg_store: PostgresStore) -> None:
    first = pg_store.create(make_header("two"), clock=StepClock())
    second = pg_store.open("two")
    play(first, 3)
    assert second.last_seq == 0
    assert [c.seq for c in second.commits(from_seq=1)] == [1, 2, 3]  # reads what is there...
    with pytest.raises(JournalConflict) as caught:
        second.append(1, "bob", {"type": "row"})
    assert (caught.value.expected_seq, caught.value.next_seq) == (1, 4)  # ...and a conflict catches it up
    assert second.append(4, "bob", {"type": "row"}).prev == first.head_hash
    assert first.refresh() == 4
    first.close()
    second.close()


def test_wait_returns_at_once_or_after_the_timeout(pg_store: PostgresStore) -> None:
    with pg_store.create(make_header("quiet"), clock=StepClock()) as journal:
        play(journal, 2)
        assert journal.wait(1, timeout_ms=5000) == 2
        assert journal.wait(2, timeout_ms=50) == 2
    with pg_store.listen() as listener:
        assert listener.wait(50) == []


def test_another_process_appends_and_this_one_is_told(pg_store: PostgresStore) -> None:
    """Two processes: this one listens (and waits on the journal), a child appends three commits."""
    journal = pg_store.create(make_header("pushed"), clock=StepClock())
    listener: CommitListener = pg_store.listen()
    other = pg_store.create(make_header("other"))
    child = spawn("append", f"pg:{pg_store.url}#{pg_store.schema}/pushed", "3")
    go(child)
    other.append(1, "zed", {"type": "row"})  # another game's commit: not ours
    notices: list[Notice] = []
    while len(notices) < 3:
        got = listener.wait(10_000, game_id="pushed")
        assert got, "no notification within 10 s"
        notices += got
    out, err = finish(child)
    assert child.returncode == 0, err
    acked = [line.split() for line in out.splitlines()[:-1]]
    assert notices == [Notice(game_id="pushed", seq=int(seq), hash=digest) for _, seq, digest in acked]
    assert journal.wait(0, timeout_ms=10_000) == 3
    assert journal.head_hash == acked[-1][2]
    for closeable in (listener, journal, other):
        closeable.close()


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)
_games = itertools.count(1)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(commits=st.lists(st.tuples(st.text(min_size=1, max_size=8), JSON, st.lists(JSON, max_size=2)), max_size=3))
def test_any_payload_is_stored_as_the_bytes_a_file_holds(pg_store: PostgresStore, commits: list) -> None:
    """Whatever JSON a game appends (unicode, nesting, big integers), the store's lines are the file's bytes."""
    game_id = f"any-{next(_games)}"
    in_memory = MemoryJournal(make_header(game_id), clock=StepClock())
    with pg_store.create(make_header(game_id), clock=StepClock()) as stored:
        for seq, (actor, command, events) in enumerate(commits, start=1):
            in_memory.append(seq, actor, command, events)
            stored.append(seq, actor, command, events)
        assert b"".join(stored.lines()) == in_memory.to_bytes()
    with pg_store.open(game_id) as again:
        assert list(again.commits()) == list(in_memory.commits())


def test_a_connection_commits_synchronously_even_when_the_server_says_off(postgres_url: str,
                                                                          postgres_schema: str) -> None:
    """An acknowledged append must survive a server crash: the store turns ``synchronous_commit`` back on for
    its connections when the server or the connection string turned it off (issue 19: a survivor)."""
    sep = "&" if "?" in postgres_url else "?"
    url = f"{postgres_url}{sep}options=-c%20synchronous_commit%3Doff"
    with psycopg.connect(url) as plain:
        assert plain.execute("SHOW synchronous_commit").fetchone() == ("off",)  # the setting took
    with PostgresStore(url, schema=postgres_schema) as store:
        with store.connect() as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone() == ("on",)
        assert repr(store) == f"PostgresStore({store.location!r})"
        assert store.location.startswith("postgresql://") and "@" not in store.location  # no user, no password
        assert store.location.endswith(f"/{postgres_schema}")
