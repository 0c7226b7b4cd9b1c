"""What a game file's header says: the ruleset (and its options), the card data it plays with, the state it starts from.

A game file is a ``journal`` file whose header carries the Lifeboat ruleset (``ruleset``: ``"lifeboat-base"``,
``options``: the :class:`lifeboat.Ruleset` fields), the hash of its card data (CARD-2) and, for a table's own card
data, a copy of it (CARD-3); a game from a position carries the position (POS-1).

Errors: :class:`journal.JournalCorrupt` (line 1) for a header that is not a Lifeboat game's,
:class:`lifeboat.service.errors.ReplayError` for one that cannot start a game, ``RuleViolation`` (OPT-1) for options.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

import journal
from lifeboat import Ruleset, new_game
from lifeboat.card_data import CardDataError, data_hash
from lifeboat.card_set import CardSet
from lifeboat.cards import BUNDLED, CARD_DATA_SHA256, EARLIER_BUNDLED, cards_of, register
from lifeboat.errors import NotImplementedOption, RuleViolation
from lifeboat.ruleset import ruleset_from_options
from lifeboat.state import State
from lifeboat.service.errors import ReplayError
from lifeboat.i18n import _

RULESET_NAME = "lifeboat-base"
ENGINE = "lifeboat 0.1"

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
                _("[CARD-3] the game was made with its table's own card data, but its header carries no copy"),
                path=path, line=1, expected=_("meta.{card_copy}: the card data whose sha256 is {card_data}").format(card_copy=CARD_COPY, card_data=ruleset.card_data),
            ) from None
    if data_hash(copy) != ruleset.card_data:
        raise journal.JournalCorrupt(
            _("[CARD-3] the header's copy of the card data does not match the hash its options name"), path=path,
            line=1, expected=_("meta.{card_copy} whose sha256 is {card_data}; found {copy}").format(card_copy=CARD_COPY, card_data=ruleset.card_data, copy=data_hash(copy)),
        )
    try:
        return register(copy, f"{path}: line 1: meta.{CARD_COPY}")
    except CardDataError as exc:
        raise journal.JournalCorrupt(f"[CARD-3] {exc}", path=path, line=1,
                                     expected=_("card data this lifeboat can play")) from None


def card_data_note(header: journal.Header) -> str | None:
    """What to say of the card data a journal was made with (CARD-2): ``None`` when its header records this
    lifeboat's card data (or an earlier printing of it that differs only in names, CARD-4), or records none
    (journals made before headers carried it), or names the copy the game plays with (CARD-3); otherwise a sentence naming
    both hashes, for replay (on stderr) and audit (a note)."""
    recorded = header.meta.get(CARD_DATA)
    own = isinstance(header.options, dict) and header.options.get("card_data") == recorded  # CARD-3: its own copy
    if recorded is None or recorded == CARD_DATA_SHA256 or recorded in EARLIER_BUNDLED or own:  # CARD-4
        return None
    shown = _("sha256 {recorded}…").format(recorded=recorded[:16]) if isinstance(recorded, str) else _("{recorded!r}, not a hash").format(recorded=recorded)
    return (_("made with other card data ({shown}) than this lifeboat's (sha256 {card_data_sha256}…) "
              "[CARD-2]: it is checked against this lifeboat's cards, so a card that differs (a survival "
              "value, a navigation card) can change what the rules decide and the scores; replay it with the "
              "lifeboat that made it").format(shown=shown, card_data_sha256=CARD_DATA_SHA256[:16]))


def card_data_note_of(path: Path) -> str | None:
    """:func:`card_data_note` of the game file at ``path``. Raises journal errors for a file that cannot be read."""
    return card_data_note(journal.read_header(path))


def card_set_of(path: Path) -> CardSet:
    """The card data the game at ``path`` plays with (CARD-3), from its header alone (a copy there is registered).
    Raises journal errors for a file that cannot be read, journal.JournalCorrupt for a header that is not a
    Lifeboat game's or whose card data copy is wrong."""
    header = journal.read_header(path)
    return cards_of(ruleset_of(header, str(path)))



def build_ruleset(options: list[str]) -> Ruleset:
    """A :class:`lifeboat.Ruleset` from ``NAME=VALUE`` strings (``cannibalism=on`` enables the expansion, EXP-1).
    Raises RuleViolation (OPT-1) for a bad one, its message starting with the option as the user typed it
    (``shark_variant=on: …``)."""
    for k in range(1, len(options) + 1):  # the first option that fails is named as typed
        try:
            ruleset_from_options(options[:k])
        except NotImplementedOption:
            raise RuleViolation("OPT-1", _("{options}: this option is not implemented yet; leave it out (its default is kept)").format(options=options[k - 1])) from None
        except RuleViolation as exc:
            raise type(exc)(exc.rule, f"{options[k - 1]}: {exc.message}") from None
    return ruleset_from_options(options)


def ruleset_of(header: journal.Header, path: str = "") -> Ruleset:
    """The :class:`Ruleset` recorded in ``header``. Raises :class:`journal.JournalCorrupt` if it is not one."""
    if header.ruleset != RULESET_NAME:
        raise journal.JournalCorrupt(
            _("not a Lifeboat game (ruleset {ruleset!r})").format(ruleset=header.ruleset), path=path, line=1,
            expected=f"ruleset {RULESET_NAME!r}",
        )
    try:
        ruleset = msgspec.convert(header.options, Ruleset)
    except msgspec.ValidationError as exc:
        raise journal.JournalCorrupt(_("the header's options are not Lifeboat options"), path=path, line=1,
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

            state = position_state(load_position(header.position), card_data=ruleset.card_data or None)
            # NAV-2, REC-3: what the header adds to the position's options (a header without them: unset, as before)
            return msgspec.structs.replace(state, ruleset=msgspec.structs.replace(
                state.ruleset, compass_extra_card=ruleset.compass_extra_card, possibilities=ruleset.possibilities))
        return new_game(header.players, ruleset)
    except RuleViolation as exc:
        raise ReplayError(path, 1, 0, exc.rule, _("the header cannot start a game: {message}").format(message=exc.message)) from None
