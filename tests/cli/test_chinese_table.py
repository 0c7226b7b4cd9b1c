"""A Chinese table's first commands (a new user's findings): lists typed with the commas a Chinese keyboard types
(``，`` and ``、``) are read as lists (SETUP-1), not as one name; ``new`` names the seats with a full-width colon."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.helpers import run

SIX = Path(__file__).resolve().parents[2] / "docs" / "examples" / "six-players.jsonl"


def header(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


def test_players_typed_with_chinese_commas_are_four_players(tmp_path: Path) -> None:
    """SETUP-1: `--players 小明，小红，小刚，小丽` was one player ("基础游戏需要4到6名玩家，现有1名"); now the same game
    as with ASCII commas (same seed, same players, same deal)."""
    ascii_, full, mixed = tmp_path / "a.jsonl", tmp_path / "f.jsonl", tmp_path / "m.jsonl"
    assert run("new", ascii_, "--players", "小明,小红,小刚,小丽", "--seed", "3").returncode == 0
    done = run("new", full, "--players", "小明，小红，小刚，小丽", "--seed", "3", "--lang", "zh")
    assert done.returncode == 0, done.stderr
    assert run("new", mixed, "--players", "小明、小红，小刚, 小丽", "--seed", "3").returncode == 0
    players = [header(p)["players"] for p in (ascii_, full, mixed)]
    assert players[0] == players[1] == players[2] == ["小明", "小红", "小刚", "小丽"]
    deals = [p.read_text(encoding="utf-8").splitlines()[1] for p in (ascii_, full, mixed)]
    assert json.loads(deals[0])["command"] == json.loads(deals[1])["command"] == json.loads(deals[2])["command"]
    # the seats, one a line, as a Chinese sentence writes them: 小明：大副 (it was '小明: 大副')
    seats = [line for line in done.stdout.splitlines() if line.startswith("  ")]
    assert len(seats) == 4 and all(line.count("：") == 1 and ":" not in line for line in seats), done.stdout


def test_bots_and_quiz_seqs_with_chinese_commas(tmp_path: Path) -> None:
    """`--bots` and `--at` take the same commas (`--at 4，12` was refused as not numbers), and `--bots` the
    full-width `＝` (`安＝heuristic` was a seat named '安＝heuristic')."""
    game = tmp_path / "g.jsonl"
    done = run("play", game, "--players", "安，鲍，赛，迪", "--bots", "安＝heuristic、鲍，赛,迪", "--seed", "5")
    assert done.returncode == 0, done.stderr
    assert header(game)["players"] == ["安", "鲍", "赛", "迪"]
    quiz = tmp_path / "q.html"
    done = run("replay", SIX, "--as", "Ann", "--html", quiz, "--quiz", "--at", "4，12")
    assert done.returncode == 0, done.stderr
    assert "A quiz of 2 questions, at seqs 4, 12" in done.stdout


def test_the_hotseat_menu_columns_stand_straight_in_chinese(tmp_path: Path) -> None:
    """`play`'s two-column menu padded by characters, so a Chinese left column (two terminal columns a character)
    pushed the right one about: it is padded by terminal columns now."""
    from rich.cells import cell_len

    typed = "\n" + "1\n\n" * 30
    done = run("play", tmp_path / "p.jsonl", "--players", "安,鲍,赛,迪", "--bots", "鲍,赛,迪", "--seed", "5",
               "--lang", "zh", stdin=typed)
    rows = [line for line in done.stdout.splitlines() if line.startswith("   1. ") or line.startswith("   2. ")]
    two = [line for line in done.stdout.splitlines() if re.match(r"^ +\d+\. .*\S {2,}\d+\. ", line)]
    assert rows and len(two) >= 4, done.stdout[-2000:]
    dots = {cell_len(line[:re.search(r"\S {2,}\d+(\. )", line).start(1)]) for line in two}  # numbers stand right
    assert dots == {52}, two[:6]
    assert any(re.search(r"[\u4e00-\u9fff]", line.split("  ")[1]) for line in two)  # Chinese on the left


EIGHT = SIX.with_name("eight-players.jsonl")
DEAL = ("chance: deal a = {lauren} love ? hate ? ?; b = {captain} love ? hate ? ?; c = 斯蒂芬先生 love ? hate ? ?; "
        "d = {mate} love ? hate ? ?; removed 10 ?\nchance: draw {cards}\n{lauren}: {keep} {kept}\n")
SIMPLIFIED = {"lauren": "劳伦夫人", "captain": "船长", "mate": "大副", "keep": "保留", "cards": "指南针 水壶 现金 医疗包",
              "kept": "指南针"}
TRADITIONAL = {"lauren": "勞倫夫人", "captain": "船長", "mate": "大副", "keep": "保留", "cards": "指南針 水壺 現金 醫療包",
               "kept": "指南針"}


def test_a_traditional_table_types_the_names_its_pages_show(tmp_path: Path) -> None:
    """NOTATION-1: a 繁體 table was refused the names it was shown (勞倫夫人 is no character; 指南針 no card; 搶劫 no
    verb): each 繁體 character reads as its simplified twin (lifeboat/data/traditional.json, from OpenCC)."""
    assert run("show", EIGHT, "--as", "勞倫夫人").stdout == run("show", EIGHT, "--as", "劳伦夫人").stdout != ""
    games = []
    for words in (SIMPLIFIED, TRADITIONAL):
        game = tmp_path / f"{len(games)}.jsonl"
        done = run("record", game, "--players", "a,b,c,d", stdin=DEAL.format(**words))
        assert done.returncode == 0 and "refused" not in done.stdout, done.stdout
        games.append([json.loads(line)["command"] for line in game.read_text(encoding="utf-8").splitlines()[1:]])
    assert len(games[0]) == 3 and games[0] == games[1]
    assert games[1][2]["type"] == "keep_provision" and games[1][2]["card"].startswith("compass")


def test_a_new_player_may_not_be_named_like_chance_or_with_a_full_width_separator(tmp_path: Path) -> None:
    """SETUP-1: `机会` (the notation's chance, 機會 in 繁體) and `Bob？` (read as `Bob?`) were accepted as player names;
    a line naming them could not be told from chance's, or from a card nobody saw. Refused for new games (journals
    made before replay as they are)."""
    for name, why in (("机会", "is a word the notation reads as chance"), ("機會", "is a word the notation reads as chance"),
                      ("发牌员", "is a word the notation reads as chance"), ("记录员", "is a word the notation reads as chance"),
                      ("deck", "is a word the notation reads as chance"), ("Bob？", "holds one of ; = : , ?"),
                      ("Bob：1", "holds one of ; = : , ?"), ("A＝B", "holds one of ; = : , ?")):
        done = run("new", tmp_path / "g.jsonl", "--players", f"{name},B,C,D")
        assert done.returncode == 3 and done.stderr.startswith(f"lifeboat: [SETUP-1] player name {name!r} {why}"), \
            (name, done.stderr)
        assert not (tmp_path / "g.jsonl").exists()
    assert run("new", tmp_path / "g.jsonl", "--players", "机智,B,C,D").returncode == 0  # a name merely alike is fine
