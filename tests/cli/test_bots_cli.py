"""lifeboat arena, play --bots NAME=KIND and replay --step's "what would a bot do here", end to end."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app
from tests import helpers
from tests.helpers import EXE

runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_arena_plays_audits_and_tables(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    done = subprocess.run([EXE, "arena", "--bots", "random,heuristic,search", "--games", "2", "--seed", "3",
                           "--think", "2ms", "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Per bot kind" in done.stdout and "Pairwise" in done.stdout
    assert "6 games in" in done.stdout and "every game audited: all clean" in done.stdout
    results = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert [(r["pairing"], r["game"]) for r in results] == [
        ("heuristic-vs-random", 0), ("heuristic-vs-random", 1), ("search-vs-random", 0), ("search-vs-random", 1),
        ("search-vs-heuristic", 0), ("search-vs-heuristic", 1)]
    assert [r["kinds"]["Ann"] for r in results] == ["heuristic", "random", "search", "random", "search", "heuristic"]
    assert all(r["clean"] and r["findings"] == 0 for r in results)
    audit = subprocess.run([EXE, "audit", str(out / results[4]["file"])], capture_output=True, text=True)
    assert audit.returncode == 0, audit.stdout
    replay = subprocess.run([EXE, "replay", str(out / results[4]["file"])], capture_output=True, text=True)
    assert replay.returncode == 0
    again = subprocess.run([EXE, "arena", "--bots", "random,heuristic", "--games", "1", "--out", str(out)],
                           capture_output=True, text=True)
    assert again.returncode == 2 and "already holds an arena" in again.stderr and "Traceback" not in again.stderr


def test_arena_json_and_bad_options(tmp_path: Path) -> None:
    result = run("arena", "--bots", "random,heuristic", "--games", "1", "--seed", "5", "--out",
                 str(tmp_path / "a"), "--json")
    assert result.exit_code == 0, result.output
    table = json.loads(result.output)
    assert [x["who"] for x in table["pairwise"]] == ["heuristic"] and table["unclean"] == []
    assert table["pairwise"][0]["games"] == 1 and table["pairwise"][0]["equal_share"] == 0.25
    for args, message in (
        (["--bots", "random"], "name two or more different bot kinds"),
        (["--bots", "random,clever"], "unknown bot kind 'clever'"),
        (["--games", "0"], "at least 1 game per pairing"),
        (["--seats", "7"], "4 to 6 players"),
        (["--think", "fast"], "expected a time like 200ms or 1s"),
        (["--think", "infs"], "--think: expected a time like 200ms or 1s, got 'infs'"),  # was an OverflowError
        (["--think", "1e400s"], "--think: expected a time like 200ms or 1s, got '1e400s'"),
        (["--out", str(tmp_path / "file")], "is a file; name a new directory for the arena's games"),
        (["--out", str(tmp_path / "file" / "sub")], "is a file, not a folder; choose another folder"),
    ):
        (tmp_path / "file").write_text("not a directory")
        bad = run("arena", *args) if "--out" in args else run("arena", *args, "--out", str(tmp_path / "b"))
        assert bad.exit_code == 2, (args, bad.output)
        assert message in bad.output


def test_play_with_a_kind_per_seat(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert run("new", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "4").exit_code == 0
    result = run("play", str(game), "--bots", "Ann=search,Bob=heuristic,Cy=random,Dee", "--seed", "4",
                 "--think", "2ms")
    assert result.exit_code == 0, result.output
    assert run("audit", str(game)).exit_code == 0
    bad = run("play", str(tmp_path / "h.jsonl"), "--players", "Ann,Bob,Cy,Dee", "--bots", "Ann=genius")
    assert bad.exit_code == 2 and "unknown bot kind 'genius'; expected one of random, heuristic, search" in bad.output
    assert not (tmp_path / "h.jsonl").exists()
    # an unknown name is refused before a new game is written, and a finished game checks --bots too (it once
    # printed the final table and exited 0)
    bad = run("play", str(tmp_path / "h.jsonl"), "--players", "Ann,Bob,Cy,Dee", "--bots", "Zed")
    assert bad.exit_code == 2 and "--bots: 'Zed' is not a player of the new game" in bad.output, bad.output
    assert not (tmp_path / "h.jsonl").exists()
    # a player named twice with two kinds too (docs/cli.md: refused before anything is written; it wrote the game
    # and its deck file, then refused, so the same command said "already exists" the next time)
    bad = run("play", str(tmp_path / "h.jsonl"), "--players", "Ann,Bob,Cy,Dee", "--bots", "Ann=random,ann=search")
    assert (bad.exit_code, bad.output) == (2, "lifeboat: --bots: 'ann' is named twice, as random and as search; "
                                              "name each player once\n")
    assert list(tmp_path.glob("h.jsonl*")) == []
    for spec, message in (("all=genius", "unknown bot kind 'genius'"), ("Zed", "unknown seat 'Zed' for --bots")):
        bad = run("play", str(game), "--bots", spec)
        assert bad.exit_code == 2 and message in bad.output, (spec, bad.output)
    # a --think under 1 ms is refused before a new game is written too (it once wrote the game, then refused, so
    # the same command said "already exists" the next time)
    for think in ("0ms", "0.0001s", "-5ms"):
        bad = run("play", str(tmp_path / "h.jsonl"), "--players", "Ann,Bob,Cy,Dee", "--bots", "all", "--think", think)
        assert bad.exit_code == 2 and "--think: at least 1ms, got " in bad.output, (think, bad.output)
        assert not (tmp_path / "h.jsonl").exists()


def test_replay_step_asks_a_bot_for_the_perspectives_seat(tmp_path: Path) -> None:
    """'w' answers for the decision the step shows (asked just before it), not for the seat's next one; at a step
    that is not the seat's decision it says so and names the next."""
    from lifeboat.service import replay_book

    game = tmp_path / "g.jsonl"
    assert run("new", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "4").exit_code == 0
    assert run("play", str(game), "--bots", "all", "--seed", "4").exit_code == 0
    book = replay_book(game, "Ann")  # Ann plays Frenchy
    mine = next(s for s in book.steps if s.decider == "frenchy" and s.alternatives and len(s.alternatives) > 1)
    out = run("replay", str(game), "--as", "Ann", "--step", input=f"w\n{mine.seq}\nw\nq\n")
    assert out.exit_code == 0, out.output
    first = next(s for s in book.steps if s.decider == "frenchy")
    assert (f"> This step (1) is not a decision of Frenchy: w answers at Frenchy's own decisions; the next is at "
            f"commit {first.first} (type {first.first}, then w).") in out.output
    said = [x for x in out.output.splitlines() if "The heuristic bot, as Frenchy knowing only what it knew then" in x]
    assert len(said) == 1
    assert said[0].split(", would: ", 1)[1] in [a.text for a in mine.alternatives]
    public = run("replay", str(game), "--step", input="w\nq\n")
    assert "a bot plays one seat: replay --as a player or character" in public.output


def test_arena_resume_and_jobs_play_the_same_games(tmp_path: Path) -> None:
    """An arena cut off after two games (a torn results line and a half-played journal left behind) is finished
    by --resume, in two processes (--jobs 2): the same games, with the same seeds and lineups, as one uninterrupted
    run; the two finished games are kept byte for byte; the cut-off journal is kept aside, never overwritten."""
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    args = ["arena", "--bots", "random,heuristic", "--games", "4", "--seed", "9"]
    assert subprocess.run([EXE, *args, "--out", str(whole)], capture_output=True).returncode == 0
    lines = (whole / "results.jsonl").read_text().splitlines()
    cut.mkdir()
    (cut / "results.jsonl").write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])
    pairing = cut / "heuristic-vs-random"
    pairing.mkdir()
    for g in (0, 1):
        for suffix in (".jsonl", ".jsonl.deck.json"):
            name = f"game-{g:04d}{suffix}"
            (pairing / name).write_bytes((whole / "heuristic-vs-random" / name).read_bytes())
    half = (whole / "heuristic-vs-random" / "game-0002.jsonl").read_text().splitlines(keepends=True)[:9]
    (pairing / "game-0002.jsonl").write_text("".join(half))
    done = subprocess.run([EXE, *args, "--out", str(cut), "--resume", "--jobs", "2"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "4 games in" in done.stdout and "all clean" in done.stdout
    key = lambda r: (r["pairing"], r["game"])  # noqa: E731
    # the same games: a card drawn from a hand follows the game's fresh salt, so the play itself may differ
    strip = lambda r: (r["pairing"], r["game"], r["file"], r["seed"], r["kinds"], r["clean"])  # noqa: E731
    resumed = sorted((json.loads(x) for x in (cut / "results.jsonl").read_text().splitlines()), key=key)
    assert [strip(r) for r in resumed] == [strip(json.loads(x)) for x in lines]
    assert (pairing / "game-0002.jsonl.cut-off").read_text() == "".join(half)
    for g in (0, 1):
        name = f"game-{g:04d}.jsonl"
        assert (pairing / name).read_bytes() == (whole / "heuristic-vs-random" / name).read_bytes()
    assert resumed[:2] == [json.loads(x) for x in lines[:2]]
    other = subprocess.run([EXE, "arena", "--bots", "random,heuristic", "--games", "4", "--seed", "10", "--out",
                            str(cut), "--resume"], capture_output=True, text=True)
    assert other.returncode == 2 and "Traceback" not in other.stderr
    # the resumed run now keeps its options (arena.json): the refusal names them
    assert (f"the run in {cut} was made with --bots random,heuristic --games 4 --seed 9 --seats 4; give the same "
            "values to finish it (you gave --bots random,heuristic --games 4 --seed 10 --seats 4)") in other.stderr


def test_arena_verdict_says_the_interval_crosses_the_equal_share(tmp_path: Path) -> None:
    """One game cannot tell: the verdict said 'not clear 1/4'; it says the 95% interval crosses the equal share."""
    done = helpers.run("arena", "--bots", "random,heuristic", "--games", "1", "--out", tmp_path / "a")
    assert done.returncode == 0, done.stderr
    assert "│ CI crosses 1/4 │" in done.stdout and "not clear" not in done.stdout  # fits 80 columns
    table = json.loads(helpers.run("arena", "--bots", "random,heuristic", "--games", "1", "--out", tmp_path / "b",
                                   "--json").stdout)
    assert table["pairwise"][0]["verdict"] == "CI crosses"


def test_arena_resume_with_other_values_is_refused_naming_the_run_s_values(tmp_path: Path) -> None:
    """docs/bots.md: --resume takes the same --bots, --games, --seed, --seats; a larger --games was accepted."""
    out = tmp_path / "a"
    made = ("--bots", "random,heuristic", "--games", "2", "--seed", "5")
    assert helpers.run("arena", *made, "--out", out).returncode == 0
    assert json.loads((out / "arena.json").read_text()) == {
        "bots": ["random", "heuristic"], "games": 2, "seed": 5, "seats": 4}
    before = (out / "results.jsonl").read_bytes()
    others = (("--games", "3", "--seed", "5"), ("--games", "2", "--seed", "6"),
              ("--bots", "heuristic,random", "--games", "2", "--seed", "5"))
    for other, bad in zip(others, helpers.run_many(*(("arena", *other, "--out", out, "--resume") for other in others))):
        err = " ".join(bad.stderr.split())
        assert bad.returncode == 2 and "Traceback" not in bad.stderr, (other, bad.stderr)
        assert (f"--resume: the run in {out} was made with --bots random,heuristic --games 2 --seed 5 --seats 4; "
                "give the same values to finish it") in err, err
        assert (out / "results.jsonl").read_bytes() == before
    same = helpers.run("arena", *made, "--out", out, "--resume")
    assert same.returncode == 0 and "2 games in" in same.stdout, same.stderr
