"""``lifeboat import`` and ``lifeboat export``: a game between a JSONL file and a PostgreSQL store
(:mod:`lifeboat.service.transfer.store`; docs/postgresql.md). Both copy the journal's lines byte for byte, checking every hash."""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors
from lifeboat.i18n import _


def run_import(game: Path, store: str, schema: str) -> None:
    from cli.common import console
    from lifeboat.service import import_game

    with user_errors():
        done = import_game(game, store, schema=schema)
    out = console()
    out.print(_("Imported {game} into {store}: game {id}, {n} commits, head {head}…").format(
        game=game, store=done.store, id=done.game_id, n=done.last_seq, head=done.head_hash[:16]), markup=False)
    if done.deck_file is not None:
        out.print(_("Its deck orders ({file}) are kept in the store's private table, outside the journal, so any serve "
                    "process can deal its chance.").format(file=done.deck_file), markup=False)
    if done.links_file is not None:
        text = (_("Its links ({file}: token hashes only) are kept there too, so the links given when it was served "
                  "work on any serve --store process, and bots play {bots}.") if done.bots else
                _("Its links ({file}: token hashes only) are kept there too, so the links given when it was served "
                  "work on any serve --store process."))
        out.print(text.format(file=done.links_file, bots=_bots(done.bots)), markup=False)


def _bots(bots: tuple[str, ...]) -> str:
    """The bot seats of imported or exported links (``CHARACTER=KIND`` each): ``The Kid (random), …``."""
    from cli.describe import who

    return _(", ").join(f"{who(c)} ({k or 'random'})" for c, _sep, k in (b.partition("=") for b in bots))


def run_export(game_id: str | None, output: Path | None, store: str, schema: str) -> None:
    from cli.common import console
    from cli.errors import USAGE, fail
    from lifeboat.service import export_game, store_games

    out = console()
    if game_id is None:
        with user_errors():
            ids = store_games(store, schema=schema)
        for one in ids:
            out.print(one, markup=False)
        return
    if output is None:
        raise fail(_("export GAME_ID needs -o/--output: the new JSONL file"), USAGE)
    with user_errors():
        done = export_game(store, game_id, output, schema=schema)
    out.print(_("Exported game {id} ({n} commits, head {head}…) from {store} to {output}.").format(
        id=done.game_id, n=done.last_seq, head=done.head_hash[:16], store=done.store, output=output), markup=False)
    if done.deck_file is not None:
        out.print(_("Its deck orders went to {file} (readable by you only): the dealer's secret until the end; keep it "
                    "beside the game file.").format(file=done.deck_file), markup=False)
    if done.links_file is not None:
        text = (_("Its links went to {file} (token hashes only, readable by you only), so lifeboat serve keeps them, "
                  "and bots play {bots}.") if done.bots else
                _("Its links went to {file} (token hashes only, readable by you only), so lifeboat serve keeps "
                  "them."))
        out.print(text.format(file=done.links_file, bots=_bots(done.bots)), markup=False)
