"""A replay book: the steps of a game as one audience saw them, for teaching (terminal ``--step``, HTML replays).

Fed commit by commit by whoever replays the journal (``service``), a :class:`ReplayBook` keeps, for each step, the
lines of the story, the table view, the facts of the navigation cards named, the notes for this audience and, at a
decision, the decisions that were open to the acting seat (only when the audience may know them: that seat
itself or the referee). Window passes are collapsed: consecutive commits that are only passes make one step.

Everything here is built from the views of :class:`lifeboat.views.Observer`, so a book holds nothing its audience
may not know at each step (PROC-5, END-2). Shapes are msgspec Structs; ``msgspec.json.encode(book.steps)`` is what
the HTML replay embeds.
"""

from __future__ import annotations

from lifeboat.i18n import _

from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from lifeboat.cards import cards_of, face_of, is_provision, treasure_points
from lifeboat.commands import Command, PlayerCommand, is_chance, is_recorder
from lifeboat.legal import legal_commands
from lifeboat.state import State
from lifeboat.views import text as tx
from lifeboat.views.catalog import navigation_in
from lifeboat.views.faces import held_by, mask_commands
from lifeboat.views.observer import Observer
from lifeboat.views.structs import EventView, TableView

NoteAudience = Literal["public", "seat", "referee"]


class Line(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the story: the event's ``type`` and its ``text`` as this audience saw it."""

    type: str
    text: str


class NoteView(msgspec.Struct, frozen=True, kw_only=True):
    """A note shown with the step of commit ``at``: ``audience`` ``"public"``, ``"seat"`` (``character``'s) or
    ``"referee"``; ``label`` names the seat inside a sentence ("Sir Stephen (Ann)", "the Kid (Bob)"); ``seq`` is
    the note's own commit."""

    at: int
    seq: int
    audience: NoteAudience
    character: str | None = None
    label: str = ""
    text: str


class Alternative(msgspec.Struct, frozen=True, kw_only=True):
    """A decision that was open: ``text`` its sentence in the reader's words (:func:`lifeboat.views.decisions.describe`,
    the words of the served page's buttons), ``line`` its line of notation (docs/notation.md); ``chosen`` for the
    one taken."""

    text: str
    line: str = ""
    chosen: bool = False
    verb: str = ""


class BookStep(msgspec.Struct, kw_only=True):
    """One step: commits ``first`` … ``seq`` (more than one only for collapsed passes), in ``round``.

    ``actor`` is the journal actor of the last commit; ``lines`` the story; ``table`` the table after it as the
    audience sees it (a seat's ``memory`` and ``legal`` are left out: the story holds them); ``navigation`` the
    facts of every navigation card the step names (:func:`lifeboat.views.catalog.navigation_facts`);
    ``navigation_card`` is true when the round's navigation card is chosen or turned here; ``alternatives`` the
    decisions open to ``decider`` (``None`` when the audience may not know them or nobody decided);
    ``decider_label`` names the decider inside a sentence ("Sir Stephen (Ann)", "the Kid (Bob)").
    """

    seq: int
    first: int
    round: int
    actor: str
    lines: list[Line]
    table: TableView
    navigation: dict[str, dict[str, Any]]
    navigation_card: bool = False
    notes: list[NoteView] = []
    alternatives: list[Alternative] | None = None
    decider: str | None = None
    decider_label: str | None = None


def note_visible(audience: NoteAudience, character: str | None, viewer: str) -> bool:
    """True when the reader ``viewer`` (``"public"``, ``"referee"`` or a character id) may read a note for
    ``audience`` / ``character``: a public note everyone; a seat's note that seat and the referee; a referee's note
    the referee only. Notes stay with their audience after the end too (they are commentary, not game secrets)."""
    if audience == "public":
        return True
    if viewer == "referee":
        return True
    return audience == "seat" and character == viewer


def alternatives_for(before: State, command: Command, viewer: str,
                     seen: TableView | None = None) -> tuple[str | None, list[Alternative] | None]:
    """``(decider, alternatives)``: the player command's character and the decisions open to it in ``before``
    (:func:`lifeboat.legal.legal_commands`, plus the one taken when the list leaves it out, as for most trades),
    each as notation and (with ``seen``, the reader's own view of the table in ``before``) in the reader's words
    (:func:`lifeboat.views.decisions.describe`; without it the text is the notation); for the seat itself,
    another's card by its face, as its view listed them (VIEW-FACE-1); ``(decider, None)`` when ``viewer`` is
    neither that seat nor the referee, and ``(None, None)`` for chance and recorder commands."""
    if is_chance(command) or is_recorder(command):
        return None, None
    decider = getattr(command, "by", None)
    if decider is None:
        return None, None
    if viewer not in ("referee", decider):
        return decider, None
    from lifeboat.notation import render  # here, not at the top: a plain replay never needs the notation

    chosen: PlayerCommand = command  # type: ignore[assignment]  # neither chance nor recorder: a player's
    open_: list[PlayerCommand] = list(legal_commands(before, decider))
    if chosen not in open_:
        open_.append(chosen)
    if viewer != "referee":  # VIEW-FACE-1: the seat's decisions as its view listed them (another's card by its face)
        keep = held_by(before, decider)
        open_ = list(mask_commands(tuple(open_), before.cards, keep))
        chosen = mask_commands((chosen,), before.cards, keep)[0]
    from lifeboat.views.decisions import describe, verb_of

    out = []
    for c in _unlike(open_, chosen):
        line = render(c, before)
        out.append(Alternative(text=describe(seen, c).text if seen is not None else line, line=line,
                               chosen=c == chosen, verb=verb_of(c)))
    return decider, out


def _alike(value: object) -> object:
    """``value`` (a command as plain values) with every provision instance replaced by what makes it play: its
    face and printed points (two Waters, or two Jewels, are the same decision; two Paintings of other values are
    not)."""
    if isinstance(value, str) and is_provision(value):
        return f"{face_of(value)}:{treasure_points(value)}"
    if isinstance(value, (list, tuple)):
        return [_alike(x) for x in value]
    if isinstance(value, dict):
        return {k: _alike(v) for k, v in value.items()}
    return value


def _unlike(commands: Sequence[PlayerCommand], chosen: PlayerCommand) -> list[PlayerCommand]:
    """``commands`` with one of each group that plays alike (:func:`_alike`), in order; ``chosen`` stands for its
    group."""
    keys = [msgspec.json.encode(_alike(msgspec.to_builtins(c))) for c in commands]
    mine = keys[commands.index(chosen)]
    out, seen = [], set()
    for c, k in zip(commands, keys):
        if k in seen or (k == mine and c != chosen):
            continue
        seen.add(k)
        out.append(c)
    return out


def _all_passes(lines: Sequence[Line], alts: Sequence[Alternative] | None) -> bool:
    """A step of window passes with nothing to teach: no other decision was open (or none the reader knows)."""
    return bool(lines) and all(x.type == "passed" for x in lines) and (alts is None or len(alts) <= 1)


class ReplayBook:
    """The steps of one game for one reader: ``viewer`` is ``"public"``, ``"referee"`` or a character id.

    :meth:`add` takes each commit in journal order; :attr:`steps` is the book so far.
    """

    def __init__(self, viewer: str) -> None:
        self.viewer = viewer
        self.steps: list[BookStep] = []
        self._passers: list[str] = []

    def _table(self, obs: Observer) -> TableView:
        if self.viewer == "public":
            return obs.public_view()
        if self.viewer == "referee":
            return obs.referee_view()
        view = obs.seat_view(self.viewer, legal=False)
        return msgspec.structs.replace(view, memory=())

    def add(self, seq: int, actor: str, obs: Observer, events: Sequence[EventView], *,
            before: State | None = None, command: Command | None = None,
            notes: Sequence[NoteView] = ()) -> BookStep:
        """Add commit ``seq`` (by journal ``actor``), whose ``events`` (as this reader sees them) ``obs`` has just
        recorded; ``before`` and ``command`` (the state before and the player command, when it was one) give the
        alternatives; ``notes`` are the notes pointing at this commit (only the visible ones are kept).
        Returns the step it went into (a step of passes grows instead of a new one)."""
        lines = [Line(type=v.type, text=v.text) for v in events]
        decider, alts = (None, None)
        if before is not None and command is not None:
            seen = self.steps[-1].table if self.steps else None  # this reader's table before the commit
            decider, alts = alternatives_for(before, command, self.viewer, seen)
        visible = [n for n in notes if note_visible(n.audience, n.character, self.viewer)]
        table = self._table(obs)
        last = self.steps[-1] if self.steps else None
        passes = _all_passes(lines, alts)
        if passes and last is not None and _all_passes(last.lines, last.alternatives) and not last.notes \
                and not visible and last.round == table.round:
            self._passers += [v.data.get("character") for v in events]  # type: ignore[misc]  # Passed events name one
            me = self.viewer if self.viewer not in ("public", "referee") else None
            who = tx.names(self._passers, me)
            last.lines = [Line(type="passed", text=_("{who} passed.").format(who=f"{who[:1].upper()}{who[1:]}"))]
            last.seq, last.table, last.actor = seq, table, actor
            last.navigation = navigation_in(msgspec.json.encode(table), [c.character for c in table.characters],
                                            cards_of(table.ruleset))
            return last
        self._passers = [v.data.get("character") for v in events] if passes else []  # type: ignore[misc]  # as above
        in_game = [c.character for c in table.characters]
        label = None
        if decider is not None:
            ch = next((c for c in table.characters if c.character == decider), None)
            label = (_("{character} ({player})").format(character=tx.inner(decider), player=ch.player)  # 水手（Ann）
                     if ch is not None else tx.inner(decider))  # said inside a sentence: "the Captain (Bob)"
        step = BookStep(
            seq=seq, first=seq, round=table.round, actor=actor, lines=lines, table=table,
            navigation=navigation_in(msgspec.json.encode(([v.data for v in events], table)), in_game,
                                     cards_of(table.ruleset)),  # CARD-3: the game's navigation cards
            navigation_card=any(x.type in ("navigation_card_chosen", "navigation_card_revealed") for x in lines),
            notes=list(visible), alternatives=alts, decider=decider, decider_label=label,
        )
        self.steps.append(step)
        return step

    def add_notes(self, notes: Sequence[NoteView]) -> None:
        """Attach notes that arrive after their commit (a later ``annotate``) to the step holding ``at``."""
        for n in notes:
            if not note_visible(n.audience, n.character, self.viewer):
                continue
            for step in reversed(self.steps):
                if step.first <= n.at <= step.seq:
                    step.notes.append(n)
                    break
