"""The words of each player command, for :mod:`lifeboat.views.decisions` (the one describer): per command type a
function ``(view, command, me) -> (label, text)``, ``label`` the short sentence (verb and object: "Give Water to the
Captain") and ``text`` the sentence with what it does ("Give Water to the Captain (one thirst less for them)").

Every sentence is one whole message through :func:`lifeboat.i18n._` with named placeholders; names come from
:mod:`lifeboat.views.text` and the card data in use (CARD-3). Written only from ``view`` (what its reader may see)
and the command; ``me`` is the deciding character ("you").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lifeboat import commands as c
from lifeboat.card_context import in_use
from lifeboat.card_set import ProvisionFace
from lifeboat.i18n import _
from lifeboat.views import text as tx
from lifeboat.views.structs import FighterView, TableView

Words = tuple[str, str]


def _face(card: str) -> ProvisionFace | None:
    """The provision face of ``card`` (an instance ``"knife-2"``, or a face as a view names it: ``"knife"``,
    ``"painting(3)"``), from the card data in use (CARD-3); ``None`` for anything else."""
    cards = in_use()
    face = card.split("(", 1)[0]
    if face in cards.faces:
        return cards.faces[face]
    try:
        return cards.faces[cards.face_of(card)]
    except KeyError:
        return None


def plain(card: str) -> str:
    """``card``'s name as printed ("Knife", "Painting (3)", "Navigation 36")."""
    face = _face(card)
    if face is None:
        return tx.card(card)
    try:
        return tx.card_name(card)
    except KeyError:  # a face as a view names it (VIEW-FACE-1): "painting(3)"
        points = card.partition("(")[2].rstrip(")")
        return _("{card} ({points})").format(card=face.en, points=points) if points else face.en


def _who(ch: str | None, me: str) -> str:
    """``ch`` inside a sentence: "you", or its name ("the Captain", :func:`lifeboat.views.text.inner`)."""
    return tx.obj(ch, me)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _same(text: str) -> Words:
    return text, text


def _keep(v: TableView, cmd: c.KeepProvision, me: str) -> Words:
    return _same(_("Keep {card}").format(card=plain(cmd.card)))


def _reveal(v: TableView, cmd: c.Reveal, me: str) -> Words:
    face, card = _face(cmd.card), plain(cmd.card)
    label = _("Reveal the {card}").format(card=card)
    if face is not None and face.weapon:  # FIGHT-3, FIGHT-4: it counts until it leaves (mugged, overboard, fired)
        return label, _("Reveal the {card} face up (+{size} to your side in every fight while it stays face up in front "
                        "of you)").format(card=card, size=face.weapon)
    if face is not None and face.id == "chum":  # OVER-2
        return label, _("Reveal the {card} face up (if you go overboard with it, the sharks come)").format(card=card)
    if face is not None and face.id == "life_preserver":  # OVER-2
        return label, _("Reveal the {card} face up (if you go overboard, the fall does not wound you)").format(card=card)
    return label, _("Reveal the {card} face up").format(card=card)


def _answer(v: TableView, cmd: c.Answer, me: str) -> Words:
    d = v.step.data
    who = _who(d.get("attacker"), me)
    if not cmd.consent:  # SWAP-1, MUG-1: a refusal starts a fight
        return (_("Refuse and fight {whom}").format(whom=who),
                _("Refuse: fight {whom} (anyone may join a side)").format(whom=who))
    if d.get("kind") == "swap":
        return (_("Consent: change seats with {whom}").format(whom=who),) * 2
    if d.get("card"):
        text = _("Consent: let {whom} take your face-up {card}").format(whom=who, card=plain(d["card"]))
    else:
        text = _("Consent: let {whom} take a random card from your hand").format(whom=who)
    return text, text


def _side(members: tuple[FighterView, ...], me: str) -> str:
    return tx.join([_who(f.character, me) for f in members])


def _join(v: TableView, cmd: c.JoinFight, me: str) -> Words:
    f = v.fight
    attack = cmd.side == "attacker"
    label = _("Join the attackers") if attack else _("Join the defenders")
    if f is None:
        return label, label
    if attack:
        return label, _("Join the attackers ({who}, strength {strength})").format(who=_side(f.attackers, me),
                                                                                 strength=f.attack)
    return label, _("Join the defenders ({who}, strength {strength})").format(who=_side(f.defenders, me),
                                                                             strength=f.defence)


def _pass(v: TableView, cmd: c.Pass, me: str) -> Words:
    kind, f = v.step.kind, v.fight
    if kind == "fight" and f is not None:
        inside = me in {m.character for m in f.attackers + f.defenders}
        return _("Pass"), (_("Pass (nothing more from you now; the fight is decided once everyone has passed)")
                           if inside else _("Pass (stay out of the fight for now)"))
    if kind == "overboard_window":
        return _("Pass"), _("Pass (play no card for those overboard now)")
    if kind == "thirst_window":
        return _("Pass"), _("Pass (give no Water now)")
    if kind == "cannibalism_objection":
        return _("Pass"), _("Pass (do not object to the Cannibalism)")
    return _same(_("Pass"))


def _then(cards: tuple[str, ...]) -> str:
    """Cards in the order they go under the deck: "Navigation 3, then Navigation 5" (ROW-1)."""
    out = tx.card(cards[0])
    for x in cards[1:]:
        out = _("{earlier}, then {later}").format(earlier=out, later=tx.card(x))
    return out


def _place(v: TableView, cmd: c.PlaceRowedCards, me: str) -> Words:  # ROW-1
    stack = tx.cards(cmd.to_stack) if cmd.to_stack else ""
    if cmd.to_stack and cmd.to_bottom:
        return _same(_("{stack} on the row stack; under the deck: {bottom}").format(stack=stack,
                                                                                    bottom=_then(cmd.to_bottom)))
    if cmd.to_stack:
        return _same(_cap(_("{stack} on the row stack").format(stack=stack)))
    if cmd.to_bottom:
        return _same(_cap(_("Under the deck: {bottom}").format(bottom=_then(cmd.to_bottom))))
    return _same(_("Place no card"))


def _offer(v: TableView, cmd: c.OfferTrade, me: str) -> Words:  # TRADE-1
    who = _who(cmd.to, me)
    give = tx.join([plain(x) for x in cmd.give])
    ask = tx.faces(cmd.ask)
    if not cmd.ask:
        return _same(_("Offer {whom} your {cards}, asking nothing back").format(whom=who, cards=give))
    if not cmd.give:
        return _same(_("Ask {whom} for {asked}, giving nothing back").format(whom=who, asked=ask))
    return _same(_("Offer {whom} a trade: your {cards} for their {asked}").format(whom=who, cards=give, asked=ask))


def _medkit(v: TableView, cmd: c.UseMedicalKit, me: str) -> Words:  # MEDKIT-1
    if cmd.target == me:
        return _("Use the Medical Kit on yourself"), _("Use the Medical Kit on yourself (one wound less)")
    who = _who(cmd.target, me)
    return (_("Use the Medical Kit on {whom}").format(whom=who),
            _("Use the Medical Kit on {whom} (one wound less)").format(whom=who))


def _preserver(v: TableView, cmd: c.ThrowLifePreserver, me: str) -> Words:
    if cmd.target == me:  # REF-9: one's own, in the water
        return _("Play your Life Preserver"), _("Play your Life Preserver (the fall does not wound you)")
    who = _who(cmd.target, me)
    return (_("Throw the Life Preserver to {whom}").format(whom=who),  # OVER-2
            _("Throw the Life Preserver to {whom} (the fall does not wound them)").format(whom=who))


def _water(v: TableView, cmd: c.GiveWater, me: str) -> Words:  # THIRST-1
    if cmd.target == me:
        return _("Drink the Water"), _("Drink the Water (one thirst less for you)")
    who = _who(cmd.target, me)
    return (_("Give Water to {whom}").format(whom=who),
            _("Give Water to {whom} (one thirst less for them)").format(whom=who))


def _cannibalize(v: TableView, cmd: c.Cannibalize, me: str) -> Words:  # CANNIBAL-1, REF-14
    whose = tx.poss(cmd.target, me)
    return (_("Play Cannibalism on {whose} body").format(whose=whose),
            _("Play Cannibalism on {whose} body (the others may object and fight; eaten, it heals every living "
              "character one wound)").format(whose=whose))


def _object(v: TableView, cmd: c.ObjectToCannibalism, me: str) -> Words:  # CANNIBAL-1
    return (_("Object to the Cannibalism"),
            _("Object to the Cannibalism (you fight {whom})").format(whom=_who(v.step.data.get("user"), me)))


def _mug(v: TableView, cmd: c.Mug, me: str) -> Words:  # MUG-1
    who = _who(cmd.target, me)
    if cmd.card is None:
        return _same(_("Mug {whom} for a random card from their hand").format(whom=who))
    return _same(_("Mug {whom} for their face-up {card}").format(whom=who, card=plain(cmd.card)))


def _swap(v: TableView, cmd: c.ChangeSeats, me: str) -> Words:  # SWAP-1
    who = _who(cmd.target, me)
    return (_("Change seats with {whom}").format(whom=who),
            _("Ask {whom} to change seats with you (they may refuse and fight)").format(whom=who))


def _accept(v: TableView, cmd: c.AnswerTrade, me: str) -> Words:  # TRADE-1
    if not cmd.accept:
        return _same(_("Decline the trade"))
    if not cmd.cards:
        return _("Accept the trade"), _("Accept the trade (you give nothing)")
    given = tx.join([plain(x) for x in cmd.cards])
    return (_("Accept the trade, giving {cards}").format(cards=given),
            _("Accept the trade (you give {cards})").format(cards=given))


def _row(v: TableView, cmd: c.Row, me: str) -> Words:  # ROW-1
    return _("Row"), _("Row: draw navigation cards and put each on the row stack or under the deck (you take the "
                       "rowing marker)")


def _compass(v: TableView, cmd: c.UseCompass, me: str) -> Words:  # NAV-2
    if cmd.use:
        return _("Use the Compass"), _("Use the Compass (add the top navigation card to the row stack)")
    return _same(_("Do not use the Compass"))


def _firewater(v: TableView, cmd: c.DrinkFirewater, me: str) -> Words:  # LIQUID-1
    return _("Drink the Firewater"), _("Drink the Firewater (+3 size in fights until the end of the round, one "
                                       "more thirst)")


def _share(v: TableView, cmd: c.ShareFirewater, me: str) -> Words:  # WONG-1
    if cmd.share:
        return _("Share the Firewater"), _("Share the Firewater (+3 size in fights until the end of the round, "
                                           "one more thirst)")
    return _same(_("Decline the Firewater"))


WORDS: dict[type, Callable[[TableView, Any, str], Words]] = {
    c.KeepProvision: _keep,
    c.DoNothing: lambda v, cmd, me: (_("End your action"), _("Do nothing (end your action)")),
    c.Row: _row,
    c.PlaceRowedCards: _place,
    c.ChangeSeats: _swap,
    c.Mug: _mug,
    c.Answer: _answer,
    c.JoinFight: _join,
    c.Pass: _pass,
    c.Reveal: _reveal,
    c.FireFlareGun: lambda v, cmd, me: (_("Fire the Flare Gun"), _(
        "Fire the Flare Gun (your action: draw 3 navigation cards; only their seagulls count)")),  # FLARE-1
    c.OpenParasol: lambda v, cmd, me: (_("Open the Parasol"), _(
        "Open the Parasol (your action: one thirst less for you each round)")),  # PARASOL-1
    c.UseMedicalKit: _medkit,
    c.Cannibalize: _cannibalize,
    c.ObjectToCannibalism: _object,
    c.OfferTrade: _offer,
    c.AnswerTrade: _accept,
    c.UseCompass: _compass,
    c.ChooseNavigationCard: lambda v, cmd, me: _same(_("Choose {card}").format(card=tx.card(cmd.card))),  # NAV-1
    c.ThrowLifePreserver: _preserver,
    c.ExpendChum: lambda v, cmd, me: (_("Throw the Bucket of Chum"), _(
        "Throw the Bucket of Chum: the sharks give everyone overboard one more wound")),  # OVER-2
    c.CallSharks: lambda v, cmd, me: (_("Call the sharks"), _(
        "Call the sharks (one more wound to everyone overboard)")),  # GHOST-1
    c.GiveWater: _water,
    c.DrinkFirewater: _firewater,
    c.ShareFirewater: _share,
}
"""Per player command type, its words: ``(label, text)``."""
