"""A game's files: its journal, and the dealer's deck file beside a digital game's journal.

The deck orders of a digital game live beside its journal in ``<file>.deck.json`` (the dealer's secret, readable by
its owner only) until the end, when they are revealed in the journal (CHANCE-2).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec

import journal
from lifeboat.chance import DeckOrders, commitment
from lifeboat.i18n import _

Source = Path | journal.Journal
"""Where a game is read from: a game file's path, or an open journal of any store (file, memory or PostgreSQL)."""

DECK_SUFFIX = ".deck.json"


def deck_path(path: Path) -> Path:
    """Where the dealer keeps the committed deck orders of ``path`` until the end."""
    return path.with_name(path.name + DECK_SUFFIX)


DECK_START = b'{"characters":['
"""How a deck file begins (:func:`write_deck_file` encodes :class:`DeckOrders` in field order); a journal begins
with its header's ``{"format":``."""
DECK_MAX_BYTES = 1 << 20
"""A deck file is a few kilobytes; a bigger file is not read to tell."""


def deck_file_note(path: Path, give: str = "give") -> str | None:
    """When ``path`` is a dealer's deck file (deck orders, not a journal: someone gave it where a journal goes), the
    one-line message saying so and naming the journal beside it (``give`` the journal: ``"give --parent"`` names
    the option it was given to: ``"give --OPTION"``, never translated); else ``None``. The message holds nothing of the file (the deck orders are the
    dealer's secret until the end, CHANCE-2). Never raises: a file that cannot be read is not told apart here."""
    try:
        if not path.is_file() or path.stat().st_size > DECK_MAX_BYTES:
            return None
        with path.open("rb") as f:
            if f.read(len(DECK_START)) != DECK_START:
                return None
            decode_orders(DECK_START + f.read(), str(path))  # the one reader of deck orders
    except (OSError, journal.JournalCorrupt):
        return None
    if path.name.endswith(DECK_SUFFIX) and len(path.name) > len(DECK_SUFFIX):
        game = path.with_name(path.name[: -len(DECK_SUFFIX)])
        text = (_("{path}: this is the dealer's deck file of {game} (it holds the deck orders; keep it secret), not "
                  "a journal; give the journal {game}") if give == "give" else
                _("{path}: this is the dealer's deck file of {game} (it holds the deck orders; keep it secret), not "
                  "a journal; give {option} the journal {game}"))
        return text.format(path=path, game=game, option=give.removeprefix("give "))
    text = (_("{path}: this is a dealer's deck file (it holds a game's deck orders; keep it secret), not a journal; "
              "give the game's journal (GAME.jsonl, beside its deck file GAME.jsonl{deck_suffix})") if give == "give"
            else _("{path}: this is a dealer's deck file (it holds a game's deck orders; keep it secret), not a "
                   "journal; give {option} the game's journal (GAME.jsonl, beside its deck file "
                   "GAME.jsonl{deck_suffix})"))
    return text.format(path=path, option=give.removeprefix("give "), deck_suffix=DECK_SUFFIX)


def open_journal(path: Path) -> journal.JsonlJournal:
    """Open an existing game file. Raises :class:`journal.JournalError` subclasses."""
    return journal.JsonlJournal.open(path)


@contextmanager
def opened(source: Source) -> Iterator[journal.Journal]:
    """The journal of ``source``: a game file's, opened here and closed on leaving, or an open journal of any
    store, given back as it is (its owner closes it). The one place the service turns "a path or a journal" into
    a journal. Raises :class:`journal.JournalError` subclasses for a file that cannot be opened."""
    if isinstance(source, Path):
        j = open_journal(source)
        try:
            yield j
        finally:
            j.close()
    else:
        yield source


def header_of(source: Source) -> journal.Header:
    """The header of the game of ``source``: a game file's (read without replaying it), or an open journal's."""
    return journal.read_header(source) if isinstance(source, Path) else source.header



def write_private_file(target: Path, raw: bytes) -> None:
    """Write ``raw`` to the new file ``target``, readable by its owner only (0600): how a deck file, its clean copy
    and a served game's links (:func:`lifeboat.service.live.links.write_links_file`) are written.

    Raises:
        FileExistsError: ``target`` exists (nothing is overwritten). OSError: it cannot be written.
    """
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(raw)


def write_deck_file(target: Path, orders: DeckOrders) -> None:
    """Write the dealer's secret deck orders to the new file ``target``, readable by its owner only (0600), so
    another account on a shared disk cannot read every hand to come.

    Raises:
        FileExistsError: ``target`` exists (nothing is overwritten). OSError: it cannot be written.
    """
    write_private_file(target, msgspec.json.encode(orders))


def load_orders(path: Path, commitment_hash: str | None = None) -> DeckOrders | None:
    """The dealer's deck orders for ``path``, or ``None`` when there is no deck file (a recorded game).

    Raises:
        journal.JournalCorrupt: the deck file is not deck orders, or (``commitment_hash`` given) its orders do not
            match the journal header's commitment (CHANCE-2): dealing from it would make a game nobody can replay.
            A deck file that is no regular file (a named pipe, never waited on; a directory) is not deck orders.
        PermissionError: it cannot be read.
    """
    p = deck_path(path)
    if not os.path.exists(p):  # False too for a name too long for a deck file: a journal of 246-255 bytes has none
        return None
    try:
        raw = read_regular(p)
    except PermissionError:
        raise
    except OSError as exc:  # a named pipe, a directory: said as what it is, never waited on
        raise journal.JournalCorrupt(_("the deck file is not deck orders ({exc})").format(exc=exc.strerror or exc),
                                     path=str(p), expected=_("the dealer's deck orders written by 'lifeboat new'")) from None
    return decode_orders(raw, str(p), commitment_hash)


def read_regular(path: Path) -> bytes:
    """The bytes of ``path``, a file kept beside a journal (its deck file, a served game's links), read only when it
    is a regular file: it is opened non-blocking and checked once open, so a named pipe put there is refused at
    once, never waited on for ever (nobody may ever write to it).

    Raises:
        OSError: it cannot be opened or read, or is not a regular file (then ``str(exc)`` is what it is, in
            :func:`journal.not_a_file`'s words: ``a named pipe (FIFO)``, ``a directory``).
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    if not regular:
        os.close(fd)
        raise OSError((journal.not_a_file(path) or "not a regular file").removesuffix(", not a regular file"))
    with os.fdopen(fd, "rb") as f:
        return f.read()


def decode_orders(raw: bytes, where: str, commitment_hash: str | None = None) -> DeckOrders:
    """Deck orders from the bytes ``raw`` of a deck file (or a store's copy of one, named ``where``). Raises
    journal.JournalCorrupt as :func:`load_orders`."""
    p = where
    try:
        orders = msgspec.json.decode(raw, type=DeckOrders)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        raise journal.JournalCorrupt(_("the deck file is not deck orders ({exc})").format(exc=exc), path=p, line=1,
                                     expected=_("the dealer's deck orders written by 'lifeboat new'")) from None
    if commitment_hash is not None and commitment(orders) != commitment_hash:
        raise journal.JournalCorrupt(_("the deck file does not match the journal's deck commitment"), path=p,
                                     line=1, expected=_("orders whose hash is {commitment_hash}… (CHANCE-2); is it another game's deck file?").format(commitment_hash=commitment_hash[:16]))
    return orders


def revealed(j: journal.Journal) -> bool:
    """True when the journal reveals the decks: its last commit, or the last before the notes appended after the
    end (NOTE-1). Reads the file from the end of the game only when the caller asks (a finished game)."""
    found = False
    for commit in j.commits():
        cmd = commit.command
        if isinstance(cmd, dict) and cmd.get("type") == "decks_revealed":
            found = True
    return found


def repair_game(path: Path) -> journal.RepairReport:
    """Cut a torn last line left by a crash, keeping the cut bytes in a side file (:func:`journal.repair`);
    ``cut_line`` is ``None`` when there was nothing to cut. A file with a byte-order mark, CR LF endings or
    trailing blank lines is kept as it is and a clean copy written beside it (``clean_copy``), with a copy of the
    dealer's deck file (0600) when there is one. Raises journal errors for any other problem."""
    report = journal.repair(path)
    deck = deck_path(path)
    if report.clean_copy is not None and deck.exists():
        target = deck_path(Path(report.clean_copy))
        if not target.exists():
            write_private_file(target, deck.read_bytes())
    return report
