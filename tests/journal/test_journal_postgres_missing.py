"""Without a PostgreSQL server the PostgreSQL tests fail, saying how to start one: they never skip silently."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_an_unreachable_server_fails_the_tests_with_how_to_start_one() -> None:
    env = {**os.environ, "LIFEBOAT_TEST_POSTGRES": "postgresql://postgres@127.0.0.1:1/postgres"}
    result = subprocess.run(  # -n 0: one process (the addopts' -n auto started two workers, ~3 s CPU, for one test)
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "--no-header",
         "tests/journal/test_journal_postgres.py::test_a_missing_game_and_an_unreachable_server_are_clear_errors"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "ERROR tests/journal/test_journal_postgres.py::" in result.stdout
    assert "skip" not in result.stdout.lower() and "During handling" not in result.stdout
    assert "PostgreSQL is not reachable at postgresql://postgres@127.0.0.1:1/postgres" in result.stdout
    assert "sudo pg_ctlcluster 15 main start" in result.stdout
    assert "docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16" in result.stdout
