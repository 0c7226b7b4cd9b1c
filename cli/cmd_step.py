"""``lifeboat replay --step``: step through a game as a teacher wants, from one perspective (``--as``).

Each step shows its commits (window passes collapsed into one step), the notes for this reader (NOTE-1), the
contents of every navigation card it names, and, at a decision this reader may know (its own seat, or any seat for
the referee), the decisions that were open. Keys (one per line, so it can be scripted from stdin): Enter or ``n``
next, ``b`` back, ``NUMBER`` the step holding that commit, ``r NUMBER`` the first step of that round, ``v`` the
next navigation card, ``a`` every open decision, ``t`` the table here, ``w`` what a bot would have done at the
decision shown, for the ``--as`` seat (asked just before it, knowing only what that seat knew then; at a step that
is not that seat's decision, that it is not and the seat's next one), ``h`` help, ``q`` quit. The steps come from
:func:`lifeboat.service.replay_book`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from cli.terminal import read_line
from lifeboat.i18n import N_, _

HELP = N_("Enter/n: next · b: back · NUMBER: that commit · r NUMBER: that round · v: next navigation card · a: every "
          "open decision · t: the table here · w: what would a bot do here · h: help · q: quit")
SHOWN = 8  # open decisions listed at a step; 'a' lists them all


def _nav_line(card: str, facts: dict[str, Any]) -> str:
    return _("{card}: {what}").format(card=_nav_name(facts), what=facts["text"])


def _nav_name(facts: dict[str, Any]) -> str:
    return _("Navigation {number}").format(number=facts["print_no"])


def _boat(table: Any) -> str:
    """The table in one line: the seats bow to stern with wounds/size and who is not conscious, the seagulls."""
    from cli.render import status_word
    from lifeboat.views.words import name as who

    chars = {c.character: c for c in table.characters}
    seats = []
    for cid in table.seats:
        c = chars[cid]
        mark = "" if c.status == "conscious" else f" {status_word(c.status)}"
        seats.append(f"{who(cid)} {c.wounds}/{c.size}{mark}")
    lost = [who(c.character) for c in table.characters if c.seat is None]
    if lost:
        return "  " + _("Boat, bow to stern: {seats} · lost at sea: {lost} · seagulls {seagulls}/4").format(
            seats=" · ".join(seats), lost=_(", ").join(lost), seagulls=table.seagulls)
    return "  " + _("Boat, bow to stern: {seats} · seagulls {seagulls}/4").format(
        seats=" · ".join(seats), seagulls=table.seagulls)


def _named(name: str, said: str) -> bool:
    """Whether the lines ``said`` name the navigation card ``name`` ("Navigation 22", not "Navigation 2")."""
    at = said.find(name)
    while at >= 0:
        after = said[at + len(name):at + len(name) + 1]
        if not after.isdigit():
            return True
        at = said.find(name, at + 1)
    return False


def _page(step: Any, last: int, judged: dict[Any, Any] | None = None) -> list[tuple[str, str]]:
    """``(style, text)`` lines of one step; ``judged`` the analysis the reader may see, by seq (ANALYSIS-6)."""
    span = str(step.seq) if step.first == step.seq else f"{step.first}-{step.seq}"
    out = [("bold", _("[{span}/{last}] round {round}").format(span=span, last=last, round=step.round))]
    for line in step.lines:
        out.append(("bold", f"  ── {line.text} ──") if line.type == "round_started" else ("", "  " + line.text))
    said = " ".join(line.text for line in step.lines) + " "
    out += [("", "  " + _nav_line(card, facts)) for card, facts in step.navigation.items()
            if _named(_nav_name(facts), said)]
    for note in step.notes:
        head = {"public": _("Note: {text}"), "referee": _("Note for the referee: {text}")}.get(
            note.audience, _("Note for {who}: {text}").replace("{who}", note.label))
        out.append(("italic", "  " + head.format(text=note.text.replace("\n", "\n    "))))
    for seq in range(step.first, step.seq + 1):
        mark = (judged or {}).get(seq)
        if mark is not None and mark.mark:
            from lifeboat.service.analysis.show import mark_text

            out.append(("italic", "  ⚑ " + mark_text(mark, step.table)))
    if step.table.characters:
        out.append(("dim", _boat(step.table)))
    if step.alternatives and len(step.alternatives) > 1:
        out.append(("", "  " + _("Open to {who} ({n}):").format(who=step.decider_label, n=len(step.alternatives))))
        out += _alternatives(step, SHOWN)
    return out


def _alternatives(step: Any, limit: int | None) -> list[tuple[str, str]]:
    alts = step.alternatives or []
    shown = alts if limit is None or len(alts) <= limit else (
        [a for a in alts if a.chosen] + [a for a in alts if not a.chosen][:limit - 1])
    lines = [("bold" if a.chosen else "", f"    {'>' if a.chosen else '-'} " + (
        _("{text}  (chosen)").format(text=a.text) if a.chosen else a.text)) for a in shown]
    if len(shown) < len(alts):
        lines.append(("", "    " + _("… {n} more (a lists them all)").format(n=len(alts) - len(shown))))
    return lines


def _move(steps: list[Any], i: int, answer: str) -> tuple[int, str | None]:
    """The step index after ``answer`` (from step ``i``) and a message to print, if any."""
    a = answer.strip().lower()
    if a in ("", "n"):
        return (i + 1, None) if i + 1 < len(steps) else (i, _("That was the last step (q quits, b goes back)."))
    if a == "b":
        return (i - 1, None) if i > 0 else (i, _("That is the first step (Enter goes on)."))
    if a.isascii() and a.isdigit():  # '²' is a digit to isdigit, not to int()
        seq = int(a)
        k = next((k for k, s in enumerate(steps) if s.first <= seq <= s.seq), None)
        return (k, None) if k is not None else (i, _("No step holds commit {seq} (they go from {first} to {last}).").format(
            seq=seq, first=steps[0].first, last=steps[-1].seq))
    if a.startswith("r") and a[1:].strip().isascii() and a[1:].strip().isdigit():
        r = int(a[1:].strip())
        k = next((k for k, s in enumerate(steps) if s.round == r), None)
        rounds = sorted({s.round for s in steps})
        return (k, None) if k is not None else (i, _("No round {round} here (rounds {first} to {last}).").format(
            round=r, first=rounds[0], last=rounds[-1]))
    if a == "v":
        k = next((k for k in range(i + 1, len(steps)) if steps[k].navigation_card), None)
        return (k, None) if k is not None else (i, _("No navigation card after this step."))
    return i, _(HELP)


def run(game: Path, as_: str, to: int | None, bot: str = "heuristic", think_ms: int = 200) -> None:
    from rich.text import Text

    from cli import render
    from cli.common import console, ctrl_c_stops
    from lifeboat.service import replay_book

    ctrl_c_stops()
    out = console()
    book = replay_book(game, as_, to)
    steps = book.steps
    if not steps:
        out.print(Text(_("No commits to step through.")))
        return
    out.print(Text(_(HELP)))
    from lifeboat.service.analysis.show import for_reader

    judged, problem = for_reader(game, book.viewer)  # ANALYSIS-5, ANALYSIS-6
    if problem is not None:
        out.print(Text(problem))
    i, shown = 0, -1
    while True:
        if i != shown:
            for style, line in _page(steps[i], steps[-1].seq, judged):
                out.print(Text(line, style=style))
            shown = i
        sys.stdout.write("> ")
        sys.stdout.flush()
        try:
            answer = read_line()
        except KeyboardInterrupt:  # Ctrl-C: end the line, so the shell's prompt does not follow '> ^C'
            sys.stdout.write("\n")
            raise
        if not answer:  # end of input (Ctrl-D at a terminal)
            sys.stdout.write("\n")
            return
        if answer.strip().lower() == "q":
            return
        a = answer.strip().lower()
        if a == "t":
            out.print(render.table(steps[i].table))
        elif a == "a":
            alts = _alternatives(steps[i], None)
            out.print(Text("\n".join(x for _, x in alts) or "  " + _("Nothing this reader may know was open here.")))
        elif a == "w":
            try:
                out.print(Text(_suggestion(game, book.viewer, steps, i, bot, think_ms)))
            except KeyboardInterrupt:  # a long search stopped: back to this step's prompt, not out of the replay
                out.print(Text("  " + _("The bot was stopped; the step is as it was.")))
        elif a == "h":
            out.print(Text(_(HELP)))
        else:
            i, message = _move(steps, i, a)
            if message:
                out.print(Text(message))


def _suggestion(game: Path, viewer: str, steps: list[Any], i: int, bot: str, think_ms: int) -> str:
    """One line: what a ``bot`` would have done at the decision step ``i`` shows, for the reader's seat ``viewer``
    (a character id), asked at the position just before that decision and knowing only what the seat knew then
    (:func:`lifeboat.service.suggest_decision`); or that the step is not a decision of the seat, naming its next
    one; or why it cannot say (``--as public`` / ``referee``). The decision in the words of the options the page
    lists, from the reader's table before it."""
    from lifeboat.views.words import inner as who  # inside sentences: "as the Captain knowing…"
    from lifeboat.service import BadRequest, suggest_decision
    from lifeboat.views.decisions import describe

    step = steps[i]
    try:
        seat, at, cmd = suggest_decision(game, viewer, step.first, step.seq, bot, think_ms)
    except BadRequest as exc:
        return exc.message
    span = str(step.seq) if step.first == step.seq else f"{step.first}-{step.seq}"
    if cmd is None:
        later = next((s for s in steps[i + 1:] if s.decider == seat), None)
        if later is None:
            return _("This step ({span}) is not a decision of {who}, nor is any after it: w answers at {who}'s own "
                     "decisions.").format(span=span, who=who(seat))
        return _("This step ({span}) is not a decision of {who}: w answers at {who}'s own decisions; the next is at "
                 "commit {next} (type {next}, then w).").format(span=span, who=who(seat), next=later.first)
    before = steps[i - 1].table if i > 0 else step.table  # the reader's table just before the decision
    return _("The {bot} bot, as {who} knowing only what it knew then, would: {label}").format(
        bot=bot, who=who(seat), label=describe(before, cmd).text)
