"""Card data files: read one and check it against its own ``checks`` (CARD-2, issue 13 item 3).

The bundled card data is checked when :mod:`lifeboat.cards` loads; :func:`read_card_file` checks any other file
the same way, so a table can verify its own printing before playing with it (``lifeboat cards FILE``).
"""

from __future__ import annotations

from typing import Any

import json
from pathlib import Path

import journal
from lifeboat.card_data import CardDataError, check
from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED, CARD_DATA_SHA256, register
from lifeboat.service.errors import FileProblem
from lifeboat.i18n import N_, _

#: what to do about a file that is not card data at all (CARD-2), after the problem
CARD_DEPTH = journal.MAX_DEPTH - 2
"""The deepest nesting of arrays and objects card data may have (CARD-2): a game played with it carries a copy in
its journal header (``meta.cards``, two levels down, CARD-3), and a journal line nests at most
:data:`journal.MAX_DEPTH` levels; deeper data would make a journal no reader opens."""
_SHAPE = N_("card data is one JSON object shaped like the bundled lifeboat/data/cards.json; correct the file and run "
          "the command again")


def read_card_file(path: Path) -> tuple[dict[str, Any], str]:
    """Read the card data file at ``path`` (JSON, the shape of ``lifeboat/data/cards.json``) and check it.

    Returns ``(data, sha256)``: the decoded data and its :func:`lifeboat.card_data.data_hash`.

    Raises:
        FileProblem: the file cannot be read, is a game journal (the message says what to pass instead), is not
            UTF-8 JSON (the message gives the line and column, the rule CARD-2 and what to do), or a field is wrong (CARD-2: the message names the field, what was found and what was expected).
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FileProblem(_("{path}: cannot read the card data file ({strerror})").format(path=path, strerror=exc.strerror)) from None
    try:
        text = raw.decode("utf-8")
        if _journal_header(text):
            raise FileProblem(_("[CARD-2] {path}: this looks like a game journal (line 1 is a lifeboat-journal header), not a "
                                "card data file; pass a card data file (JSON shaped like lifeboat/data/cards.json), or no file "
                                "to check the bundled card data (a journal names its card data by hash in its header; 'lifeboat "
                                "audit GAME.jsonl' checks the journal)").format(path=path))
        if journal.too_deep(raw, CARD_DEPTH):
            raise FileProblem(_("[CARD-2] {path}: the card data file nests JSON too deep to be card data (more than "
                                "{depth} levels: a journal header carries a copy of it, and a journal line nests at "
                                "most {limit}); card data is one JSON object shaped like the bundled "
                                "lifeboat/data/cards.json; correct the file and run the command again"
                                ).format(path=path, depth=CARD_DEPTH, limit=journal.MAX_DEPTH))
        data = json.loads(text)
    except UnicodeDecodeError as exc:
        raise FileProblem(_("[CARD-2] {path}: the card data file is not UTF-8 text (byte {start}); {shape}").format(path=path, start=exc.start, shape=_(_SHAPE))
                          ) from None
    except json.JSONDecodeError as exc:
        raise FileProblem(_("[CARD-2] {path}:{lineno}: not JSON ({msg}, column {colno}); {shape}").format(path=path, lineno=exc.lineno, msg=exc.msg, colno=exc.colno, shape=_(_SHAPE))
                          ) from None
    except RecursionError:
        raise FileProblem(_("[CARD-2] {path}: the card data file nests JSON too deep to be card data; {shape}").format(path=path, shape=_(_SHAPE))
                          ) from None
    try:
        return data, check(data, str(path))
    except CardDataError as exc:
        raise FileProblem(_("[CARD-2] {exc}; correct that field (the bundled lifeboat/data/cards.json shows the shape)").format(exc=exc)) from None


def _journal_header(text: str) -> bool:
    """Whether line 1 of ``text`` is a journal header (a JSON object whose ``format`` is ``lifeboat-journal``)."""
    first = text.split("\n", 1)[0]
    if "lifeboat-journal" not in first:
        return False
    try:
        header = json.loads(first)
    except (json.JSONDecodeError, RecursionError):
        return False
    return isinstance(header, dict) and header.get("format") == "lifeboat-journal"


def load_card_file(path: Path | None) -> CardSet:
    """The card set of the card data file at ``path`` (``--cards FILE``), checked and registered for the games of
    this process (CARD-2, CARD-3); :data:`lifeboat.cards.BUNDLED` for ``None``.

    Raises:
        FileProblem: as :func:`read_card_file`; or the file describes other cards than this lifeboat plays (a
            character or provision face it does not know or misses, CARD-3), naming the file and the field.
    """
    if path is None:
        return BUNDLED
    data, _raw = read_card_file(path)
    try:
        return register(data, str(path))
    except CardDataError as exc:
        raise FileProblem(_("[CARD-3] {exc}; a table's own card data may change values (sizes, survival values, points, "
                            "counts, navigation cards), not which cards exist").format(exc=exc)) from None


def bundled_card_hash() -> str:
    """The hash of the card data this lifeboat plays with (:data:`lifeboat.cards.CARD_DATA_SHA256`)."""
    return CARD_DATA_SHA256
