"""Who is who: a seat named the way a person types it (a player, a character, a short or Chinese name)."""

from __future__ import annotations

from lifeboat.cards import CHARACTERS
from lifeboat.errors import RuleViolation
from lifeboat.state import State
from lifeboat.service.errors import BadRequest
from lifeboat.i18n import _
from lifeboat.views.words import name as character_name

AUDIENCES = ("public", "referee")


def resolve_viewer(state: State, who: str, option: str = "--as", *, seats_only: bool = False,
                   also: tuple[str, ...] = ()) -> str:
    """Map ``who`` to ``"public"``, ``"referee"`` or a character id; accepts a player name or a character id /
    English name, case-insensitively, or any name the notation knows (船长, doc, cap …). Raises
    :class:`BadRequest` (``field`` = ``option``) listing the choices: the audiences too for ``--as`` and ``--for``
    (a note's audience, NOTE-1), the seats only for the others (``--bots``) and where the caller takes a seat only
    (``seats_only``: ``receipt --as``, which refuses an audience itself); ``also``: words the caller takes itself,
    listed first (``analyse --as all``)."""
    key = who.strip().casefold()
    if key in AUDIENCES:
        return key
    for ch in state.characters:
        names = {ch.player.casefold(), ch.character, CHARACTERS[ch.character].en.casefold(),
                 CHARACTERS[ch.character].en.casefold().removeprefix("the ")}
        if key in names or key.replace(" ", "_") in names:
            return ch.character
    words = [ch.character for ch in state.characters
             if key in CHARACTERS[ch.character].en.casefold().replace(".", "").split()
             or ch.character.startswith(key.replace(" ", "_"))]
    if len(words) == 1:  # a short name: "stephen", "lauren", "mate", "kid"
        return words[0]
    try:
        by = character_named(state, who)
    except RuleViolation:
        by = None
    if by is not None and state.has(by):
        return by
    audiences = list(AUDIENCES) if option in ("--as", "--for") and not seats_only else []  # --bots: seats only
    # TRANSLATORS: a seat in a list of choices, e.g. "Ann (Sir Stephen)"; either name may be typed
    seats = [_("{player} ({character})").format(player=c.player, character=character_name(c.character))
             for c in state.characters]
    choices = _(", ").join([*also, *audiences] + seats)
    raise BadRequest(_("unknown seat {who!r} for {option}; expected one of: {choices}").format(who=who, option=option, choices=choices), option)


def character_named(state: State, name: str) -> str | None:
    """The character id a notation name stands for (``captain``, ``船长``, ``doc`` …), or ``None``. Raises
    :class:`RuleViolation` for a name the notation refuses."""
    from lifeboat.notation import parse  # only for names beyond the seats' own: `lifeboat replay` starts faster

    return getattr(parse(f"{name}: pass", state), "by", None)
