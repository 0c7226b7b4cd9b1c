"""The recorder's status line at the navigator's choice (NAV-1) suggests a card the row stack holds, or the form to
fill in when nobody but the navigator saw it (REC-1): it said ``type: kid: choose 19`` whatever was drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import refusals, run

DEAL = ("chance: deal ann = captain love ? hate ? ?; bob = kid love ? hate ? ?; cy = lauren love ? hate ? ?; "
        "dee = frenchy love ? hate ? ?; removed 10 ?\n")
ROUND = ("chance: draw ? ? ? ?\nlauren: keep ?\ncaptain: keep ?\nfrenchy: keep ?\nkid: keep ?\n"
         "lauren: {lauren}\ncaptain: row\nchance: nav ? ?\ncaptain: {stack}\nfrenchy: do nothing\nkid: do nothing\n")
STATUS = "[round 1] The Kid, the navigator, chooses {what}. · waiting for The Kid · type: kid: choose {card} · legal · help"


@pytest.mark.parametrize(("lauren", "stack", "what", "card"), [
    ("do nothing", "stack 1 bottom 1", "the only card on the row stack", "<card>"),  # unseen: nothing to suggest
    ("do nothing", "stack 27", "the only card on the row stack", "27"),  # the Captain showed it
    ("row\nchance: nav ? ?\nlauren: stack 1 bottom 1", "stack 31", "one of 2 cards", "31"),
])
def test_NAV_1_the_navigators_hint_names_a_card_drawn_or_the_form(tmp_path: Path, lauren: str, stack: str,
                                                                  what: str, card: str) -> None:
    game = tmp_path / "g.jsonl"
    done = run("record", game, "--players", "Ann,Bob,Cy,Dee", stdin=DEAL + ROUND.format(lauren=lauren, stack=stack))
    assert done.returncode == 0 and refusals(done.stdout) == [], done.stdout + done.stderr
    assert STATUS.format(what=what, card=card) in done.stdout.splitlines()
    if card != "<card>":  # what it suggests is accepted as typed
        done = run("record", game, stdin=f"kid: choose {card}\n")
        assert done.returncode == 0 and refusals(done.stdout) == [], done.stdout + done.stderr
        assert f"  The Kid chose Navigation {card} (" in done.stdout


def test_NAV_1_a_card_turned_from_the_deck_is_suggested_as_the_form_to_fill_in(tmp_path: Path) -> None:
    """An empty row stack: chance turns the top card, which the table names; the hint said 'chance: nav 27'."""
    game = tmp_path / "g.jsonl"
    lines = DEAL + ROUND.format(lauren="do nothing", stack="x").replace(
        "captain: row\nchance: nav ? ?\ncaptain: x\n", "captain: do nothing\n")
    done = run("record", game, "--players", "Ann,Bob,Cy,Dee", stdin=lines)
    assert done.returncode == 0 and refusals(done.stdout) == [], done.stdout + done.stderr
    assert "[round 1] The top navigation card is turned. · type: chance: nav <card> · legal · help" in (
        done.stdout.splitlines())
