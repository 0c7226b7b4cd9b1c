"""The analysis as a reader sees it (ANALYSIS-5, ANALYSIS-6): for the replays (``replay``, ``--step``, ``--html``).

:func:`for_reader` gives the judged decisions a reader may see: a seat's own (its options name its hand) and, for
the referee, every seat's; nothing for the public. :func:`mark_text` is one judged decision in words, in the
language in use, the options named by the one describer (:func:`lifeboat.views.decisions.decision_text`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lifeboat.i18n import _
from lifeboat.views.decisions import decision_text
from lifeboat.service.analysis.judge import Judged
from lifeboat.service.analysis.sidecar import Analysis, load_for


def visible(analysis: Analysis, viewer: str) -> dict[int, Judged]:
    """ANALYSIS-6: the decisions of ``analysis`` the reader ``viewer`` (``"public"``, ``"referee"`` or a character
    id) may see, by seq."""
    if viewer == "public":
        return {}
    return {d.seq: d for d in analysis.decisions if viewer in ("referee", d.seat)}


def for_reader(game: Path, viewer: str) -> tuple[dict[int, Judged], str | None]:
    """The analysis beside ``game`` that ``viewer`` may see (:func:`visible`), by seq, and a sentence when an
    analysis file is there but not of this game as it is now, or not an analysis at all (ANALYSIS-5), else
    ``None``. Raises the journal's errors."""
    from lifeboat.service.errors import FileProblem

    try:
        analysis, problem = load_for(game)
    except FileProblem as exc:  # a replay goes on without it, saying why
        return {}, exc.message
    return (visible(analysis, viewer) if analysis is not None else {}), problem


def mark_name(mark: str) -> str:
    """ANALYSIS-4: a mark's name in the language in use."""
    return {"inaccuracy": _("Inaccuracy"), "mistake": _("Mistake"), "blunder": _("Blunder")}.get(mark, mark)


def mark_text(judged: Judged, view: Any) -> str:
    """One marked decision in words (ANALYSIS-3, ANALYSIS-4), e.g. "Blunder: 2.3 points lost on average; best was
    Give Water to yourself (expected 9.1 points, win chance 40% instead of 10%)"; when both chances read alike, the
    points of both and the one chance ("expected 21.5 points instead of 20.5; the same win chance either way, 75%");
    ``""`` for an unmarked one.
    ``view`` names the cards and characters (the seat's or the referee's view)."""
    if not judged.mark:
        return ""
    best, chosen = judged.options[judged.best], judged.options[judged.chosen_index]
    if f"{best.win:.0%}" == f"{chosen.win:.0%}":  # "win chance 0% instead of 0%" said nothing: the points differ
        return _("{mark}: {loss} points lost on average; best was {best} (expected {score} points instead of "
                 "{chosen_score}; the same win chance either way, {win})").format(
            mark=mark_name(judged.mark), loss=f"{judged.loss:.1f}", best=decision_text(view, best.command),
            score=f"{best.score:.1f}", chosen_score=f"{chosen.score:.1f}", win=f"{best.win:.0%}")
    return _("{mark}: {loss} points lost on average; best was {best} (expected {score} points, win chance "
             "{win} instead of {chosen_win})").format(
        mark=mark_name(judged.mark), loss=f"{judged.loss:.1f}", best=decision_text(view, best.command),
        score=f"{best.score:.1f}", win=f"{best.win:.0%}", chosen_win=f"{chosen.win:.0%}")


def _step_of(steps: list[Any], seq: int) -> Any | None:
    """The table just before commit ``seq`` (the step before the one holding it; passes may be collapsed into one
    step), or ``None`` when no step holds it."""
    k = next((k for k, s in enumerate(steps) if s.first <= seq <= s.seq), None)
    return None if k is None else steps[max(0, k - 1)].table


def document_analysis(game: Path, viewer: str, steps: list[Any]) -> tuple[dict[str, Any], str | None]:
    """The analysis of the replay document (``lifeboat replay --html``): for every judged decision ``viewer`` may
    see (ANALYSIS-6) and the ``steps`` (:class:`lifeboat.views.book.BookStep`) hold, by seq (a string: a JSON
    key): ``{"seat", "mark", "mark_text", "loss", "forced", "options": [{"text", "score", "win", "chosen",
    "best"}]}``, the options' words in the language in use from the table just before; and the sentence of
    :func:`for_reader` when the file is of another version of the game."""
    judged, problem = for_reader(game, viewer)
    out: dict[str, Any] = {}
    for seq, d in sorted(judged.items()):
        view = _step_of(steps, seq)
        if view is None:
            continue
        out[str(seq)] = {
            "seat": d.seat, "mark": d.mark, "mark_name": mark_name(d.mark) if d.mark else "",
            "mark_text": mark_text(d, view), "loss": d.loss, "forced": d.forced,
            "chosen_text": decision_text(view, d.chosen),
            "options": [{"text": decision_text(view, o.command), "score": o.score, "win": o.win,
                         "chosen": i == d.chosen_index, "best": i == d.best} for i, o in enumerate(d.options)],
        }
    return out, problem


def critical(game: Path, seat: str) -> list[int]:
    """The seqs of ``seat``'s decisions the analysis beside ``game`` marked a mistake or a blunder (ANALYSIS-4),
    for ``replay --quiz --critical``. Raises :class:`lifeboat.service.errors.BadRequest` when there is no
    analysis of that seat of this game as it is now."""
    from lifeboat.service.errors import BadRequest

    analysis, problem = load_for(game)
    if analysis is None or seat not in analysis.seats:
        why = problem or f"{game} has no analysis of that seat"
        raise BadRequest(f"--critical: {why}; run lifeboat analyse {game} --as SEAT first", "--critical")
    return [d.seq for d in analysis.decisions if d.seat == seat and d.mark in ("mistake", "blunder")]
