"""The teaching commands of the ``lifeboat`` app (:mod:`cli.app` registers them): ``replay``, ``annotate``,
``analyse``. Each parses its options and runs its module, imported when it runs."""

# No `from __future__ import annotations`: typer reads the annotations at each run (see cli/app.py).
from pathlib import Path
from typing import Optional

import typer

from cli.options import AS, GAME, LANG


def replay(
    ctx: typer.Context,
    game: Path = GAME,
    as_: str = AS,
    to: Optional[int] = typer.Option(None, "--to", help="Stop after this commit number (seq)."),
    step: bool = typer.Option(False, "--step", help="Step interactively: Enter next, b back, a number jumps, r N a round, v the next navigation, a the open decisions, t the table, w a bot's advice, q quits."),
    json_: bool = typer.Option(False, "--json", help="Print the views as JSON lines."),
    bot: str = typer.Option("heuristic", "--bot", help="With --step, the bot 'w' asks what it would do here for the "
                            "--as seat: random, heuristic or search."),
    think: str = typer.Option("200ms", "--think", help="With --step --bot search, the search bot's "
                              "thinking time for 'w', e.g. 200ms."),
    html: Optional[Path] = typer.Option(None, "--html", help="Write one self-contained page (no server, no "
                                        "network) that steps through the game as --as saw it, up to --to."),
    quiz: bool = typer.Option(False, "--quiz", help="With --html and --as a seat: a quiz page that stops before "
                              "each chosen decision and asks what you would do; the answer after yours."),
    at: Optional[str] = typer.Option(None, "--at", help="With --quiz: the decisions to ask about, SEQ,SEQ,… "
                                     "(default: every decision of the seat with a choice)."),
    critical: bool = typer.Option(False, "--critical", help="With --quiz: ask about the decisions lifeboat "
                                  "analyse marked a mistake or a blunder."),
    seq: bool = typer.Option(False, "--seq", help="Print each commit's number (seq) in a margin: the number "
                             "--to, annotate --at and fork --at take."),
    lang: Optional[str] = LANG,
) -> None:
    """Replay a game, re-checking every decision against the rules, as a story from one perspective."""
    from cli import cmd_replay
    from cli.common import given

    cmd_replay.run(game, as_, to, step, json_, bot if given(ctx, "bot") else None,
                   think if given(ctx, "think") else None, html, seq, (quiz, at, critical))


def annotate(
    game: Path = GAME,
    text: str = typer.Argument(..., metavar="TEXT", help="The note's text (quote it).", show_default=False),
    at: int = typer.Option(..., "--at", help="The commit (seq) the note is about: a game decision."),
    for_: str = typer.Option("public", "--for", help="Who may read it: 'public' (everyone), a seat (a player or "
                             "character: that seat and the referee), or 'referee'."),
    lang: Optional[str] = LANG,
) -> None:
    """Append a note about one decision (NOTE-1): replays and HTML replays show it to its audience only."""
    from cli import cmd_annotate

    cmd_annotate.run(game, at, text, for_)




def analyse(
    game: Path = GAME,
    as_: str = typer.Option("all", "--as", help="Whose decisions: a player or character name, or 'all'."),
    think: int = typer.Option(32, "--think", help="Worlds sampled per decision (ANALYSIS-3): more is slower and "
                              "surer; 32 analyses a seat of a 6-player game in under a minute."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the sampled worlds: the same seed gives the "
                                       "same analysis (default: a new one, kept in the analysis file)."),
    json_: bool = typer.Option(False, "--json", help="Print the analysis as JSON."),
    lang: Optional[str] = LANG,
) -> None:
    """Judge every decision of a seat from what it knew then: inaccuracies, mistakes, blunders (ANALYSIS-1..6).
    Writes GAME.analysis.json beside the game, which replay, replay --step and replay --html show."""
    from cli import cmd_analyse

    cmd_analyse.run(game, as_, think, seed, json_)
