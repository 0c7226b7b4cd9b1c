"""``lifeboat new``: start a digital game (seeded shuffle, committed deck orders, setup dealt)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import USAGE, fail, user_errors


def parse_players(text: str) -> list[str]:
    """Split ``--players`` on commas; blank names are dropped by the engine's check (SETUP-1)."""
    return [p.strip() for p in text.split(",")]


def build_ruleset(options: list[str]):  # type: ignore[no-untyped-def]
    """A :class:`lifeboat.Ruleset` from ``NAME=VALUE`` strings (``cannibalism=on`` enables the expansion, EXP-1).
    Raises RuleViolation (OPT-1) for a bad one."""
    from lifeboat.ruleset import ruleset_from_options

    return ruleset_from_options(options)


def run(game: Path, players: str, seed: int | None, options: list[str]) -> None:
    from cli.common import console
    from cli.session import create_game
    from lifeboat.errors import RuleViolation

    with user_errors():
        if game.exists() or game.is_symlink():
            raise fail(f"{game}: already exists; choose another file name (nothing was overwritten)", 4)
        try:
            ruleset = build_ruleset(options)
        except RuleViolation as exc:
            raise fail(f"--option: [{exc.rule}] {exc.message}", USAGE) from None
        names = parse_players(players)
        if len(set(n.casefold() for n in names)) != len(names):
            raise fail("--players: player names must be different", USAGE)
        j, state, _ = create_game(game, names, seed=seed, ruleset=ruleset)
        out = console()
        out.print(f"New game {j.header.game_id} in {game}: {len(names)} players.")
        for ch in state.characters:
            from lifeboat.cards import CHARACTERS

            out.print(f"  {ch.player}: {CHARACTERS[ch.character].en}", markup=False)
        out.print(f"Next: lifeboat play {game}", markup=False)
