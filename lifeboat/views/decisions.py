"""What a seat's decision does, in plain English: the words on a served page's buttons (docs/serve.md).

A line of notation (``chum``, ``reveal chum``, ``water captain``) is short to type but says little to a newcomer;
:func:`decision_text` says the same decision as the game's terms do: ``"Throw the Bucket of Chum: the sharks give
everyone overboard one more wound"``, ``"Reveal the Bucket of Chum face up (if you go overboard with it, the sharks
come)"``, ``"Give Water to the Captain (one thirst less for them)"``. It is written only from the seat's own view
(:class:`lifeboat.views.SeatView`) and the command, so it can say nothing that seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lifeboat import commands as c
from lifeboat.card_context import in_use
from lifeboat.card_set import ProvisionFace
from lifeboat.views import text as tx
from lifeboat.views.structs import FighterView, SeatView

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


def _card(card: str) -> str:
    """``card``'s name with "the" ("the Knife", "the Painting (3)", "Navigation 36")."""
    face = _face(card)
    if face is None:
        return tx.card(card)
    if face.id == "firewater":
        return "the Firewater"
    try:
        return "the " + tx.card_name(card)
    except KeyError:  # a face as a view names it (VIEW-FACE-1): "painting(3)"
        points = card.partition("(")[2].rstrip(")")
        return f"the {face.en}" + (f" ({points})" if points else "")


def _plain(card: str) -> str:
    """``card``'s name without "the" ("Knife", "Painting (3)")."""
    name = _card(card)
    return name[4:] if name.startswith("the ") else name


def _who(ch: str | None, me: str) -> str:
    """``ch`` inside a sentence: "you", or its name ("the Captain", :func:`lifeboat.views.text.inner`)."""
    return tx.obj(ch, me)


def _whose(ch: str | None, me: str) -> str:
    """``ch``'s possessive inside a sentence: "your", "the Captain's"."""
    return tx.poss(ch, me)


def _side(members: tuple[FighterView, ...], total: int, me: str) -> str:
    return f"{tx.join([_who(f.character, me) for f in members])}, strength {total}"


def _reveal(v: SeatView, cmd: c.Reveal) -> str:
    face, text = _face(cmd.card), f"Reveal {_card(cmd.card)} face up"
    if face is not None and face.weapon:  # FIGHT-3, FIGHT-4: it counts until it leaves (mugged, overboard, fired)
        return f"{text} (+{face.weapon} to your side in every fight while it stays face up in front of you)"
    extra = {"chum": "if you go overboard with it, the sharks come",  # OVER-2
             "life_preserver": "if you go overboard, the fall does not wound you"}  # OVER-2
    return f"{text} ({extra[face.id]})" if face is not None and face.id in extra else text


def _answer(v: SeatView, cmd: c.Answer) -> str:
    d = v.step.data
    who = _who(d.get("attacker"), v.viewer)
    if not cmd.consent:  # SWAP-1, MUG-1: a refusal starts a fight
        return f"Refuse: fight {who} (anyone may join a side)"
    if d.get("kind") == "swap":
        return f"Consent: change seats with {who}"
    what = f"your face-up {_plain(d['card'])}" if d.get("card") else "a random card from your hand"
    return f"Consent: let {who} take {what}"


def _join(v: SeatView, cmd: c.JoinFight) -> str:
    f = v.fight
    if f is None:
        return f"Join the {cmd.side}s"
    side = _side(f.attackers, f.attack, v.viewer) if cmd.side == "attacker" else _side(f.defenders, f.defence,
                                                                                        v.viewer)
    return f"Join the {cmd.side}s ({side})"


def _pass(v: SeatView, cmd: c.Pass) -> str:
    kind, f = v.step.kind, v.fight
    if kind == "fight" and f is not None:
        inside = v.viewer in {m.character for m in f.attackers + f.defenders}
        return ("Pass (nothing more from you now; the fight is decided once everyone has passed)" if inside
                else "Pass (stay out of the fight for now)")
    return {"overboard_window": "Pass (play no card for those overboard now)",
            "thirst_window": "Pass (give no Water now)",
            "cannibalism_objection": "Pass (do not object to the Cannibalism)"}.get(kind, "Pass")


def _place(v: SeatView, cmd: c.PlaceRowedCards) -> str:
    parts = []
    if cmd.to_stack:
        parts.append(f"{tx.cards(cmd.to_stack)} on the row stack")
    if cmd.to_bottom:  # ROW-1: in the order they go under
        under = [tx.card(x) for x in cmd.to_bottom]  # each later one under the one before, as the page says it
        parts.append(f"{under[0]} under the deck" + "".join(f", then {x}" for x in under[1:])
                     + (" under it" if len(under) > 1 else ""))
    return _cap(", ".join(parts)) if parts else "Place no card"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _offer(v: SeatView, cmd: c.OfferTrade) -> str:  # TRADE-1
    who = _who(cmd.to, v.viewer)
    give = tx.join([_plain(x) for x in cmd.give])
    ask = tx.faces(cmd.ask)
    if not cmd.ask:
        return f"Offer {who} your {give}, asking nothing back"
    if not cmd.give:
        return f"Ask {who} for {ask}, giving nothing back"
    return f"Offer {who} a trade: your {give} for their {ask}"


def _medkit(v: SeatView, cmd: c.UseMedicalKit) -> str:
    on = "yourself" if cmd.target == v.viewer else _who(cmd.target, v.viewer)
    return f"Use the Medical Kit on {on} (one wound less)"  # MEDKIT-1


def _preserver(v: SeatView, cmd: c.ThrowLifePreserver) -> str:
    if cmd.target == v.viewer:  # REF-9: one's own, in the water
        return "Play your Life Preserver (the fall does not wound you)"
    return f"Throw the Life Preserver to {_who(cmd.target, v.viewer)} (the fall does not wound them)"  # OVER-2


def _water(v: SeatView, cmd: c.GiveWater) -> str:
    if cmd.target == v.viewer:  # THIRST-1
        return "Drink the Water (one thirst less for you)"
    return f"Give Water to {_who(cmd.target, v.viewer)} (one thirst less for them)"


def _cannibalize(v: SeatView, cmd: c.Cannibalize) -> str:  # CANNIBAL-1, REF-14
    return (f"Play Cannibalism on {_whose(cmd.target, v.viewer)} body (the others may object and fight; eaten, "
            "it heals every living character one wound)")


def _object(v: SeatView, cmd: c.ObjectToCannibalism) -> str:
    return f"Object to the Cannibalism (you fight {_who(v.step.data.get('user'), v.viewer)})"  # CANNIBAL-1


_TEXT: dict[type, Callable[[SeatView, Any], str]] = {
    c.KeepProvision: lambda v, cmd: f"Keep {_plain(cmd.card)}",
    c.DoNothing: lambda v, cmd: "Do nothing (end your action)",
    c.Row: lambda v, cmd: ("Row: draw navigation cards and put each on the row stack or under the deck "
                           "(you take the rowing marker)"),  # ROW-1
    c.PlaceRowedCards: _place,
    c.ChangeSeats: lambda v, cmd: f"Ask {_who(cmd.target, v.viewer)} to change seats with you",  # SWAP-1
    c.Mug: lambda v, cmd: (f"Mug {_who(cmd.target, v.viewer)} for a random card from their hand" if cmd.card is None
                           else f"Mug {_who(cmd.target, v.viewer)} for their face-up {_plain(cmd.card)}"),
    c.Answer: _answer,
    c.JoinFight: _join,
    c.Pass: _pass,
    c.Reveal: _reveal,
    c.FireFlareGun: lambda v, cmd: ("Fire the Flare Gun (your action: draw 3 navigation cards; only their "
                                    "seagulls count)"),  # FLARE-1
    c.OpenParasol: lambda v, cmd: "Open the Parasol (your action: one thirst less for you each round)",  # PARASOL-1
    c.UseMedicalKit: _medkit,
    c.Cannibalize: _cannibalize,
    c.ObjectToCannibalism: _object,
    c.OfferTrade: _offer,
    c.AnswerTrade: lambda v, cmd: (
        f"Accept the trade (you give {tx.join([_plain(x) for x in cmd.cards]) if cmd.cards else 'nothing'})" if cmd.accept
        else "Decline the trade"),
    c.UseCompass: lambda v, cmd: ("Use the Compass (add the top navigation card to the row stack)" if cmd.use
                                  else "Do not use the Compass"),  # NAV-2
    c.ChooseNavigationCard: lambda v, cmd: f"Choose {tx.card(cmd.card)}",  # NAV-1
    c.ThrowLifePreserver: _preserver,
    c.ExpendChum: lambda v, cmd: "Throw the Bucket of Chum: the sharks give everyone overboard one more wound",
    c.CallSharks: lambda v, cmd: "Call the sharks (one more wound to everyone overboard)",  # GHOST-1
    c.GiveWater: _water,
    c.DrinkFirewater: lambda v, cmd: f"Drink the Firewater ({tx.FIREWATER_EFFECT})",  # LIQUID-1
    c.ShareFirewater: lambda v, cmd: (f"Share the Firewater ({tx.FIREWATER_EFFECT})" if cmd.share
                                      else "Decline the Firewater"),  # WONG-1
}


def decision_text(view: SeatView, command: c.PlayerCommand) -> str:
    """The plain-English words for ``command``, a legal decision of the seat whose ``view`` is given (its
    ``viewer`` is "you"), e.g. ``"Give Water to the Captain (one thirst less for them)"``. Cards are named with the
    card data in use (:func:`lifeboat.card_context.using`, CARD-3). Raises ``KeyError`` for a command that is not a
    player's (a chance or recorder command)."""
    return _TEXT[type(command)](view, command)
