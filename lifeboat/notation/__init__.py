"""Line notation: one line of text = one decision (the game's SAN). Grammar and examples: ``docs/notation.md``.

Shapes::

    line   := [actor ":"] verb args          ("：" works too; the actor may be left out when a default is given)
    actor  := a character (name, short id or Chinese name) | a player's name | "chance" | "recorder"

    captain: row                              kid: mug lauren hand         first mate: mug stephen parasol
    captain: stack 23 bottom 31               stephen: refuse              frenchy: join defender
    stephen: reveal flare gun                 lauren: water kid            kid: choose 27
    captain: offer kid water for oar          kid: accept                  chance: nav 27
    chance: draw water cash oar               chance: take knife           船长: 划船

Recorded games (REC-1): ``?`` is a card nobody saw in a chance line (``chance: draw ? ? ?``, ``chance: draw 3 ?``,
``chance: nav ? ?``, ``chance: take ?``, ``chance: deal ann = captain love ? hate ? ?; ...; removed 10 ?``); a
placeholder (``?p3``, ``?n7``) goes wherever a card goes; in a player's line ``?`` names the first placeholder of
the pool not named otherwise (``lauren: keep ?``, ``captain: stack ? bottom ?`` or ``stack 1 bottom 1``), and a
real name where only placeholders stand names a card not yet accounted for (the engine identifies a placeholder as
it). The recorder: ``recorder: ?p3 is water`` (Identify), ``recorder: kid love captain hate lauren``
(IdentifyLoveHate).

API:

- :func:`parse` ``(text, state, actor=None, *, as_seat=False) -> Command``: the parser reads names against ``state`` (who is in the
  game, whose hand holds which face) but never judges legality: a well-formed line for an illegal move parses,
  and :func:`lifeboat.decide` refuses it (``IllegalCommand``).
- :func:`render` ``(command, state) -> str``: the shortest usual line; ``parse(render(c, s), s) == c`` for every
  command ``c`` that ``decide`` accepts in ``s``.
- :func:`legal_lines` ``(state, character) -> list[str]``: every legal command of ``character``, rendered.
- :func:`recorder_lines` ``(state, character) -> list[str]``: the same as a recorder types them, unseen cards as ``?``.

Errors (rule id ``NOTATION-1``, see ``docs/notation.md``): :class:`InvalidCommand` for an unknown verb, an unknown
name or card (with a "did you mean" suggestion and what was expected) or a missing or extra word;
:class:`AmbiguousCommand` (``candidates`` are whole lines to type instead) when a word or an omission could mean
several things; one exception: ``keep`` out of the keeper's turn cites the turn's rule, PROV-2. Messages and
candidates name only what the acting seat may know: names, public cards, the actor's own hand; never another seat's
hand or the order of a deck.

A line read and written back (Lady Lauren keeps a provision, PROV-2)::

    >>> import random
    >>> import lifeboat
    >>> from lifeboat import chance
    >>> state = lifeboat.new_game(["Ann", "Bob", "Cy", "Dee"])
    >>> decks = chance.shuffle(random.Random(7), salt="example")
    >>> state, _ = lifeboat.apply(state, chance.setup_command(state, decks))
    >>> state, _ = lifeboat.apply(state, chance.next_chance(state, decks))  # the provisions drawn (PROV-2)
    >>> from lifeboat.notation import legal_lines, parse, render
    >>> parse("lauren: keep water", state)
    KeepProvision(by='lady_lauren', card='water-11')
    >>> render(parse("Bob: keep compass", state), state)  # a player's name stands for the character
    'lauren: keep compass'
    >>> legal_lines(state, "lady_lauren")[:3]
    ['lauren: keep cash', 'lauren: keep compass', 'lauren: keep jewels']
    >>> parse("lauren: kep water", state)
    Traceback (most recent call last):
    ...
    lifeboat.errors.InvalidCommand: [NOTATION-1] ...

Card instances: a face name picks the lowest-numbered instance of that face in the pool the command draws from
(the actor's hand, the target's face-up cards, the deck...), skipping instances already named in the same line;
an instance id (``water-7``) is taken as written. In a recorded game, when the pool holds no card of that face, the
lowest-numbered instance among ``State.unaccounted`` is named (REC-1). One exception, a seat's own line
(``parse(..., as_seat=True)``: the hotseat, a served game): a mug naming another character's face-up card by its
face keeps the face (``Mug(card="water")``, ``"painting(3)"``), and the engine takes the target's first face-up
card of it (VIEW-FACE-1, MUG-1). Paintings differ in value, so ``painting(2)`` / ``painting 3``
name one by value; a bare ``painting`` is ambiguous when the pool holds paintings of different values (always, for
chance: the recorder sees the value printed on the card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lifeboat._lazy import lazy_exports

if TYPE_CHECKING:  # imported on first use (PEP 562): a replay that only checks names needs no parser
    from lifeboat.notation.card_texts import card_text, character_name
    from lifeboat.notation.characters import character_aliases
    from lifeboat.notation.names import CHANCE, RECORDER, RULE
    from lifeboat.notation.parser import parse
    from lifeboat.notation.render import legal_lines, recorder_lines, render

_LAZY = {
    **dict.fromkeys(("card_text", "character_name"), "lifeboat.notation.card_texts"),
    **dict.fromkeys(("CHANCE", "RECORDER", "RULE"), "lifeboat.notation.names"),
    "character_aliases": "lifeboat.notation.characters",
    "parse": "lifeboat.notation.parser",
    **dict.fromkeys(("legal_lines", "recorder_lines", "render"), "lifeboat.notation.render"),
}


__getattr__ = lazy_exports(__name__, _LAZY)

__all__ = ["CHANCE", "RECORDER", "RULE", "card_text", "character_aliases", "character_name", "legal_lines", "parse", "recorder_lines", "render"]
