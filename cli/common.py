"""Helpers shared by the commands: the console, which options were given, Ctrl-C at an interactive prompt."""

from __future__ import annotations

from cli.terminal import escaping


def console(stderr: bool = False):
    """A rich console (imported lazily to keep ``--help`` fast) that prints no control character it is given: the
    text of whatever it prints is made :func:`cli.terminal.terminal_safe` (its own style codes still colour)."""
    from rich.console import Console

    return escaping(Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False))  # no :name: codes


def given(ctx, name: str) -> bool:  # a typer.Context (typer's own click)
    """Whether option ``name`` (its parameter's name, e.g. ``"think"``) of the command running in ``ctx`` was given
    on the command line or by the environment, not left at its default: an option that would do nothing in the
    combination given is refused only when the user typed it."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def check_options(options: list[str]) -> None:
    """OPT-1: a bad ``--option`` (unknown, a bad value, given twice with two values) is a usage error, exit 2,
    raised before a new game is written (``new``, ``play --players``, ``record``)."""
    from cli.errors import USAGE, fail
    from lifeboat.service import RuleViolation, build_ruleset

    try:
        build_ruleset(options)
    except RuleViolation as exc:
        raise fail(f"--option: [{exc.rule}] {exc.message}", USAGE) from None


def ctrl_c_stops() -> None:
    """At a terminal, make Ctrl-C raise ``KeyboardInterrupt`` (which ``play`` and ``record`` turn into "saved,
    resume with …", and which ends ``replay --step``) even when whatever started this process ignored SIGINT: a child inherits an ignored SIGINT
    (a job started with ``&`` by a script, a test runner started that way), Python then installs no handler of its
    own, and Ctrl-C only echoed "^C". Without a terminal on stdin nothing changes (end of input stops instead)."""
    import signal
    import sys

    if sys.stdin.isatty() and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
