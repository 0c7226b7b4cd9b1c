"""CARD-3: card data is per game. A table's own card data (another printing: a size, a survival value, a
treasure's points, a weapon's size) changes what the rules decide for that game only; a game of the bundled data
in the same process keeps the bundled values. Card data that describes other cards than this lifeboat plays is
refused, naming the field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given as hgiven, settings
from hypothesis import strategies as st

from lifeboat import commands as c
from lifeboat import events as e
from lifeboat.card_data import CardDataError, data_hash
from lifeboat.cards import BUNDLED, CARD_DATA_SHA256, card_set, cards_of, register
from lifeboat.errors import InvalidCommand
from lifeboat.game import new_game
from lifeboat.ruleset import Ruleset
from lifeboat.scoring import score_player, treasure

from .gwt import SIX, actions, deal, face_up, given, hand, pass_all, when

DATA = Path(__file__).resolve().parents[2] / "lifeboat" / "data" / "cards.json"


def printing(**changes: Any) -> dict[str, Any]:
    """The bundled card data with some values changed: ``size={"lady_lauren": 6}``, ``survival={...}``,
    ``points={"cash": 5}``, ``weapon={"knife": 5}``."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    for ch in raw["characters"]:
        for field in ("size", "survival"):
            if ch["id"] in changes.get(field, {}):
                ch[field] = changes[field][ch["id"]]
    for entry in raw["provisions"]["base"]:
        if entry["id"] in changes.get("points", {}):
            entry["points"] = changes["points"][entry["id"]]
        if entry["id"] in changes.get("weapon", {}):
            entry["size"] = changes["weapon"][entry["id"]]
    return raw


def ruleset_for(raw: dict[str, Any]) -> Ruleset:
    return Ruleset(card_data=register(raw, "test printing").sha256)


def test_CARD_3_the_bundled_data_is_the_default_and_is_not_encoded() -> None:
    """CARD-3: a ruleset without card data plays the bundled data; its encoding has no ``card_data`` member, so a
    header or a view of such a game is what it was before tables could bring their own."""
    assert cards_of(Ruleset()) is BUNDLED and BUNDLED.sha256 == CARD_DATA_SHA256
    assert b"card_data" not in msgspec.json.encode(Ruleset())
    assert new_game(["a", "b", "c", "d"]).cards is BUNDLED


def test_CARD_3_a_printing_is_registered_by_its_hash_and_found_again() -> None:
    """CARD-3: the registry is content-addressed: the same data gives the same set; a hash never seen is refused."""
    raw = printing(size={"kid": 4})
    one = register(raw, "a")
    assert register(copy.deepcopy(raw), "b") is one and one.sha256 == data_hash(raw) != CARD_DATA_SHA256
    assert card_set(one.sha256) is one and one.size["kid"] == 4 and BUNDLED.size["kid"] == 3
    with pytest.raises(CardDataError) as info:
        card_set("0" * 64)
    assert info.value.field == "card_data"


def test_CARD_3_FIGHT_3_two_games_in_one_process_each_fight_with_their_own_sizes() -> None:
    """CARD-3, FIGHT-3: Lady Lauren (bundled size 4) + Knife 3 mugs the Captain (7). With the bundled data it is a
    tie, 7 against 7, and the defender wins; in a game whose printing makes her size 6 the same fight is 9 against
    7 and the attackers win. Both games are decided alternately in one process."""
    big = ruleset_for(printing(size={"lady_lauren": 6}))
    states = {}
    for name, rules in (("bundled", None), ("printing", big)):
        states[name] = given(deal(), face_up("lady_lauren", "knife-1"), actions(),
                             c.Mug(by="lady_lauren", target="captain"), c.Answer(by="captain", consent=False),
                             ruleset=rules)
    for who in ("lady_lauren", "captain", "frenchy"):  # alternately: each game reads its own card set
        for name in states:
            states[name] = when(states[name], c.Pass(by=who)).then(e.Passed(character=who))
    tie = when(states["bundled"], c.Pass(by="kid")).then_starts(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren",), defenders=("captain",), attack=7, defence=7, winner="defender"),
        e.Wounded(character="lady_lauren", amount=1, cause="fight"),
    )
    won = when(states["printing"], c.Pass(by="kid")).then_starts(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren",), defenders=("captain",), attack=9, defence=7, winner="attacker"),
        e.Wounded(character="captain", amount=1, cause="fight"),
    )
    assert tie.health("lady_lauren") == 4 and won.health("lady_lauren") == 6


def test_CARD_3_FIGHT_3_a_weapon_size_of_the_printing() -> None:
    """CARD-3, FIGHT-3: a printing whose Knife adds 5: Lady Lauren 4 + 5 = 9 against the Captain's 7."""
    rules = ruleset_for(printing(weapon={"knife": 5}))
    s = given(deal(), face_up("lady_lauren", "knife-1"), actions(), c.Mug(by="lady_lauren", target="captain"),
              c.Answer(by="captain", consent=False), c.Pass(by="lady_lauren"), c.Pass(by="captain"),
              c.Pass(by="frenchy"), ruleset=rules)
    when(s, c.Pass(by="kid")).then_starts(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren",), defenders=("captain",), attack=9, defence=7, winner="attacker"),
    )


def test_CARD_3_SCORE_1_treasure_and_survival_of_each_game_s_own_printing() -> None:
    """CARD-3, SCORE-1: three Cash score 3, doubled 6, for the Captain with the bundled data; 15, doubled 30, with a
    printing whose Cash is worth 5. The Captain's survival value 5 is 7 in that printing."""
    rules = ruleset_for(printing(points={"cash": 5}, survival={"captain": 7}))
    cards = ("cash-1", "cash-2", "cash-3")
    six = deal(SIX, provisions=("water-10", "water-11", "water-12", "water-13", "water-14", "water-15"))
    bundled = given(six, hand("captain", *cards))
    own = given(six, hand("captain", *cards), ruleset=rules)
    assert (treasure(bundled, "captain"), treasure(own, "captain")) == (6, 30)
    assert (treasure(bundled, "frenchy"), treasure(own, "frenchy")) == (0, 0)
    captain = SIX.index("captain")
    ann_b, ann_o = score_player(bundled, bundled.players[captain]), score_player(own, own.players[captain])
    assert (ann_b.survival, ann_b.treasure) == (5, 6)
    assert (ann_o.survival, ann_o.treasure) == (7, 30)


def test_CARD_3_a_printing_with_another_character_is_refused_naming_the_field() -> None:
    """CARD-3: the rules know each character and card by its id: a printing with another id is refused, naming
    the field; so is one that leaves a provision face out, or changes its kind."""
    raw = json.loads(json.dumps(printing()).replace('"lady_lauren"', '"lady_laura"'))  # everywhere it is named
    with pytest.raises(CardDataError) as info:
        register(raw, "mine.json")
    assert str(info.value).startswith("mine.json: characters[0].id: expected one of this lifeboat's characters")
    kind = printing()
    kind["provisions"]["base"][0]["kind"] = "weapon"  # Water as a weapon
    with pytest.raises(CardDataError) as info:
        register(kind, "kind.json")
    assert info.value.field == "provisions.base[0].kind" and info.value.found == "weapon"


def test_CARD_3_LIQUID_1_REF_23_a_printing_states_firewater_s_count_and_size() -> None:
    """CARD-3, LIQUID-1, REF-23: the bundled data leaves Firewater's count unknown (2 copies are played); a
    printing that gives 3 copies of size 2 has ``firewater-3``, and Lady Lauren (4) who drinks it fights the
    Captain (7) at 6, not 7: the defender wins either way, by 1 more. The bundled game has no ``firewater-3``."""
    raw = printing()
    fire = raw["provisions"]["liquid_courage"][0]
    fire["count"], fire["size"] = 3, 2
    rules = msgspec.structs.replace(ruleset_for(raw), expansions=("liquid_courage",))
    bundled = Ruleset(expansions=("liquid_courage",))
    assert "firewater-3" in cards_of(rules).provision_instances(rules.card_sets)
    assert "firewater-3" not in cards_of(bundled).provision_instances(bundled.card_sets)
    wong4 = ("lady_lauren", "captain", "mrs_wong", "kid")
    s = given(deal(wong4), hand("lady_lauren", "firewater-3"), actions(), c.ChangeSeats(by="lady_lauren",
              target="captain"), c.Answer(by="captain", consent=False), c.DrinkFirewater(by="lady_lauren",
              card="firewater-3"), c.ShareFirewater(by="mrs_wong", share=False), c.Pass(by="lady_lauren"),
              c.Pass(by="captain"), c.Pass(by="mrs_wong"), ruleset=rules)
    when(s, c.Pass(by="kid")).then_starts(
        e.Passed(character="kid"),
        e.FightResolved(attackers=("lady_lauren",), defenders=("captain",), attack=6, defence=7, winner="defender"),
    )
    s = given(deal(wong4), hand("lady_lauren", "firewater-1"), actions(), c.ChangeSeats(by="lady_lauren",
              target="captain"), c.Answer(by="captain", consent=False), ruleset=bundled)
    when(s, c.DrinkFirewater(by="lady_lauren", card="firewater-3")).refused(InvalidCommand, "CARD-1")


def test_CARD_3_NOTATION_1_a_line_reads_and_writes_with_the_game_s_printing() -> None:
    """CARD-3, NOTATION-1: with 3 Firewater printed, ``drink firewater-3`` reads in that game and is refused in a
    bundled game (2 copies); a Painting worth 5 in a printing is named ``painting(5)`` there, both ways."""
    from lifeboat.notation import parse, render

    raw = printing()
    raw["provisions"]["liquid_courage"][0]["count"] = 3
    next(p for p in raw["provisions"]["base"] if p["id"] == "painting")["points_each"] = [5, 3, 2]
    rules = msgspec.structs.replace(ruleset_for(raw), expansions=("liquid_courage",))
    bundled = Ruleset(expansions=("liquid_courage",))
    wong4 = ("lady_lauren", "captain", "mrs_wong", "kid")
    own = given(deal(wong4), hand("lady_lauren", "firewater-3", "painting-1"), actions(), ruleset=rules)
    drink = c.DrinkFirewater(by="lady_lauren", card="firewater-3")
    assert parse("lauren: drink firewater-3", own) == drink
    mine = given(deal(wong4), hand("lady_lauren", "firewater-1"), actions(), ruleset=bundled)
    with pytest.raises(InvalidCommand) as info:
        parse("lauren: drink firewater-3", mine)
    assert "firewater-1 to firewater-2" in info.value.message
    show = c.Reveal(by="lady_lauren", card="painting-1")
    assert render(show, own) == "lauren: reveal painting(5)" and parse("lauren: reveal painting(5)", own) == show


_VALUES_PRINTING = printing(size={"kid": 6, "captain": 5}, survival={"frenchy": 9}, points={"cash": 5},
                            weapon={"knife": 5})


@settings(max_examples=8, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
@hgiven(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 8))
def test_CARD_3_random_games_with_another_printing_keep_every_invariant(seed: int, n: int) -> None:
    """CARD-3: random legal play (with random illegal commands refused) under a printing with other sizes, survival
    values, points and weapon sizes, both expansions: the game ends, every card is in one place, folding the events
    gives the live state."""
    from .test_liquid_courage import play_liquid

    rules = msgspec.structs.replace(ruleset_for(_VALUES_PRINTING), expansions=("cannibalism", "liquid_courage"))
    play_liquid(seed, n, rules)
