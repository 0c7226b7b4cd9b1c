"""journal: a durable, tamper-evident, append-only JSONL log of commits (in a file, in memory, or in PostgreSQL).

Generic: it stores any msgspec-encodable command and events and knows nothing of the game that uses it.
The file format is described in ``docs/journal-format.md``, the PostgreSQL store in ``docs/postgresql.md``.
The PostgreSQL names (``PostgresStore``, ``PostgresJournal``, ``CommitListener``, ``Notice``) load psycopg on first
use only, so a program that keeps to files does not pay for importing it.

Public API::

    Header, HeaderLine, ParentRef, Commit            value types (msgspec Structs)
    JsonlJournal.create(path, header, *, clock=None) -> JsonlJournal
    JsonlJournal.open(path, *, clock=None, allow_torn=False) -> JsonlJournal
    MemoryJournal(header, *, clock=None)
    journal.append(expected_seq, actor, command, events=(), *, at_ms=None) -> Commit
    journal.commits(*, from_seq=1, command_type=None, event_type=None) -> Iterator[Commit]
    journal.refresh() -> int; .last_seq, .head_hash, .header, .header_hash; .close()
    PostgresStore(url, *, schema="journal")            a PostgreSQL store: .create, .open, .import_jsonl, .game_ids,
                                                     .listen() -> CommitListener; .close()
    PostgresJournal.create(store_or_url, header, *, schema="journal", clock=None) -> PostgresJournal
    PostgresJournal.open(store_or_url, game_id, *, schema="journal", clock=None) -> PostgresJournal
    PostgresJournal.import_jsonl(store_or_url, path, *, schema="journal", clock=None, private=None) -> ...
    postgres_journal.save(path) -> JsonlJournal; .lines(); .fork(at_seq, *, game_id, ...); .wait(after_seq, ms)
    JsonlJournal.fork(at_seq, new_path, *, game_id, clock=None, **header_changes) -> JsonlJournal
    MemoryJournal.fork(at_seq, *, game_id, clock=None, **header_changes) -> MemoryJournal
    fork(parent_path, at_seq, new_path, *, game_id, clock=None, **header_changes) -> JsonlJournal
    read(path, *, from_seq=1, command_type=None, event_type=None) -> Iterator[Commit]
    read_with_findings(path) -> FindingsReader      every problem on the way, as LineProblem values (an audit)
    read_header(path) -> Header
    verify(path, *, known_head=None) -> Verified
    repair(path) -> RepairReport
    decode_as(commit, command_type=None, event_type=None) -> Commit
    journal.schema.journal_schema() -> dict          JSON Schema of a line (docs/journal-schema.json)
    system_clock() -> int                            integer ms since the epoch
    not_a_file(path) -> str | None                   what a path that is not a regular file is (never opens it)
    too_long(path) -> str                            the phrase for a name the file system refuses as too long
    too_deep(raw, limit=MAX_DEPTH) -> bool          whether JSON bytes nest arrays/objects deeper than a line may
    name_max(folder) -> int                          the longest file name (bytes) the folder's file system takes
    register_upcaster(from_version, *, header, commit)
    errors: JournalError > JournalNotFound, JournalExists, JournalCorrupt > NotAJournal, JournalTorn, JournalUnclean,
            UnsupportedJournalVersion, JournalConflict, JournalTampered, JournalUnavailable (a store's server)

A journal in memory (any msgspec-encodable command and events; a fixed clock here), its chain, and a writer that
expected another seq::

    >>> import journal
    >>> header = journal.Header(game_id="g1", created_ms=0, ruleset="standard", players=("Ann", "Bob", "Cy", "Dee"))
    >>> book = journal.MemoryJournal(header, clock=lambda: 1000)
    >>> first = book.append(1, "Ann", {"type": "row"}, [{"type": "rowed"}])
    >>> first.seq, first.at_ms, first.prev == book.header_hash, first.hash == book.head_hash
    (1, 1000, True, True)
    >>> book.append(1, "Bob", {"type": "do_nothing"})
    Traceback (most recent call last):
    ...
    journal.errors.JournalConflict: <memory>:3: conflict: the caller expected to write seq 1 but the journal's next seq is 2
    >>> second = book.append(2, "Bob", {"type": "do_nothing"})
    >>> [(c.seq, c.actor) for c in book.commits()]
    [(1, 'Ann'), (2, 'Bob')]

Saved to a file, every line's hash checked again (:func:`verify`; ``known_head`` also catches a cut tail)::

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "g1.jsonl"
    >>> book.save(path).close()
    >>> checked = journal.verify(path, known_head=(2, second.hash))
    >>> checked.lines, checked.last_seq, checked.head_hash == second.hash
    (3, 2, True)
    >>> [c.command["type"] for c in journal.read(path)]
    ['row', 'do_nothing']
    >>> import shutil; shutil.rmtree(path.parent)
"""

from typing import TYPE_CHECKING

from journal.codec import MAX_DEPTH, too_deep

from journal.errors import (JournalConflict, JournalCorrupt, JournalError, JournalExists, JournalNotFound,
                            JournalTampered, JournalTorn, JournalUnavailable, JournalUnclean, NotAJournal, UnsupportedJournalVersion,
                            printable)
from journal.files import name_max, not_a_file, too_long
from journal.findings import FindingsReader, LineProblem, read_header, read_with_findings
from journal.jsonl import JsonlJournal, fork, read
from journal.memory import MemoryJournal
from journal.model import (FORMAT_NAME, FORMAT_VERSION, Clock, Commit, Header, HeaderLine, ParentRef, decode_as,
                           system_clock)
from journal.protocol import Journal
from journal.repair import RepairReport, Verified, repair, verify
from journal.versions import register_upcaster, supported_versions, unregister_upcaster

if TYPE_CHECKING:  # the type checker sees them; at run time they load on first use (below)
    from journal.pg_journal import PostgresJournal
    from journal.pg_store import CommitListener, Notice, PostgresStore

_POSTGRES = {"PostgresStore": "journal.pg_store", "CommitListener": "journal.pg_store", "Notice": "journal.pg_store",
             "PostgresJournal": "journal.pg_journal"}


def __getattr__(name: str) -> object:
    """The PostgreSQL names, imported on first use (psycopg takes a noticeable time to import)."""
    if name in _POSTGRES:
        import importlib
        return getattr(importlib.import_module(_POSTGRES[name]), name)
    raise AttributeError(f"module 'journal' has no attribute {name!r}")


__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "MAX_DEPTH", "Clock", "Commit", "CommitListener", "FindingsReader", "Header",
    "HeaderLine", "Journal", "JournalConflict", "JournalCorrupt", "JournalError", "JournalExists",
    "JournalNotFound", "JournalTampered", "JournalTorn", "JournalUnavailable", "JournalUnclean", "JsonlJournal", "LineProblem", "MemoryJournal", "NotAJournal", "Notice",
    "ParentRef", "PostgresJournal", "PostgresStore", "RepairReport", "UnsupportedJournalVersion", "Verified",
    "decode_as", "fork", "name_max", "not_a_file", "printable", "read", "read_header", "read_with_findings", "register_upcaster", "repair",
    "supported_versions", "system_clock", "too_deep", "too_long", "unregister_upcaster", "verify",
]
