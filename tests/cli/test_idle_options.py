"""An option that would do nothing in the combination given is refused, not silently ignored (docs/cli.md: exit 2,
one line naming the option it needs), through the installed ``lifeboat`` executable: ``fork --seed`` with the
default ``--chance keep`` (nothing is shuffled), ``replay --bot`` / ``--think`` without ``--step`` (no bot is
asked), ``replay --step --think`` with a bot other than search (only the search bot thinks for a set time),
``arena --think`` with no search among ``--bots``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run


def test_fork_refuses_a_seed_with_keep_and_writes_nothing(game: Path, tmp_path: Path) -> None:
    child = tmp_path / "f.jsonl"
    done = run("fork", game, "--at", 50, "-o", child, "--seed", 3)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("lifeboat: --seed needs --chance reshuffle: --chance keep deals the parent's committed "
                           "deck order, which no seed changes (nothing was written)\n")
    assert not child.exists() and not child.with_name("f.jsonl.deck.json").exists()
    same = run("fork", game, "--at", 50, "-o", child, "--chance", "keep", "--seed", 3)  # keep named: the same
    assert same.returncode == 2 and "--seed needs --chance reshuffle" in same.stderr
    assert run("fork", game, "--at", 50, "-o", child).returncode == 0
    seeded = run("fork", game, "--at", 50, "-o", tmp_path / "r.jsonl", "--chance", "reshuffle", "--seed", 3)
    assert seeded.returncode == 0, seeded.stderr


@pytest.mark.parametrize("args, message", [
    (["--bot", "search"], "--bot needs --step: it is for the bot 'w' asks while stepping"),
    (["--think", "1s"], "--think needs --step --bot search: it is for the bot 'w' asks while stepping"),
    (["--bot", "search", "--think", "1s"], "--bot needs --step: it is for the bot 'w' asks while stepping"),
    (["--json", "--bot", "random"], "--bot needs --step: it is for the bot 'w' asks while stepping"),
    (["--step", "--think", "1s"], "--think needs --bot search: it is the search bot's thinking time ('w' asks the "
                                  "heuristic bot, which does not think for a set time)"),
    (["--step", "--bot", "random", "--think", "1s"], "--think needs --bot search: it is the search bot's thinking "
                                                     "time ('w' asks the random bot, which does not think for a set "
                                                     "time)"),
    (["--html", "PAGE", "--bot", "search"], "--bot needs --step: it is for the bot 'w' asks while stepping; --html "
                                            "writes a page (no stepping): leave it out"),
])
def test_replay_refuses_a_bot_option_that_would_do_nothing(game: Path, tmp_path: Path, args: list[str],
                                                           message: str) -> None:
    page = tmp_path / "p.html"
    done = run("replay", game, *[page if a == "PAGE" else a for a in args])
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"lifeboat: {message}\n")
    assert not page.exists()


def test_replay_takes_the_bot_options_where_they_count(game: Path) -> None:
    keys = "".join(f"{seq}\nw\n" for seq in range(1, 40, 3)) + "q\n"
    asked = run("replay", game, "--as", "Ann", "--step", "--bot", "search", "--think", "5ms", stdin=keys)
    assert asked.returncode == 0, asked.stderr
    assert "> The search bot, as " in asked.stdout  # at some step Ann's seat is to move
    assert run("replay", game, "--step", "--bot", "random", stdin="q\n").returncode == 0
    assert run("replay", game).returncode == 0  # the defaults alone are not "given"


def test_arena_refuses_think_without_a_search_bot(tmp_path: Path) -> None:
    """``arena --think`` is the search bot's time: with no search among ``--bots`` it did nothing, silently."""
    out = tmp_path / "run"
    done = run("arena", "--bots", "random,heuristic", "--think", "1s", "--games", "1", "--out", out)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", (
        "lifeboat: --think needs search among --bots: it is the search bot's thinking time, and --bots "
        "random,heuristic has no search bot\n"))
    assert not out.exists()
    bad_kind = run("arena", "--bots", "random,clever", "--think", "1s", "--out", out)  # the kind is named first
    assert bad_kind.returncode == 2 and "unknown bot kind 'clever'" in bad_kind.stderr


def test_play_refuses_think_without_a_search_bot(tmp_path: Path) -> None:
    """``play --think`` is the search bot's time: with no search bot among ``--bots`` it did nothing, silently."""
    new = tmp_path / "n.jsonl"
    done = run("play", new, "--players", "Ann,Bob,Cy,Dee", "--bots", "Ann,Bob=heuristic", "--think", "5s")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", (
        "lifeboat: --think needs a search bot among --bots: it is the search bot's thinking time, and --bots "
        "Ann,Bob=heuristic has no search bot\n"))
    assert list(tmp_path.iterdir()) == []  # refused before the new game is written
    game = tmp_path / "g.jsonl"
    assert run("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", 4).returncode == 0
    before = game.read_bytes()
    alone = run("play", game, "--think", "5s", stdin="")
    assert (alone.returncode, alone.stdout, alone.stderr) == (2, "", (
        "lifeboat: --think needs a search bot among --bots: it is the search bot's thinking time, and no --bots "
        "was given\n"))
    every = run("play", game, "--bots", "all=heuristic", "--think", "5s")
    assert every.returncode == 2 and "--bots all=heuristic has no search bot" in every.stderr, every.stderr
    assert game.read_bytes() == before  # nothing was played
    bad_seat = run("play", game, "--bots", "Zed", "--think", "5s")  # the seat is named first
    assert bad_seat.returncode == 2 and "unknown seat 'Zed' for --bots" in bad_seat.stderr, bad_seat.stderr
    searched = run("play", game, "--bots", "all=heuristic,Ann=search", "--think", "2ms", "--seed", 4)
    assert searched.returncode == 0, searched.stderr
    assert run("play", new, "--players", "Ann,Bob,Cy,Dee", "--bots", "all", "--seed", 4).returncode == 0
