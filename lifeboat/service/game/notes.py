"""A new note (NOTE-1): its text checked and the decision and audience it is for resolved, before it is appended.

The record itself is :class:`lifeboat.service.game.records.Note`; :meth:`lifeboat.service.game.table.Table.note`
and :func:`lifeboat.service.teaching.annotate` append it.
"""

from __future__ import annotations

from collections.abc import Container
from pathlib import Path

from lifeboat.state import State
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.records import NOTE_MAX_CHARS, Note
from lifeboat.service.game.seats import resolve_viewer

_CONTROL = {chr(c) for c in range(32)} - {"\n", "\t"}


def _note_text(text: str) -> str:
    """``text`` stripped; raises :class:`BadRequest` (NOTE-1) when it is empty, too long or holds control
    characters."""
    text = text.strip()
    if not text:
        raise BadRequest("[NOTE-1] the note is empty: give its text, e.g. lifeboat annotate GAME --at 12 \"why\"",
                         "TEXT")
    if len(text) > NOTE_MAX_CHARS:
        raise BadRequest(f"[NOTE-1] the note has {len(text)} characters; at most {NOTE_MAX_CHARS}: split it into "
                         "several notes", "TEXT")
    if any(c in _CONTROL for c in text):
        raise BadRequest("[NOTE-1] the note holds control characters; only text, tabs and new lines", "TEXT")
    return text


def new_note(state: State, at: int, text: str, for_: str, decisions: Container[int], path: Path) -> Note:
    """The :class:`Note` about decision ``at`` for ``for_`` (``"public"``, ``"referee"`` or a seat name, resolved
    in ``state``); ``decisions`` are the seqs a note may point at. Raises :class:`BadRequest` (NOTE-1) for an
    ``at`` not among them, an unknown seat (field ``--for``) or a bad text."""
    if at not in decisions:
        raise BadRequest(f"[NOTE-1] --at {at}: not a game decision of {path} (a note points at a decision, not "
                         f"at a note or a system record; 'lifeboat replay {path} --json' lists the seqs)", "--at")
    key = for_.strip().casefold()
    seat = None if key in ("public", "referee") else resolve_viewer(state, for_, "--for")
    return Note(at=at, audience="seat" if seat else key, seat=seat, text=_note_text(text))  # type: ignore[arg-type]
