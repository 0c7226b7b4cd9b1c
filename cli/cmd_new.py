"""``lifeboat new``: start a digital game (seeded shuffle, committed deck orders, setup dealt)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import JOURNAL, fail, user_errors
from lifeboat.i18n import _


def run(game: Path, players: str, seed: int | None, options: list[str], serve: bool = False,
        cards: Path | None = None) -> None:
    """Write the new game ``game``; ``serve``: it is served next (the last line says so instead of ``play``);
    ``cards``: the table's own card data file (CARD-3), checked before anything is written."""
    from cli import render
    from cli.common import check_options, console
    from lifeboat.views.words import name
    from lifeboat.service import Table, load_card_file, parse_players

    with user_errors():
        if game.exists() or game.is_symlink():
            raise fail(_("{game}: already exists; choose another file name (nothing was overwritten)").format(game=game), JOURNAL)
        check_options(options)
        card_set = load_card_file(cards)  # CARD-2, CARD-3: a bad file names its field; nothing is written
        names = parse_players(players)  # SETUP-1: checked by the service (lifeboat.service.game.players.check_new_names)
        table = Table.deal_new(game, names, seed=seed, options=options, cards=card_set)
        out = console()
        out.print(_("New game {game_id} in {game}: {n_names} players.").format(game_id=table.game_id, game=game, n_names=len(names)))
        if cards is not None and table.state.ruleset.card_data:
            out.print(_("  with the card data of {cards} (sha256 {sha256}…; the journal carries a copy)").format(cards=cards, sha256=card_set.sha256[:16]),
                      markup=False)
        for ch in table.state.characters:
            out.print(_("  {player}: {character}").format(player=ch.player, character=name(ch.character)), markup=False)
        if seed is not None:
            out.print(render.seeded(seed), markup=False)
        if not serve:
            out.print(_("Next: lifeboat play {game}").format(game=game), markup=False)
