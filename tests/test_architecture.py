"""Architecture: imports go one way (docs/architecture.md).

cli -> lifeboat, cli -> journal; never lifeboat -> journal, journal -> lifeboat, or anything -> cli.
The pure core (lifeboat/) imports only the standard library and msgspec.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)


def imports_of(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_core_imports_only_stdlib_and_msgspec() -> None:
    bad = {
        f: sorted(n for n in names if n not in STDLIB and n not in {"msgspec", "lifeboat"})
        for f, names in imports_of("lifeboat").items()
    }
    assert {f: n for f, n in bad.items() if n} == {}


def test_journal_knows_nothing_of_the_game_or_the_cli() -> None:
    bad = {f: sorted(names & {"lifeboat", "cli"}) for f, names in imports_of("journal").items()}
    assert {f: n for f, n in bad.items() if n} == {}


def test_nothing_imports_cli_but_cli() -> None:
    for package in ("lifeboat", "journal"):
        bad = {f: "cli" for f, names in imports_of(package).items() if "cli" in names}
        assert bad == {}


def test_the_packages_exist() -> None:
    assert len(imports_of("lifeboat")) >= 2
    assert len(imports_of("journal")) >= 1


def test_web_calls_only_service() -> None:
    """web/ is a front end: the standard library, msgspec and service (never journal, lifeboat or cli)."""
    bad = {
        f: sorted(n for n in names if n not in STDLIB and n not in {"msgspec", "service", "web"})
        for f, names in imports_of("web").items()
    }
    assert {f: n for f, n in bad.items() if n} == {}
