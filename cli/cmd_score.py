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
        if sheet.provisional:  # SCORE-4: no winner yet, and what must still be shown
            out["provisional"] = msgspec.to_builtins(sheet.to_show)
        print(json_text(out))
        return
    best = list(sheet.winners)
    out_console = console()
    out_console.print(render.scores_table(list(sheet.scores), best))
    if sheet.provisional:  # SCORE-4: a recorded game with cards still to show that could change a score
        out_console.print(Text(provisional_text(sheet.to_show, game)))
        return
    out_console.print(Text(render.winners_under_table(best)))


def provisional_text(to_show, game: Path) -> str:
    """SCORE-4: the provisional verdict, what each player must still show, and how to name it."""
    import shlex

    from lifeboat.service import provisional_sentence

    return provisional_sentence(to_show, shlex.quote(str(game)))
