"""What a Lifeboat journal line may hold besides a game command: records of the table and the computer.

A commit's ``command`` is either a :data:`lifeboat.commands.Command` (whose events the engine decides) or one of
these system records (actor ``"system"``), whose ``events`` list is empty:

- :class:`DecksRevealed`: at the end of a digital game, the committed deck orders and salt (CHANCE-2).
- :class:`Correction`: ``undo`` while recording (REC-2): the commits from ``from_seq`` on are withdrawn; replay
  folds the game again without them. Nothing is ever deleted from the file.
- :class:`Note`: commentary (NOTE-1, actor ``"annotator"``): text for an audience, pointing at an earlier game
  commit. It changes nothing in the game; replay skips it, the views show it only to its audience.
"""

from __future__ import annotations

from typing import Literal, TypeGuard, Union

import msgspec

from lifeboat.chance import DeckOrders
from lifeboat.commands import CHANCE_TYPES, RECORDER_TYPES, Command
from lifeboat.state import State


class DecksRevealed(msgspec.Struct, frozen=True, tag="decks_revealed", tag_field="type", forbid_unknown_fields=True):
    """The deck orders a digital game committed to at setup (CHANCE-2)."""

    orders: DeckOrders


class Correction(msgspec.Struct, frozen=True, tag="correction", tag_field="type", forbid_unknown_fields=True):
    """Withdraw the commits ``from_seq`` … the one before this correction (REC-2); ``reason`` is free text."""

    from_seq: int
    reason: str = "undo"


NOTE_ACTOR = "annotator"
NOTE_MAX_CHARS = 4000

NoteAudience = Literal["public", "seat", "referee"]


class Note(msgspec.Struct, frozen=True, kw_only=True, tag="note", tag_field="type", forbid_unknown_fields=True):
    """A note (NOTE-1): ``text`` about game commit ``at``, for ``audience`` ``"public"`` (everyone), ``"seat"``
    (the character id ``seat`` and the referee) or ``"referee"`` (the referee only). No events; appended with actor
    :data:`NOTE_ACTOR`; ``at`` is an earlier commit that is a game decision (not a system record or a note)."""

    at: int
    audience: NoteAudience = "public"
    seat: str | None = None
    text: str


SystemRecord = Union[DecksRevealed, Correction, Note]
Record = Union[Command, DecksRevealed, Correction, Note]


class _Boxed(msgspec.Struct, frozen=True):
    """A :data:`Record` in a Struct field: msgspec keeps the converter of a Struct's fields on the class, while
    ``msgspec.convert(value, Record)`` builds the converter of the whole union again on every call (~100 times
    slower)."""

    record: Record


_record_of_json = msgspec.json.Decoder(Record).decode
_json_of = msgspec.json.Encoder().encode


def to_record(command: object) -> Record:
    """The :data:`Record` a journal line's ``command`` (decoded JSON) holds: ``msgspec.convert(command, Record)``.

    The command is encoded back to JSON and decoded as a Record (half the time of converting the decoded value:
    replay does it for every commit); if that fails, the conversion runs, so the error is its own. A value that
    came from JSON decodes as it converts (``tests/service/test_records_fast.py`` checks it).

    Raises:
        msgspec.ValidationError: ``command`` is no Record; the message is ``msgspec.convert``'s own.
    """
    try:
        return _record_of_json(_json_of(command))
    except (msgspec.DecodeError, TypeError, ValueError, OverflowError):  # the conversion says what is wrong
        pass
    try:
        return msgspec.convert({"record": command}, _Boxed).record
    except msgspec.ValidationError:
        record: Record = msgspec.convert(command, Record)  # the error names the field from the top
        return record


def visible_note(record: object, viewer: str) -> TypeGuard[Note]:
    """True when ``record`` is a :class:`Note` the reader ``viewer`` (``"public"``, ``"referee"`` or a character id)
    may read (NOTE-1)."""
    if not isinstance(record, Note):
        return False
    from lifeboat.views.book import note_visible  # a replay without notes loads no replay-book code

    return note_visible(record.audience, record.seat, viewer)


_ACTOR_WORDS = {**dict.fromkeys(CHANCE_TYPES, "chance"), **dict.fromkeys(RECORDER_TYPES, "recorder")}


def actor_of(state: State, command: Command, known: dict[str, str] | None = None) -> str:
    """The journal actor of ``command``: the player of ``command.by``, ``"chance"`` or ``"recorder"``.

    ``known``: a character id -> player map the caller keeps for one game (replay asks for every commit): filled
    here as characters are found dealt, read first. A dealt character keeps its player (SETUP-1); a caller whose
    game may go back before the deal (a correction, REC-2) empties it."""
    word = _ACTOR_WORDS.get(type(command))  # is_chance / is_recorder in one look-up (the classes are final)
    if word is not None:
        return word
    by = command.by  # type: ignore[union-attr]  # not chance nor recorder (above): a player command
    if known is not None and (player := known.get(by)) is not None:
        return player
    for c in state.characters:  # state.char, inlined: replay asks for every commit
        if c.character == by:
            if known is not None:
                known[by] = c.player
            return c.player
    return by
