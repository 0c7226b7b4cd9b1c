"""Meta (issue 19): the test suite itself keeps its promises. Plain ``pytest`` collects from the project root as
``python -m pytest`` does (``tests/journal`` must not shadow the ``journal`` package), and every area has a fast
property test that draws fresh seeds in CI (Hypothesis derandomizes every test when it sees a CI environment,
unless the test says ``derandomize=False``) and prints the failing example."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
AREAS = ("engine", "notation", "views", "journal")


def fresh_property_tests(area: str) -> list[str]:
    """The tests of ``tests/AREA`` not marked slow whose ``@settings`` say ``derandomize=False`` and
    ``print_blob=True``."""
    found = []
    for path in sorted((ROOT / "tests" / area).glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            marks = {ast.unparse(d) for d in node.decorator_list}
            if "pytest.mark.slow" in marks:
                continue
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and ast.unparse(d.func) == "settings":
                    kw = {k.arg: ast.unparse(k.value) for k in d.keywords}
                    if kw.get("derandomize") == "False" and kw.get("print_blob") == "True":
                        found.append(f"{path.name}::{node.name}")
    return found


@pytest.mark.parametrize("area", AREAS)
def test_each_area_has_a_fast_property_test_with_fresh_seeds(area: str) -> None:
    assert fresh_property_tests(area), f"tests/{area} has no fast property test with derandomize=False"


def test_the_scan_finds_the_known_ones() -> None:
    assert "test_properties.py::test_random_games_keep_every_invariant" in fresh_property_tests("engine")
    assert "test_leaks.py::test_no_view_shows_what_its_audience_cannot_know" not in fresh_property_tests("views")


def test_plain_pytest_collects_the_journal_tests_from_the_root() -> None:
    """``pytest`` (the script: the project root is not on sys.path by itself) imports the ``journal`` package."""
    script = Path(sys.executable).with_name("pytest")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([str(script), "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider",
                             "tests/journal/test_journal_reader_limits.py"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    same = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider",
                           "tests/journal/test_journal_reader_limits.py"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    count = result.stdout.split()
    assert count[0] == "tests/journal/test_journal_reader_limits.py:" and int(count[1]) >= 12, result.stdout
    assert count == same.stdout.split(), same.stdout  # the same tests as python -m pytest finds
