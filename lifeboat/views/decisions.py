"""The one describer of a seat's decisions, in the reader's words: the served page's buttons, the hotseat menu and
the HTML replay's "what else could she have done" all come from here (docs/serve.md).

A line of notation (``chum``, ``reveal chum``, ``water captain``) is short to type but says little to a newcomer;
:func:`describe` says the same decision as the game's terms do, as a :class:`Described`: its verb group ("Mug"),
its object (the target character, the cards it plays or names), a short ``label`` ("Give Water to the Captain")
and a ``text`` that says what it does ("Give Water to the Captain (one thirst less for them)"). It is written only
from a view its reader holds (a :class:`lifeboat.views.SeatView`, or the referee's) and the command, so it can say
nothing that reader may not know; the deciding character (``command.by``) is "you". Every sentence is one whole
translatable message (:mod:`lifeboat.i18n`; the words themselves: :mod:`lifeboat.views.decision_words`).

>>> from lifeboat.views.decisions import VERBS
>>> VERBS["mug"], VERBS["pass"]
('Mug', 'Pass')
"""

from __future__ import annotations

import msgspec

from lifeboat import commands as c
from lifeboat.card_context import using
from lifeboat.cards import cards_of
from lifeboat.i18n import N_, _
from lifeboat.views.decision_words import WORDS
from lifeboat.views.structs import TableView

VERBS: dict[str, str] = {
    "keep": N_("Keep a card"), "choose": N_("Choose the navigation card"), "place": N_("Place the rowed cards"),
    "consent": N_("Consent"), "refuse": N_("Refuse and fight"), "accept": N_("Accept the trade"),
    "decline": N_("Decline the trade"), "compass": N_("Use the Compass"), "no_compass": N_("Do not use the Compass"),
    "share": N_("Share the Firewater"), "no_share": N_("Decline the Firewater"),
    "object": N_("Object to the Cannibalism"), "row": N_("Row"), "swap": N_("Change seats"), "mug": N_("Mug"),
    "offer": N_("Offer"), "join": N_("Join the fight"), "reveal": N_("Reveal"), "water": N_("Water"),
    "medical_kit": N_("Medical Kit"), "life_preserver": N_("Life Preserver"), "chum": N_("Bucket of Chum"),
    "sharks": N_("Call the sharks"), "flare_gun": N_("Flare Gun"), "parasol": N_("Parasol"),
    "firewater": N_("Firewater"), "cannibalism": N_("Cannibalism"), "pass": N_("Pass"), "end": N_("End your action"),
}
"""Every verb group, in the order a page lists them (the answers asked first, Pass and End your action last), with
its English name (the message id; :func:`verb_text` translates it). A card's use is grouped under the card's name."""

_VERB: dict[type, str] = {
    c.KeepProvision: "keep", c.ChooseNavigationCard: "choose", c.PlaceRowedCards: "place",
    c.ObjectToCannibalism: "object", c.Row: "row", c.ChangeSeats: "swap", c.Mug: "mug", c.OfferTrade: "offer",
    c.JoinFight: "join", c.Reveal: "reveal", c.GiveWater: "water", c.UseMedicalKit: "medical_kit",
    c.ThrowLifePreserver: "life_preserver", c.ExpendChum: "chum", c.CallSharks: "sharks",
    c.FireFlareGun: "flare_gun", c.OpenParasol: "parasol", c.DrinkFirewater: "firewater",
    c.Cannibalize: "cannibalism", c.Pass: "pass", c.DoNothing: "end",
}


class Described(msgspec.Struct, frozen=True, kw_only=True):
    """One decision in its reader's words.

    ``verb`` is its group (a key of :data:`VERBS`: ``"mug"``, ``"water"``, ``"pass"`` …) and ``verb_text`` that
    group's name; ``target`` the character it is aimed at (an id: a mug's victim, who gets the Water, the trade's
    other side), or ``None``; ``cards`` the card ids (or faces, VIEW-FACE-1) it plays, gives or names, in the
    command's order; ``label`` the short sentence (verb and object, for a menu or a button: "Mug the Captain for a
    random card from their hand") and ``text`` the sentence with what it does (for the moment of deciding)."""

    verb: str
    verb_text: str
    target: str | None = None
    cards: tuple[str, ...] = ()
    label: str
    text: str


def verb_of(command: c.PlayerCommand) -> str:
    """The verb group of ``command`` (a key of :data:`VERBS`). Raises ``KeyError`` for a command that is not a
    player's."""
    if isinstance(command, c.Answer):
        return "consent" if command.consent else "refuse"
    if isinstance(command, c.AnswerTrade):
        return "accept" if command.accept else "decline"
    if isinstance(command, c.UseCompass):
        return "compass" if command.use else "no_compass"
    if isinstance(command, c.ShareFirewater):
        return "share" if command.share else "no_share"
    return _VERB[type(command)]


def verb_text(verb: str) -> str:
    """The name of the verb group ``verb`` in the language in use ("Mug", "Change seats")."""
    return _(VERBS[verb])


def _cards(command: c.PlayerCommand) -> tuple[str, ...]:
    if isinstance(command, c.PlaceRowedCards):
        return command.to_stack + command.to_bottom
    if isinstance(command, c.OfferTrade):
        return command.give
    if isinstance(command, c.AnswerTrade):
        return command.cards
    card = getattr(command, "card", None)
    return (card,) if card else ()


def describe(view: TableView, command: c.PlayerCommand) -> Described:
    """``command`` (a decision of ``command.by``, legal in ``view``: its own :class:`lifeboat.views.SeatView`, or
    the referee's view) in words, the decider as "you"; cards named with the game's own printing
    (``view.ruleset``, CARD-3). Raises ``KeyError`` for a command that is not a player's (a chance or recorder
    command)."""
    words = WORDS[type(command)]
    me = getattr(command, "by", "")
    with using(cards_of(view.ruleset)):
        label, text = words(view, command, me)
    target = command.to if isinstance(command, c.OfferTrade) else getattr(command, "target", None)
    verb = verb_of(command)
    return Described(verb=verb, verb_text=verb_text(verb), target=target, cards=_cards(command), label=label,
                     text=text)


def decision_text(view: TableView, command: c.PlayerCommand) -> str:
    """The sentence for ``command`` (:attr:`Described.text` of :func:`describe`), e.g. ``"Give Water to the Captain
    (one thirst less for them)"``. Raises ``KeyError`` for a command that is not a player's."""
    return describe(view, command).text
