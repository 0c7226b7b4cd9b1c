"""``lifeboat play``: hotseat play in the terminal, with optional bots.

Before each human seat's decision the screen is cleared and the next player confirms they are at the keyboard;
they then see only their own view and a numbered list of their legal moves. Bots get only their own seat's legal
moves. Every decision is appended to the journal at once, so Ctrl-C or EOF loses nothing and ``play`` resumes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from cli.errors import USAGE, fail, user_errors


def _bot_seats(state, bots: str | None) -> set[str]:  # type: ignore[no-untyped-def]
    from cli.common import resolve_viewer

    if not bots:
        return set()
    if bots.strip().lower() == "all":
        return {ch.character for ch in state.characters}
    seats = set()
    for name in bots.split(","):
        who = resolve_viewer(state, name, option="--bots")
        if who in ("public", "referee"):
            raise fail(f"--bots: {name!r} is not a seat", USAGE)
        seats.add(who)
    return seats


def _ask(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


def run(game: Path, bots: str | None, seed: int | None, players: str | None) -> None:
    from cli import render
    from cli.bots import random_bot
    from cli.cmd_new import parse_players
    from cli.common import console, open_game
    from cli.session import active_events, advance_chance, append, create_game, deck_path, initial_state, load_orders
    from lifeboat import waiting_for
    from lifeboat.errors import RuleViolation
    from lifeboat.views import Observer

    out = console()
    with user_errors():
        if not game.exists() and players:
            j, _, orders = create_game(game, parse_players(players), seed=seed)
        else:
            if players:
                raise fail(f"{game}: already exists; --players only starts a new game", USAGE)
            j = open_game(game)
            orders = load_orders(game, j.header.deck_commitment)
        obs = Observer(initial_state(j.header, str(game)))
        obs.record(active_events(j, str(game)))
        state = obs.state
        if not state.over and j.header.deck_commitment is None:
            raise fail(f"{game}: this game's chance is recorded by hand; use 'lifeboat record'", USAGE)
        if not state.over and orders is None:
            raise fail(f"{game}: its deck file {deck_path(game)} is missing; the committed deck order is needed to "
                       "deal (restore the file; 'lifeboat audit' checks the game so far)", 4)
        rng = random.Random(seed)
        last_human: str | None = None
        bot_seats: set[str] | None = None
        try:
            while True:
                if orders is not None:
                    state, new = advance_chance(j, state, orders)
                    obs.record(new)
                if state.over:
                    break
                if bot_seats is None:  # the seats exist once the characters are dealt
                    bot_seats = _bot_seats(state, bots)
                who = waiting_for(state)
                if not who:
                    raise fail("the game waits for chance but has no dealer", 4)
                me = who[0]
                view = obs.seat_view(me)  # a seat, bot or human, gets only its own view
                if me in bot_seats:
                    cmd = random_bot(me, view.legal, rng)
                    if len(bot_seats) < len(state.characters):
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
                    state, new = append(j, state, cmd)
                except RuleViolation as exc:  # a typed line the rules refuse: nothing was written, ask again
                    out.print(f"Refused [{exc.rule}] {exc.message}", markup=False)
                    continue
                obs.record(new)
        except (EOFError, KeyboardInterrupt):
            out.print(f"\nSaved. Resume with: lifeboat play {game}", markup=False)
            return
        render.final(out, obs.public_view())


def _choose(out, legal, state, me):  # type: ignore[no-untyped-def]
    """A number from the list, or any line of notation for ``me`` (docs/notation.md): a trade of several cards,
    an ask, anything the list abbreviates."""
    from cli.describe import command
    from lifeboat.errors import RuleViolation
    from lifeboat.notation import parse

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
