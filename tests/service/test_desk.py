"""The record page's desk (lifeboat/service/game/desk.py): what it offers as taps at each moment of a recorded game,
the window and who may still act in it, the fight tallies, undo, and the end (REC-1, REC-2, PROC-1, SCORE-4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifeboat.service import BadRequest, Desk, RuleViolation, Table


def test_REC_2_PROC_1_the_desk_offers_every_line_as_taps_and_says_who_may_act(tmp_path: Path) -> None:
    Table.record_new(tmp_path / "g.jsonl", players=["Ann", "Bob", "Cy", "Dee"]).close()
    desk = Desk(tmp_path / "g.jsonl")
    deal = desk.view().picks[0]
    assert desk.view().waiting == ("chance",) and len(deal.slots) == 4 and deal.slots[0].distinct
    desk.line(deal.template.format("captain", "kid", "lauren", "frenchy"))
    view = desk.view()
    assert [c.line for c in view.choices] == ["chance: draw ? ? ? ?"]
    for line in ("chance: draw ? ? ? ?", "lauren: keep ?", "captain: keep ?", "frenchy: keep ?", "kid: keep ?",
                 "lauren: do nothing", "captain: mug frenchy hand"):
        desk.line(line)
    assert [c.line for c in desk.view().choices] == ["frenchy: consent", "frenchy: refuse"]
    said = desk.line("frenchy: refuse")
    view = said.view
    assert view.window == "fight" and set(view.may_act) == {"lady_lauren", "captain", "frenchy", "kid"}
    assert view.table["fight"]["attack"] == 7 and view.table["fight"]["defence"] == 6  # the tallies, FIGHT-3
    assert view.choices[-1].line == "close" and "Tap Close when nobody else acts." in view.next
    assert any(p.template == "kid: reveal {0}" for p in view.picks)  # an unseen hand may show a weapon
    desk.line("kid: join defender")
    assert desk.view().table["fight"]["defence"] == 9
    undone = desk.undo()
    assert undone.view.table["fight"]["defence"] == 6 and "Withdrew the last line" in undone.said[0]
    with pytest.raises(RuleViolation) as refused:
        desk.line("kid: row")
    assert refused.value.rule == "ACT-2"
    desk.close()
    assert desk.view().waiting == ("chance",)  # the Captain won: a card is taken at random
    assert [c.line for c in desk.view().choices] == ["chance: take ?"]
    desk.shut()


def test_the_desk_is_for_recorded_games_only(tmp_path: Path) -> None:
    Table.deal_new(tmp_path / "d.jsonl", ["Ann", "Bob", "Cy", "Dee"], seed=1).close()
    with pytest.raises(BadRequest):
        Desk(tmp_path / "d.jsonl")


def test_REC_1_the_cards_named_one_after_another_are_one_line_of_the_story(tmp_path: Path) -> None:
    """Issue 30: the tutorial's game to its end, every hand named: the page's story says the 11 cards shown in one
    line, hand by hand (a card named twice counted), in English and in Chinese, not 11 rows; the Flare Gun's three
    cards turned up (named while the game goes on, so not by hand: they moved on) are one line of placeholders."""
    from lifeboat.i18n import using_language
    from tests.cli.test_record import END, PLAYERS, ROUND_1, ROUND_2, ROUND_3, SETUP
    from tests.helpers import run

    game = tmp_path / "g.jsonl"
    done = run("record", game, "--players", PLAYERS, stdin=SETUP + ROUND_1 + ROUND_2 + ROUND_3 + END)
    assert done.returncode == 0, done.stdout + done.stderr
    desk = Desk(game)
    story = desk.view().story
    assert sum(1 for x in story if x.startswith("The unseen card ?p")) == 1  # the Flare Gun (?p11), alone
    end = story.index("The game is over: land is sighted (the 4th seagull). Every hand, LOVE and HATE is revealed.")
    assert story[end + 1] == ("11 cards shown are named: The Captain: Bundle of Cash ×2, Painting (2), Water; "
                              "The Kid: Jewels ×2; Frenchy: Painting (3), Bundle of Cash, Oar, Knife, Bucket of Chum.")
    assert story[end + 2] == "The Captain's LOVE and HATE are shown: LOVE the Kid, HATE Frenchy."
    assert ("3 unseen cards are named: ?n4 is Navigation 21, ?n5 is Navigation 23 and ?n6 is Navigation 25."
            in story)
    with using_language("zh_Hans"):
        assert ("亮明的11张牌已写出：船长：现金×2、美术品（2分）、水壶；小孩：珠宝×2；水手：美术品（3分）、现金、船桨、小刀、死鱼。"
                in desk.view().story)
    desk.shut()
