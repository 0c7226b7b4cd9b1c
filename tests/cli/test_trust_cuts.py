"""Issue 19: a journal cut at a commit boundary is a shorter journal with a sound chain; only what a player kept
tells. With a receipt for seq S, ``lifeboat audit --receipt`` finds every cut that loses line S + 1
(RECEIPT-MISSING, naming the first missing line) and passes every cut that keeps it: every boundary of a
31-line game is tried."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

SEQ = 20  # the receipt's seq: line 21
COMMITS = 30  # the game is forked at this seq, so it has 31 lines


@pytest.fixture()
def short_game(game: Path, lb: SimpleNamespace, tmp_path: Path) -> tuple[Path, str, bytes]:
    short = tmp_path / "short.jsonl"
    assert lb.run("fork", game, "--at", COMMITS, "-o", short).exit_code == 0
    token = lb.run("receipt", short, "--as", "Cy", "--at", SEQ)
    assert token.exit_code == 0, token.output
    return short, token.stdout.strip(), short.read_bytes()


def audit_cut(lb: SimpleNamespace, path: Path, token: str, whole: bytes, keep: int) -> tuple[int, list, list]:
    path.write_bytes(b"".join(whole.splitlines(keepends=True)[:keep]))
    result = lb.run("audit", path, "--receipt", token, "--json")
    file = json.loads(result.stdout)["files"][0]
    return result.exit_code, [(f["line"], f["rule"]) for f in file["findings"]], \
        [(r["seq"], r["ok"]) for r in file["receipts"]]


def check_cut(lb: SimpleNamespace, short_game: tuple[Path, str, bytes], keep: int) -> None:
    path, token, whole = short_game
    code, findings, receipts = audit_cut(lb, path, token, whole, keep)
    if keep <= SEQ:  # line SEQ + 1 is gone
        assert (code, findings, receipts) == (5, [(keep + 1, "RECEIPT-MISSING")], [(SEQ, False)]), keep
    else:
        assert (code, findings, receipts) == (0, [], [(SEQ, True)]), keep


def test_a_cut_at_every_commit_boundary_is_found_by_a_receipt_it_loses(short_game: tuple[Path, str, bytes],
                                                                        lb: SimpleNamespace) -> None:
    for keep in range(1, COMMITS + 2):
        check_cut(lb, short_game, keep)
