"""``cli.render.print_lines`` writes a replay's commit lines itself; its bytes must be rich's, with and without
colour (the golden outputs pin the plain case for the bundled journals; this pins any text), on the CLI's escaping
console (:func:`cli.common.console`): no control character of the text reaches the terminal but the newline."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from cli.terminal import escaping
from cli.render import print_lines

TEXT = st.lists(st.sampled_from(["a", " ", "\n", "─", "é", "漢", "\x1b", "[bold]", ":ok:", "\t", "\r", "\x00"]),
                max_size=30).map("".join)
LINES = st.lists(st.tuples(TEXT, st.sampled_from([None, "bold", "italic"])), min_size=1, max_size=5)


def _console(colour: str | None, no_color: bool, width: int) -> tuple[io.StringIO, Console]:
    out = io.StringIO()
    return out, escaping(Console(file=out, highlight=False, soft_wrap=True, emoji=False, width=width,
                                 no_color=no_color, force_terminal=colour is not None, color_system=colour))


@settings(max_examples=300, deadline=None)
@given(LINES, st.sampled_from([None, "standard", "256", "truecolor"]), st.booleans(), st.sampled_from([20, 100]))
def test_print_lines_writes_what_rich_prints(lines, colour, no_color, width) -> None:  # type: ignore[no-untyped-def]
    rich_out, rich_console = _console(colour, no_color, width)
    rich_console.print(*[Text(t, style=s or "") for t, s in lines], sep="\n")
    ours, console = _console(colour, no_color, width)
    print_lines(console, lines)
    assert ours.getvalue() == rich_out.getvalue()


def test_print_lines_styles_each_row_with_colour() -> None:
    out, console = _console("standard", False, 100)
    print_lines(console, [("\n── Round 2 ──", "bold"), ("plain", None), ("a\nb", "italic")])
    assert out.getvalue() == "\n\x1b[1m── Round 2 ──\x1b[0m\nplain\n\x1b[3ma\x1b[0m\n\x1b[3mb\x1b[0m\n"


def test_print_lines_escapes_control_characters_but_the_newline() -> None:
    out, console = _console("standard", False, 100)
    print_lines(console, [("Note on 5: hi\x1b[2J\x1b]0;t\x07\x9b", None), ("a\x00\nb\x7f", "bold")])
    # BEL is one of the control codes rich's Text drops (so the lines go through rich, which escapes them all)
    assert out.getvalue() == ("Note on 5: hi\\x1b[2J\\x1b]0;t\\x07\\x9b\n"
                              "\x1b[1ma\\x00\x1b[0m\n\x1b[1mb\\x7f\x1b[0m\n")
    out, console = _console(None, False, 100)  # the fast path (no BEL, no colour)
    print_lines(console, [("Note on 5: hi\x1b[2J\x1b]0;t\x9b", None)])
    assert out.getvalue() == "Note on 5: hi\\x1b[2J\\x1b]0;t\\x9b\n"
