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


# One interpreter for many commands: it imports the CLI once, then forks a child per command (a real process with
# its own stdin, stdout and stderr files, running ``cli.app.main`` as the executable does); the imports are most of
# a short command's CPU time (about 0.3 s each).
_FORKER = r"""
import importlib, json, os, pkgutil, random, sys, traceback
import cli
from cli.app import main
for module in pkgutil.iter_modules(cli.__path__):  # what the commands import when they run
    importlib.import_module(f"cli.{module.name}")
import service.games
requests, folder = json.load(open(sys.argv[1], encoding="utf-8")), sys.argv[2]
codes = []
for i, (args, stdin) in enumerate(requests):
    with open(f"{folder}/{i}.in", "wb") as f:
        f.write(stdin.encode())
    sys.stdout.flush(), sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        random.seed()  # the child's own random state, as a fresh process has
        for fd, name, mode in ((0, "in", os.O_RDONLY), (1, "out", os.O_WRONLY | os.O_CREAT), (2, "err", os.O_WRONLY | os.O_CREAT)):
            os.dup2(os.open(f"{folder}/{i}.{name}", mode, 0o600), fd)
        sys.argv = [EXE, *args]
        code = 0
        try:
            main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
            if not isinstance(exc.code, (int, type(None))):
                print(exc.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            code = 1
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                code = code or 120
        os._exit(code)
    status = os.waitpid(pid, 0)[1]
    codes.append(os.waitstatus_to_exitcode(status))
json.dump(codes, sys.stdout)
"""


def run_many(*commands: tuple[object, ...] | tuple[tuple[object, ...], str],
             cwd: Path | None = None) -> list[subprocess.CompletedProcess[str]]:
    """``lifeboat ARGS`` for each of ``commands`` in turn (each a tuple of arguments, or ``(arguments, stdin)``; in
    the folder ``cwd``), each in a process of its own forked from one interpreter that imported the CLI once: what
    :func:`run` gives for each, for a fraction of the CPU time. Use it where a test runs commands on many inputs."""
    import json
    import locale
    import tempfile

    requests = [[list(map(str, c[0])), c[1]] if len(c) == 2 and isinstance(c[0], tuple) else [list(map(str, c)), ""]
                for c in commands]
    with tempfile.TemporaryDirectory(prefix="lifeboat-run-") as folder:
        Path(folder, "requests.json").write_text(json.dumps(requests), encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", _FORKER.replace("EXE", repr(EXE)), f"{folder}/requests.json",
                               folder], stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=cwd,
                              timeout=60 * len(requests))
        assert done.returncode == 0, done.stderr
        codes = json.loads(done.stdout)
        encoding = locale.getpreferredencoding(False)

        def text(name: str) -> str:  # as subprocess.run(text=True) decodes a pipe
            data = Path(folder, name).read_bytes().decode(encoding)
            return data.replace("\r\n", "\n").replace("\r", "\n")

        return [subprocess.CompletedProcess([EXE, *args], code, text(f"{i}.out"), text(f"{i}.err"))
                for i, ((args, _), code) in enumerate(zip(requests, codes))]
