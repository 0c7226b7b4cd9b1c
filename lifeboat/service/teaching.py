"""Teaching: notes on a game (NOTE-1) and the replay book a teacher steps through (terminal ``--step``, HTML).

- :func:`annotate` appends a :class:`lifeboat.service.game.records.Note` to a game file (never rewriting a line);
- :func:`note_view` is a note as a reader sees it (:class:`lifeboat.views.book.NoteView`);
- :func:`replay_book` replays a game strictly for one reader and returns a :class:`Book`: every step's story, the
  table as that reader saw it, the notes for that reader and, at each decision the reader may know, the decisions
  that were open (:mod:`lifeboat.views.book`);
- :func:`replay_document` is the book as the JSON document the HTML replay embeds (``lifeboat.web.viewer.replay_html``).

Everything a book holds comes from the reader's views, so it holds nothing that reader may not know at each step
(PROC-5, END-2); notes are kept only for their audience (NOTE-1).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import time

import journal
from lifeboat.commands import Command
from lifeboat.state import State
from lifeboat.views import text as tx
from lifeboat.views.book import Line, NoteView, ReplayBook
from lifeboat.i18n import _
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.files import Source, header_of, open_journal, opened
from lifeboat.service.game.names import catalog
from lifeboat.service.game.notes import new_note
from lifeboat.service.game.records import NOTE_ACTOR, Correction, DecksRevealed, Note
from lifeboat.service.game.replay import replay, story
from lifeboat.i18n import _

def annotate(path: Path, at: int, text: str, for_: str = "public") -> tuple[journal.Commit, Note]:
    """Append a note about commit ``at`` of the game at ``path``, for ``for_``: ``"public"``, ``"referee"`` or a
    seat (a player or character name, resolved as ``--as`` is). The game is replayed strictly first; nothing is
    rewritten: the note is a new last line and the hash chain goes on (NOTE-1).

    Returns the note's commit and the note. Raises :class:`BadRequest` (``--at`` is not a game decision of the
    file, ``--for`` is not a seat, the text is empty, too long or holds control characters), what
    :func:`lifeboat.service.game.replay.replay` raises, and :class:`journal.JournalConflict` when another writer appended first
    (nothing is written).
    """
    j = open_journal(path)
    try:
        decisions: set[int] = set()
        state: State | None = None
        for step in replay(j, str(path)):
            if not isinstance(step.record, (Note, DecksRevealed, Correction)):
                decisions.add(step.commit.seq)
            state = step.after
        if state is None:
            raise BadRequest(_("[NOTE-1] --at {at}: {path} has no decision yet to write a note about").format(at=at, path=path), "--at")
        note = new_note(state, at, text, for_, decisions, path)
        return j.append(j.last_seq + 1, NOTE_ACTOR, note, ()), note
    finally:
        j.close()


def note_view(commit: journal.Commit, note: Note, state: State) -> NoteView:
    """The note of ``commit`` as a reader sees it; ``label`` names the seat of a seat's note inside a sentence
    ("Sir Stephen (Ann)", "the Kid (Bob)") from ``state``."""
    label = ""
    if note.seat is not None:
        label = tx.inner(note.seat)
        if state.has(note.seat):  # 水手（Ann）: the parentheses of the reader's language
            label = _("{character} ({player})").format(character=label, player=state.char(note.seat).player)
    return NoteView(at=note.at, seq=commit.seq, audience=note.audience, character=note.seat, label=label,
                    text=note.text)


@dataclass
class Book:
    """A replay book: the ``steps`` (:class:`lifeboat.views.book.BookStep`) of the game at ``path`` for ``viewer``
    (``"public"``, ``"referee"`` or a character id, whose player is ``player``), up to ``to`` (the last seq
    read)."""

    path: Source  # a game file, or an open journal of a store
    viewer: str
    player: str | None
    steps: list[Any] = field(default_factory=list)
    last_seq: int = 0
    game_id: str = ""
    cards: Any = None  # the game's card set (lifeboat.card_set.CardSet, CARD-3), once a step was read


def _later_notes(j: journal.Journal, after: int, to: int) -> Iterator[tuple[journal.Commit, Note]]:
    """The notes written after commit ``after`` that point at a commit up to ``to``: commentary for the moment
    it names (NOTE-1), whatever the line it was appended on."""
    for commit in j.commits(from_seq=after + 1):
        cmd = commit.command
        if isinstance(cmd, dict) and cmd.get("type") == "note":
            try:
                note = msgspec.convert(cmd, Note)
            except msgspec.ValidationError:
                continue  # audit reports it
            if note.at <= to:
                yield commit, note


def replay_book(source: Source, who: str, to: int | None = None) -> Book:
    """Replay the game of ``source`` (a game file's path, or an open journal of any store) strictly as ``who`` (a
    seat, ``"public"`` or ``"referee"``) up to seq ``to`` (default: the end) and return its :class:`Book`. Notes
    appended later that point at a commit up to ``to`` are kept too. Raises what
    :func:`lifeboat.service.game.replay.story` raises."""
    with opened(source) as j:
        return _book(j, source, who, to)


def _book(j: journal.Journal, source: Source, who: str, to: int | None) -> Book:
    book: ReplayBook | None = None
    out = Book(path=source, viewer="public", player=None)
    state: State | None = None
    for st in story(j, who, to):
        if st.step is None:
            continue
        if book is None:
            book = ReplayBook(st.viewer)
            out.viewer = st.viewer
            if st.viewer not in ("public", "referee"):
                out.player = st.observer.state.char(st.viewer).player
        step, state = st.step, st.observer.state
        out.last_seq = step.commit.seq
        if isinstance(step.record, Note):
            book.add_notes([note_view(step.commit, step.record, state)])
            continue
        command: Command | None = None if isinstance(step.record, (DecksRevealed, Correction)) else step.record
        added = book.add(step.commit.seq, step.commit.actor, st.observer, st.views, before=step.before,
                         command=command)
        if isinstance(step.record, Correction):
            added.lines.append(Line(type="correction", text=_("The recorder withdrew the decisions from {from_seq} on.").format(from_seq=step.record.from_seq)))
        elif isinstance(step.record, DecksRevealed) and not added.lines:
            added.lines.append(Line(type="decks_revealed", text=_("The deck orders are revealed: every draw can be checked (CHANCE-2).")))
    if book is not None and to is not None and state is not None:
        book.add_notes([note_view(c, n, state) for c, n in _later_notes(j, out.last_seq, to)])
    out.steps = book.steps if book is not None else []
    out.cards = state.cards if state is not None else None
    out.game_id = j.header.game_id
    return out


def replay_document(source: Source, who: str, to: int | None = None, title: str | None = None,
                    quiz: list[int] | None = None) -> dict[str, Any]:
    """The replay document of :func:`replay_book` (shape: ``lifeboat.web.viewer.replay_html``) of the game of
    ``source`` (a game file's path, or an open journal of any store): perspective, the public card catalog, every
    step; ``title`` (default: the players and the day the game began), ``game`` (its players and start in ms),
    and for a game file the ``analysis`` its reader may see (ANALYSIS-6:
    :func:`lifeboat.service.analysis.show.document_analysis`, with ``analysis_note`` when the file is of another
    version of the game). ``quiz``: the seqs the page asks about (see :func:`quiz_seqs`), in order. Raises what
    :func:`replay_book` raises."""
    book = replay_book(source, who, to)
    kind = book.viewer if book.viewer in ("public", "referee") else "seat"
    persp: dict[str, Any] = {"kind": kind}
    if kind == "seat":
        persp.update(character=book.viewer, player=book.player)
    header = header_of(source)
    day = time.strftime("%Y-%m-%d", time.gmtime(header.created_ms / 1000))
    default = _("Lifeboat: {players} — {day}").format(players=", ".join(header.players), day=day)
    doc: dict[str, Any] = {"format": "lifeboat-replay", "version": 1, "title": title or default,
                           "game": {"players": list(header.players), "created_ms": header.created_ms},
                           "perspective": persp, "catalog": catalog(book.cards), "steps": msgspec.to_builtins(book.steps)}
    if isinstance(source, Path):  # an analysis lives beside a game file (GAME.analysis.json)
        from lifeboat.service.analysis.show import document_analysis

        doc["analysis"], note = document_analysis(source, book.viewer, book.steps)
        if note:
            doc["analysis_note"] = note
    if quiz is not None:
        doc["quiz"] = quiz
    return doc


def quiz_seqs(path: Path, who: str, at: list[int] | None, critical: bool, to: int | None = None) -> list[int]:
    """The decisions a quiz asks about: ``at`` (each a decision of the seat ``who``), or with ``critical`` those
    its analysis marked a mistake or a blunder (ANALYSIS-4), else every decision of the seat with a choice
    (alternatives open); all of them up to commit ``to`` when the page stops there (``--to``: a question past it
    had no step to show). Raises :class:`BadRequest` for a public or referee quiz, a seq past the game's end (or
    ``to``) or not the seat's decision, or ``critical`` without an analysis of the seat."""
    book = replay_book(path, who, to)
    if book.viewer in ("public", "referee"):
        raise BadRequest(_("--quiz asks one seat what it would do: give --as a player or character"), "--as")
    mine = [s.seq for s in book.steps if s.decider == book.viewer and s.alternatives and len(s.alternatives) > 1
            and s.first == s.seq]
    if critical:
        from lifeboat.service.analysis.show import critical as marked

        return [s for s in marked(path, book.viewer) if s in mine]
    if at:
        last = book.steps[-1].seq if book.steps else 0
        beyond = [s for s in at if s > last]
        if beyond and to is not None:
            raise BadRequest(_("--at {seqs}: past the end of the page (--to {to})").format(
                seqs=",".join(map(str, beyond)), to=to), "--at")
        if beyond:
            raise BadRequest(_("--at {seqs}: past the end of the game (its last commit is {last})").format(
                seqs=",".join(map(str, beyond)), last=last), "--at")
        bad = [s for s in at if s not in mine]
        if bad:
            raise BadRequest(_("--at {seqs}: not a decision of this seat with a choice; its decisions are {mine}").format(
                seqs=",".join(map(str, bad)), mine=_(", ").join(map(str, mine[:12])) + (" …" if len(mine) > 12 else "")),
                "--at")
        return sorted(set(at))
    return mine
