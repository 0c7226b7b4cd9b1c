"""``lifeboat receipt``: print a receipt token for a seat (:mod:`lifeboat.service.auditing.receipts`, docs/disputes.md).

The command prints only the token (on stdout), never the view: someone may be looking at the screen.
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors


def run(game: Path, who: str, at: int | None) -> None:
    from lifeboat.service import make_receipt

    with user_errors():
        receipt = make_receipt(game, who, at)
    print(receipt.token)
