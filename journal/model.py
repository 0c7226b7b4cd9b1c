"""The journal's value types: the header, the commit, the fork reference, the clock.

The journal is generic: a commit's ``command`` and ``events`` are plain JSON values. On append the journal accepts
any msgspec-encodable object (a game's tagged-union Structs, dicts, lists, strings, numbers...); on read it hands
back what JSON decoding gives (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``), or converts
them to the caller's types with :func:`decode_as` / ``commits(command_type=..., event_type=...)``.

Times are integer milliseconds since the Unix epoch (UTC), read from an injected :data:`Clock`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

import msgspec

from journal.errors import JournalCorrupt

FORMAT_NAME: Literal["lifeboat-journal"] = "lifeboat-journal"
"""The value of the header's ``format`` field."""

FORMAT_VERSION = 1
"""The version this code writes. See :mod:`journal.versions` for the versions it reads."""

Clock = Callable[[], int]
"""A clock: a callable with no arguments returning integer milliseconds since the Unix epoch (UTC)."""


def system_clock() -> int:
    """The default :data:`Clock`: ``time.time()`` in integer milliseconds (rounded to the nearest ms)."""
    return round(time.time() * 1000)




class ParentRef(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where a forked journal came from: the parent's game id and the parent line the fork copies up to.

    The fork holds the parent's commits ``1..seq``; ``line`` is ``seq + 1`` (the parent line of commit ``seq``,
    or 1, the header, when ``seq`` is 0) and ``hash`` is that parent line's hash, so the fork can be checked
    against its parent with ``journal.verify(parent_path, known_head=(seq, hash))``.
    """

    game_id: Annotated[str, msgspec.Meta(min_length=1, description="The parent journal's game id.")]
    seq: Annotated[int, msgspec.Meta(ge=0, description="The last parent commit copied (0: none).")]
    line: Annotated[int, msgspec.Meta(ge=1, description="The parent line of that commit: seq + 1.")]
    hash: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$", description=(
        "The hash of that parent line: SHA-256, lowercase hex."))]


class Header(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Line 1 of a journal: what the game is. Build one and pass it to ``create``; the journal adds its hash.

    Fields:
        format: always ``"lifeboat-journal"``.
        version: the format version (1).
        game_id: the game's id (non-empty string, chosen by the caller).
        created_ms: creation time, integer ms since the epoch (use :meth:`Header.new` to read a clock).
        ruleset: the ruleset's name, e.g. ``"standard"``.
        options: the ruleset options, a JSON object.
        players: the player names, in seat order.
        deck_commitment: a commitment to the hidden deck orders (e.g. a hash revealed at the end), or ``None``.
        parent: for a fork, where it came from (:class:`ParentRef`); ``None`` otherwise.
        position: for a game started from a position, any JSON object describing it; ``None`` otherwise.
        meta: free JSON object for tools (event name, table, notes...).
    """

    format: Annotated[Literal["lifeboat-journal"], msgspec.Meta(
        description="Always \"lifeboat-journal\"; required.")] = FORMAT_NAME
    version: Annotated[int, msgspec.Meta(ge=1, description="The format version; required.")] = FORMAT_VERSION
    game_id: Annotated[str, msgspec.Meta(min_length=1, description="The game's id.")]
    created_ms: Annotated[int, msgspec.Meta(ge=0, description="Creation time, integer ms since the epoch (UTC).")]
    ruleset: Annotated[str, msgspec.Meta(description="The ruleset's name.")]
    options: Annotated[dict[str, Any], msgspec.Meta(description="The ruleset options.")] = {}
    players: Annotated[tuple[str, ...], msgspec.Meta(description="Player names in seat order.")] = ()
    deck_commitment: Annotated[str | None, msgspec.Meta(
        description="A commitment to the hidden deck orders (e.g. a hash revealed at the end), or null.")] = None
    parent: Annotated[ParentRef | None, msgspec.Meta(description="For a fork: its parent; else null.")] = None
    position: Annotated[dict[str, Any] | None, msgspec.Meta(
        description="For a game started from a position: any JSON object describing it; else null.")] = None
    meta: Annotated[dict[str, Any], msgspec.Meta(description="Free JSON object for tools.")] = {}

    @classmethod
    def new(
        cls,
        *,
        game_id: str,
        ruleset: str,
        players: tuple[str, ...] | list[str] = (),
        options: dict[str, Any] | None = None,
        deck_commitment: str | None = None,
        position: dict[str, Any] | None = None,
        meta: dict[str, Any] | None = None,
        clock: Clock | None = None,
    ) -> Header:
        """A header for a new game, ``created_ms`` read from ``clock`` (default :func:`system_clock`)."""
        return cls(
            game_id=game_id,
            created_ms=(clock or system_clock)(),
            ruleset=ruleset,
            options=dict(options or {}),
            players=tuple(players),
            deck_commitment=deck_commitment,
            position=position,
            meta=dict(meta or {}),
        )


class HeaderLine(Header, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Line 1 as stored: the Header fields followed by the line's hash."""

    hash: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$", description=(
        "This line's hash: SHA-256, lowercase hex, of the line's bytes without this member."))]


# Not tracked by Python's garbage collector (gc=False): a replay makes one per line and keeps the first 128 KiB of
# them, and tracking them made the collector's passes a twentieth of a replay's time (issue 16). A commit never
# refers back to itself, so no reference cycle passes through it; a caller that put a container referring to the
# commit inside its own command would leak that cycle (never collected). The docstring is the JSON schema's text.
class Commit(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """One commit: one decision and its consequences, line ``seq + 1`` of the file.

    Fields:
        seq: 1 for the first commit, then +1 per commit.
        at_ms: when it was committed, integer ms since the epoch.
        actor: who acted: a player name, ``"chance"``, ``"recorder"``, ``"system"``...
        command: the command, a JSON value (raw on read unless converted).
        events: the events it produced, a tuple of JSON values (possibly empty).
        prev: the hash of the previous line (the header's hash for seq 1).
        hash: this line's hash (see docs/journal-format.md).
    """

    seq: Annotated[int, msgspec.Meta(ge=1, description="1 for the first commit (line 2), then +1 per line.")]
    at_ms: Annotated[int, msgspec.Meta(ge=0, description="Commit time, integer ms since the epoch (UTC).")]
    actor: Annotated[str, msgspec.Meta(min_length=1, description=(
        'Who acted: a player name, "chance", "recorder", "system"...'))]
    command: Annotated[Any, msgspec.Meta(description="The command: any JSON value.")]
    events: Annotated[tuple[Any, ...], msgspec.Meta(description="The events it produced: JSON values, in order.")]
    prev: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$", description=(
        "The hash of the previous line (the header's for seq 1): SHA-256, lowercase hex."))]
    hash: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$", description=(
        "This line's hash: SHA-256, lowercase hex, of the line's bytes without this member."))]

    @property
    def line(self) -> int:
        """The 1-based line number of this commit in its journal file: ``seq + 1``."""
        return self.seq + 1


def header_of(line: HeaderLine) -> Header:
    """The :class:`Header` part of a stored header line (drops ``hash``)."""
    return Header(**{name: getattr(line, name) for name in Header.__struct_fields__})


def decode_as(commit: Commit, command_type: Any = None, event_type: Any = None, *,
              path: str | None = None) -> Commit:
    """``commit`` with its command converted to ``command_type`` and each event to ``event_type``.

    Uses ``msgspec.convert`` (so tagged-union Structs are rebuilt from their dicts). A type of ``None`` leaves
    that part raw. Returns a new :class:`Commit`; ``hash`` and ``prev`` are unchanged.

    Raises:
        JournalCorrupt: a payload does not convert; ``line`` is ``commit.seq + 1``, ``path`` as given,
            ``expected`` holds msgspec's message (which names the failing field).
        TypeError: a type msgspec cannot convert to (e.g. a union of two untagged Structs).
    """
    command, events = commit.command, commit.events
    try:
        if command_type is not None:
            command = msgspec.convert(command, command_type)
    except msgspec.ValidationError as exc:
        raise JournalCorrupt("the command does not convert to the requested type", path=path,
                             line=commit.line, expected=f"a {_name(command_type)}: {exc}",
                             found=msgspec.json.encode(commit.command).decode()) from exc
    if event_type is not None:
        converted = []
        for index, event in enumerate(events):
            try:
                converted.append(msgspec.convert(event, event_type))
            except msgspec.ValidationError as exc:
                raise JournalCorrupt(f"event {index} does not convert to the requested type", path=path,
                                     line=commit.line, expected=f"a {_name(event_type)}: {exc}",
                                     found=msgspec.json.encode(event).decode()) from exc
        events = tuple(converted)
    return msgspec.structs.replace(commit, command=command, events=events)


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or repr(tp)
