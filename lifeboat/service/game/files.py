"""A game's files: its journal, and the dealer's deck file beside a digital game's journal.

The deck orders of a digital game live beside its journal in ``<file>.deck.json`` (the dealer's secret, readable by
its owner only) until the end, when they are revealed in the journal (CHANCE-2).
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

import journal
from lifeboat.chance import DeckOrders, commitment

AnyJournal = journal.JsonlJournal | journal.MemoryJournal

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
    the option it was given to); else ``None``. The message holds nothing of the file (the deck orders are the
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
        return (f"{path}: this is the dealer's deck file of {game} (it holds the deck orders; keep it secret), not "
                f"a journal; {give} the journal {game}")
    return (f"{path}: this is a dealer's deck file (it holds a game's deck orders; keep it secret), not a journal; "
            f"{give} the game's journal (GAME.jsonl, beside its deck file GAME.jsonl{DECK_SUFFIX})")


def open_journal(path: Path) -> journal.JsonlJournal:
    """Open an existing game file. Raises :class:`journal.JournalError` subclasses."""
    return journal.JsonlJournal.open(path)



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
    """
    p = deck_path(path)
    if not os.path.exists(p):  # False too for a name too long for a deck file: a journal of 246-255 bytes has none
        return None
    return decode_orders(p.read_bytes(), str(p), commitment_hash)


def decode_orders(raw: bytes, where: str, commitment_hash: str | None = None) -> DeckOrders:
    """Deck orders from the bytes ``raw`` of a deck file (or a store's copy of one, named ``where``). Raises
    journal.JournalCorrupt as :func:`load_orders`."""
    p = where
    try:
        orders = msgspec.json.decode(raw, type=DeckOrders)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        raise journal.JournalCorrupt(f"the deck file is not deck orders ({exc})", path=p, line=1,
                                     expected="the dealer's deck orders written by 'lifeboat new'") from None
    if commitment_hash is not None and commitment(orders) != commitment_hash:
        raise journal.JournalCorrupt("the deck file does not match the journal's deck commitment", path=p,
                                     line=1, expected=f"orders whose hash is {commitment_hash[:16]}… (CHANCE-2); "
                                     f"is it another game's deck file?")
    return orders


def revealed(j: AnyJournal) -> bool:
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
