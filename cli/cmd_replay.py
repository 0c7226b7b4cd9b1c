"""``lifeboat replay``: the game as a story, re-validated commit by commit, from one perspective.

Streams: one commit is decided, checked and printed before the next is read (:func:`lifeboat.service.story`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from cli.errors import USAGE, fail, user_errors
from cli.terminal import json_text, terminal_safe
from lifeboat.i18n import _


def run(game: Path, as_: str, to: int | None, step: bool, json_: bool, bot: str | None = None,
        think: str | None = None, html: Path | None = None) -> None:
    """``bot`` and ``think`` are None when not given (then ``heuristic`` and ``200ms``). An option that would do
    nothing is refused (exit 2): ``--bot`` and ``--think`` without ``--step``, ``--think`` without ``--bot search``."""
    if step and json_:
        raise fail("--step and --json do not go together: --step is for people, --json for scripts", USAGE)
    _refuse_idle(step, bot, think, html)
    if html is not None:
        if step or json_:
            raise fail("--html writes a page; leave out --step and --json", USAGE)
        from cli import cmd_html

        cmd_html.run(game, as_, to, html)
        return
    from lifeboat.service import card_data_note_of

    with user_errors():
        note = card_data_note_of(game)
    if note is not None:  # CARD-2: on stderr, so --json stays one JSON value per line
        sys.stderr.write(terminal_safe(f"lifeboat: note: {game}: {note}", keep="") + "\n")
    if step:
        from cli import cmd_step

        from cli.cmd_arena import parse_think

        with user_errors():
            cmd_step.run(game, as_, to, bot or "heuristic", parse_think(think or "200ms"))
        return
    from rich.text import Text

    from cli import render
    from cli.common import console
    from lifeboat.service import Correction, perspective, story, visible_note

    out = console()
    last = None
    with user_errors():
        if as_.strip().lower() == "referee" and not json_:
            out.print(Text(_("REFEREE VIEW: every secret is shown."), style="bold"))
        for last in story(game, as_, to):
            st = last.step
            if st is None:
                continue
            note = st.record if visible_note(st.record, last.viewer) else None  # NOTE-1: its audience only
            if json_:
                line = {"seq": st.commit.seq, "line": st.commit.line, "actor": st.commit.actor,
                        "events": last.views}
                if note is not None:
                    line["note"] = note
                sys.stdout.write(json_text(line) + "\n")
                continue
            lines: list[tuple[str, str | None]] = []  # one write per commit: the same bytes as a print per line
            if note is not None:
                body = note.text.replace("\n", "\n      ")
                lines.append(("   " + _note_head(note).format(at=note.at, text=body), "italic"))
            if isinstance(st.record, Correction):
                lines.append(("   " + _("(the recorder withdrew the decisions from {seq} on)").format(
                    seq=st.record.from_seq), None))
            for i, v in enumerate(last.views):
                if v.type == "passed":  # window passes are noise in a story; --json keeps them
                    continue
                if v.type == "round_started":
                    lines.append(("\n" + _("── Round {round} ──").format(round=v.data.get("round")), "bold"))
                    continue
                lines.append((("" if i == 0 else "   ") + v.text, None))
            if lines:
                render.print_lines(out, lines)
    if last is None:
        return
    view = perspective(last.observer, last.viewer)
    if json_:
        sys.stdout.write(json_text({"table": view}) + "\n")
        return
    out.print()
    if view.over:
        render.final(out, view)
    else:
        out.print(render.table(view))


def _refuse_idle(step: bool, bot: str | None, think: str | None, html: Path | None) -> None:
    """Refuse (exit 2) ``--bot`` or ``--think`` where it would change nothing: the bot is the one ``w`` asks while
    stepping (``--step``), and ``--think`` is the search bot's thinking time."""
    for option, value in (("--bot", bot), ("--think", think)):
        if value is not None and not step:
            needs = "--step --bot search" if option == "--think" and bot != "search" else "--step"
            where = "; --html writes a page (no stepping): leave it out" if html is not None else ""
            raise fail(f"{option} needs {needs}: it is for the bot 'w' asks while stepping{where}", USAGE)
    if think is not None and bot != "search":
        raise fail(f"--think needs --bot search: it is the search bot's thinking time ('w' asks the "
                   f"{bot or 'heuristic'} bot, which does not think for a set time)", USAGE)


def _note_head(note) -> str:  # type: ignore[no-untyped-def]
    """"Note on {at}: {text}", "Note for the referee on …" or "Note for Sir Stephen on …" (NOTE-1), to format with
    ``at`` and ``text``."""
    from lifeboat.views.words import name

    if note.audience == "public":
        return _("Note on {at}: {text}")
    if note.audience == "referee":
        return _("Note for the referee on {at}: {text}")
    return _("Note for {who} on {at}: {text}").replace("{who}", name(note.seat or ""))
