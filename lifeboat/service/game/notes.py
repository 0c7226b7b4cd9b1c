"""A new note (NOTE-1): its text checked and the decision and audience it is for resolved, before it is appended.

The record itself is :class:`lifeboat.service.game.records.Note`; :meth:`lifeboat.service.game.table.Table.note`
and :func:`lifeboat.service.teaching.annotate` append it. :func:`notes_by_decision` reads a game's notes back, by the
decision each is about (a replay prints each note there, wherever its line stands).
"""

from __future__ import annotations

from collections.abc import Container
from pathlib import Path

import msgspec

import journal
from lifeboat.state import State
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.files import Source, opened
from lifeboat.service.game.records import NOTE_MAX_CHARS, Note
from lifeboat.service.game.seats import resolve_viewer
from lifeboat.i18n import _

_CONTROL = {chr(c) for c in range(32)} - {"\n", "\t"}


def _note_text(text: str) -> str:
    """``text`` stripped; raises :class:`BadRequest` (NOTE-1) when it is empty, too long or holds control
    characters."""
    text = text.strip()
    if not text:
        raise BadRequest(_("[NOTE-1] the note is empty: give its text, e.g. lifeboat annotate GAME --at 12 \"why\""),
                         "TEXT")
    if len(text) > NOTE_MAX_CHARS:
        raise BadRequest(_("[NOTE-1] the note has {n} characters; at most {note_max_chars}: split it into several notes").format(n=len(text), note_max_chars=NOTE_MAX_CHARS), "TEXT")
    if any(c in _CONTROL for c in text):
        raise BadRequest(_("[NOTE-1] the note holds control characters; only text, tabs and new lines"), "TEXT")
    return text


def new_note(state: State, at: int, text: str, for_: str, decisions: Container[int], path: Path | str) -> Note:
    """The :class:`Note` about decision ``at`` for ``for_`` (``"public"``, ``"referee"`` or a seat name, resolved
    in ``state``); ``decisions`` are the seqs a note may point at. Raises :class:`BadRequest` (NOTE-1) for an
    ``at`` not among them, an unknown seat (field ``--for``) or a bad text."""
    if at not in decisions:
        raise BadRequest(_("[NOTE-1] --at {at}: not a game decision of {path} (a note points at a decision, not at a note "
                           "or a system record; 'lifeboat replay {path} --json' lists the seqs)").format(at=at, path=path), "--at")
    key = for_.strip().casefold()
    seat = None if key in ("public", "referee") else resolve_viewer(state, for_, "--for")
    return Note(at=at, audience="seat" if seat else key, seat=seat, text=_note_text(text))  # type: ignore[arg-type]  # key is public or referee here


def notes_by_decision(source: Source, to: int | None = None) -> dict[int, list[Note]]:
    """The notes of the game of ``source`` (a game file's path, or an open journal of any store) by the commit each
    is about (:attr:`Note.at`), in journal order; only those about a commit up to ``to`` (all without it), however
    late their own line (NOTE-1: a note written afterwards is commentary for the moment it names). A line that
    cannot be read ends the scan, keeping the notes before it (the replay reports it at that line); a note line
    that is not a note's shape is left out (``lifeboat audit`` reports it). Raises :class:`journal.JournalError`
    subclasses for a file that cannot be opened."""
    out: dict[int, list[Note]] = {}
    with opened(source) as j:
        try:
            for commit in j.commits():
                cmd = commit.command
                if not (isinstance(cmd, dict) and cmd.get("type") == "note"):
                    continue
                try:
                    note = msgspec.convert(cmd, Note)
                except msgspec.ValidationError:
                    continue
                if to is None or note.at <= to:
                    out.setdefault(note.at, []).append(note)
        except journal.JournalError:
            pass
    return out
