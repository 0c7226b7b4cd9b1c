"""Helpers shared by the commands: opening a game file, resolving a perspective, the console."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cli.errors import USAGE, fail

if TYPE_CHECKING:
    import journal
    from lifeboat.state import State


def open_game(path: Path) -> journal.JsonlJournal:
    """Open an existing game journal. Raises :class:`journal.JournalError` subclasses (exit 4 via user_errors)."""
    import journal

    return journal.JsonlJournal.open(path)


def console(stderr: bool = False):  # type: ignore[no-untyped-def]
    """A rich console (imported lazily to keep ``--help`` fast)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def resolve_viewer(state: State, who: str, option: str = "--as") -> str:
    """Map ``--as`` to ``"public"``, ``"referee"`` or a character id; accepts a player name or a character id /
    English name, case-insensitively. Raises :class:`typer.Exit` (2) listing the choices."""
    from lifeboat.cards import CHARACTERS

    key = who.strip().casefold()
    if key in ("public", "referee"):
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
    from lifeboat.errors import RuleViolation
    from lifeboat.notation import parse

    try:  # every name the notation knows: 船长, doc, cap …
        by = getattr(parse(f"{who}: pass", state), "by", None)
    except RuleViolation:
        by = None
    if by is not None and state.has(by):
        return by
    audiences = ["public", "referee"] if option == "--as" else []  # --bots takes seats only
    choices = ", ".join(audiences + [f"{c.player} ({c.character})" for c in state.characters])
    raise fail(f"unknown seat {who!r} for {option}; expected one of: {choices}", USAGE)
