"""A journal error in the reader's language. The journal package knows no language (docs/translation.md): its
errors are English sentences with ``expected`` and ``found`` details. The fixed phrases among them (a directory, a
named pipe, an empty file, a file that is no journal …) are listed here for the catalogs and translated where they
are met; a phrase with data in it (a line's own bytes, a hash) stays as the journal wrote it.

>>> from journal import JournalCorrupt
>>> error = JournalCorrupt("not a journal file", path="g.jsonl",
...                        expected="a regular file holding a lifeboat-journal", found="a named pipe (FIFO)")
>>> journal_error_text(error)
'g.jsonl: not a journal file (expected a regular file holding a lifeboat-journal; found a named pipe (FIFO))'
"""

from __future__ import annotations

import re

from journal import JournalError
from lifeboat.i18n import NP_, _, pgettext

PHRASES = frozenset({
    # what is at the path (journal.files, journal.findings)
    NP_("journal", "is a directory, expected a journal file (pass the files, e.g. DIR/*.jsonl)"),
    NP_("journal", "not a journal file"),
    NP_("journal", "a regular file holding a lifeboat-journal"),
    NP_("journal", "a named pipe (FIFO)"),
    NP_("journal", "a special file (a device or a socket)"),
    NP_("journal", "a directory"),
    NP_("journal", "a file"),
    NP_("journal", "nothing"),
    NP_("journal", "no file"),
    NP_("journal", "the file is empty, expected a lifeboat-journal"),
    NP_("journal", "the directory does not exist"),
    NP_("journal", "a file already exists here"),
    NP_("journal", "a directory already exists here"),
    NP_("journal", "no such file"),
    # line 1 and the lines after it (journal.codec)
    NP_("journal", "not a lifeboat journal: line 1 is not JSON"),
    NP_("journal", "a JSON object: the lifeboat-journal header"),
    NP_("journal", "line 1 is not a lifeboat-journal header"),
    NP_("journal", 'a header with "format": "lifeboat-journal"'),
    NP_("journal", 'no "format" member'),
    NP_("journal", "a blank line"),
    NP_("journal", "the end of the file"),
    NP_("journal", "the journal header"),
    NP_("journal", "a commit"),
    NP_("journal", "the line does not end in its hash member"),
    NP_("journal", "the header has no integer version"),
    NP_("journal", "the line's hash does not match its content"),
    NP_("journal", "the line holds two different hashes"),
    NP_("journal", "the hash chain is broken: prev is not the previous line's hash"),
    NP_("journal", "seq does not follow the previous line"),
    NP_("journal", "the header's parent line does not match its seq"),
    NP_("journal", "line 1 does not end in a newline"),
    NP_("journal", "the last line to end in a newline"),
    NP_("journal", "the line to end in LF alone"),
    NP_("journal", "the file is empty"),
    NP_("journal", "line 1: the lifeboat-journal header"),
    NP_("journal", "an empty file"),
    NP_("journal", "a complete line ending in a newline"),
    NP_("journal", "the header line to end in a newline"),
})
"""The journal's phrases that hold no data (issue 29; catalog context ``journal``): a message, ``expected`` or
``found`` equal to one of these is said in the language in use (:func:`journal_error_text`); any other is kept
as the journal wrote it."""


PATTERNS = (
    (re.compile(r"the last line \((\d+) bytes\) is torn: it has no newline; run repair to cut it \(a copy is kept\)"),
     NP_("journal", "the last line ({n} bytes) is torn: it has no newline; run repair to cut it (a copy is kept)")),
    (re.compile(r"the last line \((\d+) bytes\) is torn: it has no newline \(a crash during a write, or the file was "
                r"cut\); `lifeboat repair` cuts it and keeps a copy"),
     NP_("journal", "the last line ({n} bytes) is torn: it has no newline (a crash during a write, or the file was "
                    "cut); `lifeboat repair` cuts it and keeps a copy")),
)
"""The journal's phrases with a number in them (the torn line's size): the journal's words, as a pattern, and the
catalog's message, whose ``{n}`` is the number."""


def journal_phrase(text: str) -> str:
    """``text`` (a journal error's message, ``expected`` or ``found``) in the language in use when it is one of
    :data:`PHRASES` or :data:`PATTERNS`, else as it is."""
    if text in PHRASES:
        return pgettext("journal", text)
    for pattern, message in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return pgettext("journal", message).format(n=match[1])
    return text


def journal_error_text(exc: JournalError) -> str:
    """``exc`` as :class:`journal.JournalError` words it, ``PATH:LINE: MESSAGE (expected …; found …)``, with the
    journal's fixed phrases (:data:`PHRASES`) in the language in use (``g.jsonl：不是日志文件（应为…；实际为命名管道
    （FIFO））``). Raises nothing."""
    details = []
    if exc.expected is not None:
        details.append(_("expected {what}").format(what=journal_phrase(exc.expected)))
    if exc.found is not None:
        details.append(_("found {what}").format(what=journal_phrase(exc.found)))
    text = _("{location}: {message}").format(location=exc.location, message=journal_phrase(exc.message))
    # TRANSLATORS: a journal error's details after its message: "(expected …; found …)"
    return _("{text} ({details})").format(text=text, details=_("; ").join(details)) if details else text
