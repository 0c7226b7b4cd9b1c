"""Errors raised by the rules engine.

Every refusal of a command is a :class:`RuleViolation` carrying the id of the rule (from ``docs/rules.md``)
that refuses it, and a message written so that it reveals nothing the acting seat cannot know.
A history that cannot be applied (a corrupt or edited journal) raises :class:`InconsistentHistory`.
"""

from __future__ import annotations

from lifeboat.i18n import _


class LifeboatError(Exception):
    """Root of every error of the game package."""


class RuleViolation(LifeboatError):
    """A command was refused.

    Attributes:
        rule: the rule id from ``docs/rules.md`` (e.g. ``"MUG-1"``).
        message: a sentence for the acting seat; names only what that seat may know.
        seat: the player name of the seat that issued the command, or ``None`` for chance and setup.
    """

    def __init__(self, rule: str, message: str, seat: str | None = None) -> None:
        self.rule = rule
        self.message = message
        self.seat = seat
        super().__init__(f"[{rule}] {message}")


class InvalidCommand(RuleViolation):
    """The command is malformed: an unknown card, character or seat, a wrong shape."""


class IllegalCommand(RuleViolation):
    """The command is well formed but the rules do not allow it now."""


class AmbiguousCommand(RuleViolation):
    """The command could mean several things (raised by the notation parser)."""

    def __init__(self, rule: str, message: str, candidates: tuple[str, ...] = (), seat: str | None = None) -> None:
        super().__init__(rule, message, seat)
        self.candidates = candidates


class NotImplementedOption(InvalidCommand):
    """A ruleset option that this version does not implement yet (names the option)."""

    def __init__(self, option: str, value: object) -> None:
        super().__init__("OPT-1", _("ruleset option {option}={value!r} is not implemented yet; use the default").format(
            option=option, value=value))
        self.option = option


class InconsistentHistory(LifeboatError):
    """An event cannot follow the state it is applied to (a corrupt or edited journal).

    Attributes:
        event: the tag of the event that could not be applied.
        reason: what was expected.
    """

    def __init__(self, event: str, reason: str) -> None:
        self.event = event
        self.reason = reason
        super().__init__(f"event {event!r} cannot follow the state: {reason}")


class CardContradiction(IllegalCommand):
    """A recorded game's line names a card where no way the unseen cards may lie allows it (REC-1, REC-3).

    Attributes:
        look: the card as it looks (``"flare_gun"``, ``"painting(3)"``): a front end finds the line that last
            placed such a card, the line that made this one impossible.
    """

    def __init__(self, rule: str, message: str, look: str, seat: str | None = None) -> None:
        super().__init__(rule, message, seat)
        self.look = look
