"""journal: a durable, tamper-evident, append-only JSONL log of commits.

Generic: it stores any msgspec-encodable command and events and knows nothing of the game that uses it.
The file format is described in ``docs/journal-format.md``.

Public API::

    Header, HeaderLine, ParentRef, Commit            value types (msgspec Structs)
    JsonlJournal.create(path, header, *, clock=None) -> JsonlJournal
    JsonlJournal.open(path, *, clock=None, allow_torn=False) -> JsonlJournal
    MemoryJournal(header, *, clock=None)
    journal.append(expected_seq, actor, command, events=(), *, at_ms=None) -> Commit
    journal.commits(*, from_seq=1, command_type=None, event_type=None) -> Iterator[Commit]
    journal.refresh() -> int; .last_seq, .head_hash, .header, .header_hash; .close()
    JsonlJournal.fork(at_seq, new_path, *, game_id, clock=None, **header_changes) -> JsonlJournal
    MemoryJournal.fork(at_seq, *, game_id, clock=None, **header_changes) -> MemoryJournal
    fork(parent_path, at_seq, new_path, *, game_id, clock=None, **header_changes) -> JsonlJournal
    read(path, *, from_seq=1, command_type=None, event_type=None) -> Iterator[Commit]
    verify(path, *, known_head=None) -> Verified
    repair(path) -> RepairReport
    decode_as(commit, command_type=None, event_type=None) -> Commit
    journal.schema.journal_schema() -> dict          JSON Schema of a line (docs/journal-schema.json)
    system_clock() -> int                            integer ms since the epoch
    register_upcaster(from_version, *, header, commit)
    errors: JournalError > JournalNotFound, JournalExists, JournalCorrupt > JournalTorn,
            UnsupportedJournalVersion, JournalConflict, JournalTampered
"""

from journal.errors import (JournalConflict, JournalCorrupt, JournalError, JournalExists, JournalNotFound,
                            JournalTampered, JournalTorn, UnsupportedJournalVersion)
from journal.jsonl import JsonlJournal, fork, read
from journal.memory import MemoryJournal
from journal.model import (FORMAT_NAME, FORMAT_VERSION, Clock, Commit, Header, HeaderLine, ParentRef, decode_as,
                           system_clock)
from journal.protocol import Journal
from journal.repair import RepairReport, Verified, repair, verify
from journal.versions import register_upcaster, supported_versions, unregister_upcaster

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "Clock", "Commit", "Header", "HeaderLine", "Journal", "JournalConflict",
    "JournalCorrupt", "JournalError", "JournalExists", "JournalNotFound", "JournalTampered", "JournalTorn",
    "JsonlJournal", "MemoryJournal", "ParentRef", "RepairReport", "UnsupportedJournalVersion", "Verified",
    "decode_as", "fork", "read", "register_upcaster", "repair", "supported_versions",
    "system_clock", "unregister_upcaster", "verify",
]
