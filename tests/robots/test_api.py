"""The bot API: a bot gets only its own seat's view (built by lifeboat.views, the same choke point as the CLI)
and that seat's view of the log; it returns one of the seat's legal commands; nothing it is given can reach the
State or another seat's secrets."""

from __future__ import annotations

import inspect
import random
from collections.abc import Sequence

import msgspec
import pytest

from lifeboat.commands import PlayerCommand
from lifeboat.views import EventView, SeatView

from lifeboat import bots
from lifeboat.bots.search import SearchBot
from tests.robots.games import decisions


def _bots() -> list[bots.Bot]:
    return [bots.make("random"), bots.make("heuristic"), SearchBot(playouts=2)]


@pytest.mark.parametrize("bot", _bots(), ids=lambda b: b.name)
def test_the_api_names_only_seat_views(bot: bots.Bot) -> None:
    hints = inspect.get_annotations(type(bot).choose, eval_str=True)
    assert hints == {"view": SeatView, "log": Sequence[EventView], "rng": random.Random, "return": PlayerCommand}
    # a seat's view has no field for another seat's secrets: other characters are CharacterViews (hand_size)
    assert "secrets" not in SeatView.__struct_fields__ and "hand" not in EventView.__struct_fields__


@pytest.mark.parametrize("bot", _bots(), ids=lambda b: b.name)
def test_a_bot_refuses_any_other_view(bot: bots.Bot) -> None:
    for state, obs, me in decisions(5):
        with pytest.raises(TypeError, match="only its own seat's view"):
            bot.choose(obs.referee_view(), obs.log(referee=True), random.Random(1))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="only its own seat's view"):
            bot.choose(obs.public_view(), obs.log(), random.Random(1))  # type: ignore[arg-type]
        return


@pytest.mark.parametrize("bot", _bots(), ids=lambda b: b.name)
def test_decisions_depend_only_on_what_the_seat_sees(bot: bots.Bot) -> None:
    """The view and log go through JSON (what the seat's screen or --json shows) and back: same decision, and it
    is one of the seat's legal commands. So no object reference smuggles the State into a bot."""
    for k, (state, obs, me) in enumerate(decisions(21)):
        if k % 23:
            continue
        view, log = obs.seat_view(me), obs.log(me)
        again = msgspec.json.decode(msgspec.json.encode(view), type=SeatView)
        log_again = msgspec.json.decode(msgspec.json.encode(log), type=tuple[EventView, ...])
        first = bot.choose(view, log, random.Random(k))
        assert first in view.legal
        assert bot.choose(again, log_again, random.Random(k)) == first
        if k > 200:
            return


def test_make_knows_the_kinds() -> None:
    assert [bots.make(k).name for k in bots.KINDS] == ["random", "heuristic", "search"]
    assert bots.make("search", 50).think_ms == 50  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown bot kind 'smart'; expected one of random, heuristic, search"):
        bots.make("smart")
    with pytest.raises(ValueError, match="at least 1 ms"):
        bots.make("search", 0)
