"""service: the application layer between the front ends (``cli/``, ``web/``) and the pure packages.

Front ends parse input and render; everything else they need is here. ``service`` is the only package that
imports both ``lifeboat`` (the rules) and ``journal`` (the log), and the only one that reads the clock or draws
randomness (:mod:`lifeboat.service.clock`). Errors: :mod:`lifeboat.service.errors` (a front end catches those, nothing else).
Times are integer milliseconds; seqs count commits from 1 (line ``seq + 1`` of the file).

The API, by task (each function documents its shapes and every error it raises)::

    create   Table.deal_new(path, players, *, seed=None, options=(), cards=None) -> Table   a digital deal (CHANCE-2)
             Table.record_new(path, *, players=None, options=(), position=None, cards=None) -> Table   recorded (REC-1)
             read_position(path) -> dict                                            a position file (POS-1)
             fork_game(game, at, output, *, chance="keep", seed=None) -> Forked     branch at a seq
    open     Table.open(path) -> Table        .state .views .header .last_seq .digital .waiting_for() ...
    decide   Table.decide(command, *, expected_seq=None) -> Appended                commit + what each audience sees
             Table.deal() -> Appended; Table.close_window() -> Appended; Table.withdraw(from_seq) -> Commit
             Table.note(at, text, for_="public") -> Commit                          a note while recording (NOTE-1)
    replay   replay(journal, path) -> Iterator[Step]                                strict, streaming
             story(path, who, to=None) -> Iterator[StoryStep]                       the views of one audience
             view_at(path, who, at=None) -> view; final_state(path) -> State
    seats    resolve_viewer(state, who) -> "public" | "referee" | character id
    cards    read_card_file(path) -> (data, sha256); bundled_card_hash()    card data checked (CARD-2)
             load_card_file(path) -> CardSet     a table's own card data for --cards (CARD-3)
             card_data_note_of(path) -> str | None      a journal made with other card data (CARD-2)
             card_set_of(path) -> CardSet               the card data a game plays with (CARD-3)
    audit    audit(path, *, parent=None, receipts=()) -> Report; audit_many(paths, ...) -> (reports, unmatched)
    receipts make_receipt(path, who, at=None) -> Receipt; read_receipts(values) -> list[Receipt]
    score    score_game(path) -> ScoreSheet
    bots     bot_kinds(state, spec) -> {seat: kind}; make_bot(kind, think_ms); ask(bot, views, seat, rng)
             suggest(path, who, at, kind) -> (seat, Command | None, waiting)        "what would a bot do here"
             random_bot(me, legal, rng) -> Command; bot_seats(state, spec) -> set[str]
    arena    Arena(kinds, games, seed, out, seats, think_ms).play() -> Iterator[GameResult]; summarize(results)
    teach    annotate(path, at, text, for_="public") -> (Commit, Note)            append a note (NOTE-1)
             replay_book(path, who, to=None) -> Book; replay_document(path, who, to=None) -> dict   the steps
             of one reader: story, table, notes, the decisions that were open (HTML replays: web.viewer)
    repair   repair_game(path) -> RepairReport
    store    import_game(path, store_url, *, schema) -> Transferred     a file into a PostgreSQL store
             export_game(store_url, game_id, path, *, schema) -> Transferred; store_games(store_url) -> ids

The lower-level functions the table is built from (:mod:`lifeboat.service.games`: ``create_game``, ``append``,
``advance_chance``, ``initial_state`` …) work on a journal object and a state; tests and benchmarks use them.
"""

from typing import TYPE_CHECKING

from lifeboat._lazy import lazy_exports

from lifeboat.service.errors import (AmbiguousCommand, BadRequest, FileProblem, JournalConflict, JournalError, ReplayError,
                            RuleViolation, ServiceError, Unreadable)

if TYPE_CHECKING:  # the names below are imported on first use (PEP 562): `lifeboat replay` needs few of them
    from lifeboat.service.audit import audit, audit_many
    from lifeboat.service.bots import ask, bot_kinds, bot_seats, make_bot, random_bot, suggest
    from lifeboat.service.card_files import bundled_card_hash, load_card_file, read_card_file
    from lifeboat.service.findings import Finding, ReceiptResult, Report
    from lifeboat.service.fork import CHANCE_MODES, Forked, fork_game
    from lifeboat.service.games import (advance_chance, append, build_ruleset, card_data_note_of, card_set_of, create_game,
                               create_recorded_game, deck_path,
                               initial_state, load_orders, parse_players, read_position, repair_game)
    from lifeboat.service.receipts import Receipt, make_receipt, read_receipts
    from lifeboat.service.records import Correction, DecksRevealed, Note, Record, visible_note
    from lifeboat.service.replay import (UNDO_DEPTH, Step, StoryStep, active_commits, active_events, final_state, perspective,
                                replay, story, view_at)
    from lifeboat.service.score import ScoreSheet, score_game
    from lifeboat.service.seats import character_named, resolve_viewer
    from lifeboat.service.table import Appended, StatusChange, Table
    from lifeboat.service.teaching import Book, annotate, note_view, replay_book, replay_document
    from lifeboat.service.transfer import Transferred, export_game, import_game, store_games

_LAZY = {
    **dict.fromkeys(('audit', 'audit_many'), 'lifeboat.service.audit'),
    **dict.fromkeys(('ask', 'bot_kinds', 'bot_seats', 'make_bot', 'random_bot', 'suggest'), 'lifeboat.service.bots'),
    **dict.fromkeys(('bundled_card_hash', 'load_card_file', 'read_card_file'), 'lifeboat.service.card_files'),
    **dict.fromkeys(('Finding', 'ReceiptResult', 'Report'), 'lifeboat.service.findings'),
    **dict.fromkeys(('CHANCE_MODES', 'Forked', 'fork_game'), 'lifeboat.service.fork'),
    **dict.fromkeys(('advance_chance', 'append', 'build_ruleset', 'card_data_note_of', 'card_set_of', 'create_game', 'create_recorded_game', 'deck_path', 'initial_state', 'load_orders', 'parse_players', 'read_position', 'repair_game'), 'lifeboat.service.games'),
    **dict.fromkeys(('Receipt', 'make_receipt', 'read_receipts'), 'lifeboat.service.receipts'),
    **dict.fromkeys(('Correction', 'DecksRevealed', 'Note', 'Record', 'visible_note'), 'lifeboat.service.records'),
    **dict.fromkeys(('UNDO_DEPTH', 'Step', 'StoryStep', 'active_commits', 'active_events', 'final_state', 'perspective', 'replay', 'story', 'view_at'), 'lifeboat.service.replay'),
    **dict.fromkeys(('ScoreSheet', 'score_game'), 'lifeboat.service.score'),
    **dict.fromkeys(('character_named', 'resolve_viewer'), 'lifeboat.service.seats'),
    **dict.fromkeys(('Appended', 'StatusChange', 'Table'), 'lifeboat.service.table'),
    **dict.fromkeys(('Book', 'annotate', 'note_view', 'replay_book', 'replay_document'), 'lifeboat.service.teaching'),
    **dict.fromkeys(('Transferred', 'export_game', 'import_game', 'store_games'), 'lifeboat.service.transfer'),
}


__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "AmbiguousCommand", "Appended", "BadRequest", "Book", "CHANCE_MODES", "Correction", "DecksRevealed",
    "FileProblem", "Finding", "Forked", "JournalConflict", "JournalError", "Note", "Receipt", "ReceiptResult",
    "Record", "ReplayError", "Report", "RuleViolation", "ScoreSheet", "ServiceError", "StatusChange", "Step",
    "StoryStep", "Table", "Transferred", "UNDO_DEPTH", "Unreadable", "active_commits", "active_events",
    "advance_chance", "annotate", "append", "ask", "audit", "audit_many", "bot_kinds", "bot_seats", "build_ruleset",
    "bundled_card_hash", "card_data_note_of", "card_set_of", "character_named", "create_game", "create_recorded_game", "deck_path",
    "export_game", "final_state", "load_card_file",
    "fork_game", "import_game", "initial_state", "load_orders", "make_bot", "make_receipt", "note_view",
    "parse_players", "perspective", "random_bot", "read_card_file", "read_position", "read_receipts", "repair_game", "replay",
    "replay_book", "replay_document", "resolve_viewer", "score_game", "store_games", "story", "suggest", "view_at",
    "visible_note",
]
