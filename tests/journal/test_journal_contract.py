"""The journal contract: one suite, run against every store (JSONL file and in-memory)."""

from __future__ import annotations

import threading
from pathlib import Path

import msgspec
import pytest

from journal import (Commit, Header, Journal, JournalConflict, JournalCorrupt, JournalError, JsonlJournal,
                     MemoryJournal, ParentRef, decode_as)
from journal_testkit import T0, Command, Event, Fight, Row, Rowed, StepClock, Wounded, make_header

HEX64 = r"^[0-9a-f]{64}$"


def play(journal: Journal, n: int) -> list[Commit]:
    """Append ``n`` commits alternating Row and Fight, each with one or two events."""
    commits = []
    for i in range(1, n + 1):
        seat = ("alice", "bob", "carol")[i % 3]
        if i % 2:
            commits.append(journal.append(i, seat, Row(seat, strokes=i), [Rowed(seat, distance=i)]))
        else:
            commits.append(journal.append(i, seat, Fight(seat, "alice"),
                                          [Wounded("alice", wounds=1), Wounded(seat, wounds=0)]))
    return commits


def test_a_new_journal_holds_its_header_and_no_commit(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    assert isinstance(journal, Journal)
    assert journal.header == header
    assert journal.header.players == ("alice", "bob", "carol")
    assert journal.last_seq == 0
    assert journal.head_hash == journal.header_hash
    assert len(journal.header_hash) == 64
    assert list(journal.commits()) == []
    assert journal.file_version == 1


def test_append_returns_the_commit_as_a_reader_sees_it(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    first = journal.append(1, "alice", Row("alice", strokes=2), [Rowed("alice", distance=2)])
    assert first.seq == 1 and first.line == 2
    assert first.at_ms == T0
    assert first.actor == "alice"
    assert first.command == {"type": "row", "seat": "alice", "strokes": 2}
    assert first.events == ({"type": "rowed", "seat": "alice", "distance": 2},)
    assert first.prev == journal.header_hash
    assert journal.last_seq == 1
    assert journal.head_hash == first.hash != first.prev

    second = journal.append(2, "chance", {"draw": "navigation", "card": 7}, [])
    assert second.at_ms == T0 + 1000
    assert second.prev == first.hash
    assert second.events == ()
    assert list(journal.commits()) == [first, second]


def test_at_ms_can_be_given_and_must_be_an_integer(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    assert journal.append(1, "recorder", {"note": "late entry"}, at_ms=1234).at_ms == 1234
    with pytest.raises(ValueError, match="at_ms"):
        journal.append(2, "recorder", {}, at_ms=12.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at_ms"):
        journal.append(2, "recorder", {}, at_ms=-1)
    assert journal.last_seq == 1


def test_bad_arguments_are_refused_and_nothing_is_written(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    with pytest.raises(ValueError, match="actor"):
        journal.append(1, "", Row("alice"))
    with pytest.raises(TypeError, match="expected_seq"):
        journal.append(True, "alice", Row("alice"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        journal.append(1, "alice", object())
    with pytest.raises(TypeError, match="events"):
        journal.append(1, "alice", Row("alice"), "rowed")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="events"):
        journal.append(1, "alice", Row("alice"), Rowed("alice", 1))  # type: ignore[arg-type]
    assert journal.last_seq == 0
    assert list(journal.commits()) == []


def test_commits_convert_to_the_callers_types(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    play(journal, 4)
    typed = list(journal.commits(command_type=Command, event_type=Event))
    assert [c.command for c in typed] == [Row("bob", 1), Fight("carol", "alice"), Row("alice", 3),
                                         Fight("bob", "alice")]
    assert typed[1].events == (Wounded("alice", 1), Wounded("carol", 0))
    raw = list(journal.commits())
    assert [c.hash for c in typed] == [c.hash for c in raw]
    assert decode_as(raw[0], Command, Event) == typed[0]
    assert decode_as(raw[0], event_type=Event).command == {"type": "row", "seat": "bob", "strokes": 1}


def test_a_payload_that_does_not_convert_names_its_line(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    play(journal, 2)
    journal.append(3, "chance", {"type": "shuffle"}, [])
    with pytest.raises(JournalCorrupt) as caught:
        list(journal.commits(command_type=Command))
    assert caught.value.line == 4
    assert caught.value.path == (None if journal.path is None else str(journal.path))
    assert "shuffle" in caught.value.expected


def test_from_seq_yields_only_the_later_commits(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    commits = play(journal, 5)
    assert list(journal.commits(from_seq=4)) == commits[3:]
    assert list(journal.commits(from_seq=6)) == []


def test_a_stale_expected_seq_conflicts_and_writes_nothing(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    play(journal, 2)
    head = journal.head_hash
    for wrong in (1, 2, 4, 0):
        with pytest.raises(JournalConflict) as caught:
            journal.append(wrong, "alice", Row("alice"))
        assert caught.value.expected_seq == wrong
        assert caught.value.next_seq == 3
        assert caught.value.line == 4
        assert caught.value.message == (f"conflict: the caller expected to write seq {wrong} but the journal's "
                                        "next seq is 3")
        assert (caught.value.expected, caught.value.found) == (None, None)  # the message says both (issue 14)
    assert journal.last_seq == 2 and journal.head_hash == head
    assert [c.seq for c in journal.commits()] == [1, 2]
    assert journal.append(3, "alice", Row("alice")).seq == 3


def test_fork_copies_a_prefix_re_chained_under_a_header_naming_the_parent(new_journal, fork_of, header,
                                                                             clock) -> None:
    parent = new_journal(header, clock=clock)
    original = play(parent, 5)
    child = fork_of(parent, 3, game_id="game-1-fork", clock=StepClock(start=T0 + 99_000),
                    meta={"why": "what if alice fought"})
    assert child.header.game_id == "game-1-fork"
    assert child.header.created_ms == T0 + 99_000
    assert child.header.parent == ParentRef(game_id="game-1", seq=3, line=4, hash=original[2].hash)
    assert child.header.meta == {"why": "what if alice fought"}
    assert (child.header.ruleset, child.header.options, child.header.players) == (
        header.ruleset, header.options, header.players)
    copied = list(child.commits())
    assert [(c.seq, c.at_ms, c.actor, c.command, c.events) for c in copied] == [
        (c.seq, c.at_ms, c.actor, c.command, c.events) for c in original[:3]]
    assert copied[0].prev == child.header_hash
    assert all(b.prev == a.hash for a, b in zip(copied, copied[1:]))
    assert {c.hash for c in copied}.isdisjoint(c.hash for c in original)
    assert child.last_seq == 3 and child.head_hash == copied[-1].hash

    # The fork goes on by itself; the parent is untouched.
    assert child.append(4, "alice", Fight("alice", "bob")).prev == copied[-1].hash
    with pytest.raises(JournalConflict):
        child.append(4, "bob", Row("bob"))
    assert list(parent.commits()) == original


def test_fork_at_zero_keeps_only_the_header(new_journal, fork_of, header, clock) -> None:
    parent = new_journal(header, clock=clock)
    play(parent, 2)
    child = fork_of(parent, 0, game_id="fresh", clock=clock)
    assert child.header.parent == ParentRef(game_id="game-1", seq=0, line=1, hash=parent.header_hash)
    assert list(child.commits()) == []


def test_fork_refuses_a_point_outside_the_journal_and_reserved_fields(new_journal, fork_of, header,
                                                                        clock) -> None:
    parent = new_journal(header, clock=clock)
    play(parent, 2)
    with pytest.raises(JournalError) as caught:
        fork_of(parent, 3, game_id="too-far")
    assert caught.value.expected == "a seq from 0 to 2"
    assert caught.value.found == "seq 3"
    with pytest.raises(TypeError, match="parent"):
        fork_of(parent, 1, game_id="x", parent=None)
    with pytest.raises(TypeError, match="colour"):
        fork_of(parent, 1, game_id="y", colour="red")


def test_a_header_with_a_position_and_meta_round_trips(new_journal, clock) -> None:
    header = make_header("from-position", position={"round": 3, "seats": [["alice", 2]]},
                         meta={"source": "puzzle 12"}, options={})
    journal = new_journal(header, clock=clock)
    assert journal.header.position == {"round": 3, "seats": [["alice", 2]]}
    assert journal.header.meta == {"source": "puzzle 12"}
    assert journal.header == header


def test_an_invalid_header_is_refused(new_journal) -> None:
    with pytest.raises(ValueError, match="game_id"):
        new_journal(make_header(game_id=""))
    with pytest.raises(ValueError, match="players"):
        new_journal(make_header(players=("alice", 3)))
    with pytest.raises(TypeError):
        new_journal({"game_id": "x"})


def test_a_closed_journal_refuses_work(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    play(journal, 1)
    journal.close()
    journal.close()
    with pytest.raises(JournalError, match="closed"):
        journal.append(2, "alice", Row("alice"))
    with pytest.raises(JournalError, match="closed"):
        list(journal.commits())


def test_both_stores_write_the_same_bytes(tmp_path: Path, header: Header) -> None:
    on_disk = JsonlJournal.create(tmp_path / "g.jsonl", header, clock=StepClock())
    in_memory = MemoryJournal(header, clock=StepClock())
    for journal in (on_disk, in_memory):
        play(journal, 6)
    assert (tmp_path / "g.jsonl").read_bytes() == in_memory.to_bytes()
    assert on_disk.head_hash == in_memory.head_hash
    saved = in_memory.save(tmp_path / "saved.jsonl")
    assert list(saved.commits()) == list(on_disk.commits())
    on_disk.close()
    saved.close()


def test_a_line_is_readable_json_in_a_fixed_field_order(tmp_path: Path, header: Header) -> None:
    journal = JsonlJournal.create(tmp_path / "g.jsonl", header, clock=StepClock())
    play(journal, 1)
    lines = (tmp_path / "g.jsonl").read_bytes().split(b"\n")
    assert lines[2] == b""
    assert list(msgspec.json.decode(lines[0])) == [
        "format", "version", "game_id", "created_ms", "ruleset", "options", "players", "deck_commitment",
        "parent", "position", "meta", "hash"]
    assert lines[1].startswith(b'{"seq":1,"at_ms":1700000000000,"actor":"bob","command":{"type":"row","seat":"bob",')
    assert list(msgspec.json.decode(lines[1])) == ["seq", "at_ms", "actor", "command", "events", "prev", "hash"]
    journal.close()


def test_threads_sharing_one_journal_lose_nothing(new_journal, header, clock) -> None:
    journal = new_journal(header, clock=clock)
    conflicts = []

    def writer(name: str) -> None:
        for i in range(25):
            while True:
                try:
                    journal.append(journal.last_seq + 1, name, {"type": "row", "writer": name, "i": i})
                    break
                except JournalConflict:
                    conflicts.append(name)

    threads = [threading.Thread(target=writer, args=(f"t{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    commits = list(journal.commits())
    assert [c.seq for c in commits] == list(range(1, 101))
    for n in range(4):
        assert [c.command["i"] for c in commits if c.actor == f"t{n}"] == list(range(25))
