"""No control character read from a journal reaches the terminal (docs/cli.md, "Errors"): a hand-edited journal,
re-chained so its hash chain holds, carries ESC sequences (clear the screen, set the window title) and a C1 CSI in
a card id, a command's field, an event, the actor, the game id or a note; every command that reads it (replay,
audit, show, score, fork, play, their ``--json``) prints them escaped. Real files, the real ``lifeboat`` in a new
process (one forked per command from an interpreter that imported the CLI once: ``run_many``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from tests.helpers import run, run_many

HOSTILE = "\x1b[2J\x1b]0;owned\x07\x9b\x7f"
UNPRINTABLE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # every C0 control but the newline, DEL, every C1


def _keep(lines: list[dict[str, Any]]) -> dict[str, Any]:
    return next(x for x in lines[1:] if x["command"]["type"] == "keep_provision")


def _card(lines: list[dict[str, Any]]) -> None:
    _keep(lines)["command"]["card"] = "jewels" + HOSTILE  # a refusal quotes it (PROV-2)


def _by(lines: list[dict[str, Any]]) -> None:
    _keep(lines)["command"]["by"] = "sir" + HOSTILE  # TURN-1 quotes it, audit quotes the command


def _event(lines: list[dict[str, Any]]) -> None:
    _keep(lines)["events"][0]["card"] = "jewels" + HOSTILE  # audit's EVENTS finding quotes the event


def _actor(lines: list[dict[str, Any]]) -> None:
    _keep(lines)["actor"] = "Ann" + HOSTILE


def _game_id(lines: list[dict[str, Any]]) -> None:
    lines[0]["game_id"] = "b9a" + HOSTILE  # audit names the game


def _note(lines: list[dict[str, Any]]) -> None:
    lines[-1]["command"]["text"] = "hi" + HOSTILE  # NOTE-1: the replay shows a public note


def _note_seat(lines: list[dict[str, Any]]) -> None:
    lines[-1]["command"].update(audience="seat", seat="Ann" + HOSTILE)


EDITS = [_card, _by, _event, _actor, _game_id, _note, _note_seat]
COMMANDS = [["replay"], ["audit"], ["show"], ["score"], ["play"], ["replay", "--json"], ["audit", "--json"],
            ["show", "--json"], ["score", "--json"], ["replay", "--as", "referee"]]


def _crafted(game: Path, lb: SimpleNamespace, edit) -> Path:  # type: ignore[no-untyped-def]
    if edit in (_note, _note_seat):
        assert lb.run("annotate", game, "a fair note", "--at", "5").exit_code == 0
    lines = lb.lines(game)
    edit(lines)
    game.write_bytes(lb.rechain(lines, renumber=False))
    return game


@pytest.mark.parametrize("edit", EDITS, ids=[e.__name__.strip("_") for e in EDITS])
def test_no_control_character_of_a_journal_reaches_the_terminal(game: Path, lb: SimpleNamespace, edit,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path) -> None:
    crafted = _crafted(game, lb, edit)
    quoted = 0
    commands = [*COMMANDS, ["fork", "--at", "3", "-o", str(tmp_path / "fork.jsonl")]]
    for command, done in zip(commands, run_many(*(tuple([*c[:1], crafted, *c[1:]]) for c in commands))):
        assert done.returncode in (0, 3, 4, 5), (command, done.stderr)
        for stream in (done.stdout, done.stderr):
            assert UNPRINTABLE.findall(stream) == [], (command, UNPRINTABLE.findall(stream), stream[-400:])
        quoted += sum(o.count("\\x1b[2J") + o.count("\\u001b[2J") for o in (done.stdout, done.stderr))
        for stream in (done.stdout, done.stderr):  # BEL too is escaped, never dropped (rich's Text drops it)
            assert stream.count("owned") == len(re.findall(r"owned\\+(?:x07|u0007)", stream)), (command, stream)
    assert quoted > 0  # the hostile text was shown (escaped) somewhere: the test reached the side door


def test_bel_and_the_other_codes_rich_drops_are_escaped(game: Path, lb: SimpleNamespace) -> None:
    """BEL, BS, VT, FF and CR, which rich's ``Text`` drops silently, read escaped like every other control
    character: a re-chained note ``bel\\x07del`` once printed as ``beldel\\x7f``, a player ``Ann\\x07`` as ``Ann``."""
    assert lb.run("annotate", game, "a fair note", "--at", "5").exit_code == 0
    lines = lb.lines(game)
    lines[-1]["command"]["text"] = "bel\x07del\x7f bs\x08 vt\x0b ff\x0c cr\r."
    lines = json.loads(json.dumps(lines).replace('"Ann"', '"Ann\\u0007"'))  # the player, everywhere named
    crafted = game.with_name("bel.jsonl")
    crafted.write_bytes(lb.rechain(lines, renumber=False))
    done = run("replay", crafted)
    assert "bel\\x07del\\x7f bs\\x08 vt\\x0b ff\\x0c cr\\r." in done.stdout, done.stdout[-600:]
    assert "Ann\\x07 plays" in done.stdout, (done.returncode, done.stderr, done.stdout[:600])
    assert UNPRINTABLE.findall(done.stdout + done.stderr) == []


def test_a_refusal_quoting_a_card_id_reads_escaped(game: Path, lb: SimpleNamespace) -> None:
    crafted = _crafted(game, lb, _card)
    line = 1 + next(i for i, x in enumerate(lb.lines(crafted)) if x.get("command", {}).get("type") == "keep_provision")
    done = run("replay", crafted)
    assert done.returncode == 3
    assert done.stderr == (f"lifeboat: {crafted}:{line}: [PROV-2] jewels\\x1b[2J\\x1b]0;owned\\x07\\x9b\\x7f is not "
                           "among the cards offered to you\n")
    report = json.loads(run("audit", "--json", crafted).stdout)
    finding = report["files"][0]["findings"][0]
    assert finding["message"] == ("the rules refuse this command: jewels\x1b[2J\x1b]0;owned\x07\x9b\x7f is not among "
                                  "the cards offered to you")
