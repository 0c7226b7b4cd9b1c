"""service: the application layer between the front ends (``cli/``, ``lifeboat.web``) and the pure packages.

Front ends parse input and render; everything else they need is here. ``lifeboat.service`` is the only package that
imports both the engine (the rules) and ``journal`` (the log), and the only one that reads the clock or draws
randomness (:mod:`lifeboat.service.game.clock`). Errors: :mod:`lifeboat.service.errors`, one root,
:class:`ServiceError` (a front end catches those, nothing else). Times are integer milliseconds; seqs count commits
from 1 (line ``seq + 1`` of the file).

By topic: :mod:`lifeboat.service.game` (a game file and its table: create, open, replay, decide, deal),
:mod:`lifeboat.service.live` (a game played live: served, stored, hotseat, bots at a table),
:mod:`lifeboat.service.auditing` (audits and receipts), :mod:`lifeboat.service.teaching` (notes, replay books),
:mod:`lifeboat.service.analysis` (a seat's decisions judged from its knowledge),
:mod:`lifeboat.service.transfer` (a file to a store and back, forks), :mod:`lifeboat.service.arena` (bots against
bots).

The API, by task (each function documents its shapes and every error it raises)::

    create   Table.deal_new(path, players, *, seed=None, options=(), cards=None) -> Table   a digital deal (CHANCE-2)
             Table.record_new(path, *, players=None, options=(), position=None, cards=None) -> Table   recorded (REC-1)
             read_position(path) -> dict                                            a position file (POS-1)
             fork_game(game, at, output, *, chance="keep", seed=None) -> Forked     branch at a seq
    open     Table.open(path) -> Table        .state .views .header .last_seq .digital .waiting_for() ...
             Table.of_journal(journal, orders) -> Table                             any journal (a memory one too)
    decide   Table.decide(command, *, expected_seq=None) -> Appended                commit + what each audience sees
             Table.deal() -> Appended; Table.close_window() -> Appended; Table.withdraw(from_seq) -> Commit
             Table.note(at, text, for_="public") -> Commit                          a note while recording (NOTE-1)
    replay   replay(journal, path) -> Iterator[Step]                                strict, streaming
             story(source, who, to=None) -> Iterator[StoryStep]                     the views of one audience
             (a source: a game file's path or an open journal of any store; files.opened reads either)
             view_at(source, who, at=None) -> view; final_state(source) -> State
    seats    resolve_viewer(state, who) -> "public" | "referee" | character id
    cards    read_card_file(path) -> (data, sha256); bundled_card_hash()    card data checked (CARD-2)
             load_card_file(path) -> CardSet     a table's own card data for --cards (CARD-3)
             card_data_note_of(path) -> str | None      a journal made with other card data (CARD-2)
             card_set_of(path) -> CardSet               the card data a game plays with (CARD-3)
    audit    audit(path, *, parent=None, receipts=()) -> Report; audit_many(paths, ...) -> (reports, unmatched)
    receipts make_receipt(source, who, at=None) -> Receipt; read_receipts(values) -> list[Receipt]
    record   Desk(path): the record page's desk (view, line, close, undo); decide_line(table, text, actor) -> Appended (REC-3: a contradiction names the decision that placed
             the card, placed_by); to_show(state) -> (ToShow, ...) what the end still asks for (SCORE-4)
    score    score_game(path) -> ScoreSheet; score_sheet(state) -> ScoreSheet; to_show_lines(to_show) -> [str]
             (SCORE-4: a recorded game's scores stay provisional, no winner, while cards that matter are unnamed)
    bots     bot_kinds(state, spec) -> {seat: kind}; make_bot(kind, think_ms); ask(bot, views, seat, rng)
             suggest(source, who, at, kind) -> (seat, Command | None, waiting)        "what would a bot do here"
             suggest_decision(source, who, first, last, kind) -> (seat, at | None, Command | None)   the same at
             the seat's own decision among commits first..last (a replay step), from the position before it
             random_bot(me, legal, rng) -> Command; bot_seats(state, spec) -> set[str]
    arena    Arena(kinds, games, seed, out, seats, think_ms).play() -> Iterator[GameResult]; summarize(results)
    teach    annotate(path, at, text, for_="public") -> (Commit, Note)            append a note (NOTE-1)
             notes_by_decision(source, to=None) -> {at: [Note]}   the notes by the decision they are about
             analysis.run.analyse(path, who="all", *, worlds, seed, progress) -> Analysed   a seat's decisions
             judged from its knowledge (ANALYSIS-1..6); analysis.sidecar.save/load_for (GAME.analysis.json);
             analysis.show.for_reader/mark_text (what replays show); teaching.quiz_seqs(path, who, at, critical)
             replay_book(source, who, to=None) -> Book; replay_document(source, who, to=None) -> dict   the steps
             of one reader: story, table, notes, the decisions that were open (HTML replays: lifeboat.web.viewer)
    repair   repair_game(path) -> RepairReport
    language using_language(lang): a block whose lines are written in lang; language_of(tag) -> "en" | "zh_Hans" |
             "zh_Hant" (lifeboat.i18n: a reader's language, issue 29)
    store    import_game(path, store_url, *, schema) -> Transferred     a file into a PostgreSQL store
             export_game(store_url, game_id, path, *, schema) -> Transferred; store_games(store_url) -> ids

Every decision and every chance outcome is written by a :class:`Table` (:meth:`Table.decide`, :meth:`Table.deal`):
there is no other writer of game commits.
"""

from typing import TYPE_CHECKING

from lifeboat._lazy import lazy_exports

from lifeboat.service.errors import (AmbiguousCommand, BadRequest, FileProblem, JournalConflict, JournalError, ReplayError,
                                     RuleViolation, ServiceError, Unreadable)

if TYPE_CHECKING:  # the names below are imported on first use (PEP 562): `lifeboat replay` needs few of them
    from lifeboat.service.auditing.findings import Finding, ReceiptResult, Report
    from lifeboat.service.auditing.receipts import Receipt, make_receipt, read_receipts
    from lifeboat.service.auditing.run import audit, audit_many
    from lifeboat.service.game.card_files import bundled_card_hash, load_card_file, read_card_file
    from lifeboat.service.game.create import create_recorded_game
    from lifeboat.service.game.files import deck_path, load_orders, repair_game
    from lifeboat.service.game.headers import build_ruleset, card_data_note_of, card_set_of, initial_state
    from lifeboat.service.game.players import parse_players
    from lifeboat.service.game.position_file import read_position
    from lifeboat.service.game.records import Correction, DecksRevealed, Note, Record, visible_note
    from lifeboat.service.game.replay import (UNDO_DEPTH, Step, StoryStep, active_commits, active_events, final_state,
                                              perspective, replay, story, view_at)
    from lifeboat.service.game.desk import Desk
    from lifeboat.service.game.notes import notes_by_decision
    from lifeboat.service.game.recording import decide_line, placed_by, to_show
    from lifeboat.service.game.score import ScoreSheet, provisional_sentence, score_game, score_sheet, to_show_lines
    from lifeboat.service.game.seats import character_named, resolve_viewer
    from lifeboat.service.game.table import Appended, StatusChange, Table
    from lifeboat.service.live.bots import ask, bot_kinds, bot_seats, make_bot, random_bot, suggest, suggest_decision
    from lifeboat.service.teaching import Book, annotate, note_view, replay_book, replay_document
    from lifeboat.service.transfer.fork import CHANCE_MODES, Forked, fork_game
    from lifeboat.service.transfer.store import Transferred, export_game, import_game, store_games
    from lifeboat.i18n import language_of, using_language

_LAZY = {
    **dict.fromkeys(('Finding', 'ReceiptResult', 'Report'), 'lifeboat.service.auditing.findings'),
    **dict.fromkeys(('Receipt', 'make_receipt', 'read_receipts'), 'lifeboat.service.auditing.receipts'),
    **dict.fromkeys(('audit', 'audit_many'), 'lifeboat.service.auditing.run'),
    **dict.fromkeys(('bundled_card_hash', 'load_card_file', 'read_card_file'), 'lifeboat.service.game.card_files'),
    **dict.fromkeys(('create_recorded_game',), 'lifeboat.service.game.create'),
    **dict.fromkeys(('deck_path', 'load_orders', 'repair_game'), 'lifeboat.service.game.files'),
    **dict.fromkeys(('build_ruleset', 'card_data_note_of', 'card_set_of', 'initial_state'), 'lifeboat.service.game.headers'),
    **dict.fromkeys(('parse_players',), 'lifeboat.service.game.players'),
    **dict.fromkeys(('read_position',), 'lifeboat.service.game.position_file'),
    **dict.fromkeys(('Correction', 'DecksRevealed', 'Note', 'Record', 'visible_note'), 'lifeboat.service.game.records'),
    **dict.fromkeys(('UNDO_DEPTH', 'Step', 'StoryStep', 'active_commits', 'active_events', 'final_state', 'perspective',
                     'replay', 'story', 'view_at'), 'lifeboat.service.game.replay'),
    **dict.fromkeys(('Desk',), 'lifeboat.service.game.desk'),
    **dict.fromkeys(('notes_by_decision',), 'lifeboat.service.game.notes'),
    **dict.fromkeys(('decide_line', 'placed_by', 'to_show'), 'lifeboat.service.game.recording'),
    **dict.fromkeys(('ScoreSheet', 'provisional_sentence', 'score_game', 'score_sheet', 'to_show_lines'),
                    'lifeboat.service.game.score'),
    **dict.fromkeys(('character_named', 'resolve_viewer'), 'lifeboat.service.game.seats'),
    **dict.fromkeys(('Appended', 'StatusChange', 'Table'), 'lifeboat.service.game.table'),
    **dict.fromkeys(('ask', 'bot_kinds', 'bot_seats', 'make_bot', 'random_bot', 'suggest',
                     'suggest_decision'), 'lifeboat.service.live.bots'),
    **dict.fromkeys(('Book', 'annotate', 'note_view', 'replay_book', 'replay_document'), 'lifeboat.service.teaching'),
    **dict.fromkeys(('CHANCE_MODES', 'Forked', 'fork_game'), 'lifeboat.service.transfer.fork'),
    **dict.fromkeys(('Transferred', 'export_game', 'import_game', 'store_games'), 'lifeboat.service.transfer.store'),
    **dict.fromkeys(('language_of', 'using_language'), 'lifeboat.i18n'),
}


__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "AmbiguousCommand", "Appended", "BadRequest", "Book", "Desk", "CHANCE_MODES", "Correction", "DecksRevealed",
    "FileProblem", "Finding", "Forked", "JournalConflict", "JournalError", "Note", "Receipt", "ReceiptResult",
    "Record", "ReplayError", "Report", "RuleViolation", "ScoreSheet", "ServiceError", "StatusChange", "Step",
    "StoryStep", "Table", "Transferred", "UNDO_DEPTH", "Unreadable", "active_commits", "active_events",
    "annotate", "ask", "language_of", "using_language", "audit", "audit_many", "bot_kinds", "bot_seats", "build_ruleset",
    "bundled_card_hash", "card_data_note_of", "card_set_of", "character_named", "create_recorded_game", "deck_path",
    "export_game", "final_state", "load_card_file",
    "fork_game", "import_game", "initial_state", "load_orders", "make_bot", "make_receipt", "note_view", "notes_by_decision",
    "parse_players", "perspective", "provisional_sentence", "random_bot", "read_card_file", "read_position", "read_receipts", "repair_game", "replay",
    "replay_book", "replay_document", "resolve_viewer", "score_game", "score_sheet", "store_games", "story", "suggest", "suggest_decision", "view_at",
    "decide_line", "placed_by", "to_show", "to_show_lines", "visible_note",
]
