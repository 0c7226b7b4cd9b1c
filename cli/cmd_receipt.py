"""``lifeboat receipt``: a short token a player keeps to prove, later, what the journal said (docs/disputes.md).

Token: ``LBR1.<game_id>.<seq>.<seat>.<line>.<view>``: ``seat`` is the character id, ``line`` the first 32 hex
digits of the hash of line ``seq + 1`` (commit ``seq``; through the hash chain it covers every line before it),
``view`` the first 16 hex digits of the SHA-256 of the seat's view then (:func:`cli.audit.view_digest`).
``lifeboat audit GAME --receipt TOKEN`` checks both and shows what the seat knew.

The command prints only the token (on stdout), never the view: someone may be looking at the screen.
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import USAGE, fail, user_errors


def make(game: Path, who: str, at: int | None):  # type: ignore[no-untyped-def]
    """The :class:`cli.audit.Receipt` of seat ``who`` at seq ``at`` (default: the last). Replays strictly."""
    from cli.audit import LINE_HEX, VIEW_HEX, Receipt, view_digest
    from cli.common import open_game, resolve_viewer
    from cli.records import Correction
    from cli.session import replay, ruleset_of
    from lifeboat import new_game

    j = open_game(game)
    seq = j.last_seq if at is None else at
    if seq < 1 or seq > j.last_seq:
        raise fail(f"--at {seq}: {game} has commits 1 to {j.last_seq} (a receipt is for a commit after the deal)",
                   USAGE)
    state = new_game(j.header.players, ruleset_of(j.header, str(game)))
    log: list = []
    marks: dict[int, int] = {}
    line_hash = j.header_hash
    for step in replay(j, str(game)):
        marks[step.commit.seq] = len(log)
        if isinstance(step.record, Correction):  # the withdrawn commits' events leave the log too
            del log[marks.get(step.record.from_seq, len(log)):]
        log.extend(step.events)
        state, line_hash = step.after, step.commit.hash
        if step.commit.seq >= seq:
            break
    if not state.characters:
        raise fail(f"--at {seq}: no seat has been dealt yet", USAGE)
    seat = resolve_viewer(state, who)
    if seat in ("public", "referee"):
        raise fail(f"--as {who}: a receipt is for one seat (a player name or a character)", USAGE)
    return Receipt(game_id=j.header.game_id, seq=seq, seat=seat, line=line_hash[:LINE_HEX],
                   view=view_digest(state, log, seat)[:VIEW_HEX])


def run(game: Path, who: str, at: int | None) -> None:
    with user_errors():
        receipt = make(game, who, at)
    print(receipt.token)
