"""``lifeboat import`` and ``lifeboat export``: a game between a JSONL file and a PostgreSQL store
(:mod:`lifeboat.service.transfer.store`; docs/postgresql.md). Both copy the journal's lines byte for byte, checking every hash."""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors


def run_import(game: Path, store: str, schema: str) -> None:
    from cli.common import console
    from lifeboat.service import import_game

    with user_errors():
        done = import_game(game, store, schema=schema)
    out = console()
    out.print(f"Imported {game} into {done.store}: game {done.game_id}, {done.last_seq} commits, head "
              f"{done.head_hash[:16]}…", markup=False)
    if done.deck_file is not None:
        out.print(f"Its deck orders ({done.deck_file}) are kept in the store's private table, outside the journal, "
                  "so any serve process can deal its chance.", markup=False)
    if done.links_file is not None:
        out.print(f"Its links ({done.links_file}: token hashes only) are kept there too, so the links given when it "
                  f"was served work on any serve --store process{_bots(done.bots)}.", markup=False)


def _bots(bots: tuple[str, ...]) -> str:
    """``, and bots play …`` for the bot seats of imported or exported links (``CHARACTER=KIND`` each)."""
    from cli.describe import who

    seats = [f"{who(c)} ({k or 'random'})" for c, _, k in (b.partition("=") for b in bots)]
    return ", and bots play " + ", ".join(seats) if seats else ""


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
        raise fail("export GAME_ID needs -o/--output: the new JSONL file", USAGE)
    with user_errors():
        done = export_game(store, game_id, output, schema=schema)
    out.print(f"Exported game {done.game_id} ({done.last_seq} commits, head {done.head_hash[:16]}…) from "
              f"{done.store} to {output}.", markup=False)
    if done.deck_file is not None:
        out.print(f"Its deck orders went to {done.deck_file} (readable by you only): the dealer's secret until the "
                  "end; keep it beside the game file.", markup=False)
    if done.links_file is not None:
        out.print(f"Its links went to {done.links_file} (token hashes only, readable by you only), so lifeboat serve "
                  f"keeps them{_bots(done.bots)}.", markup=False)
