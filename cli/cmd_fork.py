"""``lifeboat fork``: branch a game at a commit into a new journal that names its parent (:func:`lifeboat.service.fork_game`,
which documents the ``keep`` and ``reshuffle`` chance modes)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors
from lifeboat.i18n import N_, _


_DRAWS = {"keep": N_("Forked game {parent} at seq {at} (line {line}, hash {hash}…) into {output}: game {game}, the "
                     "decks in the parent's order (--chance keep)."),
          "reshuffle": N_("Forked game {parent} at seq {at} (line {line}, hash {hash}…) into {output}: game {game}, "
                          "the cards nobody has seen reshuffled (--chance reshuffle).")}
"""What each ``--chance`` mode does to the decks, for the line that says the fork is made."""


def run(game: Path, at: int, output: Path, chance: str, seed: int | None) -> None:
    from cli.common import console
    from lifeboat.service import fork_game

    out = console()
    with user_errors():
        forked = fork_game(game, at, output, chance=chance, seed=seed)
    out.print(_(_DRAWS[chance]).format(parent=forked.parent_game_id, at=at, line=forked.line, hash=forked.hash[:16],
                                       output=output, game=forked.game_id), markup=False)
    if forked.over:
        out.print(_("The game is already over at that point."), markup=False)
    else:
        command = f"lifeboat {'play' if forked.digital else 'record'} {output}"
        out.print(_("Next: {command}").format(command=command), markup=False)
