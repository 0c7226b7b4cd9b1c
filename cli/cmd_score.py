"""``lifeboat score``: the scoring breakdown per player (SCORE-1..3)."""

from __future__ import annotations

from pathlib import Path

from cli.errors import fail, user_errors


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
    from rich.table import Table
    from rich.text import Text

    from cli.common import console
    from lifeboat.cards import CHARACTERS
    from lifeboat.scoring import scores, winners

    with user_errors():
        state = final_state(game)
    if not state.characters:
        raise fail(f"{game}: the game has not been set up yet; nothing to score", 3)
    all_scores = scores(state)
    best = winners(state) if state.over else ()
    if json_:
        out = {"over": state.over, "scores": msgspec.to_builtins(all_scores), "winners": list(best)}
        print(msgspec.json.encode(out).decode())
        return
    table = Table(title="Scores" if state.over else "Scores so far (the game is not over)")
    for col in ("player", "character", "survival", "treasure", "love", "hate", "total"):
        table.add_column(col, justify="left" if col in ("player", "character") else "right")
    for s in all_scores:
        mark = " *" if s.player in best else ""
        table.add_row(Text(s.player + mark), Text(CHARACTERS[s.character].en), str(s.survival), str(s.treasure),
                      str(s.love), str(s.hate), str(s.total))
    out_console = console()
    out_console.print(table)
    if state.over:
        out_console.print(Text("Winner: " + ", ".join(best) if len(best) == 1 else "Shared win: " + ", ".join(best)))
