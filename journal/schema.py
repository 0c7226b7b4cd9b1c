"""The JSON Schema of a journal line, generated from the msgspec types.

``docs/journal-schema.json`` is this function's output; a test fails when they drift apart. Regenerate with::

    .venv/bin/python -m journal.schema > docs/journal-schema.json
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from journal.model import FORMAT_NAME, FORMAT_VERSION, Commit, HeaderLine

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def journal_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) that every line of a version-1 journal satisfies: line 1 a
    ``HeaderLine``, every later line a ``Commit``. A ``dict`` of plain JSON values."""
    (header, commit), defs = msgspec.json.schema_components((HeaderLine, Commit), ref_template="#/$defs/{name}")
    # msgspec leaves fields with a default out of "required"; readers refuse a header without these two.
    defs["HeaderLine"]["required"] = ["format", "version", *defs["HeaderLine"]["required"]]
    schema = {
        "$schema": DRAFT,
        "title": f"{FORMAT_NAME} version {FORMAT_VERSION}: one line",
        "description": (
            "Each line of a journal file is one JSON object: line 1 is a HeaderLine, every later line a Commit. "
            "Hashes and the chain are explained in docs/journal-format.md; a schema cannot check them."
        ),
        "oneOf": [header, commit],
        "$defs": defs,
    }
    plain: dict[str, Any] = json.loads(json.dumps(schema))  # plain JSON values (a tuple default becomes a list)
    return plain


def render() -> str:
    """:func:`journal_schema` as the text of ``docs/journal-schema.json`` (2-space indent, sorted keys, final
    newline)."""
    return json.dumps(journal_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(render(), end="")
