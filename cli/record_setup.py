"""``lifeboat record`` at a keyboard: the questions asked before the first line of notation (REC-1, SETUP-2):
each player's character, checked at once and asked again when wrong."""

from __future__ import annotations
from lifeboat.i18n import _
from cli.terminal import read_line

import re
import sys
from collections.abc import Callable
from typing import Any


def _is_character(state: Any, word: str) -> bool:
    """Whether ``word`` names a character (a "did you mean" of the notation may name a card: 'water')."""
    from lifeboat.service import RuleViolation, character_named

    try:
        return character_named(state, word) is not None
    except RuleViolation:
        return False


def guided_setup(rec: Any) -> None:
    """At a keyboard, ask each player's character and deal everything else unseen ('?'), SETUP-2..5, REC-1 (``rec``:
    the :class:`cli.cmd_record.Recorder`). Each answer is checked at once (a known character, not taken yet) and
    asked again if wrong. Raises EOFError at the end of input (nothing is dealt until every player is named)."""
    from cli.describe import who
    from lifeboat.state import AwaitSetup
    from lifeboat.service import RuleViolation, character_named

    if not isinstance(rec.state.step, AwaitSetup):
        return
    rec.say(_("Setup: which character did each player draw? (e.g. captain, lauren, 船长). LOVE, HATE and "
              "provisions are recorded as unseen."))
    taken: dict[str, str] = {}
    in_game = rec.state.cards.characters_in(rec.state.ruleset.card_sets)  # SETUP-2, EXP-1
    characters = _(", ").join(who(x) for x in in_game)
    for player in rec.state.players:
        while True:
            sys.stdout.write(_("  {player}'s character: ").format(player=player))
            sys.stdout.flush()
            answer = read_line()
            if not answer or answer.strip().lower() in ("quit", "exit", "q"):  # Ctrl-D: stop, as at the prompt
                raise EOFError
            if re.match(r"\s*(chance\s*:\s*)?deal\b", answer, re.I):  # the deal line, typed whole (recording.md)
                rec.decide(answer.strip(), 0)
                if not isinstance(rec.state.step, AwaitSetup):
                    return
                continue
            try:
                character = character_named(rec.state, answer.strip())
            except RuleViolation as exc:  # said "unknown actor … or 'chance' or 'recorder'": not asked here
                guess = re.search(r"'([^']+)'", re.split("[;；]", exc.message, maxsplit=1)[-1])  # the notation's "did you mean 'x'?"
                if guess and _is_character(rec.state, guess[1]):  # not 'water'
                    rec.say(_("  [SETUP-2] {answer!r} is not a character; did you mean {guess!r}? type one of: "
                              "{characters}").format(answer=answer.strip(), guess=guess[1], characters=characters))
                else:
                    rec.say(_("  [SETUP-2] {answer!r} is not a character; type one of: {characters}").format(
                        answer=answer.strip(), characters=characters))
                continue
            if character is None:
                rec.say(_("  type a character's name, e.g. captain; type one of: {characters}").format(
                    characters=characters))
            elif character not in in_game:
                rec.say(_("  [SETUP-2] {character} is not in this game (its sets: {card_sets}); type one of: "
                          "{characters}").format(character=who(character), card_sets=", ".join(rec.state.ruleset.card_sets),
                                                 characters=characters))
            elif character in taken.values():
                rec.say(_("  {character} is already taken; each player draws a different character").format(character=who(character)))
            else:
                taken[player] = character
                break
    n = len(rec.state.players)
    removed = 10 if n < 6 and rec.state.ruleset.remove_provisions_short_handed else 0
    parts = [f"{player} = {character} love ? hate ? ?" for player, character in taken.items()]
    rec.decide("chance: deal " + "; ".join(parts) + (f"; removed {removed} ?" if removed else ""), 0)


def ask_players(start: Callable[[str], None], out: Any) -> None:
    """At a keyboard, ask the players' names until ``start`` (which writes the new recording, or raises
    :class:`lifeboat.service.RuleViolation` having written nothing) takes them: a refused answer (SETUP-1: too few, a name
    twice) is said on the console ``out`` and asked again, as a character is. Raises ``typer.Exit`` (usage, exit 2,
    nothing written) at the end of input or on Ctrl-C."""
    from rich.text import Text

    from cli.errors import USAGE, fail
    from lifeboat.service import RuleViolation

    while True:
        sys.stdout.write(_("Players, comma-separated, in any order: "))
        sys.stdout.flush()
        try:
            line = read_line()
        except KeyboardInterrupt:
            line = ""
        if not line:
            sys.stdout.write("\n")
            sys.stdout.flush()
            raise fail(_("name the players with --players (or start from --position); nothing was written"), USAGE)
        if not line.strip():
            out.print(Text(_("  type the players' names, comma-separated, e.g. Ann,Bob,Cy,Dee")))
            continue
        try:
            return start(line.strip())
        except RuleViolation as exc:
            out.print(Text(_("  [{rule}] {message}; type the names again").format(rule=exc.rule, message=exc.message)))
