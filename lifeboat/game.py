"""Starting a game and applying commands: the thin layer over :func:`decide` and :func:`evolve`."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from lifeboat.cards import cards_of
from lifeboat.cards import CHARACTERS
from lifeboat.commands import Command
from lifeboat.decide import decide_and_fold, fold_legal
from lifeboat.errors import InvalidCommand
from lifeboat.events import Event
from lifeboat.ruleset import Ruleset, validate
from lifeboat.state import State
from lifeboat.i18n import _

MIN_PLAYERS, MAX_PLAYERS = 4, 6  # SETUP-1 (base game)


def max_players(ruleset: Ruleset) -> int:
    """SETUP-1: one player per character of the game's sets: 6 for the base game, 7 with Cannibalism or with
    Liquid Courage, 8 with both (REF-26)."""
    return len(cards_of(ruleset).characters_in(ruleset.card_sets))


def _count_hint(names: tuple[str, ...]) -> str:
    """What to add to SETUP-1's wrong-count message: the expansion a 7th or 8th player needs, or, for too few names
    where one holds ``;``, ``/``, ``|``, a tab (or the full-width ``；``, ``／``, ``｜`` a Chinese keyboard types), or
    (a single name) a space or an ideographic space, that names are separated by commas."""
    if len(names) == 7:
        return _("a 7th player needs the Cannibalism or the Liquid Courage expansion")
    if len(names) == 8:
        return _("an 8th player needs both the Cannibalism and the Liquid Courage expansions")
    run_together = (any(ch in n for n in names for ch in ";/|\t\uff1b\uff0f\uff5c")
                    or len(names) == 1 and any(ch in names[0] for ch in " \u3000"))
    if len(names) < MIN_PLAYERS and run_together:
        return _("separate the names with commas")
    return ""


def new_game(players: Iterable[str], ruleset: Ruleset | None = None) -> State:
    """The state before setup: ``players`` are names in joining order (4-6 of them, 4-7 with one expansion, 4-8
    with both; distinct, non-empty).

    Raises:
        InvalidCommand: wrong number of players, a duplicate or empty name (SETUP-1).
        NotImplementedOption: the ruleset sets an option not implemented yet (OPT-1).
    """
    names = tuple(p.strip() for p in players)
    ruleset = validate(ruleset or Ruleset())
    most = max_players(ruleset)
    if not MIN_PLAYERS <= len(names) <= most:
        count = (_("the base game takes {min_players} to {most} players, got {n_names}") if not ruleset.expansions
                 else _("the game with {expansions} takes {min_players} to {most} players, got {n_names}")).format(
            expansions=" and ".join(ruleset.expansions), min_players=MIN_PLAYERS, most=most, n_names=len(names))
        hint = _count_hint(names)
        # TRANSLATORS: a refusal, then in brackets what to do about it (both whole sentences)
        raise InvalidCommand("SETUP-1", _("{refusal} ({hint})").format(refusal=count, hint=hint) if hint else count)
    if any(not n for n in names) or len(set(n.casefold() for n in names)) != len(names):
        raise InvalidCommand("SETUP-1", _("player names must be non-empty and different"))
    for n in names:
        if reserved_name(n):
            raise InvalidCommand("SETUP-1", _("player name {n!r} is a character's name, a reserved "
                                              "word ({reserved}) or holds one of ; = : , ?; choose "
                                              "another").format(n=n, reserved=', '.join(sorted(RESERVED))))
    return State(ruleset=ruleset, players=names)


RESERVED = frozenset({"public", "referee", "chance", "recorder", "system", "dealer", "me"})


@lru_cache(maxsize=1024)  # a pure function of the name; every replay starts a game of the header's players
def reserved_name(name: str) -> bool:
    """SETUP-1: a player may not be called like a character (``captain``, ``The Kid``, ``first_mate``, ``cap``,
    ``船长``: every name the notation reads as a character) or like an audience or actor word, nor contain the
    notation's separators (``; = : , ?``)."""
    if any(ch in name for ch in ";=:,?：；"):  # the notation's separators
        return True
    key = name.strip().casefold().replace("_", " ").replace(".", "")
    if key in RESERVED:
        return True
    from lifeboat.notation import character_aliases  # every name a line of notation reads as a character

    if name.strip().casefold() in character_aliases():
        return True
    for cid, ch in CHARACTERS.items():
        full = ch.en.casefold().replace(".", "")
        if key in (cid.replace("_", " "), full, full.removeprefix("the ")) or key in full.split():
            return True
    return False


def apply(state: State, command: Command) -> tuple[State, tuple[Event, ...]]:
    """Decide ``command`` and fold its events: returns ``(new_state, events)``. Raises what :func:`decide` raises:
    a command out of turn is refused with the rule's id, and the state is left as it was (it is immutable).

    >>> import random
    >>> import lifeboat
    >>> from lifeboat import chance
    >>> state = lifeboat.new_game(["Ann", "Bob", "Cy", "Dee"])
    >>> decks = chance.shuffle(random.Random(7), salt="example")
    >>> state, _ = lifeboat.apply(state, chance.setup_command(state, decks))
    >>> state, _ = lifeboat.apply(state, chance.next_chance(state, decks))  # the provisions drawn (PROV-2)
    >>> from lifeboat import commands as c
    >>> state, events = lifeboat.apply(state, c.KeepProvision(by="lady_lauren", card="water-11"))
    >>> [type(e).__name__ for e in events][:2]
    ['ProvisionKept', 'ProvisionsPassed']
    >>> lifeboat.apply(state, c.DoNothing(by="kid"))
    Traceback (most recent call last):
    ...
    lifeboat.errors.IllegalCommand: [ACT-2] no action can be taken now: the provisions are being handed out: keep a card
    """
    return decide_and_fold(state, command)


def apply_legal(state: State, command: Command) -> tuple[State, tuple[Event, ...]]:
    """:func:`apply` for a ``command`` known to be legal now, skipping the checks that cannot fail: a player
    command taken from ``lifeboat.legal_commands(state, command.by)``, or the chance command
    ``lifeboat.chance.next_chance(state, orders)`` gives. What a playout or a search applies thousands of times.

    For such a command it returns exactly what :func:`apply` returns. For any other command the result is
    undefined (it may be a state the rules never allow): anything from outside goes through :func:`apply`.

    >>> import random
    >>> import lifeboat
    >>> from lifeboat import chance
    >>> state = lifeboat.new_game(["Ann", "Bob", "Cy", "Dee"])
    >>> decks = chance.shuffle(random.Random(7), salt="example")
    >>> state, _ = lifeboat.apply_legal(state, chance.setup_command(state, decks))
    >>> state, _ = lifeboat.apply_legal(state, chance.next_chance(state, decks))
    >>> keep = lifeboat.legal_commands(state, "lady_lauren")[0]
    >>> lifeboat.apply_legal(state, keep) == lifeboat.apply(state, keep)
    True
    """
    return fold_legal(state, command)
