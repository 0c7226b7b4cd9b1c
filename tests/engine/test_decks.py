"""Card data: deck totals against the data file's ``checks`` and the seed's component list (SETUP-5, SCORE-1)."""

from __future__ import annotations

from collections import Counter

from lifeboat.cards import CHARACTERS, CHECKS, FACES, NAVIGATION, BASE_CHARACTERS, navigation_instances, provision_instances


def base_navigation() -> list:
    return [n for n in NAVIGATION.values() if n.expansion == "base"]


def test_SETUP_5_deck_totals_match_the_data_checks() -> None:
    """SETUP-5: 24 base navigation cards, 42 provisions, 7 birds, 1 crossed bird."""
    assert len(base_navigation()) == CHECKS["base_navigation_cards"] == 24
    assert len(navigation_instances()) == 24 and len(set(navigation_instances())) == 24
    assert len(provision_instances()) == CHECKS["base_provisions"] == 42
    assert len(set(provision_instances())) == 42
    assert sum(n.bird == 1 for n in base_navigation()) == CHECKS["base_birds_plus"] == 7
    assert sum(n.bird == -1 for n in base_navigation()) == CHECKS["base_birds_minus"] == 1


def test_SETUP_5_overboard_counts_per_character_match_the_data_checks() -> None:
    """SETUP-5, OVER-1: how many base cards send each character overboard ("ALL" and "none" counted apart)."""
    counts: Counter[str] = Counter()
    for card in base_navigation():
        kind, names = card.overboard
        if kind == "all":
            counts["ALL"] += 1
        elif not names:
            counts["none"] += 1
        else:
            assert kind == "list" and len(names) == 1, card.id
            counts[names[0]] += 1
    assert dict(counts) == CHECKS["overboard_counts_base"]
    assert dict(counts) == {"captain": 4, "first_mate": 4, "frenchy": 4, "sir_stephen": 4, "kid": 4,
                            "lady_lauren": 1, "ALL": 2, "none": 1}


def test_SETUP_5_provision_faces_match_the_seed() -> None:
    """SETUP-5: the seed's component list — 16 Water, 6 Cash, 3 Jewels, 3 Paintings, 3 Medical Kits, 2 Oars,
    1 Blackjack, Knife, Gaffing Hook, Flare Gun, 2 Chum, 1 Life Preserver, Compass, Parasol."""
    base = {f.id: f.count for f in FACES.values() if f.expansion == "base"}
    assert base == {"water": 16, "cash": 6, "jewels": 3, "painting": 3, "medical_kit": 3, "oar": 2, "blackjack": 1,
                    "knife": 1, "gaffing_hook": 1, "flare_gun": 1, "chum": 2, "life_preserver": 1, "compass": 1,
                    "parasol": 1}
    assert {f: FACES[f].weapon for f in ("oar", "blackjack", "knife", "gaffing_hook", "flare_gun")} == {
        "oar": 1, "blackjack": 2, "knife": 3, "gaffing_hook": 4, "flare_gun": 8}
    assert FACES["painting"].points == (3, 3, 2) and FACES["cash"].points == (1,) * 6


def test_SETUP_2_base_characters_sizes_and_survival_values() -> None:
    """SETUP-2, SCORE-1: the six base characters with the seed's size and survival value."""
    assert {c: (CHARACTERS[c].size, CHARACTERS[c].survival) for c in BASE_CHARACTERS} == {
        "lady_lauren": (4, 8), "sir_stephen": (5, 7), "captain": (7, 5), "first_mate": (8, 4), "frenchy": (6, 6),
        "kid": (3, 9)}
