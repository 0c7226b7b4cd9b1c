"""The procedure of a round: what follows by itself once a decision is taken (ROUND-1, PROV-1, ACT-1, NAV-1..3,
BIRD-1, OVER-1..3, THIRST-1, PARASOL-1, FIGHT-3, FIGHT-4, MUG-1, SWAP-1, CANNIBAL-1, END-1, PROC-1).

Each function emits the events of one stretch of the procedure into a :class:`Ctx` and advances through every step
that needs no decision (skipped turns, empty windows), stopping where a player or chance must act. None of them
refuses anything: the command was checked before its first event.
"""

from __future__ import annotations

from typing import Literal

from lifeboat import events as e
from lifeboat.card_set import CardSet
from lifeboat.cards import names_on
from lifeboat.decide.context import Ctx
from lifeboat.state import WINDOW_TYPES, CannibalismObjection, Fight, OverboardWindow, State, ThirstWindow, Window

SEAGULLS_TO_LAND = 4  # BIRD-1
FIREWATER_SIZE = 3  # LIQUID-1: Firewater's size as the bundled data prints it (fights only, REF-24)


def firewater_size(cards: CardSet) -> int:
    """LIQUID-1: what one Firewater drunk (or shared) adds in fights, as ``cards`` print it (CARD-3);
    :data:`FIREWATER_SIZE` for card data without the face."""
    return cards.faces["firewater"].size if "firewater" in cards.faces else FIREWATER_SIZE


def start_round(ctx: Ctx, n: int) -> None:
    """ROUND-1: round ``n`` begins with provisions (PROV-1, PROV-2) or, with none left, actions."""
    ctx.emit(e.RoundStarted(round=n))
    s = ctx.state
    conscious = s.conscious_seats()
    if s.provisions and conscious:  # PROV-1, PROV-2
        ctx.emit(e.ProvisionsPhaseStarted(quartermaster=conscious[0], count=min(len(conscious), len(s.provisions))))
    else:
        start_actions(ctx)


def start_actions(ctx: Ctx) -> None:
    """ACT-1: the action order is fixed from bow to stern; the first conscious character acts."""
    ctx.emit(e.ActionPhaseStarted(order=ctx.state.seats))  # ACT-1
    next_turn(ctx, 0)


def next_turn(ctx: Ctx, start: int) -> None:
    """ACT-1: the next conscious character from ``start`` in the action order acts; navigation after the last.
    ACT-3: one who already acted out of order (swapped with) is passed over."""
    s = ctx.state
    for i in range(start, len(s.action_order)):
        ch = s.action_order[i]
        if s.conscious(ch) and ch not in s.turned_early:  # ACT-1: skipped when no longer conscious; ACT-3
            ctx.emit(e.ActionTurnStarted(character=ch, index=i))
            return
    start_navigation(ctx)


def seats_changed(ctx: Ctx, by: str, target: str) -> None:
    """SWAP-1: ``by`` and ``target`` change seats and ``by``'s action ends. ACT-3 (option
    ``swap_grants_immediate_turn``, REF-16): if ``target`` is conscious and has not had its turn in this action
    step (later in the action order than the regular place, and not already out of order), it acts now."""
    ctx.emit(e.SeatsChanged(character=by, target=target))
    s = ctx.state
    if s.over:
        return
    if (s.ruleset.swap_grants_immediate_turn and s.conscious(target) and target not in s.turned_early
            and target in s.action_order and s.action_order.index(target) > s.action_index):
        ctx.emit(e.SwappedTurnStarted(character=target))  # ACT-3
        return
    end_action(ctx)


def end_action(ctx: Ctx) -> None:
    """The current action is over: the next turn, unless the game ended."""
    if not ctx.state.over:
        next_turn(ctx, ctx.state.action_index + 1)


def start_navigation(ctx: Ctx) -> None:
    """NAV-1: the conscious character nearest the stern navigates (REF-4: nobody, the row stack goes under)."""
    s = ctx.state
    conscious = s.conscious_seats()
    navigator = conscious[-1] if conscious else None  # NAV-1
    if navigator is None and s.row_stack:  # REF-4: nobody looks at the row stack
        ctx.emit(e.CardsToBottom(cards=s.row_stack))
    ctx.emit(e.NavigationPhaseStarted(navigator=navigator))


def resolve_card(ctx: Ctx, card: str) -> None:
    """The navigation card of the round takes effect: seagulls (BIRD-1), then overboard (OVER-1..3), then thirst."""
    s = ctx.state
    nav = s.cards.navigation[card]
    if nav.bird > 0:  # BIRD-1
        ctx.emit(e.SeagullAdded(total=s.seagulls + 1))
        if ctx.state.seagulls >= SEAGULLS_TO_LAND:
            land(ctx)
            return
    elif nav.bird < 0 and s.seagulls > 0:
        ctx.emit(e.SeagullRemoved(total=s.seagulls - 1))
    s = ctx.state
    in_game = tuple(ch.character for ch in s.characters)
    named = set(names_on(nav.overboard, in_game, s.drank))  # LIQUID-3: nav-l11 names who drank Firewater
    overboard = tuple(ch for ch in s.seats if ch in named)  # OVER-1
    if overboard:
        lost = tuple(
            ch for ch in overboard
            if s.status(ch) == "dead"
            or (s.status(ch) == "unconscious" and not s.faces_in(s.char(ch).face_up, "life_preserver"))
        )  # OVER-3
        ctx.emit(e.WentOverboard(characters=overboard, lost=lost))
        maybe_close(ctx)
    else:
        thirst(ctx)


def land(ctx: Ctx) -> None:
    """BIRD-1, END-1: the fourth seagull; the cards in play go under the deck and the game ends."""
    if ctx.state.in_play:
        ctx.emit(e.CardsToBottom(cards=ctx.state.in_play))
    ctx.emit(e.GameEnded(reason="land"))  # BIRD-1, END-1


def thirst(ctx: Ctx) -> None:
    """THIRST-1: count the thirst the card of the round gives; a window for Water, or the end of the round."""
    s = ctx.state
    nav = s.cards.navigation[s.in_play[-1]]
    in_game = tuple(ch.character for ch in s.characters)
    named = set(names_on(nav.thirsty, in_game, s.drank))
    owed = []
    for ch in s.seats:
        if not s.alive(ch):
            continue
        st = s.char(ch)
        n = (ch in named) + (st.rowed and nav.rowers_thirsty) + (st.fought and nav.fighters_thirsty)  # THIRST-1
        n += s.drank.count(ch)  # LIQUID-1, WONG-1: one more thirst per Firewater drunk (or shared) this round
        if n:
            owed.append((ch, int(n)))
    if owed:
        ctx.emit(e.ThirstCounted(thirst=tuple(owed)))
        maybe_close(ctx)
    else:
        end_round(ctx)


def end_round(ctx: Ctx) -> None:
    """NAV-3: the cards in play go under the deck; END-1 when nobody is left alive, else the next round."""
    s = ctx.state
    if s.in_play:
        ctx.emit(e.CardsToBottom(cards=s.in_play))  # NAV-3
    ctx.emit(e.RoundEnded(round=s.round))
    if not any(ctx.state.alive(ch) for ch in ctx.state.seats):
        ctx.emit(e.GameEnded(reason="no_survivors"))  # END-1
    else:
        start_round(ctx, ctx.state.round + 1)


def may_act_in_window(state: State) -> tuple[str, ...]:
    """Characters who must still pass before the open window closes (PROC-1, REF-1): every conscious character in
    the boat who has not passed since the last join, reveal or play; at an overboard of the shark variant, then
    every ghost while the sharks are not coming yet (GHOST-1, REF-19). Empty when no window is open."""
    step = state.step
    kind = type(step)  # type tests: the step classes are final (state.WINDOW_TYPES)
    if kind not in WINDOW_TYPES:
        return ()
    window: Window = step  # type: ignore[assignment]  # kind in WINDOW_TYPES (a type test: isinstance costs 10x)
    if type(window) is CannibalismObjection:  # CANNIBAL-1, REF-14: the user is not asked
        return tuple(ch for ch in state.conscious_seats() if ch not in window.passed and ch != window.user)
    passed = window.passed
    living = tuple([ch for ch in state.conscious_seats() if ch not in passed])
    if type(window) is OverboardWindow and state.ghosts:
        return living + tuple(g for g in asked_ghosts(state, window) if g not in passed)
    return living


def sharks_coming(state: State, w: OverboardWindow) -> bool:
    """OVER-2: Chum was expended or a ghost called the sharks this navigation, or Chum is face up in front of
    someone overboard."""
    return w.chum or any(state.faces_in(state.char(ch).face_up, "chum") for ch in w.overboard)


def asked_ghosts(state: State, w: OverboardWindow) -> tuple[str, ...]:
    """GHOST-1, REF-19: the ghosts an overboard window asks (shark variant): all of them while the sharks are not
    coming yet; none once they are (a second call could add nothing)."""
    if not state.ruleset.shark_variant or sharks_coming(state, w):
        return ()
    return state.ghosts


def maybe_close(ctx: Ctx) -> None:
    """PROC-1: close the open window once nobody may act in it any more."""
    state = ctx.state
    step = state.step
    kind = type(step)  # the step classes are final (state.WINDOW_TYPES)
    if kind is Fight or kind is ThirstWindow or (kind is OverboardWindow and not state.ghosts):
        passed = step.passed  # type: ignore[union-attr]  # a window: its kind was tested just above
        # may_act_in_window's common case, asked only whether it is empty: no tuple built
        for ch in state.conscious_seats():  # (~0.3 µs less after nearly every pass)
            if ch not in passed:
                return
    elif may_act_in_window(state):
        return
    if type(step) is Fight:
        close_fight(ctx, step)
    elif type(step) is OverboardWindow:
        close_overboard(ctx, step)
    elif type(step) is ThirstWindow:
        close_thirst(ctx, step)
    elif type(step) is CannibalismObjection:  # CANNIBAL-1: nobody objected
        eat(ctx, step.user, step.body)


def eat(ctx: Ctx, user: str, body: str) -> None:
    """CANNIBAL-1: ``body`` leaves the boat and the game with its cards (REF-12); every living character in the
    boat who has a wound heals one (REF-14); the user's action ends."""
    s = ctx.state
    if body in s.seats and s.status(body) == "dead":
        ctx.emit(e.BodyEaten(character=user, body=body))
        for ch in ctx.state.seats:
            if ctx.state.alive(ch) and ctx.state.char(ch).wounds > 0:
                ctx.emit(e.Healed(character=ch))
    end_action(ctx)


def fighter_strength(state: State, ch: str) -> tuple[int, int, int]:
    """FIGHT-3: what ``ch`` brings to a fight, as ``(size, weapons, firewater)``: its printed size (OPT-SHARK: +1),
    the size of every weapon face up in front of it as this game's card data prints them (CARD-3: bundled Oar 1,
    Blackjack 2, Knife 3, Gaffing Hook 4, Flare Gun 8), and Firewater's size (+3 in the bundled data) per Firewater
    it drank or shared this round (LIQUID-1, WONG-1, REF-24). All public facts: a card in hand never counts.
    Raises ``KeyError`` for a character not in the game."""
    return public_strength(state.cards, state.health(ch), state.char(ch).face_up, state.drank.count(ch))


def public_strength(cards: CardSet, health: int, face_up: tuple[str, ...], drinks: int) -> tuple[int, int, int]:
    """:func:`fighter_strength` from the public facts a seat's view shows (a bot has no :class:`State`):
    ``health`` the printed size, +1 with the shark variant (OPT-SHARK: :meth:`State.health`, a view's ``size``),
    the ``face_up`` cards (instances, or faces as a view names them, VIEW-FACE-1; a non-weapon adds 0) and the
    ``drinks`` of Firewater this round (REF-24), in the card data ``cards`` (CARD-3). Raises ``KeyError`` for a
    card ``cards`` does not have."""
    weapons = sum(cards.weapon_size(card) for card in face_up)
    return health, weapons, firewater_size(cards) * drinks  # CARD-3; LIQUID-1, REF-24


def strength(state: State, side: tuple[str, ...]) -> int:
    """FIGHT-3: a side's strength, the sum of :func:`fighter_strength` over its members ``side``."""
    return sum(sum(fighter_strength(state, ch)) for ch in side)


def close_fight(ctx: Ctx, f: Fight) -> None:
    """FIGHT-3: the stronger side wins (a tie goes to the defender); the losers are wounded; FIGHT-4 option."""
    s = ctx.state
    attack, defence = strength(s, f.attackers), strength(s, f.defenders)
    winner: Literal["attacker", "defender"] = "attacker" if attack > defence else "defender"  # FIGHT-3: a tie: defender
    ctx.emit(e.FightResolved(attackers=f.attackers, defenders=f.defenders, attack=attack, defence=defence, winner=winner))
    for ch in f.defenders if winner == "attacker" else f.attackers:
        ctx.emit(e.Wounded(character=ch, amount=1, cause="fight"))
    if s.ruleset.flare_gun_single_use_weapon:  # FIGHT-4 option
        for ch in f.attackers + f.defenders:
            for card in ctx.state.faces_in(ctx.state.char(ch).face_up, "flare_gun"):
                ctx.emit(e.CardDiscarded(character=ch, card=card, reason="single_use_weapon"))
    if winner == "attacker":
        request_succeeds(ctx, f.kind, f.attacker, f.target, f.card)
    else:
        end_action(ctx)


def request_succeeds(ctx: Ctx, kind: str, attacker: str, target: str, card: str | None) -> None:
    """A mug (MUG-1, REF-2, REF-11), seat change (SWAP-1) or Cannibalism (CANNIBAL-1) goes through."""
    if kind == "cannibalism":  # CANNIBAL-1: the user won the fight; ``target`` is the body
        eat(ctx, attacker, target)
        return
    if kind == "swap":
        seats_changed(ctx, attacker, target)  # SWAP-1, ACT-3
        return
    ctx.emit(e.MugSucceeded(character=attacker, target=target, card=card))  # MUG-1
    if card is not None:
        if card in ctx.state.char(target).face_up:
            ctx.emit(e.CardMugged(character=attacker, target=target, card=card, from_hand=False))
        else:  # REF-11: a single-use Flare Gun was discarded as the fight was resolved
            ctx.emit(e.MugFoundNothing(character=attacker, target=target))
        end_action(ctx)
    elif not ctx.state.char(target).hand:  # REF-2
        ctx.emit(e.MugFoundNothing(character=attacker, target=target))
        end_action(ctx)
    # otherwise chance picks the hand card (step MugDraw)


def close_overboard(ctx: Ctx, w: OverboardWindow) -> None:
    """OVER-1..3: the characters in the water are wounded (sharks with Chum), lose their face-up cards but the
    Life Preserver, and those lost at sea leave; then thirst."""
    s = ctx.state
    falling = tuple(ch for ch in w.overboard if ch not in w.lost)
    sharks = sharks_coming(s, w)  # OVER-2, GHOST-1
    for ch in falling:
        if ch != "frenchy" and not s.faces_in(s.char(ch).face_up, "life_preserver"):
            ctx.emit(e.Wounded(character=ch, amount=1, cause="overboard"))
    if sharks:
        for ch in falling:
            ctx.emit(e.Wounded(character=ch, amount=1, cause="sharks"))
    for ch in falling:  # OVER-3: every face-up card but the Life Preserver is discarded
        for card in ctx.state.char(ch).face_up:
            if s.cards.face_of(card) != "life_preserver":
                ctx.emit(e.CardDiscarded(character=ch, card=card, reason="overboard"))
    for ch in w.lost:
        ctx.emit(e.LostAtSea(character=ch))
        if s.ruleset.shark_variant:  # GHOST-1
            ctx.emit(e.GhostRose(character=ch))
    thirst(ctx)


def close_thirst(ctx: Ctx, w: ThirstWindow) -> None:
    """THIRST-1, PARASOL-1: the open Parasol shades its owner once; every thirst left wounds; the round ends."""
    s = ctx.state
    owed = dict(w.thirst)
    if s.open_parasol is not None:  # PARASOL-1
        owner = s.holder(s.open_parasol)
        if owner is not None and owed.get(owner, 0) > 0 and s.open_parasol in s.char(owner).face_up:
            ctx.emit(e.ParasolShaded(character=owner))
    for ch, n in ctx.state.step.thirst if isinstance(ctx.state.step, ThirstWindow) else ():
        if n > 0:
            ctx.emit(e.Wounded(character=ch, amount=n, cause="thirst"))  # THIRST-1
    end_round(ctx)
