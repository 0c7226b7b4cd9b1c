"""The story's lines for a recorded game (REC-1): cards unaccounted, a placeholder named, a LOVE and HATE shown; and
its possibilities (REC-3): cards lost from sight, cards passed unseen, a card deduced or traced, possibilities
forgotten. The possibilities' sentences are whole translatable messages (:mod:`lifeboat.i18n`). They join
:data:`lifeboat.views.text.EVENT_TEXT` when :mod:`lifeboat.views` is imported (this module uses that one's
helpers, so that one cannot import it)."""

from __future__ import annotations

from typing import Any

from lifeboat.i18n import _, ngettext
from lifeboat.views.text import _cap, card, inner, poss
from lifeboat.views.words import join, name

Data = dict[str, Any]
OFFERED = "offered"


def cards_unseen(d: Data, me: str | None) -> str:
    n = len(d["placeholders"])
    phs = " ".join(d["placeholders"])
    if d["zone"] == OFFERED:
        return ngettext("Nobody saw which provision was kept: the known card among those passed is now unseen "
                        "({placeholders}).",
                        "Nobody saw which provision was kept: the {n} known cards among those passed are now unseen "
                        "({placeholders}).", n).format(n=n, placeholders=phs)
    return ngettext("Nobody saw which card left {whose} hand: the known card there is now unseen ({placeholders}).",
                    "Nobody saw which card left {whose} hand: the {n} known cards there are now unseen "
                    "({placeholders}).", n).format(n=n, whose=poss(d["zone"], me), placeholders=phs)


def cards_passed_unseen(d: Data, me: str | None) -> str:
    if d["zone"] == OFFERED:
        return _("Any of the provisions passed may be the one {whom} kept.").format(whom=inner(d["to"]) if d["to"] != me
                                                                                  else _("you"))
    return _("Any card of {whose} hand may be the one that went to {whom}.").format(
        whose=poss(d["zone"], me), whom=_("you") if d["to"] == me else inner(d["to"]))


def card_deduced(d: Data, me: str | None) -> str:
    ph, zone = d["placeholder"], d["zone"]
    if d["card"] is None:
        return _("Deduced: the unseen card {placeholder} is named, but not to you.").format(placeholder=ph)
    values = {"placeholder": ph, "card": card(d["card"]), "whose": poss(zone, me),
              "origin": poss(d.get("origin"), me) if d.get("origin") else ""}
    if zone == OFFERED:
        return _("Deduced: {placeholder}, among the provisions passed, is {card}: every other card it could be is "
                 "accounted for.").format(**values)
    if d["reason"] == "counts":
        return _("Deduced: {placeholder} in {whose} hand is {card}: every other card it could be is accounted "
                 "for.").format(**values)
    if d.get("origin") == zone:
        return _("Deduced: {placeholder} in {whose} hand is {card}: it was known to be there before a card left "
                 "unseen, and what has been shown since leaves it nowhere else.").format(**values)
    return _("Deduced: {placeholder} in {whose} hand is {card}: it left {origin} hand unseen, and what has been "
             "shown since leaves it nowhere else.").format(**values)


def card_traced(d: Data, me: str | None) -> str:
    if d["card"] is None:
        return _("Deduced: the card just named is one lost from sight earlier.")
    values = {"card": card(d["card"]), "whose": poss(d["zone"], me), "origin": poss(d["origin"], me)}
    if d["origin"] == d["zone"]:
        return _("Deduced: it is the {card} known to be in {whose} hand, no other being unaccounted: the card that "
                 "left that hand unseen was another.").format(**values)
    return _("Deduced: it is the {card} that was in {origin} hand, no other being unaccounted: it left that hand "
             "unseen.").format(**values)


def love_hate_deduced(d: Data, me: str | None) -> str:
    if d["love"] is None:
        return _("Deduced: {whose} LOVE or HATE is the one card left, but not to you.").format(
            whose=poss(d["character"], me))
    values = {"whose": poss(d["character"], me), "love": inner(d["love"]), "hate": inner(d["hate"])}
    if d["hate"] == "?":
        return _("Deduced: {whose} LOVE is {love}, the one LOVE card no other player holds.").format(**values)
    if d["love"] == "?":
        return _("Deduced: {whose} HATE is {hate}, the one HATE card no other player holds.").format(**values)
    return _("Deduced: {whose} LOVE is {love} and HATE is {hate}, the cards no other player holds.").format(**values)


def possibilities_forgotten(d: Data, me: str | None) -> str:
    return _("Too many ways for the cards lost from sight to lie: the record no longer follows where these went: "
             "{looks}.").format(looks=_(", ").join(card(x) for x in d["looks"]))


def card_identified(d: Data, me: str | None) -> str:
    """REC-1: whoever showed it; the card may be hidden from this reader."""
    if d["card"]:
        return _("The unseen card {placeholder} is {card}.").format(placeholder=d["placeholder"], card=card(d["card"]))
    return _("The unseen card {placeholder} is named, but not to you.").format(placeholder=d["placeholder"])


def cards_identified(ds: list[Data], holders: list[str | None]) -> str:
    """REC-1: a run of placeholders named one after another as one line, for the record page (issue 30: a row per
    card was a wall of rows at the end). The hands shown at the end (``holders``: who holds each card now, known
    once the game is over and nothing moves) go hand by hand, a card named twice counted ("Jewels ×2"); any other
    run (a Flare Gun's draw) names its placeholders; those hidden from the reader are counted."""
    if all(holders) and all(d["card"] for d in ds):
        hands: dict[str, list[str]] = {}
        for d, who in zip(ds, holders):
            hands.setdefault(str(who), []).append(card(d["card"]))
        parts = [_("{who}: {cards}").format(who=name(who), cards=_(", ").join(
            x if names.count(x) == 1 else _("{card} ×{n}").format(card=x, n=names.count(x))
            for x in dict.fromkeys(names))) for who, names in hands.items()]
        # TRANSLATORS: between the hands of a list of hands shown ("The Kid: Jewels ×2; Frenchy: Oar, Knife")
        return _("{n} cards shown are named: {hands}.").format(n=len(ds), hands=_("; ").join(parts))
    named = [_("{placeholder} is {card}").format(placeholder=d["placeholder"], card=card(d["card"]))
             for d in ds if d["card"]]
    if not named:
        return _("{n} unseen cards are named, but not to you: {placeholders}.").format(
            n=len(ds), placeholders=join([d["placeholder"] for d in ds]))
    hidden = [_("{placeholder} is named, but not to you").format(placeholder=d["placeholder"])
              for d in ds if not d["card"]]
    return _("{n} unseen cards are named: {cards}.").format(n=len(ds), cards=join(named + hidden))


def love_hate_identified(d: Data, me: str | None) -> str:
    whose = _cap(poss(d["character"], me))
    if d["love"]:
        return _("{whose} LOVE and HATE are shown: LOVE {love}, HATE {hate}.").format(
            whose=whose, love=inner(d["love"]), hate=inner(d["hate"]))
    return _("{whose} LOVE and HATE are shown.").format(whose=whose)


TEXTS = {
    "cards_unaccounted": lambda d, me: _("A recorded game: the cards nobody has named yet are unknown."),
    "card_identified": card_identified, "love_hate_identified": love_hate_identified,
    **{tag: (lambda f: lambda d, me: _cap(f(d, me)))(f) for tag, f in (
        ("cards_unseen", cards_unseen), ("cards_passed_unseen", cards_passed_unseen), ("card_deduced", card_deduced),
        ("card_traced", card_traced), ("possibilities_forgotten", possibilities_forgotten),
        ("love_hate_deduced", love_hate_deduced))},
}
"""Event tag -> its line, from the redacted data and the reader (``me``)."""
