"""The errors of the application layer: every error a front end may catch, under one roof.

A front end (the CLI, a web server) catches these and nothing from a layer below::

    ServiceError                    root of the errors ``service`` defines: ``message``, ``rule`` ("" when no rule)
    ├── BadRequest                  a request the service cannot serve as asked (a seq out of range, an unknown
    │                               seat, an output that exists): the CLI's usage error (exit 2); ``field`` names
    │                               the argument
    ├── ReplayError                 a commit the rules refuse, or whose recorded events differ (``path``, ``line``,
    │                               ``seq``, ``rule``); :attr:`ReplayError.journal_problem` tells a broken record
    │                               (exit 4) from a rule violation (exit 3)
    ├── FileProblem                 a game file or its deck file cannot be used as asked (an output that exists,
    │                               a missing deck file): the CLI's journal problem (exit 4)
    ├── Unreadable                  (audit) a file that cannot be audited at all
    ├── EndlessGame                 (arena) a bot game that did not end within its cap
    ├── LinksUnreadable             bytes that are not a served game's links (``reason``)
    ├── StoreUnreachable            a PostgreSQL store's server that cannot be reached, or was lost (SERVE-16)
    └── LiveError                   a live game's decision not written, or a game that cannot be played live
        ├── Conflict                SERVE-2: decided on a stale seq (``expected``, ``seq``)
        ├── Diverged                SERVE-9: a reader that followed another copy of the game (``since``, ``seq``)
        ├── Refused                 a rule (or the notation) refused the decision
        └── NotYourTurn             SERVE-3: a seat decides only for its own character
    RuleViolation                   (from :mod:`lifeboat.errors`) a decision the rules refuse; ``rule``, ``message``
    └── AmbiguousCommand            a line of notation that could mean several commands (``candidates``)
    JournalError                    (from :mod:`journal`) the file: ``path``, ``line``, ``expected``, ``found``
    ├── JournalNotFound, JournalExists, JournalCorrupt > NotAJournal | JournalTorn | JournalUnclean, UnsupportedJournalVersion, JournalTampered
    ├── JournalUnavailable          a store's server that cannot be reached or was lost (try again later)
    └── JournalConflict             an append whose expected seq is not the next one (someone else wrote first)

The rule and journal errors are re-exported here, unchanged, so a front end needs ``lifeboat.service.errors`` only; so is
:func:`journal.errors.printable`, which a front end applies to all it prints (journal content quoted in a message),
and :func:`journal.not_a_file` / :func:`journal.too_long`, the phrases for a path that is no regular file, and
:func:`journal.too_deep`, the journal's check of JSON nested too deep to decode safely (a request body's too).
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from journal import (JournalConflict, JournalCorrupt, JournalError, JournalExists, JournalNotFound, JournalTampered,
                     JournalTorn, JournalUnavailable, JournalUnclean, NotAJournal, UnsupportedJournalVersion, name_max, not_a_file,
                     printable, too_deep, too_long)
from lifeboat.errors import AmbiguousCommand, RuleViolation
from lifeboat.i18n import _

JOURNAL_PROBLEMS = frozenset({"EVENTS", "EVOLVE", "JOURNAL-CMD", "CHANCE-2"})
"""``ReplayError.rule`` values that mean the record is broken, not that a decision broke a rule."""


class ServiceError(Exception):
    """Root of the errors the service defines. ``message``: one sentence for a person; ``rule``: the rule id
    (docs/rules.md) that refused the request, ``""`` when none did."""

    rule: str = ""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class BadRequest(ServiceError):
    """A request that cannot be served as asked; nothing was written. ``field`` names the argument
    (``"--to"``, ``"--as"``, ``"output"`` …) or is ``""``."""

    def __init__(self, message: str, field: str = "") -> None:
        self.field = field
        super().__init__(message)


class ReplayError(ServiceError):
    """A commit that the rules refuse or whose recorded events differ from the decided ones.

    Attributes: ``path``, ``line`` (1-based file line), ``seq``, ``rule`` (rule id or check name), ``message``.
    """

    def __init__(self, path: str, line: int, seq: int, rule: str, message: str) -> None:
        self.path, self.line, self.seq, self.rule = path, line, seq, rule
        super().__init__(message)
        self.args = (f"{path}:{line}: [{rule}] {message}",)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: [{self.rule}] {self.message}"

    @property
    def journal_problem(self) -> bool:
        """True when the record itself is broken (events, decoding, commitment), False for a refused decision."""
        return self.rule in JOURNAL_PROBLEMS


class FileProblem(ServiceError):
    """A game file or its deck file cannot be used as asked (it exists already, it is missing, it cannot be
    written); nothing was written. The message names the file and what to do."""


def missing_folder(target: Path, label: str = "") -> str | None:
    """The one-line message for a file to write, ``target``, whose folder does not exist (or is a file), named
    ``label`` (``"--html out.html"``; default: the path) and saying what to do; ``None`` when the folder is there.
    The same words for a new journal (:class:`FileProblem`, exit 4) and another output (:class:`BadRequest`, 2)."""
    folder = target.parent
    if folder.is_dir():
        return None
    if folder.exists():
        return _("{value}: {folder} is a file, not a folder; choose another folder (nothing was written)").format(value=label or target, folder=folder)
    return (_("{value}: the folder {folder} does not exist; create it (mkdir {folder2}) or choose another "
              "(nothing was written)").format(value=label or target, folder=folder, folder2=shlex.quote(str(folder))))


def companion_too_long(path: Path, companion: Path) -> str | None:
    """The one-line message when ``companion``, a file written beside the new journal ``path`` (its deck file),
    would have a name too long for the file system though the journal's own is allowed; ``None`` otherwise."""
    what = not_a_file(companion) or ""
    if "too long" not in what:
        return None
    extra = len(os.fsencode(companion.name)) - len(os.fsencode(path.name))
    limit = name_max(path.parent)
    return (_("{path}: its deck file {name} would be {what}; choose a journal name of at most {limit} bytes "
              "(the deck file's name adds {extra}; nothing was written)").format(path=path, name=companion.name, what=what, limit=limit - extra, extra=extra))


class EndlessGame(ServiceError):
    """A bot game that did not end within its cap of decisions (a rule that lets a loop go on for ever, as REF-22
    closed); the journal is kept for a bug report. ``path``: that journal."""

    def __init__(self, path: str, decisions: int) -> None:
        self.path, self.decisions = path, decisions
        super().__init__(_("{path}: the game did not end after {decisions:,} decisions (real games take a few hundred); "
                           "its journal is kept: please report it with that file").format(path=path, decisions=decisions))


class Unreadable(ServiceError):
    """The file cannot be audited at all (missing, a directory, not a journal, another version): exit 4."""


class LiveError(ServiceError):
    """A decision of a live game (:class:`lifeboat.service.live.game.LiveGame`) that was not written, or a game
    that cannot be played live. ``rule`` is the rule id (docs/rules.md), ``message`` says what to do."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(message)
        self.args = (f"[{rule}] {message}",)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


class Conflict(LiveError):
    """SERVE-2: the decision was made on seq ``expected`` but the game is at ``seq`` (someone decided first)."""

    def __init__(self, expected: int, seq: int) -> None:
        self.expected, self.seq = expected, seq
        super().__init__("SERVE-2", _("the table changed (seq {seq}, you decided on seq {expected}): another decision came first; "
                                      "look again and decide anew").format(seq=seq, expected=expected))


class GameOver(Conflict):
    """SERVE-5 met by a decision made on seq ``expected``: the game ended since (at ``seq``). A conflict (the page
    was behind: it reads the table again and shows the end), saying the game is over, not that another decision
    came first."""

    def __init__(self, expected: int, seq: int) -> None:
        super().__init__(expected, seq)
        self.rule = "SERVE-5"
        self.message = (f"the game is over (it ended by seq {seq}; you decided on seq {expected}): no decision can "
                        "be made any more")
        self.args = (f"[SERVE-5] {self.message}",)


class Diverged(LiveError):
    """SERVE-9: a reader says it has seen seq ``since`` but the game is only at ``seq``: it followed another copy
    of the game (the host restored or cut the file), so nothing the server holds continues what it saw."""

    def __init__(self, since: int, seq: int) -> None:
        self.since, self.seq = since, seq
        super().__init__("SERVE-9", _("this page has seen seq {since} but the game is at seq {seq} (its file was restored or cut): "
                                      "read the game again from the start (since=0; the page does so by itself)").format(since=since, seq=seq))


class Refused(LiveError):
    """The rules (or the notation, NOTATION-1) refused the decision; nothing was written."""


class NotYourTurn(LiveError):
    """SERVE-3: a seat decides only for its own character."""


class StoreUnreachable(ServiceError):
    """A PostgreSQL store whose server cannot be reached (or was lost): while following its commits
    (:meth:`lifeboat.service.live.stored.GameStore.follow`), or opening, reading or deciding in one of its games
    (a served page gets ``503``, SERVE-16). The message is the journal's, with no password, but it names the
    store's host, port and database: for the server's log, never for a page."""

    rule = "SERVE-16"


class LinksUnreadable(ServiceError):
    """Bytes that are not the links of a served game (:func:`lifeboat.service.live.links.read_links`); ``reason``
    says why (the decoder's words)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(_("not the links of a served game ({reason})").format(reason=reason))


__all__ = [
    "AmbiguousCommand", "BadRequest", "Conflict", "Diverged", "EndlessGame", "FileProblem", "GameOver", "JournalConflict", "JournalCorrupt", "JournalError", "JournalExists",
    "JournalNotFound", "JournalTampered", "JournalTorn", "JournalUnavailable", "JournalUnclean", "LinksUnreadable", "LiveError", "NotAJournal",
    "NotYourTurn", "Refused", "ReplayError", "RuleViolation", "ServiceError", "StoreUnreachable",
    "Unreadable", "UnsupportedJournalVersion", "companion_too_long", "missing_folder", "not_a_file", "printable", "too_deep", "too_long",
]
