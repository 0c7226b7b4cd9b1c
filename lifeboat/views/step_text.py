"""One line per step (what the game waits for), in the language in use (:mod:`lifeboat.i18n`), from the redacted
data of a view as :mod:`lifeboat.views.text` writes the events' lines; and what a navigation card does
(:func:`navigation_contents`). Every line is one whole message of the catalogs (docs/translation.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lifeboat.card_context import in_use
from lifeboat.card_set import CardSet
from lifeboat.i18n import _
from lifeboat.views.text import game_ended_reason, thirst_words
from lifeboat.views.words import cards, faces, inner, join, name, names, obj, plural, poss, subj

Data = dict[str, Any]


def _you(ch: str | None, me: str | None) -> bool:
    return ch is not None and ch == me


def _pick_text(d: Data, me: str | None) -> str:
    offered, picker = d["offered"], d["picker"]
    if len(offered) == 1:  # the last of the draw (PROV-2): no choice left
        if offered[0] is not None:  # a referee sees it
            return (_("Keep the last card: {card}.") if picker == me
                    else _("{who} keeps the last card: {card}.")).format(who=name(picker), card=cards(offered))
        return _("Keep the last card.") if picker == me else _("{who} keeps the last card.").format(who=name(picker))
    if picker == me:
        return _("Keep one of: {cards}.").format(cards=cards(offered))
    return _("{who} keeps one of {cards}.").format(who=name(picker), cards=cards(offered))


def _answer_text(d: Data, me: str | None) -> str:
    if d["kind"] == "swap":
        return _("{who} must consent to or refuse {whose} change seats.").format(
            who=subj(d["target"], me), whose=poss(d["attacker"], me))
    return _("{who} must consent to or refuse {whose} mug.").format(
        who=subj(d["target"], me), whose=poss(d["attacker"], me))


def _navigator_choice(d: Data, me: str | None, row_stack: Sequence[str | None]) -> str:
    nav = d["navigator"]
    if len(row_stack) == 1 and nav != me:  # NAV-1: one card on the row stack, no choice of two
        if row_stack[0] is not None:  # the referee sees it
            return _("{who}, the navigator, chooses the only card on the row stack: {card}.").format(
                who=name(nav), card=cards(row_stack))
        return _("{who}, the navigator, chooses the only card on the row stack.").format(who=name(nav))
    if nav == me:
        return _("Choose the navigation card: {cards}.").format(cards=cards(row_stack, "card"))
    return _("{who}, the navigator, chooses one of {cards}.").format(who=name(nav), cards=cards(row_stack, "card"))


def _row_place(d: Data, me: str | None) -> str:
    if d["rower"] == me:
        return _("Put each of {cards} on the row stack or under the navigation deck.").format(cards=cards(d["drawn"]))
    return _("{who} places {cards} on the row stack or under the deck.").format(
        who=name(d["rower"]), cards=cards(d["drawn"]))


def step_text(kind: str, d: Data, me: str | None, row_stack: Sequence[str | None] = ()) -> str:
    """The line for a step of tag ``kind`` from its redacted data; ``row_stack`` as the audience sees it. A fight's
    line, which names each side's strength, is :func:`lifeboat.views.fight.fight_text`."""
    if kind == "await_setup":
        return _("Waiting for the deal.")
    if kind == "provisions_draw":
        return _("{who}, the quartermaster, will draw {cards}.").format(
            who=subj(d["quartermaster"], me), cards=plural(d["count"], "provision"))
    if kind == "provisions_pick":
        return _pick_text(d, me)
    if kind == "action_turn":
        return _("Your action.") if d["actor"] == me else _("{who}'s action.").format(who=name(d["actor"]))
    if kind == "row_draw":
        return _("{who} rowed; {cards} to draw.").format(who=subj(d["rower"], me),
                                                         cards=plural(d["count"], "navigation card"))
    if kind == "row_place":
        return _row_place(d, me)
    if kind == "await_answer":
        return _answer_text(d, me)
    if kind == "mug_draw":
        return _("A card is taken at random from {whose} hand.").format(whose=poss(d["target"], me))
    if kind == "flare_draw":
        return _("The Flare Gun draws {cards}.").format(cards=plural(d["count"], "navigation card"))
    if kind == "compass_choice":
        return _("{who}, the navigator, may use the Compass.").format(who=subj(d["navigator"], me))
    if kind == "compass_draw":
        if d.get("count", 1) == 2:  # NAV-2, option compass_extra_card: nobody rowed
            return _("Nobody rowed: the Compass adds the top two navigation cards to the row stack.")
        return _("The Compass adds the top navigation card to the row stack.")
    if kind == "navigator_draw":
        if _you(d["navigator"], me):
            return _("You, the navigator, add the top navigation card to the row stack (rowing variant).")
        return _("{who}, the navigator, adds the top navigation card to the row stack (rowing variant).").format(
            who=subj(d["navigator"], me))
    if kind == "navigator_choice":
        return _navigator_choice(d, me, row_stack)
    if kind == "navigation_turn":
        return _("The top navigation card is turned.")
    if kind == "overboard_window":
        return _("Overboard: {who}. Play a card or pass.").format(who=names(d["overboard"], me))
    if kind == "thirst_window":
        return _("Thirst: {thirst}. Each thirst left when everyone has passed is one wound. Play a card or "
                 "pass.").format(thirst=thirst_words(d["thirst"], me))
    if kind == "cannibalism_objection":
        return _("{who} played Cannibalism on {whose} body; object (a fight) or pass.").format(
            who=subj(d["user"], me), whose=poss(d["body"], me))
    if kind == "game_over":
        return _("The game is over: {why}.").format(why=game_ended_reason(d["reason"]))
    return kind.replace("_", " ")  # pragma: no cover - every step kind is listed above


def wong_share_text(me: str | None) -> str:
    """WONG-1, REF-25: the line for Mrs. Wong's pending answer (share the Firewater just drunk or not)."""
    if me == "mrs_wong":
        return _("First, share the Firewater just drunk (+3 size in fights, one more thirst) or decline.")
    return _("First Mrs. Wong shares the Firewater just drunk, or declines.")


def offer_text(d: Data, me: str | None) -> str:
    """The line for a pending trade offer from its redacted data."""
    return _("{who} offered {whom} {give} for {ask}; {whom} must answer.").format(
        who=subj(d["by"], me), whom=obj(d["to"], me), give=cards(d["give"]) if d["give"] else _("nothing"),
        ask=faces(d["ask"]) if d["ask"] else _("nothing"))


def navigation_contents(card_id: str, in_game: Sequence[str], lost: Sequence[str] = (),
                        cards: CardSet | None = None) -> str:
    """What a navigation card does, in one line, for the characters ``in_game`` (ids in the boat, any order; NAV-3,
    OVER-1, THIRST-1, BIRD-1): ``"First Mate overboard · The Captain and First Mate thirsty · rowers thirsty"``,
    ``"The Kid overboard · everyone but the Captain thirsty · rowers thirsty · fighters thirsty · seagull +1"`` (a
    name starting a part keeps its capital, any other has a small "the", :func:`inner`).
    Parts: who goes overboard, who is thirsty, ``rowers thirsty`` (the oars icon), ``fighters thirsty`` (the fight
    icon), ``seagull +1`` or ``seagull −1`` (the crossed bird). ``lost``: characters of this game lost at sea
    (OVER-3); the card still names them as printed, each marked ``[lost at sea]``, so its contents do not shrink as
    the boat empties. ``"no effect"`` for a card that names nobody in this game and has no icon. Raises
    ``KeyError`` for an id that is not a navigation card (a placeholder ``"?n3"`` included: its face is unknown).
    ``cards``: the game's card data (CARD-3; default the card data in use). In the language in use.
    """
    from lifeboat.cards import names_on

    data = cards or in_use()
    nav = data.navigation[card_id]
    gone = set(lost)
    seated = tuple(c for c in data.seat_order if c in set(in_game) | gone)

    def mark(c: str, first: bool = False) -> str:  # a name starting its part keeps its capital: "The Kid overboard"
        named = name(c) if first else inner(c)
        return _("{name} [lost at sea]").format(name=named) if c in gone else named

    def who(names: tuple[str, tuple[str, ...]]) -> str:
        if names[0] == "drank_firewater":  # LIQUID-3: nav-l11
            return _("whoever drank Firewater this round")
        chosen = names_on(names, seated)
        if chosen and chosen == seated:
            return _("everyone")
        left_out = [c for c in seated if c not in chosen]
        if chosen and names[0] == "all_except":
            return _("everyone but {who}").format(who=join([mark(c) for c in left_out]))
        return join([mark(c, i == 0) for i, c in enumerate(chosen)]) if chosen else ""

    parts = []
    if overboard := who(nav.overboard):
        parts.append(_("{who} overboard").format(who=overboard))
    if thirsty := who(nav.thirsty):
        parts.append(_("{who} thirsty").format(who=thirsty))
    if nav.rowers_thirsty:
        parts.append(_("rowers thirsty"))
    if nav.fighters_thirsty:
        parts.append(_("fighters thirsty"))
    if nav.bird:
        parts.append(_("seagull +1") if nav.bird > 0 else _("seagull \u22121"))
    return " \u00b7 ".join(parts) if parts else _("no effect")
