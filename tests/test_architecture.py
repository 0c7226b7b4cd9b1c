"""Architecture: imports go one way (docs/architecture.md).

    cli ─────────> lifeboat.service ─┬─> lifeboat.bots ─┐
    lifeboat.web ─┘                  ├──────────────────┴─> lifeboat (the engine: pure, stdlib + msgspec)
                                     └─> journal              (generic: knows nothing of the game)

The wheel installs three import names, ``lifeboat``, ``cli`` and ``journal`` (the design card's top level). Inside
``lifeboat``, the *engine* is every module but the three layers ``lifeboat.service``, ``lifeboat.bots`` and
``lifeboat.web``.

- The engine imports only the standard library, msgspec and itself (never a layer above it); ``journal`` nothing of
  ours but itself.
- ``service`` is the only layer that imports both the engine and ``journal``; it imports no front end.
- ``bots`` imports only the engine (and the standard library and msgspec); only ``service`` imports ``bots``.
- ``cli`` calls ``service``; it never imports ``journal``, and of the engine only what it renders: card names
  (``cards``), commands and their notation (``commands``, ``notation``), views (``views``) and the state's types
  (``state``). ``web`` imports ``service`` only (and its server's libraries: Starlette, uvicorn, segno).
- Nothing imports ``cli`` or ``web`` (the tests do, to drive them), except ``cli/cmd_serve.py``, which starts the web
  server for ``lifeboat serve``, and ``cli/cmd_html.py``, which writes ``lifeboat.web.viewer``'s page for
  ``replay --html``.
Every import counts, including those inside functions (the CLI imports lazily to start fast).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)
TOPS = {"lifeboat", "journal", "cli"}  # the installed import names
LAYERS = ("service", "bots", "web")  # lifeboat's subpackages above the engine
# the directory of each part, from the project root
PARTS = {"engine": "lifeboat", "journal": "journal", "cli": "cli",
         **{layer: f"lifeboat/{layer}" for layer in LAYERS}}
OURS = set(PARTS)
# lifeboat.i18n: the language what the cli prints is written in (--lang, issue 29)
CLI_MAY_RENDER = {"lifeboat.cards", "lifeboat.commands", "lifeboat.notation", "lifeboat.views", "lifeboat.state",
                  "lifeboat.i18n"}


def part_of(name: str) -> str | None:
    """Which part of ours the dotted module ``name`` belongs to (``engine``, ``service``, ``bots``, ``web``,
    ``journal``, ``cli``), or ``None`` for the standard library and third parties."""
    bits = name.split(".")
    if bits[0] == "lifeboat":
        return bits[1] if len(bits) > 1 and bits[1] in LAYERS else "engine"
    return bits[0] if bits[0] in TOPS else None


def top(name: str) -> str:
    """The part of ours, or else the top-level distribution import name, of ``name``."""
    return part_of(name) or name.split(".")[0]


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
                names.add(f"{base}.{alias.name}" if base.split(".")[0] in TOPS and is_module else base)
    return names


def imports_of(part: str) -> dict[str, set[str]]:
    """``{file: dotted names it imports}`` for every Python file of ``part`` (a key of :data:`PARTS`; the engine
    leaves out the layers' folders)."""
    folder = ROOT / PARTS[part]
    layers = [ROOT / "lifeboat" / layer for layer in LAYERS] if part == "engine" else []
    return {str(p.relative_to(ROOT)): _module_imports(p) for p in sorted(folder.rglob("*.py"))
            if not any(p.is_relative_to(layer) for layer in layers)}


def tops(names: set[str]) -> set[str]:
    return {top(n) for n in names}


def offending(part: str, allowed: set[str]) -> dict[str, list[str]]:
    """Files of ``part`` importing a part of ours or a distribution outside ``allowed``."""
    found = {f: sorted(tops(names) - allowed) for f, names in imports_of(part).items()}
    return {f: bad for f, bad in found.items() if bad}


def test_the_wheel_installs_three_import_names() -> None:
    """The design card's top level: ``lifeboat``, ``cli`` and ``journal`` (issue 27), nothing else."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'include = ["lifeboat*", "journal*", "cli*"]' in text
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages == TOPS


def test_engine_imports_only_stdlib_and_msgspec() -> None:
    """The engine part of ``lifeboat`` imports nothing of ``lifeboat.service``/``bots``/``web``, ``journal`` or
    ``cli``."""
    assert offending("engine", STDLIB | {"msgspec", "engine"}) == {}


def test_journal_knows_nothing_of_the_game_or_of_anything_of_ours() -> None:
    found = {f: sorted(tops(names) & (OURS - {"journal"})) for f, names in imports_of("journal").items()}
    assert {f: n for f, n in found.items() if n} == {}


def test_bots_import_only_the_game() -> None:
    assert offending("bots", STDLIB | {"msgspec", "engine", "bots"}) == {}


def test_only_service_drives_the_bots() -> None:
    found = {f: "bots" for part in ("engine", "journal", "cli", "web")
             for f, names in imports_of(part).items() if "bots" in tops(names)}
    assert found == {}
    assert any("bots" in tops(names) for names in imports_of("service").values())


def test_service_imports_the_core_and_the_journal_and_no_front_end() -> None:
    found = {f: sorted(tops(names) & {"cli", "web"}) for f, names in imports_of("service").items()}
    assert {f: n for f, n in found.items() if n} == {}


WEB_IN_CLI = {"cli/cmd_serve.py", "cli/cmd_html.py"}


def test_cli_calls_service_never_the_journal_and_reads_only_what_it_renders_of_the_core() -> None:
    found = {}
    for f, names in imports_of("cli").items():
        bad = sorted(n for n in names if part_of(n) in {"journal", "bots"}
                     or (part_of(n) == "web" and f not in WEB_IN_CLI)
                     or (part_of(n) == "engine" and ".".join(n.split(".")[:2]) not in CLI_MAY_RENDER))
        if bad:
            found[f] = bad
    assert found == {}


WEB_SERVER = {"starlette", "anyio", "uvicorn", "segno"}  # the ASGI framework, its server, terminal QR codes


def test_web_calls_only_service() -> None:
    """lifeboat.web is a front end: the standard library, msgspec, service and the web server's libraries (never
    journal, the engine, bots or cli)."""
    assert offending("web", STDLIB | {"msgspec", "service", "web"} | WEB_SERVER) == {}


def test_only_service_imports_both_the_engine_and_journal() -> None:
    both = sorted(f for part in ("engine", "journal", "cli", "web", "bots")
                  for f, names in imports_of(part).items() if {"engine", "journal"} <= tops(names))
    assert both == []
    assert any({"engine", "journal"} <= tops(names) for names in imports_of("service").values())


def test_nothing_imports_a_front_end() -> None:
    for part in ("engine", "journal", "service", "bots"):
        found = {f: sorted(tops(names) & {"cli", "web"}) for f, names in imports_of(part).items()}
        assert {f: n for f, n in found.items() if n} == {}
    # the exceptions: `lifeboat serve` starts the web server (cli/cmd_serve.py parses, prints links, runs it), and
    # `replay --html` writes the viewer's page (cli/cmd_html.py; lifeboat.web.viewer is stdlib only, no server)
    assert {f: "web" for f, names in imports_of("cli").items() if "web" in tops(names)} == {
        f: "web" for f in WEB_IN_CLI}


def test_the_packages_exist() -> None:
    assert len(imports_of("engine")) >= 2
    assert len(imports_of("journal")) >= 1
    assert len(imports_of("service")) >= 5
    assert len(imports_of("bots")) >= 5
    assert len(imports_of("web")) >= 3
    assert len(imports_of("cli")) >= 5


def test_service_uses_the_journal_s_public_api_only() -> None:
    """``import journal`` and its documented names; never ``journal.codec`` and the like (audit reads with
    :func:`journal.read_with_findings`)."""
    found = {f: sorted(n for n in names if n.startswith("journal.")) for f, names in imports_of("service").items()}
    assert {f: n for f, n in found.items() if n} == {}


def _module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_no_import_cycles_between_modules_of_a_front_end_or_the_service() -> None:
    for part in ("cli", "service", "web"):
        package = _module_name(PARTS[part])
        graph = {_module_name(f): {n for n in names if part_of(n) == part}
                 for f, names in imports_of(part).items()}
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
