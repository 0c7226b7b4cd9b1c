"""Auditing a game file (docs/disputes.md): :func:`~lifeboat.service.auditing.run.audit` and its steps, the scan of the
file (:mod:`~lifeboat.service.auditing.scan`), the rules replayed (:mod:`~lifeboat.service.auditing.rules`), the times
(:mod:`~lifeboat.service.auditing.times`), the findings as data (:mod:`~lifeboat.service.auditing.findings`) and the
receipts a seat keeps to prove what it saw (:mod:`~lifeboat.service.auditing.receipts`).
"""
