"""The arena: seeded, seat-rotated tournaments between bot kinds, every game kept as a journal that audits clean.

A **pairing** ``challenger vs field`` is ``games`` games in which one seat is played by the challenger kind and
every other seat by the field kind; the challenger's seat rotates over the seats (game ``g`` puts it at seat
``g mod seats``), so no seat order favours it. :func:`run` plays every pairing of ``kinds`` (each kind against
every kind listed before it: ``random,heuristic,search`` gives heuristic vs random, search vs random, search vs
heuristic), writes each game to ``out/<challenger>-vs-<field>/game-NNNN.jsonl`` through
:class:`lifeboat.service.game.table.Table` (so it replays like any game), audits it, and appends one JSON line per game to
``out/results.jsonl``; ``out/arena.json`` keeps the options of the run (:class:`RunOptions`) so ``--resume`` with other
values is refused. :func:`summarize` turns results into the strength table.

A win is a share: 1/k to each of k tied winners (SCORE-3). Intervals are 95% Wilson score intervals over games.
Every game's seed is ``seed × 1000003 + game index`` (plus the pairing's offset), so an arena run is reproducible
with a playout budget; with a time budget (``think_ms``) the search bot's choices depend on the machine's speed.
"""

from __future__ import annotations

from typing import Any

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from lifeboat import bots
from lifeboat.scoring import scores, winners
from lifeboat.service.auditing.run import audit
from lifeboat.service.errors import BadRequest, EndlessGame, missing_folder
from lifeboat.service.game.table import Table
from lifeboat.i18n import N_, _

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
MAX_GAME_DECISIONS = 20_000
"""A bot game longer than this is stopped with :class:`EndlessGame` (arena games take 150 to 400 decisions)."""
Z95 = 1.959964


class RunOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The options that make an arena run's games (``out/arena.json``): ``bots`` (kinds, in order), ``games`` per
    pairing, ``seed``, ``seats``. A resumed run must be given the same."""

    bots: list[str]
    games: int
    seed: int
    seats: int

    def flags(self) -> str:
        """``--bots random,heuristic --games 20 --seed 1 --seats 4``."""
        return f"--bots {','.join(self.bots)} --games {self.games} --seed {self.seed} --seats {self.seats}"


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
            raise BadRequest(_("--bots: unknown bot kind {k!r}; expected some of {kinds}").format(k=k, kinds=', '.join(bots.KINDS)), "--bots")
    if len(set(kinds)) != len(kinds) or len(kinds) < 2:
        raise BadRequest(_("--bots: name two or more different bot kinds, e.g. random,heuristic"), "--bots")
    return [(kinds[j], kinds[i]) for j in range(len(kinds)) for i in range(j)]


def play_game(path: Path, lineup: dict[str, str], seed: int, think_ms: int,
              cap: int = MAX_GAME_DECISIONS) -> tuple[Table, float]:
    """Play one whole game at ``path`` with ``lineup`` (player → bot kind); returns the closed table's last state
    holder and the wall seconds. Each bot gets only its seat's view and log (:mod:`lifeboat.bots`).

    Raises :class:`EndlessGame` after ``cap`` decisions without an end (the journal stays for a bug report)."""
    start = time.monotonic()
    table = Table.deal_new(path, list(lineup), seed=seed)
    try:
        players = {p: bots.make(kind, think_ms) for p, kind in lineup.items()}
        rngs = {p: random.Random(f"{seed}:{p}") for p in lineup}
        table.deal()
        for decisions in range(cap + 1):
            if table.state.over:
                break
            if decisions == cap:
                raise EndlessGame(str(path), cap)
            me = table.waiting_for()[0]
            view = table.views.seat_view(me)
            bot = players[view.player]
            command = bot.choose(view, table.views.log(me) if bot.wants_log else (), rngs[view.player])
            table.decide(command)
            table.deal()
    finally:
        table.close()
    return table, time.monotonic() - start


@dataclass(frozen=True)
class Planned:
    """One game of an arena run: its pairing ``name``, index ``game``, ``lineup`` (player → bot kind), ``seed``,
    journal ``path`` and the search budget ``think_ms``."""

    name: str
    game: int
    lineup: dict[str, str]
    seed: int
    path: Path
    think_ms: int


def play_planned(plan: Planned, out: Path) -> GameResult:
    """Play and audit the game ``plan`` (its journal under ``out``); the result :class:`Arena` records. Runs in a
    worker process with ``--jobs``."""
    table, seconds = play_game(plan.path, plan.lineup, plan.seed, plan.think_ms)
    report = audit(plan.path)
    final = table.state
    return GameResult(
        pairing=plan.name, game=plan.game, file=plan.path.relative_to(out).as_posix(), seed=plan.seed,
        kinds=plan.lineup, scores={s.player: s.total for s in scores(final)}, winners=list(winners(final)),
        rounds=final.round, clean=report.clean, findings=len(report.findings), think_ms=plan.think_ms,
        seconds=round(seconds, 2),
    )


@dataclass
class Arena:
    """An arena run: ``kinds`` (bot kinds, see :func:`pairings`), ``games`` per pairing, ``seed``, ``seats``
    (players per game, 4-6), ``think_ms`` (the search bot's budget), ``out`` (the directory of journals),
    ``resume`` (continue the run already in ``out``: its finished games are kept, not played again), ``jobs``
    (games played at once, each in a process of its own)."""

    kinds: Sequence[str]
    games: int
    seed: int
    out: Path
    seats: int = 4
    think_ms: int = bots.DEFAULT_THINK_MS
    resume: bool = False
    jobs: int = 1
    results: list[GameResult] = field(default_factory=list)

    def check(self) -> list[tuple[str, str]]:
        """The pairings; raises :class:`BadRequest` for bad options (``--games``, ``--seats``, ``--think``,
        ``--jobs``, ``--bots``, an ``--out`` directory already holding an arena without ``--resume``, or one made
        with other options with it)."""
        if self.games < 1:
            raise BadRequest(_("--games: at least 1 game per pairing, got {games}").format(games=self.games), "--games")
        if not 4 <= self.seats <= 6:
            raise BadRequest(_("--seats: the base game takes 4 to 6 players, got {seats}").format(seats=self.seats), "--seats")
        if self.think_ms < 1:
            raise BadRequest(_("--think: at least 1ms, got {think_ms}ms").format(think_ms=self.think_ms), "--think")
        if self.jobs < 1:
            raise BadRequest(_("--jobs: at least 1, got {jobs}").format(jobs=self.jobs), "--jobs")
        plan = pairings(self.kinds)
        if self.out.exists() and not self.out.is_dir():
            raise BadRequest(_("--out: {out} is a file; name a new directory for the arena's games").format(out=self.out), "--out")
        if not self.out.exists() and (why := missing_folder(self.out, f"--out {self.out}")) is not None:
            raise BadRequest(why, "--out")
        if (self.out / "results.jsonl").exists() and not self.resume:
            raise BadRequest(_("--out: {out} already holds an arena (results.jsonl); choose a new directory, or add --resume "
                               "to finish it").format(out=self.out), "--out")
        self._check_resumed()
        return plan

    def options(self) -> RunOptions:
        """The options that make this run's games (kept in ``out/arena.json``)."""
        return RunOptions(bots=list(self.kinds), games=self.games, seed=self.seed, seats=self.seats)

    def _check_resumed(self) -> None:
        """With ``resume``: the run in ``out`` was made with the same options (``arena.json``; a run older than that
        file: the games already played must be games of this run, same pairings, seeds, seats)."""
        if not self.resume:
            return
        made_file = self.out / "arena.json"
        if made_file.is_file():
            try:
                made = msgspec.json.decode(made_file.read_bytes(), type=RunOptions)
            except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise BadRequest(_("--resume: {made_file} does not say how the run was made ({exc}); start a new run in a new "
                                   "--out directory").format(made_file=made_file, exc=exc), "--resume") from None
            if made != self.options():
                raise BadRequest(_("--resume: the run in {out} was made with {flags}; give the same values to finish it (you gave "
                                   "{given}), or a new --out for a new run").format(out=self.out, flags=made.flags(), given=self.options().flags()), "--resume")
        if not (self.out / "results.jsonl").exists():
            return
        planned = {(p.name, p.game): p for p in self.planned()}
        for r in read_results(self.out / "results.jsonl"):
            p = planned.get((r.pairing, r.game))
            if p is None or p.seed != r.seed or p.lineup != r.kinds:
                raise BadRequest(_("--resume: {out} holds game {game} of {pairing}, which is not a game of this run; give the "
                                   "--bots, --games, --seed and --seats it was started with").format(out=self.out, game=r.game, pairing=r.pairing),
                                 "--resume")

    def planned(self) -> list[Planned]:
        """Every game of the run, in order."""
        out: list[Planned] = []
        for p, (challenger, field_kind) in enumerate(pairings(self.kinds)):
            name = f"{challenger}-vs-{field_kind}"
            for g in range(self.games):
                lineup = {player: field_kind for player in PLAYERS[: self.seats]}
                lineup[PLAYERS[g % self.seats]] = challenger
                seed = (self.seed * 1_000_003 + p * 100_000 + g) % 2**63
                out.append(Planned(name, g, lineup, seed, self.out / name / f"game-{g:04d}.jsonl", self.think_ms))
        return out

    def played_before(self) -> int:
        """How many games of a resumed run were played before (0 without ``resume``)."""
        index = self.out / "results.jsonl"
        return len(read_results(index)) if self.resume and index.exists() else 0

    def total(self) -> int:
        """How many games the run has in all (a resumed run's earlier games included)."""
        return self.games * len(pairings(self.kinds))

    def play(self) -> Iterator[GameResult]:
        """Play every game not yet played, yielding each result as it is known (for a progress bar; with ``jobs``
        > 1 in the order they end); the results of a resumed run's earlier games are in :attr:`results` first.
        Raises what :meth:`check` raises, before any game. A journal left by a game that was cut off is moved
        aside (``….jsonl.cut-off``) and the game is played again."""
        self.check()
        try:
            self.out.mkdir(exist_ok=True)
        except OSError as exc:
            raise BadRequest(_("--out: cannot make {out} ({strerror}); name a directory you may write").format(out=self.out, strerror=exc.strerror), "--out") \
                from None
        if not (self.out / "arena.json").exists():
            (self.out / "arena.json").write_bytes(msgspec.json.encode(self.options()) + b"\n")
        index = self.out / "results.jsonl"
        done = read_results(index) if self.resume and index.exists() else []
        if done and not index.read_bytes().endswith(b"\n"):  # a line torn when the run was cut off: drop it
            index.write_bytes(b"".join(msgspec.json.encode(r) + b"\n" for r in done))
        self.results = list(done)
        played = {(r.pairing, r.game) for r in done}
        todo = [p for p in self.planned() if (p.name, p.game) not in played]
        for plan in todo:
            plan.path.parent.mkdir(exist_ok=True)
            if plan.path.exists():
                plan.path.rename(plan.path.with_name(plan.path.name + ".cut-off"))
                deck = plan.path.with_name(plan.path.name + ".deck.json")
                if deck.exists():
                    deck.rename(deck.with_name(deck.name + ".cut-off"))
        for result in self._run(todo):
            with (self.out / "results.jsonl").open("ab") as f:
                f.write(msgspec.json.encode(result) + b"\n")
            self.results.append(result)
            yield result

    def _run(self, todo: list[Planned]) -> Iterator[GameResult]:
        if self.jobs == 1 or len(todo) < 2:
            for plan in todo:
                yield play_planned(plan, self.out)
            return
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            futures = [pool.submit(play_planned, plan, self.out) for plan in todo]
            try:
                for future in as_completed(futures):
                    yield future.result()
            finally:
                for future in futures:
                    future.cancel()


def read_results(path: Path) -> list[GameResult]:
    """The results of an arena run's ``results.jsonl``. Raises :class:`BadRequest` naming the file and line of a
    line that is not a result (a torn last line of a run cut off is skipped)."""
    out: list[GameResult] = []
    lines = path.read_bytes().split(b"\n")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append(msgspec.json.decode(line, type=GameResult))
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            if n == len(lines) and not line.endswith(b"}"):
                continue  # cut off while it was written: the game is played again
            raise BadRequest(_("{path}:{n}: not an arena result ({exc})").format(path=path, n=n, exc=exc), "--out") from None
    return out


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
    below the equal share, else ``"CI crosses"``: the interval
    holds the equal share (shown as "CI crosses 1/4" beside the "95% CI" column; it said "not clear")."""

    who: str
    games: int
    mean_score: float
    win_rate: float
    low: float
    high: float
    field: str | None = None
    equal_share: float | None = None
    verdict: str | None = None


def _line(who: str, seats: list[tuple[float, float]], **extra: Any) -> Line:
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
        verdict = N_("above") if line.low > 1 / n else N_("below") if line.high < 1 / n else N_("CI crosses")
        pairwise.append(msgspec.structs.replace(line, verdict=verdict))
    return per_kind, pairwise
