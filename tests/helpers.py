"""Helpers shared by test files of several directories: the installed ``lifeboat`` executable, run as a user runs it,
and position files (POS-1) written for ``lifeboat record --position`` or :func:`service.read_position`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

EXE = shutil.which("lifeboat", path=os.path.dirname(sys.executable)) or "lifeboat"
"""The ``lifeboat`` executable installed beside this interpreter."""


def run(*args: object, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``lifeboat ARGS`` in a new process, ``stdin`` typed in; its exit code, stdout and stderr (60 s at most)."""
    return subprocess.run([EXE, *map(str, args)], input=stdin, capture_output=True, text=True, timeout=60)


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
