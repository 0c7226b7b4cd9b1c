"""The end's explanations: a line for each player whose LOVE or HATE names their own character, or whose LOVE and
HATE name the same character (SCORE-2), saying why they score what they score. Written once the game is over
(END-2: every LOVE and HATE is public then), from the state and :func:`lifeboat.scoring.score_player`.
"""

from __future__ import annotations

from lifeboat.i18n import _

from lifeboat.scoring import score_player, survives
from lifeboat.state import State
from lifeboat.views import text as tx
from lifeboat.views.structs import ScoreNote


def _note(state: State, player: str) -> str | None:
    own = state.character_of(player)
    ch = state.char(own)
    if not {ch.love, ch.hate} <= {c.character for c in state.characters}:  # REC-1: not named yet
        return None
    printed, score = state.cards.characters, score_player(state, player)
    me, lived = tx.inner(own), survives(state, own)
    fill = {"player": player, "me": me, "survival": printed[own].survival, "hate": score.hate, "love": score.love}
    if ch.love == own and ch.hate == own:
        return (_("{player}'s LOVE and HATE both name their own character, {me}: they score the size of every other "
                  "character who died ({hate}) and {me}'s survival value ({survival}) once, since {me} survived "
                  "(SCORE-2).") if score.survival else
                _("{player}'s LOVE and HATE both name their own character, {me}: they score the size of every other "
                  "character who died ({hate}) and nothing for {me}, who died (SCORE-2).")).format(**fill)
    if ch.love == own:
        return (_("{player}'s LOVE names their own character, {me}, who survived: its survival value ({survival}) "
                  "counts twice, as their character and as their LOVE (SCORE-2).") if score.survival else
                _("{player}'s LOVE names their own character, {me}, who died: it scores 0, neither as their "
                  "character nor as their LOVE (SCORE-2).")).format(**fill)
    if ch.hate == own:
        return (_("{player}'s HATE names their own character, {me}, who survived: they score the size of every "
                  "other character who died ({hate}) and nothing for their own survival (SCORE-2).") if lived else
                _("{player}'s HATE names their own character, {me}, who died: they score the size of every other "
                  "character who died ({hate}) and nothing for their own survival (SCORE-2).")).format(**fill)
    if ch.love == ch.hate:
        fill["other"] = tx.inner(ch.love)
        return (_("{player}'s LOVE and HATE both name {other}, who survived: its survival value ({love}) counts, as "
                  "their LOVE (SCORE-2).") if survives(state, ch.love) else
                _("{player}'s LOVE and HATE both name {other}, who died: its size ({hate}) counts, as their HATE "
                  "(SCORE-2).")).format(**fill)
    return None


def score_notes(state: State) -> tuple[ScoreNote, ...]:
    """A :class:`ScoreNote` for each player SCORE-2 scores in its own way, in the players' order; ``()`` when
    there is none. For a finished game (END-2); a LOVE or HATE not yet known (a recorded game, REC-1) is
    skipped. Raises ``KeyError`` for a state without characters (before setup)."""
    notes = []
    for player in state.players:
        text = _note(state, player)
        if text is not None:
            notes.append(ScoreNote(player=player, text=text))
    return tuple(notes)
