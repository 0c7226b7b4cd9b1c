"""``lifeboat import`` / ``lifeboat export`` through the installed executable, against a real PostgreSQL server:
a game goes into a store and comes back byte for byte, audits clean, and every mistake is a clear error with its
exit code (docs/cli.md, docs/postgresql.md)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from typer.testing import CliRunner

from cli.app import app
from tests.helpers import EXE

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def run(*args: object):  # type: ignore[no-untyped-def]
    """The CLI in this process (typer's runner): the same commands, faster than a new process per call."""
    return CliRunner().invoke(app, [str(a) for a in args])


def lifeboat(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The installed executable."""
    return subprocess.run([EXE, *map(str, args)], capture_output=True, text=True, timeout=60,
                          env=None if env is None else {**os.environ, **env})


class Store:
    def __init__(self, url: str, schema: str) -> None:
        parts = urlsplit(url)
        self.url, self.schema = url, schema
        self.options = ["--store", url, "--schema", schema]
        self.location = f"postgresql://{parts.hostname}:{parts.port or 5432}{parts.path}/{schema}"


@pytest.fixture
def store(postgres_url: str, postgres_schema: str) -> Store:
    return Store(postgres_url, postgres_schema)


@pytest.fixture
def six(tmp_path: Path) -> Path:
    game = tmp_path / "six.jsonl"
    shutil.copyfile(EXAMPLES / "six-players.jsonl", game)
    return game


def test_a_game_goes_into_the_store_and_comes_back_byte_for_byte(store: Store, six: Path, tmp_path: Path) -> None:
    lines = six.read_bytes().splitlines()
    game_id, last = json.loads(lines[0])["game_id"], json.loads(lines[-1])
    imported = lifeboat("import", six, *store.options)
    assert (imported.returncode, imported.stderr) == (0, "")
    assert imported.stdout == (f"Imported {six} into {store.location}: game {game_id}, {last['seq']} commits, "
                               f"head {last['hash'][:16]}…\n")
    listed = lifeboat("export", *store.options)
    assert (listed.returncode, listed.stdout) == (0, f"{game_id}\n")

    out = tmp_path / "back.jsonl"
    exported = lifeboat("export", game_id, "-o", out, "--schema", store.schema, env={"LIFEBOAT_STORE": store.url})
    assert (exported.returncode, exported.stderr) == (0, "")
    assert exported.stdout == (f"Exported game {game_id} ({last['seq']} commits, head {last['hash'][:16]}…) from "
                               f"{store.location} to {out}.\n")
    assert out.read_bytes() == six.read_bytes()
    audited = lifeboat("audit", out)
    assert audited.returncode == 0, audited.stdout + audited.stderr


def test_an_unfinished_digital_game_takes_its_deck_orders_along_and_plays_on_after_export(store: Store,
                                                                                        tmp_path: Path) -> None:
    """A digital game dealt to a file goes to the store with the dealer's deck orders (in the private table, never in
    the journal, CHANCE-2); its export writes them to the new deck file, and plays on to the end and audits clean."""
    game = tmp_path / "g.jsonl"
    assert run("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", "4").exit_code == 0
    imported = run("import", game, *store.options)
    assert imported.exit_code == 0, imported.output
    assert imported.stdout.splitlines()[1] == (f"Its deck orders ({game}.deck.json) are kept in the store's private "
                                               "table, outside the journal, so any serve process can deal its chance.")
    out = tmp_path / "exported.jsonl"
    game_id = json.loads(game.read_bytes().splitlines()[0])["game_id"]
    exported = run("export", game_id, "-o", out, *store.options)
    assert exported.exit_code == 0, exported.output
    assert exported.stdout.splitlines()[1] == (f"Its deck orders went to {out}.deck.json (readable by you only): the "
                                               "dealer's secret until the end; keep it beside the game file.")
    assert out.read_bytes() == game.read_bytes()
    assert Path(f"{out}.deck.json").read_bytes() == Path(f"{game}.deck.json").read_bytes()
    assert Path(f"{out}.deck.json").stat().st_mode & 0o777 == 0o600
    assert run("play", out, "--bots", "all", "--seed", "4").exit_code == 0
    assert run("audit", out).exit_code == 0


def test_an_unfinished_digital_game_without_its_deck_file_is_refused_and_nothing_is_imported(
        store: Store, tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert run("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", "4").exit_code == 0
    Path(f"{game}.deck.json").rename(tmp_path / "elsewhere.json")
    refused = run("import", game, *store.options)
    assert refused.exit_code != 0 and refused.stdout == ""
    assert refused.stderr.startswith(f"lifeboat: {game}.deck.json: missing: {game} is a digital game that is not "
                                     "over, and the store could not deal its chance without the dealer's deck "
                                     "orders (CHANCE-2)"), refused.stderr
    assert "Traceback" not in refused.stderr
    assert run("export", *store.options).stdout == ""  # the store holds no game


def test_a_named_pipe_beside_the_game_is_refused_never_waited_on(store: Store, tmp_path: Path) -> None:
    """A named pipe where the deck file or the links file should be: ``import`` waited on it for ever (nobody writes
    to it); now it says what is there, exit 4, nothing imported. ``audit`` reports the deck file as unreadable."""
    game = tmp_path / "g.jsonl"
    assert run("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", "4").exit_code == 0
    deck = Path(f"{game}.deck.json")
    deck.rename(tmp_path / "elsewhere.json")
    os.mkfifo(deck)
    refused = lifeboat("import", game, *store.options)  # a process of its own: a wait would be a timeout, not a hang
    assert (refused.returncode, refused.stdout) == (4, "")
    assert refused.stderr == (f"lifeboat: {deck}: cannot be read (a named pipe (FIFO)); move it away, or put the "
                              "file written with the game there (nothing was imported)\n")
    audit = lifeboat("audit", game)
    assert audit.returncode == 5 and f"the dealer's deck file {deck} cannot be read: a named pipe (FIFO)" \
        in audit.stdout, audit.stdout
    deck.unlink()
    (tmp_path / "elsewhere.json").rename(deck)
    links = Path(f"{game}.serve.json")
    os.mkfifo(links)
    refused = lifeboat("import", game, *store.options)
    assert (refused.returncode, refused.stderr) == (4, f"lifeboat: {links}: cannot be read (a named pipe (FIFO)); "
                                                       "move it away, or put the file written with the game there "
                                                       "(nothing was imported)\n")
    assert run("export", *store.options).stdout == ""  # the store holds no game


def test_mistakes_are_clear_errors_and_change_nothing(store: Store, six: Path, tmp_path: Path) -> None:
    game_id = json.loads(six.read_bytes().splitlines()[0])["game_id"]
    assert run("import", six, *store.options).exit_code == 0

    again = run("import", six, *store.options)
    assert (again.exit_code, again.stdout) == (4, "")
    assert again.stderr == (f"lifeboat: {store.location}/{game_id}: the store already holds a game with this id "
                            f"(expected a new game id; found game '{game_id}')\n")

    missing = run("export", "no-such-game", "-o", tmp_path / "x.jsonl", *store.options)
    assert missing.exit_code == 4
    assert missing.stderr == (f"lifeboat: {store.location}/no-such-game: no game with this id in the store "
                              "(expected a game in the store; found nothing)\n")
    assert not (tmp_path / "x.jsonl").exists()

    over = run("export", game_id, "-o", six, *store.options)
    assert over.exit_code == 4
    assert over.stderr == f"lifeboat: {six}: a file already exists here (expected no file; found a file)\n"
    (tmp_path / "folder").mkdir()
    into_dir = run("export", game_id, "-o", tmp_path / "folder", *store.options)  # it said 'found a file'
    assert (into_dir.exit_code, into_dir.stderr) == (4, f"lifeboat: {tmp_path / 'folder'}: a directory already "
                                                        "exists here (expected no file; found a directory)\n")

    no_output = run("export", game_id, *store.options)
    assert (no_output.exit_code, no_output.stderr) == (2, "lifeboat: export GAME_ID needs -o/--output: the new "
                                                           "JSONL file\n")

    not_pg = run("import", six, "--store", "sqlite:///games.db")
    assert (not_pg.exit_code, not_pg.stderr) == (2, "lifeboat: --store must be a PostgreSQL URL, "
                                                     "postgresql://[user@]host[:port]/dbname; got sqlite://…\n")
    bad_schema = run("import", six, "--store", store.url, "--schema", "Games")
    assert bad_schema.exit_code == 2
    assert bad_schema.stderr.startswith("lifeboat: --schema: schema must match ^[a-z_][a-z0-9_]{0,39}$")

    down = lifeboat("import", six, "--store", "postgresql://lifeboat:hunter2@127.0.0.1:1/games")
    assert down.returncode == 4
    assert down.stderr == ("lifeboat: postgresql://127.0.0.1:1/games/journal: cannot connect to the PostgreSQL "
                           'store: connection failed: connection to server at "127.0.0.1", port 1 failed: Connection '
                           "refused (expected a PostgreSQL server accepting connections)\n")  # the cause said once
    assert "hunter2" not in down.stderr and "Traceback" not in down.stderr
    # the file is read before any connection: a missing one is named as such, not as a store that is down
    missing = lifeboat("import", tmp_path / "nope.jsonl", "--store", "postgresql://127.0.0.1:1/games")
    assert (missing.returncode, missing.stderr) == (4, f"lifeboat: {tmp_path / 'nope.jsonl'}: no such file\n")

    torn = tmp_path / "torn.jsonl"
    torn.write_bytes((EXAMPLES / "four-players.jsonl").read_bytes() + b'{"seq":')
    cut = run("import", torn, *store.options)
    assert cut.exit_code == 4
    assert cut.stderr.endswith(f"— run: lifeboat repair {torn}\n")
    listed = run("export", *store.options)
    assert listed.stdout == f"{game_id}\n"  # nothing of the torn file was left


def test_export_from_a_schema_that_holds_no_store_creates_nothing(store: Store, postgres_url: str) -> None:
    """A mistyped --schema on export (or the list of games) is refused, exit 4, and leaves no new schema behind
    (it used to create the schema and its tables and list nothing)."""
    import psycopg

    listed = lifeboat("export", *store.options)
    assert listed.returncode == 4
    assert listed.stderr == (f"lifeboat: {store.location}: no journal store in schema '{store.schema}' of this "
                             "database (is --schema spelled as when the games were imported?)\n")
    one = lifeboat("export", "0123456789abcdef", "-o", "/nonexistent/x.jsonl", *store.options)
    assert one.returncode == 4 and "no journal store in schema" in one.stderr
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT count(*) FROM information_schema.schemata WHERE schema_name = %s",
                            (store.schema,)).fetchone() == (0,)


def test_a_links_sidecar_that_is_not_a_served_game_s_links_is_refused_and_nothing_is_imported(
        store: Store, tmp_path: Path) -> None:
    """SERVE-1: ``import`` carries a served game's links (token hashes, bot seats) only when they read as such."""
    game = tmp_path / "g.jsonl"
    assert run("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", "4").exit_code == 0
    Path(f"{game}.serve.json").write_text('{"format": "lifeboat-serve", "links": "Ann"}')
    refused = run("import", game, *store.options)
    assert (refused.exit_code, refused.stdout) == (4, "")
    assert refused.stderr == (
        f"lifeboat: {game}.serve.json:1: not the links of a served game (Expected `array`, got `str` - at "
        "`$.links`) (expected the links 'lifeboat serve' keeps (token hashes and bot seats); move the file away to "
        "import the game without them)\n")
    assert run("export", *store.options).stdout == ""  # the store holds no game
