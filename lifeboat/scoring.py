"""Scoring at the end of the game (SCORE-1..4, END-2).

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
    survival, love, hate = _people(state, own, ch.love, ch.hate, alive)
    t = treasure(state, own)
    return Score(player=player, character=own, survives=alive[own], survival=survival, treasure=t, love=love,
                 hate=hate, total=survival + t + love + hate)


def _people(state: State, own: str, loved: str, hated: str, alive: dict[str, bool]) -> tuple[int, int, int]:
    """SCORE-1, SCORE-2: ``(survival, love, hate)`` points of ``own`` with that LOVE and HATE."""
    narcissist, psychopath = loved == own, hated == own
    printed = state.cards.characters  # CARD-3: this game's survival values and sizes
    survival = printed[own].survival if alive[own] and not psychopath else 0
    love = printed[loved].survival if loved and alive.get(loved) else 0
    if narcissist and psychopath:  # SCORE-2: the survival value once; shown as survival, not as LOVE
        survival, love = love, 0
    if psychopath:  # SCORE-2: every other character who died
        hate = sum(printed[c].size for c, ok in alive.items() if not ok and c != own)
    else:
        hate = printed[hated].size if hated and not alive.get(hated, True) else 0
    return survival, love, hate


class ToShow(msgspec.Struct, frozen=True):
    """SCORE-4: what one player must still show for the scores to be final: ``cards``, the placeholders in the
    hand or face up that may be a treasure; ``love`` / ``hate``, True when that card is unknown and naming it could
    change the total."""

    player: str
    character: str
    cards: tuple[str, ...] = ()
    love: bool = False
    hate: bool = False


TREASURES = ("cash", "jewels", "painting")


def still_to_show(state: State) -> tuple[ToShow, ...]:
    """SCORE-4: per player (in ``state.players`` order, only those with something to show), the cards a recorded
    game must still have named before its scores are final; ``()`` when they are (every digital game). Cards that
    count for nothing are left out: those of a character lost at sea, a placeholder the possibilities say is no
    treasure (REC-3), a LOVE or HATE whose every possible card gives the same points."""
    from lifeboat.possibilities import possible_looks  # REC-3; the digital games never get here

    out = []
    alive = {c.character: survives(state, c.character) for c in state.characters}
    for player in state.players:
        own = state.character_of(player)
        ch = state.char(own)
        cards: list[str] = []
        if ch.in_boat:  # SCORE-1: a character lost at sea scores no treasure
            for zone, held in ((own, ch.hand), ("up:" + own, ch.face_up)):
                open_ = [x for x in held if x.startswith("?") and x != "?"]
                if open_ and any(state.cards.face(look) in TREASURES
                                 for look in possible_looks(state.known, state, zone)):
                    cards += open_
        love, hate = _open_people(state, own, alive)
        if cards or love or hate:
            out.append(ToShow(player=player, character=own, cards=tuple(cards), love=love, hate=hate))
    return tuple(out)


def _open_people(state: State, own: str, alive: dict[str, bool]) -> tuple[bool, bool]:
    """SCORE-4: whether ``own``'s unknown LOVE / HATE could still change its points. Each character's LOVE and HATE
    card is dealt once (SETUP-2), so one unknown may be any card no other player is known to hold."""
    ch = state.char(own)
    if "?" not in (ch.love, ch.hate):
        return False, False
    everyone = [c.character for c in state.characters]
    loves = [ch.love] if ch.love != "?" else [x for x in everyone if x not in {c.love for c in state.characters}]
    hates = [ch.hate] if ch.hate != "?" else [x for x in everyone if x not in {c.hate for c in state.characters}]
    points = {(lv, ht): sum(_people(state, own, lv, ht, alive)) for lv in loves for ht in hates}
    love = ch.love == "?" and any(len({points[lv, ht] for lv in loves}) > 1 for ht in hates)
    hate = ch.hate == "?" and any(len({points[lv, ht] for ht in hates}) > 1 for lv in loves)
    return love, hate


def scores(state: State) -> tuple[Score, ...]:
    """Every player's :class:`Score`, indexed like ``state.players``."""
    return tuple(score_player(state, p) for p in state.players)


def winners(state: State) -> tuple[str, ...]:
    """SCORE-3: the players with the highest total (more than one is a shared win)."""
    all_scores = scores(state)
    best = max(s.total for s in all_scores)
    return tuple(s.player for s in all_scores if s.total == best)
