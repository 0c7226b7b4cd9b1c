"""Types checked in CI (issue 27): mypy, strict, on all of ``lifeboat`` (the engine, bots, service and web) and on
``journal``, and on ``cli`` with its bodies checked but unannotated parameters allowed, as pyproject.toml's
``[tool.mypy]`` says, run the way a developer runs it (``python -m mypy`` in the project root); and
every ``type: ignore`` in the code it checks names its error code and says why."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?(?P<after>.*)$")


def checked_files() -> list[Path]:
    """The Python files ``[tool.mypy]`` checks: every one under its ``files`` (it excludes none)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert "exclude" not in config
    return [p for top in config["files"] for p in sorted((ROOT / top).rglob("*.py"))]


def test_mypy_passes_strict_on_lifeboat_and_journal_and_on_cli() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and set(config["files"]) == {"lifeboat", "journal", "cli"}
    relaxed = [o for o in config.get("overrides", []) if any(k.startswith("disallow") for k in o)]
    assert [o["module"] for o in relaxed] == [["cli", "cli.*"]]  # only the front end may leave parameters untyped
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert done.stdout.startswith("Success: no issues found")


def test_every_type_ignore_names_its_code_and_its_reason() -> None:
    files = checked_files()
    assert ROOT / "lifeboat" / "decide" / "__init__.py" in files and ROOT / "journal" / "jsonl.py" in files
    assert ROOT / "lifeboat" / "service" / "live" / "game.py" in files and ROOT / "lifeboat" / "web" / "app.py" in files
    assert ROOT / "cli" / "cmd_replay.py" in files
    bare = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = IGNORE.search(line)
            if m and (not m["codes"] or not re.match(r"\s+#\s*\S", m["after"])):
                bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert bare == [], "write `# type: ignore[code]  # why`:\n" + "\n".join(bare)


def test_the_wheel_ships_the_typed_markers() -> None:
    """PEP 561: ``py.typed`` in ``lifeboat`` and ``journal``, listed in the package data so the wheel has them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package in ("lifeboat", "journal"):
        assert (ROOT / package / "py.typed").is_file()
        assert "py.typed" in config["package-data"][package]
