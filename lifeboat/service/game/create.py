"""Creating a game file: a digital game committed to freshly shuffled deck orders (CHANCE-2), or a recorded game
(REC-1) from setup or from a position (POS-1). The deal itself is the table's (:meth:`lifeboat.service.game.table.Table.deal_new`).
"""

from __future__ import annotations

from typing import Any

import os
from pathlib import Path

import msgspec

import journal
from lifeboat import Ruleset, new_game
from lifeboat.card_set import CardSet
from lifeboat.chance import DeckOrders, commitment, shuffle
from lifeboat.state import State
from lifeboat.service.errors import FileProblem, companion_too_long, missing_folder
from lifeboat.service.game.files import deck_path, write_deck_file
from lifeboat.service.game.headers import ENGINE, RULESET_NAME, card_meta, with_cards
from lifeboat.service.game.players import check_new_names
from lifeboat.i18n import _

def create_recorded_game(path: Path, *, players: list[str] | None = None, ruleset: Ruleset | None = None,
                         position: dict[str, Any] | None = None, clock: journal.Clock | None = None,
                         cards: CardSet | None = None) -> tuple[journal.JsonlJournal, State]:
    """Start a recorded game (REC-1): chance is entered by the recorder, nothing is committed in advance.
    From ``position`` (a decoded position file, POS-1) or from setup with ``players``; with ``cards`` (a
    registered :class:`CardSet`, CARD-3) the game plays with them and its header carries a copy.

    Raises:
        journal.JournalExists: ``path`` exists. FileProblem: its folder does not exist (:func:`missing_folder`).
        RuleViolation: bad players, options or position.
    """
    from lifeboat.service.game.clock import new_game_id

    if (why := missing_folder(path)) is not None:
        raise FileProblem(why)
    if position is not None:
        from lifeboat.position import load as load_position, position_state, stored as stored_position

        pos = load_position(position)
        check_new_names([c.player for c in pos.characters])
        state = position_state(pos, card_data=with_cards(Ruleset(), cards).card_data or None)
        ruleset = state.ruleset
        stored: dict[str, Any] | None = stored_position(pos)
    else:
        ruleset = with_cards(ruleset or Ruleset(), cards)
        check_new_names(players or [])
        state = new_game(players or [], ruleset)
        stored = None
    ruleset = recording(state.ruleset)
    state = msgspec.structs.replace(state, ruleset=ruleset)
    header = journal.Header.new(
        game_id=new_game_id(), ruleset=RULESET_NAME, players=state.players,
        options=msgspec.to_builtins(ruleset), position=stored,
        meta={"chance": "recorded", "engine": ENGINE, **card_meta(ruleset)}, clock=clock,
    )
    return journal.JsonlJournal.create(path, header, clock=clock), state



def recording(ruleset: Ruleset) -> Ruleset:
    """The ruleset a recording begun now plays: with possibilities (REC-3), and a new game's reading of NAV-2 where
    a position file leaves ``compass_extra_card`` out (its header then records both, so it replays the same)."""
    compass = True if ruleset.compass_extra_card is msgspec.UNSET else ruleset.compass_extra_card
    return msgspec.structs.replace(ruleset, possibilities=True, compass_extra_card=compass)


def start_digital_game(path: Path, players: list[str], *, seed: int | None = None, ruleset: Ruleset | None = None,
                       clock: journal.Clock | None = None, cards: CardSet | None = None
                       ) -> tuple[journal.JsonlJournal, DeckOrders]:
    """Start a digital game in a new file: shuffle (seeded RNG), commit to the orders in the header, write the
    orders to :func:`deck_path`; with ``cards`` (a registered :class:`CardSet`, CARD-3) the game plays with them and
    its header carries a copy. Nothing is dealt: :meth:`lifeboat.service.game.table.Table.deal_new` deals.

    Returns ``(journal, the committed orders)``.

    Raises:
        journal.JournalExists: ``path`` exists (nothing is overwritten).
        FileProblem: its deck file exists, or its folder does not (nothing is written).
        RuleViolation: bad players or options (SETUP-1, OPT-1).
    """
    if os.path.lexists(deck_path(path)):
        raise FileProblem(_("{path}: already exists (another game's deck file?); move it away or choose another file name "
                            "(nothing was written)").format(path=deck_path(path)))
    if (why := companion_too_long(path, deck_path(path))) is not None:  # the journal's name is allowed, not its deck's
        raise FileProblem(why)
    if (why := missing_folder(path)) is not None:
        raise FileProblem(why)
    header, _deck, orders = new_digital_game(players, seed=seed, ruleset=with_cards(ruleset or Ruleset(), cards),
                                         clock=clock)
    j = journal.JsonlJournal.create(path, header, clock=clock)
    write_deck_file(deck_path(path), orders)
    return j, orders


def new_digital_game(players: list[str], *, seed: int | None = None, ruleset: Ruleset | None = None,
                     clock: journal.Clock | None = None) -> tuple[journal.Header, State, DeckOrders]:
    """The header of a new digital game (committed to freshly shuffled orders), its state before the deal and the
    orders; nothing is written. Raises RuleViolation: bad players or options (SETUP-1, OPT-1)."""
    from lifeboat.service.game.clock import new_game_id, new_salt, rng  # creating reads the OS; replaying does not

    ruleset = ruleset or Ruleset()
    check_new_names(players)
    state = new_game(players, ruleset)
    # the seed drives only the shuffles; the public numbers (game id, salt) come from the OS (issue 13)
    chance = rng(seed)
    chance.getrandbits(128)  # where the salt was drawn before: a seed deals the same decks as it always did
    orders = shuffle(chance, new_salt(), ruleset)  # the decks of the game's sets (EXP-1)
    meta: dict[str, object] = {"chance": "committed", "engine": ENGINE, **card_meta(ruleset)}
    if seed is not None:
        meta["seeded"] = True  # predictable by whoever knows or guesses the seed: audit says so
    header = journal.Header.new(
        game_id=new_game_id(), ruleset=RULESET_NAME, players=state.players,
        options=msgspec.to_builtins(ruleset), deck_commitment=commitment(orders),
        meta=meta, clock=clock,
    )
    return header, state, orders
