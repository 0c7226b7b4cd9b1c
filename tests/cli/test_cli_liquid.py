"""The Liquid Courage expansion through the front ends (EXP-1, SETUP-1, SETUP-4, LIQUID-1..3, WONG-1, REF-26):
``new``/``play`` with 8 players and both expansions, ``record`` of a real table typing ``kid: drink firewater`` and
``wong: share``, ``fork`` of the bundled game at its first drink, a served game (``LiveGame``) decided through
notation lines, and every bot answering Mrs. Wong. Real files and real processes."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

from lifeboat.service import audit
from lifeboat.service.live.game import LiveGame
from tests.helpers import EXE, refusals, run

ROOT = Path(__file__).resolve().parents[2]
EIGHT = "Ann,Bob,Cy,Dee,Eve,Fay,Gus,Hal"
BOTH = ("--option", "liquid_courage=on", "--option", "cannibalism=on")


def commits(game: Path) -> list[dict]:
    return [json.loads(line) for line in game.read_text().splitlines()[1:]]


def kinds(game: Path) -> set[str]:
    out: set[str] = set()
    for commit in commits(game):
        out.add(commit["command"]["type"])
        out.update(ev["type"] for ev in commit.get("events", ()))
    return out


def eight_player_game(tmp_path: Path) -> Path:
    game = tmp_path / "g.jsonl"
    new = run("new", game, "--players", EIGHT, *BOTH, "--seed", "25")
    assert new.returncode == 0, new.stderr
    return game


def test_SETUP_1_SETUP_4_REF_26_new_seats_eight_players_with_both_expansions(tmp_path: Path) -> None:
    """SETUP-1, SETUP-4, REF-26: ``new`` takes 8 players with both expansions and seats them from the bow in the
    seed's 8-character order; 8 with one expansion is refused and writes nothing."""
    game = eight_player_game(tmp_path)
    header = json.loads(game.read_text().splitlines()[0])
    assert header["options"]["expansions"] == ["liquid_courage", "cannibalism"]
    deal = commits(game)[0]
    assert len(deal["command"]["characters"]) == 8 and deal["command"]["removed"] == []
    seats = next(ev["seats"] for ev in deal["events"] if ev["type"] == "characters_dealt")
    assert seats == ["lady_lauren", "sir_stephen", "captain", "first_mate", "mrs_wong", "frenchy", "dr_harter", "kid"]
    too_many = run("new", tmp_path / "n.jsonl", "--players", EIGHT, "--option", "liquid_courage=on")
    assert too_many.returncode == 3 and "8th player needs both" in too_many.stderr
    assert not (tmp_path / "n.jsonl").exists()


@pytest.mark.slow
def test_SETUP_1_REF_26_eight_players_play_to_the_end(tmp_path: Path) -> None:
    """SETUP-1, REF-26: bots play the 8-player game out; score, replay and audit accept it."""
    game = eight_player_game(tmp_path)
    play = run("play", game, "--bots", "all=random", "--seed", "25")
    assert play.returncode == 0, play.stderr
    score = json.loads(run("score", game, "--json").stdout)
    assert score["over"] is True and len(score["scores"]) == 8
    assert run("replay", game, "--as", "referee").returncode == 0
    assert run("audit", game).returncode == 0


RECORDED = """\
chance: deal ann = kid love ? hate ? firewater; bob = wong love ? hate ? ?; cy = lauren love ? hate ? ?; dee = captain love ? hate ? ?; removed 10 ?
chance: draw ? ? ? ?
lauren: keep ?
captain: keep ?
wong: keep ?
kid: keep ?
kid: drink firewater
captain: do nothing
wong: share
lauren: do nothing
captain: do nothing
wong: do nothing
kid: do nothing
chance: nav nav-l11
close
close
"""


def test_LIQUID_1_WONG_1_LIQUID_3_recorded_through_notation(tmp_path: Path) -> None:
    """LIQUID-1, WONG-1, REF-25, LIQUID-3: at a real table the Kid drinks, the Captain's line waits for Mrs. Wong's
    answer (refused, REF-25), she shares; nav-l11 sends both overboard and makes them thirsty twice."""
    game = tmp_path / "r.jsonl"
    out = run("record", game, "--players", "Ann,Bob,Cy,Dee", "--option", "liquid_courage=on", stdin=RECORDED)
    assert out.returncode == 3, out.stderr  # the one refused line (exit code 3: a rule violation)
    refused = refusals(out.stdout + out.stderr)
    assert len(refused) == 1 and "[REF-25] Mrs. Wong must first say whether she shares" in refused[0]
    events = [ev for c in commits(game) for ev in c.get("events", ())]
    assert {"type": "firewater_share_answered", "character": "mrs_wong", "card": "firewater-1", "share": True} in events
    assert {"type": "went_overboard", "characters": ["mrs_wong", "kid"], "lost": []} in events
    assert {"type": "thirst_counted", "thirst": [["captain", 1], ["mrs_wong", 2], ["kid", 2]]} in events
    assert "Navigation 11 (whoever drank Firewater this round overboard" in out.stdout
    assert run("audit", game).returncode == 0


UNSEEN = """\
chance: deal ann = kid love ? hate ? ?; bob = wong love ? hate ? ?; cy = lauren love ? hate ? ?; dee = captain love ? hate ? ?; removed 10 ?
chance: draw ? ? ? ?
lauren: keep ?
captain: keep ?
wong: keep ?
kid: keep ?
wong: decline
kid: drink firewater
wong: decline
"""


def test_LIQUID_1_REC_1_a_firewater_drunk_from_a_hand_of_unseen_cards(tmp_path: Path) -> None:
    """LIQUID-1, REC-1: at a real table the Kid drinks a Firewater nobody saw him get; like any card played from
    unseen cards, the line names one of his placeholders (it was refused with CARD-1 "you do not hold")."""
    game = tmp_path / "u.jsonl"
    out = run("record", game, "--players", "Ann,Bob,Cy,Dee", "--option", "liquid_courage=on", stdin=UNSEEN)
    assert out.returncode == 3, out.stdout + out.stderr
    # WONG-1: her 'decline' with nothing to decline is about the Firewater (it was refused as TRADE-1, "no trade")
    refused = refusals(out.stdout + out.stderr)
    assert len(refused) == 1 and "[WONG-1] nobody has just drunk Firewater: there is nothing to share" in refused[0]
    events = [ev for c in commits(game) for ev in c.get("events", ())]
    named = [ev for ev in events if ev["type"] == "card_identified"]
    assert len(named) == 1 and named[0]["card"] == "firewater-1" and named[0]["placeholder"].startswith("?p")
    assert {"type": "firewater_drunk", "character": "kid", "card": "firewater-1"} in events
    assert {"type": "firewater_share_answered", "character": "mrs_wong", "card": "firewater-1", "share": False} in events
    assert run("audit", game).returncode == 0


@pytest.mark.parametrize("chance", ["keep", pytest.param("reshuffle", marks=pytest.mark.slow)])
def test_LIQUID_1_fork_the_bundled_game_at_its_first_drink(tmp_path: Path, chance: str) -> None:
    """EXP-1: the bundled Liquid Courage game forks at its first Firewater (the same cards, or reshuffled); bots
    finish the child, which audits clean."""
    parent = ROOT / "docs" / "examples" / "liquid-courage.jsonl"
    at = next(c["seq"] for c in commits(parent) if c["command"]["type"] == "drink_firewater")
    extra = ("--seed", "4") if chance == "reshuffle" else ()
    child = tmp_path / f"{chance}.jsonl"
    forked = run("fork", parent, "--at", at, "-o", child, "--chance", chance, *extra)
    assert forked.returncode == 0, forked.stderr
    assert json.loads(child.read_text().splitlines()[0])["options"]["expansions"] == ["liquid_courage"]
    assert run("play", child, "--bots", "all", "--seed", "1").returncode == 0
    assert run("audit", child).returncode == 0


def served_game(path: Path, seed: int) -> set[str]:
    """Play a served 8-seat game with both expansions to the end through notation lines (a seat other than Mrs.
    Wong drinks whenever it can); return the lines Mrs. Wong's page offered while she decided."""
    game = LiveGame.create(path, EIGHT.split(","), seed=seed, options=["liquid_courage=on", "cannibalism=on"])
    rng = random.Random(1)
    wong_lines: set[str] = set()
    while not game.over:
        seat = rng.choice(game.waiting_for())
        decisions = game.decisions(seat)
        assert decisions, seat
        lines = [d.line for d in decisions]
        if game.state.wong_share is not None:
            wong_lines |= set(lines)
        drink = [x for x in lines if x.endswith("drink firewater") and not x.startswith("wong")]
        plain = [x for x in lines if not x.split(":", 1)[1].strip().startswith(("reveal", "offer", "drink"))]
        game.decide(seat, game.read(seat, line=drink[0] if drink else rng.choice(plain or lines)), game.seq)
    report = audit(path)
    assert report.findings == [] and report.over
    return wong_lines


def test_WONG_1_a_served_game_with_both_expansions_through_notation_lines(tmp_path: Path) -> None:
    """LIQUID-1, WONG-1 (serve): 8 seats decide through their own lines until the end and the journal audits
    clean; Mrs. Wong's page offers exactly 'share' and 'decline' when someone drank (a mug's card follows the
    game's fresh salt, so a few seeds are tried until one reaches her answer)."""
    for seed in (4, 5, 6, 7):
        wong_lines = served_game(tmp_path / f"g{seed}.jsonl", seed)
        if wong_lines:
            break
    assert wong_lines == {"wong: share", "wong: decline"}


def test_OPT_1_play_starts_a_game_with_options_and_refuses_them_for_a_game_that_exists(tmp_path: Path) -> None:
    """OPT-1, EXP-1: ``play --players … --option`` starts the game with those options, as ``new`` does (a fresh
    user had to run ``new`` first); a bad option writes nothing; options on a game that exists are refused."""
    game = tmp_path / "p.jsonl"
    done = run("play", game, "--players", "Ann,Bob,Cy,Dee,Eve", "--option", "liquid_courage=on", "--option",
               "quick_game=on", "--bots", "all", "--seed", "3")
    assert done.returncode == 0, done.stderr
    header = json.loads(game.read_text().splitlines()[0])
    assert header["options"]["expansions"] == ["liquid_courage"] and header["options"]["quick_game"] is True
    assert "game_ended" in kinds(game) and audit(game).clean
    bad = run("play", tmp_path / "b.jsonl", "--players", "Ann,Bob,Cy,Dee", "--option", "nope=on")
    assert bad.returncode == 2 and "[OPT-1] nope=on: unknown option 'nope'" in bad.stderr
    assert not (tmp_path / "b.jsonl").exists()
    again = run("play", game, "--option", "shark_variant=on")
    assert again.returncode == 2
    assert "--option goes with --players (a new game); a game keeps the options it was made with" in again.stderr


def test_LIQUID_1_WONG_1_show_marks_who_drank_this_round(tmp_path: Path) -> None:
    """LIQUID-1, WONG-1, REF-24: the drinks of the round are public; ``show`` marks each drinker in the markers
    column (the bundled game: the Captain drinks at seq 121, Mrs. Wong shares at 122; the next round has none),
    and ``show --json`` lists them in ``drank``."""
    game = ROOT / "docs" / "examples" / "liquid-courage.jsonl"
    shown = subprocess.run([EXE, "show", str(game), "--at", "122"], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "COLUMNS": "120"})  # one line per seat
    assert shown.returncode == 0, shown.stderr
    rows = {line.split("│")[2].strip(): line.split("│")[8].strip() for line in shown.stdout.splitlines()
            if line.startswith("│ ") and line.split("│")[2].strip()}
    assert rows == {"Sir Stephen": "", "Mrs. Wong": "drank", "First Mate": "", "The Captain": "drank",
                    "The Kid": ""}
    drank = [json.loads(run("show", game, "--at", str(at), "--json").stdout)["drank"] for at in (120, 121, 122)]
    assert drank == [[], ["captain"], ["captain", "mrs_wong"]]
