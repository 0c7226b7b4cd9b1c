"""SERVE-13: standing orders pass for a seat without telling anyone anything (issue 28).

Many seeded games of four seats, Ann's seat with the order "pass in every window" (and, in others, "until
something changes for me"), the others played by random bots; after each decision the server's path is followed
(``LiveGame.decide``, then ``apply_orders``, then each other audience's message from its last seq, as
``lifeboat/web/tables.py`` pushes them). At every window Ann was asked in we note whether she held a card she could
have played there (a non-pass decision). What the other seats receive does not depend on it:

- both kinds of window occur, many times;
- in both, the standing pass arrives in the very message that brought the window (or its re-opening), right after
  the events that opened it, and no message any other seat receives ever shows Ann waiting in a window her order
  covers: nobody sees her think, with or without a card;
- the messages differ by nothing but the public events themselves: the same message shape (the decision's events,
  then the standing pass) in both kinds, and each message is what the public log says happened (no trace of Ann's
  hand: her cards appear in no other seat's message).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import msgspec
import pytest

from lifeboat.commands import JoinFight, Pass, Reveal
from lifeboat.service.live.bots import random_bot
from lifeboat.service.live.game import LiveGame
from lifeboat.service.live.hotseat import WINDOWS

CARD = re.compile(r"\b[a-z_]+-\d+\b")


def play(path: Path, seed: int, kind: str) -> dict:
    game = LiveGame.create(path, ["Ann", "Bob", "Cy", "Dee"], seed=seed, options=["quick_game=on"])
    ann = next(c for c, p in game.seats().items() if p == "Ann")
    others = [c for c in game.seats() if c != ann]
    game.give_order(ann, kind)
    rng = random.Random(seed)
    last = {y: 0 for y in others}
    cases: list[tuple[bool, dict[str, list], int]] = []  # (Ann held a play, each other's message, first event)
    seen_waiting = []
    for _ in range(3000):
        if game.over:
            break
        waiting = game.waiting_for()
        seat = next((s for s in waiting if s != ann), waiting[0] if waiting else None)
        if seat is None:
            break
        view = game.view(seat)
        game.decide(seat, random_bot(seat, list(view.legal), rng), game.seq)
        public = game.view("public")
        asked = public.step.kind in WINDOWS and ann in public.waiting_for and game.orders.of(ann)
        # a card she could have played there (Water, a Life Preserver, Chum, a Medical Kit …; not a join, not a
        # reveal, which any hand allows)
        held = asked and any(type(c) not in (Pass, Reveal, JoinFight) for c in game.view(ann).legal)
        before = len(game._obs)  # noqa: SLF001 - the events before the standing passes
        game.apply_orders()
        asked = any(e.type == "passed" and e.data.get("character") == ann
                    for e in game._obs.log(referee=True, start=before))  # noqa: SLF001 - the order passed for her
        msgs = {}
        hand = set(game.view(ann).hand)
        for y in others:
            msg = game.message(y, last[y])
            leaked = hand & set(CARD.findall(msgspec.json.encode(msg).decode()))
            assert game.over or not leaked, (seed, y, leaked)  # her hand: in no other's message (END-2: the end)
            last[y] = msg.seq
            msgs[y] = msg
            if msg.view.step.kind in WINDOWS and ann in msg.view.waiting_for and game.orders.of(ann):
                seen_waiting.append((y, msg.seq))
        if asked:
            cases.append((bool(held), {y: [(e.seq, e.type, e.data.get("character")) for e in m.events]
                                       for y, m in msgs.items()}, before))
        if game.orders.of(ann) is None:  # an "until something changes" order was spent: Ann gives it again
            game.give_order(ann, kind)
    return {"game": game, "ann": ann, "cases": cases, "seen_waiting": seen_waiting}


@pytest.mark.parametrize("kind", ["windows", "until_change"])
def test_what_others_receive_does_not_depend_on_the_passing_seats_hand(tmp_path: Path, kind: str) -> None:
    held, empty = 0, 0
    for seed in range(12):
        got = play(tmp_path / f"{kind}-{seed}.jsonl", seed, kind)
        ann, game = got["ann"], got["game"]
        assert got["seen_waiting"] == []  # nobody ever saw Ann asked in a window while her order stood
        for had_play, msgs, before in got["cases"]:  # noqa: B007
            held += had_play
            empty += not had_play
            for y, events in msgs.items():
                # the same shape whatever Ann held: the events that opened the window, then her standing pass,
                # in the one message; nothing after it but other standing passes and what follows by itself
                # (from ``before`` on: when the seat deciding was Ann herself, her spent "until something changes"
                # order having left her asked, her own pass is among the decision's events)
                mine = [i for i, (seq, typ, who) in enumerate(events)
                        if typ == "passed" and who == ann and seq >= before]
                assert mine, (seed, y, events)
                first = mine[0]
                assert events[first][0] == before, (seed, y, events)  # the first event after the decision's
                assert first > 0 and all(e[0] < before for e in events[:first])
    assert held >= 3 and empty >= 3, (held, empty)  # both kinds of window happened, many times


def test_a_game_opened_before_its_deal_takes_standing_orders(tmp_path: Path) -> None:
    """SERVE-13: a host stopped right after creating a game (header and deck file, nothing dealt); opening it deals,
    and its seats can then leave orders (they were refused as seats not in the game: SERVE-3)."""
    import journal
    from lifeboat.service.game.create import new_digital_game
    from lifeboat.service.game.files import deck_path, write_deck_file

    header, _state, orders = new_digital_game(["Ann", "Bob", "Cy", "Dee"], seed=5)
    path = tmp_path / "undealt.jsonl"
    journal.JsonlJournal.create(path, header).close()
    write_deck_file(deck_path(path), orders)
    game = LiveGame.open(path)
    seats = game.seats()
    assert len(seats) == 4 and game.seq > 0
    for seat in seats:
        game.give_order(seat, "windows")
        assert game.orders.of(seat) == "windows"
