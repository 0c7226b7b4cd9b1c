"""Fixtures for the CLI tests: real games made with ``lifeboat new`` + ``lifeboat play --bots all``, and a
re-chaining helper that forges valid hash chains the way a careful tamperer would (docs/journal-format.md)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app

PLAYERS = "Ann,Bob,Cy,Dee"


def invoke(*args: str):  # type: ignore[no-untyped-def]
    """Run ``lifeboat ARGS`` in-process; returns click's Result (``exit_code``, ``stdout``, ``output``)."""
    return CliRunner().invoke(app, [str(a) for a in args])


def make_game(path: Path, seed: int, players: str = PLAYERS) -> Path:
    """A finished bot game at ``path`` (and its deck file), made through the real commands."""
    new = invoke("new", path, "--players", players, "--seed", str(seed))
    assert new.exit_code == 0, new.output
    play = invoke("play", path, "--bots", "all", "--seed", str(seed))
    assert play.exit_code == 0, play.output
    return path


def copy_game(source: Path, target: Path) -> Path:
    """Copy a journal and its deck file."""
    shutil.copyfile(source, target)
    deck = source.with_name(source.name + ".deck.json")
    if deck.exists():
        shutil.copyfile(deck, target.with_name(target.name + ".deck.json"))
    return target


def lines_of(path: Path) -> list[dict[str, Any]]:
    """The decoded lines of a journal (key order kept)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def rechain(lines: list[dict[str, Any]], *, renumber: bool = True) -> bytes:
    """Encode ``lines`` as a journal with a valid hash chain: each line's ``hash`` is the sha256 of its compact
    JSON without the ``hash`` member, ``prev`` the previous line's hash; ``renumber`` rewrites ``seq`` 1, 2, …"""
    out, prev = [], ""
    for i, line in enumerate(lines):
        body = {k: v for k, v in line.items() if k != "hash"}
        if i > 0:
            if renumber:
                body["seq"] = i
            body["prev"] = prev
        raw = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
        prev = hashlib.sha256(raw).hexdigest()
        out.append(raw[:-1] + b',"hash":"' + prev.encode() + b'"}\n')
    return b"".join(out)


@pytest.fixture(scope="session")
def finished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 4-player bot game (seed 7) with its deck file. Read-only: copy it with ``game``."""
    return make_game(tmp_path_factory.mktemp("games") / "master.jsonl", 7)


@pytest.fixture()
def game(finished_game: Path, tmp_path: Path) -> Path:
    """A fresh copy of :func:`finished_game` (and its deck file) in ``tmp_path``, free to edit."""
    return copy_game(finished_game, tmp_path / "game.jsonl")


@pytest.fixture()
def lb() -> SimpleNamespace:
    """The helpers above: ``lb.run(*args)``, ``lb.make_game``, ``lb.copy``, ``lb.lines``, ``lb.rechain``."""
    return SimpleNamespace(run=invoke, make_game=make_game, copy=copy_game, lines=lines_of, rechain=rechain)
