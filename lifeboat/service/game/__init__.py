"""A game file and the table on it: create, open, replay, decide, deal; what its header, records, seats and players
mean; its card data, position files, scores and clock.

Modules: :mod:`~lifeboat.service.game.table` (:class:`Table`, where every decision is written),
:mod:`~lifeboat.service.game.create` (new game files), :mod:`~lifeboat.service.game.files` (the journal and the
dealer's deck file), :mod:`~lifeboat.service.game.headers` (the ruleset, card data and starting state a header
says), :mod:`~lifeboat.service.game.records` (what a journal line holds), :mod:`~lifeboat.service.game.replay`
(strict replay, stories, views at a seq), :mod:`~lifeboat.service.game.notes` (NOTE-1),
:mod:`~lifeboat.service.game.seats`, :mod:`~lifeboat.service.game.players`, :mod:`~lifeboat.service.game.card_files`,
:mod:`~lifeboat.service.game.position_file`, :mod:`~lifeboat.service.game.names`, :mod:`~lifeboat.service.game.score`,
:mod:`~lifeboat.service.game.clock`. Front ends use the flat API of :mod:`lifeboat.service`.
"""
