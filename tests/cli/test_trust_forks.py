"""Issue 13, item 2: fork ids are unique (even two forks made with the same ``--seed``), and ``lifeboat audit`` with
several files matches a receipt to the journal whose line it names, saying so plainly when files share a game id
(it used to accuse the untouched file of being rewritten)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace


def game_id(path: Path) -> str:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])["game_id"]


def receipt(lb: SimpleNamespace, game: Path, *args: object) -> str:
    result = lb.run("receipt", game, *args)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def test_two_forks_with_the_same_seed_get_different_ids_and_audit_clean(game: Path, lb: SimpleNamespace,
                                                                         tmp_path: Path) -> None:
    x, y = tmp_path / "x.jsonl", tmp_path / "y.jsonl"
    for child in (x, y):
        result = lb.run("fork", game, "--at", "20", "-o", child, "--chance", "reshuffle", "--seed", "1")
        assert result.exit_code == 0, result.output
    assert game_id(x) != game_id(y) and game_id(game) not in (game_id(x), game_id(y))
    token = receipt(lb, y, "--as", "Bob", "--at", "20")
    audit = lb.run("audit", x, y, "--receipt", token, "--json")
    assert audit.exit_code == 0, audit.output
    files = json.loads(audit.stdout)["files"]
    assert [f["findings"] for f in files] == [[], []]
    assert [[(r["token"], r["ok"]) for r in f["receipts"]] for f in files] == [[], [(token, True)]]


def test_a_receipt_goes_to_the_copy_holding_its_line_and_shared_ids_are_named(game: Path, lb: SimpleNamespace,
                                                                               tmp_path: Path) -> None:
    # an earlier backup of the same game: the same game id, 30 commits fewer
    backup = tmp_path / "backup.jsonl"
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    backup.write_text("".join(lines[:-30]), encoding="utf-8")
    last = len(lines) - 1
    late = receipt(lb, game, "--as", "Ann", "--at", str(last))
    early = receipt(lb, game, "--as", "Ann", "--at", "10")
    audit = lb.run("audit", backup, game, "--receipt", late, "--receipt", early, "--json")
    assert audit.exit_code == 0, audit.output
    files = json.loads(audit.stdout)["files"]
    assert [f["findings"] for f in files] == [[], []]
    # the early receipt holds in both files, the late one only in the game that reached its line
    assert [[(r["token"], r["ok"]) for r in f["receipts"]] for f in files] == [
        [(early, True)], [(early, True), (late, True)]]
    gid = game_id(game)
    assert files[0]["notes"][-1] == (
        f"2 of the files audited share the game id {gid} (this one and {game}): a receipt for that id is checked "
        "against the file(s) holding the line it names, or against each of them when none does")
    assert files[1]["notes"][-1].startswith(f"2 of the files audited share the game id {gid} (this one and {backup})")


def test_a_receipt_no_copy_holds_is_checked_against_each(game: Path, lb: SimpleNamespace, tmp_path: Path) -> None:
    backup = tmp_path / "backup.jsonl"
    backup.write_bytes(game.read_bytes())
    token = receipt(lb, game, "--as", "Ann", "--at", "10")
    parts = token.split(".")
    parts[4] = "0" * 32  # the line part changed: neither file holds that line
    forged = ".".join(parts)
    audit = lb.run("audit", game, backup, "--receipt", forged, "--json")
    assert audit.exit_code == 5
    files = json.loads(audit.stdout)["files"]
    assert [[f["rule"] for f in g["findings"]] for g in files] == [["RECEIPT-LINE"], ["RECEIPT-LINE"]]


EPISODE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "episode-b.jsonl"


def test_reshuffle_of_a_recorded_game_with_unnamed_cards_is_refused_before_writing(lb: SimpleNamespace,
                                                                                   tmp_path: Path) -> None:
    # issue 13, item 5: it used to write a journal that failed later with [CHANCE-1] expected 2 navigation cards
    child = tmp_path / "whatif.jsonl"
    result = lb.run("fork", EPISODE, "--at", "5", "-o", child, "--chance", "reshuffle")
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == (
        f"lifeboat: --chance reshuffle: {EPISODE} at seq 5 holds cards nobody named (24 navigation card(s) in the "
        "deck; 24 provision(s) in the deck; 16 hand card(s); 12 LOVE/HATE card(s); REC-1), and a digital dealer "
        "must know every card. Fork it with --chance keep and go on with 'lifeboat record' (nothing was written)")
    assert list(tmp_path.iterdir()) == []
    kept = lb.run("fork", EPISODE, "--at", "5", "-o", child, "--chance", "keep")  # the way the message names
    assert kept.exit_code == 0, kept.output
    assert kept.stdout.strip().endswith(f"Next: lifeboat record {child}")


def test_reshuffled_digital_fork_plays_to_the_end_and_audits_clean(game: Path, lb: SimpleNamespace,
                                                                   tmp_path: Path) -> None:
    child = tmp_path / "whatif.jsonl"
    assert lb.run("fork", game, "--at", "30", "-o", child, "--chance", "reshuffle").exit_code == 0
    play = lb.run("play", child, "--bots", "all", "--seed", "2")
    assert play.exit_code == 0, play.output
    audit = lb.run("audit", child, "--parent", game, "--json")
    assert audit.exit_code == 0, audit.output
