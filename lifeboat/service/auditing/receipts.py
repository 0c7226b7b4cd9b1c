"""Receipts: a short token a player keeps to prove, later, what the journal said (docs/disputes.md).

Token: ``LBR1.<game_id>.<seq>.<seat>.<line>.<view>``: ``seat`` is the character id, ``line`` the first 32 hex
digits of the hash of line ``seq + 1`` (commit ``seq``; through the hash chain it covers every line before it),
``view`` the first 16 hex digits of the SHA-256 of the seat's view then (:func:`view_digest`).
:func:`make_receipt` makes one; :func:`lifeboat.service.auditing.run.audit` checks them and shows what the seat knew.
A front end shows only the token, never the view: someone may be looking at the screen.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

import journal
from lifeboat.events import Event
from lifeboat.state import State
from lifeboat.views import Observer
from lifeboat.service.errors import BadRequest, not_a_file
from lifeboat.service.game.headers import initial_state
from lifeboat.service.game.files import Source, opened
from lifeboat.service.game.records import Correction
from lifeboat.service.game.replay import replay
from lifeboat.service.game.seats import resolve_viewer
from lifeboat.i18n import _

RECEIPT_PREFIX = "LBR1"
LINE_HEX = 32  # 128 bits of the line hash: the part that proves the journal up to the line
VIEW_HEX = 16  # 64 bits of the seat's view: which seat, and what it saw
_TOKEN = re.compile(
    rf"^{RECEIPT_PREFIX}\.(?P<game>.+)\.(?P<seq>0|[1-9][0-9]*)\.(?P<seat>[a-z_]+)"
    rf"\.(?P<line>[0-9a-f]{{{LINE_HEX}}})\.(?P<view>[0-9a-f]{{{VIEW_HEX}}})$"
)


class Receipt(msgspec.Struct, frozen=True, kw_only=True):
    """A player's receipt: ``LBR1.<game_id>.<seq>.<seat>.<line>.<view>``.

    ``line`` is the first 32 hex digits of the SHA-256 hash of line ``seq + 1`` (commit ``seq``; the hash chain
    makes it cover every line before it), ``view`` the first 16 hex digits of the SHA-256 of the seat's view at
    that moment (:func:`view_digest`), ``seat`` the character id."""

    game_id: str
    seq: int
    seat: str
    line: str
    view: str

    @property
    def token(self) -> str:
        return f"{RECEIPT_PREFIX}.{self.game_id}.{self.seq}.{self.seat}.{self.line}.{self.view}"

    @classmethod
    def parse(cls, text: str) -> Receipt:
        """Read a token. Raises :class:`BadRequest` naming the expected shape."""
        m = _TOKEN.match(text.strip())
        if m is None:
            raise BadRequest(_("not a receipt: {strip!r} (expected {receipt_prefix}.<game id>.<seq>.<seat>.<{line_hex} "
                               "hex>.<{view_hex} hex>)").format(strip=text.strip()[:60], receipt_prefix=RECEIPT_PREFIX, line_hex=LINE_HEX, view_hex=VIEW_HEX))
        return cls(game_id=m["game"], seq=int(m["seq"]), seat=m["seat"], line=m["line"], view=m["view"])


def seat_view_of(initial: State, log: Sequence[Event], character: str, *, faces: bool = True) -> Any:
    """The seat's view hashed by a receipt: the :class:`lifeboat.views.Observer` of the game's ``initial`` state
    (:func:`lifeboat.service.game.headers.initial_state`: before setup, or a recorded game's starting position, POS-1) fed the
    ``log``, seen by ``character`` without the legal-move list (it follows from the rest, and leaving it out keeps
    old receipts valid when the move list gains entries). ``faces=False``: the view as computed before VIEW-FACE-1
    (every card by its instance), which receipts made then hashed.

    Raises:
        lifeboat.errors.InconsistentHistory: an event of ``log`` cannot follow the state before it.
    """
    obs = Observer(initial, faces=faces)
    obs.record(log)
    return obs.seat_view(character, legal=False)


def view_digest(initial: State, log: Sequence[Event], character: str) -> str:
    """SHA-256 hex of the msgspec JSON encoding of :func:`seat_view_of`."""
    return hashlib.sha256(msgspec.json.encode(seat_view_of(initial, log, character))).hexdigest()


def read_receipts(values: Sequence[str]) -> list[Receipt]:
    """Receipts from ``--receipt`` values: a token, or a file of tokens (one per line, ``#`` comments).
    Raises :class:`BadRequest` (``field`` ``"--receipt"``) for an empty value, a path that is no regular file
    (missing, a directory, a named pipe...), an unreadable file, a file holding no token, or a malformed token."""
    out: list[Receipt] = []
    for value in values:
        if not value.strip():
            raise BadRequest(_("--receipt {value!r}: an empty value; {receipt_is}").format(value=value, receipt_is=_receipt_is()), "--receipt")
        why = not_a_file(value)
        if value.startswith(RECEIPT_PREFIX + ".") and why == _("no such file"):
            out.append(Receipt.parse(value))
            continue
        if why is not None:  # a directory, a named pipe (never opened: it would block), a loop, a name too long
            raise BadRequest(_("--receipt {value}: {why}; {receipt_is}").format(value=value, why=why, receipt_is=_receipt_is()), "--receipt")
        path = Path(value)
        try:
            content = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise BadRequest(_("--receipt: cannot read: {exc}").format(exc=exc), "--receipt") from None
        found = _parse_file(path, content)
        if not found:
            raise BadRequest(_("--receipt {value}: the file holds no receipt (it is empty, or only blank lines and # "
                               "comments); {receipt_is}").format(value=value, receipt_is=_receipt_is()), "--receipt")
        out.extend(found)
    return out


def _receipt_is() -> str:
    """What a receipt looks like, for the messages refusing one (in the language in use)."""
    return _("give a receipt token ({receipt_prefix}.<game id>.<seq>.<seat>.<{line_hex} hex>.<{view_hex} hex>) or a "
             "file of them, one per line, as 'lifeboat receipt GAME.jsonl --as SEAT' prints them").format(
        receipt_prefix=RECEIPT_PREFIX, line_hex=LINE_HEX, view_hex=VIEW_HEX)


def _parse_file(path: Path, content: str) -> list[Receipt]:
    """The receipts of a receipt file's ``content``: one token a line, blank lines and ``#`` comments skipped.
    Raises :class:`BadRequest` naming ``path`` and the line of a malformed token."""
    out = []
    for n, text in enumerate(content.splitlines(), 1):
        text = text.split("#", 1)[0].strip()
        if text:
            try:
                out.append(Receipt.parse(text))
            except BadRequest as exc:
                raise BadRequest(f"{path}:{n}: {exc.message}", "--receipt") from None
    return out


def make_receipt(source: Source, who: str, at: int | None = None) -> Receipt:
    """The :class:`Receipt` of seat ``who`` (a player or character name) at seq ``at`` (default: the last) of the
    game of ``source`` (a game file's path, or an open journal of any store).
    Replays strictly. Raises :class:`BadRequest` (``--at`` out of range or before the deal, ``--as`` not a seat)
    and what :func:`lifeboat.service.game.replay.replay` raises."""
    with opened(source) as j:
        return _receipt(j, who, at)


def _receipt(j: journal.Journal, who: str, at: int | None) -> Receipt:
    path = j.path
    seq = j.last_seq if at is None else at
    if seq < 1 or seq > j.last_seq:
        raise BadRequest(_("--at {seq}: {path} has commits 1 to {last_seq} (a receipt is for a commit after the deal)").format(seq=seq, path=path, last_seq=j.last_seq), "--at")
    state = initial = initial_state(j.header, str(path))
    log: list[Event] = []
    marks: dict[int, int] = {}
    line_hash = j.header_hash
    for step in replay(j, str(path)):
        marks[step.commit.seq] = len(log)
        if isinstance(step.record, Correction):  # the withdrawn commits' events leave the log too
            del log[marks.get(step.record.from_seq, len(log)):]
        log.extend(step.events)
        state, line_hash = step.after, step.commit.hash
        if step.commit.seq >= seq:
            break
    if not state.characters:
        raise BadRequest(_("--at {seq}: no seat has been dealt yet").format(seq=seq), "--at")
    seat = resolve_viewer(state, who, seats_only=True)  # a mistake lists the seats, the only choices here
    if seat in ("public", "referee"):
        raise BadRequest(_("--as {who}: a receipt is for one seat (a player name or a character)").format(who=who), "--as")
    return Receipt(game_id=j.header.game_id, seq=seq, seat=seat, line=line_hash[:LINE_HEX],
                   view=view_digest(initial, log, seat)[:VIEW_HEX])
