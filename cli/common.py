"""Helpers shared by the commands: the console."""

from __future__ import annotations


def console(stderr: bool = False):  # type: ignore[no-untyped-def]
    """A rich console (imported lazily to keep ``--help`` fast)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)
