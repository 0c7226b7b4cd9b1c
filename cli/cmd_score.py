"""``lifeboat score``: the scoring breakdown per player (SCORE-1..3)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import USAGE, fail, user_errors


def final_state(game: Path):  # type: ignore[no-untyped-def]
    """Replay ``game`` strictly and return its last state. Raises what :func:`cli.session.replay` raises."""
    from cli.common import open_game
    from cli.session import initial_state, replay

    j = open_game(game)
    state = initial_state(j.header, str(game))
    for step in replay(j, str(game)):
        state = step.after
    return state


def run(game: Path, json_: bool) -> None:
    import msgspec
    from rich.text import Text

    from cli import render
    from cli.common import console
    from lifeboat.scoring import scores, winners

    with user_errors():
        state = final_state(game)
    if not state.over:  # END-2: scores follow from hidden hands, LOVE and HATE, revealed only at the end
        raise fail(f"{game}: the game is not over; scores would reveal hidden hands, LOVE and HATE (END-2). "
                   "A referee can look with: lifeboat show GAME --as referee", USAGE)
    all_scores = scores(state)
    best = winners(state)
    from lifeboat.cards import UNKNOWN, is_unknown

    unnamed_cards = sum(is_unknown(x) for ch in state.characters if ch.in_boat for x in ch.hand + ch.face_up)
    unnamed_cards_love_hate = sum((ch.love == UNKNOWN) + (ch.hate == UNKNOWN) for ch in state.characters)
    if json_:
        out = {"over": state.over, "scores": msgspec.to_builtins(all_scores), "winners": list(best),
               "unnamed": {"cards": unnamed_cards, "love_hate": unnamed_cards_love_hate}}
        print(msgspec.json.encode(out).decode())
        return
    out_console = console()
    out_console.print(render.scores_table(all_scores, best))
    out_console.print(Text(("Winner: " if len(best) == 1 else "Shared win: ") + ", ".join(best) + "  (* in the table)"))
    if unnamed_cards or unnamed_cards_love_hate:  # a recorded game whose hands were not all named (REC-1)
        out_console.print(Text(f"Provisional: {unnamed_cards} card(s) in the boat and {unnamed_cards_love_hate} "
                               "LOVE/HATE card(s) are still unnamed; name them with 'lifeboat record' "
                               "(type 'hands' to list them)."))
