"""Where the output cannot go as it is (docs/cli.md, "Exit codes"): a terminal or pipe whose encoding cannot show a
name gets it escaped (``Zo\\xeb``), never a crash after the game was written; a full disk on stdout is one line
and exit 2, not "this is a bug"; a pipe closed early (``| head``) ends lifeboat by SIGPIPE, silently, as it ends
``git log`` (the shell says 141; the pipeline's status is head's 0 unless ``pipefail``). The real
``lifeboat`` in a new process, stdout (or stderr) a real pipe, ``/dev/full`` or a pipe closed by its reader."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from tests.helpers import EXE

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "six-players.jsonl"


def test_a_name_the_encoding_cannot_show_is_escaped_not_a_crash(tmp_path: Path) -> None:
    game = tmp_path / "zz.jsonl"
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([EXE, "new", str(game), "--players", "Zoë,李雷,Ann,Bob", "--seed", "3"], env=env,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("ascii")  # nothing but ASCII was written
    assert "  Zo\\xeb: " in out and "  \\u674e\\u96f7: " in out and f"Next: lifeboat play {game}" in out
    done = subprocess.run([EXE, "replay", str(game)], env=env, capture_output=True, timeout=60)
    assert done.returncode == 0 and "Characters dealt: Zo\\xeb plays " in done.stdout.decode("ascii")


def test_a_byte_the_input_encoding_cannot_read_is_refused_not_a_crash(tmp_path: Path) -> None:
    """stdin under PYTHONIOENCODING=ascii: '船长: row' typed to record was a UnicodeDecodeError ("this is a bug");
    it is now the refusal of a line that is not text (NOTATION-1), the session going on."""
    game = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([EXE, "record", str(game), "--players", "Ann,Bob,Cy,Dee"], input="船长: row\n".encode(),
                          env=env, capture_output=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert "line 1: refused [NOTATION-1] the line holds '\\udce8', a control character or a byte that is not text" in (
        done.stdout.decode("ascii"))
    assert b"bug" not in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["replay", str(EXAMPLE)], ["--version"], ["score", str(EXAMPLE)]],
                         ids=["replay", "version", "score"])
def test_a_full_disk_on_stdout_is_one_line_not_a_bug(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([EXE, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "lifeboat: cannot write the output (No space left on device); what was printed stops there\n"


def test_a_pipe_closed_early_ends_lifeboat_as_it_ends_git_log() -> None:
    """``lifeboat replay g.jsonl | head -3`` exited 1 (typer's answer to a broken pipe), which docs/cli.md calls a
    bug. In a real shell pipe: nothing on stderr, lifeboat's status 141 (what ``pipefail`` reports, as for git
    log) and head's 0 (the pipeline's status without it), both read from one ``PIPESTATUS``.

    Deterministic, not a race with head: ``replay --json`` of the eight-player game is 129 KB, twice the 64 KiB a
    Linux pipe holds. head reads 8 KiB at a time and stops after its third line (under 6 KB), so at least 50 KB
    is still unwritten when it closes the pipe: lifeboat always meets the closed pipe, however late head runs."""
    game = EXAMPLE.with_name("eight-players.jsonl")
    done = subprocess.run(["bash", "-c", '"$0" replay --json "$1" | head -3; echo "status ${PIPESTATUS[*]}" >&2',
                           EXE, str(game)], capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith('{"') and done.stdout.count("\n") == 3, done.stdout[:200]
    assert done.stderr == "status 141 0\n", done.stderr  # no "Broken pipe", no traceback


def test_a_pipe_closed_early_on_stderr_ends_lifeboat_as_on_stdout() -> None:
    """``lifeboat nonsense 2>&1 | head -1`` exited 1 ("a bug", docs/cli.md) when head had gone before click wrote
    the rest of its usage error: only stdout's closed pipe was known. Now stderr's ends lifeboat by SIGPIPE too.

    Deterministic, not a race with head: in a real bash pipe, lifeboat starts only once head has closed it (the
    shell writes ``x`` until a write fails, SIGPIPE ignored for that), so its first write to stderr meets the closed
    pipe; its status (141, what ``pipefail`` reports) goes to another descriptor, head's (0) from PIPESTATUS."""
    script = ('exec 3>&2; { trap "" PIPE; echo first; while echo x 2>/dev/null; do :; done; "$0" nonsense; '
              'echo "lifeboat $?" >&3; } 2>&1 | head -1; echo "head ${PIPESTATUS[1]}" >&3')
    done = subprocess.run(["bash", "-c", script, EXE], capture_output=True, text=True, timeout=60)
    assert done.stdout == "first\n"
    assert done.stderr == "lifeboat 141\nhead 0\n", done.stderr  # no "Broken pipe", no traceback, no exit 1


def test_SETUP_1_a_name_holding_a_byte_the_locale_cannot_read_is_refused_before_anything_is_written(
        tmp_path: Path) -> None:
    """Under LC_ALL=C a name typed as UTF-8 reaches Python as lone surrogates: it was an internal error ("this is a
    bug", exit 1) when the journal was written; SETUP-1 now refuses it (exit 3) and writes nothing."""
    game = tmp_path / "zz.jsonl"
    env = {**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([EXE.encode(), b"new", bytes(game), b"--players", b"Zo\xebe,Ann,Bob,Cy"], env=env,
                          capture_output=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert b"[SETUP-1] player name 'Zo\\udcebe' holds a byte that is not text" in done.stderr, done.stderr
    assert not game.exists() and b"bug" not in done.stderr
