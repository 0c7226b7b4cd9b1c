"""Game files: create one (a digital deal, a recorded game, from a position), open one, append decisions.

A game file is a ``journal`` JSONL file whose header carries the Lifeboat ruleset (``ruleset``:
``"lifeboat-base"``, ``options``: the :class:`lifeboat.Ruleset` fields) and whose commits carry
:data:`lifeboat.service.records.Record` values. The deck orders of a digital game live beside it in ``<file>.deck.json``
(the dealer's secret) until the end, when they are revealed in the journal (CHANCE-2).

These functions work on a journal object (:class:`journal.JsonlJournal` or :class:`journal.MemoryJournal`) and a
:class:`lifeboat.state.State`; :class:`lifeboat.service.table.Table` wraps them for front ends.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

import journal
from lifeboat import Ruleset, apply, new_game
from lifeboat.card_data import CardDataError, data_hash
from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED, CARD_DATA_SHA256, cards_of, register
from lifeboat.chance import DeckOrders, commitment, next_chance, shuffle
from lifeboat.commands import CHANCE_TYPES, RECORDER_TYPES, Command
from lifeboat.errors import InvalidCommand, NotImplementedOption, RuleViolation
from lifeboat.events import Event
from lifeboat.ruleset import ruleset_from_options
from lifeboat.state import State
from lifeboat.service.errors import BadRequest, FileProblem, ReplayError, companion_too_long, missing_folder
from lifeboat.service.players import MAX_NAME, check_new_names, parse_players  # noqa: F401  (their home until session 6)
from lifeboat.service.position_file import json_position, toml_twice
from lifeboat.service.records import DecksRevealed

RULESET_NAME = "lifeboat-base"
ENGINE = "lifeboat 0.1"

AnyJournal = journal.JsonlJournal | journal.MemoryJournal

CARD_DATA = "card_data"
"""The header ``meta`` key of the card data's hash (CARD-2): :data:`lifeboat.cards.CARD_DATA_SHA256` when made."""
CARD_COPY = "cards"
"""The header ``meta`` key of a copy of the table's own card data (CARD-3): present when the game was made with
card data other than the bundled data, so it replays on any machine."""


def with_cards(ruleset: Ruleset, cards: CardSet | None) -> Ruleset:
    """``ruleset`` naming ``cards`` (CARD-3): unchanged for ``None`` or the bundled data."""
    if cards is None or cards == BUNDLED:
        return ruleset
    return msgspec.structs.replace(ruleset, card_data=cards.sha256)


def card_meta(ruleset: Ruleset) -> dict[str, object]:
    """The header ``meta`` entries of a game of ``ruleset``'s card data (CARD-2, CARD-3): its hash, and a copy of
    the data itself when it is not the bundled data."""
    if not ruleset.card_data:
        return {CARD_DATA: CARD_DATA_SHA256}
    cards = cards_of(ruleset)
    return {CARD_DATA: cards.sha256, CARD_COPY: cards.raw}


def header_cards(header: journal.Header, ruleset: Ruleset, path: str = "") -> CardSet:
    """Register and return the card data a journal's ``ruleset`` names (CARD-3): the copy its header carries
    (``meta.cards``), checked against its hash; the bundled data when the ruleset names none.

    Raises:
        journal.JournalCorrupt: (line 1) the copy is missing (and not loaded otherwise), does not match the hash
            the ruleset names, or is not card data this lifeboat can play (CARD-2, CARD-3).
    """
    if not ruleset.card_data:
        return BUNDLED
    copy = header.meta.get(CARD_COPY)
    if copy is None:
        try:
            return cards_of(ruleset)
        except CardDataError:
            raise journal.JournalCorrupt(
                "[CARD-3] the game was made with its table's own card data, but its header carries no copy",
                path=path, line=1, expected=f"meta.{CARD_COPY}: the card data whose sha256 is {ruleset.card_data}",
            ) from None
    if data_hash(copy) != ruleset.card_data:
        raise journal.JournalCorrupt(
            "[CARD-3] the header's copy of the card data does not match the hash its options name", path=path,
            line=1, expected=f"meta.{CARD_COPY} whose sha256 is {ruleset.card_data}; found {data_hash(copy)}",
        )
    try:
        return register(copy, f"{path}: line 1: meta.{CARD_COPY}")
    except CardDataError as exc:
        raise journal.JournalCorrupt(f"[CARD-3] {exc}", path=path, line=1,
                                     expected="card data this lifeboat can play") from None


def card_data_note(header: journal.Header) -> str | None:
    """What to say of the card data a journal was made with (CARD-2): ``None`` when its header records this
    lifeboat's card data, or records none (journals made before headers carried it), or names the copy the game
    plays with (CARD-3); otherwise a sentence naming
    both hashes, for replay (on stderr) and audit (a note)."""
    recorded = header.meta.get(CARD_DATA)
    own = isinstance(header.options, dict) and header.options.get("card_data") == recorded  # CARD-3: its own copy
    if recorded is None or recorded == CARD_DATA_SHA256 or own:
        return None
    shown = f"sha256 {recorded[:16]}…" if isinstance(recorded, str) else f"{recorded!r}, not a hash"
    return (f"made with other card data ({shown}) than this lifeboat's (sha256 {CARD_DATA_SHA256[:16]}…) [CARD-2]: "
            "it is checked against this lifeboat's cards, so a card that differs (a survival value, a navigation "
            "card) can change what the rules decide and the scores; replay it with the lifeboat that made it")


def card_data_note_of(path: Path) -> str | None:
    """:func:`card_data_note` of the game file at ``path``. Raises journal errors for a file that cannot be read."""
    return card_data_note(journal.read_header(path))


def card_set_of(path: Path) -> CardSet:
    """The card data the game at ``path`` plays with (CARD-3), from its header alone (a copy there is registered).
    Raises journal errors for a file that cannot be read, journal.JournalCorrupt for a header that is not a
    Lifeboat game's or whose card data copy is wrong."""
    header = journal.read_header(path)
    return cards_of(ruleset_of(header, str(path)))


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


def build_ruleset(options: list[str]) -> Ruleset:
    """A :class:`lifeboat.Ruleset` from ``NAME=VALUE`` strings (``cannibalism=on`` enables the expansion, EXP-1).
    Raises RuleViolation (OPT-1) for a bad one, its message starting with the option as the user typed it
    (``shark_variant=on: …``)."""
    for k in range(1, len(options) + 1):  # the first option that fails is named as typed
        try:
            ruleset_from_options(options[:k])
        except NotImplementedOption:
            raise RuleViolation("OPT-1", f"{options[k - 1]}: this option is not implemented yet; leave it out "
                                         "(its default is kept)") from None
        except RuleViolation as exc:
            raise type(exc)(exc.rule, f"{options[k - 1]}: {exc.message}") from None
    return ruleset_from_options(options)


def ruleset_of(header: journal.Header, path: str = "") -> Ruleset:
    """The :class:`Ruleset` recorded in ``header``. Raises :class:`journal.JournalCorrupt` if it is not one."""
    if header.ruleset != RULESET_NAME:
        raise journal.JournalCorrupt(
            f"not a Lifeboat game (ruleset {header.ruleset!r})", path=path, line=1,
            expected=f"ruleset {RULESET_NAME!r}",
        )
    try:
        ruleset = msgspec.convert(header.options, Ruleset)
    except msgspec.ValidationError as exc:
        raise journal.JournalCorrupt("the header's options are not Lifeboat options", path=path, line=1,
                                     expected=str(exc)) from exc
    header_cards(header, ruleset, path)  # CARD-3: the game's own card data, from its header's copy
    return ruleset


def initial_state(header: journal.Header, path: str = "") -> State:
    """The state a journal starts from: a new game of the header's players and ruleset, or the header's
    ``position`` (POS-1). Raises :class:`ReplayError` (line 1) when the header cannot start a game."""
    ruleset = ruleset_of(header, path)
    try:
        if header.position is not None:
            from lifeboat.position import load as load_position, position_state  # only games from a position

            return position_state(load_position(header.position), card_data=ruleset.card_data or None)
        return new_game(header.players, ruleset)
    except RuleViolation as exc:
        raise ReplayError(path, 1, 0, exc.rule, f"the header cannot start a game: {exc.message}") from None


def create_recorded_game(path: Path, *, players: list[str] | None = None, ruleset: Ruleset | None = None,
                         position: dict | None = None, clock: journal.Clock | None = None,
                         cards: CardSet | None = None) -> tuple[journal.JsonlJournal, State]:
    """Start a recorded game (REC-1): chance is entered by the recorder, nothing is committed in advance.
    From ``position`` (a decoded position file, POS-1) or from setup with ``players``; with ``cards`` (a
    registered :class:`CardSet`, CARD-3) the game plays with them and its header carries a copy.

    Raises:
        journal.JournalExists: ``path`` exists. FileProblem: its folder does not exist (:func:`missing_folder`).
        RuleViolation: bad players, options or position.
    """
    from lifeboat.service.clock import new_game_id

    if (why := missing_folder(path)) is not None:
        raise FileProblem(why)
    if position is not None:
        from lifeboat.position import load as load_position, position_state, stored as stored_position

        pos = load_position(position)
        check_new_names([c.player for c in pos.characters])
        state = position_state(pos, card_data=with_cards(Ruleset(), cards).card_data or None)
        ruleset = state.ruleset
        stored: dict | None = stored_position(pos)
    else:
        ruleset = with_cards(ruleset or Ruleset(), cards)
        check_new_names(players or [])
        state = new_game(players or [], ruleset)
        stored = None
    header = journal.Header.new(
        game_id=new_game_id(), ruleset=RULESET_NAME, players=state.players,
        options=msgspec.to_builtins(ruleset), position=stored,
        meta={"chance": "recorded", "engine": ENGINE, **card_meta(ruleset)}, clock=clock,
    )
    return journal.JsonlJournal.create(path, header, clock=clock), state


_ACTOR_WORDS = {**dict.fromkeys(CHANCE_TYPES, "chance"), **dict.fromkeys(RECORDER_TYPES, "recorder")}


def actor_of(state: State, command: Command, known: dict[str, str] | None = None) -> str:
    """The journal actor of ``command``: the player of ``command.by``, ``"chance"`` or ``"recorder"``.

    ``known``: a character id -> player map the caller keeps for one game (replay asks for every commit): filled
    here as characters are found dealt, read first. A dealt character keeps its player (SETUP-1); a caller whose
    game may go back before the deal (a correction, REC-2) empties it."""
    word = _ACTOR_WORDS.get(type(command))  # is_chance / is_recorder in one look-up (the classes are final)
    if word is not None:
        return word
    by = command.by  # type: ignore[union-attr]
    if known is not None and (player := known.get(by)) is not None:
        return player
    for c in state.characters:  # state.char, inlined: replay asks for every commit
        if c.character == by:
            if known is not None:
                known[by] = c.player
            return c.player
    return by


def create_game(path: Path, players: list[str], *, seed: int | None = None, ruleset: Ruleset | None = None,
                clock: journal.Clock | None = None, cards: CardSet | None = None
                ) -> tuple[journal.JsonlJournal, State, DeckOrders]:
    """Start a digital game in a new file: shuffle (seeded RNG), commit to the orders, record the setup; with
    ``cards`` (a registered :class:`CardSet`, CARD-3) the game plays with them and its header carries a copy.

    Returns ``(journal, state where a player must act, the committed orders)``; the orders are also written to
    :func:`deck_path`.

    Raises:
        journal.JournalExists: ``path`` exists (nothing is overwritten).
        FileProblem: its deck file exists, or its folder does not (nothing is written).
        RuleViolation: bad players or options (SETUP-1, OPT-1).
    """
    if os.path.lexists(deck_path(path)):
        raise FileProblem(f"{deck_path(path)}: already exists (another game's deck file?); move it away or choose "
                          "another file name (nothing was written)")
    if (why := companion_too_long(path, deck_path(path))) is not None:  # the journal's name is allowed, not its deck's
        raise FileProblem(why)
    if (why := missing_folder(path)) is not None:
        raise FileProblem(why)
    header, state, orders = new_digital_game(players, seed=seed, ruleset=with_cards(ruleset or Ruleset(), cards),
                                             clock=clock)
    j = journal.JsonlJournal.create(path, header, clock=clock)
    write_deck_file(deck_path(path), orders)
    state, _ = advance_chance(j, state, orders)
    return j, state, orders


def new_digital_game(players: list[str], *, seed: int | None = None, ruleset: Ruleset | None = None,
                     clock: journal.Clock | None = None) -> tuple[journal.Header, State, DeckOrders]:
    """The header of a new digital game (committed to freshly shuffled orders), its state before the deal and the
    orders; nothing is written. Raises RuleViolation: bad players or options (SETUP-1, OPT-1)."""
    from lifeboat.service.clock import new_game_id, new_salt, rng  # creating reads the OS; replaying does not

    ruleset = ruleset or Ruleset()
    check_new_names(players)
    state = new_game(players, ruleset)
    # the seed drives only the shuffles; the public numbers (game id, salt) come from the OS (issue 13)
    chance = rng(seed)
    chance.getrandbits(128)  # where the salt was drawn before: a seed deals the same decks as it always did
    orders = shuffle(chance, new_salt(), ruleset)  # the decks of the game's sets (EXP-1)
    meta: dict[str, object] = {"chance": "committed", "engine": ENGINE, **card_meta(ruleset)}
    if seed is not None:
        meta["seeded"] = True  # predictable by whoever knows or guesses the seed: audit says so
    header = journal.Header.new(
        game_id=new_game_id(), ruleset=RULESET_NAME, players=state.players,
        options=msgspec.to_builtins(ruleset), deck_commitment=commitment(orders),
        meta=meta, clock=clock,
    )
    return header, state, orders


def write_private_file(target: Path, raw: bytes) -> None:
    """Write ``raw`` to the new file ``target``, readable by its owner only (0600): how a deck file, its clean copy
    and a served game's links (:func:`lifeboat.service.links.write_links_file`) are written.

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


def append(j: AnyJournal, state: State, command: Command) -> tuple[State, tuple[Event, ...]]:
    """Decide ``command``, append it with its events; returns ``(new_state, events)``.

    Raises RuleViolation (nothing is written) or a journal error.
    """
    new_state, events = apply(state, command)
    j.append(j.last_seq + 1, actor_of(state, command), command, events)
    return new_state, events


def advance_chance(j: AnyJournal, state: State, orders: DeckOrders) -> tuple[State, list[Event]]:
    """Append every chance outcome the game waits for (following the committed orders); at the end, reveal the
    orders (CHANCE-2). Returns the state where a player must act (or the final state) and the new events."""
    new: list[Event] = []
    while True:
        cmd = next_chance(state, orders)
        if cmd is None:
            break
        state, events = append(j, state, cmd)
        new.extend(events)
    if state.over and not revealed(j):
        j.append(j.last_seq + 1, "system", DecksRevealed(orders=orders), ())
    return state, new


def revealed(j: AnyJournal) -> bool:
    """True when the journal reveals the decks: its last commit, or the last before the notes appended after the
    end (NOTE-1). Reads the file from the end of the game only when the caller asks (a finished game)."""
    found = False
    for commit in j.commits():
        cmd = commit.command
        if isinstance(cmd, dict) and cmd.get("type") == "decks_revealed":
            found = True
    return found


def read_position(path: Path) -> dict:
    """Read a position file (TOML, or JSON by its ``.json`` suffix; docs/position-format.md, POS-1) into plain
    values.

    Raises:
        FileProblem: the file cannot be read (missing, a directory, no permission): exit 4, as any input file.
        InvalidCommand: POS-1, the file is not TOML / JSON (the parser's line and column), not UTF-8, nested too
            deep, or gives a key twice (an option of ``[options]`` included, as OPT-1 refuses an ``--option``
            given twice; :mod:`lifeboat.service.position_file`): exit 3, as a wrong field of the position is
            (docs/position-format.md "Errors").
    """
    import tomllib

    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FileProblem(f"{path}: cannot read the position file ({exc.strerror}); name an existing TOML or JSON "
                          "file (docs/position-format.md)") from None
    kind = "JSON" if path.suffix.lower() == ".json" else "TOML"
    text = ""
    try:
        text = raw.decode("utf-8")
        return json_position(text) if kind == "JSON" else tomllib.loads(text)
    except RecursionError:
        raise InvalidCommand("POS-1", "not a valid position file: nested too deep") from None
    except UnicodeDecodeError as exc:
        raise InvalidCommand("POS-1", f"not a valid position file: not UTF-8 text (byte {exc.start})") from None
    except ValueError as exc:
        twice = toml_twice(text, str(exc)) if kind == "TOML" else None
        raise InvalidCommand("POS-1", twice or f"not a valid position file: not {kind} ({exc})") from None


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
