"""The text of a position file (docs/position-format.md, POS-1) read into plain values, each key given once.

TOML refuses a key given twice; JSON's parser keeps the last one without a word, so a JSON position could say
``"quick_game": true`` and ``"quick_game": false`` and play the second. Both formats are held to the same rule here:
a key given twice is refused with POS-1 (exit 3), naming it, as OPT-1 refuses an ``--option`` given twice. An
option is a key of ``[options]``, so this is what keeps a position's options given once.
"""

from __future__ import annotations

import json
import re
from typing import Any

from lifeboat.errors import InvalidCommand

_OVERWRITE = re.compile(r"Cannot overwrite a value \(at line (\d+), column \d+\)")
_KEY = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")
_TABLE = re.compile(r"\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(?:#.*)?$")


class _Once(dict):  # type: ignore[type-arg]
    """A JSON object, with the keys it gave more than once: ``(key, first value, later value)``."""

    twice: list[tuple[str, Any, Any]]


def _object(pairs: list[tuple[str, Any]]) -> _Once:
    out = _Once()
    out.twice = []
    for key, value in pairs:
        if key in out:
            out.twice.append((key, out[key], value))
        else:
            out[key] = value
    return out


def _first_twice(value: Any, where: str) -> tuple[str, Any, Any] | None:
    """The first key given twice in ``value`` (depth first, in file order), its dotted path from ``where``."""
    if isinstance(value, _Once):
        if value.twice:
            key, first, later = value.twice[0]
            return f"{where}{key}", first, later
        items: Any = ((f"{where}{k}", v) for k, v in value.items())
    elif isinstance(value, list):
        items = ((f"{where[:-1]}[{i}]", v) for i, v in enumerate(value))
    else:
        return None
    for path, inner in items:
        found = _first_twice(inner, f"{path}.")
        if found is not None:
            return found
    return None


def json_position(text: str) -> dict[str, Any]:
    """A JSON position's values. Raises ValueError (not JSON), InvalidCommand (POS-1: a key given twice)."""
    data = json.loads(text, object_pairs_hook=_object)
    found = _first_twice(data, "")
    if found is not None:
        path, first, later = found
        raise InvalidCommand("POS-1", f"{path} is given twice ({json.dumps(first)}, then {json.dumps(later)}); "
                                      "give it once")
    return data  # type: ignore[no-any-return]


def toml_twice(text: str, message: str) -> str | None:
    """The POS-1 message for tomllib's ``message`` when it is about a key given twice (``options.quick_game is
    given twice (lines 12 and 13); give it once``), else ``None`` (the parser's message is then the one to show)."""
    m = _OVERWRITE.search(message)
    if m is None:
        return None
    lines = text.splitlines()
    at = int(m.group(1))
    key = _KEY.match(lines[at - 1]) if 0 < at <= len(lines) else None
    if key is None:
        return None
    table, first = "", None
    for n in range(at - 1, 0, -1):
        header = _TABLE.match(lines[n - 1])
        if header is not None:
            table = header.group(1) + "."
            break
        same = _KEY.match(lines[n - 1])
        if same is not None and same.group(1) == key.group(1):
            first = n
    if first is None:
        return None
    return f"{table}{key.group(1)} is given twice (lines {first} and {at}); give it once"
