"""Events: facts in the past tense, a msgspec tagged union with stable snake_case tags.

``decide`` emits them and ``evolve`` applies them. Card fields are card instance ids; character fields are
character ids; ``cause`` and ``reason`` fields are short snake_case words listed on each event. Who may see which
field is declared in ``lifeboat/views.py`` (the single choke point for hidden information).
"""

from __future__ import annotations

from typing import Literal, Union

from lifeboat.event_base import _Ev
from lifeboat.event_recorded import (  # a recorded game's possibilities (REC-3), re-exported
    CardDeduced as CardDeduced, CardsPassedUnseen as CardsPassedUnseen, CardsUnseen as CardsUnseen,
    CardTraced as CardTraced, LoveHateDeduced as LoveHateDeduced, PossibilitiesForgotten as PossibilitiesForgotten,
)
from lifeboat.event_options import (  # the options' and Liquid Courage's events (issue 15), re-exported
    FirewaterDrunk as FirewaterDrunk, FirewaterShareAnswered as FirewaterShareAnswered,
    FirewaterShareOffered as FirewaterShareOffered, GhostRose as GhostRose, SharksCalled as SharksCalled,
    SwappedTurnStarted as SwappedTurnStarted, WaterShared as WaterShared,
)


# ---- setup ---------------------------------------------------------------------------------------------------


class CharactersDealt(_Ev, tag="characters_dealt", frozen=True):
    """Characters dealt: ``players[i]`` plays ``characters[i]``; ``seats`` from the bow (SETUP-2, SETUP-4)."""

    players: tuple[str, ...]
    characters: tuple[str, ...]
    seats: tuple[str, ...]


class LoveDealt(_Ev, tag="love_dealt", frozen=True):
    """``character``'s player holds the LOVE card of ``love`` (SETUP-2). Secret to that player."""

    character: str
    love: str


class HateDealt(_Ev, tag="hate_dealt", frozen=True):
    """``character``'s player holds the HATE card of ``hate`` (SETUP-2). Secret to that player."""

    character: str
    hate: str


class ProvisionsRemoved(_Ev, tag="provisions_removed", frozen=True):
    """Provisions removed unseen with 4-5 players (SETUP-3). Seen by nobody until the end."""

    cards: tuple[str, ...]


class DecksReady(_Ev, tag="decks_ready", frozen=True):
    """The provisions deck and the shuffled navigation deck, as sets sorted by id (SETUP-5); placeholders in a
    recorded game (REC-1). Views show only their sizes, so a card id in a view always means a sighting."""

    provisions: tuple[str, ...]
    navigation: tuple[str, ...]


class ProvisionDealt(_Ev, tag="provision_dealt", frozen=True):
    """``character`` is dealt ``card`` into the hand (SETUP-5). Secret to its player."""

    character: str
    card: str


# ---- rounds and phases ---------------------------------------------------------------------------------------


class RoundStarted(_Ev, tag="round_started", frozen=True):
    """Round ``round`` (1-based) begins (ROUND-1)."""

    round: int


class ProvisionsPhaseStarted(_Ev, tag="provisions_phase_started", frozen=True):
    """The quartermaster will draw ``count`` provisions (PROV-2)."""

    quartermaster: str
    count: int


class ProvisionsDrawn(_Ev, tag="provisions_drawn", frozen=True):
    """The quartermaster drew ``cards`` (PROV-2). Seen by the quartermaster only."""

    quartermaster: str
    cards: tuple[str, ...]


class ProvisionKept(_Ev, tag="provision_kept", frozen=True):
    """``character`` kept ``card`` (PROV-2). The card is secret to its player."""

    character: str
    card: str


class ProvisionsPassed(_Ev, tag="provisions_passed", frozen=True):
    """``by`` passed ``cards`` sternward to ``to`` (PROV-2). Seen by both."""

    by: str
    to: str
    cards: tuple[str, ...]


class ActionPhaseStarted(_Ev, tag="action_phase_started", frozen=True):
    """The action order, fixed now from bow to stern (ACT-1)."""

    order: tuple[str, ...]


class ActionTurnStarted(_Ev, tag="action_turn_started", frozen=True):
    """It is ``character``'s action; ``index`` is its place in the action order (ACT-1)."""

    character: str
    index: int


class NavigationPhaseStarted(_Ev, tag="navigation_phase_started", frozen=True):
    """Navigation begins; ``navigator`` is the conscious character nearest the stern, or None (NAV-1)."""

    navigator: str | None


class RoundEnded(_Ev, tag="round_ended", frozen=True):
    """Markers are cleared (NAV-3)."""

    round: int


class GameEnded(_Ev, tag="game_ended", frozen=True):
    """The game ended (END-1): ``reason`` is ``land`` (4th seagull) or ``no_survivors``. Every hand, LOVE and
    HATE is revealed (END-2)."""

    reason: str


# ---- actions -------------------------------------------------------------------------------------------------


class DidNothing(_Ev, tag="did_nothing", frozen=True):
    """``character`` did nothing (ACT-2)."""

    character: str


class Rowed(_Ev, tag="rowed", frozen=True):
    """``character`` rowed and took a rowing marker; ``count`` cards will be drawn (ROW-1)."""

    character: str
    count: int


class NavigationDrawn(_Ev, tag="navigation_drawn", frozen=True):
    """Navigation ``cards`` drawn from the top, top first. ``purpose``: ``row`` (seen by the rower), ``flare``
    (public), ``compass`` (seen by the navigator), ``turn`` (public: the card of the round)."""

    character: str | None
    cards: tuple[str, ...]
    purpose: Literal["row", "flare", "compass", "turn", "navigator"]


class RowedCardsPlaced(_Ev, tag="rowed_cards_placed", frozen=True):
    """The rower put ``to_stack`` on the row stack and ``to_bottom`` under the deck, in that order (ROW-1).
    Public: the two counts."""

    character: str
    to_stack: tuple[str, ...]
    to_bottom: tuple[str, ...]


class SeatChangeDeclared(_Ev, tag="seat_change_declared", frozen=True):
    """``character`` asks to change seats with ``target`` (SWAP-1)."""

    character: str
    target: str


class MugDeclared(_Ev, tag="mug_declared", frozen=True):
    """``character`` mugs ``target`` for the face-up ``card``, or a hand card when None (MUG-1)."""

    character: str
    target: str
    card: str | None = None


class Answered(_Ev, tag="answered", frozen=True):
    """The target consented or refused (SWAP-1, MUG-1)."""

    character: str
    consent: bool


class FightStarted(_Ev, tag="fight_started", frozen=True):
    """A fight: ``attacker`` against ``defender`` (FIGHT-1)."""

    attacker: str
    defender: str


class FightJoined(_Ev, tag="fight_joined", frozen=True):
    """``character`` joined ``side`` (FIGHT-2)."""

    character: str
    side: Literal["attacker", "defender"]


class Passed(_Ev, tag="passed", frozen=True):
    """``character`` passed in the open window (PROC-1)."""

    character: str


class FightResolved(_Ev, tag="fight_resolved", frozen=True):
    """Strengths and the winner (FIGHT-3); every participant takes a fight marker."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack: int
    defence: int
    winner: Literal["attacker", "defender"]


class SeatsChanged(_Ev, tag="seats_changed", frozen=True):
    """``character`` and ``target`` swapped seats (SWAP-1)."""

    character: str
    target: str


class MugSucceeded(_Ev, tag="mug_succeeded", frozen=True):
    """The mug happens (MUG-1): for the face-up ``card``, or for a random hand card when ``card`` is None (chance
    then draws it)."""

    character: str
    target: str
    card: str | None = None


class CardMugged(_Ev, tag="card_mugged", frozen=True):
    """``character`` took ``card`` from ``target`` into the hand (MUG-1). A hand card is seen by the two only."""

    character: str
    target: str
    card: str
    from_hand: bool


class MugFoundNothing(_Ev, tag="mug_found_nothing", frozen=True):
    """The mug succeeded but the target's hand was empty (REF-2)."""

    character: str
    target: str


class CardRevealed(_Ev, tag="card_revealed", frozen=True):
    """``character`` put ``card`` face up (PLAY-1)."""

    character: str
    card: str


class FlareGunFired(_Ev, tag="flare_gun_fired", frozen=True):
    """``character`` fired the Flare Gun ``card``, which is discarded (FLARE-1)."""

    character: str
    card: str
    count: int


class ParasolOpened(_Ev, tag="parasol_opened", frozen=True):
    """``character`` opened the Parasol ``card`` face up (PARASOL-1)."""

    character: str
    card: str


class MedicalKitUsed(_Ev, tag="medical_kit_used", frozen=True):
    """``character`` used ``card`` on ``target``; ``kept`` face up (Dr. Harter) or discarded (MEDKIT-1)."""

    character: str
    card: str
    target: str
    kept: bool


class Healed(_Ev, tag="healed", frozen=True):
    """``character`` lost one wound (MEDKIT-1, CANNIBAL-1)."""

    character: str


class CannibalismDeclared(_Ev, tag="cannibalism_declared", frozen=True):
    """``character`` played the Cannibalism ``card`` (discarded at once) on the dead ``body``; the others may object
    (CANNIBAL-1, REF-13)."""

    character: str
    card: str
    body: str


class ObjectedToCannibalism(_Ev, tag="objected_to_cannibalism", frozen=True):
    """``character`` objected to the Cannibalism: a fight follows, ``character`` defending (CANNIBAL-1)."""

    character: str


class BodyEaten(_Ev, tag="body_eaten", frozen=True):
    """``character`` ate the dead ``body``: it is removed from the boat and the game with all its cards, unseen, like
    one lost at sea (CANNIBAL-1, REF-12). Healing follows as :class:`Healed` events."""

    character: str
    body: str


class Wounded(_Ev, tag="wounded", frozen=True):
    """``character`` took ``amount`` wounds. ``cause``: ``quick_game``, ``fight``, ``overboard``, ``sharks``,
    ``thirst`` (STATUS-1)."""

    character: str
    amount: int
    cause: str


class SeagullAdded(_Ev, tag="seagull_added", frozen=True):
    """A seagull; ``total`` now out (BIRD-1)."""

    total: int


class SeagullRemoved(_Ev, tag="seagull_removed", frozen=True):
    """A crossed bird removed a seagull; ``total`` now out (BIRD-1)."""

    total: int


class CardsToBottom(_Ev, tag="cards_to_bottom", frozen=True):
    """Navigation ``cards`` went under the deck in this order (FLARE-1, NAV-1, NAV-3)."""

    cards: tuple[str, ...]


# ---- trades --------------------------------------------------------------------------------------------------


class TradeOffered(_Ev, tag="trade_offered", frozen=True):
    """``character`` offers hand cards ``give`` to ``to`` for cards of faces ``ask`` (TRADE-1). Seen by the two;
    the public sees the counts."""

    character: str
    to: str
    give: tuple[str, ...]
    ask: tuple[str, ...]


class TradeCompleted(_Ev, tag="trade_completed", frozen=True):
    """``character`` gave ``gave`` to ``to``, who gave ``got`` back (TRADE-1, PROC-4). Seen by the two."""

    character: str
    to: str
    gave: tuple[str, ...]
    got: tuple[str, ...]


class TradeDeclined(_Ev, tag="trade_declined", frozen=True):
    """``to`` declined ``character``'s offer (TRADE-1)."""

    character: str
    to: str


# ---- navigation ----------------------------------------------------------------------------------------------


class CompassUsed(_Ev, tag="compass_used", omit_defaults=True, frozen=True):
    """The navigator used (or not) the face-up Compass (NAV-2); ``draws`` is how many navigation cards it draws
    onto the row stack: 1, or 2 when nobody rowed under option ``compass_extra_card`` (the card that would have been
    turned and the Compass's own; not written when 1, so the events of older journals read the same)."""

    character: str
    used: bool
    draws: int = 1


class NavigationCardChosen(_Ev, tag="navigation_card_chosen", frozen=True):
    """The navigator chose ``card``; ``to_bottom`` went under the deck in that order (NAV-1). ``to_bottom`` is
    seen by the navigator only; the public sees the count."""

    character: str
    card: str
    to_bottom: tuple[str, ...]


class NavigationCardRevealed(_Ev, tag="navigation_card_revealed", frozen=True):
    """The navigation card of the round is face up (NAV-3)."""

    card: str


class WentOverboard(_Ev, tag="went_overboard", frozen=True):
    """``characters`` fell overboard; ``lost`` of them (dead, or unconscious without a face-up Life Preserver)
    are lost at sea (OVER-1, OVER-3)."""

    characters: tuple[str, ...]
    lost: tuple[str, ...]


class LifePreserverThrown(_Ev, tag="life_preserver_thrown", frozen=True):
    """``character`` threw (or played) the Life Preserver ``card`` to ``target``, who keeps it face up (OVER-1)."""

    character: str
    card: str
    target: str


class ChumExpended(_Ev, tag="chum_expended", frozen=True):
    """``character`` expended Chum ``card``: sharks this navigation (OVER-2)."""

    character: str
    card: str


class CardDiscarded(_Ev, tag="card_discarded", frozen=True):
    """``card`` left ``character``'s face-up cards for the discard pile. ``reason``: ``overboard``,
    ``single_use_weapon``."""

    character: str
    card: str
    reason: str


class LostAtSea(_Ev, tag="lost_at_sea", frozen=True):
    """``character`` is removed from the game with all cards, unseen (OVER-3)."""

    character: str


class ThirstCounted(_Ev, tag="thirst_counted", frozen=True):
    """Thirst owed this navigation, ``(character, count)`` pairs (THIRST-1)."""

    thirst: tuple[tuple[str, int], ...]


class WaterGiven(_Ev, tag="water_given", frozen=True):
    """``character`` expended Water ``card`` on ``target``: one thirst fewer (THIRST-1)."""

    character: str
    card: str
    target: str


class ParasolShaded(_Ev, tag="parasol_shaded", frozen=True):
    """The open Parasol cancelled one of ``character``'s thirsts (PARASOL-1)."""

    character: str


class CardsUnaccounted(_Ev, tag="cards_unaccounted", frozen=True):
    """A recorded game (REC-1): these real cards are somewhere unseen, each behind a placeholder."""

    cards: tuple[str, ...]


class CardIdentified(_Ev, tag="card_identified", frozen=True):
    """The placeholder ``placeholder`` is the real ``card`` (REC-1): it was played, shown, drawn face up, or named
    at the end."""

    placeholder: str
    card: str


class LoveHateIdentified(_Ev, tag="love_hate_identified", frozen=True):
    """A recorded game: ``character``'s player showed their LOVE and HATE cards (REC-1, END-2)."""

    character: str
    love: str
    hate: str


Event = Union[
    CardsUnaccounted, CardIdentified, LoveHateIdentified,
    CharactersDealt, LoveDealt, HateDealt, ProvisionsRemoved, DecksReady, ProvisionDealt, RoundStarted,
    ProvisionsPhaseStarted, ProvisionsDrawn, ProvisionKept, ProvisionsPassed, ActionPhaseStarted,
    ActionTurnStarted, SwappedTurnStarted, NavigationPhaseStarted, RoundEnded, GameEnded, DidNothing, Rowed, NavigationDrawn,
    RowedCardsPlaced, SeatChangeDeclared, MugDeclared, Answered, FightStarted, FightJoined, Passed, FightResolved,
    SeatsChanged, MugSucceeded, CardMugged, MugFoundNothing, CardRevealed, FlareGunFired, ParasolOpened, MedicalKitUsed, Healed,
    Wounded, SeagullAdded, SeagullRemoved, CardsToBottom, TradeOffered, TradeCompleted, TradeDeclined,
    CompassUsed, NavigationCardChosen, NavigationCardRevealed, WentOverboard, LifePreserverThrown, ChumExpended,
    CardDiscarded, LostAtSea, SharksCalled, GhostRose, ThirstCounted, WaterGiven, ParasolShaded, CannibalismDeclared, ObjectedToCannibalism,
    BodyEaten, FirewaterDrunk, FirewaterShareOffered, FirewaterShareAnswered, WaterShared,
    CardsUnseen, CardsPassedUnseen, CardDeduced, CardTraced, LoveHateDeduced, PossibilitiesForgotten,
]

EVENT_TYPES: tuple[type, ...] = Event.__args__  # type: ignore[attr-defined]  # typing: a Union alias has __args__ at run time
