"""msgspec's validation errors of a position file, in the file's own words (docs/position-format.md, POS-1).

msgspec says ``Expected `bool`, got `str` - at `$.quick_game```; a user wrote ``quick_game = "yes"`` in
``[options]``. :func:`explain` turns the first into ``options.quick_game: expected true or false, got the text
"yes"``: the key as the file names it (a character's fields under its id, ``sir_stephen.hand``), what the field
takes, what the file gives, and, where the value is only mis-quoted, how to write it. TOML and JSON alike: the
message is made from the decoded values, not from either syntax.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

_EXPECTED = re.compile(r"Expected `([^`]+)`, got `[^`]+`")
_ENUM = re.compile(r"Invalid enum value ")
_MISSING = re.compile(r"Object missing required field `([^`]+)`")
_UNKNOWN = re.compile(r"Object contains unknown field `([^`]+)`")
_AT = re.compile(r" - at `\$([^`]*)`$")
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")

_WORDS = {"bool": "true or false", "int": "a whole number", "float": "a number", "str": "text in quotes",
          "array": "a list", "object": "a table of keys"}
_TEXT_CUT = 40  # characters of a quoted value shown at most


def _words(kind: str) -> str:
    """``int | null`` -> ``a whole number``: what a field of msgspec type ``kind`` takes, in a user's words."""
    kinds = [k.strip() for k in kind.split("|") if k.strip() != "null"]
    return " or ".join(_WORDS.get(k, k) for k in kinds) or kind


def _found(value: object) -> str:
    """What the file gives, printable and short: ``the text "yes"``, ``3``, ``true``, ``a list``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = json.dumps(value[:_TEXT_CUT])  # escapes control characters: nothing unprintable reaches a terminal
        return f"the text {text}" + ("…" if len(value) > _TEXT_CUT else "")
    if isinstance(value, (int, float)):
        return repr(value)
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a table of keys"
    return f"a {type(value).__name__}"  # TOML dates and times


def _hint(kind: str, value: object) -> str:
    """How to write ``value`` as a ``kind`` when it is only written the wrong way (quoted, or not a list)."""
    if isinstance(value, str):
        plain = value.strip()
        if "bool" in kind and plain in ("true", "false"):
            return f" (write {plain}, without quotes)"
        if "int" in kind and re.fullmatch(r"-?\d+", plain):
            return f" (write {int(plain)}, without quotes)"
        if kind == "array":
            return f" (write a list: [{json.dumps(value[:_TEXT_CUT])}])"
    if kind == "str" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f' (write "{value}", in quotes)'
    return ""


def _walk(data: object, path: str) -> tuple[str, object]:
    """``(the key as the file names it, the value there)`` for msgspec's ``path`` (``.characters[1].hand``) in
    ``data``: a character's fields are named under its id (``sir_stephen.hand``) when it has one."""
    names: list[str] = []
    value: object = data
    for key, index in _STEP.findall(path):
        if key:
            names.append(key)
            value = value.get(key) if isinstance(value, dict) else None
            continue
        i = int(index)
        value = value[i] if isinstance(value, (list, tuple)) and i < len(value) else None
        char = value.get("character") if isinstance(value, dict) else None
        if names == ["characters"] and isinstance(char, str) and char.isprintable() and len(char) <= _TEXT_CUT:
            names = [char]
        elif names:
            names[-1] += f"[{i}]"
        else:
            names.append(f"[{i}]")
    return ".".join(names), value


def explain(message: str, data: object, within: Sequence[str] = (),
            keys: Mapping[str, tuple[str, Sequence[str]]] | None = None,
            choices: Mapping[str, Sequence[str]] | None = None) -> str:
    """The POS-1 message for msgspec's validation ``message`` about ``data`` (the decoded values it checked).

    ``within`` names where ``data`` is in the file (``("options",)``). ``keys`` gives, for a msgspec path without
    its indices (``""``, ``".characters"``), what is there and the keys it takes (``("a character", (...))``), named
    when a key is unknown; ``choices`` the values a text field takes (``{".phase": ("round", ...)}``).
    Returns ``KEY: expected WHAT, got WHAT`` (``options.quick_game: expected true or false, got the text "yes"``),
    ``KEY: missing``, ``KEY: not a key of WHAT; expected one of: ...``, or ``KEY: `` and msgspec's own ``message``
    for any other.
    """
    at = _AT.search(message)
    path = at.group(1) if at else ""
    head = message[: at.start()] if at else message
    where, value = _walk(data, path)
    key = ".".join([*within, where] if where else within)
    unknown, missing = _UNKNOWN.match(head), _MISSING.match(head)
    if unknown or missing:
        name = ".".join(filter(None, (key, (unknown or missing).group(1))))  # type: ignore[union-attr]  # one matched
        if missing:
            return f"{name}: missing"
        what, allowed = (keys or {}).get(re.sub(r"\[\d+\]", "", path), ("", ()))
        return f"{name}: not a key of {what or 'this table'}" + (f"; expected one of: {', '.join(allowed)}"
                                                                  if allowed else "")
    label = key or "the position"
    values = (choices or {}).get(re.sub(r"\[\d+\]", "", path))
    expected = _EXPECTED.match(head)
    if values and (_ENUM.match(head) or (expected and expected.group(1) == "str")):
        quoted = [json.dumps(c) for c in values]
        return f"{label}: expected {', '.join(quoted[:-1])} or {quoted[-1]}, got {_found(value)}"
    if expected is None:
        return f"{label}: {message}"
    kind = expected.group(1)
    return f"{label}: expected {_words(kind)}, got {_found(value)}{_hint(kind, value)}"


__all__ = ["explain"]
