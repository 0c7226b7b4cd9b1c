"""The Python example of docs/postgresql.md, run as written against a real PostgreSQL store.

Only the URL, the schema, the file names and the wait (5000 ms there, 50 here: nothing is appended meanwhile) are
replaced; what the example names must exist and do what the page says (``listener.wait`` gives a list of notices,
``[]`` when none came in time; ``save`` writes the file a JsonlJournal would have written).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import journal

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "postgresql.md").read_text(encoding="utf-8")
URL = "postgresql://lifeboat@db.example:5432/games"


def test_the_python_example_of_postgresql_md_runs_as_written(postgres_url: str, postgres_schema: str,
                                                             tmp_path: Path, monkeypatch) -> None:
    block = re.search(r"^## Python\n\n```python\n(.*?)^```", DOC, flags=re.M | re.S)
    assert block is not None
    code = block.group(1)
    assert code.count(URL) == 1 and code.count('schema="journal"') == 1 and code.count("5000") == 1
    code = (code.replace(URL, postgres_url).replace('schema="journal"', f'schema="{postgres_schema}"')
            .replace("5000", "50"))
    shutil.copy(ROOT / "docs" / "examples" / "four-players.jsonl", tmp_path / "old-game.jsonl")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/postgresql.md", "exec"), namespace)

    assert namespace["notices"] == []
    saved = (tmp_path / "table-7.jsonl").read_bytes().splitlines()
    assert len(saved) == 2 and journal.verify(tmp_path / "table-7.jsonl").head_hash == json.loads(saved[1])["hash"]
    assert json.loads(saved[0])["game_id"] == "table-7"
    assert json.loads(saved[1])["command"] == {"type": "row", "seat": "alice"}
    with journal.PostgresStore(postgres_url, schema=postgres_schema) as store:
        imported = store.open(json.loads((tmp_path / "old-game.jsonl").read_text().splitlines()[0])["game_id"])
        assert b"".join(imported.lines()) == (tmp_path / "old-game.jsonl").read_bytes()
        imported.close()
