"""Answers and windows: consent or refuse a mug or seat change (SWAP-1, MUG-1, FIGHT-1), join a fight (FIGHT-2),
pass (PROC-1), reveal a card (PLAY-1, MUG-2, REF-10), object to Cannibalism (CANNIBAL-1), the Life Preserver and
Chum while someone is overboard (OVER-1, OVER-2), Water against thirst (THIRST-1), Firewater and Mrs. Wong's share
(LIQUID-1, WONG-1, REF-24, REF-25)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.decide.context import Ctx, name_of, require_character, require_conscious, require_held
from lifeboat.decide.procedure import asked_ghosts, maybe_close, request_succeeds, sharks_coming
from lifeboat.errors import IllegalCommand
from lifeboat.state import (
    WINDOW_TYPES, AwaitAnswer, AwaitSetup, CannibalismObjection, Fight, GameOver, MugDraw, OverboardWindow, State, ThirstWindow,
)
from lifeboat.i18n import _


def answer(ctx: Ctx, s: State, cmd: c.Answer) -> None:
    """PROC-2: the target consents (the request succeeds) or refuses (FIGHT-1: a fight starts)."""
    by, step = cmd.by, s.step
    if isinstance(step, MugDraw) and step.mugger == "kid" and step.target == by:  # MUG-2: no answer, no fight
        raise IllegalCommand("MUG-2", _("the Kid's pickpocket cannot be refused or consented to: the "
                                        "card is taken at once, with no fight"))
    if not isinstance(step, AwaitAnswer):
        raise IllegalCommand("PROC-2", _("nothing is waiting for your answer"))
    if step.target != by:
        raise IllegalCommand("PROC-2", _("{target} must answer, not {actor}").format(target=name_of(step.target), actor=name_of(by)))
    answered(ctx, s, cmd)


def answered(ctx: Ctx, s: State, cmd: c.Answer) -> None:
    """What a legal answer (checked by :func:`answer`) brings about: the request succeeds or a fight starts."""
    by, step = cmd.by, s.step
    assert type(step) is AwaitAnswer  # what answer checked (a type test: the step classes are final)
    ctx.emit(e.Answered(character=by, consent=cmd.consent))
    if cmd.consent:
        request_succeeds(ctx, step.kind, step.attacker, step.target, step.card)
    else:
        ctx.emit(e.FightStarted(attacker=step.attacker, defender=by))  # FIGHT-1
        maybe_close(ctx)


def join_fight(ctx: Ctx, s: State, cmd: c.JoinFight) -> None:
    """FIGHT-2: a conscious character not yet in the fight joins a side."""
    by, step = cmd.by, s.step
    if not isinstance(step, Fight):
        raise IllegalCommand("FIGHT-2", _("no fight is open"))
    require_conscious(s, by)
    if by in step.attackers + step.defenders:
        raise IllegalCommand("FIGHT-2", _("you are already in this fight; nobody leaves a fight"))
    ctx.emit(e.FightJoined(character=by, side=cmd.side))


def pass_(ctx: Ctx, s: State, cmd: c.Pass) -> None:
    """PROC-1: pass in the open window; it closes once every conscious character passed (REF-14: not the user
    of Cannibalism)."""
    by, step = cmd.by, s.step
    kind = type(step)  # the step classes are final (state.WINDOW_TYPES)
    if kind not in WINDOW_TYPES:
        raise IllegalCommand("PROC-1", _("there is nothing to pass on now"))
    if not (type(step) is OverboardWindow and by in asked_ghosts(s, step)):  # GHOST-1: a ghost may pass
        require_conscious(s, by)
    if type(step) is CannibalismObjection and step.user == by:  # REF-14
        raise IllegalCommand("CANNIBAL-1", _("the others decide whether to object to your Cannibalism; "
                                             "wait"))
    if by in step.passed:  # type: ignore[union-attr]  # kind in WINDOW_TYPES above: a window
        raise IllegalCommand("PROC-1", _("you have already passed; wait for the others"))
    passes(ctx, s, cmd)


def passes(ctx: Ctx, s: State, cmd: c.Pass) -> None:
    """What a legal pass (checked by :func:`pass_`) brings about: it is noted; the window closes once everyone
    passed."""
    ctx.emit(e.Passed(character=cmd.by))
    maybe_close(ctx)


def reveal(ctx: Ctx, s: State, cmd: c.Reveal) -> None:
    """PLAY-1: reveal a hand card face up, at any time but setup, the end and while a hand card is being taken
    (MUG-2, REF-10)."""
    by, step = cmd.by, s.step
    if isinstance(step, (AwaitSetup, GameOver)):
        raise IllegalCommand("PLAY-1", _("cards cannot be revealed now"))
    if isinstance(step, MugDraw):  # MUG-2 for the Kid's pickpocket, REF-10 for any other mug
        raise IllegalCommand("MUG-2" if step.mugger == "kid" else "REF-10",
                             _("no card may be revealed while a card is being taken from a hand"))
    require_conscious(s, by)
    require_held(s, by, cmd.card, hand_only=True, rule="PLAY-1")
    ctx.emit(e.CardRevealed(character=by, card=cmd.card))


def object_to_cannibalism(ctx: Ctx, s: State, cmd: c.ObjectToCannibalism) -> None:
    """CANNIBAL-1: the first objector defends in a fight against the user (FIGHT-1)."""
    by, step = cmd.by, s.step
    if not isinstance(step, CannibalismObjection):
        raise IllegalCommand("CANNIBAL-1", _("nobody is playing Cannibalism now; there is nothing to "
                                             "object to"))
    require_conscious(s, by)
    if by == step.user:
        raise IllegalCommand("CANNIBAL-1", _("you cannot object to your own Cannibalism"))
    ctx.emit(e.ObjectedToCannibalism(character=by))
    ctx.emit(e.FightStarted(attacker=step.user, defender=by))  # FIGHT-1
    maybe_close(ctx)


def throw_life_preserver(ctx: Ctx, s: State, cmd: c.ThrowLifePreserver) -> None:
    """OVER-1: throw the Life Preserver to a conscious character in the water (or play one's own)."""
    by, card, t, step = cmd.by, cmd.card, cmd.target, s.step
    if not isinstance(step, OverboardWindow):
        raise IllegalCommand("OVER-1", _("the Life Preserver is thrown only while someone is overboard"))
    require_conscious(s, by)
    require_held(s, by, card, "life_preserver", rule="OVER-1")
    require_character(s, t, "OVER-1")
    if t in step.lost:  # OVER-3: dead, or unconscious without a Life Preserver face up: lost at sea at once
        lost = (_("{target} is dead: lost at sea at once (OVER-3); the Life Preserver cannot be thrown to them")
                if s.status(t) == "dead" else _("{target} is unconscious: lost at sea at once (OVER-3); the Life "
                                                "Preserver cannot be thrown to them"))
        raise IllegalCommand("OVER-1", lost.format(target=name_of(t)))
    if t not in step.overboard:
        raise IllegalCommand("OVER-1", _("{target} is not in the water").format(target=name_of(t)))
    if not s.conscious(t):
        raise IllegalCommand("OVER-1", _("{target} is not conscious; the Life Preserver cannot be "
                                         "thrown to them").format(target=name_of(t)))
    if t == by and card in s.char(by).face_up:
        raise IllegalCommand("OVER-1", _("your Life Preserver is already face up"))
    if card in step.thrown:
        raise IllegalCommand("REF-22", _("this Life Preserver was already thrown while these "
                                         "characters are in the water; it stays where it landed until "
                                         "the overboard resolution ends"))
    ctx.emit(e.LifePreserverThrown(character=by, card=card, target=t))


def expend_chum(ctx: Ctx, s: State, cmd: c.ExpendChum) -> None:
    """OVER-1, OVER-2: expend Chum while someone is overboard (the sharks come)."""
    by, card = cmd.by, cmd.card
    if not isinstance(s.step, OverboardWindow):
        raise IllegalCommand("OVER-1", _("Chum is expended only while someone is overboard"))
    require_conscious(s, by)
    require_held(s, by, card, "chum", rule="OVER-1")
    ctx.emit(e.ChumExpended(character=by, card=card))


def call_sharks(ctx: Ctx, s: State, cmd: c.CallSharks) -> None:
    """GHOST-1 (shark variant): a ghost calls the sharks while someone is overboard (OVER-2, REF-19)."""
    by, step = cmd.by, s.step
    require_character(s, by, "GHOST-1")
    if not s.ruleset.shark_variant:
        raise IllegalCommand("GHOST-1", _("this game is not played with the shark variant: there are "
                                          "no ghosts"))
    if by not in s.ghosts:
        raise IllegalCommand("GHOST-1", _("{actor} is not a ghost: only a character lost at sea calls "
                                          "the sharks").format(actor=name_of(by)))
    if not isinstance(step, OverboardWindow):
        raise IllegalCommand("GHOST-1", _("the sharks are called only while someone is overboard"))
    if sharks_coming(s, step):
        raise IllegalCommand("GHOST-1", _("the sharks are already coming (one shark wound each per "
                                          "navigation at most)"))
    ctx.emit(e.SharksCalled(character=by))
    maybe_close(ctx)


def give_water(ctx: Ctx, s: State, cmd: c.GiveWater) -> None:
    """THIRST-1: expend Water to cancel one thirst of a character who still owes some."""
    by, card, t, step = cmd.by, cmd.card, cmd.target, s.step
    if not isinstance(step, ThirstWindow):
        raise IllegalCommand("THIRST-1", _("Water is expended only against thirst in navigation"))
    require_conscious(s, by)
    require_held(s, by, card, "water", rule="THIRST-1")
    require_character(s, t, "THIRST-1")
    if dict(step.thirst).get(t, 0) < 1:
        raise IllegalCommand("THIRST-1", _("{target} has no thirst left to quench").format(target=name_of(t)))
    water_given(ctx, s, cmd)


def water_given(ctx: Ctx, s: State, cmd: c.GiveWater) -> None:
    """What a legal Water (checked by :func:`give_water`) brings about: one thirst less; Mrs. Wong may share it."""
    t = cmd.target
    ctx.emit(e.WaterGiven(character=cmd.by, card=cmd.card, target=t))
    owed = ctx.state.step.thirst  # type: ignore[union-attr]  # still the thirst window: a Water changes no step
    if t != WONG and wong_may_share(ctx.state) and dict(owed).get(WONG, 0) > 0:
        ctx.emit(e.WaterShared(character=WONG, card=cmd.card))  # WONG-1, REF-25: at once, it only helps her


WONG = "mrs_wong"


def wong_may_share(s: State) -> bool:
    """WONG-1, REF-25: Mrs. Wong is in this game, in the boat and conscious, so she may take the effect of the
    Water or Firewater someone uses."""
    return s.has(WONG) and s.conscious(WONG)


def drink_firewater(ctx: Ctx, s: State, cmd: c.DrinkFirewater) -> None:
    """LIQUID-1, REF-24: drink Firewater from hand, not an action, whenever a card may be revealed (PLAY-1); then
    Mrs. Wong may share it (WONG-1, REF-25)."""
    by, step = cmd.by, s.step
    if "liquid_courage" not in s.ruleset.expansions:
        raise IllegalCommand("EXP-1", _("this game is played without the Liquid Courage expansion: no "
                                        "Firewater"))
    if isinstance(step, (AwaitSetup, GameOver)):
        raise IllegalCommand("LIQUID-1", _("Firewater cannot be drunk now"))
    if isinstance(step, MugDraw):  # MUG-2, REF-10: as for a reveal
        raise IllegalCommand("MUG-2" if step.mugger == "kid" else "REF-10",
                             _("no card may be played while a card is being taken from a hand"))
    require_conscious(s, by)
    require_held(s, by, cmd.card, "firewater", hand_only=True, rule="LIQUID-1")
    ctx.emit(e.FirewaterDrunk(character=by, card=cmd.card))
    if by != WONG and wong_may_share(ctx.state):
        ctx.emit(e.FirewaterShareOffered(character=WONG, card=cmd.card))


def share_firewater(ctx: Ctx, s: State, cmd: c.ShareFirewater) -> None:
    """WONG-1, REF-25: Mrs. Wong answers whether she shares the Firewater just drunk."""
    if s.wong_share is None:
        raise IllegalCommand("WONG-1", _("nobody has just drunk Firewater: there is nothing to share"))
    if cmd.by != WONG:
        raise IllegalCommand("WONG-1", _("only Mrs. Wong may share Firewater, not {actor}").format(actor=name_of(cmd.by)))
    require_conscious(s, cmd.by)
    ctx.emit(e.FirewaterShareAnswered(character=WONG, card=s.wong_share, share=cmd.share))


LEGAL: dict[type, Callable[..., None]] = {c.Answer: answered, c.Pass: passes, c.GiveWater: water_given}
"""What a command of each type brings about once its rule's checks have passed (:func:`lifeboat.decide.fold_legal`)."""

RULES: dict[type, Callable[..., None]] = {
    c.Answer: answer, c.JoinFight: join_fight, c.Pass: pass_, c.Reveal: reveal,
    c.ObjectToCannibalism: object_to_cannibalism, c.ThrowLifePreserver: throw_life_preserver,
    c.ExpendChum: expend_chum, c.CallSharks: call_sharks, c.GiveWater: give_water,
    c.DrinkFirewater: drink_firewater, c.ShareFirewater: share_firewater,
}
