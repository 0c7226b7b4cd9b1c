"""Fork: branch a game at a commit into a new journal that names its parent ("what if the Captain had rowed").

The child holds the parent's commits ``1..SEQ`` re-chained under its own header (:func:`journal.fork`), whose
``parent`` names the parent's game id, seq and the hash of that line. Chance:

- ``keep``: the child keeps the parent's committed deck orders (same ``deck_commitment``, a copy of the deck
  file), so "what if the Captain had rowed" plays out against the same cards.
- ``reshuffle``: the cards nobody has seen (the navigation cards still unseen, the provisions still in the deck)
  are shuffled again, with a new salt for random mugs, a new commitment and a new deck file. Every card already
  seen keeps its place in the order, so the orders stay one permutation of each deck.

Nothing is written when the parent does not replay up to SEQ, SEQ does not exist, the output (or its deck
file) exists, or a reshuffle cannot make a playable game (a recorded game with cards nobody named, REC-1).
"""

from __future__ import annotations

from typing import Any

import os
import random
from pathlib import Path

import msgspec

import journal
from lifeboat import apply
from lifeboat.cards import UNKNOWN, is_unknown
from lifeboat.chance import DeckOrders, commitment, next_chance, shuffle
from lifeboat.errors import RuleViolation
from lifeboat.state import State
from lifeboat.service.game.clock import new_fork_id, new_salt
from lifeboat.service.game.clock import rng as make_rng
from lifeboat.service.errors import BadRequest, FileProblem, companion_too_long, missing_folder
from lifeboat.service.game.files import deck_path, load_orders, open_journal, write_deck_file
from lifeboat.service.game.headers import initial_state
from lifeboat.service.game.records import DecksRevealed
from lifeboat.service.game.replay import replay
from lifeboat.i18n import N_, _

CHANCE_MODES = ("keep", "reshuffle")


class Forked(msgspec.Struct, frozen=True, kw_only=True):
    """A new fork: the parent's ``parent_game_id``, the ``at`` seq and the ``line`` and ``hash`` it was made from;
    the child's ``game_id``, ``chance`` mode, whether the game is already ``over`` there, and whether the child is
    ``digital`` (a deck commitment: continue with play) or recorded (continue with record)."""

    parent_game_id: str
    at: int
    line: int
    hash: str
    game_id: str
    chance: str
    over: bool
    digital: bool


def parent_orders(game: Path, header: journal.Header, last_seq: int) -> DeckOrders | None:
    """The parent's committed deck orders: its deck file, else the orders revealed in its journal; ``None`` if
    neither is there (or neither matches the commitment)."""
    if header.deck_commitment is None:
        return None
    try:
        orders = load_orders(game)
    except (OSError, msgspec.DecodeError):
        orders = None
    if orders is not None and commitment(orders) == header.deck_commitment:
        return orders
    for commit in journal.read(game):  # the reveal is the last game line; notes may follow it (NOTE-1)
        cmd = commit.command
        if isinstance(cmd, dict) and cmd.get("type") == "decks_revealed":
            try:
                orders = msgspec.convert(cmd, DecksRevealed).orders
            except msgspec.ValidationError:
                return None
            return orders if commitment(orders) == header.deck_commitment else None
    return None


def _permute_among(order: tuple[str, ...], unseen: set[str], rng: random.Random) -> tuple[str, ...]:
    places = [i for i, x in enumerate(order) if x in unseen]
    cards = [order[i] for i in places]
    rng.shuffle(cards)
    out = list(order)
    for i, x in zip(places, cards):
        out[i] = x
    return tuple(out)


def reshuffled(state: State, base: DeckOrders | None, rng: random.Random, salt: str) -> DeckOrders:
    """New :class:`lifeboat.chance.DeckOrders` for ``state``: what nobody has seen is shuffled again (``rng``),
    with the new ``salt`` (hex, from :func:`lifeboat.service.game.clock.new_salt`: never from a seeded RNG).

    ``base`` is the parent's orders or ``None`` (a recorded game, or orders not available): a fresh shuffle of the
    game's decks then stands in, with the dealt characters, LOVE and HATE rebuilt from the state."""
    rng.getrandbits(128)  # where the salt was drawn before: a seed reshuffles as it always did
    fresh = shuffle(rng, salt, state.ruleset)
    if not state.characters:  # before the deal: a whole new shuffle
        return fresh
    if base is None:
        chars = tuple(c.character for c in state.characters)
        rest = tuple(c for c in fresh.characters if c not in chars)
        base = msgspec.structs.replace(
            fresh, characters=chars + rest, love=tuple(c.love for c in state.characters) + rest,
            hate=tuple(c.hate for c in state.characters) + rest)
    return DeckOrders(
        characters=base.characters, love=base.love, hate=base.hate,
        provisions=_permute_among(base.provisions, set(state.provisions), rng),
        navigation=_permute_among(base.navigation, set(state.nav_unseen), rng),
        salt=salt,
    )


def refuse_unknown_cards(game: Path, at: int, state: State) -> None:
    """Refuse ``--chance reshuffle`` of a recorded game holding cards nobody named (REC-1 placeholders, an unknown
    LOVE or HATE): a digital dealer must know every card, and a deck order made up around the placeholders gives
    a game that fails at its first draw (CHANCE-1).

    Raises:
        BadRequest: naming what is unknown and what to do instead (nothing is written).
    """
    places = {N_("{n} navigation card(s) in the deck"): state.nav_unseen + state.nav_bottom,
              N_("{n} provision(s) in the deck"): state.provisions,
              N_("{n} hand card(s)"): tuple(x for c in state.characters for x in c.hand + c.face_up)}
    unknown = [_(what).format(n=n) for what, cards in places.items() if (n := sum(map(is_unknown, cards)))]
    secret = sum(getattr(c, w) == UNKNOWN for c in state.characters for w in ("love", "hate"))
    if secret:
        unknown.append(_("{n} LOVE/HATE card(s)").format(n=secret))
    if unknown or state.unaccounted:
        what = _("; ").join(unknown) or _("{n} card(s) not yet named").format(n=len(state.unaccounted))
        raise BadRequest(_("--chance reshuffle: {game} at seq {at} holds cards nobody named ({what}; REC-1), and a digital "
                           "dealer must know every card. Fork it with --chance keep and go on with 'lifeboat record' "
                           "(nothing was written)").format(game=game, at=at, what=what), "--chance")


def check_first_draw(state: State, orders: DeckOrders) -> None:
    """Deal the child's next chance command from ``orders`` on a copy of ``state``, so a reshuffle the rules
    refuse is refused before anything is written. Raises :class:`BadRequest` with the rule's reason."""
    cmd = next_chance(state, orders)
    if cmd is None:
        return
    try:
        apply(state, cmd)
    except RuleViolation as exc:
        raise BadRequest(_("--chance reshuffle: the reshuffled decks cannot deal the next draw here ([{rule}] {message}); "
                           "nothing was written").format(rule=exc.rule, message=exc.message), "--chance") from None


def _state_at(game: Path, j: journal.JsonlJournal, at: int) -> State:
    state = initial_state(j.header, str(game))
    if at > 0:  # strict up to SEQ; what comes after SEQ is not the child's business
        for step in replay(j, str(game)):
            state = step.after
            if step.commit.seq >= at:
                break
    return state


def fork_game(game: Path, at: int, output: Path, *, chance: str = "keep", seed: int | None = None) -> Forked:
    """Fork ``game`` after commit ``at`` (0: before the deal) into the new file ``output``.

    Raises:
        BadRequest: ``chance`` is not keep or reshuffle; a ``seed`` with ``keep``; ``at`` is not a commit of ``game``; ``reshuffle`` of a
            state holding cards nobody named (:func:`refuse_unknown_cards`) or whose next draw the rules refuse.
        FileProblem: ``output`` or its deck file exists, or its folder does not; ``keep`` without the committed orders; the deck file
            cannot be written (then nothing is kept).
        ReplayError, journal errors: the parent does not replay up to ``at``.
    """
    if chance not in CHANCE_MODES:
        raise BadRequest(_("--chance {chance!r}: expected keep or reshuffle").format(chance=chance), "--chance")
    if seed is not None and chance == "keep":  # nothing is shuffled: a seed would be silently ignored
        raise BadRequest(_("--seed needs --chance reshuffle: --chance keep deals the parent's committed deck order, which "
                           "no seed changes (nothing was written)"), "--seed")
    for target in (output, deck_path(output)):
        if os.path.lexists(target):  # (False for a name too long: the CLI refused the output's, the deck's is next)
            raise FileProblem(_("{target}: already exists; choose another name (nothing was written)").format(target=target))
    if (why := companion_too_long(output, deck_path(output))) is not None:
        raise FileProblem(why)
    if (why := missing_folder(output)) is not None:
        raise FileProblem(why)
    j = open_journal(game)
    header = j.header
    if at < 0 or at > j.last_seq:
        raise BadRequest(_("--at {at}: {game} has commits 0 to {last_seq} (0 forks before the deal)").format(at=at, game=game, last_seq=j.last_seq), "--at")
    state = _state_at(game, j, at)
    base = parent_orders(game, header, j.last_seq)
    rng = make_rng(seed)
    meta = dict(header.meta)
    meta["fork"] = {"chance": chance}
    changes: dict[str, Any] = {"meta": meta}
    if chance == "keep":
        orders = base
        if orders is None and header.deck_commitment is not None:
            raise FileProblem(_("{game}: --chance keep needs the committed deck orders, but there is no deck file ({name}) and "
                                "they are not revealed yet; use --chance reshuffle").format(game=game, name=deck_path(game).name))
    else:
        refuse_unknown_cards(game, at, state)
        orders = reshuffled(state, base, rng, new_salt())
        check_first_draw(state, orders)
        changes["deck_commitment"] = commitment(orders)
        meta["chance"] = "committed"
        meta.pop("seeded", None)
        if seed is not None:
            meta["seeded"] = True  # the reshuffle is predictable by whoever knows or guesses the seed
    game_id = new_fork_id(header.game_id, at)  # public: never from the seed, unique per fork
    child = journal.fork(game, at, output, game_id=game_id, **changes)
    try:
        if orders is not None:
            write_deck_file(deck_path(output), orders)
    except OSError as exc:
        child.close()
        output.unlink()
        raise FileProblem(_("{output}: cannot write the deck file ({strerror}); nothing was kept").format(output=deck_path(output), strerror=exc.strerror)) from None
    ref = child.header.parent
    assert ref is not None
    digital = child.header.deck_commitment is not None
    child.close()
    return Forked(parent_game_id=header.game_id, at=at, line=ref.line, hash=ref.hash, game_id=game_id,
                  chance=chance, over=state.over, digital=digital)
