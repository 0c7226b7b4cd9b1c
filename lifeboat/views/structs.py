"""The view Structs: what an audience is given. Plain msgspec Structs, so ``msgspec.json.encode(view)`` is the
``--json`` output.

A seat's view type has no field that could hold another seat's secret: other characters are
:class:`CharacterView` (``hand_size``, never ``hand``); the seat's own hand, LOVE and HATE are top-level fields of
:class:`SeatView`; every character's secrets appear only in :class:`Reveal`, which is ``None`` until the game has
ended (END-2), and in :class:`RefereeView`. Hidden cards inside a list are ``None`` (the list keeps its length).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from lifeboat.cards import card_name
from lifeboat.commands import PlayerCommand
from lifeboat.ruleset import Ruleset
from lifeboat.scoring import Score

CharacterStatus = Literal["conscious", "unconscious", "dead", "lost_at_sea"]


class EventView(msgspec.Struct, frozen=True, kw_only=True):
    """One event as an audience saw it.

    ``seq`` is the event's index in the log; ``round`` the round it happened in (0 during setup); ``type`` the
    event's tag (``"provision_kept"`` …); ``data`` every field of the event, each hidden value ``None`` (a hidden
    list keeps its length); ``hidden`` the names of the fields with a hidden part; ``text`` one plain-English line
    written only from ``data`` ("Sir Stephen kept a card", "You kept Water").
    """

    seq: int
    round: int
    type: str
    text: str
    data: dict[str, Any]
    hidden: tuple[str, ...] = ()


class StepView(msgspec.Struct, frozen=True, kw_only=True):
    """What the game waits for: ``kind`` is the step's tag (``"provisions_pick"``, ``"action_turn"``,
    ``"fight"`` …), ``data`` its fields as this audience may see them (a picker's ``offered`` cards, a rower's
    ``drawn`` cards are ``None`` to others), ``text`` one line ("Your action", "The Captain keeps one of 3 cards")."""

    kind: str
    text: str
    data: dict[str, Any]
    hidden: tuple[str, ...] = ()


class CharacterView(msgspec.Struct, frozen=True, kw_only=True):
    """The public facts of one character (PROC-5): ``seat`` is its index from the bow (0), ``None`` once lost at
    sea; ``status`` is STATUS-1's or ``"lost_at_sea"`` (OVER-3); ``hand_size`` how many cards it holds in hand;
    ``size`` its health: the printed size, +1 with the shark variant (OPT-SHARK)."""

    character: str
    name: str
    player: str
    seat: int | None
    size: int
    wounds: int
    status: CharacterStatus
    in_boat: bool
    hand_size: int
    face_up: tuple[str, ...]
    rowed: bool
    fought: bool

    @property
    def face_up_names(self) -> tuple[str, ...]:
        """The English names of the face-up cards (:func:`lifeboat.cards.card_name`); not encoded."""
        return tuple(card_name(x) for x in self.face_up)


#: The name the task brief uses for another seat's character: the same public facts.
OtherCharacterView = CharacterView


class SecretsView(msgspec.Struct, frozen=True, kw_only=True):
    """One character's secrets: ``hand``, ``love`` and ``hate`` (character ids). Only in :class:`Reveal` (END-2)
    and :class:`RefereeView`."""

    character: str
    hand: tuple[str, ...]
    love: str
    hate: str


class ScoreNote(msgspec.Struct, frozen=True, kw_only=True):
    """Why a ``player``'s score is what it is when a LOVE or HATE names their own character, or LOVE and HATE name
    the same character (SCORE-2): one plain-English line, ``text``."""

    player: str
    text: str


class Reveal(msgspec.Struct, frozen=True, kw_only=True):
    """END-2: at the end every hand, LOVE and HATE is revealed. ``secrets`` per character (joining order),
    ``removed`` the provisions removed unseen at setup (SETUP-3), ``scores`` per player (SCORE-1..3),
    ``winners`` (player names) and ``notes``, a line for each player SCORE-2 scores in its own way
    (:func:`lifeboat.views.score_notes.score_notes`)."""

    secrets: tuple[SecretsView, ...]
    removed: tuple[str, ...]
    scores: tuple[Score, ...]
    winners: tuple[str, ...]
    notes: tuple[ScoreNote, ...] = ()


class OfferView(msgspec.Struct, frozen=True, kw_only=True):
    """A pending trade (TRADE-1): ``give`` the offered cards and ``ask`` the asked faces, ``None`` for an audience
    that is not one of the two (so it sees the counts)."""

    by: str
    to: str
    give: tuple[str | None, ...]
    ask: tuple[str | None, ...]
    text: str


class Memory(msgspec.Struct, frozen=True, kw_only=True):
    """A fact a seat saw that the table did not: ``seq`` the event's number (not the commit's), ``round``, ``type``, ids
    (``seen``: cards, or the LOVE/HATE character) and the ``text`` as the seat saw it ("You passed Water and Bundle
    of Cash to Sir Stephen"). A remembered fact, not a claim about where the card is now; a card the seat no longer
    holds is named by its face in ``seen`` (``"water"``, VIEW-FACE-1)."""

    seq: int
    round: int
    type: str
    seen: tuple[str, ...]
    text: str


class FighterView(msgspec.Struct, frozen=True, kw_only=True):
    """One member of a fight's side and what it brings (FIGHT-3): ``size`` (printed; +1 with OPT-SHARK),
    ``weapons`` (the sizes of the weapons face up in front of it), ``firewater`` (+3 per Firewater drunk or shared
    this round, LIQUID-1, REF-24) and ``strength``, their sum. Public facts only (a card in hand never counts)."""

    character: str
    size: int
    weapons: int
    firewater: int
    strength: int


class FightView(msgspec.Struct, frozen=True, kw_only=True):
    """The open fight (FIGHT-1..3): its ``kind`` (``"mug"``, ``"swap"``, ``"cannibalism"``), the ``attackers`` and
    ``defenders`` in joining order, and each side's strength now, ``attack`` and ``defence`` (the sums of its
    members' ``strength``; a tie goes to the defenders). Public: every audience sees the same (PROC-5)."""

    kind: str
    attackers: tuple[FighterView, ...]
    defenders: tuple[FighterView, ...]
    attack: int
    defence: int


class TableView(msgspec.Struct, frozen=True, kw_only=True, tag_field="view"):
    """The table as one audience sees it (PROC-5). Shapes:

    - ``characters``: every character, boat seats from the bow first, then those lost at sea.
    - ``waiting_for``: whose decision the game waits for (:func:`lifeboat.legal.waiting_for`); ``step`` what kind.
    - ``provisions_deck``, ``removed_provisions``, ``navigation_deck``: deck sizes (SETUP-3, PROC-5).
    - ``row_stack``: one entry per card, the card id where this audience knows it (a rower's own cards, the
      navigator choosing, NAV-1), else ``None``.
    - ``in_play``: navigation cards face up (the card of the round, Flare Gun draws); ``discard``: the discard pile.
    - ``reveal``: ``None`` until the game has ended (END-2).
    - ``open_parasol``: the Parasol card opened as an action (PARASOL-1), ``parasol_holder`` the character id in
      front of whom it lies face up; both ``None`` when no Parasol is open.
    - ``drank``: the character ids who drank Firewater this round, or shared it (Liquid Courage: LIQUID-1, WONG-1),
      once per drink, in the order drunk: each is +3 size in fights and one more thirst until the round ends
      (REF-24); public, since the card goes face up and Mrs. Wong answers aloud; ``()`` without the expansion.
    - ``fight``: the open fight's sides and strengths (:class:`FightView`, FIGHT-3), ``None`` outside a fight.
    """

    round: int
    step: StepView
    waiting_for: tuple[str, ...]
    seats: tuple[str, ...]
    characters: tuple[CharacterView, ...]
    seagulls: int
    provisions_deck: int
    removed_provisions: int
    navigation_deck: int
    row_stack: tuple[str | None, ...]
    in_play: tuple[str, ...]
    discard: tuple[str, ...]
    open_parasol: str | None
    offer: OfferView | None
    action_order: tuple[str, ...]
    ruleset: Ruleset
    over: bool
    reveal: Reveal | None = None
    parasol_holder: str | None = None
    drank: tuple[str, ...] = ()
    fight: FightView | None = None

    @property
    def step_text(self) -> str:
        """``step.text``, with the pending trade when there is one; not encoded."""
        return self.step.text if self.offer is None else f"{self.step.text} {self.offer.text}"


class PublicView(TableView, frozen=True, kw_only=True, tag="public"):
    """What a spectator sees: the table only."""


class SeatView(TableView, frozen=True, kw_only=True, tag="seat"):
    """What the player of ``viewer`` (a character id) sees: the table, its own ``hand``, ``love`` and ``hate``
    (character ids), its ``legal`` commands now (:func:`lifeboat.legal.legal_commands`) and its ``memory``."""

    viewer: str
    player: str
    hand: tuple[str, ...]
    love: str
    hate: str
    legal: tuple[PlayerCommand, ...]
    memory: tuple[Memory, ...]

    @property
    def hand_names(self) -> tuple[str, ...]:
        """The English names of the cards in hand (:func:`lifeboat.cards.card_name`); not encoded."""
        return tuple(card_name(x) for x in self.hand)


class RefereeView(TableView, frozen=True, kw_only=True, tag="referee"):
    """Everything (reachable only through :func:`lifeboat.views.referee_view`): the table with the whole row
    stack, every character's ``secrets``, the ``provisions`` deck, the ``removed`` provisions and the navigation
    deck (``navigation_unseen``, sorted; then ``navigation_bottom``, top first); in a recorded game (REC-1) the real
    cards not yet named (``unaccounted``)."""

    secrets: tuple[SecretsView, ...]
    provisions: tuple[str, ...]
    removed: tuple[str, ...]
    navigation_unseen: tuple[str, ...]
    navigation_bottom: tuple[str, ...]
    unaccounted: tuple[str, ...] = ()
