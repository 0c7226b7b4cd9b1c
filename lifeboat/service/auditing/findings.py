"""What an audit reports: findings as data (msgspec structs), one :class:`Report` per file.

A front end renders them (the CLI as text or ``--json``); nothing here prints.
"""

from __future__ import annotations

from typing import Any

import msgspec

SHOW = 160
"""``found`` / ``expected`` texts are cut to this many characters."""


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """One problem. ``line`` is the 1-based line of the audited file it is on (``None``: not on a line);
    ``seq`` the commit's seq when known; ``check`` one of ``structure``, ``header``, ``legality``, ``chance``,
    ``commitment``, ``fork``, ``receipt``, ``note``; ``rule`` the rule id (``MUG-1``, ``CHANCE-2`` …) or the check's code
    (``JOURNAL-TAMPERED``, ``EVENTS``, ``FORK-PREFIX`` …); ``found`` what the journal says; ``expected`` what it
    should say."""

    line: int | None
    check: str
    rule: str
    message: str
    seq: int | None = None
    found: str | None = None
    expected: str | None = None


class ReceiptResult(msgspec.Struct, kw_only=True):
    """What an audit found for one receipt: ``ok`` when the line and the view match; ``view`` the seat's view
    then (as JSON values), when the journal reaches that far."""

    token: str
    seq: int
    seat: str
    ok: bool
    view: Any = None


# ---- the report -------------------------------------------------------------------------------------------------


class Report(msgspec.Struct, kw_only=True):
    """The audit of one file. ``readable`` False means it could not be audited at all (``error`` says why).
    ``chance`` says how the draws were checked; ``scores`` and ``winners`` are set for a finished game."""

    path: str
    readable: bool = True
    error: str | None = None
    game_id: str | None = None
    parent: str | None = None
    lines: int = 0
    last_seq: int = 0
    over: bool = False
    chance: str = ""
    findings: list[Finding] = []
    notes: list[str] = []
    scores: list[dict[str, Any]] | None = None
    winners: list[str] | None = None
    receipts: list[ReceiptResult] = []

    @property
    def clean(self) -> bool:
        return self.readable and not self.findings




def show(value: Any) -> str:
    text = value if isinstance(value, str) else msgspec.json.encode(value).decode()
    return text if len(text) <= SHOW else text[: SHOW - 3] + "..."

