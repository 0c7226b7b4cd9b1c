"""``lifeboat.service.game.replay`` checks each commit's actor (TURN-1) with the players of the dealt characters, which it keeps
for the game (issue 16: ``actor_of``'s ``known``); a correction (REC-2) that withdraws the deal empties them, so a
new deal that gives the characters to other players is checked against its own players."""

from __future__ import annotations

import random
from pathlib import Path

import journal
from lifeboat import commands as c
from lifeboat import legal_commands, waiting_for
from lifeboat.service import Table, replay
from lifeboat.service.live.bots import random_bot
from lifeboat.service.game.records import actor_of
from lifeboat.service.game.headers import initial_state
from lifeboat.service.game.create import new_digital_game
from lifeboat.service.game.records import to_record

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def play(table: Table, rng: random.Random, decisions: int) -> None:
    for _ in range(decisions):
        table.deal(detail=False)
        me = waiting_for(table.state)[0]
        table.decide(random_bot(me, legal_commands(table.state, me), rng), detail=False)


def rotated(deal: c.DealSetup) -> c.DealSetup:
    """The same deal with every hand moved to the next player: each character gets another player."""
    turn = lambda t: t[1:] + t[:1]  # noqa: E731
    return c.DealSetup(characters=turn(deal.characters), love=turn(deal.love), hate=turn(deal.hate),
                       provisions=turn(deal.provisions), removed=deal.removed)


def test_REC_2_TURN_1_a_correction_before_the_deal_lets_a_new_deal_name_other_players(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    table = Table.deal_new(path, PLAYERS, seed=5)
    first = next(iter(table.journal.commits()))
    deal = to_record(first.command)
    assert isinstance(deal, c.DealSetup) and first.seq == 1
    rng = random.Random(5)
    play(table, rng, 6)
    fixed = table.last_seq + 1
    table.withdraw(1, actor="system")  # the wrong players were dealt
    assert table.state == initial_state(table.header, str(path))
    table.decide(rotated(deal), detail=False)
    owner = {ch.character: ch.player for ch in table.state.characters}
    assert all(owner[ch] != PLAYERS[i] for i, ch in enumerate(deal.characters))  # every character changed hands
    play(table, rng, 6)
    table.close()

    with journal.JsonlJournal.open(path) as read:
        steps = list(replay(read, str(path)))
    assert len(steps) == read.last_seq
    after = [s for s in steps if s.commit.seq > fixed and s.commit.actor in PLAYERS]
    assert after and all(s.commit.actor == owner[s.record.by] for s in after)


def test_actor_of_reads_and_fills_the_known_players() -> None:
    """``known`` is read first and filled only for characters found dealt."""
    header, state, orders = new_digital_game(PLAYERS, seed=2)
    known: dict[str, str] = {}
    assert actor_of(state, c.Pass(by="kid"), known) == "kid" and known == {}  # nobody dealt yet: nothing kept
    known["kid"] = "Zed"
    assert actor_of(state, c.Pass(by="kid"), known) == "Zed"
    assert actor_of(state, c.Pass(by="kid")) == "kid"
