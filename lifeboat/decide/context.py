"""The working context of one decision and the checks every rule area shares.

:class:`Ctx` collects the events a command produces and applies each at once with :func:`lifeboat.evolve.evolve`,
so later rules see its effect. The ``require_*`` checks raise :class:`InvalidCommand` (a malformed command) or
:class:`IllegalCommand` (the rules forbid it now) naming the rule id; they never change anything.
"""

from __future__ import annotations

import msgspec

from lifeboat import events as e
from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED, CHARACTERS, UNKNOWN, is_unknown
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.evolve import APPLIERS, evolve
from lifeboat import state as st
from lifeboat.state import ActionTurn, State, status_of
from lifeboat.i18n import N_, _, data_name, language


class Legal(Exception):
    """Raised by a probing :class:`Ctx` at the first event: every check of the command has passed."""


class Ctx(msgspec.Struct):
    """Collects events, applying each to a working state (``state``): ``Ctx(state, probe=False)``.

    A probing context (``probe=True``, only for a digital game: no recorded placeholders) raises :class:`Legal`
    at the first event instead: in a digital game every rule is checked before the first event of a player
    command, so that event proves the command legal and nothing after it needs computing (:func:`is_legal`).
    A (mutable) msgspec Struct rather than a class with ``__init__``: made for every command, in C, ~0.05 µs less.
    """

    state: State
    probe: bool = False  # second, as when Ctx was a class: Ctx(state, True) probes
    events: list[e.Event] = msgspec.field(default_factory=list)

    def emit(self, event: e.Event) -> None:
        """Apply ``event`` to ``state`` at once and keep it (one event a call, no loop: ~0.1 µs a command less)."""
        if self.probe:
            raise Legal
        applier = APPLIERS.get(type(event))  # evolve's own lookup, one call less for every event decided
        self.state = evolve(self.state, event) if applier is None else applier(self.state, event)
        self.events.append(event)


def name_of(character: str) -> str:
    """The name of a character id in the language in use (:mod:`lifeboat.i18n`; the id itself when unknown), for
    messages."""
    c = CHARACTERS.get(character)
    return character if c is None else data_name("character", c.en, c.zh)


def require_character(state: State, character: str, rule: str = "TURN-1") -> str:
    """``character`` if it is in this game. Raises InvalidCommand (``rule``) listing the characters otherwise."""
    for ch in state.characters:
        if ch.character == character:
            return character
    raise _unknown(state, character, rule)


def _unknown(state: State, character: str, rule: str = "TURN-1") -> InvalidCommand:
    known = ", ".join(ch.character for ch in state.characters)
    return InvalidCommand(rule, _("{character!r} is not a character in this game; expected one of: "
                                  "{known}").format(character=character, known=known))


def require_in_boat(state: State, character: str, rule: str) -> str:
    """``character`` if it is in the game and in the boat. Raises InvalidCommand / IllegalCommand (``rule``)."""
    require_character(state, character, rule)
    if character not in state.seats:
        raise IllegalCommand(rule, _("{character} is lost at sea").format(character=name_of(character)))
    return character


def require_conscious(state: State, by: str) -> None:
    """STATUS-1: ``by`` is in the game, in the boat and conscious. Raises InvalidCommand / IllegalCommand."""
    for ch in state.characters:
        if ch.character == by:
            break
    else:
        raise _unknown(state, by)
    if not ch.in_boat:
        raise IllegalCommand("STATUS-1", _("{actor} is lost at sea and cannot act").format(actor=name_of(by)))
    bonus, cards = state.ruleset.shark_variant, state.cards
    if ch.wounds < cards.size[by] + bonus:  # conscious (status_of's first test, without the call)
        return
    status = status_of(ch, bonus, cards)
    if status != "conscious":
        raise IllegalCommand("STATUS-1", (_("{actor} is dead and cannot act") if status == "dead" else
                                          _("{actor} is unconscious and cannot act")).format(actor=name_of(by)))


def card_face(card: str, rule: str = "CARD-1", cards: CardSet | None = None) -> str:
    """The face of a provision instance of ``cards`` (the game's ``state.cards``; default the bundled data, CARD-3).
    Raises InvalidCommand (``rule``) for anything else."""
    try:
        return (cards or BUNDLED).face_of(card)
    except KeyError:
        raise InvalidCommand(rule, _("{card!r} is not a provision card").format(card=card)) from None


def require_held(state: State, by: str, card: str, face: str | None = None, *, hand_only: bool = False,
                 rule: str = "CARD-1", unseen_ok: bool = False) -> None:
    """CARD-1: ``by`` holds ``card`` (of ``face`` if given) in hand, or face up unless ``hand_only``. A placeholder
    in hand passes when ``unseen_ok`` (REC-1). Raises InvalidCommand / IllegalCommand."""
    if unseen_ok and is_unknown(card) and card in state.char(by).hand:
        return  # REC-1: a card passed face down in a recorded game (a trade) may stay unseen
    actual = card_face(card, cards=state.cards)
    if face is not None and actual != face:
        # English names the face in lower case ("not a flare gun"); a translation names it as the cards do
        kind = face.replace("_", " ") if language() == "en" else card_named(face, state)
        raise InvalidCommand(rule, _("{card!r} is not a {face}").format(card=card, face=kind))
    ch = state.char(by)
    if card in ch.hand or (not hand_only and card in ch.face_up):
        return
    if card in ch.face_up:  # held, but this command takes it from the hand only (PLAY-1, TRADE-1)
        raise IllegalCommand(rule, _("your {card} is face up in front of you; only cards in your hand "
                                     "can be used so").format(card=card_named(card, state)))
    shown = [x for x in ch.face_up if x.rpartition("-")[0] == card.rpartition("-")[0]]
    named = card_named(card, state)
    if not hand_only:
        raise IllegalCommand("CARD-1", _("you do not hold {card} in your hand or face up in front of you").format(
            card=named))
    if shown:
        raise IllegalCommand("CARD-1", _("you do not hold {card} in your hand (your {shown} is face up in front of "
                                         "you)").format(card=named, shown=card_named(shown[0], state)))
    raise IllegalCommand("CARD-1", _("you do not hold {card} in your hand").format(card=named))


def card_named(card: str, state: State) -> str:
    """A card as the user names it (its face, "Cash", not an instance id the user may never have typed)."""
    try:
        return state.cards.card_name(card)
    except KeyError:
        return repr(card)


def require_actor(state: State, by: str) -> None:
    """ACT-1, ACT-2: it is ``by``'s action now, and ``by`` is conscious. Raises IllegalCommand."""
    step = state.step
    if not isinstance(step, ActionTurn):
        raise IllegalCommand("ACT-2", _("no action can be taken now: {busy}").format(busy=busy(state)))
    if step.actor != by:
        raise IllegalCommand("ACT-1", _("it is {actor}'s action, not {actor2}'s").format(actor=name_of(step.actor), actor2=name_of(by)))
    require_conscious(state, by)


def busy(state: State) -> str:
    """ACT-2: what must happen before an action can be taken, and what may be typed, in words for a refusal."""
    step = state.step
    tag = str(type(step).__struct_config__.tag)
    if isinstance(step, st.Fight):
        fought = {"cannibalism": N_("the objection to Cannibalism is being fought out ({attacker} against {target}); "
                                    "the fight must be resolved first: join a side, reveal a weapon or pass ('close' "
                                    "passes for everyone left)"),
                  "swap": N_("the refused seat change is being fought out ({attacker} against {target}); the fight "
                             "must be resolved first: join a side, reveal a weapon or pass ('close' passes for "
                             "everyone left)")}.get(step.kind, N_(
            "the refused mug is being fought out ({attacker} against {target}); the fight must be resolved first: "
            "join a side, reveal a weapon or pass ('close' passes for everyone left)"))
        return _(fought).format(attacker=name_of(step.attacker), target=name_of(step.target))
    if isinstance(step, st.AwaitAnswer):
        return _("{target} must first consent or refuse").format(target=name_of(step.target))
    if isinstance(step, st.CannibalismObjection):
        return _("the Cannibalism must be settled first: object or pass ('close' passes for everyone left)")
    if isinstance(step, st.OverboardWindow):
        return _("the overboard window is open: play a card or pass ('close' passes for everyone left)")
    if isinstance(step, st.ThirstWindow):
        return _("the thirst window is open: play a card or pass ('close' passes for everyone left)")
    waiting = {
        "await_setup": N_("the deal comes first"), "provisions_draw": N_("the provisions are being drawn"),
        "provisions_pick": N_("the provisions are being handed out: keep a card"),
        "row_draw": N_("a row is under way"), "row_place": N_("a row is under way: place the cards drawn"),
        "mug_draw": N_("a card is being taken from a hand"), "flare_draw": N_("the Flare Gun's cards are being drawn"),
        "game_over": N_("the game is over"),
    }.get(tag, N_("it is the navigation"))
    return _(waiting)


def nav_available(state: State) -> int:
    """How many navigation cards can still be drawn (the unseen part and the cards put under the deck)."""
    return len(state.nav_unseen) + len(state.nav_bottom)


def check_top(state: State, cards: tuple[str, ...], count: int) -> None:
    """CHANCE-1: ``cards`` are the next ``count`` cards of the navigation deck, top first. Raises
    InvalidCommand (wrong count or not a navigation card) / IllegalCommand (not on top of the deck)."""
    if len(cards) != count:
        raise InvalidCommand("CHANCE-1", _("expected {count} navigation card(s), got {n_cards}").format(count=count, n_cards=len(cards)))
    unseen, bottom = list(state.nav_unseen), list(state.nav_bottom)
    for card in cards:
        if card not in state.cards.navigation and not (is_unknown(card) and card != UNKNOWN):
            raise InvalidCommand("CHANCE-1", _("{card!r} is not a navigation card").format(card=card))
        if unseen:
            if card not in unseen:
                raise IllegalCommand("CHANCE-1", _("{card} cannot be drawn now: it is not in the "
                                                   "navigation deck").format(card=card))
            unseen.remove(card)
        elif bottom and bottom[0] == card:
            bottom.pop(0)
        else:
            raise IllegalCommand("CHANCE-1", _("{card} is not the top card of the navigation deck").format(card=card))
