"""Analysis of a game from each seat's own knowledge (``lifeboat analyse``, ANALYSIS-1..6 in docs/rules.md).

- :mod:`.judge`: one decision: its options appraised from the seat's view and log only
  (:func:`lifeboat.bots.appraise.appraise`), the chosen one's loss against the best, and its mark;
- :mod:`.run`: every decision of one seat or of all, over a game file, with progress;
- :mod:`.sidecar`: the results kept beside the game (``GAME.analysis.json``), keyed by the hash of the last
  commit analysed, and read back by the replays.
"""
