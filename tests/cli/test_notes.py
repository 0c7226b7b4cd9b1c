"""Notes (NOTE-1): ``lifeboat annotate`` on a finished game, who reads which note (replay, --json, the replay
book), refusals that write nothing, audit of a journal with notes (clean, and tampered), and a finished digital game
whose last line is a note is not revealed twice."""

from __future__ import annotations

import json
from pathlib import Path

from lifeboat.service import Table, audit, replay_book

NOTES = [("public", 12, "Ann could have rowed here."), ("Bob", 14, "Bob: keep the Water for the thirst."),
         ("referee", 15, "The referee sees the deck here.")]


def annotated(lb, game: Path) -> Path:  # type: ignore[no-untyped-def]
    for who, at, text in NOTES:
        done = lb.run("annotate", game, "--at", str(at), "--for", who, text)
        assert done.exit_code == 0, done.output
        assert f"on commit {at} appended" in done.stdout
    return game


def test_annotate_a_finished_game_appends_and_rewrites_nothing(lb, game: Path) -> None:  # type: ignore[no-untyped-def]
    before = game.read_bytes()
    annotated(lb, game)
    after = game.read_bytes()
    assert after.startswith(before)  # NOTE-1: nothing rewritten, three new lines
    added = [json.loads(x) for x in after[len(before):].decode().splitlines()]
    last = json.loads(before.decode().splitlines()[-1])
    assert [x["seq"] for x in added] == [last["seq"] + 1, last["seq"] + 2, last["seq"] + 3]
    assert added[0]["prev"] == last["hash"] and added[1]["prev"] == added[0]["hash"]  # the chain goes on
    assert [(x["actor"], x["events"]) for x in added] == [("annotator", [])] * 3
    bob = next(c for c in Table.open(game).state.characters if c.player == "Bob").character
    assert [(x["command"]["at"], x["command"]["audience"], x["command"]["seat"]) for x in added] == [
        (12, "public", None), (14, "seat", bob), (15, "referee", None)]
    report = audit(game)
    assert report.findings == [] and report.over
    assert lb.run("audit", game).exit_code == 0


def test_each_note_reaches_its_audience_only(lb, game: Path) -> None:  # type: ignore[no-untyped-def]
    annotated(lb, game)
    seen = {}
    for who in ("public", "Ann", "Bob", "referee"):
        out = lb.run("replay", game, "--as", who).stdout
        seen[who] = [text for _, _, text in NOTES if text in out]
    assert seen["public"] == seen["Ann"] == [NOTES[0][2]]
    assert seen["Bob"] == [NOTES[0][2], NOTES[1][2]]
    assert seen["referee"] == [text for _, _, text in NOTES]
    lines = [json.loads(x) for x in lb.run("replay", game, "--as", "Ann", "--json").stdout.splitlines()]
    assert [x["note"]["text"] for x in lines if "note" in x] == [NOTES[0][2]]
    assert NOTES[1][2] not in json.dumps(lines) and NOTES[2][2] not in json.dumps(lines)
    for who, expected in (("Bob", {12: NOTES[0][2], 14: NOTES[1][2]}), ("public", {12: NOTES[0][2]})):
        book = replay_book(game, who)
        got = {n.at: n.text for s in book.steps for n in s.notes}
        assert got == expected
        for s in book.steps:  # shown at the step holding the commit it names
            assert all(s.first <= n.at <= s.seq for n in s.notes)


def test_a_note_written_later_is_kept_up_to_the_seq_it_names(lb, game: Path) -> None:  # type: ignore[no-untyped-def]
    annotated(lb, game)
    book = replay_book(game, "referee", to=14)
    assert book.last_seq == 14
    assert sorted(n.at for s in book.steps for n in s.notes) == [12, 14]  # 15 is after --to


def test_refused_notes_write_nothing(lb, game: Path) -> None:  # type: ignore[no-untyped-def]
    before = game.read_bytes()
    last = json.loads(before.decode().splitlines()[-1])["seq"]
    cases = [(["--at", "0"], "NOTE-1"), (["--at", str(last + 5)], "NOTE-1"),
             (["--at", str(last)], "a note or a system record"),  # the decks_revealed line
             (["--at", "3", "--for", "Zed"], "unknown seat 'Zed' for --for; expected one of: public, referee, "),
             (["--at", "3", "--for", "public"], "the note is empty")]
    for args, says in cases:
        text = "   " if "public" in args else "why"
        done = lb.run("annotate", game, *args, text)
        assert done.exit_code == 2, (args, done.output)
        assert says in done.output and "Traceback" not in done.output
    assert lb.run("annotate", game, "--at", "3", "x" * 4001).exit_code == 2
    assert lb.run("annotate", game, "--at", "3", "a\x07b").exit_code == 2
    assert game.read_bytes() == before


def test_audit_finds_a_note_that_breaks_the_structure(lb, game: Path) -> None:  # type: ignore[no-untyped-def]
    annotated(lb, game)
    lines = lb.lines(game)
    last = lines[-1]
    bad = [
        {"type": "note", "at": last["seq"] + 10, "audience": "public", "seat": None, "text": "later"},
        {"type": "note", "at": 5, "audience": "seat", "seat": "captain_nemo", "text": "x"},
        {"type": "note", "at": 5, "audience": "public", "seat": None, "text": ""},
        {"type": "note", "at": last["seq"], "audience": "public", "seat": None, "text": "on a note"},
    ]
    for cmd in bad:
        lines.append({**last, "seq": lines[-1]["seq"] + 1, "actor": "annotator", "command": cmd, "events": []})
    lines.append({**last, "seq": lines[-1]["seq"] + 1, "actor": "Ann",
                  "command": {"type": "note", "at": 5, "audience": "public", "seat": None, "text": "ok"},
                  "events": []})
    game.write_bytes(lb.rechain(lines))
    report = audit(game)
    notes = [(f.line, f.rule, f.message) for f in report.findings]
    n = len(lines)
    assert [(line, rule) for line, rule, _ in notes] == [(n - 4, "NOTE-1"), (n - 3, "NOTE-1"), (n - 2, "NOTE-1"),
                                                         (n - 1, "NOTE-1"), (n, "NOTE-1")]
    assert "a later commit" in notes[0][2] and "not in this game" in notes[1][2] and "empty" in notes[2][2]
    assert "not a game decision" in notes[3][2] and "not the annotator" in notes[4][2]
    assert report.over and report.scores  # the game itself is untouched
    assert lb.run("audit", game).exit_code == 5


def test_a_finished_game_whose_last_line_is_a_note_is_not_revealed_again(lb, game: Path) -> None:  # type: ignore[no-untyped-def]
    annotated(lb, game)
    before = game.read_bytes()
    table = Table.open(game)
    assert table.orders is not None and table.state.over
    assert table.deal().commits == ()  # CHANCE-2: the orders are revealed once
    table.close()
    assert game.read_bytes() == before
    assert lb.run("fork", game, "--at", "20", "-o", game.with_name("fork.jsonl")).exit_code == 0


def test_notes_never_change_the_game(lb, game: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """NOTE-1: the same game with and without notes (appended after the end, about decisions in its middle) has
    the same final state and scores, shows the same tables, and gives the same receipt views."""
    from lifeboat.service import final_state, make_receipt, score_game

    plain = lb.copy(game, tmp_path / "plain.jsonl")
    annotated(lb, game)
    assert final_state(game) == final_state(plain)
    assert score_game(game) == score_game(plain)
    for who in ("public", "Ann", "referee"):
        for at in (13, 40, None):
            args = ["--as", who] + ([] if at is None else ["--at", str(at)])
            assert lb.run("show", game, *args).stdout == lb.run("show", plain, *args).stdout
    assert make_receipt(game, "Bob", 30).view == make_receipt(plain, "Bob", 30).view


def test_a_note_written_while_a_game_is_served_does_not_refuse_the_next_decision(tmp_path: Path) -> None:
    """NOTE-1 and SERVE-2: ``lifeboat annotate`` appends to a game ``lifeboat serve`` holds open; the next
    decision, made on a table the note did not change, is appended after the note. A real decision that came first
    still refuses it."""
    import random

    from lifeboat.service import annotate
    from lifeboat.service.errors import Conflict
    from lifeboat.service.live.game import LiveGame

    path = tmp_path / "served.jsonl"
    live = LiveGame.create(path, ["Ann", "Bob", "Cy", "Dee"], seed=3)
    rng = random.Random(1)
    seat = sorted(live.waiting_for())[0]
    live.decide(seat, live.bot_decision(seat, rng), live.seq)
    seen = live.seq
    annotate(path, seen, "a note from another program")
    seat = sorted(live.waiting_for())[0]
    update = live.decide(seat, live.bot_decision(seat, rng), seen)
    assert update.before_seq == seen and live.seq > seen + 1
    kinds = [c["command"]["type"] for c in map(json.loads, path.read_text().splitlines()[1:])]
    assert kinds[seen] == "note" and kinds[seen + 1] != "note"  # the note, then the decision
    assert audit(path).findings == []
    other = LiveGame.open(path)  # another process decides first: this one is refused, nothing is written
    seat = sorted(other.waiting_for())[0]
    other.decide(seat, other.bot_decision(seat, random.Random(2)), other.seq)
    lines = path.read_bytes()
    seat = sorted(live.waiting_for())[0]
    try:
        live.decide(seat, live.bot_decision(seat, rng), live.seq)
    except Conflict:
        pass
    else:
        raise AssertionError("a decision that came first must refuse this one (SERVE-2)")
    assert path.read_bytes() == lines


def test_the_terminal_replay_prints_each_note_after_its_decision(tmp_path: Path) -> None:
    """``replay`` (no --step) printed a note where its line stands: a note written afterwards came after the game's
    end, and with ``--to`` not at all. Now each note follows the decision it is about, --to or not, in English and
    in Chinese, to its audience only."""
    import re
    import shutil

    from tests.helpers import run

    game = tmp_path / "four.jsonl"
    shutil.copyfile(Path(__file__).resolve().parents[2] / "docs" / "examples" / "four-players.jsonl", game)
    for args in (["--at", "19", "Stay out of it? The Captain was losing."],
                 ["--at", "19", "--for", "Ann", "Joining the defenders wins a card."],
                 ["--at", "20", "--for", "Bob", "BOB only."], ["--at", "150", "Late in the game."]):
        done = run("annotate", game, *args)
        assert (done.returncode, done.stderr) == (0, ""), done.stderr

    def block(out: str, seq: int) -> list[str]:  # the rows of commit seq in a --seq story
        rows = out.splitlines()
        start = next(i for i, r in enumerate(rows) if r.startswith(f"{seq:>4} │"))
        end = next(i for i in range(start + 1, len(rows)) if not rows[i].startswith("     │"))
        return rows[start:end]

    for to in ([], ["--to", "20"]):
        ann = run("replay", game, "--as", "Ann", "--seq", *to)
        assert (ann.returncode, ann.stderr) == (0, "")
        assert block(ann.stdout, 19)[-2:] == ["     │    Note on 19: Stay out of it? The Captain was losing.",
                                              "     │    Note for Frenchy on 19: Joining the defenders wins a card."]
        assert ann.stdout.count("Note ") == (2 if to else 3) and "BOB" not in ann.stdout
    whole = run("replay", game, "--as", "Ann").stdout
    assert whole.index("   Note on 150: Late in the game.") < whole.index("The game is over")
    bob = run("replay", game, "--as", "Bob", "--seq", "--to", "20").stdout
    assert block(bob, 20)[-1] == "     │    Note for the Captain on 20: BOB only."
    assert "Joining the defenders" not in bob and "Note on 19: Stay out" in bob
    assert "Note" not in run("replay", game, "--as", "Ann", "--to", "18").stdout
    zh = run("replay", game, "--as", "Ann", "--seq", "--to", "20", "--lang", "zh").stdout
    assert block(zh, 19)[-2:] == ["     │    关于第19条的注释：Stay out of it? The Captain was losing.",
                                  "     │    给水手的关于第19条的注释：Joining the defenders wins a card."]
    assert re.match(r"  20 │ 你什么都没做。", block(zh, 20)[0])
