"""The heuristic bot: readable rules of thumb, tried in order; the first that applies decides.

Each rule is a function ``rule(sit) -> command | None`` over a :class:`lifeboat.bots.situation.Situation` (one seat's
knowledge) that returns one of ``sit.legal`` or ``None`` when it does not apply. :data:`RULES` is the order.
The helpers :func:`card_value` and :func:`nav_value` say what a provision or a navigation card is worth to the seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from lifeboat import commands as c
from lifeboat.card_context import in_use, using
from lifeboat.cards import cards_of, names_on
from lifeboat.state import (
    ActionTurn, AwaitAnswer, CannibalismObjection, Fight, NavigatorChoice, OverboardWindow, ProvisionsPick, RowPlace,
    ThirstWindow,
)
from lifeboat.decide.procedure import firewater_size
from lifeboat.views import EventView, SeatView

from lifeboat.bots.situation import Situation, face, from_view, weapon

Rule = Callable[[Situation], "c.PlayerCommand | None"]
DOUBLER = {"lady_lauren": "jewels", "sir_stephen": "painting", "captain": "cash"}  # SCORE-1
TOOL_VALUE = {"life_preserver": 4.0, "parasol": 3.0, "medical_kit": 3.0, "compass": 1.5, "chum": 1.0,
              "cannibalism": 0.5, "flare_gun": 5.0}


def _pick(sit: Situation, kind: type, **fields: object) -> c.PlayerCommand | None:
    """The first legal command of type ``kind`` whose fields equal ``fields``, else ``None``."""
    for cmd in sit.legal:
        if isinstance(cmd, kind) and all(getattr(cmd, k) == v for k, v in fields.items()):
            return cmd
    return None


def card_value(sit: Situation, card: str) -> float:
    """What provision ``card`` is worth to the seat, in rough points: treasure its score (with the seat's
    doubling, a jewel its gain in the set, SCORE-1), Water more the fewer the seat holds, weapons their fight size."""
    kind = face(card)
    double = 2 if DOUBLER.get(sit.me) == kind else 1
    if kind in ("cash", "painting"):
        return in_use().treasure_points(card) * double
    if kind == "jewels":
        sets = in_use().jewel_set_points  # CARD-3: the game's printing
        n = min(len(sit.faces("jewels")), max(sets) - 1)
        return (sets[n + 1] - sets[n]) * double
    if kind == "water":
        return (6.0, 4.0, 2.5)[min(len(sit.faces("water")), 2)]
    if kind in ("oar", "blackjack", "knife", "gaffing_hook"):
        return 1.0 + weapon(card)
    return TOOL_VALUE.get(kind or "", 0.5)  # a card of no known face: a tool of little worth


def _weight(sit: Situation, who: str, wounds: float) -> float:
    """How much ``wounds`` more hurt ``who``: more when they make it unconscious or dead (STATUS-1)."""
    w = sit.chars[who]
    if not w.in_boat:
        return 0.0
    after = w.wounds + wounds
    return wounds + (2.0 if after >= w.size else 0.0) + (4.0 if after > w.size else 0.0)


def card_harm(sit: Situation, nav: str) -> dict[str, float]:
    """Wounds navigation card ``nav`` would deal each character in the boat, if none were saved (OVER-2,
    THIRST-1): one for going overboard (not Frenchy, not with a face-up Life Preserver), one per thirst."""
    card = in_use().navigation[nav]
    in_boat = tuple(s for s in sit.seats)
    harm = {s: 0.0 for s in in_boat}
    for s in names_on(card.overboard, in_boat):
        if s != "frenchy" and not any(face(x) == "life_preserver" for x in sit.chars[s].face_up):
            harm[s] += 1
    for s in in_boat:
        who = sit.chars[s]
        thirst = (s in names_on(card.thirsty, in_boat)) + (card.rowers_thirsty and who.rowed) + \
            (card.fighters_thirsty and who.fought)
        harm[s] += 0.6 * thirst  # Water and Parasols cancel some thirst
    return harm


def nav_value(sit: Situation, nav: str) -> float:
    """How good navigation card ``nav`` is for the seat: harm to its HATE is good, to itself and its LOVE bad."""
    harm = card_harm(sit, nav)
    value = 0.0
    for who, h in harm.items():
        w = _weight(sit, who, h)
        if who == sit.me:
            value -= 3 * w
        if who == sit.love:
            value -= 1.5 * w
        if who == sit.hate:
            value += 1.5 * w
    return value + 0.3 * in_use().navigation[nav].bird


# ---- the rules ---------------------------------------------------------------------------------------------


def decline_trades(sit: Situation) -> c.PlayerCommand | None:
    """A trade offered to the seat is declined: a stranger's gift is never what it seems (TRADE-1)."""
    return _pick(sit, c.AnswerTrade, accept=False)


def keep_what_scores(sit: Situation) -> c.PlayerCommand | None:
    """Keep the provision worth most to the seat (:func:`card_value`) (PROV-2)."""
    if not isinstance(sit.step, ProvisionsPick):
        return None
    options = [x for x in sit.legal if isinstance(x, c.KeepProvision)]
    return max(options, key=lambda x: card_value(sit, x.card), default=None)


def drink_when_thirsty(sit: Situation) -> c.PlayerCommand | None:
    """Thirsty and holding Water: drink it (THIRST-1), unless an open Parasol covers the only thirst; with Water to
    spare, give one to a thirsty LOVE."""
    if not isinstance(sit.step, ThirstWindow):
        return None
    owed = dict(sit.step.thirst)
    water = sit.faces("water")
    parasol = any(face(x) == "parasol" for x in sit.mine.face_up) and owed.get(sit.me, 0) < 2
    if owed.get(sit.me, 0) > (1 if parasol else 0) and water:
        return _pick(sit, c.GiveWater, target=sit.me)
    if sit.love != sit.me and owed.get(sit.love, 0) > 0 and len(water) > owed.get(sit.me, 0) + 1:
        return _pick(sit, c.GiveWater, target=sit.love)
    return None


def save_myself_overboard(sit: Situation) -> c.PlayerCommand | None:
    """In the water with the Life Preserver: play it on oneself (OVER-1); else throw it to a LOVE in the water."""
    if not isinstance(sit.step, OverboardWindow):
        return None
    for target in (sit.me, sit.love):
        if target in sit.step.overboard and (cmd := _pick(sit, c.ThrowLifePreserver, target=target)):
            return cmd
    return None


def chum_the_hated(sit: Situation) -> c.PlayerCommand | None:
    """The HATE is overboard and neither the seat nor its LOVE is: expend Chum for a shark wound (OVER-2)."""
    if not isinstance(sit.step, OverboardWindow) or sit.step.chum:
        return None
    over = sit.step.overboard
    if sit.hate in over and sit.me not in over and sit.love not in over:
        return next((x for x in sit.legal if isinstance(x, (c.ExpendChum, c.CallSharks))), None)  # GHOST-1 too
    return None


def _sides(sit: Situation, step: Fight) -> tuple[int, int]:
    return (sum(sit.chars[x].strength for x in step.attackers), sum(sit.chars[x].strength for x in step.defenders))


def join_fights_for_love(sit: Situation) -> c.PlayerCommand | None:
    """Join a fight on the side of one's LOVE, or against one's HATE, when joining turns or keeps the result
    that way (FIGHT-2, FIGHT-3: ties go to the defenders)."""
    step = sit.step
    if not isinstance(step, Fight) or sit.me in step.attackers + step.defenders:
        return None
    attack, defence = _sides(sit, step)
    me = sit.mine.strength
    for side in ("attacker", "defender"):
        ours, theirs = (step.attackers, step.defenders) if side == "attacker" else (step.defenders, step.attackers)
        favoured = (sit.love in ours and sit.love != sit.me) or (sit.hate in theirs and sit.hate != sit.me)
        against = sit.love in theirs or sit.hate in ours
        if not favoured or against:
            continue
        wins_now = attack > defence if side == "attacker" else defence >= attack
        wins_with_me = attack + me > defence if side == "attacker" else defence + me >= attack
        if wins_with_me and not wins_now:
            return _pick(sit, c.JoinFight, side=side)
    return None


def reveal_weapon_to_win(sit: Situation) -> c.PlayerCommand | None:
    """In a fight on the losing side: reveal the weapon in hand that turns it (FIGHT-3, PLAY-1)."""
    gap = _fight_gap(sit)
    if gap <= 0:
        return None
    weapons = sorted((x for x in sit.hand if weapon(x) >= gap), key=weapon)
    return _pick(sit, c.Reveal, card=weapons[0]) if weapons else None


def _fight_gap(sit: Situation) -> int:
    """How much strength my side of the open fight lacks to win (FIGHT-3: ties go to the defenders); 0 when it
    wins already or I am not fighting."""
    step = sit.step
    if not isinstance(step, Fight) or sit.me not in step.attackers + step.defenders:
        return 0
    attack, defence = _sides(sit, step)
    return max(0, (defence - attack + 1) if sit.me in step.attackers else (attack - defence))


def firewater_to_win(sit: Situation) -> c.PlayerCommand | None:
    """Liquid Courage (LIQUID-1, WONG-1): Mrs. Wong shares a Firewater only when +3 turns her losing fight
    (the extra thirst costs a wound or a Water); anyone drinks their own in that case too."""
    gap = _fight_gap(sit)
    fire = firewater_size(in_use())  # CARD-3: the game's printing
    if any(isinstance(x, c.ShareFirewater) for x in sit.legal):
        return _pick(sit, c.ShareFirewater, share=0 < gap <= fire)
    if 0 < gap <= fire:
        return next((x for x in sit.legal if isinstance(x, c.DrinkFirewater)), None)
    return None


def refuse_the_weaker(sit: Situation) -> c.PlayerCommand | None:
    """Asked for a card or a seat: refuse when the seat (with its face-up weapons) is at least as strong as the
    asker, since ties go to the defenders (FIGHT-3); consent otherwise, a fight lost costs a wound too."""
    step = sit.step
    if not isinstance(step, AwaitAnswer) or step.target != sit.me:
        return None
    mine, theirs = sit.mine.strength, sit.chars[step.attacker].strength
    worthless = step.kind == "mug" and step.card is not None and card_value(sit, step.card) < 1.5
    return _pick(sit, c.Answer, consent=worthless or mine < theirs)


def object_to_eating_love(sit: Situation) -> c.PlayerCommand | None:
    """Object to Cannibalism only when the seat is the stronger one (CANNIBAL-1)."""
    step = sit.step
    if not isinstance(step, CannibalismObjection):
        return None
    if sit.mine.strength > sit.chars[step.user].strength:
        return _pick(sit, c.ObjectToCannibalism)
    return None


def navigate_toward_hate(sit: Situation) -> c.PlayerCommand | None:
    """As navigator, choose the card best for the seat (:func:`nav_value`): it hurts the HATE, spares the seat
    and its LOVE (NAV-1)."""
    if not isinstance(sit.step, NavigatorChoice):
        return None
    options = [x for x in sit.legal if isinstance(x, c.ChooseNavigationCard) and x.card in in_use().navigation]
    return max(options, key=lambda x: nav_value(sit, x.card), default=None)


def row_toward_hate(sit: Situation) -> c.PlayerCommand | None:
    """Place the rowed cards good for the seat on the row stack, the rest under the deck (ROW-1)."""
    if not isinstance(sit.step, RowPlace):
        return None
    good = tuple(x for x in sit.step.drawn if nav_value(sit, x) > 0)
    if not good:  # keep the least bad one so the navigator cannot turn up something worse
        good = (max(sit.step.drawn, key=lambda x: nav_value(sit, x)),)
    return next((x for x in sit.legal if isinstance(x, c.PlaceRowedCards) and set(x.to_stack) == set(good)), None)


def heal_when_hurt(sit: Situation) -> c.PlayerCommand | None:
    """Use a Medical Kit on oneself one wound from unconscious, or on an unconscious LOVE (MEDKIT-1)."""
    if not isinstance(sit.step, ActionTurn):
        return None
    if sit.mine.wounds and sit.mine.wounds >= sit.mine.size - 1:
        if cmd := _pick(sit, c.UseMedicalKit, target=sit.me):
            return cmd
    love = sit.chars.get(sit.love)
    if love and love.alive and love.wounds >= love.size and sit.love != sit.me:
        return _pick(sit, c.UseMedicalKit, target=sit.love)
    return None


def open_the_parasol(sit: Situation) -> c.PlayerCommand | None:
    """Open a Parasol held: one thirst less every round (PARASOL-1)."""
    if not isinstance(sit.step, ActionTurn):
        return None
    return next((x for x in sit.legal if isinstance(x, c.OpenParasol)), None)


def mug_the_weak(sit: Situation) -> c.PlayerCommand | None:
    """Mug a weaker character for its best face-up card worth 3 or more, or the HATE for a hand card, when clearly
    stronger (MUG-1, FIGHT-3); never the LOVE."""
    if not isinstance(sit.step, ActionTurn):
        return None
    mine = sit.mine.strength
    best: tuple[float, c.PlayerCommand] | None = None
    for cmd in sit.legal:
        if not isinstance(cmd, c.Mug) or cmd.target == sit.love or sit.chars[cmd.target].strength + 2 > mine:
            continue
        hand = sit.chars[cmd.target].hand_size
        gain = card_value(sit, cmd.card) if cmd.card else (2.5 + (cmd.target == sit.hate) if hand else 0)
        if gain >= 2.5 and (best is None or gain > best[0]):
            best = (gain, cmd)
    return best[1] if best else None


def row_when_healthy(sit: Situation) -> c.PlayerCommand | None:
    """Row when the seat can afford a thirst (Water in hand, or two wounds from unconscious): rowing puts cards of
    its choice on the row stack (ROW-1); otherwise do nothing."""
    if not isinstance(sit.step, ActionTurn):
        return None
    if sit.faces("water") or sit.mine.size - sit.mine.wounds >= 3:
        return _pick(sit, c.Row)
    return _pick(sit, c.DoNothing)


def use_the_compass(sit: Situation) -> c.PlayerCommand | None:
    """A navigator with the Compass uses it: one more card to choose from (NAV-2)."""
    return _pick(sit, c.UseCompass, use=True)


def pass_or_wait(sit: Situation) -> c.PlayerCommand | None:
    """Nothing better: pass in a window, do nothing on a turn, else the first legal command that reveals nothing."""
    for kind in (c.Pass, c.DoNothing):
        if cmd := _pick(sit, kind):
            return cmd
    quiet = [x for x in sit.legal if not isinstance(x, (c.Reveal, c.OfferTrade, c.DrinkFirewater))]  # LIQUID-1
    return quiet[0] if quiet else (sit.legal[0] if sit.legal else None)


RULES: tuple[Rule, ...] = (
    decline_trades, firewater_to_win, keep_what_scores, drink_when_thirsty, save_myself_overboard, chum_the_hated,
    reveal_weapon_to_win, join_fights_for_love, refuse_the_weaker, object_to_eating_love, navigate_toward_hate,
    row_toward_hate, use_the_compass, heal_when_hurt, open_the_parasol, mug_the_weak, row_when_healthy, pass_or_wait,
)


def decide(sit: Situation) -> c.PlayerCommand:
    """The first rule of :data:`RULES` that applies. Raises ``ValueError`` when ``sit.legal`` is empty."""
    if not sit.legal:
        raise ValueError("no legal command to choose from")
    for rule in RULES:
        cmd = rule(sit)
        if cmd is not None:
            return cmd
    return sit.legal[0]


class HeuristicBot:
    """The heuristic bot (:data:`RULES`); deterministic, so it ignores the RNG."""

    name = "heuristic"
    wants_log = False

    def choose(self, view: SeatView, log: Sequence[EventView], rng: random.Random) -> c.PlayerCommand:
        """One of ``view.legal``. Raises ``TypeError`` unless ``view`` is a :class:`SeatView`, ``ValueError``
        when it has no legal command."""
        with using(cards_of(view.ruleset)):  # CARD-3: the game's own card data
            return decide(from_view(view))

