"""The list of commands in ``lifeboat --help``: click cut English summaries at 45 characters, mid-word and mid-list
(``score … (survival, treasure, love,...``); each summary is now a whole first clause, or cut after a whole word,
in at most 60 columns, and none ends in ``。`` in Chinese where the others do not (a new user's finding)."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from tests.helpers import run


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_each_summary_is_whole_and_fits(lang: str) -> None:
    done = run("--help", "--lang", lang)
    assert done.returncode == 0
    listed = done.stdout.split("Commands:" if lang == "en" else "命令：")[1]
    summaries = dict(re.findall(r"^  (\w+) +(.+)$", listed, flags=re.M))
    assert len(summaries) >= 18 and {"new", "replay", "score", "record"} <= set(summaries)
    for command, summary in summaries.items():
        assert cell_len(summary) <= 60 and not summary.endswith(("...", "。", ".", "：", ":")), (command, summary)
        if lang == "en" and summary.endswith("…"):
            assert summary[-2] != " " and summary[:-1].rstrip() == summary[:-1], (command, summary)
    if lang == "en":
        assert summaries["score"] == "The scoring breakdown per player"
        assert summaries["serve"] == "Serve games over HTTP"
