"""A game played live: :class:`~lifeboat.service.live.game.LiveGame` (one writer per game, the views of every
audience, the seq and seat checks of each decision), games kept in a PostgreSQL store
(:mod:`~lifeboat.service.live.stored`), a served game's links (:mod:`~lifeboat.service.live.links`), the hotseat's
turns (:mod:`~lifeboat.service.live.hotseat`) and the bots at a table (:mod:`~lifeboat.service.live.bots`).
"""
