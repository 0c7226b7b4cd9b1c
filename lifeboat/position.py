"""Positions: a game picked up in the middle, as chess has FEN (docs/position-format.md, rule POS-1).

A :class:`Position` describes the table at the start of a phase: seats, characters, wounds, markers, face-up cards,
hands (``"?"`` where unseen), LOVE/HATE where known, seagulls, deck sizes and known discards, whose move. It is
stored in the journal header (``position``), and :func:`position_state` turns it into the engine's
:class:`~lifeboat.state.State`, with placeholders for every unseen card (REC-1), so that every later command is
checked from there on.

Card names in a position are card ids (``water-3``) or faces (``water``; the lowest free instance of that face is
used). Every error is an :class:`~lifeboat.errors.InvalidCommand` with rule ``POS-1`` naming the field.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

from lifeboat import events as e
from lifeboat.cards import UNKNOWN, cards_of
from lifeboat.errors import InvalidCommand
from lifeboat.evolve import fold
from lifeboat.game import max_players, reserved_name
from lifeboat.position_types import explain
from lifeboat.ruleset import OPTION_NAMES, Ruleset, validate
from lifeboat.state import CharacterState, State
from lifeboat.i18n import _, data_name

RULE = "POS-1"
Phase = Literal["round", "action", "navigation"]


class CharacterPosition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One character: ``hand`` and ``face_up`` list card ids or faces (``"?"`` for an unseen hand card); ``love`` and
    ``hate`` are character ids or ``"?"``; ``lost_at_sea`` removes it from the boat (its cards unknown)."""

    character: str
    player: str
    wounds: int = 0
    hand: tuple[str, ...] = ()
    face_up: tuple[str, ...] = ()
    love: str = UNKNOWN
    hate: str = UNKNOWN
    rowed: bool = False
    fought: bool = False
    parasol_open: bool = False
    lost_at_sea: bool = False


class Position(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The table at the start of a phase.

    - ``characters``: in the boat from the bow first (their order is the seats), then any lost at sea.
    - ``phase``: ``"round"`` (a new round: provisions first), ``"action"`` (``actor``'s action; those seated nearer
      the bow have acted this round) or ``"navigation"``.
    - ``provisions_deck``: cards left in the provisions deck (default: every provision not named or in a hand,
      less ``removed``). ``removed``: provisions removed unseen at setup (default 10 with 4-5 players, else 0).
    - ``discard``: the discard pile as far as it is known: card names, ``"?"`` for a card nobody remembers.
      ``discard_size``: how many cards the pile holds (default: ``len(discard)``, or, when only ``provisions_deck``
      is given, whatever the other numbers leave); the cards of the pile not named are unseen, behind placeholders
      like every other unseen card (REC-1, REF-20). ``row_stack``: how many unseen cards are on it.
    - ``options``: ruleset options (``Ruleset`` fields, e.g. ``{"expansions": ["cannibalism"]}``).
    - ``note``: free text (where the position comes from).
    """

    characters: tuple[CharacterPosition, ...]
    phase: Phase = "round"
    round: int = 1
    seagulls: int = 0
    actor: str | None = None
    discard: tuple[str, ...] = ()
    discard_size: int | None = None
    row_stack: int = 0
    provisions_deck: int | None = None
    removed: int | None = None
    options: dict[str, object] = {}
    note: str = ""


def load(data: dict[str, object]) -> Position:
    """A :class:`Position` from decoded JSON or TOML. Raises InvalidCommand (POS-1) naming what is wrong."""
    try:
        return msgspec.convert(data, Position)
    except msgspec.ValidationError as exc:  # in the file's words: key, what it takes, what it has (POS-1)
        keys = {"": ("a position", Position.__struct_fields__),
                ".characters": ("a character", CharacterPosition.__struct_fields__)}
        raise InvalidCommand(RULE, explain(str(exc), data, keys=keys, choices={".phase": get_args(Phase)})) from None


def stored(position: Position) -> dict[str, object]:
    """``position`` as plain values for a journal header; a field added later is left out while it has its default,
    so a position that does not use it is stored exactly as before."""
    out: dict[str, object] = msgspec.to_builtins(position)
    if out.get("discard_size") is None:
        out.pop("discard_size", None)
    return out


def _fail(message: str) -> InvalidCommand:
    return InvalidCommand(RULE, message)


def _ruleset(position: Position, card_data: str | None) -> Ruleset:
    options = dict(position.options)
    named = options.get("expansions")
    if isinstance(named, (list, tuple)):  # given once, as OPT-1 asks of an --option (a file's mistake: POS-1)
        twice = next((x for i, x in enumerate(named) if x in named[:i]), None)
        if twice is not None:
            raise _fail(_("options.expansions: {twice!r} is named twice; name it once").format(twice=twice))
    if card_data:  # CARD-3: the table's own card data, named by its hash
        options["card_data"] = card_data
    try:
        return validate(msgspec.convert(options, Ruleset))
    except msgspec.ValidationError as exc:  # quick_game = "yes": the key, true or false, what the file has (POS-1)
        raise _fail(explain(str(exc), options, within=("options",), keys={"": ("options", OPTION_NAMES)})) from None


def _check_characters(position: Position, ruleset: Ruleset) -> tuple[str, ...]:
    """Check the characters and players of ``position`` (SETUP-1, POS-1); returns the players in seat order."""
    allowed = cards_of(ruleset).characters_in(ruleset.card_sets)
    chars = position.characters
    ids = [c.character for c in chars]
    for c in chars:
        if c.character not in allowed:
            raise _fail(_("character {character!r} is not in this game's sets; expected one of {allowed}").format(character=c.character, allowed=', '.join(allowed)))
        for field in ("love", "hate"):
            v = getattr(c, field)
            if v != UNKNOWN and v not in ids:
                raise _fail(_("{character}.{field}: {v!r} is not a character of this position").format(character=c.character, field=field, v=v))
        if c.wounds < 0:
            raise _fail(_("{character}.wounds: must be 0 or more").format(character=c.character))
    if len(set(ids)) != len(ids):
        raise _fail(_("a character is listed twice"))
    most = max_players(ruleset)  # SETUP-1: 6, 7 with one expansion, 8 with both (REF-26)
    if not 4 <= len(chars) <= most:
        raise _fail(_("characters: a game has 4 to {most} characters (SETUP-1), got {n}").format(most=most, n=len(chars)))
    if not 1 <= position.round <= 1000:
        raise _fail(_("round: expected a round number from 1 to 1000"))
    for c in chars:
        if reserved_name(c.player):
            raise _fail(_("{character}.player: {player!r} is a character's name or a reserved word (SETUP-1)").format(character=c.character, player=c.player))
    players = tuple(c.player for c in chars)
    if len(set(p.casefold() for p in players)) != len(players):
        raise _fail(_("player names must be different"))
    return players


def _name_cards(position: Position, ruleset: Ruleset
                ) -> tuple[list[str], tuple[str, ...], dict[str, tuple[tuple[str, ...], tuple[str, ...]]], int]:
    """Give each named card of ``position`` an instance: ``(free instances left, discard, {character: (hand,
    face up)}, how many hand cards are unseen)``."""
    chars = position.characters
    cards = cards_of(ruleset)  # CARD-3: this game's instances and points
    all_prov = list(cards.provision_instances(ruleset.card_sets))
    face_of, treasure_points, faces = cards.face_of, cards.treasure_points, cards.faces
    free = list(all_prov)

    def take(name: str, where: str) -> str:
        if name in free:
            free.remove(name)
            return name
        if name in all_prov:
            raise _fail(_("{where}: {name} is named twice").format(where=where, name=name))
        from lifeboat.notation.names import face_named  # the notation's card names (painting(3), med kit, 水)

        named = face_named(name)
        if named is None:
            raise _fail(_("{where}: {name!r} is not a card (ids like water-3, or names as in the notation: water, "
                          "painting(3), med kit)").format(where=where, name=name))
        face, value = named
        pick = next((x for x in free if face_of(x) == face and (value is None or treasure_points(x) == value)), None)
        if pick is None and value is not None and not any(treasure_points(x) == value for x in all_prov
                                                          if face_of(x) == face):
            raise _fail(_("{where}: no {card} is worth {value}").format(
                where=where, card=data_name("card", faces[face].en, faces[face].zh), value=value))
        if pick is None:
            what = data_name("card", faces[face].en, faces[face].zh) + (f" ({value})" if value is not None else "")
            raise _fail(_("{where}: no {what} is left to name (the game has {total})").format(where=where, what=what, total=faces[face].total))
        free.remove(pick)
        return pick

    discard = tuple(UNKNOWN if x == UNKNOWN else take(x, "discard") for x in position.discard)
    named: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    unknown_in_hands = 0
    for c in chars:
        hand = tuple(UNKNOWN if x == UNKNOWN else take(x, f"{c.character}.hand") for x in c.hand)
        face_up = tuple(take(x, f"{c.character}.face_up") for x in c.face_up)
        unknown_in_hands += hand.count(UNKNOWN)
        named[c.character] = (hand, face_up)
    return free, discard, named, unknown_in_hands


def position_state(position: Position, card_data: str | None = None) -> State:
    """The engine state of ``position``: every named card in place, a placeholder for every unseen one (REC-1).
    ``card_data`` names the table's own card data (its SHA-256, registered with :func:`lifeboat.cards.register`;
    CARD-3); by default the position's options say, else the bundled data.

    Raises:
        InvalidCommand: POS-1: an unknown character or card, a card named twice, more cards than the game has,
            counts that do not add up, a phase without its actor.
        NotImplementedOption: an option not implemented yet (OPT-1).
        CardDataError: ``card_data`` names card data this process has not registered (CARD-3).
    """
    ruleset = _ruleset(position, card_data)
    players = _check_characters(position, ruleset)
    chars = position.characters
    free, discard, named, unknown_in_hands = _name_cards(position, ruleset)
    n_players = len(chars)
    removed = position.removed
    if removed is None:
        removed = 10 if n_players < 6 and ruleset.remove_provisions_short_handed else 0
    deck, unseen_discard = _deck_and_discard(position, len(free) - unknown_in_hands - removed, discard)
    if deck < 0 or deck + unknown_in_hands + removed + unseen_discard != len(free):
        raise _fail(_("provisions do not add up: {n} unnamed cards, but {unknown_in_hands} unseen in hands, {removed} "
                      "removed, {unseen_discard} unseen in the discard pile and {deck} in the deck; if the rest is in "
                      "the discard pile, leave out provisions_deck or give discard_size").format(n=len(free), unknown_in_hands=unknown_in_hands, removed=removed, unseen_discard=unseen_discard, deck=deck))
    nav = cards_of(ruleset).navigation_instances(ruleset.card_sets)
    if not 0 <= position.row_stack <= len(nav):
        raise _fail(_("row_stack: expected 0 to {n} cards").format(n=len(nav)))
    # placeholders: provisions ?p1.. (removed, deck, hands, then the discard pile's unseen cards), navigation ?n1..
    counter = iter(range(1, len(free) + 1))
    removed_ph = tuple(f"?p{next(counter)}" for _ in range(removed))
    deck_ph = tuple(f"?p{next(counter)}" for _ in range(deck))
    states = []
    for c in chars:
        hand, face_up = named[c.character]
        hand = tuple(f"?p{next(counter)}" if x == UNKNOWN else x for x in hand)
        states.append(CharacterState(
            character=c.character, player=c.player, love=c.love, hate=c.hate, wounds=c.wounds, hand=hand,
            face_up=face_up, rowed=c.rowed, fought=c.fought, in_boat=not c.lost_at_sea,
        ))
    extra = unseen_discard - discard.count(UNKNOWN)  # unseen cards beyond the '?' listed: the bottom of the pile
    discard = tuple(f"?p{next(counter)}" if x == UNKNOWN else x for x in (UNKNOWN,) * extra + discard)
    nav_ph = tuple(f"?n{i}" for i in range(1, len(nav) + 1))
    seats = tuple(c.character for c in chars if not c.lost_at_sea)
    open_parasol = next((x for c in chars if c.parasol_open for x in named[c.character][1]
                         if cards_of(ruleset).face_of(x) == "parasol"), None)
    if any(c.parasol_open for c in chars) and open_parasol is None:
        raise _fail(_("parasol_open: that character has no face-up Parasol"))
    state = State(
        ruleset=ruleset, players=players, characters=tuple(states), seats=seats, provisions=deck_ph,
        removed=removed_ph, discard=discard, nav_unseen=nav_ph[position.row_stack:],
        row_stack=nav_ph[: position.row_stack], seagulls=position.seagulls, round=position.round,
        open_parasol=open_parasol, unaccounted=tuple(sorted(free + list(nav))),
    )
    if not 0 <= position.seagulls < 4:
        raise _fail(_("seagulls: expected 0 to 3"))
    return _place_step(state, position)


def _deck_and_discard(position: Position, rest: int, discard: tuple[str, ...]) -> tuple[int, int]:
    """``(cards in the provisions deck, unseen cards in the discard pile)``, where ``rest`` provisions are neither
    named nor in a hand nor removed (POS-1, REF-20): the discard pile's size, if given, fixes its unseen cards;
    the deck, if given, fixes itself; whichever is not given is the rest."""
    listed = discard.count(UNKNOWN)
    named = len(discard) - listed
    size, deck = position.discard_size, position.provisions_deck
    if size is not None and size < len(discard):
        raise _fail(_("discard_size: {size} is fewer than the {n} cards listed in discard").format(size=size, n=len(discard)))
    if size is None and deck is not None:
        unseen = rest - deck
        if unseen < listed:
            raise _fail(_("provisions do not add up: {rest} cards are in neither a hand nor named, but provisions_deck is "
                          "{deck} and discard lists {listed} unseen card(s)").format(rest=rest, deck=deck, listed=listed))
        return deck, unseen
    unseen = listed if size is None else size - named
    return (rest - unseen if deck is None else deck), unseen


def _place_step(state: State, position: Position) -> State:
    """Set whose move it is, by folding the same events the engine emits at that point."""
    conscious = state.conscious_seats()
    if position.phase == "action":
        actor = position.actor
        if actor not in state.seats or not state.conscious(actor):
            raise _fail(_("actor: name the conscious character whose action it is"))
        order = state.seats
        state = fold(state, [e.ActionPhaseStarted(order=order)])
        return fold(state, [e.ActionTurnStarted(character=actor, index=order.index(actor))])
    if position.phase == "navigation":
        navigator = conscious[-1] if conscious else None
        state = fold(state, [e.NavigationPhaseStarted(navigator=navigator)])
        return state
    # a new round: provisions, or straight to actions
    if state.provisions and conscious:
        return fold(state, [e.ProvisionsPhaseStarted(quartermaster=conscious[0],
                                                     count=min(len(conscious), len(state.provisions)))])
    state = fold(state, [e.ActionPhaseStarted(order=state.seats)])
    first = conscious[0] if conscious else None
    if first is None:
        return fold(state, [e.NavigationPhaseStarted(navigator=None)])
    return fold(state, [e.ActionTurnStarted(character=first, index=state.seats.index(first))])


__all__ = ["CharacterPosition", "Position", "load", "position_state", "stored"]
