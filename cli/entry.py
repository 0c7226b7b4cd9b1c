"""The ``lifeboat`` executable's entry point: loads the command line (:mod:`cli.app`), then runs it.

Loading typer, rich and the engine, then building the commands, takes a tenth of a second or two; a Ctrl-C then
raised ``KeyboardInterrupt`` in the middle of an import and Python printed its traceback (issue 27). Nothing has been
read or written yet at that point, so the process ends at once, silently, with exit code 130 (128 + SIGINT, as a
shell reports an interrupted command). Once a command runs, its Ctrl-C is its own: ``record`` and ``play`` save what
was typed and say how to resume; any other command ends with 130 too (Typer's handling), silently (docs/cli.md).

Left: a Ctrl-C in the first hundredth of a second, while Python itself starts (its ``site`` module, an editable
install's path finder), is Python's, before any of this code runs.
"""

import sys


def main() -> None:
    """Run ``lifeboat`` with ``sys.argv``; exits 130 when interrupted before a command takes Ctrl-C over."""
    try:
        from cli.app import main as run

        run()
    except KeyboardInterrupt:
        sys.exit(130)
