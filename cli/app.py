"""The ``lifeboat`` command: a Typer app assembled from one module per command.

Modules are imported when their command runs, so ``lifeboat --help`` starts fast. Exit codes (docs/cli.md):
0 ok, 2 usage, 3 rule violation, 4 journal problem, 5 audit findings.
"""

# No `from __future__ import annotations`: typer reads every command's annotations with typing.get_type_hints
# at each run, and string annotations cost a compile() each (~180 of them).
from pathlib import Path
from typing import Any, Optional

import typer
from typer.core import TyperCommand

from cli.app_lessons import analyse, annotate, replay
from cli.options import AS, GAME, LANG
from cli.usage import LifeboatGroup, Speaking

app = typer.Typer(
    cls=LifeboatGroup,  # the language chosen before parsing; usage errors and help pages in it (cli/usage.py)
    name="lifeboat",
    help="Referee, scribe and replayer for the card game Lifeboat.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click help: rich's help formatter (rich.markdown, markdown_it) doubles start-up
)

def _version(value: bool) -> None:
    """``lifeboat --version``: the installed version (what a bug report names), then exit."""
    if value:
        from importlib.metadata import version

        print(f"lifeboat {version('lifeboat')}")
        raise typer.Exit()


@app.callback()
def _main(ctx: typer.Context, version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                                           help="Print the installed version and exit."),
          lang: Optional[str] = LANG) -> None:  # 'lifeboat --lang zh --help' (a new user's first try) as 'new --lang zh'
    """Referee, scribe and replayer for the card game Lifeboat."""
    # the language of every command was chosen before parsing (LifeboatGroup.make_context: the locale variables,
    # then a --lang among the arguments), English again when the run ends


HOST = typer.Option("127.0.0.1", "--host", help="Address to listen on; 0.0.0.0 lets phones on the same Wi-Fi in.")
PORT = typer.Option(8000, "--port", help="Port to listen on.")
BOT_DELAY = typer.Option(400, "--bot-delay", help="Milliseconds a served game's bot waits before it decides.")
CARDS = typer.Option(None, "--cards", help="Play with this card data file (JSON, the shape of lifeboat/data/cards.json; "
                     "check it with 'lifeboat cards FILE'): the table's own printing. The journal carries a copy.",
                     show_default=False)



@app.command()
def new(
    game: Path = GAME,
    players: str = typer.Option(..., "--players", help="Comma-separated player names, 4 to 6 (7 with --option "
                                "cannibalism=on or liquid_courage=on, 8 with both: SETUP-1)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed the shuffle (reproducible games). A seeded game is predictable: anyone "
                                        "who knows or guesses the seed can predict every card."),
    option: list[str] = typer.Option([], "--option", help="Ruleset option NAME=on|off (repeatable)."),
    serve_: bool = typer.Option(False, "--serve", help="Then serve it: one secret link per seat (docs/serve.md)."),
    bots: Optional[str] = typer.Option(None, "--bots", help="With --serve: players whose seats bots play, NAME or "
                                       "NAME=KIND (random, heuristic, search), comma-separated."),
    host: str = HOST,
    port: int = PORT,
    bot_delay: int = BOT_DELAY,
    cards: Optional[Path] = CARDS,
    qr: bool = typer.Option(True, "--qr/--no-qr", help="With --serve: print a QR code of each seat's link."),
    lang: Optional[str] = LANG,
) -> None:
    """Start a game: shuffle, commit to the deck orders, deal, and write the journal."""
    from cli import cmd_new

    if bots and not serve_:
        from cli.errors import USAGE, fail
        from lifeboat.i18n import _

        raise fail(_("--bots goes with --serve (for 'lifeboat play', use play --bots)"), USAGE)
    from cli import cmd_serve

    kinds = cmd_serve.bot_spec(bots, players) if serve_ else {}
    if serve_:
        cmd_serve.before_new(game, host, port, bot_delay)  # the port and the folder's lock (SERVE-10), before writing
    cmd_new.run(game, players, seed, option, serve=serve_, cards=cards)
    if serve_:
        cmd_serve.new_and_serve(game, kinds, host, port, bot_delay, qr, cards=cards)


@app.command()
def serve(
    dir_: Optional[Path] = typer.Option(None, "--dir", help="The folder of game files to serve (new games go there); "
                                        "default: the current folder.", show_default=False),
    host: str = HOST,
    port: int = PORT,
    new_links: bool = typer.Option(False, "--new-links", help="Give every game new links (the old ones stop working)."),
    bot_delay: int = BOT_DELAY,
    qr: bool = typer.Option(True, "--qr/--no-qr", help="Print a QR code of each seat's link."),
    store: Optional[str] = typer.Option(None, "--store", help="Serve the games of a PostgreSQL store instead of "
                                        "--dir: postgresql://[user@]host[:port]/dbname (several serve processes "
                                        "may share it; docs/postgresql.md)."),
    schema: str = typer.Option("journal", "--schema", help="With --store: the store's schema."),
    workers: int = typer.Option(1, "--workers", help="With --store: serve from this many processes on one port, "
                                "each serving every game (the store and LISTEN/NOTIFY join them)."),
    cards: Optional[Path] = typer.Option(None, "--cards", help="New games started from the page play with this card "
                                         "data file (CARD-3); games already served keep their own.",
                                         show_default=False),
    lang: Optional[str] = LANG,
) -> None:
    """Serve games over HTTP: a page per seat with its own hand, live; spectator and referee links."""
    from cli import cmd_serve

    cmd_serve.check_workers(workers, store)
    if store is not None:
        if dir_ is not None:
            from cli.errors import USAGE, fail
            from lifeboat.i18n import _

            raise fail(_("--dir and --store name two places to serve from; give one (a folder of game files, or a "
                         "PostgreSQL store)"), USAGE)
        cmd_serve.run_store(store, schema, host, port, new_links, bot_delay, qr, cards=cards, workers=workers)
        return
    cmd_serve.run(dir_ if dir_ is not None else Path("."), host, port, new_links, bot_delay, qr, cards=cards)


@app.command()
def links(
    game: Path = GAME,
    seat: Optional[str] = typer.Option(None, "--seat", help="The player whose link is asked for.", show_default=False),
    reissue: Optional[str] = typer.Option(None, "--reissue", help="Give this player's seat a new link (its old link "
                                          "stops at once; the others keep working).", show_default=False),
    host: Optional[str] = typer.Option(None, "--host", help="The address in the new link (default: the running "
                                       "serve's, else 127.0.0.1).", show_default=False),
    port: Optional[int] = typer.Option(None, "--port", help="The port in the new link.", show_default=False),
    qr: bool = typer.Option(True, "--qr/--no-qr", help="Print a QR code of the new link."),
    lang: Optional[str] = LANG,
) -> None:
    """A served game's links: which seats have one, and a new link for one seat (docs/serve.md)."""
    from cli import cmd_serve

    cmd_serve.links(game, seat, reissue, host, port, qr)


@app.command()
def play(
    ctx: typer.Context,
    game: Path = GAME,
    bots: Optional[str] = typer.Option(None, "--bots", help="Seats played by bots: 'all', or comma-separated names, "
                                       "each NAME or NAME=KIND (random, heuristic, search), e.g. Ann=search,Bob=heuristic; 'all=heuristic'."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed the bots' choices (and the shuffle with --players: a seeded game is "
                                        "predictable)."),
    players: Optional[str] = typer.Option(None, "--players", help="Start a new game with these players if GAME does not exist."),
    think: str = typer.Option("200ms", "--think", help="With a search bot among --bots, the search bot's thinking "
                              "time per decision (CPU), e.g. 200ms or 1s."),
    cards: Optional[Path] = typer.Option(None, "--cards", help="With --players (a new game): play with this card "
                                         "data file (CARD-3).", show_default=False),
    option: list[str] = typer.Option([], "--option", help="With --players (a new game): ruleset option "
                                     "NAME=on|off (repeatable), as for 'lifeboat new'."),
    lang: Optional[str] = LANG,
) -> None:
    """Play in the terminal, hotseat, with optional bots. Ctrl-C or EOF leaves a journal that play resumes."""
    from cli import cmd_play
    from cli.common import given

    cmd_play.run(game, bots, seed, players, think if given(ctx, "think") else None, cards=cards, options=option)


app.command()(replay)
app.command()(annotate)
app.command()(analyse)


@app.command()
def show(
    game: Path = GAME,
    as_: str = AS,
    at: Optional[int] = typer.Option(None, "--at", help="The table after this commit number (default: the last)."),
    json_: bool = typer.Option(False, "--json", help="Print the view as JSON."),
    lang: Optional[str] = LANG,
) -> None:
    """Show the table at one moment."""
    from cli import cmd_show

    cmd_show.run(game, as_, at, json_)


@app.command()
def score(
    game: Path = GAME,
    json_: bool = typer.Option(False, "--json", help="Print the scores as JSON."),
    lang: Optional[str] = LANG,
) -> None:
    """The scoring breakdown per player (survival, treasure, love, hate)."""
    from cli import cmd_score

    cmd_score.run(game, json_)


@app.command()
def audit(
    games: list[Path] = typer.Argument(..., metavar="GAME...", help="Journal files to audit (many at once: a tournament).",
                                       show_default=False),
    json_: bool = typer.Option(False, "--json", help="Print the report as JSON (for tools)."),
    parent: Optional[Path] = typer.Option(None, "--parent", help="The parent journal of a fork: check what the "
                                          "fork inherited from it."),
    receipt: list[str] = typer.Option([], "--receipt", help="A receipt token, or a file of receipts, one per "
                                      "line (repeatable)."),
    lang: Optional[str] = LANG,
) -> None:
    """Check journals and report every finding: hash chain, legality, chance against the commitment, scores,
    forks, receipts. Exit 0 clean, 5 findings, 4 unreadable file (docs/disputes.md)."""
    from cli import cmd_audit

    cmd_audit.run(games, json_, parent, receipt)


@app.command()
def fork(
    game: Path = GAME,
    at: int = typer.Option(..., "--at", help="Keep the commits up to this seq (0: before the deal)."),
    output: Path = typer.Option(..., "-o", "--output", help="The new journal (must not exist)."),
    chance: str = typer.Option("keep", "--chance", help="keep: the same committed deck order; reshuffle: shuffle "
                               "the cards nobody has seen, with a new commitment."),
    seed: Optional[int] = typer.Option(None, "--seed", help="With --chance reshuffle, seed the reshuffle (a seeded "
                                        "reshuffle is predictable; the new game id is always random)."),
    lang: Optional[str] = LANG,
) -> None:
    """Branch a game at a commit into a new journal that names its parent ("what if the Captain had rowed")."""
    from cli import cmd_fork

    cmd_fork.run(game, at, output, chance, seed)


@app.command()
def receipt(
    game: Path = GAME,
    as_: str = typer.Option(..., "--as", help="Your seat: a player name or a character."),
    at: Optional[int] = typer.Option(None, "--at", help="The commit (seq) to sign for (default: the last)."),
    lang: Optional[str] = LANG,
) -> None:
    """Print a receipt token for your seat: keep it; a later 'lifeboat audit --receipt' proves the journal was
    not rewritten up to that line and shows what you knew then."""
    from cli import cmd_receipt

    cmd_receipt.run(game, as_, at)


@app.command()
def record(
    game: Path = GAME,
    position: Optional[Path] = typer.Option(None, "--position", help="Start from a position file (TOML or JSON)."),
    players: Optional[str] = typer.Option(None, "--players", help="Comma-separated player names (a new game)."),
    option: list[str] = typer.Option([], "--option", help="Ruleset option NAME=on|off (repeatable)."),
    cards: Optional[Path] = CARDS,
    serve: bool = typer.Option(False, "--serve", help="Record on a phone or tablet: serve the record page (one "
                               "secret link, on the LAN with --host 0.0.0.0) instead of reading lines here."),
    host: str = HOST,
    port: int = PORT,
    qr: bool = typer.Option(True, "--qr/--no-qr", help="With --serve: print a QR code of the page's link."),
    lang: Optional[str] = LANG,
) -> None:
    """Record a real tabletop game, one line of notation per decision (stdin works too), or on a page (--serve)."""
    from cli import cmd_record

    cmd_record.run(game, position, players, option, cards=cards, serve=(host, port, qr) if serve else None)


@app.command()
def repair(game: Path = GAME, lang: Optional[str] = LANG) -> None:
    """Cut a torn last line left by a crash, keeping the cut bytes in a side file."""
    from cli import cmd_repair

    cmd_repair.run(game)


@app.command()
def arena(
    ctx: typer.Context,
    bots: str = typer.Option("random,heuristic", "--bots", help="Bot kinds, comma-separated (random, heuristic, "
                             "search): each plays one seat against a field of every kind listed before it."),
    games: int = typer.Option(20, "--games", help="Games per pairing."),
    seed: int = typer.Option(1, "--seed", help="Seed of the deals (and the bots' choices)."),
    seats: int = typer.Option(4, "--seats", help="Players per game, 4 to 6."),
    think: str = typer.Option("200ms", "--think", help="With search among --bots, the search bot's thinking time per "
                              "decision (CPU), e.g. 200ms."),
    out: Path = typer.Option(Path("arena"), "--out", help="A new directory for the games' journals and results.jsonl."),
    json_: bool = typer.Option(False, "--json", help="Print the strength table as JSON."),
    resume: bool = typer.Option(False, "--resume", help="Finish the run in --out (same --bots, --games, --seed, "
                                "--seats): its games are kept, the missing ones played."),
    jobs: int = typer.Option(1, "--jobs", help="Games played at once, each in a process of its own."),
    lang: Optional[str] = LANG,
) -> None:
    """Seeded, seat-rotated tournaments between bot kinds; every game kept as a journal and audited; the
    strength table (mean score, win rate with a 95% interval, pairwise results)."""
    from cli import cmd_arena
    from cli.common import given

    cmd_arena.run(bots, games, seed, seats, think if given(ctx, "think") else None, out, json_, resume, jobs)


STORE = typer.Option(..., "--store", envvar="LIFEBOAT_STORE", show_default=False,
                     help="The PostgreSQL store: postgresql://[user@]host[:port]/dbname (or $LIFEBOAT_STORE); keep "
                     "the password in ~/.pgpass or $PGPASSWORD.")
SCHEMA = typer.Option("journal", "--schema", help="The store's schema (one store per schema).")


@app.command()
def cards(
    file: Optional[Path] = typer.Argument(None, metavar="[FILE]", help="A card data file (JSON); without it, the bundled card data.",
                                          show_default=False),
    lang: Optional[str] = LANG,
) -> None:
    """Check card data against its own checks and print its hash (CARD-2): what a journal header records."""
    from cli import cmd_cards

    cmd_cards.run(file)


@app.command("import")
def import_(game: Path = GAME, store: str = STORE, schema: str = SCHEMA, lang: Optional[str] = LANG) -> None:
    """Copy a game file into a PostgreSQL store, byte for byte, checking every line (docs/postgresql.md)."""
    from cli import cmd_store

    cmd_store.run_import(game, store, schema)


@app.command()
def export(
    game_id: Optional[str] = typer.Argument(None, metavar="[GAME_ID]", help="The game's id in the store; without it, list the store's "
                                            "game ids.", show_default=False),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="The new JSONL file (must not exist)."),
    store: str = STORE,
    schema: str = SCHEMA,
    lang: Optional[str] = LANG,
) -> None:
    """Write a game of a PostgreSQL store to a new JSONL file, byte for byte the file a game played to a file is."""
    from cli import cmd_store

    cmd_store.run_export(game_id, output, store, schema)


class OnceCommand(Speaking, TyperCommand):
    """A command whose options that take one value are given at most once: click keeps the last silently, so
    ``fork --at 10 --at 12`` forked at 12 and ``replay --as ann --as bob`` showed Bob's view. A usage error
    (exit 2) names the option instead; a repeatable option (``--option``, ``--receipt``) and a flag may repeat.
    Its paths are checked too (:func:`_check_paths`)."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:  # typer's own click
        from lifeboat.i18n import _

        opts, _args, order = self.make_parser(ctx).parse_args(args=list(args))
        seen: set[str] = set()
        for param in order:
            if param.param_type_name != "option" or param.multiple or param.count or param.is_flag:  # type: ignore[attr-defined]  # an Option
                continue
            if param.name in seen:
                ctx.fail(_("{opts} was given twice; give it once").format(opts=max(param.opts, key=len)))
            seen.add(param.name or "")
        _check_paths(self.params, opts)
        return super().parse_args(ctx, args)


OTHER_OUTPUTS = frozenset({"html", "out", "dir_", "parent"})
"""Path parameters whose problems are usage errors (exit 2, as their other refusals: docs/cli.md); a journal, a
new journal (``-o``), a position or card data file is a journal problem (exit 4)."""


def _check_paths(params, opts: dict[str, Any]) -> None:  # typer's own click
    """Refuse, before the command runs, a path parameter given as an empty name (which would be read as ``.``,
    the current folder; exit 2) or holding a name longer than the file system allows (``ENAMETOOLONG``, which
    ``Path.exists`` raises in Python 3.11, so each command met it somewhere else; exit 4, or 2 for the parameters
    of :data:`OTHER_OUTPUTS`): one line naming the parameter or the path (docs/cli.md)."""
    import errno
    import os

    from typer.models import TyperPath

    for param in params:
        if not isinstance(param.type, TyperPath) or opts.get(param.name) is None:
            continue
        raw = opts[param.name]
        option = param.param_type_name == "option"
        name = max(param.opts, key=len) if option else (param.name or "").upper()
        for value in raw if isinstance(raw, (list, tuple)) else (raw,):
            why, code = None, 2
            if value == "":
                from lifeboat.i18n import _

                why = _("{name}: an empty file name (''); name a file, e.g. game.jsonl").format(name=name)
            else:
                try:
                    os.stat(value)
                except OSError as exc:
                    if exc.errno == errno.ENAMETOOLONG:
                        from lifeboat.i18n import _
                        from lifeboat.service.errors import too_long

                        why = _("{path}: {why}; choose a shorter name (nothing was read or written)").format(
                            path=f"{name} {value}" if option else value, why=too_long(value))
                        code = 2 if param.name in OTHER_OUTPUTS else 4
            if why is not None:
                from cli.errors import fail

                raise fail(why, code)


for _info in app.registered_commands:
    _info.cls = OnceCommand


def main() -> None:
    """Entry point of the ``lifeboat`` executable.

    An unexpected error (a bug, not a user mistake) is reported in one line with exit code 1; set
    ``LIFEBOAT_DEBUG=1`` to see the traceback. A pipe its reader closed (``… | head``) ends the process by SIGPIPE,
    silently, as it ends ``git log`` (:func:`cli.terminal.end_on_closed_pipe`).
    """
    import gc
    import os
    import sys

    from cli.terminal import PIPE_CLOSED, end_on_closed_pipe, output_failed, pipe_closed, quiet_stdout, tolerant_streams

    tolerant_streams()  # a name the terminal's encoding cannot show is escaped, never a crash
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # a full disk is found here, not at the interpreter's exit
    except SystemExit:
        if pipe_closed():  # click, typer or rich caught the closed pipe and exit 1: not the user's error, nor ours
            quiet_stdout()
            end_on_closed_pipe()
        raise
    except Exception as exc:  # noqa: BLE001 - last line of defence: no traceback for the user
        code = output_failed(exc)  # stdout itself cannot be written (a full disk, a closed pipe)
        if code == PIPE_CLOSED:
            end_on_closed_pipe()
        if code is not None:
            sys.exit(code)
        if os.environ.get("LIFEBOAT_DEBUG"):
            raise
        from lifeboat.i18n import _

        sys.stderr.write(_("lifeboat: internal error ({error}); this is a bug, please report it with the command you "
                           "ran (LIFEBOAT_DEBUG=1 shows the details)").format(error=type(exc).__name__) + "\n")
        sys.exit(1)
    finally:
        # The process ends here: the interpreter's last collections need not walk every object the command made
        # (about a fifth of a replay's CPU time); nothing is kept alive for long, what is left is freed at exit.
        gc.freeze()


if __name__ == "__main__":  # pragma: no cover
    main()
