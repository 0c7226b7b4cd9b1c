"""The bench/ scripts (run by hand, never timed here) refuse a mistyped path in one line, exit 2, before any work:
``--dir`` naming a folder that does not exist (or a file) crashed in tempfile.mkdtemp with a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def bench(script: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "bench" / script), *map(str, args)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


@pytest.mark.parametrize("script", ["replay.py", "append.py"])
def test_a_dir_that_is_not_a_folder_is_one_line(script: str, tmp_path: Path) -> None:
    nope = tmp_path / "nope"
    done = bench(script, "--dir", nope)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", (
        f"bench/{script}: --dir {nope}: no such folder; create it (mkdir {nope}) or leave --dir out (a temp dir)\n"))
    (tmp_path / "file").write_text("not a folder")
    done = bench(script, "--dir", tmp_path / "file")
    assert (done.returncode, done.stderr) == (2, (
        f"bench/{script}: --dir {tmp_path / 'file'}: is a file, not a folder; name a folder or leave --dir out (a "
        "temp dir)\n"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]  # nothing made


def test_mutation_module_that_is_not_there_is_one_line() -> None:
    done = bench("mutation.py", "--module", "nope/missing.py", "--list")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", (
        f"bench/mutation.py: --module nope/missing.py: no such file or folder in {ROOT} (give a path from there, "
        "e.g. journal/ or lifeboat/scoring.py)\n"))
