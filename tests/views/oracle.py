"""Test helpers for the views: a random-game driver and a knowledge oracle written from the rules, independently
of ``lifeboat.views``.

The oracle answers "which card ids may this seat (or a spectator) know?" from the events and the rules of who saw
what (PROV-2, ROW-1, NAV-1, NAV-2, MUG-1, TRADE-1, PLAY-1, PROC-5, END-2), not by calling the views.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from lifeboat import events as e
from lifeboat.cards import FACES, card_name, navigation_instances, provision_instances
from lifeboat.chance import DeckOrders, next_chance, shuffle
from lifeboat.game import apply, new_game
from lifeboat.legal import legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.state import NavigatorChoice, ProvisionsPick, RowPlace, State

_EVERY_SET = ("base", "cannibalism", "liquid_courage")  # the expansions' cards too (EXP-1)
ALL_CARDS: frozenset[str] = frozenset(provision_instances(_EVERY_SET)) | frozenset(navigation_instances(_EVERY_SET))
_ID_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
#: Every byte that cannot be part of a card id becomes a space, so splitting gives whole tokens: ``water-1`` is not
#: found inside ``water-11`` or ``xwater-1``.
_SEPARATE = bytes.maketrans(
    bytes(b for b in range(256) if b not in _ID_BYTES), b" " * (256 - len(_ID_BYTES))
)
_ALL_CARD_BYTES = frozenset(c.encode() for c in ALL_CARDS)


def card_ids_in(blob: bytes | str) -> set[str]:
    """The card ids appearing as whole tokens in ``blob`` (JSON bytes or text)."""
    data = blob.encode() if isinstance(blob, str) else blob
    return {t.decode() for t in _ALL_CARD_BYTES.intersection(data.translate(_SEPARATE).split())}


# Names a line of text may use for cards: each maps to the ids it could mean.
_NAMES: dict[str, frozenset[str]] = {}
for _c in ALL_CARDS:
    _NAMES.setdefault(card_name(_c), frozenset())
    _NAMES[card_name(_c)] = _NAMES[card_name(_c)] | {_c}
_NAME_RE = re.compile("|".join(re.escape(n) for n in sorted(_NAMES, key=len, reverse=True)))


def card_names_in(text: str) -> list[frozenset[str]]:
    """For each card name in ``text`` ("Water", "Painting (3)", "Navigation 19"), the ids it may name."""
    return [_NAMES[m] for m in _NAME_RE.findall(text)]


@dataclass
class Knowledge:
    """Card ids each seat, and the public, has seen, from the rules alone."""

    public: set[str] = field(default_factory=set)
    seats: dict[str, set[str]] = field(default_factory=dict)
    ended: bool = False

    def of(self, seat: str | None) -> set[str] | frozenset[str]:
        """What ``seat`` (``None``: the public) may know."""
        if self.ended:
            return ALL_CARDS
        if seat is None:
            return self.public
        return self.public | self.seats.get(seat, set())

    def _see(self, who: tuple[str, ...] | None, cards: tuple[str | None, ...] | list[str]) -> None:
        cs = {c for c in cards if c}
        if who is None:
            self.public |= cs
        else:
            for w in who:
                self.seats.setdefault(w, set()).update(cs)

    def learn(self, events: tuple[e.Event, ...] | list[e.Event], after: State) -> None:  # noqa: C901
        """Update from one commit: its events, then what the state now shows a seat (the step)."""
        for ev in events:
            match ev:
                case e.ProvisionDealt(character=c, card=x) | e.ProvisionKept(character=c, card=x):
                    self._see((c,), [x])
                case e.ProvisionsDrawn(quartermaster=q, cards=xs):
                    self._see((q,), list(xs))
                case e.ProvisionsPassed(by=b, to=t, cards=xs):
                    self._see((b, t), list(xs))
                case e.NavigationDrawn(character=c, cards=xs, purpose=p):
                    self._see((c,) if p in ("row", "compass", "navigator") and c else None, list(xs))
                case e.RowedCardsPlaced(character=c, to_stack=a, to_bottom=b):
                    self._see((c,), list(a + b))
                case e.NavigationCardChosen(character=c, card=x, to_bottom=b):
                    self._see((c,), list(b))
                    self._see(None, [x])
                case e.CardMugged(character=c, target=t, card=x, from_hand=h):
                    self._see((c, t) if h else None, [x])
                case e.TradeOffered(character=c, to=t, give=g):
                    self._see((c, t), list(g))
                case e.TradeCompleted(character=c, to=t, gave=g, got=o):
                    self._see((c, t), list(g + o))
                case (e.NavigationCardRevealed(card=x) | e.CardRevealed(card=x) | e.FlareGunFired(card=x)
                      | e.ParasolOpened(card=x) | e.MedicalKitUsed(card=x) | e.LifePreserverThrown(card=x)
                      | e.ChumExpended(card=x) | e.CardDiscarded(card=x) | e.WaterGiven(card=x)
                      | e.CannibalismDeclared(card=x) | e.FirewaterDrunk(card=x)):  # CANNIBAL-1, LIQUID-1
                    self._see(None, [x])
                case e.MugDeclared(card=x) | e.MugSucceeded(card=x):
                    self._see(None, [x])
                case e.GameEnded():
                    self.ended = True
                case _:
                    pass  # no card is shown to anyone (ProvisionsRemoved, DecksReady, CardsToBottom …)
        step = after.step
        if isinstance(step, NavigatorChoice):  # NAV-1: the navigator looks at the row stack
            self._see((step.navigator,), list(after.row_stack))
        elif isinstance(step, RowPlace):
            self._see((step.rower,), list(step.drawn))
        elif isinstance(step, ProvisionsPick):
            self._see((step.picker,), list(step.offered))


@dataclass
class Commit:
    """One command and its events, with the states around it."""

    before: State
    command: object
    events: tuple[e.Event, ...]
    after: State


def random_game(seed: int, players: int, *, trade_bias: float = 0.25, ruleset: Ruleset | None = None
                ) -> Iterator[Commit]:
    """Play a whole random game (4-6 players; ``ruleset``, default the defaults) and yield each commit. Chance
    follows seeded deck orders; players pick uniformly among their legal commands, with reveals and trades damped
    (``trade_bias``) so games end."""
    rng = random.Random(seed)
    state = new_game([f"p{i}" for i in range(players)], ruleset)
    orders: DeckOrders = shuffle(rng, f"{seed:x}", state.ruleset)
    for _ in range(20000):
        if state.over:
            return
        cmd = next_chance(state, orders)
        if cmd is None:
            who = waiting_for(state)
            actor = rng.choice(who)
            cmds = legal_commands(state, actor)
            core = [c for c in cmds if type(c).__name__ not in ("Reveal", "OfferTrade")]
            cmd = rng.choice(core if core and rng.random() > trade_bias else cmds)
        before = state
        state, events = apply(state, cmd)
        yield Commit(before, cmd, events, state)
    raise AssertionError("the game did not end")


__all__ = ["ALL_CARDS", "FACES", "Commit", "Knowledge", "card_ids_in", "card_names_in", "random_game"]
