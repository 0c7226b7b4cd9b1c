"""REC-3, the property of issue 30: random digital games recorded by a scribe who misses a random subset of the card
movements (tests/engine/scribe.py): every line of the true game is accepted to the end, and once every card has
been shown, the recording's scores equal the digital game's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lifeboat.ruleset import Ruleset
from lifeboat.scoring import scores, winners
from tests.engine.scribe import record

EXPANSIONS = {4: (), 5: (), 6: (), 7: ("liquid_courage",), 8: ("cannibalism", "liquid_courage")}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 8), miss=st.sampled_from([0.25, 0.5, 0.75, 1.0]),
       see=st.sampled_from([None, 1.0]))
def test_REC_3_a_scribe_who_misses_cards_records_every_true_game_and_scores_it_right(
        seed: int, players: int, miss: float, see: float | None) -> None:
    """``see=1.0``: every card dealt and drawn is seen, so many known cards are later lost from sight (the hard
    case for the possibilities); ``None``: deals and draws are missed as often as the moves."""
    ruleset = Ruleset(expansions=EXPANSIONS[players], compass_extra_card=True)  # a game begun now (NAV-2)
    truth, recorded, seen = record(seed, players, miss, ruleset=ruleset, see_rate=see)
    assert seen.lines > 0 and recorded.over
    assert [(s.player, s.total) for s in scores(recorded)] == [(s.player, s.total) for s in scores(truth)]
    assert scores(recorded) == scores(truth) and winners(recorded) == winners(truth)
