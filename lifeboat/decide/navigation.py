"""The navigator's decisions: use the face-up Compass (NAV-2) and choose the card of the round from the row stack
(NAV-1; REC-1: the chosen card is turned face up, so it must be named)."""

from __future__ import annotations

from collections.abc import Callable

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.cards import is_unknown
from lifeboat.decide.context import Ctx, name_of, nav_available
from lifeboat.decide.procedure import resolve_card
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.state import CompassChoice, CompassDraw, NavigatorChoice, State
from lifeboat.i18n import _


def use_compass(ctx: Ctx, s: State, cmd: c.UseCompass) -> None:
    """NAV-2: the navigator uses the Compass (draws one more card onto the row stack, if any is left) or not. Nobody
    rowed (an empty row stack) under option ``compass_extra_card``: the Compass's card is added to the top card,
    which would have been turned, so two are drawn to choose from (one if only one is left)."""
    step = s.step
    if isinstance(step, (CompassDraw, NavigatorChoice)) and step.navigator == cmd.by and any(
            x.rpartition("-")[0] == "compass" for x in s.char(cmd.by).face_up):  # NAV-2: once per navigation
        raise IllegalCommand("NAV-2", _("the Compass was already used this round: once per navigation; "
                                        "choose the navigation card"))
    if not isinstance(step, CompassChoice) or step.navigator != cmd.by:
        raise IllegalCommand("NAV-2", _("you cannot use the Compass now"))
    left = nav_available(s)
    draws = 2 if cmd.use and s.ruleset.compass_two and not s.row_stack and left >= 2 else 1
    ctx.emit(e.CompassUsed(character=cmd.by, used=cmd.use and left > 0, draws=draws))


def choose_navigation_card(ctx: Ctx, s: State, cmd: c.ChooseNavigationCard) -> None:
    """NAV-1: the navigator chooses the card of the round; the rest of the row stack goes under the deck."""
    by, card, step = cmd.by, cmd.card, s.step
    if not isinstance(step, NavigatorChoice):
        raise IllegalCommand("NAV-1", _("no navigation card is being chosen now"))
    if step.navigator != by:
        raise IllegalCommand("NAV-1", _("{navigator} is the navigator").format(navigator=name_of(step.navigator)))
    if is_unknown(card):
        raise InvalidCommand("REC-1", _("the chosen card is turned face up: name it (e.g. 'choose 27')"))
    if card not in s.row_stack:
        raise IllegalCommand("NAV-1", _("{card} is not in the row stack").format(card=card))
    chosen(ctx, s, cmd)


def chosen(ctx: Ctx, s: State, cmd: c.ChooseNavigationCard) -> None:
    """What a legal :func:`choose_navigation_card` brings about: the card of the round takes effect."""
    by, card = cmd.by, cmd.card
    rest = tuple(x for x in s.row_stack if x != card)
    ctx.emit(e.NavigationCardChosen(character=by, card=card, to_bottom=rest))
    ctx.emit(e.NavigationCardRevealed(card=card))
    resolve_card(ctx, card)


LEGAL: dict[type, Callable[..., None]] = {c.ChooseNavigationCard: chosen}
"""What a command of each type brings about once its rule's checks have passed (:func:`lifeboat.decide.fold_legal`)."""

RULES: dict[type, Callable[..., None]] = {c.UseCompass: use_compass, c.ChooseNavigationCard: choose_navigation_card}
