"""``lifeboat fork``: the child names its parent and the parent's line hash, keeps or reshuffles the committed
deck orders, replays, plays to the end with bots, and audits clean against its parent; bad requests write nothing;
a rewritten parent is caught."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from types import SimpleNamespace

import msgspec
import pytest

import journal
from lifeboat.service import replay
from lifeboat.chance import DeckOrders, commitment


def deck(path: Path) -> DeckOrders:
    return msgspec.json.decode(path.with_name(path.name + ".deck.json").read_bytes(), type=DeckOrders)


def state_at(path: Path, seq: int):  # type: ignore[no-untyped-def]
    with journal.JsonlJournal.open(path) as j:
        return next(s.after for s in replay(j, str(path)) if s.commit.seq == seq)


def row_seq(lines) -> int:  # type: ignore[no-untyped-def]
    """The seq of the first Row: forking there leaves the draw to the child's dealer."""
    return next(d["seq"] for d in lines[1:] if d["command"]["type"] == "row")


def test_keep_fork_names_its_parent_and_plays_the_same_cards(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    parent = lb.lines(game)
    at = row_seq(parent)
    child = tmp_path / "child.jsonl"
    result = lb.run("fork", game, "--at", at, "-o", child)
    assert result.exit_code == 0, result.output
    header = lb.lines(child)[0]
    assert header["parent"] == {"game_id": parent[0]["game_id"], "seq": at, "line": at + 1,
                                "hash": parent[at]["hash"]}
    assert header["game_id"] != parent[0]["game_id"]
    assert header["deck_commitment"] == parent[0]["deck_commitment"]
    assert deck(child) == deck(game)
    mine = lb.lines(child)
    assert len(mine) == at + 1
    for a, b in zip(mine[1:], parent[1 : at + 1]):
        assert (a["seq"], a["actor"], a["command"], a["events"], a["at_ms"]) == (
            b["seq"], b["actor"], b["command"], b["events"], b["at_ms"])
    with journal.JsonlJournal.open(child) as j:
        assert [s.commit.seq for s in replay(j, str(child))] == list(range(1, at + 1))

    played = lb.run("play", child, "--bots", "all", "--seed", "99")
    assert played.exit_code == 0, played.output
    after = lb.lines(child)
    assert after[at + 1]["command"] == parent[at + 1]["command"]  # the same committed cards come up
    assert after[-1]["command"]["type"] == "decks_revealed"
    code = lb.run("audit", child, "--parent", game, "--json")
    doc = json.loads(code.stdout)
    assert code.exit_code == 0, doc
    assert doc["files"][0]["over"] is True and doc["files"][0]["parent"] == f"{parent[0]['game_id']}@{at}"


def test_reshuffle_fork_shuffles_only_the_unseen_cards(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    at = row_seq(lb.lines(game))
    child = tmp_path / "child.jsonl"
    result = lb.run("fork", game, "--at", at, "-o", child, "--chance", "reshuffle", "--seed", "5")
    assert result.exit_code == 0, result.output
    old, new = deck(game), deck(child)
    assert lb.lines(child)[0]["deck_commitment"] == commitment(new) != commitment(old)
    assert new.salt != old.salt
    state = state_at(game, at)
    for field, unseen in (("navigation", set(state.nav_unseen)), ("provisions", set(state.provisions))):
        before, after = getattr(old, field), getattr(new, field)
        assert sorted(before) == sorted(after)
        assert [x for x in before if x not in unseen] == [x for x in after if x not in unseen]
        assert [i for i, x in enumerate(before) if x in unseen] == [i for i, x in enumerate(after) if x in unseen]
    assert [x for x in new.navigation if x in set(state.nav_unseen)] != [
        x for x in old.navigation if x in set(state.nav_unseen)]
    assert (new.characters, new.love, new.hate) == (old.characters, old.love, old.hate)

    assert lb.run("play", child, "--bots", "all", "--seed", "3").exit_code == 0
    audited = lb.run("audit", child, "--parent", game)
    assert audited.exit_code == 0
    # with --parent given, the note does not ask for it again
    assert f"--parent checks they are its commits; audit {game} itself for its draws" in audited.stdout
    assert "this fork with --parent" not in audited.stdout and "pass --parent" not in audited.stdout
    alone = lb.run("audit", child).stdout
    assert "audit the parent, and this fork with --parent" in alone
    assert "pass --parent PARENT.jsonl" not in alone  # said once: the draws' note already asks for --parent
    assert lb.run("score", child, "--json").exit_code == 0


def test_fork_before_the_deal_reshuffled_is_a_new_game(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    child = tmp_path / "fresh.jsonl"
    assert lb.run("fork", game, "--at", "0", "-o", child, "--chance", "reshuffle", "--seed", "8").exit_code == 0
    assert len(lb.lines(child)) == 1
    assert lb.run("play", child, "--bots", "all", "--seed", "8").exit_code == 0
    assert lb.run("audit", child, "--parent", game).exit_code == 0


def test_game_in_progress_without_its_deck_file(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    game.write_bytes(lb.rechain(lines[:80]))  # in progress: nothing revealed yet
    game.with_name(game.name + ".deck.json").unlink()
    kept = lb.run("fork", game, "--at", 60, "-o", tmp_path / "keep.jsonl")
    assert kept.exit_code == 4 and "--chance reshuffle" in kept.output
    assert not (tmp_path / "keep.jsonl").exists()
    child = tmp_path / "new.jsonl"
    assert lb.run("fork", game, "--at", 60, "-o", child, "--chance", "reshuffle").exit_code == 0
    state = state_at(game, 60)
    orders = deck(child)
    assert [c.character for c in state.characters] == list(orders.characters[: len(state.characters)])
    assert lb.run("play", child, "--bots", "all", "--seed", "4").exit_code == 0
    assert lb.run("audit", child, "--parent", game).exit_code == 0


@pytest.mark.parametrize("args, code, words", [
    (["--at", "-1"], 2, "--at -1"),
    (["--at", "100000"], 2, "has commits 0 to"),
    (["--at", "3", "--chance", "maybe"], 2, "keep or reshuffle"),
])
def test_bad_requests_write_nothing(game: Path, tmp_path: Path, lb: SimpleNamespace, args: list[str], code: int,
                                  words: str) -> None:
    child = tmp_path / "child.jsonl"
    result = lb.run("fork", game, *args, "-o", child)
    assert result.exit_code == code, result.output
    assert words in result.output and "Traceback" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "game.jsonl.deck.json"]


def test_existing_output_is_not_touched(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    child = tmp_path / "child.jsonl"
    child.write_text("precious\n")
    result = lb.run("fork", game, "--at", "5", "-o", child)
    assert result.exit_code == 4 and "already exists" in result.output
    assert child.read_text() == "precious\n"
    assert not child.with_name("child.jsonl.deck.json").exists()
    stale = tmp_path / "other.jsonl"
    stale.with_name("other.jsonl.deck.json").write_text("{}")
    assert lb.run("fork", game, "--at", "5", "-o", stale).exit_code == 4
    assert not stale.exists()


@pytest.mark.parametrize("kind", ["missing", "directory"])
def test_unreadable_parent(tmp_path: Path, lb: SimpleNamespace, kind: str) -> None:
    parent = tmp_path / "p.jsonl"
    if kind == "directory":
        parent.mkdir()
    result = lb.run("fork", parent, "--at", "1", "-o", tmp_path / "c.jsonl")
    assert result.exit_code == 4 and "p.jsonl" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "c.jsonl").exists()


def edit_first_wound(lines) -> int:  # type: ignore[no-untyped-def]
    i = next(i for i, d in enumerate(lines) if i > 0 and any(e["type"] == "wounded" for e in d["events"]))
    next(e for e in lines[i]["events"] if e["type"] == "wounded")["amount"] = 0
    return i


def test_fork_of_an_edited_parent_is_refused(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    i = edit_first_wound(lines)
    game.write_bytes(lb.rechain(lines))
    result = lb.run("fork", game, "--at", i + 10, "-o", tmp_path / "c.jsonl")
    assert result.exit_code == 4 and f"game.jsonl:{i + 1}: [EVENTS]" in result.output
    assert not (tmp_path / "c.jsonl").exists()


def test_parent_rewritten_after_the_fork_is_flagged(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    at = len(lines) // 2
    child = tmp_path / "child.jsonl"
    assert lb.run("fork", game, "--at", at, "-o", child).exit_code == 0
    assert lb.run("audit", child, "--parent", game).exit_code == 0
    original_hash = lines[at]["hash"]
    i = edit_first_wound(lines)
    assert i < at
    game.write_bytes(lb.rechain(lines))
    rewritten_hash = lb.lines(game)[at]["hash"]

    result = lb.run("audit", child, "--parent", game, "--json")
    assert result.exit_code == 5
    findings = json.loads(result.stdout)["files"][0]["findings"]
    assert [(f["line"], f["check"], f["rule"]) for f in findings] == [
        (1, "fork", "FORK-HASH"), (i + 1, "fork", "FORK-PREFIX")]
    assert rewritten_hash in findings[0]["found"] and original_hash in findings[0]["expected"]
    assert '"amount":1' in findings[1]["found"] and '"amount":0' in findings[1]["expected"]

    # audited together, the fork finds its parent by game id, no --parent needed
    both = json.loads(lb.run("audit", game, child, "--json").stdout)
    assert [[f["rule"] for f in r["findings"]] for r in both["files"]] == [
        ["EVENTS"], ["FORK-HASH", "FORK-PREFIX"]]


def test_parent_edited_only_after_the_fork_point_is_fine(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    lines = lb.lines(game)
    child = tmp_path / "child.jsonl"
    assert lb.run("fork", game, "--at", 10, "-o", child).exit_code == 0
    lines[50]["at_ms"] += 1
    game.write_bytes(lb.rechain(lines))
    assert lb.run("audit", child, "--parent", game).exit_code == 0


def test_parent_that_is_not_the_parent(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    other = lb.make_game(tmp_path / "other.jsonl", 12)
    child = tmp_path / "child.jsonl"
    assert lb.run("fork", game, "--at", 10, "-o", child).exit_code == 0
    for target, parent, rule in ((child, other, "FORK-PARENT"), (game, other, "FORK-PARENT")):
        result = lb.run("audit", target, "--parent", parent, "--json")
        assert result.exit_code == 5
        assert [(f["line"], f["rule"]) for f in json.loads(result.stdout)["files"][0]["findings"]] == [(1, rule)]
    # which game id is which was not said ('the journal says: game X' was the --parent file's id)
    parent_id, other_id = lb.lines(game)[0]["game_id"], lb.lines(other)[0]["game_id"]
    text = lb.run("audit", child, "--parent", other).output
    assert (f"line     1  fork [FORK-PARENT]  {other} is another game, not this fork's parent; give --parent the "
            f"file of game {parent_id}\n      the journal says: game {other_id} (the --parent file)\n      it should "
            f"say:    game {parent_id} (the parent this fork's header names)\n") in text


def test_a_deck_file_given_as_parent_is_named_as_the_deck_file_and_kept_secret(game: Path, tmp_path: Path,
                                                                                 lb: SimpleNamespace) -> None:
    """``audit FORK --parent GAME.jsonl.deck.json`` said only that the parent "cannot be read" ("line 1 is not a
    lifeboat-journal header"); it now names the file as the dealer's deck file, the journal to give, and prints
    nothing of its content (the deck orders are secret until the end, CHANCE-2)."""
    from tests.helpers import run

    child = tmp_path / "child.jsonl"
    assert lb.run("fork", game, "--at", 10, "-o", child).exit_code == 0
    deck_file = Path(f"{game}.deck.json")
    parent_id = lb.lines(game)[0]["game_id"]
    done = run("audit", child, "--parent", deck_file)
    assert done.returncode == 5, done.stderr
    assert (f"line     1  fork [FORK-PARENT]  the parent is not a journal: {deck_file}: this is the dealer's deck "
            f"file of {game} (it holds the deck orders; keep it secret), not a journal; give --parent the journal "
            f"{game}\n      the journal says: a dealer's deck file (the --parent file)\n      it should say:    the "
            f"journal of game {parent_id}\n") in done.stdout, done.stdout
    assert "cannot be read" not in done.stdout and f"audit {deck_file}" not in done.stdout
    secret = json.loads(deck_file.read_text())
    shown = done.stdout + run("audit", child, "--parent", deck_file, "--json").stdout
    assert secret["salt"] not in shown and "provisions" not in shown
    assert json.dumps(secret["provisions"][:3])[1:-1] not in shown  # no stretch of the deck order either


def test_child_header_hash_is_the_parent_line_hash(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    # the hash named by the child is the sha256 of the parent's line bytes without its hash member
    raw = game.read_bytes().splitlines()[20]
    child = tmp_path / "child.jsonl"
    assert lb.run("fork", game, "--at", 20, "-o", child).exit_code == 0
    body = raw[: raw.rindex(b',"hash":"')] + b"}"
    assert lb.lines(child)[0]["parent"]["hash"] == hashlib.sha256(body).hexdigest()


def test_FORK_SHORT_and_FORK_HASH_say_which_file_said_what(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    """FORK-SHORT put 'the end of the parent' under 'the journal says' and FORK-HASH the --parent file's hash
    unlabelled; both now label each value with the file it comes from, as FORK-PARENT does."""
    child = tmp_path / "child.jsonl"
    assert lb.run("fork", game, "--at", 20, "-o", child).exit_code == 0
    fork_hash = lb.lines(child)[0]["parent"]["hash"]
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(game.read_bytes().splitlines(keepends=True)[:10]))  # the header and seqs 1..9
    text = lb.run("audit", child, "--parent", cut).output
    assert ("fork [FORK-SHORT]  the parent ends before its line 21, which this fork was made from\n"
            "      the journal says: seq 9, its last (the --parent file)\n"
            "      it should say:    seq 20 (the parent line this fork's header names)\n") in text
    lines = lb.lines(game)
    lines[5]["at_ms"] += 1
    game.write_bytes(lb.rechain(lines))
    found = json.loads(lb.run("audit", child, "--parent", game, "--json").stdout)["files"][0]["findings"][0]
    assert (found["rule"], found["found"], found["expected"]) == (
        "FORK-HASH", f"hash {lb.lines(game)[20]['hash']} (the --parent file's line 21)",
        f"hash {fork_hash} (this fork's header)")


def test_the_fork_line_says_what_became_of_the_decks(game: Path, tmp_path: Path, lb: SimpleNamespace) -> None:
    """fork's line ended 'chance keep.' (the option's word, jargon to a newcomer); it says what the mode did."""
    parent_id = lb.lines(game)[0]["game_id"]
    for mode, said in (("keep", "the decks in the parent's order"),
                       ("reshuffle", "the cards nobody has seen reshuffled")):
        child = tmp_path / f"{mode}.jsonl"
        seed = ["--seed", "8"] if mode == "reshuffle" else []  # keep shuffles nothing: a seed is refused
        done = lb.run("fork", game, "--at", 10, "-o", child, "--chance", mode, *seed)
        line = lb.lines(child)[0]
        assert (done.exit_code, done.output.splitlines()[0]) == (0, (
            f"Forked game {parent_id} at seq 10 (line 11, hash {line['parent']['hash'][:16]}…) into {child}: game "
            f"{line['game_id']}, {said} (--chance {mode})."))


def test_FORK_PARENT_a_journal_that_is_no_fork_says_to_audit_it_without_parent(game: Path, tmp_path: Path) -> None:
    """``audit GAME --parent P`` of a journal that is not a fork: FORK-PARENT says so, and what it expected is a
    parent in the header (a fork's), not "a parent naming P" (which read as if P, a deck file say, could be one)."""
    from tests.helpers import run

    done = run("audit", game, "--parent", f"{game}.deck.json")
    assert done.returncode == 5, done.stderr
    assert ("line     1  fork [FORK-PARENT]  this journal is not a fork: its header names no parent\n      the "
            "journal says: parent null\n      it should say:    a parent in its header (a journal made by lifeboat "
            "fork); audit this one without --parent\n") in done.stdout, done.stdout
