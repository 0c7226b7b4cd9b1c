"""Mutation testing of the journal, the rules and the views (issue 19): does some test fail when the code is wrong?

Run by hand (not by pytest or CI), from the project root::

    .venv/bin/python bench/mutation.py [--module PATH]... [--sample N] [--seed S] [--timeout-factor F] [--list]

Each *mutant* is the code with one small change, made on Python's ``ast``: a comparison flipped (``==``/``!=``,
``<``/``<=``/``>``/``>=``, ``in``/``not in``, ``is``/``is not``), ``and``/``or`` swapped, a ``not`` dropped, an
``if``/``while`` condition negated, an integer constant moved by one, ``True``/``False`` swapped, ``+``/``-``
swapped, a ``raise`` replaced by ``pass`` (a check skipped), a call statement removed (``self._check()``), a
``return VALUE`` made ``return None``, a ``break``/``continue`` swapped. Docstrings, strings and ``assert``
statements are left alone.

For each mutant the module is written, changed, into a copy of the project (in ``/dev/shm`` when there is one)
and only the tests relevant to that module run there (:data:`TESTS`: a map from module to test files) with
``-x`` and a timeout (``--timeout-factor`` times the tests' own time on the unchanged code, plus 20 s). The
mutant is *killed* when they fail (or time out), and *survives* when they pass: then no test holds what the
changed line does, unless the change cannot alter behaviour (an *equivalent* mutant). The copy gets
``PYTHONPATH`` so the tests' child processes (the real CLI) run the mutant too.

Output: one line per mutant as it goes, then the kill rate per module and overall, and every survivor with its
file, line and change. ``--list`` only lists the mutants; ``--match 'FILE:LINE OP'`` picks mutants by name. A whole run is long (each mutant starts pytest):
``--sample N`` runs N mutants drawn at random (``--seed``), ``--module`` narrows to files or folders.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT
"""Where mutants are read from: the project, then (during a run) the run's copy, so editing the project while a
run goes on changes nothing in it."""

JOURNAL_TESTS = ("tests/journal/test_journal_tamper.py", "tests/journal/test_journal_reader_limits.py",
                 "tests/journal/test_journal_files.py", "tests/journal/test_journal_findings.py",
                 "tests/journal/test_journal_contract.py", "tests/journal/test_journal_mutants.py")
TESTS: dict[str, tuple[str, ...]] = {
    "journal/pg_journal.py": ("tests/journal/test_journal_postgres.py", "tests/journal/test_journal_contract.py"),
    "journal/pg_store.py": ("tests/journal/test_journal_postgres.py", "tests/journal/test_journal_contract.py"),
    "journal/": JOURNAL_TESTS,
    "lifeboat/decide/": ("tests/engine",),
    "lifeboat/scoring.py": ("tests/engine/test_scoring.py", "tests/engine/test_round.py", "tests/engine"),
    "lifeboat/views/": ("tests/views", "tests/golden"),
}
"""Module (a file, or a folder ending in ``/``; the most specific wins) -> the tests to run for its mutants."""

SCOPE = ("journal/", "lifeboat/decide/", "lifeboat/scoring.py", "lifeboat/views/")
SKIP_FILES = ("__main__.py",)


def tests_for(module: str) -> tuple[str, ...]:
    best = max((k for k in TESTS if module == k or (k.endswith("/") and module.startswith(k))), key=len)
    return tuple(dict.fromkeys(TESTS[best]))


def modules(scope: tuple[str, ...]) -> list[str]:
    found = []
    for item in scope:
        path = SOURCE / item
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        found += [str(f.relative_to(SOURCE)) for f in files if f.name not in SKIP_FILES]
    return sorted(dict.fromkeys(found))


# ------------------------------------------------------------------------------------------------- mutations

COMPARE_SWAP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
                ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
BINOP_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
              ast.Mod: ast.FloorDiv}


def _skipped(tree: ast.AST) -> set[int]:
    """ids of nodes never mutated: docstrings, assert statements, ``__all__``, annotations."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for arg in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
                if arg.annotation is not None:
                    skip.update(id(n) for n in ast.walk(arg.annotation))
            if node.returns is not None:
                skip.update(id(n) for n in ast.walk(node.returns))
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    return skip


def _ops(node: ast.AST, parent: ast.AST | None) -> Iterator[str]:
    """The mutation operators that apply to ``node``."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in COMPARE_SWAP:
                yield f"compare{i}"
            if type(op) in (ast.Lt, ast.Gt):
                yield f"flip{i}"
    elif isinstance(node, ast.BoolOp):
        yield "boolop"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "drop_not"
    elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAP:
        if not (isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)):
            yield "binop"
    elif isinstance(node, ast.AugAssign) and type(node.op) in (ast.Add, ast.Sub):
        yield "augassign"
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield "bool"
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield "int"
    elif isinstance(node, (ast.If, ast.While)):
        yield "negate"
    elif isinstance(node, ast.Raise):
        yield "raise_pass"
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        yield "drop_call"
    elif isinstance(node, ast.Return) and node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None):
        yield "return_none"
    elif isinstance(node, ast.Break):
        yield "break_continue"
    elif isinstance(node, ast.Continue):
        yield "continue_break"


@dataclass(frozen=True)
class Mutant:
    module: str
    index: int  # position of the node in ast.walk order
    op: str
    line: int
    before: str
    after: str

    @property
    def name(self) -> str:
        return f"{self.module}:{self.line} {self.op}"


def _apply(node: ast.AST, op: str) -> ast.AST:
    """``node`` changed by ``op`` (in place where possible); returns the node to put in its place."""
    if op.startswith("compare"):
        i = int(op[7:])
        node.ops[i] = COMPARE_SWAP[type(node.ops[i])]()  # type: ignore[attr-defined]
    elif op.startswith("flip"):
        i = int(op[4:])
        node.ops[i] = ast.Gt() if isinstance(node.ops[i], ast.Lt) else ast.Lt()  # type: ignore[attr-defined]
    elif op == "boolop":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()  # type: ignore[attr-defined]
    elif op == "drop_not":
        return node.operand  # type: ignore[attr-defined]
    elif op == "binop":
        node.op = BINOP_SWAP[type(node.op)]()  # type: ignore[attr-defined]
    elif op == "augassign":
        node.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()  # type: ignore[attr-defined]
    elif op == "bool":
        node.value = not node.value  # type: ignore[attr-defined]
    elif op == "int":
        node.value = node.value + 1  # type: ignore[attr-defined]
    elif op == "negate":
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)  # type: ignore[attr-defined]
    elif op in ("raise_pass", "drop_call"):
        return ast.copy_location(ast.Pass(), node)
    elif op == "return_none":
        node.value = ast.Constant(value=None)  # type: ignore[attr-defined]
    elif op == "break_continue":
        return ast.copy_location(ast.Continue(), node)
    elif op == "continue_break":
        return ast.copy_location(ast.Break(), node)
    return node


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for field, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, field, new)
            return
        if isinstance(value, list):
            for i, item in enumerate(value):
                if item is old:
                    value[i] = new
                    return


def _short(node: ast.AST) -> str:
    if isinstance(node, (ast.If, ast.While)):
        text = ("if " if isinstance(node, ast.If) else "while ") + ast.unparse(node.test) + ":"
    else:
        text = ast.unparse(node).split("\n")[0]
    return text if len(text) <= 100 else text[:97] + "..."


def mutants_of(module: str) -> list[Mutant]:
    source = (SOURCE / module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    skip = _skipped(tree)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {id(n.body[0]) for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef,
                  ast.AsyncFunctionDef)) and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    found = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skip or id(node) in docstrings or not hasattr(node, "lineno"):
            continue
        for op in _ops(node, parents.get(id(node))):
            changed = _apply(copy.deepcopy(node), op)
            found.append(Mutant(module, index, op, node.lineno, _short(node), _short(changed)))
    return found


def mutated_source(m: Mutant) -> str:
    tree = ast.parse((SOURCE / m.module).read_text(encoding="utf-8"))
    nodes = list(ast.walk(tree))
    parents = {id(child): node for node in nodes for child in ast.iter_child_nodes(node)}
    node = nodes[m.index]
    new = _apply(node, m.op)
    if new is not node:
        _replace(parents[id(node)], node, new)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


# ------------------------------------------------------------------------------------------------- running


def make_copy() -> Path:
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    target = Path(tempfile.mkdtemp(prefix="lifeboat-mutation-", dir=base)) / "lifeboat"
    shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info",
                                                              ".hypothesis", ".pytest_cache", "node_modules"))
    return target


def run_tests(work: Path, tests: tuple[str, ...], timeout: float) -> tuple[str, float, str]:
    """``("pass" | "fail" | "timeout", seconds, output)`` for the tests, run in ``work``."""
    env = dict(os.environ, PYTHONPATH=str(work), PYTHONDONTWRITEBYTECODE="1")
    env.pop("CI", None)
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0", "-m", "not slow",
               "--no-header", *tests]
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start, ""
    output = (done.stdout + done.stderr).decode("utf-8", "replace")
    return ("pass" if done.returncode == 0 else "fail"), time.monotonic() - start, output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", action="append", help="a file or folder in scope (repeatable)")
    parser.add_argument("--sample", type=int, help="run only N mutants drawn at random")
    parser.add_argument("--seed", type=int, default=1, help="the draw of --sample (default 1)")
    parser.add_argument("--timeout-factor", type=float, default=3.0)
    parser.add_argument("--match", action="append", help="only mutants whose name ('FILE:LINE OP') equals this "
                        "(repeatable; e.g. to check that new tests kill the survivors of a run)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = parser.parse_args(argv)
    missing = [m for m in args.module or () if not (ROOT / m).exists()]
    if missing:  # one line, not a FileNotFoundError from deep in the copy
        print(f"bench/mutation.py: --module {missing[0]}: no such file or folder in {ROOT} (give a path from there, "
              "e.g. journal/ or lifeboat/scoring.py)", file=sys.stderr)
        return 2
    global SOURCE
    scope = tuple(args.module) if args.module else SCOPE
    work = None if args.list else make_copy()
    SOURCE = work or ROOT
    every = [m for module in modules(scope) for m in mutants_of(module)]
    if args.match:
        every = [m for m in every if m.name in args.match]
    chosen = every if args.sample is None else sorted(
        random.Random(args.seed).sample(every, min(args.sample, len(every))), key=lambda m: (m.module, m.index, m.op))
    print(f"{len(every)} mutants in {', '.join(scope)}; running {len(chosen)}", flush=True)
    if work is None:
        for m in chosen:
            print(f"{m.name}: {m.before}  ->  {m.after}")
        return 0
    baseline: dict[tuple[str, ...], float] = {}
    results: list[tuple[Mutant, str]] = []
    try:
        for n, m in enumerate(chosen, 1):
            tests = tests_for(m.module)
            if tests not in baseline:
                outcome, took, output = run_tests(work, tests, 1800)
                if outcome != "pass":
                    print(f"the tests {' '.join(tests)} fail on the unchanged code: fix them first\n"
                          + "\n".join(output.splitlines()[-30:]), flush=True)
                    return 2
                baseline[tests] = took
                print(f"baseline {took:.0f} s: {' '.join(tests)}", flush=True)
            target = work / m.module
            original = target.read_text(encoding="utf-8")
            try:
                target.write_text(mutated_source(m), encoding="utf-8")
                outcome, took, _ = run_tests(work, tests, args.timeout_factor * baseline[tests] + 20)
            finally:
                target.write_text(original, encoding="utf-8")
            verdict = "survived" if outcome == "pass" else ("killed" if outcome == "fail" else "killed (timeout)")
            results.append((m, verdict))
            print(f"[{n}/{len(chosen)}] {verdict:16} {took:5.0f} s  {m.name}: {m.before}  ->  {m.after}", flush=True)
    finally:
        shutil.rmtree(work.parent, ignore_errors=True)
        report(results)
    return 0


def report(results: list[tuple[Mutant, str]]) -> None:
    if not results:
        return
    print("\nkill rate per module:")
    by_module: dict[str, list[str]] = {}
    for m, verdict in results:
        by_module.setdefault(m.module, []).append(verdict)
    for module, verdicts in sorted(by_module.items()):
        killed = sum(v != "survived" for v in verdicts)
        print(f"  {module:32} {killed:4}/{len(verdicts):<4} {100 * killed / len(verdicts):5.1f}%")
    killed = sum(v != "survived" for _, v in results)
    print(f"overall: {killed}/{len(results)} killed, {100 * killed / len(results):.1f}%")
    survivors = [m for m, v in results if v == "survived"]
    print(f"\nsurvivors ({len(survivors)}):")
    for m in survivors:
        print(f"  {m.name}: {m.before}  ->  {m.after}")


if __name__ == "__main__":
    sys.exit(main())
