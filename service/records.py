"""What a Lifeboat journal line may hold besides a game command: records of the table and the computer.

A commit's ``command`` is either a :data:`lifeboat.commands.Command` (whose events the engine decides) or one of
these system records (actor ``"system"``), whose ``events`` list is empty:

- :class:`DecksRevealed`: at the end of a digital game, the committed deck orders and salt (CHANCE-2).
- :class:`Correction`: ``undo`` while recording (REC-2): the commits from ``from_seq`` on are withdrawn; replay
  folds the game again without them. Nothing is ever deleted from the file.
"""

from __future__ import annotations

from typing import Union

import msgspec

from lifeboat.chance import DeckOrders
from lifeboat.commands import Command


class DecksRevealed(msgspec.Struct, frozen=True, tag="decks_revealed", tag_field="type", forbid_unknown_fields=True):
    """The deck orders a digital game committed to at setup (CHANCE-2)."""

    orders: DeckOrders


class Correction(msgspec.Struct, frozen=True, tag="correction", tag_field="type", forbid_unknown_fields=True):
    """Withdraw the commits ``from_seq`` … the one before this correction (REC-2); ``reason`` is free text."""

    from_seq: int
    reason: str = "undo"


SystemRecord = Union[DecksRevealed, Correction]
Record = Union[Command, DecksRevealed, Correction]
