"""``lifeboat play``: hotseat play in the terminal, with optional bots.

Before each human seat's decision the screen is cleared and the next player confirms they are at the keyboard;
they then see only their own view and a numbered list of their legal moves. Bots (``--bots Ann=search,Bob``: a kind
per seat, ``random`` by default) get only their own seat's view and log (docs/bots.md). Every decision is appended
to the journal at once, so Ctrl-C or EOF loses nothing and ``play`` resumes (the screen is cleared first when a
seat's hand may be on it, and the resume hint keeps ``--bots``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from cli.errors import USAGE, fail, user_errors


def _ask(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


def run(game: Path, bots: str | None, seed: int | None, players: str | None, think: str = "200ms") -> None:
    from cli import render
    from cli.cmd_arena import parse_think
    from cli.common import console
    from service import RuleViolation, Table, ask, bot_kinds, deck_path, make_bot, parse_players
    from service.clock import rng as make_rng

    out = console()
    with user_errors():
        if not game.exists() and players:
            table = Table.deal_new(game, parse_players(players), seed=seed)
            if seed is not None:
                out.print(render.seeded(seed), markup=False)
        else:
            if players:
                raise fail(f"{game}: already exists; --players only starts a new game", USAGE)
            table = Table.open(game)
        if not table.state.over and not table.digital:
            raise fail(f"{game}: this game's chance is recorded by hand; use 'lifeboat record'", USAGE)
        if not table.state.over and table.orders is None:
            raise fail(f"{game}: its deck file {deck_path(game)} is missing; the committed deck order is needed to "
                       "deal (restore the file; 'lifeboat audit' checks the game so far)", 4)
        rng = make_rng(seed)
        think_ms = parse_think(think)
        last_human: str | None = None
        seats: dict | None = None
        try:
            while True:
                table.deal()
                state = table.state
                if state.over:
                    break
                if seats is None:  # the seats exist once the characters are dealt
                    seats = {seat: make_bot(kind, think_ms) for seat, kind in bot_kinds(state, bots).items()}
                who = table.waiting_for()
                if not who:
                    raise fail("the game waits for chance but has no dealer", 4)
                me = who[0]
                view = table.views.seat_view(me)  # a seat, bot or human, gets only its own view
                if me in seats:
                    cmd = ask(seats[me], table.views, me, rng)
                    if len(seats) < len(state.characters):
                        out.print(render.command_line(me, cmd), markup=False)
                else:
                    if me != last_human:
                        render.clear(out)
                        _ask(f"Pass the keyboard to {view.player} ({render.who(me)}) and press Enter. ")
                        last_human = me
                    out.print(render.table(view))
                    out.print(render.memory(view))
                    cmd = _choose(out, view.legal, state, me)
                try:
                    table.decide(cmd)
                except RuleViolation as exc:  # a typed line the rules refuse: nothing was written, ask again
                    out.print(f"Refused [{exc.rule}] {exc.message}", markup=False)
        except (EOFError, KeyboardInterrupt):
            if last_human is not None:  # a seat's hand, LOVE and HATE may be on the screen: clear it first
                render.clear(out)
            out.print(f"\nSaved. Resume with: {resume_command(game, bots)}", markup=False)
            return
        render.final(out, table.views.public_view())


def resume_command(game: Path, bots: str | None) -> str:
    """The command that resumes ``game`` as it was played: the same ``--bots`` (without it, bot seats would come
    back as human seats), shell-quoted."""
    import shlex

    words = ["lifeboat", "play", str(game)] + (["--bots", bots] if bots else [])
    return " ".join(shlex.quote(w) for w in words)


def _choose(out, legal, state, me):  # type: ignore[no-untyped-def]
    """A number from the list, or any line of notation for ``me`` (docs/notation.md): a trade of several cards,
    an ask, anything the list abbreviates."""
    from cli.describe import command
    from lifeboat.notation import parse
    from service import RuleViolation

    for i, cmd in enumerate(legal, 1):
        out.print(f"  {i:>2}. {command(cmd)}", markup=False)
    while True:
        answer = _ask(f"Your choice (1-{len(legal)}, or a line of notation, e.g. 'reveal knife'): ")
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        if answer and not answer.isdigit():
            try:
                head, sep, _ = answer.replace("：", ":").partition(":")
                if sep and getattr(parse(f"{head}: pass", state), "by", None) != me:
                    # checked before the rest is read: reading another seat's line would look in their hand
                    out.print("Type a decision of your own character.", markup=False)
                    continue
                cmd = parse(answer, state, me)
            except RuleViolation as exc:
                out.print(f"[{exc.rule}] {exc.message}", markup=False)
                continue
            if getattr(cmd, "by", None) == me:
                return cmd
            out.print("Type a decision of your own character.", markup=False)
            continue
        out.print(f"Type a number from 1 to {len(legal)}, or a line of notation.", markup=False)
