"""Replay throughput: Lifeboat's strict replay against python-chess reading PGN, and a bare JSON-decoding floor.

One run builds two corpora in a temp dir and times three readers over the same number of moves, side by side:

* lifeboat:     ``JsonlJournal.open`` + :func:`lifeboat.service.game.replay` over every journal of a corpus of seeded bot
                games (what ``lifeboat replay`` does before printing): the hash chain is checked, every command
                is decided again by the rules engine and its events compared with the recorded ones;
* python-chess: ``chess.pgn.read_game`` over a PGN file of seeded random legal games holding exactly as many
                plies as the Lifeboat corpus has commits: every SAN move is parsed against the board (legal-move
                generation), then the mainline is pushed onto a fresh board and counted; a game with a parse
                error (``game.errors``) aborts the run, so no move is silently skipped;
* floor:        the same journal files read line by line and decoded with ``msgspec.json.decode``, no checks.

Rates are commits (plies) per second. The readers take turns in rounds and the best round of each is kept.
Two context lines follow: the journal layer alone (open + ``commits()``, chain checked, no engine), and
python-chess parsing without the extra push. This is a benchmark, not a test. It needs
``pip install -e '.[bench]'`` (for python-chess). Run:

    .venv/bin/python bench/replay.py [--games 40] [--rounds 7] [--seed 1] [--dir PATH] [--keep]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

import journal
from lifeboat.service.live.bots import random_bot
from lifeboat.service import Table, deck_path, replay
from lifeboat import legal_commands, waiting_for

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
MAX_PLIES = 400  # a random chess game is cut here if it has not ended (it usually ends by the 75-move rule)


# ------------------------------------------------------------------------------------------ corpora

def play_bot_game(path: Path, players: int, seed: int) -> int:
    """Play one all-bots game and save it as a journal at ``path``; return its number of commits.

    The loop of ``lifeboat play --bots all`` (each bot chooses among its own seat's legal commands, with a
    ``random.Random(seed)``). The game is set up by :meth:`lifeboat.service.Table.deal_new` (in a scratch file) and played
    into a :class:`journal.MemoryJournal` that is then saved: the file holds the same lines (but for the times) as
    one played move by move, written with one fsync instead of one per commit, so building the corpus does not
    wait on the disk.
    """
    setup = path.with_name(path.name + ".setup")
    dealt = Table.deal_new(setup, NAMES[:players], seed=seed)
    m = journal.MemoryJournal(dealt.header)
    for c in dealt.journal.commits():
        m.append(c.seq, c.actor, c.command, c.events, at_ms=c.at_ms)
    dealt.close()
    table = Table.of_journal(m, dealt.orders)
    setup.unlink()
    deck_path(setup).unlink()
    rng = random.Random(seed)
    while True:
        table.deal(detail=False)
        if table.state.over:
            break
        me = waiting_for(table.state)[0]
        table.decide(random_bot(me, legal_commands(table.state, me), rng), detail=False)
    m.save(path).close()
    return m.last_seq


def lifeboat_corpus(directory: Path, games: int, seed: int) -> tuple[list[Path], list[int]]:
    """``games`` bot games of 4, 5 and 6 players in turn, seeds ``seed``, ``seed + 1``...; returns their paths and
    their numbers of commits."""
    paths, lengths = [], []
    for i in range(games):
        path = directory / f"game-{i:03d}.jsonl"
        lengths.append(play_bot_game(path, 4 + i % 3, seed + i))
        paths.append(path)
    return paths, lengths


def chess_corpus(path: Path, plies: int, seed: int) -> int:
    """Write seeded random legal games to a PGN file at ``path`` until they hold exactly ``plies`` plies (the
    last game is cut short); return the number of games."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    left, games = plies, 0
    with open(path, "w", encoding="utf-8") as out:
        while left > 0:
            board = chess.Board()
            while left > 0 and len(board.move_stack) < MAX_PLIES and not board.is_game_over():
                board.push(rng.choice(list(board.legal_moves)))
                left -= 1
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"random game {games + 1}"
            if not board.is_game_over():
                game.headers["Result"] = "*"
            print(game, file=out, end="\n\n")
            games += 1
    return games


# ------------------------------------------------------------------------------------------ readers

def read_lifeboat(paths: list[Path]) -> int:
    n = 0
    for path in paths:
        with journal.JsonlJournal.open(path) as j:
            for _ in replay(j, str(path)):
                n += 1
    return n


def read_journal_only(paths: list[Path]) -> int:
    n = 0
    for path in paths:
        with journal.JsonlJournal.open(path) as j:
            for _ in j.commits():
                n += 1
    return n


def read_floor(paths: list[Path]) -> int:
    decode = msgspec.json.decode
    n = 0
    for path in paths:
        with open(path, "rb") as stream:
            decode(next(stream))  # the header
            for line in stream:
                decode(line)
                n += 1
    return n


def read_pgn(path: Path, push: bool = True) -> int:
    import chess.pgn

    n = 0
    with open(path, encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            if game.errors:
                raise SystemExit(f"{path}: python-chess could not read {game.headers['Event']}: {game.errors[0]}")
            if push:
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    n += 1
            else:
                n += sum(1 for _ in game.mainline_moves())
    return n


# ------------------------------------------------------------------------------------------ main

def best_rates(readers: dict[str, Callable[[], int]], rounds: int,
               expected: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Run each reader once per round, in turn; return the per-round rates (moves per second) of each, by wall
    time and by this process's CPU time (which other programs on a loaded machine disturb far less)."""
    rates: dict[str, list[float]] = {name: [] for name in readers}
    cpu: dict[str, list[float]] = {name: [] for name in readers}
    for name, read in readers.items():  # warm up: imports, caches, the page cache
        if (got := read()) != expected:
            raise SystemExit(f"{name} read {got} moves, expected {expected}")
    for _ in range(rounds):
        for name, read in readers.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            read()
            cpu[name].append(expected / (time.process_time() - start_cpu))
            rates[name].append(expected / (time.perf_counter() - start))
    return rates, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="Lifeboat bot games in the corpus (default 40)")
    parser.add_argument("--rounds", type=int, default=7, help="timed turns of each reader; best kept (default 7)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed; the chess RNG seed (default 1)")
    parser.add_argument("--dir", type=Path, default=None, help="where to build the corpora (default: a temp dir)")
    parser.add_argument("--keep", action="store_true", help="keep the corpora (the path is printed)")
    args = parser.parse_args()
    if args.dir is not None and not args.dir.is_dir():  # a mistyped folder: one line, not mkdtemp's traceback
        what = ("is a file, not a folder; name a folder" if args.dir.exists()
                else f"no such folder; create it (mkdir {args.dir})")
        print(f"bench/replay.py: --dir {args.dir}: {what} or leave --dir out (a temp dir)", file=sys.stderr)
        sys.exit(2)
    try:
        import chess
        import chess.pgn  # noqa: F401
    except ImportError:
        sys.exit("bench/replay.py needs python-chess: .venv/bin/pip install -e '.[bench]'")

    directory = Path(tempfile.mkdtemp(prefix="bench-replay-", dir=args.dir))
    try:
        start = time.perf_counter()
        paths, lengths = lifeboat_corpus(directory, args.games, args.seed)
        commits = sum(lengths)
        pgn = directory / "random.pgn"
        chess_games = chess_corpus(pgn, commits, args.seed)
        built = time.perf_counter() - start
        journal_bytes = sum(p.stat().st_size for p in paths)
        pgn_bytes = pgn.stat().st_size

        main_readers = {
            "lifeboat": lambda: read_lifeboat(paths),
            "python-chess": lambda: read_pgn(pgn),
            "floor": lambda: read_floor(paths),
            "journal only": lambda: read_journal_only(paths),
            "chess parse only": lambda: read_pgn(pgn, push=False),
        }
        rates, cpu = best_rates(main_readers, args.rounds, commits)
    finally:
        if args.keep:
            print(f"corpora kept in {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)

    best = {name: max(r) for name, r in rates.items()}
    print(f"replay throughput, best of {args.rounds} alternating rounds "
          f"({platform.system()} {platform.release()}, {platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}, python-chess {chess.__version__}, msgspec {msgspec.__version__})")
    print(f"  corpus: {args.games} Lifeboat bot games (4-6 players, seeds {args.seed}..{args.seed + args.games - 1}), "
          f"{commits} commits, {journal_bytes / 1e6:.1f} MB, {min(lengths)}-{max(lengths)} commits a game; "
          f"{chess_games} random chess games, {commits} plies, {pgn_bytes / 1e6:.1f} MB of PGN; "
          f"built in {built:.1f} s")
    for name, label in (("lifeboat", "lifeboat replay (open + strict re-validation)"),
                        ("python-chess", "python-chess read_game + push (SAN checked)"),
                        ("floor", "floor: msgspec.json.decode per line")):
        print(f"  {label:48s} {best[name]:10.0f} moves/s   (rounds: {min(rates[name]):.0f} to {max(rates[name]):.0f})")
    print(f"  ratio lifeboat / python-chess: {best['lifeboat'] / best['python-chess']:.3f}")
    print(f"  ratio lifeboat / floor:        {best['lifeboat'] / best['floor']:.4f} "
          f"(the floor is {best['floor'] / best['lifeboat']:.0f}x faster)")
    print("  context:")
    best_cpu = {name: max(r) for name, r in cpu.items()}
    print(f"    by CPU time (best round), less disturbed by other programs: lifeboat / python-chess "
          f"{best_cpu['lifeboat'] / best_cpu['python-chess']:.3f}, lifeboat / floor "
          f"1/{best_cpu['floor'] / best_cpu['lifeboat']:.0f}")
    print(f"    journal layer only (open + commits(), chain checked, no engine): {best['journal only']:.0f} commits/s")
    print(f"    python-chess read_game only (no second push):                    "
          f"{best['chess parse only']:.0f} plies/s")


if __name__ == "__main__":
    main()
