"""``decide(state, command) -> tuple[Event, ...]``: every rule of the game.

A refused command raises a :class:`RuleViolation` (``InvalidCommand`` for a malformed one, ``IllegalCommand`` for
one the rules forbid now) naming the rule id from ``docs/rules.md``; ``decide`` never returns an empty tuple to
mean "no". Messages name only what the acting seat may know. The state passed in is never changed.

Internally each emitted event is applied at once with :func:`evolve`, so later rules see its effect; the
procedure then advances through every step that needs no decision (skipped turns, empty windows) and stops where a
player or chance must act.
"""

from __future__ import annotations

import msgspec

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import (
    CHARACTERS, NAVIGATION, SEAT_ORDER, UNKNOWN, characters_in, face_of, is_provision, is_unknown, names_on,
    navigation_instances, provision_instances, treasure_points, weapon_size,
)
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.evolve import contains, evolve
from lifeboat.state import (
    ActionTurn, AwaitAnswer, AwaitSetup, CannibalismObjection, CompassChoice, CompassDraw, Fight, FlareDraw,
    GameOver, MugDraw, NavigationTurn, NavigatorChoice, OverboardWindow, ProvisionsDraw, ProvisionsPick, RowDraw,
    RowPlace, State, ThirstWindow,
)

SHORT_HANDED_REMOVED = 10  # SETUP-3
SEAGULLS_TO_LAND = 4  # BIRD-1


class _Ctx:
    """Collects events, applying each to a working state."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[e.Event] = []

    def emit(self, *events: e.Event) -> None:
        for ev in events:
            self.state = evolve(self.state, ev)
            self.events.append(ev)


def _name(character: str) -> str:
    return CHARACTERS[character].en if character in CHARACTERS else character


# ---- validation helpers --------------------------------------------------------------------------------------


def _character(state: State, character: str, rule: str = "TURN-1") -> str:
    if not state.has(character):
        known = ", ".join(ch.character for ch in state.characters)
        raise InvalidCommand(rule, f"{character!r} is not a character in this game; expected one of: {known}")
    return character


def _in_boat(state: State, character: str, rule: str) -> str:
    _character(state, character, rule)
    if character not in state.seats:
        raise IllegalCommand(rule, f"{_name(character)} is lost at sea")
    return character


def _conscious(state: State, by: str) -> None:
    _character(state, by)
    if not state.char(by).in_boat:
        raise IllegalCommand("STATUS-1", f"{_name(by)} is lost at sea and cannot act")
    status = state.status(by)
    if status != "conscious":
        raise IllegalCommand("STATUS-1", f"{_name(by)} is {status} and cannot act")


def _card_face(card: str, rule: str = "CARD-1") -> str:
    try:
        return face_of(card)
    except KeyError:
        raise InvalidCommand(rule, f"{card!r} is not a provision card") from None


def _held(state: State, by: str, card: str, face: str | None = None, *, hand_only: bool = False,
          rule: str = "CARD-1", unseen_ok: bool = False) -> None:
    if unseen_ok and is_unknown(card) and card in state.char(by).hand:
        return  # REC-1: a card passed face down in a recorded game (a trade) may stay unseen
    actual = _card_face(card)
    if face is not None and actual != face:
        raise InvalidCommand(rule, f"{card!r} is not a {face.replace('_', ' ')}")
    ch = state.char(by)
    if card in ch.hand or (not hand_only and card in ch.face_up):
        return
    if card in ch.face_up:  # held, but this command takes it from the hand only (PLAY-1, TRADE-1)
        raise IllegalCommand(rule, f"{card} is face up in front of you; only cards in your hand can be used so")
    where = "in your hand" if hand_only else "in your hand or face up in front of you"
    raise IllegalCommand("CARD-1", f"you do not hold {card} {where}")


def _actor(state: State, by: str) -> None:
    step = state.step
    if not isinstance(step, ActionTurn):
        raise IllegalCommand("ACT-2", "no action can be taken now")
    if step.actor != by:
        raise IllegalCommand("ACT-1", f"it is {_name(step.actor)}'s action, not {_name(by)}'s")
    _conscious(state, by)


def _nav_available(state: State) -> int:
    return len(state.nav_unseen) + len(state.nav_bottom)


def _check_top(state: State, cards: tuple[str, ...], count: int) -> None:
    if len(cards) != count:
        raise InvalidCommand("CHANCE-1", f"expected {count} navigation card(s), got {len(cards)}")
    unseen, bottom = list(state.nav_unseen), list(state.nav_bottom)
    for card in cards:
        if card not in NAVIGATION and not (is_unknown(card) and card != UNKNOWN):
            raise InvalidCommand("CHANCE-1", f"{card!r} is not a navigation card")
        if unseen:
            if card not in unseen:
                raise IllegalCommand("CHANCE-1", f"{card} cannot be drawn now: it is not in the navigation deck")
            unseen.remove(card)
        elif bottom and bottom[0] == card:
            bottom.pop(0)
        else:
            raise IllegalCommand("CHANCE-1", f"{card} is not the top card of the navigation deck")


# ---- procedure ----------------------------------------------------------------------------------------------


def _start_round(ctx: _Ctx, n: int) -> None:
    ctx.emit(e.RoundStarted(round=n))
    s = ctx.state
    conscious = s.conscious_seats()
    if s.provisions and conscious:  # PROV-1, PROV-2
        ctx.emit(e.ProvisionsPhaseStarted(quartermaster=conscious[0], count=min(len(conscious), len(s.provisions))))
    else:
        _start_actions(ctx)


def _start_actions(ctx: _Ctx) -> None:
    ctx.emit(e.ActionPhaseStarted(order=ctx.state.seats))  # ACT-1
    _next_turn(ctx, 0)


def _next_turn(ctx: _Ctx, start: int) -> None:
    s = ctx.state
    for i in range(start, len(s.action_order)):
        ch = s.action_order[i]
        if s.conscious(ch):  # ACT-1: skipped when no longer conscious
            ctx.emit(e.ActionTurnStarted(character=ch, index=i))
            return
    _start_navigation(ctx)


def _end_action(ctx: _Ctx) -> None:
    if not ctx.state.over:
        _next_turn(ctx, ctx.state.action_index + 1)


def _start_navigation(ctx: _Ctx) -> None:
    s = ctx.state
    conscious = s.conscious_seats()
    navigator = conscious[-1] if conscious else None  # NAV-1
    if navigator is None and s.row_stack:  # REF-4: nobody looks at the row stack
        ctx.emit(e.CardsToBottom(cards=s.row_stack))
    ctx.emit(e.NavigationPhaseStarted(navigator=navigator))


def _resolve_card(ctx: _Ctx, card: str) -> None:
    nav = NAVIGATION[card]
    s = ctx.state
    if nav.bird > 0:  # BIRD-1
        ctx.emit(e.SeagullAdded(total=s.seagulls + 1))
        if ctx.state.seagulls >= SEAGULLS_TO_LAND:
            _land(ctx)
            return
    elif nav.bird < 0 and s.seagulls > 0:
        ctx.emit(e.SeagullRemoved(total=s.seagulls - 1))
    s = ctx.state
    in_game = tuple(ch.character for ch in s.characters)
    named = set(names_on(nav.overboard, in_game))
    overboard = tuple(ch for ch in s.seats if ch in named)  # OVER-1
    if overboard:
        lost = tuple(
            ch for ch in overboard
            if s.status(ch) == "dead"
            or (s.status(ch) == "unconscious" and not s.faces_in(s.char(ch).face_up, "life_preserver"))
        )  # OVER-3
        ctx.emit(e.WentOverboard(characters=overboard, lost=lost))
        _maybe_close(ctx)
    else:
        _thirst(ctx)


def _land(ctx: _Ctx) -> None:
    if ctx.state.in_play:
        ctx.emit(e.CardsToBottom(cards=ctx.state.in_play))
    ctx.emit(e.GameEnded(reason="land"))  # BIRD-1, END-1


def _thirst(ctx: _Ctx) -> None:
    s = ctx.state
    nav = NAVIGATION[s.in_play[-1]]
    in_game = tuple(ch.character for ch in s.characters)
    named = set(names_on(nav.thirsty, in_game))
    owed = []
    for ch in s.seats:
        if not s.alive(ch):
            continue
        st = s.char(ch)
        n = (ch in named) + (st.rowed and nav.rowers_thirsty) + (st.fought and nav.fighters_thirsty)  # THIRST-1
        if n:
            owed.append((ch, int(n)))
    if owed:
        ctx.emit(e.ThirstCounted(thirst=tuple(owed)))
        _maybe_close(ctx)
    else:
        _end_round(ctx)


def _end_round(ctx: _Ctx) -> None:
    s = ctx.state
    if s.in_play:
        ctx.emit(e.CardsToBottom(cards=s.in_play))  # NAV-3
    ctx.emit(e.RoundEnded(round=s.round))
    if not any(ctx.state.alive(ch) for ch in ctx.state.seats):
        ctx.emit(e.GameEnded(reason="no_survivors"))  # END-1
    else:
        _start_round(ctx, ctx.state.round + 1)


def may_act_in_window(state: State) -> tuple[str, ...]:
    """Characters who must still pass before the open window closes (PROC-1, REF-1): every conscious character in
    the boat who has not passed since the last join, reveal or play. Empty when no window is open."""
    step = state.step
    if isinstance(step, CannibalismObjection):  # CANNIBAL-1, REF-14: the user is not asked
        return tuple(ch for ch in state.conscious_seats() if ch not in step.passed and ch != step.user)
    if not isinstance(step, (Fight, OverboardWindow, ThirstWindow)):
        return ()
    return tuple(ch for ch in state.conscious_seats() if ch not in step.passed)


def _maybe_close(ctx: _Ctx) -> None:
    if may_act_in_window(ctx.state):
        return
    step = ctx.state.step
    if isinstance(step, Fight):
        _close_fight(ctx, step)
    elif isinstance(step, OverboardWindow):
        _close_overboard(ctx, step)
    elif isinstance(step, ThirstWindow):
        _close_thirst(ctx, step)
    elif isinstance(step, CannibalismObjection):  # CANNIBAL-1: nobody objected
        _eat(ctx, step.user, step.body)


def _eat(ctx: _Ctx, user: str, body: str) -> None:
    """CANNIBAL-1: ``body`` leaves the boat and the game with its cards (REF-12); every living character in the
    boat who has a wound heals one (REF-14); the user's action ends."""
    s = ctx.state
    if body in s.seats and s.status(body) == "dead":
        ctx.emit(e.BodyEaten(character=user, body=body))
        for ch in ctx.state.seats:
            if ctx.state.alive(ch) and ctx.state.char(ch).wounds > 0:
                ctx.emit(e.Healed(character=ch))
    _end_action(ctx)


def strength(state: State, side: tuple[str, ...]) -> int:
    """FIGHT-3: sum of printed sizes plus every face-up weapon in front of the side's members."""
    total = 0
    for ch in side:
        total += CHARACTERS[ch].size
        total += sum(weapon_size(card) for card in state.char(ch).face_up)
    return total


def _close_fight(ctx: _Ctx, f: Fight) -> None:
    s = ctx.state
    attack, defence = strength(s, f.attackers), strength(s, f.defenders)
    winner = "attacker" if attack > defence else "defender"  # FIGHT-3: a tie goes to the defender
    ctx.emit(e.FightResolved(attackers=f.attackers, defenders=f.defenders, attack=attack, defence=defence, winner=winner))
    for ch in f.defenders if winner == "attacker" else f.attackers:
        ctx.emit(e.Wounded(character=ch, amount=1, cause="fight"))
    if s.ruleset.flare_gun_single_use_weapon:  # FIGHT-4 option
        for ch in f.attackers + f.defenders:
            for card in ctx.state.faces_in(ctx.state.char(ch).face_up, "flare_gun"):
                ctx.emit(e.CardDiscarded(character=ch, card=card, reason="single_use_weapon"))
    if winner == "attacker":
        _request_succeeds(ctx, f.kind, f.attacker, f.target, f.card)
    else:
        _end_action(ctx)


def _request_succeeds(ctx: _Ctx, kind: str, attacker: str, target: str, card: str | None) -> None:
    if kind == "cannibalism":  # CANNIBAL-1: the user won the fight; ``target`` is the body
        _eat(ctx, attacker, target)
        return
    if kind == "swap":
        ctx.emit(e.SeatsChanged(character=attacker, target=target))  # SWAP-1
        _end_action(ctx)
        return
    ctx.emit(e.MugSucceeded(character=attacker, target=target, card=card))  # MUG-1
    if card is not None:
        if card in ctx.state.char(target).face_up:
            ctx.emit(e.CardMugged(character=attacker, target=target, card=card, from_hand=False))
        else:  # REF-11: a single-use Flare Gun was discarded as the fight was resolved
            ctx.emit(e.MugFoundNothing(character=attacker, target=target))
        _end_action(ctx)
    elif not ctx.state.char(target).hand:  # REF-2
        ctx.emit(e.MugFoundNothing(character=attacker, target=target))
        _end_action(ctx)
    # otherwise chance picks the hand card (step MugDraw)


def _close_overboard(ctx: _Ctx, w: OverboardWindow) -> None:
    s = ctx.state
    falling = tuple(ch for ch in w.overboard if ch not in w.lost)
    sharks = w.chum or any(s.faces_in(s.char(ch).face_up, "chum") for ch in w.overboard)  # OVER-2
    for ch in falling:
        if ch != "frenchy" and not s.faces_in(s.char(ch).face_up, "life_preserver"):
            ctx.emit(e.Wounded(character=ch, amount=1, cause="overboard"))
    if sharks:
        for ch in falling:
            ctx.emit(e.Wounded(character=ch, amount=1, cause="sharks"))
    for ch in falling:  # OVER-3: every face-up card but the Life Preserver is discarded
        for card in ctx.state.char(ch).face_up:
            if face_of(card) != "life_preserver":
                ctx.emit(e.CardDiscarded(character=ch, card=card, reason="overboard"))
    for ch in w.lost:
        ctx.emit(e.LostAtSea(character=ch))
    _thirst(ctx)


def _close_thirst(ctx: _Ctx, w: ThirstWindow) -> None:
    s = ctx.state
    owed = dict(w.thirst)
    if s.open_parasol is not None:  # PARASOL-1
        owner = s.holder(s.open_parasol)
        if owner is not None and owed.get(owner, 0) > 0 and s.open_parasol in s.char(owner).face_up:
            ctx.emit(e.ParasolShaded(character=owner))
    for ch, n in ctx.state.step.thirst if isinstance(ctx.state.step, ThirstWindow) else ():
        if n > 0:
            ctx.emit(e.Wounded(character=ch, amount=n, cause="thirst"))  # THIRST-1
    _end_round(ctx)


# ---- chance commands -----------------------------------------------------------------------------------------


def _deal_setup(ctx: _Ctx, cmd: c.DealSetup) -> None:
    """SETUP-1..5. A ``"?"`` anywhere (a LOVE, HATE or provision the recorder did not see) makes a recorded game
    (REC-1): every deck is then placeholders (``?p1``…, ``?n1``…) and every real card unaccounted until named."""
    s = ctx.state
    if not isinstance(s.step, AwaitSetup):
        raise IllegalCommand("SETUP-2", "the game is already set up")
    recorded = UNKNOWN in cmd.love + cmd.hate + cmd.removed + cmd.provisions
    n = len(s.players)
    chars = cmd.characters
    if len(chars) != n or len(set(chars)) != n or any(ch not in characters_in(s.ruleset.card_sets) for ch in chars):
        sets = "base" if not s.ruleset.expansions else " and ".join(s.ruleset.card_sets)
        raise InvalidCommand("SETUP-2", f"deal {n} different characters of this game ({sets}), one per player")
    for field, dealt in (("LOVE", cmd.love), ("HATE", cmd.hate)):
        known = [x for x in dealt if x != UNKNOWN]
        if len(dealt) != n or len(set(known)) != len(known) or any(x not in chars for x in known):
            raise InvalidCommand("SETUP-2", f"deal one {field} card per player, one for each character in the game"
                                 " ('?' if unseen)")
    short = n < 6 and s.ruleset.remove_provisions_short_handed
    want_removed = SHORT_HANDED_REMOVED if short else 0
    all_prov = provision_instances(s.ruleset.card_sets)  # EXP-1: 44 with Cannibalism
    navigation = navigation_instances(s.ruleset.card_sets)  # EXP-1: 28 with Cannibalism
    if len(cmd.removed) != want_removed:
        raise InvalidCommand("SETUP-3", f"remove exactly {want_removed} provisions with {n} players")
    known_cards = [x for x in cmd.removed + cmd.provisions if x != UNKNOWN]
    if len(cmd.provisions) != n or len(set(known_cards)) != len(known_cards) or any(
        x not in all_prov for x in known_cards
    ):
        raise InvalidCommand("SETUP-5", f"deal {n} different provision cards, one per player ('?' if unseen)")
    seats = tuple(ch for ch in SEAT_ORDER if ch in chars)  # SETUP-4
    ctx.emit(e.CharactersDealt(players=s.players, characters=chars, seats=seats))
    for ch, love in zip(chars, cmd.love):
        ctx.emit(e.LoveDealt(character=ch, love=love))
    for ch, hate in zip(chars, cmd.hate):
        ctx.emit(e.HateDealt(character=ch, hate=hate))
    removed, dealt = cmd.removed, cmd.provisions
    if recorded:
        deck = tuple(f"?p{i}" for i in range(1, len(all_prov) + 1))
        ctx.emit(e.DecksReady(provisions=deck, navigation=tuple(f"?n{i}" for i in range(1, len(navigation) + 1))))
        ctx.emit(e.CardsUnaccounted(cards=tuple(sorted(all_prov + navigation))))
        placeholders = iter(deck)

        def place(card: str) -> str:
            ph = next(placeholders)
            if card == UNKNOWN:
                return ph
            ctx.emit(e.CardIdentified(placeholder=ph, card=card))
            return card

        removed = tuple(place(x) for x in removed)
        dealt = tuple(place(x) for x in dealt)
    else:
        ctx.emit(e.DecksReady(provisions=tuple(sorted(all_prov)), navigation=tuple(sorted(navigation))))
    if removed:
        ctx.emit(e.ProvisionsRemoved(cards=removed))
    for ch, card in zip(chars, dealt):
        ctx.emit(e.ProvisionDealt(character=ch, card=card))
    if s.ruleset.quick_game:  # OPT-QUICK
        for ch in seats:
            ctx.emit(e.Wounded(character=ch, amount=1, cause="quick_game"))
        ctx.emit(e.SeagullAdded(total=1))
    _start_round(ctx, 1)


def _accounted(state: State, card: str) -> str:
    """Where a card the recorder names is already known to be (REC-1), for a contradiction message."""
    if card in state.provisions or card in state.nav_unseen:
        return "in a deck"
    if card in state.discard:
        return "in the discard pile"
    holder = state.holder(card)
    if holder is not None:
        return f"held by {_name(holder)}"
    if card in state.row_stack or card in state.nav_bottom or card in state.in_play:
        return "among the navigation cards already seen"
    if card in state.removed:
        return "removed at setup"
    return "already named elsewhere"


def _bind(ctx: _Ctx, card: str, zone: tuple[str, ...], kind: str) -> str:
    """REC-1: if ``card`` is a real card not in ``zone`` but ``zone`` holds a placeholder of ``kind`` (``"p"`` or
    ``"n"``), name the first such placeholder as ``card``. Returns the card to use. Raises IllegalCommand (REC-1)
    when the card is already accounted for elsewhere and the zone has only placeholders for it."""
    s = ctx.state
    if card in zone or card == UNKNOWN or is_unknown(card):
        return card
    holders = [x for x in zone if x.startswith(UNKNOWN + kind)]
    if not holders or not s.unaccounted:
        return card
    if card not in s.unaccounted and is_provision(card):  # another copy of the same card will do
        card = next((x for x in _copies(card) if x in s.unaccounted or x in zone), card)
        if card in zone:
            return card
    if card not in s.unaccounted:
        if card in NAVIGATION or is_provision(card):
            raise IllegalCommand("REC-1", f"{card} cannot be here: it is {_accounted(s, card)}")
        return card
    ctx.emit(e.CardIdentified(placeholder=holders[0], card=card))
    return card


def _copies(card: str) -> tuple[str, ...]:
    """The instances that play exactly like ``card``: same face, same points (paintings differ)."""
    face = face_of(card)
    points = treasure_points(card)
    every = provision_instances(("base", "cannibalism", "liquid_courage"))
    return tuple(x for x in every if face_of(x) == face and treasure_points(x) == points)


def _resolve_draws(ctx: _Ctx, cards: tuple[str, ...], count: int) -> tuple[str, ...]:
    """REC-1: resolve a navigation draw, top first, that may name ``"?"`` (a card nobody saw) or a real card behind
    a placeholder (which is then identified). Returns the cards drawn, as the state now names them."""
    if len(cards) != count:
        raise InvalidCommand("CHANCE-1", f"expected {count} navigation card(s), got {len(cards)}")
    unseen, bottom = list(ctx.state.nav_unseen), list(ctx.state.nav_bottom)
    out: list[str] = []
    for card in cards:
        if unseen:
            if card == UNKNOWN:
                ph = next((x for x in unseen if is_unknown(x)), None)
                if ph is None:
                    raise InvalidCommand("CHANCE-1", "name the navigation card drawn ('?' is for recorded games)")
                card = ph
            elif card not in unseen:
                ph = next((y for y in unseen if y.startswith(UNKNOWN + "n")), None)
                _bind(ctx, card, tuple(unseen), "n")
                if ph is not None and card in ctx.state.nav_unseen:
                    unseen[unseen.index(ph)] = card
            if card in unseen:
                unseen.remove(card)
        elif bottom:
            top = bottom.pop(0)
            if card == UNKNOWN or card == top:
                card = top
            elif is_unknown(top):
                _bind(ctx, card, (top,), "n")
        out.append(card)
    return tuple(out)


def _resolve_provisions(ctx: _Ctx, cards: tuple[str, ...]) -> tuple[str, ...]:
    """REC-1: resolve a provisions draw that may name ``"?"`` or real cards behind placeholders."""
    out: list[str] = []
    for card in cards:
        deck = tuple(x for x in ctx.state.provisions if x not in out)
        if card == UNKNOWN:
            ph = next((x for x in deck if is_unknown(x)), None)
            if ph is None:
                raise InvalidCommand("CHANCE-1", "name the provision drawn ('?' is for recorded games)")
            card = ph
        elif card not in deck:
            _bind(ctx, card, deck, "p")
        out.append(card)
    return tuple(out)


def _chance(ctx: _Ctx, cmd: c.ChanceCommand) -> None:
    s = ctx.state
    step = s.step
    match cmd:
        case c.DealSetup():
            _deal_setup(ctx, cmd)
        case c.DrawProvisions(cards=cards):
            if not isinstance(step, ProvisionsDraw):
                raise IllegalCommand("CHANCE-1", "no provisions are being drawn now")
            if len(cards) != step.count or len(set(x for x in cards if x != UNKNOWN)) != len(
                [x for x in cards if x != UNKNOWN]
            ):
                raise InvalidCommand("CHANCE-1", f"expected {step.count} different provision cards")
            cards = _resolve_provisions(ctx, cards)
            s = ctx.state
            for card in cards:
                if card not in s.provisions:
                    raise IllegalCommand("CHANCE-1", f"{card} cannot be drawn: it is not in the provisions deck")
            ctx.emit(e.ProvisionsDrawn(quartermaster=step.quartermaster, cards=cards))
        case c.DrawNavigation(cards=cards):
            if isinstance(step, (RowDraw, FlareDraw, CompassDraw, NavigationTurn)):
                want = step.count if isinstance(step, (RowDraw, FlareDraw)) else 1
                cards = _resolve_draws(ctx, cards, want)
                s = ctx.state
                if isinstance(step, (FlareDraw, NavigationTurn)) and any(is_unknown(x) for x in cards):
                    raise InvalidCommand("REC-1", "this card is turned face up: name it (e.g. 'nav 27')")
            if isinstance(step, RowDraw):
                _check_top(s, cards, step.count)
                ctx.emit(e.NavigationDrawn(character=step.rower, cards=cards, purpose="row"))
            elif isinstance(step, FlareDraw):
                _check_top(s, cards, step.count)
                ctx.emit(e.NavigationDrawn(character=step.actor, cards=cards, purpose="flare"))
                for card in cards:  # FLARE-1: only the birds, in the order drawn
                    bird = NAVIGATION[card].bird
                    if bird > 0:
                        ctx.emit(e.SeagullAdded(total=ctx.state.seagulls + 1))
                        if ctx.state.seagulls >= SEAGULLS_TO_LAND:
                            _land(ctx)
                            return
                    elif bird < 0 and ctx.state.seagulls > 0:
                        ctx.emit(e.SeagullRemoved(total=ctx.state.seagulls - 1))
                ctx.emit(e.CardsToBottom(cards=cards))
                _end_action(ctx)
            elif isinstance(step, CompassDraw):
                _check_top(s, cards, 1)
                ctx.emit(e.NavigationDrawn(character=step.navigator, cards=cards, purpose="compass"))
            elif isinstance(step, NavigationTurn):
                _check_top(s, cards, 1)
                ctx.emit(e.NavigationDrawn(character=None, cards=cards, purpose="turn"))
                ctx.emit(e.NavigationCardRevealed(card=cards[0]))
                _resolve_card(ctx, cards[0])
            else:
                raise IllegalCommand("CHANCE-1", "no navigation card is being drawn now")
        case c.DrawFromHand(card=card):
            if not isinstance(step, MugDraw):
                raise IllegalCommand("CHANCE-1", "no card is being taken from a hand now")
            hand = s.char(step.target).hand
            if card == UNKNOWN:  # REC-1: the recorder did not see which card
                card = next((x for x in hand if is_unknown(x)), UNKNOWN)
                if card == UNKNOWN:
                    raise InvalidCommand("CHANCE-1", "name the card taken: every card in that hand is known")
            else:
                card = _bind(ctx, card, hand, "p")
                s = ctx.state
            if card not in s.char(step.target).hand:
                raise IllegalCommand("CHANCE-1", f"{card} is not in {_name(step.target)}'s hand")
            ctx.emit(e.CardMugged(character=step.mugger, target=step.target, card=card, from_hand=True))
            _end_action(ctx)


# ---- player commands -----------------------------------------------------------------------------------------


def _prebind(ctx: _Ctx, cmd: c.PlayerCommand) -> c.PlayerCommand:
    """REC-1: in a recorded game, a real card a command names from a hand (or the offered cards, the row stack, the
    rower's draw) that holds placeholders identifies one of them first. Returns the command with each named card
    replaced by the copy actually identified (another Water does as well as the one named)."""
    s = ctx.state
    if not s.unaccounted or not s.has(cmd.by):
        return cmd
    step = s.step

    def hand() -> tuple[str, ...]:
        return ctx.state.char(cmd.by).hand

    match cmd:
        case c.Reveal(card=x) | c.FireFlareGun(card=x) | c.OpenParasol(card=x) | c.UseMedicalKit(card=x) | \
                c.ThrowLifePreserver(card=x) | c.ExpendChum(card=x) | c.GiveWater(card=x) | c.Cannibalize(card=x):
            if x not in s.char(cmd.by).face_up:
                return msgspec.structs.replace(cmd, card=_bind(ctx, x, hand(), "p"))
        case c.OfferTrade(give=xs):
            return msgspec.structs.replace(cmd, give=tuple(_bind(ctx, x, hand(), "p") for x in xs))
        case c.AnswerTrade(cards=xs):
            return msgspec.structs.replace(cmd, cards=tuple(_bind(ctx, x, hand(), "p") for x in xs))
        case c.KeepProvision(card=x) if isinstance(step, ProvisionsPick):
            return msgspec.structs.replace(cmd, card=_bind(ctx, x, step.offered, "p"))
        case c.ChooseNavigationCard(card=x):
            return msgspec.structs.replace(cmd, card=_bind(ctx, x, s.row_stack, "n"))
        case c.PlaceRowedCards(to_stack=a, to_bottom=b) if isinstance(step, RowPlace):
            def drawn() -> tuple[str, ...]:
                return ctx.state.step.drawn if isinstance(ctx.state.step, RowPlace) else ()

            return msgspec.structs.replace(cmd, to_stack=tuple(_bind(ctx, x, drawn(), "n") for x in a),
                                           to_bottom=tuple(_bind(ctx, x, drawn(), "n") for x in b))
        case _:
            pass
    return cmd


def _recorder(ctx: _Ctx, cmd: c.RecorderCommand) -> None:
    s = ctx.state
    match cmd:
        case c.Identify(placeholder=ph, card=card):
            if not is_unknown(ph) or ph == UNKNOWN:
                raise InvalidCommand("REC-1", f"{ph!r} is not a placeholder (they look like ?p3 or ?n7)")
            if not (card in NAVIGATION or is_provision(card)):
                raise InvalidCommand("REC-1", f"{card!r} is not a card")
            if (card in NAVIGATION) != ph.startswith(UNKNOWN + "n"):
                raise InvalidCommand("REC-1", f"{ph} is a {'navigation' if ph.startswith('?n') else 'provision'} card")
            if not contains(s, ph):
                raise IllegalCommand("REC-1", f"{ph} is not an unnamed card of this game (named already, or no such "
                                     "placeholder)")
            if card not in s.unaccounted:
                raise IllegalCommand("REC-1", f"{card} cannot be {ph}: it is {_accounted(s, card)}")
            before = len(ctx.events)
            _bind(ctx, card, (ph,), ph[1])
            if len(ctx.events) == before:
                raise IllegalCommand("REC-1", f"{ph} is not a card of this game")
        case c.IdentifyLoveHate(character=ch, love=love, hate=hate):
            _character(s, ch, "REC-1")
            in_game = {x.character for x in s.characters}
            for field, value, current in (("LOVE", love, s.char(ch).love), ("HATE", hate, s.char(ch).hate)):
                if value not in in_game:
                    raise InvalidCommand("REC-1", f"{field} {value!r} is not a character in this game")
                if current not in (UNKNOWN, value):
                    raise IllegalCommand("REC-1", f"{_name(ch)}'s {field} is already known to be {_name(current)}")
                others = {(x.love if field == "LOVE" else x.hate) for x in s.characters if x.character != ch}
                if value in others:
                    raise IllegalCommand("REC-1", f"another player already holds the {field} card of {_name(value)}")
            ctx.emit(e.LoveHateIdentified(character=ch, love=love, hate=hate))


def _player(ctx: _Ctx, cmd: c.PlayerCommand) -> None:  # noqa: C901 - one case per command
    cmd = _prebind(ctx, cmd)
    s = ctx.state
    by = cmd.by
    _character(s, by)
    step = s.step
    if s.offer is not None and not isinstance(cmd, c.AnswerTrade):
        raise IllegalCommand("TRADE-1", f"a trade offered to {_name(s.offer.to)} is waiting for an answer")
    match cmd:
        case c.KeepProvision(card=card):
            if not isinstance(step, ProvisionsPick):
                raise IllegalCommand("PROV-2", "no provisions are being passed now")
            if step.picker != by:
                raise IllegalCommand("PROV-2", f"it is {_name(step.picker)}'s turn to keep a provision")
            if card not in step.offered:
                raise IllegalCommand("PROV-2", f"{card} is not among the cards offered to you")
            ctx.emit(e.ProvisionKept(character=by, card=card))
            rest = ctx.state.step.offered if isinstance(ctx.state.step, ProvisionsPick) else ()
            conscious = ctx.state.conscious_seats()
            after = conscious[conscious.index(by) + 1 :] if by in conscious else ()
            if rest and after:
                ctx.emit(e.ProvisionsPassed(by=by, to=after[0], cards=rest))
            else:
                _start_actions(ctx)
        case c.DoNothing():
            _actor(s, by)
            ctx.emit(e.DidNothing(character=by))
            _end_action(ctx)
        case c.Row():
            _actor(s, by)
            oars = len(s.faces_in(s.char(by).face_up, "oar"))
            ctx.emit(e.Rowed(character=by, count=min(2 + oars, _nav_available(s))))  # ROW-1
        case c.PlaceRowedCards(to_stack=stack, to_bottom=bottom):
            if not isinstance(step, RowPlace) or step.rower != by:
                raise IllegalCommand("ROW-1", "you have no rowed cards to place now")
            if sorted(stack + bottom) != sorted(step.drawn) or len(set(stack + bottom)) != len(stack + bottom):
                raise InvalidCommand("ROW-1", "place each card you drew exactly once, on the row stack or under the deck")
            if s.ruleset.row_keeps_exactly_one and len(stack) != min(1, len(step.drawn)):
                raise IllegalCommand("ROW-1", "this game's option row_keeps_exactly_one: put exactly one card on the row stack")
            ctx.emit(e.RowedCardsPlaced(character=by, to_stack=stack, to_bottom=bottom))
            _end_action(ctx)
        case c.ChangeSeats(target=t):
            _actor(s, by)
            _in_boat(s, t, "SWAP-1")
            if t == by:
                raise IllegalCommand("SWAP-1", "change seats with another character")
            ctx.emit(e.SeatChangeDeclared(character=by, target=t))
            if not s.conscious(t):  # STATUS-1: cannot refuse
                ctx.emit(e.SeatsChanged(character=by, target=t))
                _end_action(ctx)
        case c.Mug(target=t, card=card):
            _actor(s, by)
            _in_boat(s, t, "MUG-1")
            if t == by:
                raise IllegalCommand("MUG-1", "mug another character")
            target = s.char(t)
            if card is not None:
                _card_face(card)
                if card not in target.face_up:
                    raise IllegalCommand("MUG-1", f"{_name(t)} has no face-up {card}")
            elif not target.hand:
                raise IllegalCommand("MUG-1", f"{_name(t)} has no card in hand to take")
            ctx.emit(e.MugDeclared(character=by, target=t, card=card))
            if card is None and by == "kid":  # MUG-2: the pickpocket cannot be refused
                ctx.emit(e.MugSucceeded(character=by, target=t, card=None))
            elif not s.conscious(t):  # STATUS-1
                _request_succeeds(ctx, "mug", by, t, card)
        case c.Answer(consent=consent):
            if not isinstance(step, AwaitAnswer):
                raise IllegalCommand("PROC-2", "nothing is waiting for your answer")
            if step.target != by:
                raise IllegalCommand("PROC-2", f"{_name(step.target)} must answer, not {_name(by)}")
            ctx.emit(e.Answered(character=by, consent=consent))
            if consent:
                _request_succeeds(ctx, step.kind, step.attacker, step.target, step.card)
            else:
                ctx.emit(e.FightStarted(attacker=step.attacker, defender=by))  # FIGHT-1
                _maybe_close(ctx)
        case c.JoinFight(side=side):
            if not isinstance(step, Fight):
                raise IllegalCommand("FIGHT-2", "no fight is open")
            _conscious(s, by)
            if by in step.attackers + step.defenders:
                raise IllegalCommand("FIGHT-2", "you are already in this fight; nobody leaves a fight")
            ctx.emit(e.FightJoined(character=by, side=side))
        case c.Pass():
            if not isinstance(step, (Fight, OverboardWindow, ThirstWindow, CannibalismObjection)):
                raise IllegalCommand("PROC-1", "there is nothing to pass on now")
            _conscious(s, by)
            if isinstance(step, CannibalismObjection) and step.user == by:  # REF-14
                raise IllegalCommand("CANNIBAL-1", "the others decide whether to object to your Cannibalism; wait")
            if by in step.passed:
                raise IllegalCommand("PROC-1", "you have already passed; wait for the others")
            ctx.emit(e.Passed(character=by))
            _maybe_close(ctx)
        case c.Reveal(card=card):
            if isinstance(step, (AwaitSetup, GameOver)):
                raise IllegalCommand("PLAY-1", "cards cannot be revealed now")
            if isinstance(step, MugDraw):  # MUG-2 for the Kid's pickpocket, REF-10 for any other mug
                raise IllegalCommand("MUG-2" if step.mugger == "kid" else "REF-10",
                                     "no card may be revealed while a card is being taken from a hand")
            _conscious(s, by)
            _held(s, by, card, hand_only=True, rule="PLAY-1")
            ctx.emit(e.CardRevealed(character=by, card=card))
        case c.FireFlareGun(card=card):
            _actor(s, by)
            _held(s, by, card, "flare_gun", rule="FLARE-1")
            ctx.emit(e.FlareGunFired(character=by, card=card, count=min(3, _nav_available(s))))
        case c.OpenParasol(card=card):
            _actor(s, by)
            _held(s, by, card, "parasol", rule="PARASOL-1")
            if s.open_parasol == card:
                raise IllegalCommand("PARASOL-1", "the Parasol is already open")
            ctx.emit(e.ParasolOpened(character=by, card=card))
            _end_action(ctx)
        case c.UseMedicalKit(card=card, target=t):
            _actor(s, by)
            _held(s, by, card, "medical_kit", rule="MEDKIT-1")
            _in_boat(s, t, "MEDKIT-1")
            if s.status(t) == "dead":
                raise IllegalCommand("MEDKIT-1", f"{_name(t)} is dead; a Medical Kit cannot help")
            if s.char(t).wounds == 0:
                raise IllegalCommand("MEDKIT-1", f"{_name(t)} has no wound to remove")
            ctx.emit(e.MedicalKitUsed(character=by, card=card, target=t, kept=by == "dr_harter"))
            ctx.emit(e.Healed(character=t))
            _end_action(ctx)
        case c.Cannibalize(card=card, target=t):
            _actor(s, by)
            if "cannibalism" not in s.ruleset.expansions:
                raise IllegalCommand("EXP-1", "this game is played without the Cannibalism expansion")
            _held(s, by, card, "cannibalism", rule="CANNIBAL-1")
            _character(s, t, "CANNIBAL-1")
            if t not in s.seats:
                raise IllegalCommand("CANNIBAL-1", f"{_name(t)} is no longer in the boat")
            if s.status(t) != "dead":
                raise IllegalCommand("CANNIBAL-1", f"{_name(t)} is {s.status(t)}: only a dead body can be eaten")
            ctx.emit(e.CannibalismDeclared(character=by, card=card, body=t))
            _maybe_close(ctx)  # nobody else conscious: unopposed at once
        case c.ObjectToCannibalism():
            if not isinstance(step, CannibalismObjection):
                raise IllegalCommand("CANNIBAL-1", "nobody is playing Cannibalism now; there is nothing to object to")
            _conscious(s, by)
            if by == step.user:
                raise IllegalCommand("CANNIBAL-1", "you cannot object to your own Cannibalism")
            ctx.emit(e.ObjectedToCannibalism(character=by))
            ctx.emit(e.FightStarted(attacker=step.user, defender=by))  # FIGHT-1
            _maybe_close(ctx)
        case c.OfferTrade(to=to, give=give, ask=ask):
            if not isinstance(step, ActionTurn):
                raise IllegalCommand("TRADE-1", "trades happen in the action phase, between actions and outside fights")
            _conscious(s, by)
            _character(s, to, "TRADE-1")
            if to == by:
                raise IllegalCommand("TRADE-1", "trade with another character")
            if not s.conscious(to):
                raise IllegalCommand("PROC-4", f"{_name(to)} is not conscious and cannot trade")
            if not give and not ask:
                raise InvalidCommand("TRADE-1", "a trade gives or asks for at least one card")
            if len(set(give)) != len(give):
                raise InvalidCommand("TRADE-1", "each card can be given once")
            for card in give:
                _held(s, by, card, hand_only=True, rule="TRADE-1", unseen_ok=True)
            for face in ask:
                try:
                    face_of(f"{face}-1")
                except KeyError:
                    raise InvalidCommand("TRADE-1", f"{face!r} is not a provision") from None
            ctx.emit(e.TradeOffered(character=by, to=to, give=give, ask=ask))
        case c.AnswerTrade(accept=accept, cards=cards):
            offer = s.offer
            if offer is None:
                raise IllegalCommand("TRADE-1", "no trade is waiting for an answer")
            if offer.to != by:
                raise IllegalCommand("TRADE-1", f"{_name(offer.to)} must answer this trade")
            if not accept:
                ctx.emit(e.TradeDeclined(character=offer.by, to=by))
                return
            if len(set(cards)) != len(cards):
                raise InvalidCommand("TRADE-1", "each card can be given once")
            for card in cards:
                _held(s, by, card, hand_only=True, rule="TRADE-1", unseen_ok=True)
            if any(is_unknown(card) for card in cards):
                raise IllegalCommand("TRADE-1", f"name the cards given for the faces asked ({', '.join(offer.ask)})")
            if sorted(face_of(card) for card in cards) != sorted(offer.ask):
                raise IllegalCommand("TRADE-1", f"give exactly one card of each face asked: {', '.join(offer.ask) or 'none'}")
            ctx.emit(e.TradeCompleted(character=offer.by, to=by, gave=offer.give, got=cards))
        case c.UseCompass(use=use):
            if not isinstance(step, CompassChoice) or step.navigator != by:
                raise IllegalCommand("NAV-2", "you cannot use the Compass now")
            ctx.emit(e.CompassUsed(character=by, used=use and _nav_available(s) > 0))
        case c.ChooseNavigationCard(card=card):
            if not isinstance(step, NavigatorChoice):
                raise IllegalCommand("NAV-1", "no navigation card is being chosen now")
            if step.navigator != by:
                raise IllegalCommand("NAV-1", f"{_name(step.navigator)} is the navigator")
            if is_unknown(card):
                raise InvalidCommand("REC-1", "the chosen card is turned face up: name it (e.g. 'choose 27')")
            if card not in s.row_stack:
                raise IllegalCommand("NAV-1", f"{card} is not in the row stack")
            rest = tuple(x for x in s.row_stack if x != card)
            ctx.emit(e.NavigationCardChosen(character=by, card=card, to_bottom=rest))
            ctx.emit(e.NavigationCardRevealed(card=card))
            _resolve_card(ctx, card)
        case c.ThrowLifePreserver(card=card, target=t):
            if not isinstance(step, OverboardWindow):
                raise IllegalCommand("OVER-1", "the Life Preserver is thrown only while someone is overboard")
            _conscious(s, by)
            _held(s, by, card, "life_preserver", rule="OVER-1")
            _character(s, t, "OVER-1")
            if t not in step.overboard or t in step.lost:
                raise IllegalCommand("OVER-1", f"{_name(t)} is not in the water")
            if not s.conscious(t):
                raise IllegalCommand("OVER-1", f"{_name(t)} is not conscious; the Life Preserver cannot be thrown to them")
            if t == by and card in s.char(by).face_up:
                raise IllegalCommand("OVER-1", "your Life Preserver is already face up")
            ctx.emit(e.LifePreserverThrown(character=by, card=card, target=t))
        case c.ExpendChum(card=card):
            if not isinstance(step, OverboardWindow):
                raise IllegalCommand("OVER-1", "Chum is expended only while someone is overboard")
            _conscious(s, by)
            _held(s, by, card, "chum", rule="OVER-1")
            ctx.emit(e.ChumExpended(character=by, card=card))
        case c.GiveWater(card=card, target=t):
            if not isinstance(step, ThirstWindow):
                raise IllegalCommand("THIRST-1", "Water is expended only against thirst in navigation")
            _conscious(s, by)
            _held(s, by, card, "water", rule="THIRST-1")
            _character(s, t, "THIRST-1")
            if dict(step.thirst).get(t, 0) < 1:
                raise IllegalCommand("THIRST-1", f"{_name(t)} has no thirst left to quench")
            ctx.emit(e.WaterGiven(character=by, card=card, target=t))


def decide(state: State, command: c.Command) -> tuple[e.Event, ...]:
    """Decide the events that ``command`` produces in ``state``.

    Returns:
        The events, in order; never empty.
    Raises:
        InvalidCommand: a malformed command (unknown character or card, wrong shape).
        IllegalCommand: the rules refuse it now (wrong seat, out of turn, not conscious, card not held, ...).
        InconsistentHistory: never for a state built by :func:`evolve`; only if ``state`` was hand-made wrong.
    """
    ctx = _Ctx(state)
    if c.is_recorder(command):
        _recorder(ctx, command)  # type: ignore[arg-type]
        return tuple(ctx.events)
    if isinstance(state.step, GameOver):
        raise IllegalCommand("END-1", "the game is over; no more cards may be played")
    if c.is_chance(command):
        _chance(ctx, command)  # type: ignore[arg-type]
    else:
        _player(ctx, command)  # type: ignore[arg-type]
    if not ctx.events:  # pragma: no cover - every path above emits or raises
        raise IllegalCommand("PROC-1", "the command changes nothing")
    return tuple(ctx.events)
