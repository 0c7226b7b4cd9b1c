"""The end's explanations: a line for each player whose LOVE or HATE names their own character, or whose LOVE and
HATE name the same character (SCORE-2), saying why they score what they score. Written once the game is over
(END-2: every LOVE and HATE is public then), from the state and :func:`lifeboat.scoring.score_player`.
"""

from __future__ import annotations

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
    me, fate = tx.inner(own), "survived" if survives(state, own) else "died"
    if ch.love == own and ch.hate == own:
        kept = (f"and {me}'s survival value ({printed[own].survival}) once, since {me} survived" if score.survival
                else f"and nothing for {me}, who died")
        return (f"{player}'s LOVE and HATE both name their own character, {me}: they score the size of every other "
                f"character who died ({score.hate}) {kept} (SCORE-2).")
    if ch.love == own:
        if score.survival:
            return (f"{player}'s LOVE names their own character, {me}, who survived: its survival value "
                    f"({printed[own].survival}) counts twice, as their character and as their LOVE (SCORE-2).")
        return (f"{player}'s LOVE names their own character, {me}, who died: it scores 0, neither as their "
                f"character nor as their LOVE (SCORE-2).")
    if ch.hate == own:
        return (f"{player}'s HATE names their own character, {me}, who {fate}: they score the size of every other "
                f"character who died ({score.hate}) and nothing for their own survival (SCORE-2).")
    if ch.love == ch.hate:
        other = tx.inner(ch.love)
        if survives(state, ch.love):
            return (f"{player}'s LOVE and HATE both name {other}, who survived: its survival value "
                    f"({score.love}) counts, as their LOVE (SCORE-2).")
        return (f"{player}'s LOVE and HATE both name {other}, who died: its size ({score.hate}) counts, as their "
                "HATE (SCORE-2).")
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
