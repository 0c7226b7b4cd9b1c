"""Commands: imperative requests, a msgspec tagged union with stable snake_case tags.

Player commands carry ``by``, the acting character id. Chance commands (:data:`ChanceCommand`) carry the outcome
of a shuffle or draw; ``decide`` checks the outcome is possible (CHANCE-1) and the event records it. In a recorded
game (REC-1) a chance command may name ``"?"`` for a card the recorder did not see; :data:`RecorderCommand` names
such cards later.
Card fields are card instance ids (``"water-3"``, ``"nav-27"``); character fields are character ids.
"""

from __future__ import annotations

from typing import Literal, Union

import msgspec


class _Cmd(msgspec.Struct, frozen=True, gc=False, tag_field="type", forbid_unknown_fields=True):
    pass


# ---- chance --------------------------------------------------------------------------------------------------


class DealSetup(_Cmd, tag="deal_setup", frozen=True):
    """Chance: setup (SETUP-2..5). Tuples are indexed like ``State.players``: ``characters[i]`` is player i's
    character, ``love[i]``/``hate[i]`` their LOVE/HATE character, ``provisions[i]`` their first provision.
    ``removed`` are the provisions removed unseen with 4-5 players (SETUP-3)."""

    characters: tuple[str, ...]
    love: tuple[str, ...]
    hate: tuple[str, ...]
    provisions: tuple[str, ...]
    removed: tuple[str, ...] = ()


class DrawProvisions(_Cmd, tag="draw_provisions", frozen=True):
    """Chance: the cards the quartermaster draws, in any order (PROV-2)."""

    cards: tuple[str, ...]


class DrawNavigation(_Cmd, tag="draw_navigation", frozen=True):
    """Chance: navigation cards drawn from the top of the deck, top first (ROW-1, FLARE-1, NAV-1, NAV-2)."""

    cards: tuple[str, ...]


class DrawFromHand(_Cmd, tag="draw_from_hand", frozen=True):
    """Chance: the random card a mug takes from the target's hand (MUG-1, MUG-2)."""

    card: str


ChanceCommand = Union[DealSetup, DrawProvisions, DrawNavigation, DrawFromHand]

# ---- the recorder (recorded games) ---------------------------------------------------------------------------


class Identify(_Cmd, tag="identify", frozen=True):
    """The recorder names the real ``card`` behind ``placeholder`` (REC-1), e.g. every hand at the end (END-2)."""

    placeholder: str
    card: str


class IdentifyLoveHate(_Cmd, tag="identify_love_hate", frozen=True):
    """The recorder names ``character``'s LOVE and HATE, once shown (REC-1, END-2)."""

    character: str
    love: str
    hate: str


RecorderCommand = Union[Identify, IdentifyLoveHate]

# ---- players -------------------------------------------------------------------------------------------------


class KeepProvision(_Cmd, tag="keep_provision", frozen=True):
    """Keep one of the offered provisions (PROV-2)."""

    by: str
    card: str


class DoNothing(_Cmd, tag="do_nothing", frozen=True):
    """Action: nothing (ACT-2)."""

    by: str


class Row(_Cmd, tag="row", frozen=True):
    """Action: row (ROW-1)."""

    by: str


class PlaceRowedCards(_Cmd, tag="place_rowed_cards", frozen=True):
    """Put each drawn card on the row stack or under the deck; ``to_bottom`` in the order they go under (ROW-1)."""

    by: str
    to_stack: tuple[str, ...]
    to_bottom: tuple[str, ...]


class ChangeSeats(_Cmd, tag="change_seats", frozen=True):
    """Action: change seats with ``target`` (SWAP-1)."""

    by: str
    target: str


class Mug(_Cmd, tag="mug", frozen=True):
    """Action: mug ``target`` for the named face-up ``card``, or for a random hand card when ``card`` is None
    (MUG-1, MUG-2)."""

    by: str
    target: str
    card: str | None = None


class Answer(_Cmd, tag="answer", frozen=True):
    """The target of a mug or seat change consents (True) or refuses, starting a fight (SWAP-1, MUG-1)."""

    by: str
    consent: bool


class JoinFight(_Cmd, tag="join_fight", frozen=True):
    """Join the fight on a side (FIGHT-2)."""

    by: str
    side: Literal["attacker", "defender"]


class Pass(_Cmd, tag="pass", frozen=True):
    """Pass in a window: fight, overboard or thirst (PROC-1)."""

    by: str


class Reveal(_Cmd, tag="reveal", frozen=True):
    """Reveal a hand card face up in front of oneself (PLAY-1)."""

    by: str
    card: str


class FireFlareGun(_Cmd, tag="fire_flare_gun", frozen=True):
    """Special action: fire the Flare Gun (FLARE-1)."""

    by: str
    card: str


class OpenParasol(_Cmd, tag="open_parasol", frozen=True):
    """Special action: open the Parasol (PARASOL-1)."""

    by: str
    card: str


class UseMedicalKit(_Cmd, tag="use_medical_kit", frozen=True):
    """Special action: remove one wound from ``target`` (MEDKIT-1)."""

    by: str
    card: str
    target: str


class Cannibalize(_Cmd, tag="cannibalize", frozen=True):
    """Special action (Cannibalism expansion): play the Cannibalism ``card`` on the dead body ``target`` in the boat
    (CANNIBAL-1). The others may then object (:class:`ObjectToCannibalism`) or pass."""

    by: str
    card: str
    target: str


class ObjectToCannibalism(_Cmd, tag="object_to_cannibalism", frozen=True):
    """Object to the Cannibalism being played: the first objector defends in a fight against its user
    (CANNIBAL-1, FIGHT-1)."""

    by: str


class OfferTrade(_Cmd, tag="offer_trade", frozen=True):
    """Offer ``give`` (own hand cards) to ``to`` for cards of the faces in ``ask`` (TRADE-1, PROC-4)."""

    by: str
    to: str
    give: tuple[str, ...] = ()
    ask: tuple[str, ...] = ()


class AnswerTrade(_Cmd, tag="answer_trade", frozen=True):
    """Accept (giving ``cards``, one of each asked face) or decline a pending trade (TRADE-1, PROC-4)."""

    by: str
    accept: bool
    cards: tuple[str, ...] = ()


class UseCompass(_Cmd, tag="use_compass", frozen=True):
    """The navigator uses the face-up Compass (True) or not (NAV-2)."""

    by: str
    use: bool


class ChooseNavigationCard(_Cmd, tag="choose_navigation_card", frozen=True):
    """The navigator chooses the navigation card from the row stack (NAV-1)."""

    by: str
    card: str


class ThrowLifePreserver(_Cmd, tag="throw_life_preserver", frozen=True):
    """Throw the Life Preserver to a conscious character in the water, or play one's own (OVER-1)."""

    by: str
    card: str
    target: str


class ExpendChum(_Cmd, tag="expend_chum", frozen=True):
    """Expend a Bucket of Chum while someone is overboard (OVER-1, OVER-2)."""

    by: str
    card: str


class CallSharks(_Cmd, tag="call_sharks", frozen=True):
    """Shark variant (GHOST-1): the ghost ``by`` (a character lost at sea) calls the sharks while someone is
    overboard: +1 wound to everyone overboard, at most one shark wound each per navigation (OVER-2)."""

    by: str


class DrinkFirewater(_Cmd, tag="drink_firewater", frozen=True):
    """Liquid Courage (LIQUID-1, REF-24): drink the Firewater ``card`` from hand, not as an action: +3 fight size
    until the end of the round and one more thirst at its end; the card then stays face up."""

    by: str
    card: str


class ShareFirewater(_Cmd, tag="share_firewater", frozen=True):
    """Liquid Courage (WONG-1, REF-25): Mrs. Wong shares (True) or not the Firewater someone just drank."""

    by: str
    share: bool


class GiveWater(_Cmd, tag="give_water", frozen=True):
    """Expend Water on a living character to cancel one thirst (THIRST-1)."""

    by: str
    card: str
    target: str


PlayerCommand = Union[
    KeepProvision, DoNothing, Row, PlaceRowedCards, ChangeSeats, Mug, Answer, JoinFight, Pass, Reveal,
    FireFlareGun, OpenParasol, UseMedicalKit, OfferTrade, AnswerTrade, UseCompass, ChooseNavigationCard,
    ThrowLifePreserver, ExpendChum, CallSharks, GiveWater, Cannibalize, ObjectToCannibalism, DrinkFirewater,
    ShareFirewater,
]

Command = Union[ChanceCommand, PlayerCommand, RecorderCommand]

CHANCE_TYPES = (DealSetup, DrawProvisions, DrawNavigation, DrawFromHand)


RECORDER_TYPES = (Identify, IdentifyLoveHate)

# The command classes have no subclasses: a type test is the isinstance, and far cheaper when it fails (an
# isinstance against a msgspec class that fails costs ~0.1 µs, state.WINDOW_TYPES); every commit asks both.
_CHANCE = frozenset(CHANCE_TYPES)
_RECORDER = frozenset(RECORDER_TYPES)


def is_chance(command: Command) -> bool:
    """True for a chance command (no ``by``)."""
    return type(command) in _CHANCE


def is_recorder(command: Command) -> bool:
    """True for a recorder's command (recorded games; actor ``"recorder"``)."""
    return type(command) in _RECORDER
