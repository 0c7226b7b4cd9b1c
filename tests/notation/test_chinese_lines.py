"""A line of notation in Chinese words (lifeboat.notation.chinese): what `record --lang zh` shows a Chinese table
to type (it showed `输入：lauren: keep compass`, English notation, though both are read: a new user's finding)."""

from __future__ import annotations

import re
from pathlib import Path

import journal
import msgspec

from lifeboat import apply
from lifeboat.commands import Command
from lifeboat.notation import parse
from lifeboat.notation.chinese import chinese_line
from lifeboat.notation.render import render
from lifeboat.service.game.headers import initial_state
from tests.helpers import run

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_the_bundled_games_decisions_read_the_same_in_chinese() -> None:
    """Every decision of four bundled games (eight players, both expansions among them) as the notation renders it,
    then in Chinese words: the Chinese line reads as the same command; only a word with no Chinese name (the
    Firewater of Liquid Courage) keeps a line English."""
    said = english = 0
    for name in ("four-players", "six-players", "eight-players", "episode-a"):
        with journal.JsonlJournal.open(EXAMPLES / f"{name}.jsonl") as j:
            state = initial_state(j.header)
            for commit in j.commits():
                try:
                    command = msgspec.convert(commit.command, Command)
                except msgspec.ValidationError:  # a system record (decks_revealed) or a note: no notation
                    continue
                line = render(command, state)
                if not line.startswith("chance: deal"):
                    chinese = chinese_line(line, state)
                    if chinese is None:
                        assert "firewater" in line, line
                        english += 1
                    else:
                        assert parse(chinese, state) == parse(line, state), (line, chinese)
                        words = re.sub(r"[a-z_]+-\w+", "", chinese)  # ids stay (water-12, nav-27): no English word
                        assert not any(ch.isascii() and ch.isalpha() for ch in words), chinese
                        said += 1
                state, _ = apply(state, command)
    assert said > 800 and english <= 2, (said, english)


def test_record_shows_the_line_to_type_in_chinese(tmp_path: Path) -> None:
    lines = ("chance: deal a = 劳伦夫人 love ? hate ? ?; b = 船长 love ? hate ? ?; c = 斯蒂芬先生 love ? hate ? ?; "
             "d = 大副 love ? hate ? ?; removed 10 ?\nchance: draw 指南针 水壶 现金 医疗包\n劳伦夫人：保留 指南针\n")
    zh = run("record", tmp_path / "zh.jsonl", "--players", "a,b,c,d", "--lang", "zh", stdin=lines).stdout
    en = run("record", tmp_path / "en.jsonl", "--players", "a,b,c,d", stdin=lines).stdout
    assert "输入：斯蒂芬先生：保留 水壶 · 可选 · 帮助" in zh
    assert "type: stephen: keep water · legal · help" in en


def test_a_chinese_scribe_is_offered_chinese_lines_and_words(tmp_path: Path) -> None:
    """A second new user's findings: 法国佬 (the simplified form of the card data's 法國佬) was refused; chance's
    status line, `legal`'s lines and `help` offered English notation; `关闭` was not the recorder's close; 繁體
    showed `lauren: pass`."""
    deal = ("chance: deal 小明=法国佬 爱？恨？？; 小红=船长 爱？恨？？; 小刚=劳伦夫人 爱？恨？？; 小丽=大副 爱？恨？？; "
            "移除 10？\n")
    out = run("record", tmp_path / "g.jsonl", "--players", "小明，小红，小刚，小丽", "--lang", "zh",
              stdin=deal + "可选\n机会：摸 ? ? ? ?\n可选\n关闭\n").stdout
    assert out.count("被拒绝") == 1, out  # only 关闭's, below: 法国佬, 可选 and 机会：摸 were read
    assert "\n机会：摸 ? ? ? ?  （写出你看到的牌：机会：摸 水壶 ? ? ?）\n" in out  # 可选 at chance's draw
    assert "\n劳伦夫人：保留 ?\n" in out  # 可选 at the pick, in Chinese words
    assert "[PROC-1] 没有打开的时机" in out  # 关闭 is close (nothing open to close here)
    assert out.rstrip().splitlines()[-2].endswith("输入：劳伦夫人：保留 ? · 可选 · 帮助"), out[-300:]
    hant = run("record", tmp_path / "t.jsonl", "--players", "a,b,c,d", "--lang", "zh-Hant",
               stdin=deal.replace("小明", "a").replace("小红", "b").replace("小刚", "c").replace("小丽", "d")
               + "機會：摸 ? ? ? ?\n").stdout
    assert "輸入：勞倫夫人：保留 ? · 可選 · 幫助" in hant, hant[-300:]
