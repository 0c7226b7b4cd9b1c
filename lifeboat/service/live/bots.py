"""Bots at a table: which seats bots play and of what kind, each bot asked with only its seat's view.

The bots themselves live in :mod:`lifeboat.bots` (``random``, ``heuristic``, ``search``); this module connects them to a
game: :func:`bot_kinds` reads a ``--bots`` spec, :func:`ask` gives a bot the seat's view and log from a
:class:`lifeboat.views.Observer` (the views module is the one choke point for secrets), :func:`suggest` asks a
bot "what would you do here" at any commit of a journal, for one seat, knowing only what that seat knew then;
:func:`suggest_decision` asks it at the seat's own decision of a replay step (the position just before it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import journal
from lifeboat import bots
from lifeboat.bots.random_bot import random_choice
from lifeboat import commands as c
from lifeboat.state import State
from lifeboat.views import Observer
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.headers import initial_state
from lifeboat.service.game.players import split_list
from lifeboat.service.game.files import Source, opened
from lifeboat.service.game.replay import active_events
from lifeboat.service.game.seats import resolve_viewer
from lifeboat.i18n import _

KINDS = bots.KINDS
DEFAULT_KIND = "random"


def random_bot(me: str, legal: Sequence[c.Command], rng: random.Random) -> c.Command:
    """Pick one of ``legal`` (the commands of character ``me``) like :class:`lifeboat.bots.random_bot.RandomBot`.

    Raises :class:`BadRequest` when ``legal`` is empty.
    """
    if not legal:
        raise BadRequest(_("no legal command to choose from"))
    return random_choice(me, legal, rng)  # type: ignore[arg-type]  # player commands


def _kind(text: str, field: str) -> str:
    kind = text.strip().lower()
    if kind not in KINDS:
        raise BadRequest(_("{field}: unknown bot kind {strip!r}; expected one of {kinds}").format(field=field, strip=text.strip(), kinds=', '.join(KINDS)), field)
    return kind


def bot_kinds(state: State, spec: str | None, field: str = "--bots") -> dict[str, str]:
    """The seats (character ids) ``spec`` gives to bots, with their kind: ``"all"`` or ``"all=KIND"``, or
    comma-separated ``NAME`` or ``NAME=KIND`` (a player or character name; the kind is ``random`` unless given:
    ``Ann=search,Bob=heuristic``; a seat named after ``all`` takes its own kind). Empty for ``None``. Raises
    :class:`BadRequest` (``field``) for a name that is no seat, an unknown kind, or a seat named twice with two
    kinds (``Ann=heuristic,Ann=search``: the last one used to win silently)."""
    if not spec:
        return {}
    out: dict[str, str] = {}
    named: dict[str, str] = {}
    for part in split_list(spec):
        name, kind = _name_and_kind(part, field)
        if name.strip().lower() == "all":
            out.update({ch.character: kind for ch in state.characters})
            continue
        who = resolve_viewer(state, name, option=field)
        if who in ("public", "referee"):
            raise BadRequest(_("{field}: {name!r} is not a seat").format(field=field, name=name), field)
        _once(named, who, name.strip(), kind, field)
        out[who] = kind
    return out


def _once(named: dict[str, str], key: str, name: str, kind: str, field: str) -> None:
    """Record that ``key`` (a seat or a player) is given ``kind``; raise :class:`BadRequest` (``field``) if it was
    given another kind before."""
    if key in named and named[key] != kind:
        raise BadRequest(_("{field}: {name!r} is named twice, as {named} and as {kind}; name each player once").format(field=field, name=name, named=named[key], kind=kind), field)
    named[key] = kind


def check_bot_spec(spec: str, players: Sequence[str], field: str = "--bots") -> None:
    """Before a new game is dealt (nothing written yet): each part of a ``--bots`` spec has a known kind and names
    ``all`` or one of ``players`` (no character is dealt yet), and no player is named twice with two kinds, as
    :func:`bot_kinds` will check once the characters are dealt. Raises :class:`BadRequest` (``field``) otherwise."""
    known = {p.strip().casefold() for p in players} | {"all"}

    def a_player(name: str, item: str) -> None:
        if name.casefold() not in known:
            raise BadRequest(_("{field}: {name!r} is not a player of the new game; expected NAME or NAME=KIND with a name of "
                               "{players}, or all (nothing was written)").format(field=field, name=name, players=', '.join(players)), field)

    _named_kinds(split_list(spec), field, a_player, everyone=True)


def spec_kinds(spec: str | None, field: str = "--bots") -> set[str]:
    """The bot kinds a ``--bots`` spec names (``random`` for a part without ``=KIND``), whatever seats it names;
    empty for ``None``. Raises :class:`BadRequest` (``field``) for an unknown kind."""
    return {_name_and_kind(part, field)[1] for part in split_list(spec)} if spec else set()


def bot_names(spec: list[str], field: str = "bots") -> dict[str, str]:
    """The players ``spec`` gives to bots, by name, with their kind: each item ``NAME`` or ``NAME=KIND`` (the kind
    is ``random`` unless given), as ``lifeboat new --serve --bots`` and the server's start page take them, before a
    game exists. Raises :class:`BadRequest` (``field``) for an unknown kind, an empty name, or a name given twice
    with two kinds."""

    def a_name(name: str, item: str) -> None:
        if not name:
            raise BadRequest(_("{field}: expected NAME or NAME=KIND, got {item!r}").format(field=field, item=item), field)

    return _named_kinds(spec, field, a_name, everyone=False)


def _named_kinds(items: Iterable[str], field: str, check: Callable[[str, str], None], *,
                 everyone: bool) -> dict[str, str]:
    """``{NAME: kind}`` of ``items`` (each ``NAME`` or ``NAME=KIND``, the name stripped, the kind ``random`` unless
    given), before a game is dealt: the one reader of names given to bots. ``check(name, item)`` refuses a name
    (raising :class:`BadRequest`); with ``everyone``, ``all`` stands for every seat and may be given again with
    another kind (a seat named after it takes its own kind, as in :func:`bot_kinds`). Raises :class:`BadRequest`
    (``field``) for an unknown kind, a name ``check`` refuses, or a name given twice with two kinds (names compared
    without case), in the order the items come."""
    out: dict[str, str] = {}
    named: dict[str, str] = {}
    for item in items:
        name, kind = _name_and_kind(item, field)
        name = name.strip()
        check(name, item)
        if not (everyone and name.casefold() == "all"):
            _once(named, name.casefold(), name, kind, field)
        out[name] = kind
    return out


def _name_and_kind(item: str, field: str) -> tuple[str, str]:
    """``NAME`` or ``NAME=KIND`` (or ``NAME＝KIND``, the sign a Chinese keyboard types: SETUP-1) as ``(NAME as
    written, kind)``, the kind ``random`` unless given. Raises :class:`BadRequest` (``field``) for an unknown kind."""
    name, sep, kind_text = item.replace("\uff1d", "=").partition("=")
    return name, _kind(kind_text, field) if sep else DEFAULT_KIND


def make_bot(kind: str, think_ms: int = bots.DEFAULT_THINK_MS, field: str = "--bots") -> bots.Bot:
    """A new bot of ``kind`` (:data:`KINDS`); ``think_ms`` the search bot's CPU milliseconds per decision. Raises
    :class:`BadRequest` (``field``, or ``--think`` for the budget) for an unknown kind or a budget under 1 ms."""
    kind = _kind(kind, field)
    if think_ms < 1:
        raise BadRequest(_("--think: at least 1ms, got {think_ms}ms").format(think_ms=think_ms), "--think")
    return bots.make(kind, think_ms)


def bot_seats(state: State, spec: str | None) -> set[str]:
    """The seats :func:`bot_kinds` gives to bots (any kind)."""
    return set(bot_kinds(state, spec))


def ask(bot: bots.Bot, views: Observer, seat: str, rng: random.Random) -> c.PlayerCommand:
    """``bot``'s decision for ``seat`` from the table ``views`` follow: the seat's view and, when the bot wants it,
    the seat's view of the log; nothing else. Raises :class:`BadRequest` when the seat has no legal command."""
    view = views.seat_view(seat)
    if not view.legal:
        raise BadRequest(_("{player} has nothing to decide now").format(player=view.player))
    return bot.choose(view, views.log(seat) if bot.wants_log else (), rng)


def suggest(source: Source, who: str, at: int, kind: str = "heuristic", think_ms: int = bots.DEFAULT_THINK_MS,
            seed: int | None = None) -> tuple[str, c.PlayerCommand | None, tuple[str, ...]]:
    """What a ``kind`` bot would do for the seat ``who`` after commit ``at`` of the game of ``source`` (a game
    file's path, or an open journal of any store), knowing only what that seat knew then. Returns ``(seat, command,
    waiting)``: the seat's character id, the bot's command (``None`` when the seat is not to move there) and the
    characters the game waits for there.

    Raises :class:`BadRequest` for an audience that is not a seat (``--as public`` / ``referee``), an unknown kind
    (``--bot``) or ``at`` out of range; and what replaying the journal raises."""
    kind = _kind(kind, "--bot")
    with opened(source) as j:
        return _suggest(j, who, at, kind, think_ms, seed)


def suggest_decision(source: Source, who: str, first: int, last: int, kind: str = "heuristic",
                     think_ms: int = bots.DEFAULT_THINK_MS,
                     seed: int | None = None) -> tuple[str, int | None, c.PlayerCommand | None]:
    """What a ``kind`` bot would have done at the seat ``who``'s own decision among commits ``first`` … ``last`` of
    the game of ``source`` (one step of a replay book: several commits only for collapsed passes), asked at the
    position just before that decision, knowing only what the seat knew then (:func:`suggest` at the decision's
    seq minus one). Returns ``(seat, at, command)``: the seat's character id, the seq of its decision and the bot's
    command; ``(seat, None, None)`` when none of those commits is the seat's decision (or the seat was not to
    move just before it).

    Raises :class:`BadRequest` as :func:`suggest` does (``first`` … ``last`` out of range, an audience that is not a
    seat, an unknown kind); and what replaying the journal raises."""
    kind = _kind(kind, "--bot")
    with opened(source) as j:
        if not 1 <= first <= last <= j.last_seq:
            raise BadRequest(_("commit {at}: expected a number from 0 to {last_seq} in {path}").format(
                at=first if first < 1 else last, last_seq=j.last_seq, path=j.path), "--to")
        seat = _seat(_views(j, last).state, who)
        at = _decision_of(j, seat, first, last)
        if at is None:
            return seat, None, None
        command = _suggest(j, seat, at - 1, kind, think_ms, seed)[1]
        return (seat, at, command) if command is not None else (seat, None, None)


def _decision_of(j: journal.Journal, seat: str, first: int, last: int) -> int | None:
    """The seq of the first commit from ``first`` to ``last`` that is a decision of the character ``seat``."""
    for commit in j.commits(from_seq=first):
        if commit.seq > last:
            break
        if isinstance(commit.command, dict) and commit.command.get("by") == seat:
            return commit.seq
    return None


def _views(j: journal.Journal, at: int) -> Observer:
    """The views of the table after commit ``at`` of ``j``."""
    if not 0 <= at <= j.last_seq:
        raise BadRequest(_("commit {at}: expected a number from 0 to {last_seq} in {path}").format(at=at, last_seq=j.last_seq, path=j.path), "--to")
    views = Observer(initial_state(j.header, str(j.path)))
    views.record(active_events(j, str(j.path), at))
    return views


def _seat(state: State, who: str) -> str:
    """The character id of ``who`` in ``state``; :class:`BadRequest` for an audience (a bot plays one seat)."""
    seat = resolve_viewer(state, who) if state.characters else "public"
    if seat in ("public", "referee"):
        raise BadRequest(_("a bot plays one seat: replay --as a player or character to ask what it would do"), "--as")
    return seat


def _suggest(j: journal.Journal, who: str, at: int, kind: str, think_ms: int,
             seed: int | None) -> tuple[str, c.PlayerCommand | None, tuple[str, ...]]:
    views = _views(j, at)
    seat = _seat(views.state, who)
    waiting = views.seat_view(seat, legal=False).waiting_for
    if seat not in waiting:
        return seat, None, waiting
    rng = random.Random(seed if seed is not None else f"{j.header.game_id}:{at}:{seat}")
    return seat, ask(make_bot(kind, think_ms, "--bot"), views, seat, rng), waiting
