"""The playout policy of the search bot: the heuristic's rules over a short list of options built straight from
the step (no trade offers, no idle reveals), which makes a playout several times cheaper than asking
:func:`lifeboat.legal_commands` for every option. An option the rules refuse is caught by :func:`lifeboat.apply`,
and the policy then falls back to the full legal list. Chance's commands, from the world's deck orders, are
legal: :func:`lifeboat.apply_legal` applies them without the checks.
"""

from __future__ import annotations

from lifeboat import RuleViolation, State, apply, apply_legal, legal_commands, waiting_for
from lifeboat import commands as c
from lifeboat.chance import DeckOrders, next_chance
from lifeboat.state import (
    ActionTurn, AwaitAnswer, CannibalismObjection, CompassChoice, Fight, NavigatorChoice, OverboardWindow,
    ProvisionsPick, RowPlace, ThirstWindow,
)

from lifeboat.bots import heuristic
from lifeboat.bots.situation import face as face_of, from_state, weapon

MAX_PLAYOUT_DECISIONS = 600


def _faces(state: State, who: str, kind: str) -> list[str]:
    ch = state.char(who)
    return [x for x in ch.hand + ch.face_up if face_of(x) == kind]


def options(state: State, who: str) -> tuple[c.PlayerCommand, ...]:  # noqa: C901 - one branch per step kind
    """A short list of commands ``who`` might issue now (possibly including some the rules refuse)."""
    step, me = state.step, state.char(who)
    if state.offer is not None:
        return (c.AnswerTrade(by=who, accept=False),)
    out: list[c.PlayerCommand] = []
    if isinstance(step, ProvisionsPick):
        out = [c.KeepProvision(by=who, card=x) for x in step.offered]
    elif isinstance(step, ActionTurn):
        out = [c.DoNothing(by=who), c.Row(by=who)]
        for t in state.seats:
            if t != who and state.char(t).hand:
                out.append(c.Mug(by=who, target=t))
            out += [c.Mug(by=who, target=t, card=x) for x in state.char(t).face_up if t != who]
        out += [c.UseMedicalKit(by=who, card=x, target=t) for x in _faces(state, who, "medical_kit")
                for t in sorted({who, me.love}) if t in state.seats]
        out += [c.OpenParasol(by=who, card=x) for x in _faces(state, who, "parasol") if x != state.open_parasol]
    elif isinstance(step, RowPlace):
        drawn = step.drawn
        for mask in range(1 << len(drawn)):
            stack = tuple(x for i, x in enumerate(drawn) if mask >> i & 1)
            out.append(c.PlaceRowedCards(by=who, to_stack=stack, to_bottom=tuple(x for x in drawn if x not in stack)))
    elif isinstance(step, AwaitAnswer):
        out = [c.Answer(by=who, consent=True), c.Answer(by=who, consent=False)]
    elif isinstance(step, CompassChoice):
        out = [c.UseCompass(by=who, use=True), c.UseCompass(by=who, use=False)]
    elif isinstance(step, NavigatorChoice):
        out = [c.ChooseNavigationCard(by=who, card=x) for x in state.row_stack]
    elif isinstance(step, Fight):
        out = [c.Pass(by=who), c.JoinFight(by=who, side="attacker"), c.JoinFight(by=who, side="defender")]
        out += [c.Reveal(by=who, card=x) for x in me.hand if weapon(x)]
    elif isinstance(step, OverboardWindow):
        out = [c.Pass(by=who), *(c.ExpendChum(by=who, card=x) for x in _faces(state, who, "chum"))]
        out += [c.ThrowLifePreserver(by=who, card=x, target=t) for x in _faces(state, who, "life_preserver")
                for t in step.overboard]
    elif isinstance(step, ThirstWindow):
        out = [c.Pass(by=who), *(c.GiveWater(by=who, card=x, target=t) for x in _faces(state, who, "water")[:1]
                                  for t, n in step.thirst if n > 0)]
    elif isinstance(step, CannibalismObjection):
        out = [c.Pass(by=who), c.ObjectToCannibalism(by=who)]
    return tuple(out)


def step(state: State, who: str) -> State:
    """``state`` after ``who``'s heuristic decision."""
    short = options(state, who)
    if short:
        try:
            return apply(state, heuristic.decide(from_state(state, who, short)))[0]
        except RuleViolation:
            pass
    return apply(state, heuristic.decide(from_state(state, who, legal_commands(state, who))))[0]


def play_on(state: State, orders: DeckOrders, last_round: int) -> State:
    """Play on from ``state`` with the heuristic for every seat, chance from ``orders``, until the game ends or
    round ``last_round`` is over (or :data:`MAX_PLAYOUT_DECISIONS` decisions)."""
    for _ in range(MAX_PLAYOUT_DECISIONS):
        if state.over or state.round > last_round:
            break
        chance = next_chance(state, orders)
        if chance is not None:  # what the world's deck orders give: legal, so applied without the checks
            state = apply_legal(state, chance)[0]
            continue
        state = step(state, waiting_for(state)[0])
    return state
