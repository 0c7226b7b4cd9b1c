"""The CLI's commands and exit codes through typer's CliRunner, and the installed executable end to end.

Exit codes (docs/cli.md): 0 ok, 2 usage, 3 rule violation, 4 journal problem.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from lifeboat.cards import CARD_DATA_SHA256
from tests import helpers
from tests.helpers import unreadable
from tests.helpers import EXE

runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


@pytest.fixture()
def played(tmp_path: Path) -> Path:
    game = tmp_path / "g.jsonl"
    assert run("new", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "7").exit_code == 0
    assert run("play", str(game), "--bots", "all", "--seed", "7").exit_code == 0
    return game


def test_new_writes_a_header_and_the_setup(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    result = run("new", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = game.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "lifeboat-journal"
    assert header["players"] == ["Ann", "Bob", "Cy", "Dee"]
    assert len(header["deck_commitment"]) == 64
    first = json.loads(lines[1])
    assert first["actor"] == "chance" and first["command"]["type"] == "deal_setup"
    # the header says the game was seeded (predictable, issue 13) but never the seed itself
    assert header["meta"] == {"chance": "committed", "engine": "lifeboat 0.1", "seeded": True,
                              "card_data": CARD_DATA_SHA256}
    assert '"seed"' not in lines[0]


def test_new_refuses_to_overwrite(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    game.write_text("precious\n")
    result = run("new", str(game), "--players", "Ann,Bob,Cy,Dee")
    assert result.exit_code == 4
    assert game.read_text() == "precious\n"


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--players", "Ann,Bob,Cy"], 3, "SETUP-1"),
        (["--players", "Ann,Bob,Cy,Dee", "--option", "nonsense=on"], 2, "unknown option"),
        (["--players", "Ann,Bob,Cy,Dee", "--option", "liquid_courage=maybe"], 2, "expects on/off"),
        (["--players", "Ann,Ann,Cy,Dee"], 3, "SETUP-1"),  # a setup rule, as the count is (it exited 2 before)
    ],
)
def test_new_bad_input(tmp_path: Path, args: list[str], code: int, words: str) -> None:
    game = tmp_path / "g.jsonl"
    result = run("new", str(game), *args)
    assert result.exit_code == code, result.output
    assert words in result.output
    assert not game.exists()


def test_play_with_bots_finishes_and_score_reports(played: Path) -> None:
    lines = played.read_text().splitlines()
    assert json.loads(lines[-1])["command"]["type"] == "decks_revealed"
    result = run("score", str(played), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["over"] is True
    assert [s["player"] for s in data["scores"]] == ["Ann", "Bob", "Cy", "Dee"]
    for s in data["scores"]:
        assert s["total"] == s["survival"] + s["treasure"] + s["love"] + s["hate"]
    assert data["winners"] and set(data["winners"]) <= {"Ann", "Bob", "Cy", "Dee"}


@pytest.mark.parametrize("kind", ["missing", "directory", "empty", "binary", "newer"])
def test_no_traceback_for_bad_files(tmp_path: Path, kind: str, played: Path) -> None:
    target = tmp_path / "bad.jsonl"
    if not unreadable(target, kind):  # "newer"
        lines = played.read_text().splitlines()
        header = json.loads(lines[0])
        header["version"] = 99
        target.write_text(json.dumps(header) + "\n" + "\n".join(lines[1:]) + "\n")
    for command in ("score", "replay", "show"):
        result = run(command, str(target))
        assert result.exit_code == 4, (command, result.output)
        assert "Traceback" not in result.output
        assert "bad.jsonl" in result.output


def test_edited_consequence_stops_with_line_and_exit_4(played: Path, tmp_path: Path) -> None:
    lines = played.read_text().splitlines()
    # the hash chain catches any edit first: exit 4 with the line number
    i = next(n for n, line in enumerate(lines) if '"wounded"' in line)
    lines[i] = lines[i].replace('"amount":1', '"amount":0', 1)
    bad = tmp_path / "edited.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    result = run("replay", str(bad))
    assert result.exit_code == 4
    assert f"edited.jsonl:{i + 1}" in result.output


def test_installed_executable_end_to_end(tmp_path: Path) -> None:
    game = tmp_path / "e2e.jsonl"
    subprocess.run([EXE, "new", str(game), "--players", "A,B,C,D,E", "--seed", "3"], check=True, capture_output=True)
    subprocess.run([EXE, "play", str(game), "--bots", "all", "--seed", "3"], check=True, capture_output=True)
    done = subprocess.run([EXE, "score", str(game), "--json"], check=True, capture_output=True, text=True)
    assert json.loads(done.stdout)["over"] is True
    missing = subprocess.run([EXE, "score", str(tmp_path / "nope.jsonl")], capture_output=True, text=True)
    assert missing.returncode == 4
    assert "nope.jsonl" in missing.stderr and "Traceback" not in missing.stderr


def test_help_starts_without_heavy_imports() -> None:
    code = (
        "import sys; import cli.app; "
        "heavy = [m for m in ('rich', 'lifeboat', 'journal', 'msgspec') if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "[]"


def test_a_torn_last_line_stops_replay_and_repair_cuts_it_keeping_a_copy(played: Path) -> None:
    whole = played.read_bytes()
    played.write_bytes(whole + b'{"seq":999,"at_ms":12')
    torn = run("replay", str(played))
    assert torn.exit_code == 4
    assert "lifeboat repair" in torn.output and f"{played.name}:" in torn.output
    fixed = run("repair", str(played))
    assert fixed.exit_code == 0, fixed.output
    assert played.read_bytes() == whole
    side = played.with_name(played.name + ".torn-1")
    assert side.read_bytes() == b'{"seq":999,"at_ms":12'
    assert run("replay", str(played)).exit_code == 0
    assert "nothing to repair" in run("repair", str(played)).output


def test_score_before_the_end_is_refused_because_it_would_reveal_secrets(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert run("new", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "2").exit_code == 0
    result = run("score", str(game), "--json")
    assert result.exit_code == 2
    assert "not over" in result.output and "END-2" in result.output
    assert '"love"' not in result.output


def test_play_refuses_a_deck_file_that_is_not_this_games(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run("new", str(a), "--players", "Ann,Bob,Cy,Dee", "--seed", "1").exit_code == 0
    assert run("new", str(b), "--players", "Ann,Bob,Cy,Dee", "--seed", "2").exit_code == 0
    before = a.read_bytes()
    deck_b = b.with_name(b.name + ".deck.json").read_bytes()
    a.with_name(a.name + ".deck.json").write_bytes(deck_b)
    swapped = run("play", str(a), "--bots", "all")
    assert swapped.exit_code == 4 and "does not match the journal's deck commitment" in swapped.output
    a.with_name(a.name + ".deck.json").write_bytes(b"{}")
    garbage = run("play", str(a), "--bots", "all")
    assert garbage.exit_code == 4 and "not deck orders" in garbage.output
    a.with_name(a.name + ".deck.json").unlink()
    missing = run("play", str(a), "--bots", "all")
    assert missing.exit_code == 4 and "deck file" in missing.output and "missing" in missing.output
    assert a.read_bytes() == before


def test_bots_named_before_the_deal_play_after_it(tmp_path: Path) -> None:
    parent = tmp_path / "p.jsonl"
    assert run("new", str(parent), "--players", "Ann,Bob,Cy,Dee", "--seed", "3").exit_code == 0
    child = tmp_path / "c.jsonl"
    assert run("fork", str(parent), "--at", "0", "-o", str(child)).exit_code == 0
    result = run("play", str(child), "--bots", "all", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert json.loads(child.read_text().splitlines()[-1])["command"]["type"] == "decks_revealed"


def test_show_names_its_own_option_in_errors(played: Path) -> None:
    result = run("show", str(played), "--at", "-1")
    assert result.exit_code == 2 and "--at -1" in result.output


def test_hotseat_accepts_a_line_of_notation_for_a_whole_trade(tmp_path: Path) -> None:
    """The numbered list abbreviates trades to one-card gifts; a typed line offers any trade (TRADE-1)."""
    import journal
    from lifeboat.service import initial_state, replay
    from lifeboat import waiting_for

    game = tmp_path / "t.jsonl"
    assert run("new", str(game), "--players", "Ann,Bob,Cy,Dee", "--seed", "11").exit_code == 0
    picks = runner.invoke(app, ["play", str(game)], input="\n1\n" * 4)  # the provisions draft, then EOF
    assert picks.exit_code == 0, picks.output
    j = journal.JsonlJournal.open(game)
    state = initial_state(j.header, str(game))
    for step in replay(j, str(game)):
        state = step.after
    me = waiting_for(state)[0]
    give = state.char(me).hand[:2]
    assert len(give) == 2
    to = next(ch for ch in state.seats if ch != me)
    line = f"offer {to} {give[0]} {give[1]}"
    result = runner.invoke(app, ["play", str(game)], input=f"\n{line}\n\n2\n")  # the receiver picks 2: accept
    assert result.exit_code == 0, result.output
    last = [json.loads(x) for x in game.read_text().splitlines()][-2:]
    assert last[0]["command"] == {"type": "offer_trade", "by": me, "to": to, "give": list(give), "ask": []}
    assert last[1]["events"][0]["type"] == "trade_completed"
    assert last[1]["events"][0]["gave"] == list(give)


def test_step_and_json_together_is_a_usage_error(played: Path) -> None:
    result = run("replay", str(played), "--step", "--json")
    assert result.exit_code == 2 and "--step and --json" in result.output


def test_OPT_1_option_values_names_and_repeats_as_docs_rules_say(tmp_path: Path) -> None:
    """OPT-1 (docs/rules.md): on/off and true/false, yes/no, 1/0 in any case; names case-sensitive, the error says
    the lower-case name; the same option twice with different values is refused naming both, nothing written."""
    game = tmp_path / "g.jsonl"
    values = ("ON", "yes", "true", "1")
    for value, done in zip(values, helpers.run_many(*(("new", tmp_path / f"{value}.jsonl", "--players",
                                                       "Ann,Bob,Cy,Dee", "--option", f"shark_variant={value}")
                                                      for value in values))):
        assert done.returncode == 0, done.stderr
        header = (tmp_path / f"{value}.jsonl").read_text().splitlines()[0]
        assert json.loads(header)["options"]["shark_variant"] is True
    refused = [(command, options, says) for options, says in (
        (["Shark_Variant=ON"], "[OPT-1] Shark_Variant=ON: unknown option 'Shark_Variant' (option names are lower "
                               "case: shark_variant); expected one of: "),
        (["cannibalism=on", "cannibalism=off"], "[OPT-1] cannibalism=off: cannibalism is given twice with different "
                                                "values (cannibalism=on, then cannibalism=off); give it once"),
        (["shark_variant=maybe"], "expects on/off (or true/false, yes/no, 1/0), got 'maybe'"),
    ) for command in ("new", "play")]
    for (command, _, says), done in zip(refused, helpers.run_many(*(
            (command, game, "--players", "Ann,Bob,Cy,Dee", *[a for o in options for a in ("--option", o)])
            for command, options, _ in refused))):
        assert done.returncode == 2 and says in done.stderr, (command, done.stderr)
    assert not game.exists()
    same = helpers.run("new", game, "--players", "Ann,Bob,Cy,Dee", "--option", "cannibalism=on", "--option",
                       "cannibalism=yes")  # the same value twice counts once
    assert same.returncode == 0, same.stderr
    assert json.loads(game.read_text().splitlines()[0])["options"]["expansions"] == ["cannibalism"]


def test_SETUP_1_a_new_games_names_are_short_and_hold_no_line_break(tmp_path: Path) -> None:
    """SETUP-1 (ours): a name with a line break split every table naming the player; a 41-character name is
    refused; nothing is written; 40 characters are fine."""
    from tests.helpers import run as lifeboat  # a real process: what the user's terminal gets

    game = tmp_path / "n.jsonl"
    broken = lifeboat("new", game, "--players", "a\nb,Bob,Cy,Dee")
    assert broken.returncode == 3 and not game.exists()
    assert broken.stderr == ("lifeboat: [SETUP-1] player name 'a\\nb' holds a control character or a line break; "
                             "give a name of letters, digits and spaces\n")
    long = lifeboat("new", game, "--players", "x" * 41 + ",Bob,Cy,Dee")
    assert long.returncode == 3 and not game.exists()
    assert long.stderr == "lifeboat: [SETUP-1] player name 'xxxxxxxxxxxxxxxxxxxx…' is 41 characters long; give at most 40\n"
    fine = lifeboat("new", game, "--players", "y" * 40 + ",Bob,Cy,Dee")
    assert fine.returncode == 0, fine.stderr


def test_an_option_that_takes_one_value_is_refused_twice(tmp_path: Path) -> None:
    """click kept the last of two values silently: ``fork --at 10 --at 12`` forked at 12, ``replay --as ann --as
    bob`` showed Bob's view. Now a usage error (exit 2) names the option and nothing is written; a repeatable
    option (``--option``) and a flag given twice are taken as before."""
    from tests.helpers import run as lifeboat  # a real process: what the user's terminal gets

    game = Path(__file__).resolve().parents[2] / "docs" / "examples" / "six-players.jsonl"
    fork = lifeboat("fork", game, "--at", "10", "-o", tmp_path / "f.jsonl", "--at", "12")
    assert fork.returncode == 2 and not (tmp_path / "f.jsonl").exists()
    assert fork.stderr.splitlines()[-1] == "Error: --at was given twice; give it once"
    short_and_long = lifeboat("fork", game, "--at", "10", "-o", tmp_path / "f.jsonl", "--output", tmp_path / "g.jsonl")
    assert short_and_long.returncode == 2 and short_and_long.stderr.splitlines()[-1] == (
        "Error: --output was given twice; give it once")
    view = lifeboat("replay", game, "--as", "ann", "--as=bob")
    assert view.returncode == 2 and view.stdout == ""
    assert view.stderr.splitlines()[-1] == "Error: --as was given twice; give it once"
    new = lifeboat("new", tmp_path / "n.jsonl", "--players", "A,B,C,D", "--option", "quick_game=on",
                   "--option", "cannibalism=on", "--seed", "1")
    assert new.returncode == 0, new.stderr
    twice = lifeboat("replay", game, "--json", "--json", "--to", "0")
    assert twice.returncode == 0, twice.stderr


def test_play_a_missing_game_says_how_to_start_one(tmp_path: Path) -> None:
    """A newcomer's 'lifeboat play tonight.jsonl' said only 'no journal file here (expected a journal file; found
    nothing)'; it now says how to start one (exit 4, nothing written)."""
    from tests.helpers import run as lifeboat

    game = tmp_path / "tonight.jsonl"
    done = lifeboat("play", game)
    assert done.returncode == 4 and not game.exists()
    assert done.stderr == (f"lifeboat: {game}: no such game; start one with: lifeboat play {game} --players "
                           "Ann,Bob,Cy,Dee (or lifeboat new)\n")


def test_version() -> None:
    """A bug report names the version: 'lifeboat --version' said 'No such option'."""
    from importlib.metadata import version

    from tests.helpers import run as lifeboat

    done = lifeboat("--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"lifeboat {version('lifeboat')}\n", "")
    assert version("lifeboat") == "0.1.0"  # pyproject.toml's


def test_hotseat_line_for_another_character_names_the_one_at_the_keyboard(tmp_path: Path) -> None:
    """TURN-1 at the hotseat (a seat acting for another): 'kid: pass' typed by Lady Lauren's player said only 'Type
    a decision of your own character.'; it now cites the rule and names the character at the keyboard. The rule is
    TURN-1, not SERVE-3 (a served game's link): there is no link at the hotseat."""
    from tests.helpers import run as lifeboat

    game = tmp_path / "g.jsonl"
    assert lifeboat("new", game, "--players", "A,B,C,D", "--seed", "3").returncode == 0
    done = lifeboat("play", game, stdin="\nkid: pass\n")
    assert done.returncode == 0, done.stderr
    assert ("Your choice (1-4, a line of notation, or help): [TURN-1] Type a decision of your own character, "
            "Lady Lauren (a line without 'name:' is yours).\n") in done.stdout


def test_an_escape_typed_at_the_hotseat_prompt_says_what_the_prompt_expects(tmp_path: Path) -> None:
    """Escape (or an arrow key) typed at 'Your choice' got the notation's "(is this the right file?)", a hint for a
    file fed to 'record'; it now says what the prompt takes. A tab inside a line is still read as notation."""
    from tests.helpers import run as lifeboat

    game = tmp_path / "g.jsonl"
    assert lifeboat("new", game, "--players", "A,B,C,D", "--seed", "3").returncode == 0
    done = lifeboat("play", game, stdin="\n\x1b\n\x1b[A\nkeep\tjewels\n")
    assert done.returncode == 0, done.stderr
    said = ("Your choice (1-4, a line of notation, or help): [NOTATION-1] the line holds '\\x1b', a key that types "
            "no text (Escape, an arrow); type a number from 1 to 4, a line of notation, or help.\n")
    assert done.stdout.count(said) == 2
    assert "right file" not in done.stdout
    assert json.loads(game.read_text().splitlines()[-1])["command"] == {"type": "keep_provision", "by": "lady_lauren",
                                                                        "card": "jewels-1"}


def test_a_byte_the_input_encoding_cannot_read_at_the_hotseat_prompt_says_what_the_prompt_expects(
        tmp_path: Path) -> None:
    """A byte stdin's encoding cannot read, typed at 'Your choice', got the notation's "(is this the right file?)"
    (and a lone surrogate, '\\udce8', for the byte); it now names the byte and the encoding, and what the prompt
    takes. The game goes on: the next line is read."""
    import os

    game = tmp_path / "g.jsonl"
    assert helpers.run("new", game, "--players", "A,B,C,D", "--seed", "3").returncode == 0
    for encoding, typed, byte in (("ascii", "船".encode(), "0xE8"), ("utf-8", b"\xff", "0xFF")):
        done = subprocess.run([EXE, "play", str(game)], input=b"\n" + typed + b"\n", capture_output=True, timeout=60,
                              env={**os.environ, "PYTHONIOENCODING": encoding})
        assert done.returncode == 0, done.stderr
        out = done.stdout.decode(encoding)
        assert (f"Your choice (1-4, a line of notation, or help): [NOTATION-1] the line holds the byte {byte}, which "
                f"the input's encoding ({encoding}) cannot read; type a number from 1 to 4, a line of notation in "
                "characters it reads, or help.\n") in out, out
        assert "right file" not in out and "udc" not in out
        assert "Saved. Resume with" in out


def test_SETUP_1_a_name_holds_no_invisible_formatting_character(tmp_path: Path) -> None:
    """SETUP-1 (ours): a zero-width space made a name look empty, or 'A\\u200bnn' look like 'Ann'; a right-to-left
    override turned around the rest of each line naming the player. Refused; an emoji with its joiner is fine."""
    from tests.helpers import run as lifeboat
    from tests.helpers import run_many

    game = tmp_path / "n.jsonl"
    cases = (("\u200b,Bob,Cy,Dee", "'\\u200b'", "U+200B"),
             ("Ann,A\u200bnn,Cy,Dee", "'A\\u200bnn'", "U+200B"),
             ("Ann\u202eevE,Bob,Cy,Dee", "'Ann\\u202eevE'", "U+202E"))
    for (_, shown, code), done in zip(cases, run_many(*(("new", game, "--players", names) for names, _, _ in cases))):
        assert (done.returncode, done.stderr) == (3, f"lifeboat: [SETUP-1] player name {shown} holds an invisible "
                                                     f"formatting character ({code}: a zero-width space or a "
                                                     "text-direction mark); give a name of letters, digits and "
                                                     "spaces\n")
    assert not game.exists()
    fine = lifeboat("new", game, "--players", "\U0001f469\u200d\U0001f692,Bob,Cy,Dee")  # 👩‍🚒
    assert fine.returncode == 0, fine.stderr


def test_a_complete_line_that_does_not_read_says_what_to_run(tmp_path: Path) -> None:
    """A newline-ended last line that is no commit: repair (and every reader) said what was wrong but not what to
    run; it now names audit, and says repair only cuts a torn line (exit 4, the file untouched)."""
    from tests.helpers import run as lifeboat

    game = tmp_path / "g.jsonl"
    lines = (Path(__file__).resolve().parents[2] / "docs" / "examples" / "four-players.jsonl").read_text().splitlines()
    game.write_text("\n".join(lines[:10]) + '\n{"seq":9,"garbage"\n')
    before = game.read_bytes()
    done = lifeboat("repair", game)
    assert done.returncode == 4 and game.read_bytes() == before
    assert done.stderr == (f"lifeboat: {game}:11: the line is not a commit: Input data was truncated (expected a "
                           'commit as in docs/journal-schema.json; found {"seq":9,"garbage") — [JOURNAL-CORRUPT] '
                           f"run: lifeboat audit {game} (every finding, with its line: docs/disputes.md); repair cuts "
                           "only a torn last line (one with no newline), not this one\n")


def test_the_resume_hint_keeps_think(tmp_path: Path) -> None:
    """'Saved. Resume with: …' kept --bots but dropped --think: resuming, the search bots thought 200 ms again."""
    from tests.helpers import run as lifeboat

    game = tmp_path / "g.jsonl"
    done = lifeboat("play", game, "--players", "A,B,C,D", "--bots", "B=search,C,D", "--think", "5ms", "--seed", "3",
                    stdin="\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(f"Saved. Resume with: lifeboat play {game} --bots B=search,C,D --think 5ms\n")
    default = lifeboat("play", game, "--bots", "B=search,C,D", stdin="")
    assert default.stdout.endswith(f"Saved. Resume with: lifeboat play {game} --bots B=search,C,D\n")


def test_a_deck_file_given_for_the_journal_is_named_as_the_deck_file_and_kept_secret(tmp_path: Path) -> None:
    """The dealer's GAME.jsonl.deck.json given where the journal goes was 'not a lifeboat-journal header': it is
    named as the deck file of GAME.jsonl, the journal to give instead, by every command (exit 4, docs/cli.md) and
    by audit, and nothing of it is printed (its deck orders are the dealer's secret until the end, CHANCE-2). A
    deck file under another name is told by its content."""
    game = tmp_path / "g.jsonl"
    assert helpers.run("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", "3").returncode == 0
    deck = tmp_path / "g.jsonl.deck.json"
    orders = json.loads(deck.read_text(encoding="utf-8"))
    secrets = {orders["salt"], *(card for key in ("characters", "love", "hate", "provisions", "navigation")
                                 for card in orders[key])}
    said = (f"{deck}: this is the dealer's deck file of {game} (it holds the deck orders; keep it secret), not a "
            f"journal; give the journal {game}")
    commands = (["replay"], ["show"], ["score"], ["play"], ["repair"], ["replay", "--html", tmp_path / "o.html"],
                ["fork", "--at", "1", "-o", tmp_path / "f.jsonl"], ["audit"], ["audit", "--json"])
    for command, done in zip(commands, helpers.run_many(*((command[0], deck, *command[1:]) for command in commands))):
        assert done.returncode == 4, command
        if command[0] != "audit":
            assert (done.stdout, done.stderr) == ("", f"lifeboat: {said}\n"), command
        elif "--json" in command:
            assert json.loads(done.stdout)["files"][0]["error"] == said
        else:
            assert done.stdout == f"{deck}: cannot be audited: {said}\n"
        assert not [s for s in secrets if s in done.stdout + done.stderr], command
    assert not (tmp_path / "o.html").exists() and not (tmp_path / "f.jsonl").exists()
    renamed = tmp_path / "orders.jsonl"
    renamed.write_bytes(deck.read_bytes())
    done = helpers.run("replay", renamed)
    assert (done.returncode, done.stderr) == (4, (
        f"lifeboat: {renamed}: this is a dealer's deck file (it holds a game's deck orders; keep it secret), not a "
        "journal; give the game's journal (GAME.jsonl, beside its deck file GAME.jsonl.deck.json)\n"))
    assert helpers.run("replay", game).returncode == 0  # the journal itself reads as before


def test_a_missing_journal_is_named_the_same_by_every_command(tmp_path: Path) -> None:
    """replay said 'no such file' where show, score and fork said 'no journal file here (expected a journal file;
    found nothing)': one line, exit 4, from all."""
    commands = (["replay"], ["show"], ["score"], ["audit"], ["fork", "--at", "1", "-o", tmp_path / "f.jsonl"])
    for command, done in zip(commands, helpers.run_many(*((c[0], tmp_path / "nope.jsonl", *c[1:]) for c in commands))):
        said = (f"{tmp_path / 'nope.jsonl'}: cannot be audited: {tmp_path / 'nope.jsonl'}: no such file\n"
                if command == ["audit"] else f"lifeboat: {tmp_path / 'nope.jsonl'}: no such file\n")
        assert (done.returncode, done.stderr if command != ["audit"] else done.stdout) == (4, said), command


def test_a_missing_folder_is_named_alike_for_a_journal_and_for_another_output(played: Path, tmp_path: Path) -> None:
    """A file to write in a folder that does not exist: 'new' said 'nope: the directory does not exist (expected a
    directory; found nothing)' (exit 4), 'replay --html' said 'the folder nope does not exist' (exit 2). One
    message now, saying what to do; the exit codes are docs/cli.md's: 4 where the journal goes, 2 for another
    output (the journal is fine)."""
    nope = tmp_path / "no pe"
    said = "the folder {} does not exist; create it (mkdir '{}') or choose another (nothing was written)\n"
    cases = (
        (["new", nope / "g.jsonl", "--players", "Ann,Bob,Cy,Dee"], nope / "g.jsonl", 4),
        (["play", nope / "g.jsonl", "--players", "Ann,Bob,Cy,Dee", "--bots", "all"], nope / "g.jsonl", 4),
        (["record", nope / "g.jsonl", "--players", "Ann,Bob,Cy,Dee"], nope / "g.jsonl", 4),
        (["fork", played, "--at", "5", "-o", nope / "f.jsonl"], nope / "f.jsonl", 4),
        (["replay", played, "--html", nope / "out.html"], f"--html {nope / 'out.html'}", 2),
        (["arena", "--bots", "random,heuristic", "--out", nope / "run"], f"--out {nope / 'run'}", 2),
    )
    for (args, label, code), done in zip(cases, helpers.run_many(*(tuple(args) for args, _, _ in cases))):
        assert (done.returncode, done.stdout, done.stderr) == (
            code, "", f"lifeboat: {label}: " + said.format(nope, nope)), args
    assert not nope.exists()
    (tmp_path / "file").write_text("not a folder")
    done = helpers.run("new", tmp_path / "file" / "g.jsonl", "--players", "Ann,Bob,Cy,Dee")
    assert (done.returncode, done.stderr) == (4, f"lifeboat: {tmp_path / 'file' / 'g.jsonl'}: {tmp_path / 'file'} "
                                              "is a file, not a folder; choose another folder (nothing was written)\n")


def test_a_file_of_another_kind_is_named_as_not_a_journal(tmp_path: Path) -> None:
    """README.md given as the journal said 'line 1 is not JSON (JSON is malformed: invalid character (byte 0))';
    a header broken by hand keeps msgspec's detail (where in the line)."""
    readme = tmp_path / "README.md"
    readme.write_text("# lifeboat\n\nnotes\n", encoding="utf-8")
    done = helpers.run("replay", readme)
    assert (done.returncode, done.stderr) == (4, f"lifeboat: {readme}:1: not a lifeboat journal: line 1 is not JSON "
                                              "(expected a JSON object: the lifeboat-journal header; found # lifeboat)\n")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"format": "lifeboat-journal",\n', encoding="utf-8")
    assert helpers.run("show", broken).stderr == (
        f"lifeboat: {broken}:1: line 1 is not JSON (Input data was truncated) (expected a JSON object: the "
        'lifeboat-journal header; found {"format": "lifeboat-journal",)\n')
