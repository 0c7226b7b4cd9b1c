"""Positions with one clearly bad option, found in seeded games of the random bot (tests/robots/games.py).

Each kind is a *given* (a predicate on the table and the seat to move) and a *when* (the clearly bad command the
seat could choose there); :func:`positions` yields, for each kind, the first ``per_kind`` positions of the seeded
games ``seeds`` that match: ``(kind, seq, view, log, bad)``, with the view and log of the seat to move only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from lifeboat import State, legal_commands
from lifeboat import commands as c
from lifeboat.cards import names_on
from lifeboat.state import ActionTurn, NavigatorChoice, OverboardWindow, ThirstWindow
from lifeboat.views import EventView, SeatView

from tests.robots.games import decisions

Finder = Callable[[State, str], c.PlayerCommand | None]


def _faces(state: State, cards: tuple[str, ...], face: str) -> list[str]:
    return [x for x in cards if state.cards.face_of(x) == face]


def _hurts(state: State, who: str, wounds: int) -> bool:
    """``wounds`` more would knock ``who`` out or kill it (STATUS-1); unconscious overboard, it is lost at sea
    (OVER-3)."""
    return state.char(who).wounds + wounds >= state.health(who)


def last_water_to_the_hate(state: State, me: str) -> c.PlayerCommand | None:
    """Given a thirst window where the seat owes thirst that would knock it out or kill it, holds one Water and its
    HATE (not its LOVE) is thirsty too; when it gives that Water to its HATE."""
    step, ch = state.step, state.char(me)
    if not isinstance(step, ThirstWindow) or state.open_parasol is not None:
        return None
    thirst = dict(step.thirst)
    waters = _faces(state, ch.hand + ch.face_up, "water")
    if thirst.get(me, 0) < 1 or len(waters) != 1 or me in (ch.hate, ch.love) or ch.hate == ch.love:
        return None
    if thirst.get(ch.hate, 0) < 1 or not _hurts(state, me, thirst[me]):
        return None
    bad = c.GiveWater(by=me, card=waters[0], target=ch.hate)
    return bad


def preserver_not_for_myself(state: State, me: str) -> c.PlayerCommand | None:
    """Given an overboard window where the seat (not Frenchy) is in the water, a wound would knock it out or kill it
   , and it may throw itself a Life Preserver; when it passes."""
    step, ch = state.step, state.char(me)
    if not isinstance(step, OverboardWindow) or me not in step.overboard or me in step.lost or me == "frenchy":
        return None
    if not _hurts(state, me, 1) or state.faces_in(ch.face_up, "life_preserver") or ch.love == ch.hate:
        return None
    if not any(isinstance(x, c.ThrowLifePreserver) and x.target == me for x in legal_commands(state, me)):
        return None
    bad = c.Pass(by=me)
    return bad


def heal_my_hate(state: State, me: str) -> c.PlayerCommand | None:
    """Given the seat's action turn with a Medical Kit, the seat itself a wound away from being knocked out and
    its HATE (not its LOVE) wounded; when it heals its HATE (MEDKIT-1) instead of itself."""
    step, ch = state.step, state.char(me)
    if not isinstance(step, ActionTurn) or step.actor != me or ch.love == ch.hate or ch.hate not in state.seats:
        return None
    if not _hurts(state, me, 1) or ch.wounds == 0 or state.char(ch.hate).wounds == 0:
        return None
    kits = _faces(state, ch.hand + ch.face_up, "medical_kit")
    return c.UseMedicalKit(by=me, card=kits[0], target=ch.hate) if kits else None


def chum_for_my_love(state: State, me: str) -> c.PlayerCommand | None:
    """Given an overboard window where the seat's LOVE is in the water (not the seat's HATE), its wound for going
    overboard leaves it conscious but a shark's wound more would not (OVER-2, OVER-3: lost at sea), and the seat
    holds Chum; when it expends the Chum."""
    step, ch = state.step, state.char(me)
    if not isinstance(step, OverboardWindow) or ch.love not in step.overboard or ch.love == me:
        return None
    if not _hurts(state, ch.love, 2) or _hurts(state, ch.love, 1) or ch.love == "frenchy" or ch.love in step.lost:
        return None
    if ch.hate in step.overboard or me in step.overboard:
        return None
    chum = next((x for x in legal_commands(state, me) if isinstance(x, c.ExpendChum)), None)
    return chum


def navigate_myself_overboard(state: State, me: str) -> c.PlayerCommand | None:
    """Given the seat (not Frenchy) as navigator, a wound away from being knocked out, with a row stack
    where one card throws the seat overboard and another throws nobody; when it chooses the card that throws itself
    overboard."""
    step = state.step
    if not isinstance(step, NavigatorChoice) or step.navigator != me:
        return None
    nav = state.cards.navigation
    overboard = {x: names_on(nav[x].overboard, state.seats) for x in state.row_stack}
    thirsty = {x: names_on(nav[x].thirsty, state.seats) for x in state.row_stack}
    mine = [x for x, who in overboard.items() if me in who]
    safe = [x for x, who in overboard.items() if not who and me not in thirsty[x] and nav[x].bird <= 0]
    if not mine or not safe or me == "frenchy" or not _hurts(state, me, 1):
        return None
    bad = c.ChooseNavigationCard(by=me, card=mine[0])
    return bad


KINDS: dict[str, Finder] = {
    "last water to the hate": last_water_to_the_hate,
    "life preserver not for myself": preserver_not_for_myself,
    "heal my hate": heal_my_hate,
    "chum for my love": chum_for_my_love,
    "navigate myself overboard": navigate_myself_overboard,
}


def positions(per_kind: int, seeds: range = range(1, 400), players: int = 4,
              kinds: dict[str, Finder] = KINDS) -> Iterator[tuple[str, int, SeatView, tuple[EventView, ...],
                                                                 c.PlayerCommand]]:
    """The first ``per_kind`` positions of each kind in the games ``seeds`` (one position per kind and game); the
    seat's LOVE and HATE are other characters (a narcissist or a misanthrope scores otherwise, SCORE-2)."""
    found = dict.fromkeys(kinds, 0)
    for seed in seeds:
        if all(n >= per_kind for n in found.values()):
            return
        taken: set[str] = set()
        for k, (state, obs, me) in enumerate(decisions(seed, players)):
            for kind, finder in kinds.items():
                if kind in taken or found[kind] >= per_kind:
                    continue
                if me in (state.char(me).love, state.char(me).hate):
                    break
                bad = finder(state, me)
                if bad is not None and bad in legal_commands(state, me):
                    taken.add(kind)
                    found[kind] += 1
                    yield kind, k, obs.seat_view(me), obs.log(me), bad
