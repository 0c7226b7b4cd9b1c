"""The arena: seeded, seat-rotated tournaments between bot kinds, every game kept as a journal that audits clean.

A **pairing** ``challenger vs field`` is ``games`` games in which one seat is played by the challenger kind and
every other seat by the field kind; the challenger's seat rotates over the seats (game ``g`` puts it at seat
``g mod seats``), so no seat order favours it. :func:`run` plays every pairing of ``kinds`` (each kind against
every kind listed before it: ``random,heuristic,search`` gives heuristic vs random, search vs random, search vs
heuristic), writes each game to ``out/<challenger>-vs-<field>/game-NNNN.jsonl`` through
:class:`service.table.Table` (so it replays like any game), audits it, and appends one JSON line per game to
``out/results.jsonl``. :func:`summarize` turns results into the strength table.

A win is a share: 1/k to each of k tied winners (SCORE-3). Intervals are 95% Wilson score intervals over games.
Every game's seed is ``seed × 1000003 + game index`` (plus the pairing's offset), so an arena run is reproducible
with a playout budget; with a time budget (``think_ms``) the search bot's choices depend on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

import bots
from lifeboat.scoring import scores, winners
from service.audit import audit
from service.errors import BadRequest
from service.table import Table

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
Z95 = 1.959964


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """One arena game: ``pairing`` (``"search-vs-heuristic"``), ``game`` index within it, the journal ``file``
    (relative to the arena directory), its ``seed``, ``kinds`` (player → bot kind), ``scores`` (player → total
    points), ``winners`` (players), ``rounds``, ``clean`` (the audit found nothing), ``findings`` (their count),
    ``think_ms`` (the search budget) and ``seconds`` (wall time)."""

    pairing: str
    game: int
    file: str
    seed: int
    kinds: dict[str, str]
    scores: dict[str, int]
    winners: list[str]
    rounds: int
    clean: bool
    findings: int
    think_ms: int
    seconds: float


def pairings(kinds: Sequence[str]) -> list[tuple[str, str]]:
    """``(challenger, field)`` for each kind against every kind listed before it. Raises :class:`BadRequest`
    (``--bots``) for an unknown kind, a repeated kind, or fewer than two kinds."""
    for k in kinds:
        if k not in bots.KINDS:
            raise BadRequest(f"--bots: unknown bot kind {k!r}; expected some of {', '.join(bots.KINDS)}", "--bots")
    if len(set(kinds)) != len(kinds) or len(kinds) < 2:
        raise BadRequest("--bots: name two or more different bot kinds, e.g. random,heuristic", "--bots")
    return [(kinds[j], kinds[i]) for j in range(len(kinds)) for i in range(j)]


def play_game(path: Path, lineup: dict[str, str], seed: int, think_ms: int) -> tuple[Table, float]:
    """Play one whole game at ``path`` with ``lineup`` (player → bot kind); returns the closed table's last state
    holder and the wall seconds. Each bot gets only its seat's view and log (:mod:`bots`)."""
    start = time.monotonic()
    table = Table.deal_new(path, list(lineup), seed=seed)
    try:
        players = {p: bots.make(kind, think_ms) for p, kind in lineup.items()}
        rngs = {p: random.Random(f"{seed}:{p}") for p in lineup}
        table.deal()
        while not table.state.over:
            me = table.waiting_for()[0]
            view = table.views.seat_view(me)
            bot = players[view.player]
            command = bot.choose(view, table.views.log(me) if bot.wants_log else (), rngs[view.player])
            table.decide(command)
            table.deal()
    finally:
        table.close()
    return table, time.monotonic() - start


@dataclass
class Arena:
    """An arena run: ``kinds`` (bot kinds, see :func:`pairings`), ``games`` per pairing, ``seed``, ``seats``
    (players per game, 4-6), ``think_ms`` (the search bot's budget), ``out`` (the directory of journals)."""

    kinds: Sequence[str]
    games: int
    seed: int
    out: Path
    seats: int = 4
    think_ms: int = bots.DEFAULT_THINK_MS
    results: list[GameResult] = field(default_factory=list)

    def check(self) -> list[tuple[str, str]]:
        """The pairings; raises :class:`BadRequest` for bad options (``--games``, ``--seats``, ``--think``,
        ``--bots``, an ``--out`` directory already holding an arena)."""
        if self.games < 1:
            raise BadRequest(f"--games: at least 1 game per pairing, got {self.games}", "--games")
        if not 4 <= self.seats <= 6:
            raise BadRequest(f"--seats: the base game takes 4 to 6 players, got {self.seats}", "--seats")
        if self.think_ms < 1:
            raise BadRequest(f"--think: at least 1ms, got {self.think_ms}ms", "--think")
        if (self.out / "results.jsonl").exists():
            raise BadRequest(f"--out: {self.out} already holds an arena (results.jsonl); choose a new directory",
                             "--out")
        return pairings(self.kinds)

    def total(self) -> int:
        """How many games the run plays."""
        return self.games * len(pairings(self.kinds))

    def play(self) -> Iterator[GameResult]:
        """Play every game, yielding each result as it is known (for a progress bar). Raises what
        :meth:`check` raises, before any game."""
        plan = self.check()
        self.out.mkdir(parents=True, exist_ok=True)
        for p, (challenger, field_kind) in enumerate(plan):
            name = f"{challenger}-vs-{field_kind}"
            (self.out / name).mkdir(exist_ok=True)
            for g in range(self.games):
                lineup = {player: field_kind for player in PLAYERS[: self.seats]}
                lineup[PLAYERS[g % self.seats]] = challenger
                seed = (self.seed * 1_000_003 + p * 100_000 + g) % 2**63
                path = self.out / name / f"game-{g:04d}.jsonl"
                table, seconds = play_game(path, lineup, seed, self.think_ms)
                report = audit(path)
                final = table.state
                result = GameResult(
                    pairing=name, game=g, file=f"{name}/{path.name}", seed=seed, kinds=lineup,
                    scores={s.player: s.total for s in scores(final)}, winners=list(winners(final)),
                    rounds=final.round, clean=report.clean, findings=len(report.findings), think_ms=self.think_ms,
                    seconds=round(seconds, 2),
                )
                with (self.out / "results.jsonl").open("ab") as f:
                    f.write(msgspec.json.encode(result) + b"\n")
                self.results.append(result)
                yield result


# ---- the strength table -------------------------------------------------------------------------------------


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate ``wins / n`` (``wins`` may be fractional: shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Line(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the strength table: ``who`` (a bot kind, or a pairing's challenger), ``games`` (seats played),
    ``mean_score``, ``win_rate`` with its 95% interval ``low``..``high``; for a pairing also ``field`` (the other
    kind), ``equal_share`` (1/seats) and ``verdict``: ``"above"`` / ``"below"`` when the interval lies wholly above /
    below the equal share, else ``"not clear"``."""

    who: str
    games: int
    mean_score: float
    win_rate: float
    low: float
    high: float
    field: str | None = None
    equal_share: float | None = None
    verdict: str | None = None


def _line(who: str, seats: list[tuple[float, float]], **extra: object) -> Line:
    n = len(seats)
    wins = sum(w for w, _ in seats)
    low, high = wilson(wins, n)
    return Line(who=who, games=n, mean_score=round(sum(s for _, s in seats) / n, 2) if n else 0.0,
                win_rate=round(wins / n, 4) if n else 0.0, low=round(low, 4), high=round(high, 4), **extra)


def summarize(results: Sequence[GameResult]) -> tuple[list[Line], list[Line]]:
    """``(per_kind, pairwise)``: every seat each kind played (mean score, win rate), and for each pairing the
    challenger's seat against the equal share."""
    by_kind: dict[str, list[tuple[float, float]]] = {}
    by_pair: dict[str, list[tuple[float, float]]] = {}
    pair_of: dict[str, tuple[str, str, int]] = {}
    for r in results:
        challenger, _, field_kind = r.pairing.partition("-vs-")
        for player, kind in r.kinds.items():
            share = 1 / len(r.winners) if player in r.winners else 0.0
            by_kind.setdefault(kind, []).append((share, r.scores[player]))
        seat = next(p for p, k in r.kinds.items() if k == challenger)
        share = 1 / len(r.winners) if seat in r.winners else 0.0
        by_pair.setdefault(r.pairing, []).append((share, r.scores[seat]))
        pair_of[r.pairing] = (challenger, field_kind, len(r.kinds))
    per_kind = [_line(k, v) for k, v in by_kind.items()]
    pairwise = []
    for name, seats in by_pair.items():
        challenger, field_kind, n = pair_of[name]
        line = _line(challenger, seats, field=field_kind, equal_share=round(1 / n, 4))
        verdict = "above" if line.low > 1 / n else "below" if line.high < 1 / n else "not clear"
        pairwise.append(msgspec.structs.replace(line, verdict=verdict))
    return per_kind, pairwise


def read_results(path: Path) -> list[GameResult]:
    """The results of an arena directory (its ``results.jsonl``). Raises ``FileNotFoundError``."""
    lines = (path / "results.jsonl").read_bytes().splitlines()
    return [msgspec.json.decode(x, type=GameResult) for x in lines if x.strip()]

