"""The words lines are built with, in the language in use (:mod:`lifeboat.i18n`; issue 29): characters as
subject, object and possessive ("You"/"the Captain"/"your"; 你/船长/你的), lists ("A, B and C"; A、B和C), counts
("2 cards"; 2张牌), cards by name or hidden ("a card"). Names come from the card data (:data:`CHARACTERS` and
the card data in use, CARD-3) through the catalogs' ``character`` and ``card`` contexts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lifeboat.card_context import card_name
from lifeboat.cards import CHARACTERS, FACES
from lifeboat.i18n import _, data_name, ngettext


def name(ch: str | None) -> str:
    """The name of a character id in the language in use (the id itself if unknown); "nobody" for ``None``."""
    if ch is None:
        return _("nobody")
    c = CHARACTERS.get(ch)
    return ch if c is None else data_name("character", c.en, c.zh)


def inner(ch: str | None) -> str:
    """A character's name inside a sentence, after a colon too, with a small "the" ("the Captain", "the Kid");
    at the start of a sentence it keeps the capital it is printed with (:func:`name`, :func:`subj`). Chinese
    names are the same anywhere."""
    en = name(ch)
    return "the " + en[4:] if en.startswith("The ") else en


def subj(ch: str | None, me: str | None) -> str:
    """``ch`` as the subject starting a sentence: "You" for the viewer, "The Captain"."""
    # TRANSLATORS: the reader, starting a sentence ("You kept Water.")
    return _("You") if ch is not None and ch == me else name(ch)


def obj(ch: str | None, me: str | None) -> str:
    """``ch`` inside a sentence: "you" for the viewer, "the Captain" (:func:`inner`)."""
    # TRANSLATORS: the reader, inside a sentence ("The Kid passed Water to you.")
    return _("you") if ch is not None and ch == me else inner(ch)


def poss(ch: str | None, me: str | None) -> str:
    """``ch``'s possessive inside a sentence: "your" for the viewer, "the Kid's" (:func:`cap` it to start one)."""
    if ch is not None and ch == me:
        # TRANSLATORS: the reader's, before a noun ("your hand")
        return _("your")
    # TRANSLATORS: a character's, before a noun ("the Kid's hand")
    return _("{name}'s").format(name=inner(ch))


def cap(text: str) -> str:
    """``text`` with its first letter upper case (``"your"`` → ``"Your"``, ``"the Kid's"`` → ``"The Kid's"``)."""
    return text[:1].upper() + text[1:]


def join(words: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (A、B和C); ``"nobody"`` for none."""
    words = list(words)
    if not words:
        return _("nobody")
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: between the items of a list but its last two ("A, B and C")
    items = _(", ").join(words[:-1])
    return _("{items} and {last}").format(items=items, last=words[-1])


_COUNTED: dict[str, Callable[[int], str]] = {
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "provision": lambda n: ngettext("{n} provision", "{n} provisions", n),
    "navigation card": lambda n: ngettext("{n} navigation card", "{n} navigation cards", n),
    "unseen card": lambda n: ngettext("{n} unseen card", "{n} unseen cards", n),
    "unseen provision": lambda n: ngettext("{n} unseen provision", "{n} unseen provisions", n),
    "unseen navigation card": lambda n: ngettext("{n} unseen navigation card", "{n} unseen navigation cards", n),
    "wound": lambda n: ngettext("{n} wound", "{n} wounds", n),
}


def plural(n: int, word: str) -> str:
    """``"1 card"``, ``"2 cards"`` (2张牌); ``word`` one of card, provision, navigation card, wound, and unseen
    card / provision / navigation card. Raises ``KeyError`` for another word."""
    return _COUNTED[word](n).format(n=n)


def card(x: str | None) -> str:
    """A card's name, or "a card" when hidden."""
    return _("a card") if x is None else card_name(x)


def cards(xs: Sequence[str | None], word: str = "card") -> str:
    """Card names; the hidden ones counted ("Navigation 19 and 1 unseen card", "2 cards")."""
    known = [card_name(x) for x in xs if x is not None]
    unseen = sum(1 for x in xs if x is None)
    if not known:
        return plural(unseen, word)
    if unseen:
        known.append(plural(unseen, "unseen " + word))
    return join(known)


def faces(xs: Sequence[str | None]) -> str:
    """Face names of a trade's ask ("Water and Knife"), the hidden ones counted."""
    known = [data_name("card", FACES[x].en, FACES[x].zh) if x in FACES else str(x) for x in xs if x is not None]
    unseen = sum(1 for x in xs if x is None)
    if not known:
        return plural(unseen, "card")
    if unseen:
        known.append(plural(unseen, "unseen card"))
    return join(known)


def names(chs: Sequence[str], me: str | None) -> str:
    """Several characters inside a sentence, "you" for the viewer ("you and the Kid")."""
    return join([obj(c, me) for c in chs])
