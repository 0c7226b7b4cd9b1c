"""``lifeboat`` commands for the tests at a fraction of their CPU time: one interpreter per test process imports the
CLI once (about 0.3 s of CPU a command spent importing), then forks a child for each command. The child is a
process of its own running ``cli.entry.main`` as the installed executable does, with ``sys.argv``, the working
folder, ``sys.path`` and the environment a new ``lifeboat`` process would have, its own random state, stdin a pipe
holding what is typed and stdout and stderr files, decoded as ``subprocess.run(text=True)`` decodes them.

:func:`run` falls back to a new process whenever this process's environment differs from the one the server started
with (what an interpreter reads as it starts, such as the locale or ``PYTHONIOENCODING``, must be the same), but for
``PYTEST_CURRENT_TEST``, which pytest changes for every test.
"""

from __future__ import annotations

import atexit
import json
import locale
import os
import select
import subprocess
import sys
import tempfile
from pathlib import Path

SERVER = r"""
import importlib, json, os, pkgutil, random, sys, traceback
exe = sys.argv[1]
sys.path[0] = os.path.dirname(exe)  # as the installed script's interpreter has it (not the server's folder)
import cli
from cli.entry import main
for module in pkgutil.iter_modules(cli.__path__):  # what the commands import when they run
    importlib.import_module(f"cli.{module.name}")
import lifeboat.service.game.files, lifeboat.service.game.create, lifeboat.service.game.headers
requests, answers = os.fdopen(os.dup(0), "rb"), os.fdopen(os.dup(1), "wb")
null = os.open(os.devnull, os.O_RDWR)
os.dup2(null, 0), os.dup2(null, 1)  # the server's own stdin and stdout buffer nothing a child would inherit
answers.write(b"ready\n"), answers.flush()
for line in requests:
    args, cwd, env, folder = json.loads(line)
    stdin_r, stdin_w = os.pipe()
    sys.stdout.flush(), sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        try:
            requests.close(), answers.close(), os.close(stdin_w)
            os.dup2(stdin_r, 0), os.close(stdin_r)
            for fd, name in ((1, "out"), (2, "err")):
                os.dup2(os.open(f"{folder}/{name}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
            os.chdir(cwd)
            os.environ.clear(), os.environ.update(env)
            random.seed()  # the child's own random state, as a new process has
            sys.argv = [exe, *args]
        except BaseException:
            traceback.print_exc()
            os._exit(70)
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
    os.close(stdin_r)
    with open(f"{folder}/in", "rb") as typed:  # a pipe, as subprocess.run(input=...) gives
        data = typed.read()
    try:
        while data:
            data = data[os.write(stdin_w, data[:65536]):]
    except BrokenPipeError:
        pass
    os.close(stdin_w)
    status = os.waitpid(pid, 0)[1]
    answers.write(f"{os.waitstatus_to_exitcode(status)}\n".encode()), answers.flush()
"""


class _Server:
    """The forking interpreter of this test process, started at its first command."""

    def __init__(self, exe: str) -> None:
        self.exe = exe
        self.env = dict(os.environ)
        self.folder = tempfile.mkdtemp(prefix="lifeboat-forks-")
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER, exe], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=open(f"{self.folder}/server.err", "wb"),
                                     start_new_session=True)
        assert self._answer(60) == "ready", Path(self.folder, "server.err").read_text()

    def _answer(self, timeout: float) -> str:
        assert self.proc.stdout is not None
        if not select.select([self.proc.stdout], [], [], timeout)[0]:
            self.stop()
            raise subprocess.TimeoutExpired(self.exe, timeout)
        return self.proc.stdout.readline().decode().strip()

    def run(self, args: list[str], stdin: str, env: dict[str, str], timeout: float,
            cwd: str) -> subprocess.CompletedProcess[str]:
        assert self.proc.stdin is not None
        Path(self.folder, "in").write_bytes(stdin.encode(locale.getpreferredencoding(False)))
        self.proc.stdin.write(json.dumps([args, cwd, env, self.folder]).encode() + b"\n")
        self.proc.stdin.flush()
        answer = self._answer(timeout)
        if not answer:
            raise RuntimeError("the forking server ended: " + Path(self.folder, "server.err").read_text())
        return subprocess.CompletedProcess([self.exe, *args], int(answer), self._text("out"), self._text("err"))

    def _text(self, name: str) -> str:  # as subprocess.run(text=True) decodes a pipe
        data = Path(self.folder, name).read_bytes().decode(locale.getpreferredencoding(False))
        return data.replace("\r\n", "\n").replace("\r", "\n")

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, 9)  # the server and a child it waits for
        except ProcessLookupError:
            pass
        self.proc.wait()


_servers: dict[str, _Server] = {}


@atexit.register
def _stop_all() -> None:
    for server in _servers.values():
        server.stop()


def run(exe: str, args: list[str], stdin: str = "", timeout: float = 60,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``exe ARGS`` (``exe``: the installed ``lifeboat``), ``stdin`` typed in, in the folder ``cwd`` (default: this
    process's), in a child forked from this process's server; its exit code, stdout and stderr, as
    ``subprocess.run(capture_output=True, text=True)`` gives them. Raises ``subprocess.TimeoutExpired`` after
    ``timeout`` seconds (the server and the child are killed)."""
    env = dict(os.environ)
    server = _servers.get(exe)
    if server is not None and _startup(server.env) != _startup(env):  # the test changed the environment
        return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    if server is None or server.proc.poll() is not None:
        server = _servers[exe] = _Server(exe)
    try:
        return server.run(args, stdin, env, timeout, os.path.abspath(cwd or os.getcwd()))
    except subprocess.TimeoutExpired:
        del _servers[exe]
        raise


def _startup(env: dict[str, str]) -> dict[str, str]:
    """The environment but the variable pytest changes for every test (the children get it as it is)."""
    return {k: v for k, v in env.items() if k != "PYTEST_CURRENT_TEST"}
