"""Audit notes on commit times (``at_ms``): a time before the game's header was written, or one no clock can give.

Times are what the writer's clock said; they prove nothing (anyone can write any number), so the audit reports
them as notes, not findings: a commit timed before its header (the clock was wrong, or lines were moved from
another game) and an absurd time (after the year 9999, e.g. ``10**40``) are worth a look. A fork's inherited
commits (seq <= its parent's seq) keep their parent's times, which come before the fork's header by nature.
"""

from __future__ import annotations
from lifeboat.i18n import _

import journal

LATEST_MS = 253_402_300_799_999
"""9999-12-31T23:59:59.999Z in ms since the epoch: a later time is no real clock's."""

SHOWN = 3
"""Lines named in each note (then "and N more")."""


def _lines(found: list[int]) -> str:
    named = ", ".join(str(n) for n in found[:SHOWN])
    return named + (f" and {len(found) - SHOWN} more" if len(found) > SHOWN else "")


class TimeCheck:
    """Collects the commits whose ``at_ms`` is before the header's ``created_ms`` or after :data:`LATEST_MS`;
    :meth:`notes` words them (one note per kind, naming the first lines)."""

    def __init__(self) -> None:
        self.early: list[int] = []
        self.absurd: list[int] = []
        self.first_early: tuple[int, int] | None = None

    def see(self, header: journal.Header, line: int, commit: journal.Commit) -> None:
        """Look at ``commit`` (on ``line``) of the journal whose header is ``header``."""
        inherited = header.parent is not None and commit.seq <= header.parent.seq
        if commit.at_ms > LATEST_MS:
            self.absurd.append(line)
        elif commit.at_ms < header.created_ms <= LATEST_MS and not inherited:
            self.early.append(line)
            if self.first_early is None:
                self.first_early = (commit.at_ms, header.created_ms)

    def notes(self, header: journal.Header) -> list[str]:
        """The notes, in a fixed order: the header's own time, absurd commit times, early commit times."""
        notes = []
        if header.created_ms > LATEST_MS:
            notes.append(_("line 1: the header's created_ms {created_ms} is not a real time (after the year 9999); the "
                           "writer's clock was wrong or the header was written by hand").format(created_ms=header.created_ms))
        if self.absurd:
            notes.append(_("{n} commit(s) timed after the year 9999, which no clock gives (line {absurd}); the times were "
                           "written by hand or by a broken clock").format(n=len(self.absurd), absurd=_lines(self.absurd)))
        if self.early and self.first_early is not None:
            at, created = self.first_early
            notes.append(_("{n} commit(s) timed before the header was written (line {early}; the first: at_ms {at} < "
                           "created_ms {created}); the writer's clock went back, or these lines come from another game").format(n=len(self.early), early=_lines(self.early), at=at, created=created))
        return notes
