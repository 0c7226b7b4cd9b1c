"""SERVE-9 in the application layer: :meth:`lifeboat.service.live.game.LiveGame.message` refuses a ``since`` past the game's seq
(the reader followed another copy of the game) instead of answering from the start; up to the seq is fine."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifeboat.service.errors import Diverged
from lifeboat.service.live.game import LiveGame


def test_SERVE_9_a_message_from_past_the_game_is_refused(tmp_path: Path) -> None:
    game = LiveGame.create(tmp_path / "g.jsonl", ["Ann", "Bob", "Cy", "Dee"], seed=19)
    seq = game.seq
    seat = next(iter(game.seats()))
    with pytest.raises(Diverged) as refused:
        game.message(seat, seq + 5)
    assert (refused.value.rule, refused.value.since, refused.value.seq) == ("SERVE-9", seq + 5, seq)
    assert refused.value.message == (
        f"this page has seen seq {seq + 5} but the game is at seq {seq} (its file was restored or cut): read the "
        "game again from the start (since=0; the page does so by itself)")
    up_to_date = game.message(seat, seq)
    assert (up_to_date.seq, up_to_date.events) == (seq, ())
    assert game.message("public", 0).seq == seq
