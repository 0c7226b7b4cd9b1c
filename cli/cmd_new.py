"""``lifeboat new``: start a digital game (seeded shuffle, committed deck orders, setup dealt)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import JOURNAL, USAGE, fail, user_errors


def run(game: Path, players: str, seed: int | None, options: list[str], serve: bool = False) -> None:
    """Write the new game ``game``; ``serve``: it is served next (the last line says so instead of ``play``)."""
    from cli import render
    from cli.common import console
    from lifeboat.cards import CHARACTERS
    from service import RuleViolation, Table, build_ruleset, parse_players

    with user_errors():
        if game.exists() or game.is_symlink():
            raise fail(f"{game}: already exists; choose another file name (nothing was overwritten)", JOURNAL)
        try:
            build_ruleset(options)
        except RuleViolation as exc:
            raise fail(f"--option: [{exc.rule}] {exc.message}", USAGE) from None
        names = parse_players(players)
        if len(set(n.casefold() for n in names)) != len(names):
            raise fail("--players: player names must be different", USAGE)
        table = Table.deal_new(game, names, seed=seed, options=options)
        out = console()
        out.print(f"New game {table.game_id} in {game}: {len(names)} players.")
        for ch in table.state.characters:
            out.print(f"  {ch.player}: {CHARACTERS[ch.character].en}", markup=False)
        if seed is not None:
            out.print(render.seeded(seed), markup=False)
        if not serve:
            out.print(f"Next: lifeboat play {game}", markup=False)
