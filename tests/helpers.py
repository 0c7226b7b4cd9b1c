"""Helpers shared by test files of several directories: the installed ``lifeboat`` executable, run as a user runs it,
and position files (POS-1) written for ``lifeboat record --position`` or :func:`lifeboat.service.read_position`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests import forks

EXE = shutil.which("lifeboat", path=os.path.dirname(sys.executable)) or "lifeboat"
"""The ``lifeboat`` executable installed beside this interpreter."""


def run(*args: object, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``lifeboat ARGS`` in a new process, ``stdin`` typed in; its exit code, stdout and stderr (60 s at most). The
    process is forked from one that imported the CLI once (:mod:`tests.forks`): the imports were most of a short
    command's CPU time."""
    return forks.run(EXE, list(map(str, args)), stdin, timeout=60)


def refusals(out: str) -> list[str]:
    """The ``line N: refused …`` lines of ``lifeboat record``'s output ``out``."""
    return re.findall(r"^line \d+: refused .*$", out, flags=re.M)


def write_position(tmp_path: Path, text: str, name: str = "pos.toml") -> Path:
    """The position file ``tmp_path/name`` holding ``text``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def record_from(tmp_path: Path, text: str, lines: str, name: str = "g") -> subprocess.CompletedProcess[str]:
    """``lifeboat record tmp_path/NAME.jsonl --position tmp_path/NAME.toml`` (the position ``text``), ``lines``
    typed in."""
    position = write_position(tmp_path, text, f"{name}.toml")
    return run("record", tmp_path / f"{name}.jsonl", "--position", position, stdin=lines)


def unreadable(target: Path, kind: str) -> bool:
    """Make ``target`` a file no journal reader can use, as ``kind`` says: ``missing`` (nothing there),
    ``directory``, ``empty``, ``binary`` (every byte value); returns False, doing nothing, for any other kind."""
    if kind == "directory":
        target.mkdir()
    elif kind == "empty":
        target.write_bytes(b"")
    elif kind == "binary":
        target.write_bytes(bytes(range(256)))
    return kind in ("missing", "directory", "empty", "binary")



def run_many(*commands: tuple[object, ...] | tuple[tuple[object, ...], str],
             cwd: Path | None = None) -> list[subprocess.CompletedProcess[str]]:
    """:func:`run` for each of ``commands`` in turn (each a tuple of arguments, or ``(arguments, stdin)``), in the
    folder ``cwd`` (default: this process's)."""
    return [forks.run(EXE, list(map(str, c[0])), c[1], cwd=cwd) if len(c) == 2 and isinstance(c[0], tuple) else
            forks.run(EXE, list(map(str, c)), cwd=cwd) for c in commands]
