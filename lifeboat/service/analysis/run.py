"""Every decision of one seat, or of all, analysed over a game file (``lifeboat analyse``, ANALYSIS-1..5).

:func:`analyse` replays the game strictly (:func:`lifeboat.service.game.replay.replay`) with an
:class:`lifeboat.views.Observer`, takes at each decision of an analysed seat that seat's view and log just before
it (the one choke point for secrets: nothing of the table but what the seat saw), and has each judged
(:func:`lifeboat.service.analysis.judge.judge`) with a random generator of its own, seeded by the analysis seed,
the seq and the seat (ANALYSIS-2): so a decision's analysis is the same whatever was analysed before it, and
whatever the cards the seat had not seen. Progress is reported through a callback (the CLI shows it on stderr).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lifeboat import commands as c
from lifeboat.views import EventView, Observer, SeatView
from lifeboat.views.decisions import describe
from lifeboat.views.faces import held_by, mask_commands
from lifeboat.i18n import _
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.files import open_journal
from lifeboat.service.game.headers import initial_state
from lifeboat.service.game.records import Correction, DecksRevealed, Note
from lifeboat.service.game.replay import active_events, replay
from lifeboat.service.game.seats import AUDIENCES, resolve_viewer
from lifeboat.service.analysis.judge import Judged, judge
from lifeboat.service.analysis.sidecar import Analysis, Settings

DEFAULT_WORLDS = 32
"""ANALYSIS-3: the worlds sampled per decision by default (bench/analysis.py: every decision of one seat of
docs/examples/six-players.jsonl within 60 s on a 2-core machine)."""
MAX_WORLDS = 1000

Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions judged so far, of how many."""


@dataclass
class _Job:
    seq: int
    view: SeatView
    log: tuple[EventView, ...]
    chosen: c.PlayerCommand


@dataclass
class _Collected:
    jobs: list[_Job] = field(default_factory=list)
    seats: tuple[str, ...] = ()
    players: dict[str, str] = field(default_factory=dict)
    upto_seq: int = 0
    upto_hash: str = ""
    game_id: str = ""


def _seats(obs: Observer, who: str) -> tuple[str, ...]:
    state = obs.state
    if who.strip().casefold() == "all":
        return tuple(ch.character for ch in state.characters)
    if who.strip().casefold() in AUDIENCES:
        raise BadRequest(_("--as {who}: an analysis is made from one seat's knowledge; name a player or a "
                           "character, or all").format(who=who), "--as")
    # the choices are analyse's: all or a seat, not the audiences replay takes (issue 31)
    return (resolve_viewer(state, who, option="--as", seats_only=True, also=("all",)),)


def _collect(path: Path, who: str) -> _Collected:
    """Replay the game and keep, for every decision of the analysed seats, the seat's view and log before it."""
    out = _Collected()
    with open_journal(path) as j:
        out.game_id = j.header.game_id
        if j.header.position is not None:  # POS-1: no log of the deal, so no seat's knowledge of the hidden cards
            raise BadRequest(f"[ANALYSIS-2] {path} starts from a position (POS-1): its log does not say what each "
                             "seat saw of the deal, so no world can be sampled from a seat's knowledge; analyse a "
                             "game played or recorded from its deal", "GAME")
        initial = initial_state(j.header, str(path))
        obs = Observer(initial)
        for step in replay(j, str(path)):
            out.upto_seq, out.upto_hash = step.commit.seq, step.commit.hash
            record = step.record
            if isinstance(record, Correction):  # REC-2: the decisions withdrawn are no longer the game's
                obs = Observer(initial)
                obs.record(active_events(j, str(path), step.commit.seq))
                cut = record.from_seq
                out.jobs = [x for x in out.jobs if x.seq < cut]
                continue
            if isinstance(record, (Note, DecksRevealed)):
                continue
            if not out.seats and obs.state.characters:
                out.seats = _seats(obs, who)
                out.players = {ch.character: ch.player for ch in obs.state.characters}
            by = getattr(record, "by", None)
            if by in out.seats and type(record) in c.PlayerCommand.__args__:  # type: ignore[attr-defined]  # a Union
                state = obs.state  # VIEW-FACE-1: the choice as the seat's legal list names it (another's card by face)
                chosen = mask_commands((record,), state.cards, held_by(state, by))[0]
                out.jobs.append(_Job(step.commit.seq, obs.seat_view(by), obs.log(by), chosen))
            obs.record(step.events)
    if not out.seats:
        raise BadRequest(f"{path}: nobody has been dealt in yet; there is no decision to analyse", "GAME")
    return out


@dataclass(frozen=True)
class Analysed:
    """What :func:`analyse` returns: the ``analysis`` (for :func:`lifeboat.service.analysis.sidecar.save`) and, by
    seq, the chosen command's short words then each option's (:func:`lifeboat.views.decisions.describe`, in the
    language in use, from the seat's own view)."""

    analysis: Analysis
    words: dict[int, tuple[str, ...]]


def _words(view: SeatView, judged: Judged) -> tuple[str, ...]:
    return tuple(describe(view, x).label for x in (judged.chosen, *(o.command for o in judged.options)))


def analyse(path: Path, who: str = "all", *, worlds: int = DEFAULT_WORLDS, seed: int | None = None,
            progress: Progress | None = None) -> Analysed:
    """Analyse every decision of ``who`` (a player or character name, or ``"all"``) in the game at ``path``:
    ``worlds`` sampled worlds per decision (ANALYSIS-3), ``seed`` for the random worlds (drawn from the OS and kept
    in the result when ``None``, so any analysis can be made again). ``progress(done, total)`` is called before the
    first decision and after each.

    Returns the :class:`Analysed` (not yet written: :func:`lifeboat.service.analysis.sidecar.save`).
    Raises :class:`BadRequest` for ``public``/``referee``, an unknown seat, a game nobody is dealt into, or
    ``worlds`` outside 1..1000; and what replaying the game raises."""
    if not 1 <= worlds <= MAX_WORLDS:
        raise BadRequest(f"--think {worlds}: expected a number of worlds from 1 to {MAX_WORLDS}", "--think")
    if seed is None:
        seed = secrets.randbelow(2**31)
    got = _collect(path, who)
    settings = Settings(worlds=worlds, seed=seed)
    judged: list[Judged] = []
    words: dict[int, tuple[str, ...]] = {}
    total = len(got.jobs)
    if progress:
        progress(0, total)
    for n, job in enumerate(got.jobs, 1):
        rng = random.Random(f"lifeboat-analysis:{seed}:{job.seq}:{job.view.viewer}")  # ANALYSIS-2
        judged.append(judge(job.seq, job.view, job.log, job.chosen, worlds, rng))
        words[job.seq] = _words(job.view, judged[-1])
        if progress:
            progress(n, total)
    analysis = Analysis(game_id=got.game_id, upto_seq=got.upto_seq, upto_hash=got.upto_hash, settings=settings,
                        seats=got.seats, players=got.players, decisions=tuple(judged))
    return Analysed(analysis, words)
