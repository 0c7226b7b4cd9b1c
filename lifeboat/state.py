"""The state of a game: immutable msgspec Structs with tuple fields.

Shapes:
- ``State.characters``: one :class:`CharacterState` per character in the game, in the order the players joined.
- ``State.seats``: character ids in the boat, indexed from the bow (0) to the stern.
- ``State.nav_unseen``: navigation cards whose order nobody knows (the shuffled part), sorted by id;
  ``State.nav_bottom``: cards put under the deck, top first. A draw takes from the unseen part while it lasts, then
  ``nav_bottom[0]`` (NAV-3, ROW-1).
- ``State.in_play``: navigation cards face up and being resolved (the card of the round, Flare Gun draws).
- ``State.unaccounted``: in a recorded game (REC-1), the real cards not yet named anywhere, sorted; each is behind
  one of the placeholders (``"?p3"``, ``"?n7"``) in the decks, hands or row stack. Empty in a digital game.
- ``State.known``: in a recorded game with possibilities (REC-3), where the cards lost from sight may be
  (:class:`Knowledge`); ``None`` until a known card leaves a hand unseen, and in every other game.
- ``State.step``: what the game waits for now (a tagged union, see :data:`Step`).
- ``State.drank`` (Liquid Courage): the characters who drank Firewater this round, once per drink (LIQUID-1,
  WONG-1); ``State.wong_share``: the Firewater card Mrs. Wong is deciding whether to share, else ``None``.

Statuses are derived, never stored (STATUS-1): wounds < size conscious, = size unconscious, > size dead.
"""

from __future__ import annotations

from typing import Any, Literal, Union

import msgspec

from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED, card_set
from lifeboat.ruleset import Ruleset

Status = Literal["conscious", "unconscious", "dead"]


class CharacterState(msgspec.Struct, frozen=True, gc=False):
    """One character and its player. ``hand`` and ``face_up`` are card instance ids; ``in_boat`` is False once the
    character is lost at sea (OVER-3), its cards then stay here, out of the game."""

    character: str
    player: str
    love: str
    hate: str
    wounds: int = 0
    hand: tuple[str, ...] = ()
    face_up: tuple[str, ...] = ()
    rowed: bool = False
    fought: bool = False
    in_boat: bool = True


class TradeOffer(msgspec.Struct, frozen=True, gc=False):
    """A pending trade (TRADE-1): ``give`` are card ids from the offerer's hand, ``ask`` are face ids asked for."""

    by: str
    to: str
    give: tuple[str, ...]
    ask: tuple[str, ...]


# ---- steps: what the game waits for -------------------------------------------------------------------------


class AwaitSetup(msgspec.Struct, frozen=True, gc=False, tag="await_setup"):
    """Chance deals characters, LOVE, HATE and provisions (SETUP-2..5)."""


class ProvisionsDraw(msgspec.Struct, frozen=True, gc=False, tag="provisions_draw"):
    """Chance draws ``count`` provisions for the quartermaster (PROV-2)."""

    quartermaster: str
    count: int


class ProvisionsPick(msgspec.Struct, frozen=True, gc=False, tag="provisions_pick"):
    """``picker`` keeps one of ``offered`` (PROV-2)."""

    picker: str
    offered: tuple[str, ...]


class ActionTurn(msgspec.Struct, frozen=True, gc=False, tag="action_turn"):
    """``actor`` chooses an action (ACT-2)."""

    actor: str


class RowDraw(msgspec.Struct, frozen=True, gc=False, tag="row_draw"):
    """Chance draws ``count`` navigation cards for the rower (ROW-1)."""

    rower: str
    count: int


class RowPlace(msgspec.Struct, frozen=True, gc=False, tag="row_place"):
    """The rower puts each of ``drawn`` on the row stack or under the deck (ROW-1)."""

    rower: str
    drawn: tuple[str, ...]


class AwaitAnswer(msgspec.Struct, frozen=True, gc=False, tag="await_answer"):
    """``target`` consents to or refuses a mug or seat change (SWAP-1, MUG-1). ``card`` is the named face-up card
    of a mug, ``None`` for a hand card or a seat change."""

    kind: Literal["mug", "swap"]
    attacker: str
    target: str
    card: str | None = None


class Fight(msgspec.Struct, frozen=True, gc=False, tag="fight"):
    """A fight window (FIGHT-1..3, PROC-1): ``attackers`` and ``defenders`` in joining order; ``passed`` are the
    characters who passed since the last join or reveal. For ``kind="cannibalism"`` (CANNIBAL-1) ``target`` is the
    body to be eaten and ``card`` the (already discarded) Cannibalism card."""

    kind: Literal["mug", "swap", "cannibalism"]
    attacker: str
    target: str
    card: str | None
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    passed: tuple[str, ...] = ()


class CannibalismObjection(msgspec.Struct, frozen=True, gc=False, tag="cannibalism_objection"):
    """``user`` played the Cannibalism ``card`` on the dead ``body`` (CANNIBAL-1): a window in which every other
    conscious character may object (the first objector defends in a fight against ``user``) or pass; ``passed``
    as in :class:`Fight`."""

    user: str
    card: str
    body: str
    passed: tuple[str, ...] = ()


class MugDraw(msgspec.Struct, frozen=True, gc=False, tag="mug_draw"):
    """Chance picks the random hand card of ``target`` that ``mugger`` takes (MUG-1, MUG-2)."""

    mugger: str
    target: str


class FlareDraw(msgspec.Struct, frozen=True, gc=False, tag="flare_draw"):
    """Chance draws ``count`` navigation cards for the Flare Gun (FLARE-1)."""

    actor: str
    count: int


class CompassChoice(msgspec.Struct, frozen=True, gc=False, tag="compass_choice"):
    """The navigator decides whether to use the face-up Compass (NAV-2)."""

    navigator: str


class CompassDraw(msgspec.Struct, frozen=True, gc=False, tag="compass_draw", omit_defaults=True):
    """Chance draws the top ``count`` navigation cards onto the row stack for the Compass (NAV-2): 1, or 2 when
    nobody rowed under option ``compass_extra_card`` (``count`` is not written when 1, as before the option)."""

    navigator: str
    count: int = 1


class NavigatorDraw(msgspec.Struct, frozen=True, gc=False, tag="navigator_draw"):
    """Option ``rowing_variant`` (ROW-2): chance draws the top navigation card onto the row stack, which the
    navigator alone sees, before the Compass and the choice (REF-17)."""

    navigator: str


class NavigatorChoice(msgspec.Struct, frozen=True, gc=False, tag="navigator_choice"):
    """The navigator chooses one card of the row stack (NAV-1)."""

    navigator: str


class NavigationTurn(msgspec.Struct, frozen=True, gc=False, tag="navigation_turn"):
    """Chance turns the top navigation card: empty row stack, or nobody conscious (NAV-1)."""


class OverboardWindow(msgspec.Struct, frozen=True, gc=False, tag="overboard_window"):
    """Characters ``overboard`` are in the water; ``lost`` of them are lost at sea (OVER-1..3). Window for the
    Life Preserver and Chum; ``chum`` is True once Chum was expended this navigation; ``thrown`` holds the Life
    Preserver cards thrown or played in this window, each of which stays where it landed (REF-22)."""

    card: str
    overboard: tuple[str, ...]
    lost: tuple[str, ...]
    chum: bool = False
    passed: tuple[str, ...] = ()
    thrown: tuple[str, ...] = ()


class ThirstWindow(msgspec.Struct, frozen=True, gc=False, tag="thirst_window"):
    """Thirst still owed, as ``(character, count)`` pairs; window for Water (THIRST-1)."""

    card: str
    thirst: tuple[tuple[str, int], ...]
    passed: tuple[str, ...] = ()


class GameOver(msgspec.Struct, frozen=True, gc=False, tag="game_over"):
    """The game has ended (END-1); ``reason`` is ``"land"`` (4th seagull) or ``"no_survivors"``."""

    reason: str


Step = Union[
    AwaitSetup, ProvisionsDraw, ProvisionsPick, ActionTurn, RowDraw, RowPlace, AwaitAnswer, Fight, MugDraw,
    FlareDraw, CompassChoice, CompassDraw, NavigatorDraw, NavigatorChoice, NavigationTurn, OverboardWindow, ThirstWindow, GameOver,
    CannibalismObjection,
]

WINDOWS = (Fight, OverboardWindow, ThirstWindow, CannibalismObjection)
Window = Union[Fight, OverboardWindow, ThirstWindow, CannibalismObjection]
"""A step where several characters may act (PROC-1): each has ``passed``."""
WINDOW_TYPES = frozenset(WINDOWS)
"""The step classes have no subclasses, so ``type(step) in WINDOW_TYPES`` is ``isinstance(step, WINDOWS)``: the hot
paths of the engine test the type, because an ``isinstance`` against a msgspec class that fails costs ~0.1 µs
(its metaclass is looked up for ``__instancecheck__``), ten times a type test."""


World = tuple[tuple[str, tuple[str, ...]], ...]
"""REC-3: ``((zone, looks), ...)`` sorted by zone, each ``looks`` sorted and not empty: where the lost cards of a
recorded game are in one possible world (:mod:`lifeboat.possibilities`)."""

NOTHING_LOST: tuple[World, ...] = ((),)


class Knowledge(msgspec.Struct, frozen=True, gc=False):
    """The possibilities of a recorded game (REC-3, :mod:`lifeboat.possibilities`). ``worlds``: every way the lost
    cards may lie (sorted); ``fresh``: placeholders made so far for cards lost from sight (the next is
    ``?p<provisions + fresh + 1>``); ``origins``: ``(look, zone)``, where a lost card of each look was last known to
    be, for the story."""

    worlds: tuple[World, ...] = NOTHING_LOST
    fresh: int = 0
    origins: tuple[tuple[str, str], ...] = ()

    @property
    def lost(self) -> bool:
        """True when some card is lost (some world puts a card somewhere)."""
        return any(self.worlds)


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole table, as the referee knows it. See the module docstring for the shapes."""

    ruleset: Ruleset
    players: tuple[str, ...]
    characters: tuple[CharacterState, ...] = ()
    seats: tuple[str, ...] = ()
    provisions: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    nav_unseen: tuple[str, ...] = ()
    nav_bottom: tuple[str, ...] = ()
    row_stack: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    unaccounted: tuple[str, ...] = ()
    seagulls: int = 0
    round: int = 0
    action_order: tuple[str, ...] = ()
    action_index: int = 0
    turned_early: tuple[str, ...] = ()  # ACT-3: who acted out of order this action step (swapped with)
    ghosts: tuple[str, ...] = ()  # GHOST-1 (shark variant): characters lost at sea, in the order they were lost
    drank: tuple[str, ...] = ()  # LIQUID-1, WONG-1: one entry per Firewater drunk (or shared) this round
    wong_share: str | None = None  # WONG-1, REF-25: the Firewater just drunk that Mrs. Wong may share (she answers)
    open_parasol: str | None = None
    offer: TradeOffer | None = None
    step: Step = AwaitSetup()
    known: Knowledge | None = None  # REC-3: a recorded game's possibilities once a known card is lost from sight

    # ---- derived facts (no rule decisions) ----

    @property
    def cards(self) -> CardSet:
        """The card facts this game plays with (CARD-3): :data:`lifeboat.cards.BUNDLED` unless its ruleset names a
        table's own card data. Raises :class:`lifeboat.cards.CardDataError` when that data is not loaded."""
        sha256 = self.ruleset.card_data  # cards_of(self.ruleset), inlined: the rules ask for it at every turn
        return card_set(sha256) if sha256 else BUNDLED

    def char(self, character: str) -> CharacterState:
        """The :class:`CharacterState` of ``character``. Raises ``KeyError`` if it is not in the game."""
        for c in self.characters:
            if c.character == character:
                return c
        raise KeyError(character)

    def has(self, character: str) -> bool:
        """True when ``character`` is in this game (in the boat or lost at sea)."""
        for c in self.characters:
            if c.character == character:
                return True
        return False

    def health(self, character: str) -> int:
        """The wounds ``character`` takes before falling unconscious: its printed size, +1 with the shark variant
        (OPT-SHARK). Raises ``KeyError`` for a character id that is not a card."""
        return self.cards.size[character] + self.ruleset.shark_variant

    def status(self, character: str) -> Status:
        """STATUS-1: conscious / unconscious / dead from wounds and health (the printed size; OPT-SHARK: +1)."""
        return status_of(self.char(character), self.ruleset.shark_variant, self.cards)

    def conscious(self, character: str) -> bool:
        """True when ``character`` is in the boat and conscious (STATUS-1)."""
        c = self.char(character)
        return c.in_boat and c.wounds < self.cards.size[character] + self.ruleset.shark_variant

    def alive(self, character: str) -> bool:
        """True when ``character`` is in the boat and not dead."""
        c = self.char(character)
        return c.in_boat and c.wounds <= self.cards.size[character] + self.ruleset.shark_variant

    def conscious_seats(self) -> tuple[str, ...]:
        """Conscious characters from the bow to the stern."""
        global _conscious_memo
        chars, seats, ruleset = self.characters, self.seats, self.ruleset
        memo = _conscious_memo  # the answer depends on these three only; most steps change none of them
        if memo[0] is chars and memo[1] is seats and memo[2] is ruleset:
            seen: tuple[str, ...] = memo[3]
            return seen
        bonus = ruleset.shark_variant  # OPT-SHARK
        size = self.cards.size
        wounds = {c.character: c.wounds for c in reversed(chars)}  # the first one, as char()
        found = tuple([seat for seat in seats if wounds[seat] < size[seat] + bonus])  # KeyError: not in game
        _conscious_memo = (chars, seats, ruleset, found)
        return found

    def character_of(self, player: str) -> str:
        """The character id that ``player`` plays. Raises ``KeyError`` for an unknown player."""
        for c in self.characters:
            if c.player == player:
                return c.character
        raise KeyError(player)

    def holder(self, card: str) -> str | None:
        """The character holding ``card`` in hand or face up, or ``None``."""
        for c in self.characters:
            if card in c.hand or card in c.face_up:
                return c.character
        return None

    def faces_in(self, cards: tuple[str, ...], face: str) -> tuple[str, ...]:
        """The instances in ``cards`` whose face is ``face`` (e.g. every Water)."""
        if not cards:
            return ()  # no generator for nothing: most face-up cards asked about (an oar to row with) are none
        return tuple(c for c in cards if _safe_face(c, self.cards) == face)

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return type(self.step) is GameOver  # a final class: isinstance, cheaper (WINDOW_TYPES)


_conscious_memo: tuple[Any, ...] = (None, None, None, ())
"""The last :meth:`State.conscious_seats`: ``(characters, seats, ruleset, answer)``. Tuples and rulesets never
change, and a ruleset's card set is registered once for the process (``cards.card_set``), so the same objects
(``is``) give the same answer; the memo holds them, so their ids cannot be reused. The procedure asks after nearly
every event (windows closing, turns), mostly of states that differ only in their step: about 1 µs each time
without it. :func:`put_char` carries the memo over to the new characters when no wounds change."""


def status_of(character: CharacterState, bonus: int = 0, cards: CardSet | None = None) -> Status:
    """STATUS-1: conscious / unconscious / dead from the wounds and the printed size of ``character`` in ``cards``
    (default: the bundled data; a game passes ``state.cards``, CARD-3) plus ``bonus`` (1 with the shark variant,
    OPT-SHARK). Raises ``KeyError`` for a character id that is not a card."""
    wounds, size = character.wounds, (cards or BUNDLED).size[character.character] + bonus
    if wounds < size:
        return "conscious"
    if wounds == size:
        return "unconscious"
    return "dead"


def _safe_face(card: str, cards: CardSet) -> str | None:
    try:
        return cards.face_of(card)
    except KeyError:
        return None


def replace_char(state: State, character: str, **changes: object) -> State:
    """Return ``state`` with ``character``'s :class:`CharacterState` fields replaced."""
    chars = tuple(
        msgspec.structs.replace(c, **changes) if c.character == character else c for c in state.characters
    )
    return msgspec.structs.replace(state, characters=chars)


def put_char(state: State, old: CharacterState, new: CharacterState) -> State:
    """Return ``state`` with ``old``, one of its characters as :meth:`State.char` found it, replaced by ``new``
    (``msgspec.structs.replace(old, ...)``). Raises ``ValueError`` if ``old`` is not one of them.

    :func:`replace_char` for an applier that has already looked the character up: no second search in Python and
    no keyword arguments passed on, ~0.4 µs less a call (about every other event)."""
    global _conscious_memo
    before = state.characters
    chars = list(before)
    chars[chars.index(old)] = new  # the first equal one: old itself, the ids differ
    after = tuple(chars)
    memo = _conscious_memo
    if memo[0] is before and new.wounds == old.wounds and new.character == old.character:
        # the same wounds, ids and seats give the same conscious seats: a hand or face-up change or a row (most
        # changes of a character) keeps the memo instead of costing ~1 µs at the next ask
        _conscious_memo = (after, *memo[1:])
    return msgspec.structs.replace(state, characters=after)
