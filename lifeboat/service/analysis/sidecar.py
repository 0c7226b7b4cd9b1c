"""The analysis kept beside its game (ANALYSIS-5): ``GAME.analysis.json`` next to ``GAME.jsonl``.

The journal is never touched. The file names the game (``game_id``) and the last commit the analysis read
(``upto_seq`` and that line's ``upto_hash``): a journal only grows, so while its line ``upto_seq`` still has that
hash the analysis is of this game (later decisions and notes may follow it); otherwise the game was changed or is
another one, and :func:`load_for` says so and gives nothing. Analyses of different seats of the same game are
merged (:func:`save`); a seat analysed again replaces its earlier analysis.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from lifeboat.service.errors import FileProblem
from lifeboat.service.game.files import open_journal, read_regular
from lifeboat.service.analysis.judge import Judged

FORMAT = "lifeboat-analysis"
VERSION = 1


class Settings(msgspec.Struct, frozen=True):
    """How the analysis was made: ``worlds`` per decision (ANALYSIS-3), ``seed`` of the random worlds (ANALYSIS-2)."""

    worlds: int
    seed: int


class Analysis(msgspec.Struct, frozen=True):
    """An analysis file: ``game_id`` of the game, ``upto_seq``/``upto_hash`` the last commit read, ``settings``,
    the analysed ``seats`` (character ids), ``players`` by character id, the ``decisions`` by seq."""

    game_id: str
    upto_seq: int
    upto_hash: str
    settings: Settings
    seats: tuple[str, ...]
    players: dict[str, str]
    decisions: tuple[Judged, ...]
    format: str = FORMAT
    version: int = VERSION

    def of_seat(self, seat: str) -> dict[int, Judged]:
        """The decisions of ``seat`` by seq."""
        return {d.seq: d for d in self.decisions if d.seat == seat}


def sidecar_path(game: Path) -> Path:
    """``GAME.analysis.json`` for ``GAME.jsonl`` (any other name: the name with ``.analysis.json`` added)."""
    return game.with_suffix(".analysis.json") if game.suffix == ".jsonl" else game.with_name(game.name + ".analysis.json")


def _hash_at(game: Path, seq: int) -> str | None:
    with open_journal(game) as j:
        for commit in j.commits():
            if commit.seq == seq:
                return commit.hash
    return None


def _read(file: Path) -> Analysis:
    try:
        return msgspec.json.decode(read_regular(file), type=Analysis)  # a FIFO: refused, never waited on
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise FileProblem(f"[ANALYSIS-5] {file}: not an analysis file ({exc}); move it away or delete it, then "
                          "run lifeboat analyse again (it is made from the game alone)") from None


def load_for(game: Path) -> tuple[Analysis | None, str | None]:
    """The analysis beside ``game`` if it is of this game as it is now: ``(analysis, None)``; ``(None, None)`` when
    there is none; ``(None, why)`` when there is one of another game or of a game since changed (ANALYSIS-5).
    Raises :class:`FileProblem` for a file that is no analysis, and the journal's errors."""
    file = sidecar_path(game)
    if not file.exists():
        return None, None
    analysis = _read(file)
    with open_journal(game) as j:
        game_id = j.header.game_id
    if analysis.game_id != game_id:
        return None, f"{file.name} is the analysis of another game ({analysis.game_id}); it is not shown"
    if _hash_at(game, analysis.upto_seq) != analysis.upto_hash:
        return None, (f"{file.name} was made of another version of this game (line {analysis.upto_seq + 1} "
                      "differs now); it is not shown: run lifeboat analyse again")
    return analysis, None


def save(game: Path, analysis: Analysis) -> Path:
    """Write ``analysis`` beside ``game`` (atomically: a temporary file renamed), merged with the analyses of
    other seats already there when they are of this game as it is now. Returns the file's path."""
    file = sidecar_path(game)
    merged = analysis
    old, _ = load_for(game) if file.exists() else (None, None)
    if old is not None and old.settings == analysis.settings:
        kept = tuple(d for d in old.decisions if d.seat not in analysis.seats and d.seq <= analysis.upto_seq)
        seats = tuple(s for s in old.seats if s not in analysis.seats) + analysis.seats
        merged = msgspec.structs.replace(analysis, seats=seats, players={**old.players, **analysis.players},
                                         decisions=tuple(sorted(kept + analysis.decisions, key=lambda d: d.seq)))
    tmp = file.with_name(file.name + ".tmp")
    tmp.write_bytes(msgspec.json.format(msgspec.json.encode(merged), indent=1) + b"\n")
    os.replace(tmp, file)
    return file
