"""One line per event, in the language in use (:mod:`lifeboat.i18n`; English by default), written only from the
*redacted* data of a view.

Because a line is built from what the audience may see (hidden values are ``None``), it cannot say more than the
view does. ``me`` is the viewing seat's character id (``None`` for the public and the referee): that character is
"You" ("You kept Water"); others are named by the card data's names (:mod:`lifeboat.views.words`) and cards by
:meth:`lifeboat.card_set.CardSet.card_name` of the game's card data (a Painting's points differ between printings,
CARD-3): the observer renders inside :func:`using` its game's card set; the bundled data otherwise. The set and
the language live in :class:`contextvars.ContextVar`, so threads and asyncio tasks rendering other games or for
other readers never see them. Every line is one whole message of the catalogs (docs/translation.md). The steps'
lines are in :mod:`lifeboat.views.step_text`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lifeboat.card_context import (  # noqa: F401 - the card data lines use (CARD-3)
    card_name as card_name, in_use as in_use, using as using,
)
from lifeboat.i18n import N_, _
from lifeboat.views.words import (  # noqa: F401 - the words other views build with
    cap as cap, card as card, cards as cards, faces as faces, inner as inner, join as join, name as name,
    names as names, obj as obj, plural as plural, poss as poss, subj as subj,
)

_cap = cap
Data = dict[str, Any]


def firewater_effect() -> str:
    """What drinking Firewater does, in words (LIQUID-1, REF-24)."""
    return _("+3 size in fights until the end of the round, one more thirst")


#: What drinking Firewater does, in English (LIQUID-1, REF-24); :func:`firewater_effect` in the language in use.
FIREWATER_EFFECT = "+3 size in fights until the end of the round, one more thirst"


# ---- events --------------------------------------------------------------------------------------------------


def _you(ch: str | None, me: str | None) -> bool:
    return ch is not None and ch == me


def _characters_dealt(d: Data, me: str | None) -> str:
    plays = _(", ").join(_("{player} plays {character}").format(player=p, character=inner(c))
                         for p, c in zip(d["players"], d["characters"]))
    return _("Characters dealt: {plays}. From the bow: {seats}.").format(
        plays=plays, seats=join([inner(c) for c in d["seats"]]))


def _secret_card(kind: str) -> Callable[[Data, str | None], str]:
    def text(d: Data, me: str | None) -> str:
        who, value = d["character"], d[kind.lower()]
        love = kind == "LOVE"
        if value is None:
            if _you(who, me):
                return _("You were dealt a LOVE card.") if love else _("You were dealt a HATE card.")
            return (_("{who} was dealt a LOVE card.") if love else _("{who} was dealt a HATE card.")).format(
                who=name(who))
        if _you(who, me):
            return (_("Your LOVE card: you love {whom}.") if love else _("Your HATE card: you hate {whom}.")).format(
                whom=inner(value))
        return (_("{who} loves {whom} (LOVE card).") if love else _("{who} hates {whom} (HATE card).")).format(
            who=name(who), whom=inner(value))
    return text


def _provisions_removed(d: Data, me: str | None) -> str:
    what = cap(cards(d["cards"], "provision"))
    if len(d["cards"]) == 1:
        return _("{cards} was removed unseen (SETUP-3).").format(cards=what)
    return _("{cards} were removed unseen (SETUP-3).").format(cards=what)


def _decks_ready(d: Data, me: str | None) -> str:
    return _("The provisions deck ({provisions}) and the navigation deck ({navigation}) are shuffled.").format(
        provisions=plural(len(d["provisions"]), "card"), navigation=plural(len(d["navigation"]), "card"))


def _provision_dealt(d: Data, me: str | None) -> str:
    who = d["character"]
    what = _("a provision") if d["card"] is None else card_name(d["card"])
    if _you(who, me):
        return _("You were dealt {card}.").format(card=what)
    return _("{who} was dealt {card}.").format(who=name(who), card=what)


def _action_turn_started(d: Data, me: str | None) -> str:
    return _("Your action.") if d["character"] == me else _("{who}'s action.").format(who=name(d["character"]))


def _swapped_turn_started(d: Data, me: str | None) -> str:
    who = d["character"]
    return (_("Your action now: you were swapped before your turn.") if who == me
            else _("{who} acts now: swapped before having a turn.").format(who=name(who)))


def _navigation_phase_started(d: Data, me: str | None) -> str:
    nav = d["navigator"]
    if nav is None:
        return _("Navigation: nobody is conscious; the top card will be turned.")
    if _you(nav, me):
        return _("Navigation: you are the navigator.")
    return _("Navigation: {who} is the navigator.").format(who=obj(nav, me))


def game_ended_reason(reason: str) -> str:
    """Why the game ended (END-1), inside a sentence."""
    if reason == "land":
        return _("land is sighted (the 4th seagull)")
    if reason == "no_survivors":
        return _("nobody is left alive in the boat")
    return reason


def _game_ended(d: Data, me: str | None) -> str:
    return _("The game is over: {why}. Every hand, LOVE and HATE is revealed.").format(
        why=game_ended_reason(d["reason"]))


def _navigation_drawn(d: Data, me: str | None) -> str:
    who, xs, purpose = subj(d["character"], me), cards(d["cards"], "navigation card"), d["purpose"]
    if purpose == "row":
        return _("{who} drew {cards} to row.").format(who=who, cards=xs)
    if purpose == "compass":
        return _("{who} drew {cards} onto the row stack with the Compass.").format(who=who, cards=xs)
    if purpose == "navigator":
        return _("{who} drew {cards} onto the row stack (rowing variant).").format(who=who, cards=xs)
    if purpose == "flare":
        return _("The Flare Gun drew {cards}.").format(cards=xs)
    return _("The top navigation card is turned: {cards}.").format(cards=xs)


def _rowed_cards_placed(d: Data, me: str | None) -> str:
    stack, bottom, who = d["to_stack"], d["to_bottom"], subj(d["character"], me)
    if stack and bottom:
        return _("{who} put {stack} on the row stack and {bottom} under the navigation deck.").format(
            who=who, stack=cards(stack), bottom=cards(bottom))
    if bottom:
        return _("{who} put {cards} under the navigation deck.").format(who=who, cards=cards(bottom))
    if stack:
        return _("{who} put {cards} on the row stack.").format(who=who, cards=cards(stack))
    return _("{who} put no card on the row stack.").format(who=who)


def _mug_declared(d: Data, me: str | None) -> str:
    who, target = subj(d["character"], me), obj(d["target"], me)
    if d["card"] is None:
        return _("{who} mugged {target} for a card from {whose} hand.").format(
            who=who, target=target, whose=poss(d["target"], me))
    return _("{who} mugged {target} for {card}.").format(who=who, target=target, card=card_name(d["card"]))


def _fight_resolved(d: Data, me: str | None) -> str:
    won = (_("the attackers won") if d["winner"] == "attacker" else _("the defenders won"))
    return _("The fight: attackers {attackers} ({attack}) against defenders {defenders} ({defence}); {won}.").format(
        attackers=names(d["attackers"], me), attack=d["attack"], defenders=names(d["defenders"], me),
        defence=d["defence"], won=won)


def _card_mugged(d: Data, me: str | None) -> str:
    who, whose, what = subj(d["character"], me), poss(d["target"], me), card(d["card"])
    if d["from_hand"]:
        return _("{who} took {card} from {whose} hand.").format(who=who, card=what, whose=whose)
    return _("{who} took {whose} face-up {card}.").format(who=who, card=what, whose=whose)


def _medical_kit_used(d: Data, me: str | None) -> str:
    who = subj(d["character"], me)
    if d["target"] == d["character"]:  # MEDKIT-1 on one's own wound
        if d["character"] == me:
            return (_("You used a Medical Kit on yourself and kept it face up.") if d["kept"]
                    else _("You used a Medical Kit on yourself."))
        return (_("{who} used a Medical Kit on themselves and kept it face up.") if d["kept"]
                else _("{who} used a Medical Kit on themselves.")).format(who=who)
    on = obj(d["target"], me)
    return (_("{who} used a Medical Kit on {whom} and kept it face up.") if d["kept"]
            else _("{who} used a Medical Kit on {whom}.")).format(who=who, whom=on)


def wound_cause(cause: str) -> str:
    """Why a character took wounds (STATUS-1), in words."""
    return {"fight": _("fight"), "overboard": _("overboard"), "sharks": _("sharks"), "thirst": _("thirst"),
            "quick_game": _("quick game")}.get(cause, cause.replace("_", " "))


def discard_reason(reason: str) -> str:
    """Why a face-up card was discarded, in words."""
    return {"overboard": _("overboard"), "single_use_weapon": _("single use weapon")}.get(
        reason, reason.replace("_", " "))


def _wounded(d: Data, me: str | None) -> str:
    return _("{who} took {wounds} ({cause}).").format(
        who=subj(d["character"], me), wounds=plural(d["amount"], "wound"), cause=wound_cause(str(d["cause"])))


def _cards_to_bottom(d: Data, me: str | None) -> str:
    return _("{cards} went under the navigation deck.").format(cards=cap(cards(d["cards"], "navigation card")))


def _trade_offered(d: Data, me: str | None) -> str:
    give, ask = d["give"], d["ask"]
    return _("{who} offered {whom} a trade: {gives} for {asks}.").format(
        who=subj(d["character"], me), whom=obj(d["to"], me), gives=cards(give) if give else _("nothing"),
        asks=faces(ask) if ask else _("nothing"))


def _trade_completed(d: Data, me: str | None) -> str:
    return _("{who} gave {whom} {gave} and got {got} back.").format(
        who=subj(d["character"], me), whom=obj(d["to"], me), gave=cards(d["gave"]) if d["gave"] else _("nothing"),
        got=cards(d["got"]) if d["got"] else _("nothing"))


def _navigation_card_chosen(d: Data, me: str | None) -> str:
    who, chosen, under = subj(d["character"], me), card_name(d["card"]), d["to_bottom"]
    if under:
        return _("{who} chose {card}; {rest} went under the deck.").format(
            who=who, card=chosen, rest=cards(under, "card"))
    return _("{who} chose {card}.").format(who=who, card=chosen)


def _went_overboard(d: Data, me: str | None) -> str:
    # OVER-3: the lost are only threatened here; the window may still bring them the Life Preserver, and the
    # story says "… is lost at sea." when it happens
    if d["lost"]:
        return _("Overboard: {who}; {lost} will be lost at sea unless saved.").format(
            who=names(d["characters"], me), lost=names(d["lost"], me))
    return _("Overboard: {who}.").format(who=names(d["characters"], me))


def _life_preserver_thrown(d: Data, me: str | None) -> str:
    if d["character"] == d["target"]:
        return _("{who} played the Life Preserver.").format(who=subj(d["character"], me))
    return _("{who} threw the Life Preserver to {whom}.").format(who=subj(d["character"], me),
                                                                whom=obj(d["target"], me))


def _times(n: int) -> str:
    if n == 1:
        return _("once")
    if n == 2:
        return _("twice")
    return _("{n} times").format(n=n)


def thirst_words(pairs: Sequence[Sequence[Any]], me: str | None) -> str:
    """THIRST-1: who still owes thirst and how many times, inside a sentence ("you are thirsty once, the Kid twice
    and Frenchy once"; the viewer first); a character whose thirst Water cancelled (0) is not named."""
    owed = sorted(((c, n) for c, n in pairs if n > 0), key=lambda p: p[0] != me)  # stable: the viewer first
    if not owed:
        return _("nobody is thirsty")
    (first, n), rest = owed[0], owed[1:]
    if _you(first, me):
        head = _("you are thirsty {times}").format(times=_times(n))
    else:
        head = _("{who} is thirsty {times}").format(who=obj(first, me), times=_times(n))
    # TRANSLATORS: one more character's thirst in a list ("the Kid twice")
    return join([head] + [_("{who} {times}").format(who=obj(c, me), times=_times(k)) for c, k in rest])


_thirst = thirst_words


def _ghost_rose(d: Data, me: str | None) -> str:
    if d["character"] == me:
        return _("{whose} ghost haunts the sea: at each overboard you may call the sharks.").format(
            whose=cap(poss(d["character"], me)))
    return _("{whose} ghost haunts the sea: at each overboard it may call the sharks.").format(
        whose=cap(poss(d["character"], me)))


def _firewater_share_answered(d: Data, me: str | None) -> str:
    if d["share"]:
        return _("{who} shared the Firewater: {effect}.").format(who=subj(d["character"], me),
                                                                 effect=firewater_effect())
    return _("{who} did not share the Firewater.").format(who=subj(d["character"], me))


def _lost_at_sea(d: Data, me: str | None) -> str:
    if _you(d["character"], me):
        return _("You are lost at sea.")
    return _("{who} is lost at sea.").format(who=subj(d["character"], me))


def _who(message: str) -> Callable[[Data, str | None], str]:
    """A line whose only word to fill is the acting character, ``{who}``."""
    return lambda d, me: _(message).format(who=subj(d["character"], me))


def _who_whom(message: str, whom: str = "target") -> Callable[[Data, str | None], str]:
    """A line naming the acting character ``{who}`` and another ``{whom}`` (its ``whom`` field)."""
    return lambda d, me: _(message).format(who=subj(d["character"], me), whom=obj(d[whom], me))


def _who_whose(message: str, whose: str) -> Callable[[Data, str | None], str]:
    """A line naming the acting character ``{who}`` and another's possessive ``{whose}``."""
    return lambda d, me: _(message).format(who=subj(d["character"], me), whose=poss(d[whose], me))


EVENT_TEXT: dict[str, Callable[[Data, str | None], str]] = {
    "characters_dealt": _characters_dealt,
    "love_dealt": _secret_card("LOVE"),
    "hate_dealt": _secret_card("HATE"),
    "provisions_removed": _provisions_removed,
    "decks_ready": _decks_ready,
    "provision_dealt": _provision_dealt,
    "round_started": lambda d, me: _("Round {round} begins.").format(round=d["round"]),
    "provisions_phase_started": lambda d, me: _("Provisions: {who} will draw {cards} as quartermaster.").format(
        who=obj(d["quartermaster"], me), cards=plural(d["count"], "card")),
    "provisions_drawn": lambda d, me: _("{who} drew {cards}.").format(
        who=subj(d["quartermaster"], me), cards=cards(d["cards"], "provision")),
    "provision_kept": lambda d, me: _("{who} kept {card}.").format(who=subj(d["character"], me), card=card(d["card"])),
    "provisions_passed": lambda d, me: _("{who} passed {cards} to {whom}.").format(
        who=subj(d["by"], me), cards=cards(d["cards"]), whom=obj(d["to"], me)),
    "action_phase_started": lambda d, me: _("Actions, in order: {order}.").format(order=names(d["order"], me)),
    "action_turn_started": _action_turn_started,
    "swapped_turn_started": _swapped_turn_started,
    "navigation_phase_started": _navigation_phase_started,
    "round_ended": lambda d, me: _("Round {round} ends; the markers are cleared.").format(round=d["round"]),
    "game_ended": _game_ended,
    "did_nothing": _who(N_("{who} did nothing.")),
    "rowed": lambda d, me: _("{who} rowed ({cards} to draw).").format(
        who=subj(d["character"], me), cards=plural(d["count"], "navigation card")),
    "navigation_drawn": _navigation_drawn,
    "rowed_cards_placed": _rowed_cards_placed,
    "seat_change_declared": _who_whom(N_("{who} asked to change seats with {whom}.")),
    "mug_declared": _mug_declared,
    "answered": lambda d, me: (_("{who} consented.") if d["consent"] else _("{who} refused.")).format(
        who=subj(d["character"], me)),
    "fight_started": lambda d, me: _("A fight: {attacker} against {defender}.").format(
        attacker=obj(d["attacker"], me), defender=obj(d["defender"], me)),
    "fight_joined": lambda d, me: (_("{who} joined the attackers.") if d["side"] == "attacker"
                                   else _("{who} joined the defenders.")).format(who=subj(d["character"], me)),
    "passed": _who(N_("{who} passed.")),
    "fight_resolved": _fight_resolved,
    "seats_changed": _who_whom(N_("{who} and {whom} changed seats.")),
    "mug_succeeded": lambda d, me: _("{whose} mug of {whom} succeeded.").format(
        whose=cap(poss(d["character"], me)), whom=obj(d["target"], me)),
    "card_mugged": _card_mugged,
    "mug_found_nothing": _who_whose(N_("{who} found nothing in {whose} hand."), "target"),
    "card_revealed": lambda d, me: _("{who} revealed {card}.").format(who=subj(d["character"], me),
                                                                     card=card(d["card"])),
    "flare_gun_fired": _who(N_("{who} fired the Flare Gun.")),
    "parasol_opened": _who(N_("{who} opened the Parasol.")),
    "medical_kit_used": _medical_kit_used,
    "healed": _who(N_("{who} lost a wound.")),
    "wounded": _wounded,
    "seagull_added": lambda d, me: _("A seagull: {total} out of 4.").format(total=d["total"]),
    "seagull_removed": lambda d, me: _("A seagull flew away: {total} out of 4.").format(total=d["total"]),
    "cards_to_bottom": _cards_to_bottom,
    "trade_offered": _trade_offered,
    "trade_completed": _trade_completed,
    "trade_declined": lambda d, me: _("{who} declined {whose} trade.").format(
        who=subj(d["to"], me), whose=poss(d["character"], me)),
    "compass_used": lambda d, me: (_("{who} used the Compass.") if d["used"]
                                   else _("{who} did not use the Compass.")).format(who=subj(d["character"], me)),
    "navigation_card_chosen": _navigation_card_chosen,
    "navigation_card_revealed": lambda d, me: _("The navigation card of the round: {card}.").format(
        card=card_name(d["card"])),
    "went_overboard": _went_overboard,
    "life_preserver_thrown": _life_preserver_thrown,
    "sharks_called": lambda d, me: _("{whose} ghost called the sharks!").format(whose=cap(poss(d["character"], me))),
    "ghost_rose": _ghost_rose,
    "firewater_drunk": lambda d, me: _("{who} drank Firewater: {effect}.").format(
        who=subj(d["character"], me), effect=firewater_effect()),
    "firewater_share_offered": _who(N_("{who} may share the Firewater.")),
    "firewater_share_answered": _firewater_share_answered,
    "water_shared": _who(N_("{who} shared the Water: one thirst less.")),
    "chum_expended": _who(N_("{who} expended the Bucket of Chum: sharks!")),
    "card_discarded": lambda d, me: _("{who} discarded {card} ({reason}).").format(
        who=subj(d["character"], me), card=card(d["card"]), reason=discard_reason(str(d["reason"]))),
    "lost_at_sea": _lost_at_sea,
    "thirst_counted": lambda d, me: _("Thirst is counted: {thirst}.").format(thirst=thirst_words(d["thirst"], me)),
    "water_given": lambda d, me: (
        _("{who} drank Water.").format(who=subj(d["character"], me)) if d["character"] == d["target"]
        else _("{who} gave Water to {whom}.").format(who=subj(d["character"], me), whom=obj(d["target"], me))),
    "parasol_shaded": lambda d, me: _("The Parasol spared {whom} one thirst.").format(whom=obj(d["character"], me)),
    "cannibalism_declared": _who_whose(N_("{who} played Cannibalism on {whose} body."), "body"),
    "objected_to_cannibalism": _who(N_("{who} objected to the Cannibalism.")),
    "body_eaten": _who_whose(N_("{who} ate {whose} body: it is gone, and the living heal one wound."), "body"),
}
"""The line of each event tag; a recorded game's (REC-1, REC-3) join it from :mod:`lifeboat.views.text_recorded`."""


def event_text(kind: str, data: Data, me: str | None) -> str:
    """The line for an event of tag ``kind`` from its redacted ``data``, in the language in use. Raises
    ``KeyError`` for an unknown tag."""
    return EVENT_TEXT[kind](data, me)


from lifeboat.views.step_text import (  # noqa: E402,F401 - the steps' lines, where they were
    navigation_contents as navigation_contents, offer_text as offer_text, step_text as step_text,
    wong_share_text as wong_share_text,
)
