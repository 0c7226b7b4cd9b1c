"""service.bots: which seats bots play and of what kind, and "what would a bot do here" at any commit."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifeboat.service import BadRequest, Table, bot_kinds, make_bot, suggest


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.jsonl"
    table = Table.deal_new(path, ["Ann", "Bob", "Cy", "Dee"], seed=4)
    table.deal()
    table.close()
    return path


def test_bot_kinds_reads_names_and_kinds(game: Path) -> None:
    state = Table.open(game).state
    ann, bob = state.character_of("Ann"), state.character_of("Bob")
    assert bot_kinds(state, "Ann=search,Bob") == {ann: "search", bob: "random"}
    assert set(bot_kinds(state, "all=heuristic").values()) == {"heuristic"} and len(bot_kinds(state, "all")) == 4
    assert bot_kinds(state, None) == {}
    with pytest.raises(BadRequest, match="unknown bot kind 'genius'"):
        bot_kinds(state, "Ann=genius")
    with pytest.raises(BadRequest, match="'referee' is not a seat"):
        bot_kinds(state, "referee")
    # a seat named twice with two kinds: the last one won silently; after 'all' a seat takes its own kind
    with pytest.raises(BadRequest) as twice:
        bot_kinds(state, f"Ann=heuristic,{ann}=search")
    assert twice.value.args[0] == (f"--bots: '{ann}' is named twice, as heuristic and as search; name each player "
                                   "once")
    assert bot_kinds(state, "Ann,Ann") == {ann: "random"}
    assert bot_kinds(state, "all,Ann=search")[ann] == "search"
    with pytest.raises(BadRequest, match="at least 1ms"):
        make_bot("search", 0)


def test_suggest_answers_only_for_the_seat_to_move(game: Path) -> None:
    table = Table.open(game)
    seq = table.last_seq
    picker = table.waiting_for()[0]
    player = table.state.char(picker).player
    seat, cmd, waiting = suggest(game, player, seq, "heuristic")
    assert (seat, waiting) == (picker, (picker,))
    assert cmd in table.views.seat_view(picker).legal
    other = next(ch.player for ch in table.state.characters if ch.character != picker)
    assert suggest(game, other, seq)[1] is None
    with pytest.raises(BadRequest, match="a bot plays one seat"):
        suggest(game, "public", seq)
    with pytest.raises(BadRequest, match="unknown bot kind 'wise'"):
        suggest(game, player, seq, "wise")
    with pytest.raises(BadRequest, match=f"expected a number from 0 to {seq}"):
        suggest(game, player, seq + 5)
