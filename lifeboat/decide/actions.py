"""The provisions pick (PROV-2) and the action phase: one action per turn (ACT-1, ACT-2): nothing, row (ROW-1),
change seats (SWAP-1), mug (MUG-1, MUG-2), and the special actions of the Flare Gun (FLARE-1), the Parasol
(PARASOL-1), the Medical Kit (MEDKIT-1) and Cannibalism (CANNIBAL-1, EXP-1)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import is_unknown
from lifeboat.decide import possible
from lifeboat.possibilities import OFFERED
from lifeboat.decide.context import (
    Ctx, card_face, name_of, nav_available, require_actor, require_character, require_held, require_in_boat,
)
from lifeboat.decide.procedure import end_action, maybe_close, request_succeeds, seats_changed, start_actions
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.state import ProvisionsPick, RowPlace, State
from lifeboat.i18n import N_, _


def keep_provision(ctx: Ctx, s: State, cmd: c.KeepProvision) -> None:
    """PROV-2: keep one offered provision and pass the rest sternward; actions start when none is left."""
    by, card, step = cmd.by, cmd.card, s.step
    if not isinstance(step, ProvisionsPick):
        raise IllegalCommand("PROV-2", _("no provisions are being passed now"))
    if step.picker != by:
        raise IllegalCommand("PROV-2", _("it is {picker}'s turn to keep a provision").format(picker=name_of(step.picker)))
    if card not in step.offered:
        raise IllegalCommand("PROV-2", _("{card} is not among the cards offered to you").format(card=card))
    kept(ctx, s, cmd)


def kept(ctx: Ctx, s: State, cmd: c.KeepProvision) -> None:
    """What a legal keep (checked by :func:`keep_provision`) brings about: the rest goes sternward, or actions
    start."""
    by, card = cmd.by, cmd.card
    if is_unknown(card) and s.ruleset.deduces:  # REC-3: nobody saw which of the offered cards was kept
        possible.unseen_move(ctx, OFFERED, by, (card,))
    ctx.emit(e.ProvisionKept(character=by, card=card))
    rest = ctx.state.step.offered if isinstance(ctx.state.step, ProvisionsPick) else ()
    conscious = ctx.state.conscious_seats()
    after = conscious[conscious.index(by) + 1 :] if by in conscious else ()
    if rest and after:
        ctx.emit(e.ProvisionsPassed(by=by, to=after[0], cards=rest))
    else:
        start_actions(ctx)


def do_nothing(ctx: Ctx, s: State, cmd: c.DoNothing) -> None:
    """ACT-2: the action is nothing."""
    require_actor(s, cmd.by)
    did_nothing(ctx, s, cmd)


def did_nothing(ctx: Ctx, s: State, cmd: c.DoNothing) -> None:
    """What a legal :func:`do_nothing` brings about: the next turn."""
    ctx.emit(e.DidNothing(character=cmd.by))
    end_action(ctx)


def row(ctx: Ctx, s: State, cmd: c.Row) -> None:
    """ROW-1: row; draw two navigation cards (ROW-2, the rowing variant: one), one more per face-up Oar (as many
    as are left)."""
    require_actor(s, cmd.by)
    rowed(ctx, s, cmd)


def rowed(ctx: Ctx, s: State, cmd: c.Row) -> None:
    """What a legal :func:`row` brings about: the cards to draw (two, ROW-2 one, one more per face-up Oar)."""
    by = cmd.by
    oars = len(s.faces_in(s.char(by).face_up, "oar"))
    base = 1 if s.ruleset.rowing_variant else 2  # ROW-2
    ctx.emit(e.Rowed(character=by, count=min(base + oars, nav_available(s))))  # ROW-1


def place_rowed_cards(ctx: Ctx, s: State, cmd: c.PlaceRowedCards) -> None:
    """ROW-1: each drawn card goes on the row stack or under the deck (option row_keeps_exactly_one)."""
    by, stack, bottom, step = cmd.by, cmd.to_stack, cmd.to_bottom, s.step
    if not isinstance(step, RowPlace) or step.rower != by:
        raise IllegalCommand("ROW-1", _("you have no rowed cards to place now"))
    if sorted(stack + bottom) != sorted(step.drawn) or len(set(stack + bottom)) != len(stack + bottom):
        raise InvalidCommand("ROW-1", _("place each card you drew exactly once, on the row stack or "
                                        "under the deck"))
    if s.ruleset.row_keeps_exactly_one and len(stack) != min(1, len(step.drawn)):
        raise IllegalCommand("ROW-1", _("this game's option row_keeps_exactly_one: put exactly one "
                                        "card on the row stack"))
    placed(ctx, s, cmd)


def placed(ctx: Ctx, s: State, cmd: c.PlaceRowedCards) -> None:
    """What a legal :func:`place_rowed_cards` brings about: the cards placed, the next turn."""
    ctx.emit(e.RowedCardsPlaced(character=cmd.by, to_stack=cmd.to_stack, to_bottom=cmd.to_bottom))
    end_action(ctx)


def change_seats(ctx: Ctx, s: State, cmd: c.ChangeSeats) -> None:
    """SWAP-1: ask another character in the boat to change seats (granted at once if it is not conscious)."""
    by, t = cmd.by, cmd.target
    require_actor(s, by)
    require_in_boat(s, t, "SWAP-1")
    if t == by:
        raise IllegalCommand("SWAP-1", _("change seats with another character"))
    ctx.emit(e.SeatChangeDeclared(character=by, target=t))
    if not s.conscious(t):  # STATUS-1: cannot refuse (ACT-3: and so cannot act now either)
        seats_changed(ctx, by, t)


def mug(ctx: Ctx, s: State, cmd: c.Mug) -> None:
    """MUG-1: mug another character for a named face-up card or a random hand card; MUG-2: the Kid's pickpocket
    cannot be refused; STATUS-1: nor can a character who is not conscious. VIEW-FACE-1: the card may be named by
    its face (``"water"``, ``"painting(3)"``): the target's first face-up card of that face, in face-up order, is
    the one declared (the event names that instance)."""
    by, t, card = cmd.by, cmd.target, cmd.card
    require_actor(s, by)
    require_in_boat(s, t, "MUG-1")
    if t == by:
        raise IllegalCommand("MUG-1", _("mug another character"))
    target = s.char(t)
    if card is not None and s.cards.is_look(card):  # VIEW-FACE-1: the face names the first face-up card of it
        card = next((x for x in target.face_up if card in (s.cards.look_of(x), s.cards.face(x))), None) or \
            _no_face_up(s, t, card)
    if card is not None:
        card_face(card, cards=s.cards)
        if card not in target.face_up:
            raise IllegalCommand("MUG-1", _("{target} has no face-up {card}").format(target=name_of(t), card=s.cards.card_name(card)))
    elif not target.hand:
        raise IllegalCommand("MUG-1", _("{target} has no card in hand to take").format(target=name_of(t)))
    ctx.emit(e.MugDeclared(character=by, target=t, card=card))
    if card is None and by == "kid":  # MUG-2: the pickpocket cannot be refused
        ctx.emit(e.MugSucceeded(character=by, target=t, card=None))
    elif not s.conscious(t):  # STATUS-1
        request_succeeds(ctx, "mug", by, t, card)


def _no_face_up(s: State, target: str, look: str) -> str:
    """MUG-1: the refusal of a mug naming a face (VIEW-FACE-1) the target has no face-up card of."""
    raise IllegalCommand("MUG-1", _("{target} has no face-up {look}").format(target=name_of(target), look=s.cards.card_name(look)))


def fire_flare_gun(ctx: Ctx, s: State, cmd: c.FireFlareGun) -> None:
    """FLARE-1: fire the Flare Gun: three navigation cards are drawn (as many as are left)."""
    require_actor(s, cmd.by)
    require_held(s, cmd.by, cmd.card, "flare_gun", rule="FLARE-1")
    ctx.emit(e.FlareGunFired(character=cmd.by, card=cmd.card, count=min(3, nav_available(s))))


def open_parasol(ctx: Ctx, s: State, cmd: c.OpenParasol) -> None:
    """PARASOL-1: open the Parasol (it shades its owner from one thirst)."""
    by, card = cmd.by, cmd.card
    require_actor(s, by)
    require_held(s, by, card, "parasol", rule="PARASOL-1")
    if s.open_parasol == card:
        raise IllegalCommand("PARASOL-1", _("the Parasol is already open"))
    ctx.emit(e.ParasolOpened(character=by, card=card))
    end_action(ctx)


def use_medical_kit(ctx: Ctx, s: State, cmd: c.UseMedicalKit) -> None:
    """MEDKIT-1: remove one wound from a character in the boat who is not dead (Dr. Harter keeps the kit)."""
    by, card, t = cmd.by, cmd.card, cmd.target
    require_actor(s, by)
    require_held(s, by, card, "medical_kit", rule="MEDKIT-1")
    require_in_boat(s, t, "MEDKIT-1")
    if s.status(t) == "dead":
        raise IllegalCommand("MEDKIT-1", _("{target} is dead; a Medical Kit cannot help").format(target=name_of(t)))
    if s.char(t).wounds == 0:
        raise IllegalCommand("MEDKIT-1", _("{target} has no wound to remove").format(target=name_of(t)))
    ctx.emit(e.MedicalKitUsed(character=by, card=card, target=t, kept=by == "dr_harter"))
    ctx.emit(e.Healed(character=t))
    end_action(ctx)


def cannibalize(ctx: Ctx, s: State, cmd: c.Cannibalize) -> None:
    """CANNIBAL-1 (EXP-1): play Cannibalism on a dead body in the boat; the others may object."""
    by, card, t = cmd.by, cmd.card, cmd.target
    require_actor(s, by)
    if "cannibalism" not in s.ruleset.expansions:
        raise IllegalCommand("EXP-1", _("this game is played without the Cannibalism expansion"))
    require_held(s, by, card, "cannibalism", rule="CANNIBAL-1")
    require_character(s, t, "CANNIBAL-1")
    if t not in s.seats:
        raise IllegalCommand("CANNIBAL-1", _("{target} is no longer in the boat").format(target=name_of(t)))
    if s.status(t) != "dead":
        status = {"conscious": N_("{target} is conscious: only a dead body can be eaten"),
                  "unconscious": N_("{target} is unconscious: only a dead body can be eaten")}.get(
            s.status(t), N_("{target} is not dead: only a dead body can be eaten"))
        raise IllegalCommand("CANNIBAL-1", _(status).format(target=name_of(t)))
    ctx.emit(e.CannibalismDeclared(character=by, card=card, body=t))
    maybe_close(ctx)  # nobody else conscious: unopposed at once


LEGAL: dict[type, Callable[..., None]] = {
    c.KeepProvision: kept, c.DoNothing: did_nothing, c.Row: rowed, c.PlaceRowedCards: placed,
}
"""What a command of each type brings about once its rule's checks have passed (:func:`lifeboat.decide.fold_legal`)."""

RULES: dict[type, Callable[..., None]] = {
    c.KeepProvision: keep_provision, c.DoNothing: do_nothing, c.Row: row, c.PlaceRowedCards: place_rowed_cards,
    c.ChangeSeats: change_seats, c.Mug: mug, c.FireFlareGun: fire_flare_gun, c.OpenParasol: open_parasol,
    c.UseMedicalKit: use_medical_kit, c.Cannibalize: cannibalize,
}
