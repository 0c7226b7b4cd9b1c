"""``lifeboat score``: the scoring breakdown per player (SCORE-1..3)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import USAGE, fail, user_errors
from lifeboat.i18n import _


def run(game: Path, json_: bool) -> None:
    import shlex

    import msgspec
    from rich.text import Text

    from cli import render
    from cli.common import console
    from cli.terminal import json_text
    from lifeboat.service import BadRequest, score_game

    with user_errors():
        try:
            sheet = score_game(game)
        except BadRequest as exc:  # END-2: scores follow from hidden hands, LOVE and HATE, revealed only at the end
            raise fail(_("{message}. A referee can look with: {command}").format(
                message=exc.message, command=f"lifeboat show {shlex.quote(str(game))} --as referee"), USAGE) from None
    if json_:
        out = {"over": True, "scores": msgspec.to_builtins(sheet.scores), "winners": list(sheet.winners),
               "unnamed": {"cards": sheet.unnamed_cards, "love_hate": sheet.unnamed_love_hate}}
        print(json_text(out))
        return
    best = list(sheet.winners)
    out_console = console()
    out_console.print(render.scores_table(list(sheet.scores), best))
    out_console.print(Text(_("{winners}  (* in the table)").format(winners=render.winners_line(best))))
    if sheet.provisional:  # a recorded game whose hands were not all named (REC-1)
        out_console.print(Text(_("Provisional: {cards} card(s) in the boat and {love_hate} LOVE/HATE card(s) are "
                                 "still unnamed; name them with 'lifeboat record' (type 'hands' to list them).").format(
            cards=sheet.unnamed_cards, love_hate=sheet.unnamed_love_hate)))
