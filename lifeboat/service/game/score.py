"""Scores: the breakdown of a finished game per player (SCORE-1..3), recomputed by a strict replay."""

from __future__ import annotations

from pathlib import Path

import msgspec

from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.i18n import _
from lifeboat.scoring import Score, ToShow, scores, still_to_show, winners
from lifeboat.state import State
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.replay import final_state


__all__ = ["Score", "ScoreSheet", "ToShow", "provisional_sentence", "score_game", "score_sheet", "to_show_lines"]


class ScoreSheet(msgspec.Struct, frozen=True, kw_only=True):
    """The scores of a finished game: one :class:`lifeboat.scoring.Score` per player (points are integers), the
    ``winners`` (player names; several on a shared win), and how many cards in the boat (``unnamed_cards``) and
    LOVE/HATE cards (``unnamed_love_hate``) a recorded game has still not named (then the sheet is provisional,
    REC-1)."""

    scores: tuple[Score, ...]
    winners: tuple[str, ...]
    unnamed_cards: int = 0
    unnamed_love_hate: int = 0
    to_show: tuple[ToShow, ...] = ()

    @property
    def provisional(self) -> bool:
        """SCORE-4: True while a card that could change a score is unnamed (``to_show``); ``winners`` is then
        empty."""
        return bool(self.to_show)


def score_sheet(state: State) -> ScoreSheet:
    """The :class:`ScoreSheet` of a final ``state``: no winner while the scores are provisional (SCORE-4)."""
    to_show = still_to_show(state) if state.unaccounted or any(
        UNKNOWN in (ch.love, ch.hate) for ch in state.characters) else ()
    return ScoreSheet(
        scores=tuple(scores(state)), winners=() if to_show else tuple(winners(state)),
        unnamed_cards=sum(is_unknown(x) for ch in state.characters if ch.in_boat for x in ch.hand + ch.face_up),
        unnamed_love_hate=sum((ch.love == UNKNOWN) + (ch.hate == UNKNOWN) for ch in state.characters),
        to_show=to_show,
    )


def to_show_lines(to_show: tuple[ToShow, ...]) -> list[str]:
    """SCORE-4: one line per player of what must still be shown, e.g. ``Ann (The Captain): ?p16 ?p20, LOVE``."""
    from lifeboat.cards import CHARACTERS

    out = []
    for item in to_show:
        parts = list(item.cards) + [word for word, open_ in (("LOVE", item.love), ("HATE", item.hate)) if open_]
        character = CHARACTERS[item.character].en if item.character in CHARACTERS else item.character
        out.append(_("{player} ({character}): {cards}").format(player=item.player, character=character,
                                                               cards=" ".join(parts)))
    return out


def score_game(path: Path) -> ScoreSheet:
    """Replay the game at ``path`` strictly and score it.

    Raises:
        BadRequest: the game is not over: scores would reveal hidden hands, LOVE and HATE (END-2).
        ReplayError, journal errors: what :func:`lifeboat.service.game.replay.replay` raises.
    """
    state = final_state(path)
    if not state.over:
        raise BadRequest(_("{path}: the game is not over; scores would reveal hidden hands, LOVE and HATE (END-2)").format(path=path))
    return score_sheet(state)


def provisional_sentence(to_show: tuple[ToShow, ...], game: str) -> str:
    """SCORE-4: ``Provisional: no winner until these cards are shown and named (lifeboat record GAME): …`` (``game``
    as the reader types it)."""
    return _("Provisional: no winner until these cards are shown and named (lifeboat record {game}): {cards}").format(
        game=game, cards="; ".join(to_show_lines(to_show)))
