"""``lifeboat fork``: branch a game at a commit into a new journal that names its parent (:func:`lifeboat.service.fork_game`,
which documents the ``keep`` and ``reshuffle`` chance modes)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors


_DRAWS = {"keep": "the decks in the parent's order", "reshuffle": "the cards nobody has seen reshuffled"}
"""What each ``--chance`` mode does to the decks, for the line that says the fork is made."""


def run(game: Path, at: int, output: Path, chance: str, seed: int | None) -> None:
    from cli.common import console
    from lifeboat.service import fork_game

    out = console()
    with user_errors():
        forked = fork_game(game, at, output, chance=chance, seed=seed)
    out.print(f"Forked game {forked.parent_game_id} at seq {at} (line {forked.line}, hash {forked.hash[:16]}…) into "
              f"{output}: game {forked.game_id}, {_DRAWS[chance]} (--chance {chance}).", markup=False)
    if forked.over:
        out.print("The game is already over at that point.", markup=False)
    else:
        out.print(f"Next: lifeboat {'play' if forked.digital else 'record'} {output}", markup=False)
