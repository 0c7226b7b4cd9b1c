"""Rendering: a command as its shortest usual line, and every legal line of a seat."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lifeboat import commands as c
from lifeboat.card_context import in_use, using
from lifeboat.cards import UNKNOWN
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


_PLACEHOLDER = re.compile(r"\?[pn]\d+")


@dataclass(frozen=True)
class _Renderer:
    """What rendering one command needs: the state, the actor's name and cards, and whether to write every card
    explicitly (``explicit``: instance ids instead of faces and ``?``)."""

    state: State
    explicit: bool
    actor: str
    held: tuple[str, ...]
    hand: tuple[str, ...]
    unaccounted: tuple[str, ...]

    @staticmethod
    def who(x: str) -> str:
        return CHARACTER_NAMES.get(x, x)

    def one(self, card: str, pool: tuple[str, ...], hidden: bool = False) -> str:
        unseen = self.actor not in (CHANCE, RECORDER)
        return _card_texts([card], pool, hidden, self.explicit, self.unaccounted, unseen=unseen)[0]

    def some(self, cards: tuple[str, ...], pool: tuple[str, ...]) -> list[str]:
        return _card_texts(cards, pool, False, self.explicit, self.unaccounted, unseen=True)

    def default(self, card: str, face: str) -> bool:
        return not self.explicit and self.one(card, self.held) != card and _safe_face(card) == face


def _renderer(cmd: c.Command, state: State, explicit: bool) -> _Renderer:
    if c.is_chance(cmd) or c.is_recorder(cmd):
        return _Renderer(state, explicit, CHANCE if c.is_chance(cmd) else RECORDER, (), (), state.unaccounted)
    by = cmd.by  # type: ignore[union-attr]  # neither chance nor recorder: a player command has a by
    held: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    if state.has(by):
        ch = state.char(by)
        held, hand = ch.hand + ch.face_up, ch.hand
    return _Renderer(state, explicit, _Renderer.who(by), held, hand, state.unaccounted)


def _chance_body(cmd: c.Command, r: _Renderer) -> str | None:  # noqa: C901 - one case per command
    """Chance and recorder lines (REC-1)."""
    body: str | None = None
    match cmd:
        case c.DealSetup(characters=chars, love=love, hate=hate, provisions=prov, removed=rem):
            texts = _card_texts(list(prov) + list(rem), _ALL_PROVISIONS, True, r.explicit, r.unaccounted)
            parts = []
            for i, ch_id in enumerate(chars):
                name = r.state.players[i] if i < len(r.state.players) and not r.explicit else ""
                lead = f"{name} = " if name and not set(name) & set(";=:") else ""
                parts.append(f"{lead}{r.who(ch_id)} love {r.who(love[i])} hate {r.who(hate[i])} {texts[i]}")
            if rem:
                parts.append("removed " + " ".join(_runs(texts[len(prov) :])))
            body = "deal " + "; ".join(parts)
        case c.DrawProvisions(cards=xs):
            verb = "provisions" if r.explicit or isinstance(r.state.step, MugDraw) else "draw"
            texts = _card_texts(xs, r.state.provisions, True, r.explicit, r.unaccounted)
            body = f"{verb} " + (" ".join(_runs(texts)) or "none")
        case c.DrawNavigation(cards=xs):
            body = "nav " + (" ".join(_nav_text(x) for x in xs) or "none")
        case c.DrawFromHand(card=x):
            step = r.state.step
            pool = r.state.char(step.target).hand if isinstance(step, MugDraw) else ()
            body = f"take {r.one(x, pool, True)}"
        case c.Identify(placeholder=ph, card=x):
            body = f"{ph} is {_nav_text(x) if x in in_use().navigation else r.one(x, ())}"
        case c.IdentifyLoveHate(character=ch_id, love=love, hate=hate):
            body = f"{r.who(ch_id)} love {r.who(love)} hate {r.who(hate)}"
    return body


def _turn_body(cmd: c.Command, r: _Renderer) -> str | None:  # noqa: C901 - one case per command
    """Provisions, rowing, seats, mugging, fights, navigation."""
    body: str | None = None
    match cmd:
        case c.KeepProvision(card=x):
            step = r.state.step
            mine = isinstance(step, ProvisionsPick) and step.picker == cmd.by
            body = f"keep {r.one(x, step.offered if isinstance(step, ProvisionsPick) and mine else ())}"
        case c.DoNothing():
            body = "do nothing"
        case c.Row():
            body = "row"
        case c.PlaceRowedCards(to_stack=s, to_bottom=b):
            step = r.state.step
            drawn = step.drawn if isinstance(step, RowPlace) and step.rower == cmd.by else ()
            marks = set() if r.explicit else _unseen_marks(s + b, drawn)
            texts = [UNKNOWN if x in marks else _nav_text(x) for x in s + b]
            stack = "stack " + (" ".join(texts[: len(s)]) or "none")
            bottom = "bottom " + (" ".join(texts[len(s) :]) or "none")
            if r.explicit:
                body = f"{stack} {bottom}"
            elif s and b:
                body = f"{stack} {bottom}"
            elif b:
                body = bottom
            else:
                body = stack
        case c.ChangeSeats(target=t):
            body = f"swap {r.who(t)}"
        case c.Mug(target=t, card=None):
            body = f"mug {r.who(t)} hand"
        case c.Mug(target=t, card=x) if x is not None and r.state.cards.is_look(x):  # VIEW-FACE-1: a seat's
            face = r.state.cards.face(x)  # mug names a face, as its views do: "water", "painting(3)"
            body = f"mug {r.who(t)} {FACE_NAMES[face]}{x[len(face):]}"
        case c.Mug(target=t, card=x):
            face_up = r.state.char(t).face_up if r.state.has(t) else ()
            body = f"mug {r.who(t)} {r.one(x or '', face_up)}"
        case c.Answer(consent=yes):
            body = "consent" if yes else "refuse"
        case c.JoinFight(side=side):
            body = f"join {side}"
        case c.Pass():
            body = "pass"
        case c.Reveal(card=x):
            body = f"reveal {r.one(x, r.hand)}"
        case c.UseCompass(use=u):
            body = "use compass" if u else "skip compass"
        case c.ChooseNavigationCard(card=x):
            body = f"choose {_nav_text(x)}"
    return body


def _card_body(cmd: c.Command, r: _Renderer) -> str | None:  # noqa: C901 - one case per command
    """Cards played and trades."""
    body: str | None = None
    match cmd:
        case c.FireFlareGun(card=x):
            body = "fire flare gun" if r.default(x, "flare_gun") else f"use {x}"
        case c.OpenParasol(card=x):
            body = "open parasol" if r.default(x, "parasol") else f"use {x}"
        case c.UseMedicalKit(card=x, target=t):
            body = f"heal {r.who(t)}" if r.default(x, "medical_kit") else f"use {x} on {r.who(t)}"
        case c.Cannibalize(card=x, target=t):
            body = f"eat {r.who(t)}" if r.default(x, "cannibalism") else f"use {x} on {r.who(t)}"
        case c.ObjectToCannibalism():
            body = "object"
        case c.OfferTrade(to=t, give=g, ask=a):
            body = f"offer {r.who(t)}"
            if g:
                body += " " + " ".join(r.some(g, r.hand))
            if a:
                body += " for " + " ".join(FACE_NAMES.get(f, f) for f in a)
        case c.AnswerTrade(accept=False):
            body = "decline"
        case c.AnswerTrade(accept=True, cards=xs):
            body = "accept"
            offer = r.state.offer
            auto: tuple[str, ...] | None = None
            if offer is not None and offer.to == cmd.by and not r.explicit:
                try:
                    auto = Parser(f"{r.actor}: accept", r.state, None).run().cards  # type: ignore[union-attr]  # an AnswerTrade
                except (InvalidCommand, AmbiguousCommand):
                    auto = None
            if auto is None or tuple(auto) != tuple(xs):
                body += " " + (" ".join(r.some(xs, r.hand)) if xs else "none")
        case c.ThrowLifePreserver(card=x, target=t):
            body = (f"throw life preserver to {r.who(t)}" if r.default(x, "life_preserver")
                    else f"use {x} on {r.who(t)}")
        case c.CallSharks():
            body = "call sharks"
        case c.ExpendChum(card=x):
            body = "chum" if r.default(x, "chum") else f"use {x}"
        case c.GiveWater(card=x, target=t):
            body = f"water {r.who(t)}" if r.default(x, "water") else f"use {x} on {r.who(t)}"
        case c.DrinkFirewater(card=x):  # LIQUID-1
            body = "drink firewater" if r.default(x, "firewater") else f"drink {x}"
        case c.ShareFirewater(share=yes):  # WONG-1
            body = "share" if yes else "decline"
    return body


def _render(cmd: c.Command, state: State, explicit: bool) -> str:
    r = _renderer(cmd, state, explicit)
    for part in (_chance_body, _turn_body, _card_body):
        body = part(cmd, r)
        if body is not None:
            return f"{r.actor}: {body}"
    raise TypeError(f"not a command: {cmd!r}")  # pragma: no cover - every command is listed


def render(command: c.Command, state: State) -> str:
    """One line of notation for ``command`` in ``state``: ``"<actor>: <verb> <args>"``.

    Face names are written where parsing them back in ``state`` gives the same card instances, instance ids
    elsewhere; ``parse(render(c, s), s) == c`` holds for every command ``decide`` accepts in ``s`` (checked by
    the property tests), and render falls back to an all-ids form when the short form would not read back. A mug
    naming a face (a seat's, ``Mug(card="water")``, VIEW-FACE-1) is written with the face, and reads back with
    ``parse(..., as_seat=True)``.
    Raises ``TypeError`` only for a value that is not a command.
    """
    with using(state.cards):  # CARD-3: the game's own card counts and values
        line = _render(command, state, explicit=False)
        explicit = _render(command, state, explicit=True)
        if line == explicit:  # nothing to shorten (pass, row, swap, join…): the same line either way, no parse
            return line
        try:
            if parse(line, state) == command:
                return line
        except (InvalidCommand, AmbiguousCommand):
            pass
        return explicit


def legal_lines(state: State, character: str) -> list[str]:
    """Every command ``character`` may issue now (:func:`lifeboat.legal_commands`), rendered; for prompts.

    Raises ``KeyError`` when ``character`` is not in the game.
    """
    return [render(cmd, state) for cmd in legal_commands(state, character)]


def recorder_lines(state: State, character: str) -> list[str]:
    """:func:`legal_lines` as a recorder types them (REC-1): an unseen card is ``?`` whichever placeholder stands
    for it (``?`` reads back as one of them, and any does), so each line appears once, in the first order seen.

    Raises ``KeyError`` when ``character`` is not in the game.
    """
    out: dict[str, None] = {}
    for line in legal_lines(state, character):
        out.setdefault(" ".join(UNKNOWN if _PLACEHOLDER.fullmatch(w) else w for w in line.split(" ")))
    return list(out)
