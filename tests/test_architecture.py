"""Architecture: imports go one way (docs/architecture.md).

    cli ─┐            ┌─> bots ─┐
         ├─> service ─┼─────────┴─> lifeboat   (pure: stdlib + msgspec)
    web ─┘            └─> journal              (generic: knows nothing of the game)

- ``lifeboat`` imports only the standard library, msgspec and itself; ``journal`` nothing of ours but itself.
- ``service`` is the only package that imports both ``lifeboat`` and ``journal``; it imports no front end.
- ``bots`` imports only ``lifeboat`` (and the standard library and msgspec); only ``service`` imports ``bots``.
- ``cli`` calls ``service``; it never imports ``journal``, and of ``lifeboat`` only what it renders: card names
  (``cards``), commands and their notation (``commands``, ``notation``), views (``views``) and the state's types
  (``state``). ``web`` imports ``service`` only (and its server's libraries: Starlette, uvicorn, segno).
- Nothing imports ``cli`` or ``web`` (the tests do, to drive them), except ``cli/cmd_serve.py``, which starts the web
  server for ``lifeboat serve``, and ``cli/cmd_html.py``, which writes ``web.viewer``'s page for ``replay --html``.
Every import counts, including those inside functions (the CLI imports lazily to start fast).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)
OURS = {"lifeboat", "journal", "service", "bots", "cli", "web"}
CLI_MAY_RENDER = {"lifeboat.cards", "lifeboat.commands", "lifeboat.notation", "lifeboat.views", "lifeboat.state"}


def _module_imports(path: Path) -> set[str]:
    """Dotted names imported by the file at ``path``; ``from a import b`` counts as ``a.b`` when ``a/b`` is a
    module or package of ours, else as ``a``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}: relative import (write the package name)"
            base = node.module
            for alias in node.names:
                sub = ROOT / Path(*base.split(".")) / alias.name
                is_module = sub.with_suffix(".py").exists() or (sub / "__init__.py").exists()
                names.add(f"{base}.{alias.name}" if base.split(".")[0] in OURS and is_module else base)
    return names


def imports_of(package: str) -> dict[str, set[str]]:
    """``{file: dotted names it imports}`` for every Python file of ``package`` (empty if it does not exist)."""
    return {str(p.relative_to(ROOT)): _module_imports(p) for p in sorted((ROOT / package).rglob("*.py"))}


def tops(names: set[str]) -> set[str]:
    return {n.split(".")[0] for n in names}


def offending(package: str, allowed: set[str]) -> dict[str, list[str]]:
    """Files of ``package`` importing a top-level package outside ``allowed``."""
    found = {f: sorted(tops(names) - allowed) for f, names in imports_of(package).items()}
    return {f: bad for f, bad in found.items() if bad}


def test_core_imports_only_stdlib_and_msgspec() -> None:
    assert offending("lifeboat", STDLIB | {"msgspec", "lifeboat"}) == {}


def test_journal_knows_nothing_of_the_game_or_of_anything_of_ours() -> None:
    found = {f: sorted(tops(names) & (OURS - {"journal"})) for f, names in imports_of("journal").items()}
    assert {f: n for f, n in found.items() if n} == {}


def test_bots_import_only_the_game() -> None:
    assert offending("bots", STDLIB | {"msgspec", "lifeboat", "bots"}) == {}


def test_only_service_drives_the_bots() -> None:
    found = {f: "bots" for package in ("lifeboat", "journal", "cli", "web")
             for f, names in imports_of(package).items() if "bots" in tops(names)}
    assert found == {}
    assert any("bots" in tops(names) for names in imports_of("service").values())


def test_service_imports_the_core_and_the_journal_and_no_front_end() -> None:
    found = {f: sorted(tops(names) & {"cli", "web"}) for f, names in imports_of("service").items()}
    assert {f: n for f, n in found.items() if n} == {}


WEB_IN_CLI = {"cli/cmd_serve.py", "cli/cmd_html.py"}


def test_cli_calls_service_never_the_journal_and_reads_only_what_it_renders_of_the_core() -> None:
    found = {}
    for f, names in imports_of("cli").items():
        bad = sorted(n for n in names if n.split(".")[0] == "journal"
                     or (n.split(".")[0] == "web" and f not in WEB_IN_CLI)
                     or (n.split(".")[0] == "lifeboat" and ".".join(n.split(".")[:2]) not in CLI_MAY_RENDER))
        if bad:
            found[f] = bad
    assert found == {}


def test_web_calls_service_only() -> None:
    found = {f: sorted(tops(names) & {"lifeboat", "journal", "cli"}) for f, names in imports_of("web").items()}
    assert {f: n for f, n in found.items() if n} == {}


WEB_SERVER = {"starlette", "anyio", "uvicorn", "segno"}  # the ASGI framework, its server, terminal QR codes


def test_web_calls_only_service() -> None:
    """web/ is a front end: the standard library, msgspec, service and the web server's libraries (never
    journal, lifeboat or cli)."""
    assert offending("web", STDLIB | {"msgspec", "service", "web"} | WEB_SERVER) == {}


def test_only_service_imports_both_lifeboat_and_journal() -> None:
    both = sorted(f for package in ("lifeboat", "journal", "cli", "web")
                  for f, names in imports_of(package).items() if {"lifeboat", "journal"} <= tops(names))
    assert both == []
    assert any({"lifeboat", "journal"} <= tops(names) for names in imports_of("service").values())


def test_nothing_imports_a_front_end() -> None:
    for package in ("lifeboat", "journal", "service"):
        found = {f: sorted(tops(names) & {"cli", "web"}) for f, names in imports_of(package).items()}
        assert {f: n for f, n in found.items() if n} == {}
    # the exceptions: `lifeboat serve` starts the web server (cli/cmd_serve.py parses, prints links, runs it), and
    # `replay --html` writes the viewer's page (cli/cmd_html.py; web.viewer is stdlib only, no server)
    assert {f: "web" for f, names in imports_of("cli").items() if "web" in tops(names)} == {
        f: "web" for f in WEB_IN_CLI}


def test_the_packages_exist() -> None:
    assert len(imports_of("lifeboat")) >= 2
    assert len(imports_of("journal")) >= 1
    assert len(imports_of("service")) >= 5
    assert len(imports_of("bots")) >= 5
    assert len(imports_of("cli")) >= 5


def test_service_uses_the_journal_s_public_api_only() -> None:
    """``import journal`` and its documented names; never ``journal.codec`` and the like (audit reads with
    :func:`journal.read_with_findings`)."""
    found = {f: sorted(n for n in names if n.startswith("journal.")) for f, names in imports_of("service").items()}
    assert {f: n for f, n in found.items() if n} == {}


def _module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_no_import_cycles_between_modules_of_a_front_end_or_the_service() -> None:
    for package in ("cli", "service", "web"):
        graph = {_module_name(f): {n for n in names if n.split(".")[0] == package}
                 for f, names in imports_of(package).items()}
        cycles = set()

        def visit(node: str, path: tuple[str, ...]) -> None:
            for nxt in graph.get(node, ()):
                if nxt in path:
                    cycles.add(path[path.index(nxt):])
                elif len(path) < 12:
                    visit(nxt, (*path, nxt))

        for start in graph:
            if start != package:  # the package's __init__ re-exports its modules
                visit(start, (start,))
        assert {c for c in cycles if package not in c} == set()
