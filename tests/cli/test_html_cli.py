"""``lifeboat replay --html``: what it says, and the outputs it refuses without writing anything (the journal
above all); the page itself is tested in Chromium (tests/browser/test_replay_html.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, [str(a) for a in args])


def test_refusals_write_nothing(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    shutil.copyfile(EXAMPLES / "episode-b.jsonl", game)
    before = game.read_bytes()
    cases = [(["--html", game], "expected a file name ending in .html"),
             (["--html", tmp_path / "page.txt"], "expected a file name ending in .html"),
             (["--html", tmp_path / "no" / "page.html"], "the folder"),
             (["--html", tmp_path / "p.html", "--step"], "leave out --step and --json"),
             (["--html", tmp_path / "p.html", "--json"], "leave out --step and --json"),
             (["--html", tmp_path / "p.html", "--as", "Zed"], "unknown seat 'Zed'"),
             (["--html", tmp_path / "p.html", "--to", "999"], "--to 999")]
    for args, says in cases:
        done = run("replay", game, *args)
        assert done.exit_code == 2, (args, done.output)
        assert says in done.output and "Traceback" not in done.output
    assert game.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]
    fresh = tmp_path / "fresh.jsonl"
    assert run("record", fresh, "--players", "Ann,Bob,Cy,Dee").exit_code == 0
    done = run("replay", fresh, "--html", tmp_path / "p.html")
    assert done.exit_code == 2 and "nothing has been dealt yet" in done.output
    assert not (tmp_path / "p.html").exists()


def test_it_says_what_it_wrote_and_replaces_an_old_page(tmp_path: Path) -> None:
    out = tmp_path / "b.html"
    out.write_text("old page", encoding="utf-8")
    done = run("replay", EXAMPLES / "episode-b.jsonl", "--as", "referee", "--html", out)
    assert done.exit_code == 0, done.output
    said = " ".join(done.output.split())
    assert said.startswith(f"Wrote {out}: ") and "EVERY SECRET IS IN THIS FILE" in said and "b.html#seq=" in said
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "old page" not in text
    assert [p.name for p in tmp_path.iterdir()] == ["b.html"]  # no temporary file left behind


def test_a_page_with_secrets_is_its_owners_only_and_a_public_page_is_for_sharing(tmp_path: Path) -> None:
    """A referee's or a seat's page holds secrets: 0600, as the journal (``write_new_file``); a public page is
    written 0644, for a teacher to send or a web server to serve."""
    import os
    import stat

    modes = {}
    for as_ in ("referee", "Ann", "public"):
        out = tmp_path / f"{as_}.html"
        done = run("replay", EXAMPLES / "four-players.jsonl", "--as", as_, "--html", out)
        assert done.exit_code == 0, done.output
        modes[as_] = oct(stat.S_IMODE(os.stat(out).st_mode))
    assert modes == {"referee": "0o600", "Ann": "0o600", "public": "0o644"}
