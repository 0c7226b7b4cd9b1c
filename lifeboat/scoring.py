"""Scoring at the end of the game (SCORE-1..3, END-2).

Points are integers. A player's score is the sum of four independent parts; see :class:`Score`.
"""

from __future__ import annotations

import msgspec

from lifeboat.state import State

TREASURE_DOUBLER = {"lady_lauren": "jewels", "sir_stephen": "painting", "captain": "cash"}  # SCORE-1


class Score(msgspec.Struct, frozen=True):
    """One player's score: ``survival`` (own character), ``treasure`` (cash, jewels, paintings), ``love``,
    ``hate``; ``total`` is their sum. ``survives`` tells whether the player's character survived."""

    player: str
    character: str
    survives: bool
    survival: int
    treasure: int
    love: int
    hate: int
    total: int


def survives(state: State, character: str) -> bool:
    """SCORE-1: in the boat and not dead (unconscious counts as surviving)."""
    return state.alive(character)


def treasure(state: State, character: str) -> int:
    """SCORE-1: points of the cash, jewels and paintings in hand and face up, with the character's doubling
    (Lady Lauren jewels, Sir Stephen paintings, the Captain cash). 0 for a character lost at sea."""
    ch = state.char(character)
    if not ch.in_boat:
        return 0
    cards = ch.hand + ch.face_up
    doubled = TREASURE_DOUBLER.get(character)
    data = state.cards  # CARD-3: this game's points
    total = 0
    jewels = 0
    for card in cards:
        try:
            face = data.face_of(card)
        except KeyError:
            continue
        if face == "jewels":
            jewels += 1
        elif face in ("cash", "painting"):
            total += data.treasure_points(card) * (2 if doubled == face else 1)
    jewel_points = data.jewel_set_points[min(jewels, max(data.jewel_set_points))]
    total += jewel_points * (2 if doubled == "jewels" else 1)
    return total


def score_player(state: State, player: str) -> Score:
    """The :class:`Score` of ``player`` (SCORE-1, SCORE-2). Raises ``KeyError`` for an unknown player."""
    own = state.character_of(player)
    ch = state.char(own)
    alive = {c.character: survives(state, c.character) for c in state.characters}
    narcissist, psychopath = ch.love == own, ch.hate == own
    printed = state.cards.characters  # CARD-3: this game's survival values and sizes
    survival = printed[own].survival if alive[own] and not psychopath else 0
    love = printed[ch.love].survival if ch.love and alive.get(ch.love) else 0
    if narcissist and psychopath:  # SCORE-2: the survival value once; shown as survival, not as LOVE
        survival, love = love, 0
    if psychopath:  # SCORE-2: every other character who died
        hate = sum(printed[c].size for c, ok in alive.items() if not ok and c != own)
    else:
        hate = printed[ch.hate].size if ch.hate and not alive.get(ch.hate, True) else 0
    t = treasure(state, own)
    return Score(player=player, character=own, survives=alive[own], survival=survival, treasure=t, love=love,
                 hate=hate, total=survival + t + love + hate)


def scores(state: State) -> tuple[Score, ...]:
    """Every player's :class:`Score`, indexed like ``state.players``."""
    return tuple(score_player(state, p) for p in state.players)


def winners(state: State) -> tuple[str, ...]:
    """SCORE-3: the players with the highest total (more than one is a shared win)."""
    all_scores = scores(state)
    best = max(s.total for s in all_scores)
    return tuple(s.player for s in all_scores if s.total == best)
