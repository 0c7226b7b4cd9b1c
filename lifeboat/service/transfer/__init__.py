"""A game moved or branched: between a JSONL file and a PostgreSQL store
(:mod:`~lifeboat.service.transfer.store`), or forked at a seq into a new file (:mod:`~lifeboat.service.transfer.fork`).
"""
