"""Setup: chance deals characters, LOVE, HATE and provisions (SETUP-1..5, OPT-QUICK, EXP-1, REC-1)."""

from __future__ import annotations

from functools import lru_cache

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.card_set import CardSet
from lifeboat.cards import UNKNOWN
from lifeboat.decide.context import Ctx, name_of
from lifeboat.decide.procedure import start_round
from lifeboat.errors import IllegalCommand, InvalidCommand
from lifeboat.state import AwaitSetup, State
from lifeboat.i18n import _

SHORT_HANDED_REMOVED = 10  # SETUP-3


@lru_cache(maxsize=16)
def _sets(cards: CardSet, sets: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The provision instances, navigation cards and characters of ``sets`` in ``cards`` (SETUP-2, SETUP-5,
    EXP-1). Kept: a card set never changes, and working them out again cost ~20 µs a deal."""
    return cards.provision_instances(sets), cards.navigation_instances(sets), cards.characters_in(sets)


def _check_deal(s: State, cmd: c.DealSetup, all_prov: tuple[str, ...], playable: tuple[str, ...]) -> None:
    """SETUP-2, SETUP-3, SETUP-5: the deal has the right shape (``playable``: the characters of the game's sets).
    Raises IllegalCommand / InvalidCommand."""
    if not isinstance(s.step, AwaitSetup):
        raise IllegalCommand("SETUP-2", _("the game is already set up"))
    n = len(s.players)
    chars = cmd.characters
    if len(chars) != n or len(set(chars)) != n or any(ch not in playable for ch in chars):
        sets = _("the base game") if not s.ruleset.expansions else _(" and ").join(s.ruleset.card_sets)
        twice = next((ch for i, ch in enumerate(chars) if ch in chars[:i]), None)
        if twice is not None and len(chars) == n:  # the same character for two players: say which
            raise InvalidCommand("SETUP-2", _("deal {n} different characters, one per player: {character} is dealt "
                                              "twice").format(n=n, character=name_of(twice)))
        other = next((ch for ch in chars if ch in s.cards.characters and ch not in s.cards.characters_in(
            s.ruleset.card_sets)), None)
        if other:
            raise InvalidCommand("SETUP-2", _("deal {n} different characters of this game ({sets}), one per player: "
                                              "{character} plays only with the {expansion} expansion (option "
                                              "{expansion}=on), which this game does not use").format(
                n=n, sets=sets, character=name_of(other), expansion=s.cards.characters[other].expansion))
        raise InvalidCommand("SETUP-2", _("deal {n} different characters of this game ({sets}), one "
                                          "per player").format(n=n, sets=sets))
    for field, dealt in (("LOVE", cmd.love), ("HATE", cmd.hate)):
        known = [x for x in dealt if x != UNKNOWN]
        if len(dealt) != n or len(set(known)) != len(known) or any(x not in chars for x in known):
            raise InvalidCommand("SETUP-2", _("deal one {field} card per player, one for each "
                                              "character in the game ('?' if unseen)").format(field=field))
    short = n < 6 and s.ruleset.remove_provisions_short_handed
    want_removed = SHORT_HANDED_REMOVED if short else 0
    if len(cmd.removed) != want_removed:
        raise InvalidCommand("SETUP-3", _("remove exactly {want_removed} provisions with {n} players").format(want_removed=want_removed, n=n))
    known_cards = [x for x in cmd.removed + cmd.provisions if x != UNKNOWN]
    if len(cmd.provisions) != n or len(set(known_cards)) != len(known_cards) or any(
        x not in all_prov for x in known_cards
    ):
        raise InvalidCommand("SETUP-5", _("deal {n} different provision cards, one per player ('?' if "
                                          "unseen)").format(n=n))


def _recorded_decks(ctx: Ctx, cmd: c.DealSetup, all_prov: tuple[str, ...],
                    navigation: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """REC-1: every deck is placeholders and every real card unaccounted; the cards the recorder named are
    identified. Returns the removed and dealt provisions as the state names them."""
    deck = tuple(f"?p{i}" for i in range(1, len(all_prov) + 1))
    ctx.emit(e.DecksReady(provisions=deck, navigation=tuple(f"?n{i}" for i in range(1, len(navigation) + 1))))
    ctx.emit(e.CardsUnaccounted(cards=tuple(sorted(all_prov + navigation))))
    placeholders = iter(deck)

    def place(card: str) -> str:
        ph = next(placeholders)
        if card == UNKNOWN:
            return ph
        ctx.emit(e.CardIdentified(placeholder=ph, card=card))
        return card

    removed = tuple(place(x) for x in cmd.removed)
    dealt = tuple(place(x) for x in cmd.provisions)
    return removed, dealt


def deal_setup(ctx: Ctx, s: State, cmd: c.DealSetup) -> None:
    """SETUP-1..5. A ``"?"`` anywhere (a LOVE, HATE or provision the recorder did not see) makes a recorded game
    (REC-1): every deck is then placeholders (``?p1``…, ``?n1``…) and every real card unaccounted until named."""
    all_prov, navigation, playable = _sets(s.cards, s.ruleset.card_sets)  # EXP-1: 44 and 28 with Cannibalism
    _check_deal(s, cmd, all_prov, playable)
    recorded = UNKNOWN in cmd.love + cmd.hate + cmd.removed + cmd.provisions
    chars = cmd.characters
    seats = tuple(ch for ch in s.cards.seat_order if ch in chars)  # SETUP-4
    ctx.emit(e.CharactersDealt(players=s.players, characters=chars, seats=seats))
    for ch, love in zip(chars, cmd.love):
        ctx.emit(e.LoveDealt(character=ch, love=love))
    for ch, hate in zip(chars, cmd.hate):
        ctx.emit(e.HateDealt(character=ch, hate=hate))
    if recorded:
        removed, dealt = _recorded_decks(ctx, cmd, all_prov, navigation)
    else:
        removed, dealt = cmd.removed, cmd.provisions
        ctx.emit(e.DecksReady(provisions=tuple(sorted(all_prov)), navigation=tuple(sorted(navigation))))
    if removed:
        ctx.emit(e.ProvisionsRemoved(cards=removed))
    for ch, card in zip(chars, dealt):
        ctx.emit(e.ProvisionDealt(character=ch, card=card))
    if s.ruleset.quick_game:  # OPT-QUICK
        for ch in seats:
            ctx.emit(e.Wounded(character=ch, amount=1, cause="quick_game"))
        ctx.emit(e.SeagullAdded(total=1))
    start_round(ctx, 1)
