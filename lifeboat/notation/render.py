"""Rendering: a command as its shortest usual line, and every legal line of a seat."""

from __future__ import annotations

from lifeboat import commands as c
from lifeboat.cards import (
    NAVIGATION,
    UNKNOWN,
)
from lifeboat.errors import AmbiguousCommand, InvalidCommand
from lifeboat.legal import legal_commands
from lifeboat.notation.card_texts import _card_texts, _nav_text, _runs, _unseen_marks
from lifeboat.notation.names import (
    _ALL_PROVISIONS,
    CHANCE,
    CHARACTER_NAMES,
    FACE_NAMES,
    RECORDER,
    _safe_face,
)
from lifeboat.notation.parser import Parser, parse
from lifeboat.state import (
    MugDraw,
    ProvisionsPick,
    RowPlace,
    State,
)


def _render(cmd: c.Command, state: State, explicit: bool) -> str:  # noqa: C901 - one case per command
    def who(x: str) -> str:
        return CHARACTER_NAMES.get(x, x)

    unaccounted = state.unaccounted
    if c.is_chance(cmd) or c.is_recorder(cmd):
        actor = CHANCE if c.is_chance(cmd) else RECORDER
        held: tuple[str, ...] = ()
        hand: tuple[str, ...] = ()
    else:
        by = cmd.by  # type: ignore[union-attr]
        actor = who(by)
        if state.has(by):
            ch = state.char(by)
            held, hand = ch.hand + ch.face_up, ch.hand
        else:
            held = hand = ()

    def one(card: str, pool: tuple[str, ...], hidden: bool = False) -> str:
        return _card_texts([card], pool, hidden, explicit, unaccounted, unseen=actor not in (CHANCE, RECORDER))[0]

    def some(cards: tuple[str, ...], pool: tuple[str, ...]) -> list[str]:
        return _card_texts(cards, pool, False, explicit, unaccounted, unseen=True)

    def default(card: str, face: str) -> bool:
        return not explicit and one(card, held) != card and _safe_face(card) == face

    body: str
    match cmd:
        case c.DealSetup(characters=chars, love=love, hate=hate, provisions=prov, removed=rem):
            texts = _card_texts(list(prov) + list(rem), _ALL_PROVISIONS, True, explicit, unaccounted)
            parts = []
            for i, ch_id in enumerate(chars):
                name = state.players[i] if i < len(state.players) and not explicit else ""
                lead = f"{name} = " if name and not set(name) & set(";=:") else ""
                parts.append(f"{lead}{who(ch_id)} love {who(love[i])} hate {who(hate[i])} {texts[i]}")
            if rem:
                parts.append("removed " + " ".join(_runs(texts[len(prov) :])))
            body = "deal " + "; ".join(parts)
        case c.DrawProvisions(cards=xs):
            verb = "provisions" if explicit or isinstance(state.step, MugDraw) else "draw"
            texts = _card_texts(xs, state.provisions, True, explicit, unaccounted)
            body = f"{verb} " + (" ".join(_runs(texts)) or "none")
        case c.DrawNavigation(cards=xs):
            body = "nav " + (" ".join(_nav_text(x) for x in xs) or "none")
        case c.DrawFromHand(card=x):
            step = state.step
            pool = state.char(step.target).hand if isinstance(step, MugDraw) else ()
            body = f"take {one(x, pool, True)}"
        case c.KeepProvision(card=x):
            step = state.step
            mine = isinstance(step, ProvisionsPick) and step.picker == cmd.by
            body = f"keep {one(x, step.offered if isinstance(step, ProvisionsPick) and mine else ())}"
        case c.DoNothing():
            body = "do nothing"
        case c.Row():
            body = "row"
        case c.PlaceRowedCards(to_stack=s, to_bottom=b):
            step = state.step
            drawn = step.drawn if isinstance(step, RowPlace) and step.rower == cmd.by else ()
            marks = set() if explicit else _unseen_marks(s + b, drawn)
            texts = [UNKNOWN if x in marks else _nav_text(x) for x in s + b]
            stack = "stack " + (" ".join(texts[: len(s)]) or "none")
            bottom = "bottom " + (" ".join(texts[len(s) :]) or "none")
            if explicit:
                body = f"{stack} {bottom}"
            elif s and b:
                body = f"{stack} {bottom}"
            elif b:
                body = bottom
            else:
                body = stack
        case c.ChangeSeats(target=t):
            body = f"swap {who(t)}"
        case c.Mug(target=t, card=None):
            body = f"mug {who(t)} hand"
        case c.Mug(target=t, card=x):
            face_up = state.char(t).face_up if state.has(t) else ()
            body = f"mug {who(t)} {one(x or '', face_up)}"
        case c.Answer(consent=yes):
            body = "consent" if yes else "refuse"
        case c.JoinFight(side=side):
            body = f"join {side}"
        case c.Pass():
            body = "pass"
        case c.Reveal(card=x):
            body = f"reveal {one(x, hand)}"
        case c.FireFlareGun(card=x):
            body = "fire flare gun" if default(x, "flare_gun") else f"use {x}"
        case c.OpenParasol(card=x):
            body = "open parasol" if default(x, "parasol") else f"use {x}"
        case c.UseMedicalKit(card=x, target=t):
            body = f"heal {who(t)}" if default(x, "medical_kit") else f"use {x} on {who(t)}"
        case c.Cannibalize(card=x, target=t):
            body = f"eat {who(t)}" if default(x, "cannibalism") else f"use {x} on {who(t)}"
        case c.ObjectToCannibalism():
            body = "object"
        case c.OfferTrade(to=t, give=g, ask=a):
            body = f"offer {who(t)}"
            if g:
                body += " " + " ".join(some(g, hand))
            if a:
                body += " for " + " ".join(FACE_NAMES.get(f, f) for f in a)
        case c.AnswerTrade(accept=False):
            body = "decline"
        case c.AnswerTrade(accept=True, cards=xs):
            body = "accept"
            offer = state.offer
            auto: list[str] | None = None
            if offer is not None and offer.to == cmd.by and not explicit:
                try:
                    auto = Parser(f"{actor}: accept", state, None).run().cards  # type: ignore[union-attr]
                except (InvalidCommand, AmbiguousCommand):
                    auto = None
            if auto is None or tuple(auto) != tuple(xs):
                body += " " + (" ".join(some(xs, hand)) if xs else "none")
        case c.UseCompass(use=u):
            body = "use compass" if u else "skip compass"
        case c.ChooseNavigationCard(card=x):
            body = f"choose {_nav_text(x)}"
        case c.ThrowLifePreserver(card=x, target=t):
            body = f"throw life preserver to {who(t)}" if default(x, "life_preserver") else f"use {x} on {who(t)}"
        case c.ExpendChum(card=x):
            body = "chum" if default(x, "chum") else f"use {x}"
        case c.GiveWater(card=x, target=t):
            body = f"water {who(t)}" if default(x, "water") else f"use {x} on {who(t)}"
        case c.Identify(placeholder=ph, card=x):
            body = f"{ph} is {_nav_text(x) if x in NAVIGATION else one(x, ())}"
        case c.IdentifyLoveHate(character=ch_id, love=love, hate=hate):
            body = f"{who(ch_id)} love {who(love)} hate {who(hate)}"
        case _:  # pragma: no cover - every command is listed above
            raise TypeError(f"not a command: {cmd!r}")
    return f"{actor}: {body}"


def render(command: c.Command, state: State) -> str:
    """One line of notation for ``command`` in ``state``: ``"<actor>: <verb> <args>"``.

    Face names are written where parsing them back in ``state`` gives the same card instances, instance ids
    elsewhere; ``parse(render(c, s), s) == c`` holds for every command ``decide`` accepts in ``s`` (checked by
    the property tests), and render falls back to an all-ids form when the short form would not read back.
    Raises ``TypeError`` only for a value that is not a command.
    """
    line = _render(command, state, explicit=False)
    try:
        if parse(line, state) == command:
            return line
    except (InvalidCommand, AmbiguousCommand):
        pass
    return _render(command, state, explicit=True)


def legal_lines(state: State, character: str) -> list[str]:
    """Every command ``character`` may issue now (:func:`lifeboat.legal_commands`), rendered; for prompts.

    Raises ``KeyError`` when ``character`` is not in the game.
    """
    return [render(cmd, state) for cmd in legal_commands(state, character)]
