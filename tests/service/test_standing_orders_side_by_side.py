"""SERVE-13, side by side: two games that differ only in the card the passing seat holds (issue 28).

Each pair of games is dealt from the same committed deck orders except for one card: in game A, Ann (the seat
with the standing order) is dealt a card she can play in a window (Water, a Life Preserver, a weapon …), in game B
a card she cannot (Cash, Jewels, a Painting). The card she did not get lies among the ten provisions removed unseen
at the start (SETUP-3, four players), so every draw, every other hand and the navigation deck are the same. The
other seats are played by the same seeded random bots; Ann's own turns by a bot that never names a card of her hand,
with the same seed. Her standing order passes for her in every window.

What every other seat receives after every decision must then be the same in both games, byte for byte and in the
same order, until a card is taken from her hand (a mug: the mugger rightly sees which) or the game ends (END-2
shows every hand). Both kinds of window occur: ones where she held a play in A and none in B.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

import journal
from lifeboat.chance import DeckOrders, commitment
from lifeboat.commands import JoinFight, Pass, Reveal
from lifeboat.service.game.create import new_digital_game
from lifeboat.service.game.files import deck_path, write_deck_file
from lifeboat.service.game.headers import build_ruleset
from lifeboat.service.live.bots import random_bot
from lifeboat.service.live.game import LiveGame
from lifeboat.service.live.hotseat import WINDOWS

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
PLAYABLE = ("water", "life_preserver", "knife", "blackjack", "gaffing_hook", "flare_gun", "oar")
UNPLAYABLE = ("cash", "jewels", "painting")
REMOVED = 10  # SETUP-3: four players, the first ten provisions are removed unseen


def kind_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


def pair(tmp: Path, seed: int, kind: str) -> tuple[LiveGame, LiveGame, str, str] | None:
    """Games A and B of ``seed`` (None when the removed provisions hold no card of each sort), with Ann's card in
    each; both have the same game id and the same standing order for Ann."""
    header, _state, orders = new_digital_game(PLAYERS, seed=seed, ruleset=build_ruleset(["quick_game=on"]))
    orders = msgspec.structs.replace(orders, salt=f"{seed:032x}")  # the random mugs' picks too: a fixed test
    removed = orders.provisions[:REMOVED]
    play = next((i for i, x in enumerate(removed) if kind_of(x) in PLAYABLE), None)
    dull = next((i for i, x in enumerate(removed) if kind_of(x) in UNPLAYABLE), None)
    if play is None or dull is None:
        return None
    games = []
    for side, i in (("a", play), ("b", dull)):
        cards = list(orders.provisions)
        cards[i], cards[REMOVED] = cards[REMOVED], cards[i]  # the first dealt provision goes to the first player
        mine = msgspec.structs.replace(orders, provisions=tuple(cards))
        path = tmp / f"{kind}-{seed}-{side}.jsonl"
        journal.JsonlJournal.create(path, msgspec.structs.replace(header, deck_commitment=commitment(mine))).close()
        write_deck_file(deck_path(path), mine)
        games.append(LiveGame.open(path))
    a, b = games
    ann = next(c for c, p in a.seats().items() if p == "Ann")
    assert a.view(ann).hand == (removed[play],) and b.view(ann).hand == (removed[dull],)
    for g in (a, b):
        g.give_order(ann, kind)
    return a, b, removed[play], removed[dull]


def anns_choice(game: LiveGame, ann: str, rng: random.Random) -> object:
    """Ann's own turn: a random legal command naming no card of her hand (the same in both games)."""
    hand = set(game.view(ann).hand)
    options = [c for c in game.view(ann).legal if not hand & set(msgspec.json.encode(c).decode().split('"'))]
    return rng.choice(options) if options else None


def same_but_one(hand_a: tuple[str, ...], hand_b: tuple[str, ...], card_a: str, card_b: str) -> bool:
    """Ann still holds her own card in each game and the same other cards."""
    return card_a in hand_a and card_b in hand_b and set(hand_a) - {card_a} == set(hand_b) - {card_b}


def held_play(game: LiveGame, ann: str) -> bool:
    view = game.view("public")
    if view.step.kind not in WINDOWS or ann not in view.waiting_for:
        return False
    return any(type(c) not in (Pass, Reveal, JoinFight) for c in game.view(ann).legal)


def side_by_side(a: LiveGame, b: LiveGame, seed: int, card_a: str, card_b: str) -> tuple[int, int]:
    """Play A and B in step; assert every other seat's messages are equal. Returns (windows where only A's Ann held
    a play, messages compared)."""
    ann = next(c for c, p in a.seats().items() if p == "Ann")
    others = [c for c in a.seats() if c != ann]
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    last = {y: 0 for y in others}
    differing, compared = 0, 0
    for _ in range(3000):
        if a.over:
            break
        waiting = a.waiting_for()
        assert waiting == b.waiting_for(), (seed, waiting, b.waiting_for())
        seat = next((s for s in waiting if s != ann), waiting[0] if waiting else None)
        if seat is None:
            break
        if seat == ann:
            cmd_a, cmd_b = anns_choice(a, ann, rng_a), anns_choice(b, ann, rng_b)
            assert cmd_a == cmd_b, (seed, cmd_a, cmd_b)
            if cmd_a is None:
                break
        else:
            cmd_a = random_bot(seat, list(a.view(seat).legal), rng_a)
            cmd_b = random_bot(seat, list(b.view(seat).legal), rng_b)
        a.decide(seat, cmd_a, a.seq)  # type: ignore[arg-type]  # one of the seat's legal commands
        b.decide(seat, cmd_b, b.seq)  # type: ignore[arg-type]  # one of the seat's legal commands
        differing += held_play(a, ann) and not held_play(b, ann)
        a.apply_orders()
        b.apply_orders()
        if a.over or b.over:
            assert a.over and b.over, seed
            break  # END-2: the end shows every hand
        if not same_but_one(a.view(ann).hand, b.view(ann).hand, card_a, card_b):
            break  # a card was taken from her hand: the taker rightly learns which, and the games part
        for y in others:
            got_a, got_b = a.message(y, last[y]), b.message(y, last[y])
            assert msgspec.json.encode(got_a) == msgspec.json.encode(got_b), (seed, y, last[y])
            last[y] = got_a.seq
            compared += 1
    return differing, compared


@pytest.mark.parametrize("kind", ["windows", "until_change"])
def test_others_receive_the_same_whether_the_passing_seat_held_a_play(tmp_path: Path, kind: str) -> None:
    differing, compared, pairs = 0, 0, 0
    for seed in range(40):
        made = pair(tmp_path, seed, kind)
        if made is None:
            continue
        a, b, card_a, card_b = made
        d, n = side_by_side(a, b, seed, card_a, card_b)
        differing, compared, pairs = differing + d, compared + n, pairs + 1
        if pairs == 12:
            break
    print(f"pairs {pairs}, windows only A could play in {differing}, messages compared {compared}")
    assert pairs == 12
    assert differing >= 10, differing  # windows where only game A's Ann could have played: many of them
    assert compared >= 1000, compared
