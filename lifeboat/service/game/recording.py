"""Recording a real game, line by line: what the terminal recorder (``lifeboat record``) and the record page share.

- :func:`decide_line`: a line of notation decided at a table (REC-1); a line no way of the unseen cards allows
  (REC-3) is refused naming the decision that last placed such a card (:func:`placed_by`);
- :func:`to_show`: what the end of the game still asks for (SCORE-4), per player;
- the table's words for the page: :func:`status`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from lifeboat.errors import CardContradiction, RuleViolation
from lifeboat.events import Event
from lifeboat.scoring import ToShow, still_to_show
from lifeboat.state import State
from lifeboat.service.game.records import Correction, DecksRevealed, Note
from lifeboat.service.game.replay import replay
from lifeboat.service.game.table import Appended, Table
from lifeboat.i18n import _

_encode = msgspec.json.Encoder().encode


def placed_by(table: Table, look: str) -> tuple[int, str] | None:
    """REC-3: ``(seq, line)`` of the decision in force that last named or moved a card looking like ``look``
    (``"flare_gun"``, ``"painting(3)"``): the line that made a later one impossible. ``None`` when none did."""
    from lifeboat.notation import render

    cards = table.state.cards
    copies = {x for x in cards.provision_instances(table.state.ruleset.card_sets) if cards.look_of(x) == look}
    found: list[tuple[int, Any, State]] = []
    for step in replay(table.journal, str(table.path)):
        if isinstance(step.record, Correction):
            found = [f for f in found if f[0] < step.record.from_seq]
        elif not isinstance(step.record, (DecksRevealed, Note)) and _mentions(step.events, copies):
            found.append((step.commit.seq, step.record, step.before))
    if not found:
        return None
    seq, command, before = found[-1]
    try:
        return seq, render(command, before)
    except Exception:  # noqa: BLE001 - a line that cannot be written back still has its seq
        return seq, type(command).__name__


def _mentions(events: tuple[Event, ...], copies: set[str]) -> bool:
    text = _encode(events).decode()
    return any(f'"{x}"' in text for x in copies)


def decide_line(table: Table, text: str, default_actor: str | None) -> Appended:
    """Parse ``text`` (notation) in ``table``'s state and decide it. Raises what :func:`lifeboat.notation.parse`
    and :meth:`Table.decide` raise; a :class:`CardContradiction` (REC-1, REC-3) gets the decision that last placed
    such a card appended to its message."""
    from lifeboat.notation import parse

    command = parse(text, table.state, default_actor)
    try:
        return table.decide(command)
    except CardContradiction as exc:
        where = placed_by(table, exc.look)
        if where is not None:
            exc.message += _("; the record last placed one at decision {seq} ({line})").format(seq=where[0], line=where[1])
        raise


def to_show(state: State) -> tuple[ToShow, ...]:
    """SCORE-4: what the end of a recorded game still asks for, per player; ``()`` before the end or when every
    card that matters is named."""
    return still_to_show(state) if state.over else ()


__all__ = ["CardContradiction", "RuleViolation", "decide_line", "placed_by", "to_show"]
