"""A scribe who misses things (REC-3): a digital game, played by random players, recorded as a person at the table
would, with ``?`` for a random subset of the card movements nobody showed; at the end every hand is shown.

:func:`record` plays the digital game and the recording side by side and returns both final states; every line the
scribe writes must be accepted (a true game), and every shown card named. Used by the property test and by
bench/possibilities.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import msgspec

from lifeboat import commands as c
from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.chance import next_chance, shuffle
from lifeboat.errors import RuleViolation
from lifeboat.game import apply, new_game
from lifeboat.legal import legal_commands, waiting_for
from lifeboat.ruleset import Ruleset
from lifeboat.state import CompassDraw, NavigatorDraw, ProvisionsPick, RowDraw, RowPlace, State

PLAYERS = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal")


class Missed(msgspec.Struct):
    """What the scribe's game looked like: ``lines`` written, ``unseen`` of them with a ``?``, the time each took."""

    lines: int = 0
    unseen: int = 0
    seconds: list[float] = msgspec.field(default_factory=list)


def _look(state: State, card: str) -> str | None:
    return state.cards.look_of(card) if state.cards.is_provision(card) else None


def same(rec: State, card: str, pool: tuple[str, ...]) -> str:
    """The recording's name for the digital ``card``: a known copy of it in ``pool`` (the recording's cards where the
    line takes it from), else the lowest-numbered unaccounted copy, as the notation reads a face (REC-1)."""
    look = _look(rec, card)
    if look is None:
        return card
    known = next((x for x in pool if not is_unknown(x) and _look(rec, x) == look), None)
    if known is not None:
        return known
    copies = sorted((x for x in rec.unaccounted if _look(rec, x) == look), key=lambda x: int(x.rpartition("-")[2]))
    return copies[0] if copies else card  # as the notation reads a face (docs/notation.md)


def _placeholder(pool: tuple[str, ...], taken: list[str]) -> str | None:
    ph = next((x for x in pool if is_unknown(x) and x != UNKNOWN and x not in taken), None)
    if ph is not None:
        taken.append(ph)
    return ph


def scribe_line(cmd: c.Command, dig: State, rec: State, miss: Callable[[], bool],
                see: Callable[[], bool] | None = None) -> c.Command:
    """The line the scribe writes for the digital ``cmd`` (decided in ``dig``), in the recording ``rec``: ``miss()``
    says whether a hidden card movement is missed; ``see()``, when given, whether a card dealt or drawn is seen
    (by default: not missed)."""
    r = msgspec.structs.replace
    if see is not None and isinstance(cmd, (c.DealSetup, c.DrawProvisions, c.DrawNavigation)):
        miss = lambda: not see()  # noqa: E731
    if isinstance(cmd, c.DealSetup):
        q = lambda xs: tuple(UNKNOWN if miss() else x for x in xs)  # noqa: E731
        return r(cmd, love=q(cmd.love), hate=q(cmd.hate), provisions=q(cmd.provisions),
                 removed=tuple(UNKNOWN for _ in cmd.removed))
    if isinstance(cmd, c.DrawProvisions):
        return r(cmd, cards=tuple(UNKNOWN if miss() else x for x in cmd.cards))
    if isinstance(cmd, c.DrawNavigation):
        seen_only_by_one = isinstance(dig.step, (RowDraw, CompassDraw, NavigatorDraw))
        return r(cmd, cards=(UNKNOWN,) * len(cmd.cards)) if seen_only_by_one and miss() else cmd
    if isinstance(cmd, c.DrawFromHand):
        hand = rec.char(dig.step.target).hand  # type: ignore[union-attr]
        return r(cmd, card=UNKNOWN if miss() else same(rec, cmd.card, hand))
    if isinstance(cmd, c.PlaceRowedCards):
        drawn = rec.step.drawn if isinstance(rec.step, RowPlace) else ()
        if all(is_unknown(x) for x in drawn):  # the draw was unseen: so is where each card went
            k = len(cmd.to_stack)
            return r(cmd, to_stack=drawn[:k], to_bottom=drawn[k:])
        return cmd
    if isinstance(cmd, c.KeepProvision):
        offered = rec.step.offered if isinstance(rec.step, ProvisionsPick) else ()
        ph = _placeholder(offered, []) if miss() else None
        return r(cmd, card=ph or same(rec, cmd.card, offered))
    if isinstance(cmd, c.OfferTrade):
        hand, taken = rec.char(cmd.by).hand, []
        give = tuple((miss() and _placeholder(hand, taken)) or same(rec, x, hand) for x in cmd.give)
        return r(cmd, give=give)
    if isinstance(cmd, c.AnswerTrade):
        return r(cmd, cards=tuple(same(rec, x, rec.char(cmd.by).hand) for x in cmd.cards))
    if isinstance(cmd, c.Mug) and cmd.card is not None:
        return r(cmd, card=same(rec, cmd.card, rec.char(cmd.target).face_up))
    card = getattr(cmd, "card", None)
    if isinstance(card, str) and hasattr(cmd, "by") and rec.has(cmd.by):  # a card played or shown: seen
        me, up = rec.char(cmd.by), card in dig.char(cmd.by).face_up
        return r(cmd, card=same(rec, card, me.face_up if up else me.hand))
    return cmd


def show_hands(dig: State, rec: State) -> State:
    """END-2: every player shows their hand, face-up cards, LOVE and HATE; the scribe names each placeholder (any
    card of that hand the engine accepts for it: which placeholder is which does not matter) and each LOVE and HATE."""
    for ch in rec.characters:
        truth = dig.char(ch.character)
        if "?" in (ch.love, ch.hate):
            rec, _ = apply(rec, c.IdentifyLoveHate(character=ch.character, love=truth.love, hate=truth.hate))
    for _ in range(200):
        open_ = [(ch.character, x) for ch in rec.characters for x in ch.hand + ch.face_up if is_unknown(x)]
        if not open_:
            return rec
        who, ph = open_[0]
        shown = list(dig.char(who).hand + dig.char(who).face_up)
        for x in rec.char(who).hand + rec.char(who).face_up:  # the cards already named there
            look = _look(rec, x)
            match = next((y for y in shown if _look(dig, y) == look), None)
            if match is not None:
                shown.remove(match)
        for candidate in sorted(set(shown), key=lambda y: _look(dig, y) or y):
            try:
                rec, _ = apply(rec, c.Identify(placeholder=ph, card=same(rec, candidate, ())))
                break
            except RuleViolation:
                continue
        else:
            raise AssertionError(f"no card of {who}'s shown hand fits {ph}: {shown}")
    raise AssertionError("the end never named every shown card")


def record(seed: int, players: int, miss_rate: float, *, limit: int = 4000, ruleset: Ruleset = Ruleset(),
           timed: Missed | None = None, see_rate: float | None = None,
           observe: Callable[[c.Command, State], None] | None = None) -> tuple[State, State, Missed]:
    """Play a digital game of ``players`` random players (seeded) and record it beside, missing each hidden card
    movement with probability ``miss_rate`` (with ``see_rate``, a card dealt or drawn is seen with that probability
    instead; ``observe(line, recording)`` sees each line before it is applied). Returns ``(digital final, recorded
    final, Missed)``. Raises AssertionError when the recording refuses a line of the true game or the game does not
    end in ``limit``."""
    import time

    rng = random.Random(seed)
    orders = shuffle(random.Random(seed), f"{seed:032x}", ruleset)
    dig = new_game(PLAYERS[:players], ruleset)
    rec = new_game(PLAYERS[:players], msgspec.structs.replace(ruleset, possibilities=True))
    out = timed or Missed()
    miss = lambda: rng.random() < miss_rate  # noqa: E731
    see = None if see_rate is None else (lambda: rng.random() < see_rate)
    for _ in range(limit):
        if dig.over:
            break
        cmd = next_chance(dig, orders)
        if cmd is None:
            who = rng.choice(waiting_for(dig))
            cmd = rng.choice(legal_commands(dig, who))
        line = scribe_line(cmd, dig, rec, miss, see)
        if observe is not None:
            observe(line, rec)
        out.lines += 1
        out.unseen += line != cmd
        start = time.perf_counter()
        try:
            rec, _ = apply(rec, line)
        except RuleViolation as exc:
            raise AssertionError(f"seed {seed}: the scribe's line {line} of the true {cmd} was refused: {exc}") from None
        out.seconds.append(time.perf_counter() - start)
        dig, _ = apply(dig, cmd)
    assert dig.over and rec.over, f"seed {seed}: the game did not end in {limit} decisions"
    return dig, show_hands(dig, rec), out
