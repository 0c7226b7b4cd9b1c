"""Golden outputs: what ``lifeboat replay``, ``show``, ``score`` and ``audit`` print for every bundled journal in
docs/examples/, byte for byte; and in Chinese (``*.zh.txt``, ``*.zh-Hant.txt``) for a few of them (issue 29).

They were captured from the code before the move to ``service/`` (issue 10) and prove that a change of shape (a
new package, a split module, a faster engine) changes no behaviour. Each file in ``tests/golden/<game>/`` holds
the command, its exit code, its stdout and its stderr. When a change is *meant* to change an output, regenerate
and read the diff before committing::

    python tests/golden/test_golden.py   # rewrites every golden file from the current code

The commands run in-process (Typer's runner) from the repository root with a fixed 100-column terminal.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
EXAMPLES = "docs/examples"
ENV = {"COLUMNS": "100", "LINES": "40", "NO_COLOR": "1", "TERM": "dumb"}


def _players(game: str) -> list[str]:
    with open(ROOT / EXAMPLES / game, encoding="utf-8") as f:
        return list(json.loads(f.readline())["players"])


def cases() -> list[tuple[str, list[str]]]:
    """``(golden file, lifeboat arguments)`` for every output kept."""
    out: list[tuple[str, list[str]]] = []
    games = sorted(p.name for p in (ROOT / EXAMPLES).glob("*.jsonl"))
    for game in games:
        path = f"{EXAMPLES}/{game}"
        stem = game.removesuffix(".jsonl")
        for who in ["public", "referee", *_players(game)]:
            out.append((f"{stem}/replay-{who}.txt", ["replay", path, "--as", who]))
            out.append((f"{stem}/replay-{who}.json.txt", ["replay", path, "--as", who, "--json"]))
        first = _players(game)[0]
        out.append((f"{stem}/replay-public-to-5.txt", ["replay", path, "--to", "5"]))
        for who in ("public", "referee", first):
            out.append((f"{stem}/show-{who}.txt", ["show", path, "--as", who]))
            out.append((f"{stem}/show-{who}-at-5.txt", ["show", path, "--as", who, "--at", "5"]))
        out.append((f"{stem}/show-{first}.json.txt", ["show", path, "--as", first, "--json"]))
        out.append((f"{stem}/score.txt", ["score", path]))
        out.append((f"{stem}/score.json.txt", ["score", path, "--json"]))
        out.append((f"{stem}/audit.txt", ["audit", path]))
        out.append((f"{stem}/audit.json.txt", ["audit", path, "--json"]))
    # issue 29: the same story, table and scores in Chinese, beside the English (a game recorded or played in one
    # language replays in the other: the journal holds no translated text)
    for game, lang in (("six-players", "zh"), ("liquid-courage", "zh"), ("six-players", "zh-Hant")):
        path, first = f"{EXAMPLES}/{game}.jsonl", _players(f"{game}.jsonl")[0]
        for who in ("public", first, "referee"):
            out.append((f"{game}/replay-{who}.{lang}.txt", ["replay", path, "--as", who, "--lang", lang]))
        out.append((f"{game}/show-{first}-at-5.{lang}.txt", ["show", path, "--as", first, "--at", "5", "--lang", lang]))
        out.append((f"{game}/score.{lang}.txt", ["score", path, "--lang", lang]))
        out.append((f"{game}/audit.{lang}.txt", ["audit", path, "--lang", lang]))
    every = [f"{EXAMPLES}/{g}" for g in games]
    out.append(("audit-all.txt", ["audit", *every]))
    out.append(("audit-all.json.txt", ["audit", *every, "--json"]))
    return out


def run(args: list[str]) -> str:
    """The golden text of ``lifeboat ARGS``: the command, its exit code, stdout, stderr."""
    from cli.app import app

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(app, args, env=ENV)
    finally:
        os.chdir(cwd)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return (f"$ lifeboat {' '.join(args)}\n[exit {result.exit_code}]\n--- stdout\n{result.stdout}"
            f"--- stderr\n{result.stderr}")


CASES = cases()


@pytest.mark.parametrize(("name", "args"), CASES, ids=[name for name, _ in CASES])
def test_output_is_golden(name: str, args: list[str]) -> None:
    expected = (HERE / name).read_text(encoding="utf-8")
    assert run(args) == expected


def test_every_golden_file_is_a_case() -> None:
    kept = {str(p.relative_to(HERE)) for p in HERE.rglob("*.txt")}
    assert kept == {name for name, _ in CASES}


if __name__ == "__main__":  # regenerate
    sys.path.insert(0, str(ROOT))
    for name, args in CASES:
        target = HERE / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(run(args), encoding="utf-8")
        print(target.relative_to(ROOT))
