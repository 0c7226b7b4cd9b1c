"""Scores: the breakdown of a finished game per player (SCORE-1..3), recomputed by a strict replay."""

from __future__ import annotations

from pathlib import Path

import msgspec

from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.scoring import Score, scores, winners
from lifeboat.state import State
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.replay import final_state


__all__ = ["Score", "ScoreSheet", "score_game", "score_sheet"]


class ScoreSheet(msgspec.Struct, frozen=True, kw_only=True):
    """The scores of a finished game: one :class:`lifeboat.scoring.Score` per player (points are integers), the
    ``winners`` (player names; several on a shared win), and how many cards in the boat (``unnamed_cards``) and
    LOVE/HATE cards (``unnamed_love_hate``) a recorded game has still not named (then the sheet is provisional,
    REC-1)."""

    scores: tuple[Score, ...]
    winners: tuple[str, ...]
    unnamed_cards: int = 0
    unnamed_love_hate: int = 0

    @property
    def provisional(self) -> bool:
        return bool(self.unnamed_cards or self.unnamed_love_hate)


def score_sheet(state: State) -> ScoreSheet:
    """The :class:`ScoreSheet` of a final ``state``."""
    return ScoreSheet(
        scores=tuple(scores(state)), winners=tuple(winners(state)),
        unnamed_cards=sum(is_unknown(x) for ch in state.characters if ch.in_boat for x in ch.hand + ch.face_up),
        unnamed_love_hate=sum((ch.love == UNKNOWN) + (ch.hate == UNKNOWN) for ch in state.characters),
    )


def score_game(path: Path) -> ScoreSheet:
    """Replay the game at ``path`` strictly and score it.

    Raises:
        BadRequest: the game is not over: scores would reveal hidden hands, LOVE and HATE (END-2).
        ReplayError, journal errors: what :func:`lifeboat.service.game.replay.replay` raises.
    """
    state = final_state(path)
    if not state.over:
        raise BadRequest(f"{path}: the game is not over; scores would reveal hidden hands, LOVE and HATE (END-2)")
    return score_sheet(state)
