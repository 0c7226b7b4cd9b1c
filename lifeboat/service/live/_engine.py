"""What :mod:`lifeboat.service.live.game` needs from the game, the journal and the bots, in one place.

Functions: :func:`parse_for` (a seat's line of notation), :func:`render`,
:func:`navigation_shown` (the facts of the navigation cards a view names), :func:`decision_text` (a
decision's words) with :func:`using` (the game's card data), :func:`random_bot`, ``waiting_for``.
Errors: the engine's :class:`RuleViolation`; ``GameFileError`` (the journal's and the service's errors) and
:class:`JournalConflict`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import msgspec

from lifeboat.card_set import CardSet
from lifeboat.cards import cards_of
from lifeboat.commands import Command, Pass, PlayerCommand
from lifeboat.errors import RuleViolation
from lifeboat.legal import waiting_for
from lifeboat.notation import parse, render
from lifeboat.state import State
from lifeboat.views import EventView, TableView
from lifeboat.card_context import using
from lifeboat.views.catalog import navigation_facts, navigation_ids
from lifeboat.views.decisions import decision_text, describe
from lifeboat.service.live.bots import random_bot
from lifeboat.service.errors import JournalConflict, JournalError, JournalUnavailable, ServiceError, StoreUnreachable
from lifeboat.i18n import _

PlayerCommandType = PlayerCommand
GameFileError = (JournalError, ServiceError)


def file_error(exc: Exception) -> ServiceError:
    """The live game's error for a :data:`GameFileError` ``exc``: :class:`StoreUnreachable` (SERVE-16) for a store's
    server that cannot be reached or was lost (try again later), else ``LiveError`` with ``exc``'s rule (JOURNAL
    when it has none) and its words."""
    from lifeboat.service.errors import LiveError

    if isinstance(exc, (JournalUnavailable, StoreUnreachable)):
        return StoreUnreachable(str(exc))
    return LiveError(getattr(exc, "rule", None) or "JOURNAL", str(exc))

__all__ = [
    "Command", "EventView", "GameFileError", "JournalConflict", "JournalError", "JournalUnavailable", "Pass",
    "PlayerCommandType", "RuleViolation", "State", "TableView", "decision_text", "describe", "file_error",
    "navigation_shown", "parse_for", "random_bot", "render", "using",
    "waiting_for",
]


def parse_for(line: str, state: State, seat: str) -> Command:
    """``seat``'s line of notation. The actor a line names is read before anything else, so a line for another
    seat is refused before its cards are looked up in that seat's hand; a mug naming another's face-up card by its
    face keeps the face, as the seat's decisions list it (VIEW-FACE-1). Raises RuleViolation (NOTATION-1,
    SERVE-3)."""
    head, sep, _rest = line.replace("：", ":").partition(":")
    if sep and getattr(parse(f"{head}: pass", state), "by", None) != seat:
        raise RuleViolation("SERVE-3", _("decide for your own character only"))
    return parse(line, state, seat, as_seat=True)


@lru_cache(maxsize=4096)
def _facts(card_id: str, in_game: tuple[str, ...], cards: CardSet) -> dict[str, Any]:
    return navigation_facts(card_id, in_game, cards)


def navigation_shown(view: TableView, in_game: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The facts (NAV-3) of every navigation card ``view`` names (in play, discarded, known in the row stack, in
    its step), keyed by card id, as :func:`lifeboat.views.catalog.navigation_in` gives them (cached per game:
    a card's facts depend only on the characters in the game and its card data, CARD-3)."""
    cards = cards_of(view.ruleset)
    found = sorted(navigation_ids(msgspec.json.encode(view)) & cards.navigation.keys())
    return {cid: _facts(cid, in_game, cards) for cid in found}
