"""``decide(state, command) -> tuple[Event, ...]``: every rule of the game.

A refused command raises a :class:`RuleViolation` (``InvalidCommand`` for a malformed one, ``IllegalCommand`` for
one the rules forbid now) naming the rule id from ``docs/rules.md``; ``decide`` never returns an empty tuple to
mean "no". Messages name only what the acting seat may know. The state passed in is never changed.

Internally each emitted event is applied at once with :func:`evolve`, so later rules see its effect; the
procedure then advances through every step that needs no decision (skipped turns, empty windows) and stops where a
player or chance must act. One function per command, found by the command's type; the modules by rule area:

============================  ==============================================================================
module                        rules
============================  ==============================================================================
:mod:`.context`               the working context and the shared checks (TURN-1, STATUS-1, CARD-1, ACT-1/2)
:mod:`.procedure`             what follows by itself: rounds, turns, navigation, windows closing, fights
:mod:`.setup`                 the deal (SETUP-1..5, OPT-QUICK)
:mod:`.draws`                 chance's draws (CHANCE-1, PROV-2, ROW-1, FLARE-1, NAV-1/2, MUG-1/2)
:mod:`.actions`               the provisions pick and the actions (PROV-2, ACT-2, ROW-1, SWAP-1, MUG-1/2,
                              FLARE-1, PARASOL-1, MEDKIT-1, CANNIBAL-1)
:mod:`.trades`                trades (TRADE-1, PROC-4)
:mod:`.windows`               answers, fights, passes, reveals, overboard and thirst (PROC-1/2, FIGHT-1/2,
                              PLAY-1, OVER-1/2, THIRST-1, CANNIBAL-1)
:mod:`.navigation`            the navigator's choices (NAV-1, NAV-2)
:mod:`.recorded`              recorded games: placeholders named (REC-1)
============================  ==============================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.decide import actions, draws, navigation, possible, recorded, trades, windows
from lifeboat.decide.context import Ctx, Legal, name_of, require_character
from lifeboat.decide.procedure import SEAGULLS_TO_LAND, fighter_strength, may_act_in_window, strength
from lifeboat.decide.recorded import prebind
from lifeboat.decide.setup import SHORT_HANDED_REMOVED
from lifeboat.errors import IllegalCommand, RuleViolation
from lifeboat.state import AwaitSetup, GameOver, State
from lifeboat.i18n import _

Rule = Callable[[Ctx, State, Any], None]

PLAYER_RULES: dict[type, Rule] = {**actions.RULES, **trades.RULES, **windows.RULES, **navigation.RULES}
CHANCE_RULES: dict[type, Rule] = dict(draws.RULES)
RECORDER_RULES: dict[type, Rule] = dict(recorded.RULES)
LEGAL_RULES: dict[type, Rule] = {**actions.LEGAL, **windows.LEGAL, **navigation.LEGAL, **draws.LEGAL}
"""What a command of each of the frequent types brings about once the checks of its rule have passed (each its
rule's own tail, which the rule calls): :func:`fold_legal`'s table."""


def _rule(table: dict[type, Rule], command: c.Command) -> Rule | None:
    """The rule for ``command``'s type (or a base of it) in ``table``; ``None`` if there is none."""
    rule = table.get(type(command))
    if rule is None:
        rule = next((r for t, r in table.items() if isinstance(command, t)), None)
    return rule


def _player(ctx: Ctx, cmd: c.PlayerCommand) -> None:
    """TURN-1, TRADE-1: a known character acts, and nothing but the answer is taken while a trade waits."""
    if ctx.state.unaccounted:
        cmd = prebind(ctx, cmd)
    s = ctx.state
    require_character(s, cmd.by)
    if s.offer is not None and not isinstance(cmd, c.AnswerTrade):
        raise IllegalCommand("TRADE-1", _("a trade offered to {to} is waiting for an answer").format(to=name_of(s.offer.to)))
    if s.wong_share is not None and not isinstance(cmd, c.ShareFirewater):  # REF-25
        raise IllegalCommand("REF-25", _("Mrs. Wong must first say whether she shares the Firewater "
                                         "just drunk"))
    rule = PLAYER_RULES.get(type(cmd)) or _rule(PLAYER_RULES, cmd)
    if rule is not None:
        rule(ctx, s, cmd)


def _run(ctx: Ctx, command: c.Command) -> None:
    player = type(command) in PLAYER_RULES  # the common case: neither a recorder's nor a chance command
    if not player and c.is_recorder(command):
        rule = _rule(RECORDER_RULES, command)
        if rule is not None:
            rule(ctx, ctx.state, command)
        if ctx.state.ruleset.possibilities is True:
            possible.deduce(ctx)  # REC-3: a card named may leave one identity for another
        return
    if type(ctx.state.step) is GameOver:  # a final class (state.WINDOW_TYPES)
        raise IllegalCommand("END-1", _("the game is over; no more cards may be played"))
    if type(ctx.state.step) is AwaitSetup and type(command) is not c.DealSetup:  # SETUP-2: the deal comes first
        raise IllegalCommand("SETUP-2", _("the game waits for the deal: nothing can be drawn or played "
                                          "before it"))
    if not player and c.is_chance(command):
        if ctx.state.wong_share is not None:  # REF-25: her answer comes first
            raise IllegalCommand("REF-25", _("Mrs. Wong must first say whether she shares the "
                                             "Firewater just drunk"))
        rule = _rule(CHANCE_RULES, command)
        if rule is not None:
            rule(ctx, ctx.state, command)
    else:
        _player(ctx, command)  # type: ignore[arg-type]  # neither chance nor recorder: a player command
    if ctx.state.unaccounted and ctx.state.ruleset.possibilities is True:
        possible.deduce(ctx)  # REC-3: what the possibilities now leave one identity for
    if not ctx.events:  # pragma: no cover - every path above emits or raises
        raise IllegalCommand("PROC-1", _("the command changes nothing"))


def decide_and_fold(state: State, command: c.Command) -> tuple[State, tuple[e.Event, ...]]:
    """``(fold(state, events), events)`` for the events :func:`decide` gives, without applying them twice.
    Raises what :func:`decide` raises."""
    ctx = Ctx(state)
    _run(ctx, command)
    return ctx.state, tuple(ctx.events)


def fold_legal(state: State, command: c.Command) -> tuple[State, tuple[e.Event, ...]]:
    """:func:`decide_and_fold` for a ``command`` known to be legal now, without the checks that cannot fail: a
    player command one of ``lifeboat.legal_commands(state, command.by)``, or the chance command
    ``lifeboat.chance.next_chance(state, orders)`` gives for this game's deck orders. What a search or a playout
    applies thousands of times a decision, having just made it from those lists.

    For those commands the answer is exactly :func:`decide_and_fold`'s (the same events, the same state; a
    property test compares them over random games of every option). For any other command it is undefined: a
    command from outside (a user, a journal) goes through :func:`decide_and_fold`, which refuses what the rules
    refuse. A recorded game's state (REC-1, REC-3), a pending trade (TRADE-1) or share (REF-25) and the rarer
    command types take :func:`decide_and_fold` itself.
    """
    rule = LEGAL_RULES.get(type(command))
    if rule is None or state.unaccounted or state.known is not None or state.offer is not None \
            or state.wong_share is not None:
        return decide_and_fold(state, command)
    ctx = Ctx(state)
    rule(ctx, state, command)
    return ctx.state, tuple(ctx.events)


def decide(state: State, command: c.Command) -> tuple[e.Event, ...]:
    """Decide the events that ``command`` produces in ``state``.

    Returns:
        The events, in order; never empty.
    Raises:
        InvalidCommand: a malformed command (unknown character or card, wrong shape).
        IllegalCommand: the rules refuse it now (wrong seat, out of turn, not conscious, card not held, ...).
        InconsistentHistory: never for a state built by :func:`evolve`; only if ``state`` was hand-made wrong.
    """
    return decide_and_fold(state, command)[1]


def is_legal(state: State, command: c.PlayerCommand) -> bool:
    """True when :func:`decide` accepts the player command ``command`` in ``state`` (it raises no RuleViolation).

    In a digital game (no placeholders, REC-1) every check of a player command comes before its first event, so
    the answer is known there and the consequences are not computed. Raises what :func:`decide` raises but
    RuleViolation (InconsistentHistory only for a hand-made wrong state).
    """
    if state.unaccounted or type(command) not in PLAYER_RULES:
        try:
            decide(state, command)
        except RuleViolation:
            return False
        return True
    if type(state.step) is GameOver:
        return False  # END-1
    try:
        _player(Ctx(state, probe=True), command)
    except Legal:
        return True
    except RuleViolation:
        return False
    return False  # PROC-1: the command changes nothing


__all__ = [
    "SEAGULLS_TO_LAND", "SHORT_HANDED_REMOVED", "decide", "decide_and_fold", "fighter_strength", "fold_legal", "is_legal",
    "may_act_in_window", "strength",
]
