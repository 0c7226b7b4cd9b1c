"""Rendering for people: the seat screen, the story lines, the final table. Every user or card string goes
through :class:`rich.text.Text` (no markup is interpreted). Renders views from :mod:`lifeboat.views` only."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cli.describe import command as describe_command
from cli.describe import who


def clear(out: Console) -> None:
    """Clear the screen (hotseat: the next player must not see the previous one's hand)."""
    out.clear()


def command_line(state, me: str, cmd) -> str:  # type: ignore[no-untyped-def]
    """What a bot did, as the table would see it (public words only)."""
    from lifeboat import commands as c

    if isinstance(cmd, (c.KeepProvision, c.PlaceRowedCards, c.ChooseNavigationCard, c.OfferTrade, c.AnswerTrade)):
        return f"{who(me)} decides."
    return f"{who(me)}: {describe_command(cmd)}"


def seat_screen(out: Console, state, log, me: str) -> None:  # type: ignore[no-untyped-def]
    """The screen of seat ``me``: the table (public) and its own secrets."""
    from lifeboat.views import seat_view

    view = seat_view(state, tuple(log), me)
    out.print(table(view))
    out.print(Text(f"You are {who(me)}. LOVE: {who(view.love)}  HATE: {who(view.hate)}"))
    out.print(Text("Your hand: " + (", ".join(view.hand_names) or "empty")))


def table(view) -> Table:  # type: ignore[no-untyped-def]
    """A rich table of the boat from a state view."""
    t = Table(title=Text(f"Round {view.round} · seagulls {view.seagulls}/4 · {view.step_text}"))
    for col in ("seat", "character", "player", "wounds", "status", "face up", "hand", "markers"):
        t.add_column(col)
    for i, ch in enumerate(view.characters):
        t.add_row(
            str(i + 1) if ch.in_boat else "-", Text(who(ch.character)), Text(ch.player),
            f"{ch.wounds}/{ch.size}", ch.status, Text(", ".join(ch.face_up_names)), str(ch.hand_size),
            " ".join(m for m, on in (("rowed", ch.rowed), ("fought", ch.fought)) if on),
        )
    return t


def final(out: Console, state, all_scores) -> None:  # type: ignore[no-untyped-def]
    """The end: reason and the scores."""
    from lifeboat.scoring import winners

    t = Table(title="Final scores")
    for col in ("player", "character", "survival", "treasure", "love", "hate", "total"):
        t.add_column(col)
    for s in all_scores:
        t.add_row(Text(s.player), Text(who(s.character)), str(s.survival), str(s.treasure), str(s.love),
                  str(s.hate), str(s.total))
    out.print(Text(f"The game is over: {state.step.reason.replace('_', ' ')}."))
    out.print(t)
    out.print(Text("Winner(s): " + ", ".join(winners(state))))
