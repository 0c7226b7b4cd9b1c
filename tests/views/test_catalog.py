"""Public card facts for pages (lifeboat.views.catalog): no card instance in the catalog; navigation facts only
for the cards a document names (NAV-3, OVER-1, THIRST-1, BIRD-1)."""

from __future__ import annotations

import json

from lifeboat.views.catalog import navigation_facts, navigation_in, public_catalog

from .oracle import card_ids_in


def test_the_catalog_names_no_card_instance() -> None:
    cat = public_catalog()
    assert card_ids_in(json.dumps(cat)) == set()
    assert cat["faces"]["painting"]["points"] == [3, 3, 2]
    assert cat["faces"]["knife"]["weapon"] == 3
    assert cat["characters"]["kid"] == {"en": "The Kid", "zh": ["小孩"], "size": 3, "survival": 9,
                                     "ability": "pickpocket: a mug for a face-down (hand) card cannot be refused"}
    assert cat["faces"]["oar"]["text"] == "weapon +1; when rowing, draw one additional navigation card"
    assert cat["characters"]["first_mate"]["ability"] == ""
    assert cat["seat_order"][0] == "lady_lauren"


def test_navigation_facts_of_card_28() -> None:  # NAV-3: Lady Lauren overboard, everyone thirsty, oars, bird -1
    facts = navigation_facts("nav-28", ["captain", "lady_lauren", "kid"])
    assert facts == {"print_no": 28, "overboard": ["lady_lauren"], "thirsty": ["lady_lauren", "captain", "kid"],
                     "rowers_thirsty": True, "fighters_thirsty": False, "bird": -1,
                     "text": "Lady Lauren overboard \u00b7 everyone thirsty \u00b7 rowers thirsty \u00b7 seagull \u22121"}


def test_navigation_in_describes_only_the_cards_named() -> None:
    doc = b'{"in_play":["nav-28"],"x":"nav-c7","y":"xnav-3","z":"nav-30x"}'
    assert sorted(navigation_in(doc, ["captain"])) == ["nav-28", "nav-c7"]
