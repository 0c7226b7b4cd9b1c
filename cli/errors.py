"""Turning errors into messages and exit codes (docs/cli.md).

Exit codes: 0 ok, 2 usage, 3 rule violation, 4 journal problem, 5 audit findings. No traceback reaches the user
for a user mistake: every expected error is printed as one or two plain lines on stderr.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

import typer

from cli.terminal import terminal_safe
from lifeboat.i18n import _

OK, USAGE, RULE, JOURNAL, FINDINGS = 0, 2, 3, 4, 5


def fail(message: str, code: int) -> typer.Exit:
    """Print ``message`` on stderr, its unprintable characters escaped (a refusal may quote a card id or a name
    read from a hand-edited journal: :func:`cli.terminal.terminal_safe`), and return the :class:`typer.Exit` to
    raise."""
    sys.stderr.write(f"lifeboat: {terminal_safe(message, keep='')}\n")
    return typer.Exit(code)


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """Map the errors a user can cause to messages and exit codes."""
    from lifeboat.service import errors as e

    try:
        yield
    except e.ReplayError as exc:
        raise fail(f"{exc.path}:{exc.line}: [{exc.rule}] {exc.message}", JOURNAL if exc.journal_problem else RULE) from None
    except e.BadRequest as exc:
        raise fail(exc.message, USAGE) from None
    except e.FileProblem as exc:
        raise fail(exc.message, JOURNAL) from None
    except e.EndlessGame as exc:
        raise fail(exc.message, FINDINGS) from None
    except e.JournalConflict as exc:
        raise fail(_("{path}: another program wrote to this game at the same moment; nothing was lost "
                     "and nothing of yours was written — run the command again to continue from its "
                     "new end").format(path=exc.path), JOURNAL) from None
    except e.JournalError as exc:
        if isinstance(exc, e.NotAJournal) and exc.path is not None:
            from pathlib import Path

            from lifeboat.service.game.files import deck_file_note

            deck = deck_file_note(Path(exc.path))  # the dealer's deck file given for its journal: say so, show none
            if deck is not None:
                raise fail(deck, JOURNAL) from None
        if isinstance(exc, e.JournalNotFound) and exc.message == "no such file" and exc.path and exc.line is None:
            raise fail(_("{path}: no such file").format(path=exc.path), JOURNAL) from None
        hint = ""
        if isinstance(exc, e.JournalTorn):
            hint = _(" — run: {command}").format(command=f"lifeboat repair {exc.path}")
        elif isinstance(exc, e.JournalUnclean):  # the message says what repair does (a clean copy, the file kept)
            hint = " — [JOURNAL-CORRUPT] " + _("run: {command}").format(command=f"lifeboat repair {exc.path}")
        elif isinstance(exc, e.JournalTampered) and exc.path:  # the id and the next step, as audit gives them
            hint = " — [JOURNAL-TAMPERED] " + _("the file was changed after it was written; run: {command} (every "
                                                "finding, with its line: docs/disputes.md)").format(
                command=f"lifeboat audit {exc.path}")
        elif isinstance(exc, e.JournalCorrupt) and exc.path and (exc.line or 0) > 1:  # a line after a good start
            hint = " — [JOURNAL-CORRUPT] " + _("run: {command} (every finding, with its line: docs/disputes.md); repair "
                                               "cuts only a torn last line (one with no newline), not this one").format(
                command=f"lifeboat audit {exc.path}")
        from lifeboat.service.journal_words import journal_error_text

        raise fail(f"{journal_error_text(exc)}{hint}", JOURNAL) from None
    except e.RuleViolation as exc:
        raise fail(f"[{exc.rule}] {exc.message}", RULE) from None
    except IsADirectoryError as exc:
        raise fail(_("{filename}: is a directory, expected a journal file").format(filename=exc.filename), JOURNAL) from None
    except PermissionError as exc:
        raise fail(_("{filename}: permission denied").format(filename=exc.filename), JOURNAL) from None
