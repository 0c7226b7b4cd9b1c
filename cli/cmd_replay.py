"""``lifeboat replay``: the game as a story, re-validated commit by commit, from one perspective.

Streams: one commit is decided, checked and printed before the next is read (:func:`lifeboat.service.story`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from cli.errors import USAGE, fail, user_errors
from cli.terminal import json_text, terminal_safe
from lifeboat.i18n import _


def run(game: Path, as_: str, to: int | None, step: bool, json_: bool, bot: str | None = None,
        think: str | None = None, html: Path | None = None, seq: bool = False,
        quiz: tuple[bool, str | None, bool] = (False, None, False)) -> None:
    """``bot`` and ``think`` are None when not given (then ``heuristic`` and ``200ms``). An option that would do
    nothing is refused (exit 2): ``--bot`` and ``--think`` without ``--step``, ``--think`` without ``--bot search``."""
    if step and json_:
        raise fail(_("--step and --json do not go together: --step is for people, --json for scripts"), USAGE)
    if seq and (step or json_ or html is not None):
        raise fail(_("--seq numbers the printed story; --step, --json and --html show the seq numbers already"),
                   USAGE)
    _refuse_idle(step, bot, think, html)
    asked = _quiz_options(quiz, html)
    if html is not None:
        if step or json_:
            raise fail(_("--html writes a page; leave out --step and --json"), USAGE)
        from cli import cmd_html

        cmd_html.run(game, as_, to, html, asked)
        return
    _card_data_note(game)
    if step:
        from cli import cmd_step

        from cli.cmd_arena import parse_think

        with user_errors():
            cmd_step.run(game, as_, to, bot or "heuristic", parse_think(think or "200ms"))
        return
    _story(game, as_, to, json_, seq)


def _story(game: Path, as_: str, to: int | None, json_: bool, seq: bool) -> None:
    """The story printed (or, ``json_``, one JSON line per commit), then the table at its end. A note the reader
    may read (NOTE-1) is printed right after the decision it is about, wherever its own line stands (annotated
    later, or past ``to``); ``--json`` keeps it at its line, as ``note``."""
    from rich.text import Text

    from cli import render
    from cli.common import console
    from lifeboat.service import Correction, notes_by_decision, perspective, story, visible_note

    out = console()
    last = None
    judged: dict[Any, Any] | None = None
    before = None
    placed: dict[int, list[Any]] | None = None  # the notes this reader may read, by the decision they are about
    with user_errors():
        if as_.strip().lower() == "referee" and not json_:
            out.print(Text(_("REFEREE VIEW: every secret is shown."), style="bold"))
        for last in story(game, as_, to):
            st = last.step
            if st is None:
                continue
            note = st.record if visible_note(st.record, last.viewer) else None  # NOTE-1: its audience only
            if judged is None and last.viewer is not None:
                judged = _analysis(game, last.viewer, json_)
            if json_:
                line = {"seq": st.commit.seq, "line": st.commit.line, "actor": st.commit.actor,
                        "events": last.views}
                if note is not None:
                    line["note"] = note
                sys.stdout.write(json_text(line) + "\n")
                continue
            if placed is None:
                placed = {at: [n for n in notes if visible_note(n, last.viewer)]
                          for at, notes in notes_by_decision(game, to).items()}
            lines: list[tuple[str, str | None]] = []  # one write per commit: the same bytes as a print per line
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
            mark = judged.get(st.commit.seq) if judged else None
            if mark is not None and mark.mark:  # ANALYSIS-6: the seat's own, or the referee's
                from lifeboat.service.analysis.show import mark_text

                lines.append(("   ⚑ " + mark_text(mark, before or perspective(last.observer, last.viewer)), "italic"))
            for n in placed.get(st.commit.seq, ()):  # a note's own line prints nothing: it is here
                lines.append(("   " + _note_head(n).format(at=n.at, text=n.text.replace("\n", "\n      ")), "italic"))
            # the options of a decision are named as the table stood just before it
            before = perspective(last.observer, last.viewer) if judged and st.commit.seq + 1 in judged else None
            if seq and lines:
                lines = _margin(lines, st.commit.seq)
            if lines:
                render.print_lines(out, lines)
    if last is not None:
        _the_end(out, last, game, json_)


def _the_end(out: Any, last: Any, game: Path, json_: bool) -> None:
    """After the story: the table as its reader sees it after the last commit shown (``--json``: one more JSON
    value), or the final scores of a game over (SCORE-4: provisional, no winner, while cards that matter are
    unnamed)."""
    from rich.text import Text

    from cli import render
    from lifeboat.service import perspective

    view = perspective(last.observer, last.viewer)
    if json_:
        sys.stdout.write(json_text({"table": view}) + "\n")
        return
    out.print()
    if view.over:
        from lifeboat.service import score_sheet

        sheet = score_sheet(last.observer.state)  # SCORE-4: a recording with cards still unnamed has no winner yet
        render.final(out, view, provisional=sheet.provisional)
        if sheet.provisional:
            from cli.cmd_score import provisional_text

            out.print(Text(provisional_text(sheet.to_show, game)))
    else:
        out.print(render.table(view))


def _card_data_note(game: Path) -> None:
    """CARD-2: a game made with other card data than this lifeboat's says so on stderr (so --json stays one JSON
    value per line)."""
    from lifeboat.service import card_data_note_of

    with user_errors():
        note = card_data_note_of(game)
    if note is not None:
        sys.stderr.write(terminal_safe(_("lifeboat: note: {game}: {note}").format(game=game, note=note), keep="") + "\n")


def _refuse_idle(step: bool, bot: str | None, think: str | None, html: Path | None) -> None:
    """Refuse (exit 2) ``--bot`` or ``--think`` where it would change nothing: the bot is the one ``w`` asks while
    stepping (``--step``), and ``--think`` is the search bot's thinking time."""
    for option, value in (("--bot", bot), ("--think", think)):
        if value is not None and not step:
            needs = "--step --bot search" if option == "--think" and bot != "search" else "--step"
            text = (_("{option} needs {needs}: it is for the bot 'w' asks while stepping; --html writes a page (no "
                      "stepping): leave it out") if html is not None else
                    _("{option} needs {needs}: it is for the bot 'w' asks while stepping"))
            raise fail(text.format(option=option, needs=needs), USAGE)
    if think is not None and bot != "search":
        raise fail(_("--think needs --bot search: it is the search bot's thinking time ('w' asks the {value} bot, "
                     "which does not think for a set time)").format(value=bot or 'heuristic'), USAGE)


def _quiz_options(quiz: tuple[bool, str | None, bool], html: Path | None) -> tuple[list[int] | None, bool] | None:
    """``--quiz [--at SEQ,…|--critical]``: ``None`` without ``--quiz``, else ``(seqs or None, critical)``. Refused
    (exit 2): ``--at``/``--critical`` without ``--quiz``, both together, ``--quiz`` without ``--html``, a seq that
    is not a number."""
    on, at, critical = quiz
    if not on:
        if at is not None or critical:
            raise fail(_("--at and --critical choose the questions of a quiz: add --quiz"), USAGE)
        return None
    if html is None:
        raise fail(_("--quiz writes a quiz page: add --html QUIZ.html"), USAGE)
    if at is not None and critical:
        raise fail(_("--at and --critical both choose the questions: give one of them"), USAGE)
    seqs = None
    if at is not None:
        from lifeboat.service.game.players import split_list

        try:
            seqs = [int(x) for x in split_list(at) if x.strip()]
            if not seqs:  # --at '': it quizzed every decision, as if --at were not given
                raise ValueError(at)
        except ValueError:
            raise fail(_("--at {at}: expected commit numbers separated by commas, e.g. --at 12,57").format(at=at),
                       USAGE) from None
    return seqs, critical


def _margin(lines: list[tuple[str, str | None]], seq: int) -> list[tuple[str, str | None]]:
    """``--seq``: the commit's number in a margin before its first row, blanks before the others (a round's heading
    keeps its blank line above it)."""
    out: list[tuple[str, str | None]] = []
    first = True
    for text, style in lines:
        rows = text.split("\n")
        marked = []
        for row in rows:
            if row == "" and first:
                marked.append(row)
                continue
            marked.append((f"{seq:>4} │ {row}" if first else f"     │ {row}").rstrip())
            first = False
        out.append(("\n".join(marked), style))
    return out


def _analysis(game: Path, viewer: str, json_: bool) -> dict[Any, Any]:
    """ANALYSIS-5, ANALYSIS-6: the analysis beside ``game`` that ``viewer`` may see, by seq; a line on stderr when
    the file is of another version of the game."""
    from lifeboat.service.analysis.show import for_reader

    judged, problem = for_reader(game, viewer)
    if problem is not None:
        sys.stderr.write(terminal_safe(f"lifeboat: note: {problem}", keep="") + "\n")
    return {} if json_ else judged


def _note_head(note) -> str:
    """"Note on {at}: {text}", "Note for the referee on …" or "Note for Sir Stephen on …" (NOTE-1), to format with
    ``at`` and ``text``."""
    from lifeboat.views.words import inner

    if note.audience == "public":
        return _("Note on {at}: {text}")
    if note.audience == "referee":
        return _("Note for the referee on {at}: {text}")
    return _("Note for {who} on {at}: {text}").replace("{who}", inner(note.seat or ""))
