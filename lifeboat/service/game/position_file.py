"""The text of a position file (docs/position-format.md, POS-1) read into plain values, each key given once
(:func:`read_position`).

TOML refuses a key given twice; JSON's parser keeps the last one without a word, so a JSON position could say
``"quick_game": true`` and ``"quick_game": false`` and play the second. Both formats are held to the same rule here:
a key given twice is refused with POS-1 (exit 3), naming it, as OPT-1 refuses an ``--option`` given twice. An
option is a key of ``[options]``, so this is what keeps a position's options given once.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from lifeboat.errors import InvalidCommand
from lifeboat.service.errors import FileProblem
from lifeboat.i18n import _

_OVERWRITE = re.compile(r"Cannot overwrite a value \(at line (\d+), column \d+\)")
_KEY = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")
_TABLE = re.compile(r"\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(?:#.*)?$")
_CHARACTER = re.compile(r'\s*character\s*=\s*"([^"]*)"')
_NAMED = re.compile(r"([A-Za-z0-9_.\[\]-]+?)(?:\[\d+\])?: ")


class _Once(dict):  # type: ignore[type-arg]  # any TOML or JSON value
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
        raise InvalidCommand("POS-1", _("{path} is given twice ({first}, then {later}); give it once").format(path=path, first=json.dumps(first), later=json.dumps(later)))
    return data  # type: ignore[no-any-return]  # tomllib or json: a table


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
    return _("{table}{value} is given twice (lines {first} and {at}); give it once").format(table=table, value=key.group(1), first=first, at=at)


def _keys(text: str) -> dict[str, int]:
    """``{key as POS-1 names it: line}`` for the ``key = value`` lines of TOML ``text``: ``round``,
    ``options.quick_game``, a character's under its id and its place (``sir_stephen.hand``, ``characters[1].hand``);
    the first line wins."""
    out: dict[str, int] = {}
    lines = text.splitlines()
    prefixes, block = [""], -1
    for n, line in enumerate(lines, start=1):
        header = _TABLE.match(line)
        if header is not None:
            name = header.group(1)
            if name == "characters" and line.lstrip().startswith("[["):
                block += 1
                rest = lines[n:]
                end = next((i for i, x in enumerate(rest) if _TABLE.match(x)), len(rest))
                ids = [m.group(1) for m in map(_CHARACTER.match, rest[:end]) if m]
                prefixes = [f"characters[{block}]."] + [f"{x}." for x in ids[:1]]
            else:
                prefixes = [f"{name}."]
            continue
        key = _KEY.match(line)
        if key is not None:
            for prefix in prefixes:
                out.setdefault(prefix + key.group(1), n)
    return out


def position_line(text: str, message: str) -> int | None:
    """The line of the TOML position ``text`` that POS-1's ``message`` is about, when it starts with a key the file
    sets (``options.quick_game: expected true or false, …`` -> the line of ``quick_game`` in ``[options]``), else
    ``None`` (a key the file leaves out, a JSON file, a message about the whole position)."""
    named = _NAMED.match(message)
    return None if named is None else _keys(text).get(named.group(1))


def where(path: Path, message: str) -> str:
    """``FILE:LINE`` when POS-1's ``message`` names a key the TOML position at ``path`` sets on that line
    (:func:`position_line`), else ``FILE`` (a JSON file, a key left out, a file that cannot be read now)."""
    try:
        line = None if path.suffix.lower() == ".json" else position_line(path.read_text(encoding="utf-8"), message)
    except (OSError, UnicodeDecodeError):
        line = None
    return f"{path}:{line}" if line else str(path)


def read_position(path: Path) -> dict[str, Any]:
    """Read a position file (TOML, or JSON by its ``.json`` suffix; docs/position-format.md, POS-1) into plain
    values.

    Raises:
        FileProblem: the file cannot be read (missing, a directory, no permission): exit 4, as any input file.
        InvalidCommand: POS-1, the file is not TOML / JSON (the parser's line and column), not UTF-8, nested too
            deep, or gives a key twice (an option of ``[options]`` included, as OPT-1 refuses an ``--option``
            given twice; the checks above): exit 3, as a wrong field of the position is
            (docs/position-format.md "Errors").
    """
    import tomllib

    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FileProblem(_("{path}: cannot read the position file ({strerror}); name an existing TOML or JSON file "
                            "(docs/position-format.md)").format(path=path, strerror=exc.strerror)) from None
    kind = "JSON" if path.suffix.lower() == ".json" else "TOML"
    text = ""
    try:
        text = raw.decode("utf-8")
        return json_position(text) if kind == "JSON" else tomllib.loads(text)
    except RecursionError:
        raise InvalidCommand("POS-1", _("not a valid position file: nested too deep")) from None
    except UnicodeDecodeError as exc:
        raise InvalidCommand("POS-1", _("not a valid position file: not UTF-8 text (byte {start})").format(start=exc.start)) from None
    except ValueError as exc:
        twice = toml_twice(text, str(exc)) if kind == "TOML" else None
        raise InvalidCommand("POS-1", twice or _("not a valid position file: not {kind} ({exc})").format(kind=kind, exc=exc)) from None
