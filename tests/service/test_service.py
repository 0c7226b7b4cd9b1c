"""The service API as a front end uses it: real files, exact values (docs/architecture.md, lifeboat/service/__init__.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifeboat import service

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.fixture()
def table(tmp_path: Path) -> service.Table:
    return service.Table.deal_new(tmp_path / "g.jsonl", ["Ann", "Bob", "Cy", "Dee"], seed=5)


def test_a_decision_with_its_expected_seq_returns_the_commit_and_what_each_audience_sees(table) -> None:
    assert (table.last_seq, table.waiting_for(), table.digital) == (2, ("lady_lauren",), True)
    keep = table.views.seat_view("lady_lauren").legal[0]
    assert (type(keep).__name__, keep.card) == ("KeepProvision", "cash-6")
    done = table.decide(keep, expected_seq=3)
    assert [c.seq for c in done.commits] == [3] and done.commits[0].actor == "Dee"
    assert sorted(done.seen) == ["captain", "first_mate", "lady_lauren", "public", "referee", "sir_stephen"]
    public = [(v.type, v.data, v.hidden) for v in done.seen["public"]]
    assert public == [("provision_kept", {"character": "lady_lauren", "card": None}, ("card",)),
                      ("provisions_passed", {"by": "lady_lauren", "to": "sir_stephen", "cards": (None, None, None)},
                       ("cards",))]
    mine = [v.data for v in done.seen["lady_lauren"]]
    assert mine[1]["cards"] == ("water", "water", "cash")  # VIEW-FACE-1: passed on, named by their faces
    assert done.seen["sir_stephen"][1].data["cards"] == ("water-5", "water-12", "cash-5")  # the receiver
    assert done.seen["captain"][1].data["cards"] == (None, None, None)  # PROV-2: nobody else sees them
    assert done.changes == ((), ())


def test_a_stale_expected_seq_is_a_conflict_and_writes_nothing(table) -> None:
    size = table.path.stat().st_size
    keep = table.views.seat_view("lady_lauren").legal[0]
    with pytest.raises(service.JournalConflict):
        table.decide(keep, expected_seq=2)
    with pytest.raises(service.RuleViolation) as refused:
        table.decide(type(keep)(by="captain", card="cash-6"))
    assert refused.value.rule == "PROV-2"
    assert table.path.stat().st_size == size and table.last_seq == 2


def test_story_and_view_at_name_bad_requests() -> None:
    game = EXAMPLES / "four-players.jsonl"
    with pytest.raises(service.BadRequest) as bad:
        list(service.story(game, "public", 9999))
    assert (bad.value.field, bad.value.message) == ("--to", f"--to 9999: expected a commit number from 0 to 183 in {game}")
    with pytest.raises(service.BadRequest) as seat:
        service.view_at(game, "Zed", 10)
    assert seat.value.field == "--as" and "unknown seat 'Zed'" in seat.value.message
    assert service.view_at(game, "Ann", 40).viewer == service.view_at(game, "frenchy", 40).viewer


def test_score_audit_and_a_receipt_of_a_bundled_game() -> None:
    game = EXAMPLES / "six-players.jsonl"
    sheet = service.score_game(game)
    assert {s.player: s.total for s in sheet.scores} == {"Ann": 27, "Bob": 8, "Cy": 13, "Dee": 12, "Eve": 13, "Fay": 4}
    assert (sheet.winners, sheet.provisional) == (("Ann",), False)
    receipt = service.make_receipt(game, "Bob", 100)
    report = service.audit(game, receipts=[receipt])
    assert (report.clean, report.findings, report.last_seq, report.winners) == (True, [], 242, ["Ann"])
    assert [(r.seq, r.ok) for r in report.receipts] == [(100, True)]
    with pytest.raises(service.BadRequest, match="the game is not over"):
        service.score_game(EXAMPLES / "episode-b.jsonl")
