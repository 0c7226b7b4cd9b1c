"""Meta: rule ids in docs/rules.md, in the tests and in the code agree (every rule id)."""

from __future__ import annotations

import ast
import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
RULINGS = ROOT / "docs" / "rulings.md"


ID = re.compile(r"[A-Z]+-[0-9A-Z]+")
DEFINED = re.compile(r"^- \*\*([A-Z]+-[0-9A-Z]+)\*\*", re.MULTILINE)

# The ids the engine was designed with (the brief of issue 2); the doc must keep every one of them.
REQUIRED = (
    [f"SETUP-{i}" for i in range(1, 6)] + ["ROUND-1", "STATUS-1"] + [f"PROV-{i}" for i in range(1, 4)]
    + ["ACT-1", "ACT-2", "ROW-1", "ROW-2", "SWAP-1", "MUG-1", "MUG-2", "SPECIAL-1", "FLARE-1", "PARASOL-1",
       "MEDKIT-1", "CANNIBAL-1"] + [f"FIGHT-{i}" for i in range(1, 5)] + ["PLAY-1", "TRADE-1"]
    + [f"NAV-{i}" for i in range(1, 4)] + ["BIRD-1"] + [f"OVER-{i}" for i in range(1, 4)] + ["THIRST-1", "END-1",
    "END-2"] + [f"SCORE-{i}" for i in range(1, 4)] + [f"PROC-{i}" for i in range(1, 6)]
    + ["OPT-QUICK", "OPT-SHARK", "EXP-1", "REC-1", "TURN-1", "CARD-1", "CHANCE-1", "CHANCE-2", "OPT-1"]
    + [f"REF-{i}" for i in range(1, 10)]
)


def defined_ids() -> list[str]:
    return DEFINED.findall(RULES.read_text(encoding="utf-8"))


def rule_lines() -> dict[str, str]:
    return {m.group(1): m.group(0) + line for m, line in (
        (m, RULES.read_text(encoding="utf-8")[m.end():].split("\n", 1)[0])
        for m in DEFINED.finditer(RULES.read_text(encoding="utf-8")))}


def ids_raised_by_the_code() -> set[str]:
    """Every string constant shaped like a rule id in the engine (errors cite their rule so); the layers above it
    (``lifeboat.service``, ``bots``, ``web``) also name audit findings (``FORK-HASH``), which are not rules."""
    found: set[str] = set()
    layers = [ROOT / "lifeboat" / layer for layer in ("service", "bots", "web")]
    for path in (ROOT / "lifeboat").rglob("*.py"):
        if any(path.is_relative_to(layer) for layer in layers):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and ID.fullmatch(node.value):
                found.add(node.value)
    return found


def test_every_rule_is_defined_once_and_the_required_ones_are_there() -> None:
    ids = defined_ids()
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    assert sorted(set(REQUIRED) - set(ids)) == []


def test_every_rule_id_in_the_doc_is_cited_by_a_test() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py") if p.name != "test_rule_ids.py")
    missing = [i for i in defined_ids() if not re.search(rf"(?<![A-Z0-9-]){re.escape(i)}(?![0-9A-Z])", text)]
    assert missing == []


def test_every_rule_id_the_code_raises_is_in_the_doc() -> None:
    raised = ids_raised_by_the_code()
    assert {"TURN-1", "CARD-1", "CHANCE-1", "ROW-1", "REF-10"} <= raised  # the scan finds what it should
    assert sorted(raised - set(defined_ids())) == []


def test_every_rule_maps_to_rulings_or_says_it_is_ours() -> None:
    """Each rule line names its RUL-… ruling(s), is marked *(ours)*, or is a referee decision."""
    for rule_id, line in rule_lines().items():
        assert rule_id.startswith("REF-") or "← RUL-" in line or "*(ours)*" in line, line


def test_the_rulings_named_exist() -> None:
    """Every RUL-… id docs/rules.md names is a ruling of docs/rulings.md, and every ruling is named."""
    rulings = set(re.findall(r"^- \*\*(RUL-[A-Z0-9-]+)", RULINGS.read_text(encoding="utf-8"), re.MULTILINE))
    assert {"RUL-SETUP-1", "RUL-REC-1", "RUL-EXP-LIQUID", "RUL-OPT-SHARK"} <= rulings  # the scan finds what it should
    named = set(re.findall(r"RUL-[A-Z0-9]+(?:-[A-Z0-9]+)*", RULES.read_text(encoding="utf-8")))
    assert sorted(named - rulings) == []
    assert sorted(rulings - named) == []  # every ruling is implemented by (or mapped to) some rule
