"""Names for the terminal: characters, cards with their ids, navigation cards with what they do, the recorder's
hint. A decision in words is :func:`lifeboat.views.decisions.describe`'s (the one describer).

Card names and navigation contents are the game's own printing (CARD-3): each function that names a card takes the
game's :class:`lifeboat.card_set.CardSet` (``state.cards``, ``cards_of(view.ruleset)``); nothing here reads a
process-wide setting."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from lifeboat import commands as c
from lifeboat.cards import CHARACTERS

if TYPE_CHECKING:
    from lifeboat.cards import CardSet


def who(character: str) -> str:
    """The name of a character id in the language in use (``captain`` → ``The Captain``, 船长 in Chinese); the id
    itself when unknown."""
    from lifeboat.i18n import data_name

    c = CHARACTERS.get(character)
    return character if c is None else data_name("character", c.en, c.zh)


def card(card_id: str, cards: CardSet, in_game: tuple[str, ...] = ()) -> str:
    """A card's name in the game's printing ``cards`` with its id, e.g. ``Water (water-3)``, or alone for a card a
    view names by its face (``Water`` for ``water``, VIEW-FACE-1); a navigation card
    with what it does for the characters ``in_game`` (``Navigation 28 (Lady Lauren overboard · rowers
    thirsty)``, NAV-3). An id ``cards`` does not know comes back as it is."""
    if card_id in cards.navigation:
        return with_contents(cards.card_name(card_id), in_game, cards) if in_game else cards.card_name(card_id)
    if cards.is_look(card_id):  # a card named by its face (VIEW-FACE-1): the name says it all
        return cards.card_name(card_id)
    try:
        return f"{cards.card_name(card_id)} ({card_id})"
    except KeyError:
        return card_id


class InGame(tuple[str, ...]):
    """The characters in the boat (ids, bow first), a plain tuple, and ``lost``: the game's characters lost at sea,
    whom a navigation card still names as printed (marked "[lost at sea]")."""

    lost: tuple[str, ...] = ()


def in_game(table) -> InGame:
    """The :class:`InGame` of a table view or a state (both have ``seats`` and ``characters`` with ``in_boat``)."""
    boat = InGame(table.seats)
    boat.lost = tuple(c.character for c in table.characters if not c.in_boat)
    return boat


def with_contents(text: str, in_game: tuple[str, ...], cards: CardSet) -> str:
    """``text`` with each navigation card it names ("Navigation 28") followed by what the card does for the
    characters ``in_game`` (ids in the boat; an :class:`InGame` also names the lost at sea, marked), as the game's
    printing ``cards`` has it: "Navigation 28 (Lady Lauren overboard · oars)" (NAV-3, OVER-1, THIRST-1, BIRD-1,
    CARD-3). A text naming no navigation card comes back unchanged."""
    from lifeboat.views.text import navigation_contents

    lost = getattr(in_game, "lost", ())

    def one(m: re.Match[str]) -> str:
        card_id = _by_number(cards).get(int(m.group(1)))
        if card_id is None:
            return m.group(0)
        return f"{m.group(0)} ({navigation_contents(card_id, in_game, lost, cards)})"

    return _NAV_NAME.sub(one, text)


_NAV_NAME = re.compile(r"Navigation (\d+)(?! \()")


@functools.lru_cache(maxsize=8)  # a CardSet is immutable and hashed by its sha256: a few printings per process
def _by_number(cards: CardSet) -> dict[int, str]:
    """Navigation card ids by print number, of the game's printing ``cards`` (CARD-3); built once per printing,
    not for each navigation card a story line names. Do not mutate the answer."""
    return {nav.print_no: card_id for card_id, nav in cards.navigation.items()}


def recorder_hint(state, character: str, first: str) -> str:
    """The line ``lifeboat record`` suggests to ``character``: ``first`` (its first legal line), but for the
    navigator's choice (NAV-1) a card the row stack is known to hold (the first one named: ``kid: choose 27``), else
    the form to fill in, ``kid: choose <card>``: the recorder does not see the unseen card the navigator turns up
    (REC-1), so no number is suggested that the row stack may not hold."""
    from lifeboat.cards import is_unknown
    from lifeboat.notation import render
    from lifeboat.state import NavigatorChoice

    if not isinstance(state.step, NavigatorChoice) or state.step.navigator != character:
        return first
    known = [x for x in state.row_stack if not is_unknown(x)]
    if known:
        return render(c.ChooseNavigationCard(by=character, card=known[0]), state)
    return first.rsplit(" ", 1)[0] + " <card>"
