"""``lifeboat cards [FILE]``: check card data against its own checks and print its hash (CARD-2).

Exit 0 when the data agrees with its checks; 4, with the field named, when it does not.
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors


def run(file: Path | None) -> None:
    from cli.common import console
    from lifeboat.service import bundled_card_hash, load_card_file

    out = console()
    if file is None:
        out.print(f"the bundled card data (lifeboat/data/cards.json) agrees with its own checks (CARD-2); "
                  f"sha256 {bundled_card_hash()}", markup=False, soft_wrap=True)
        return
    with user_errors():
        sha = load_card_file(file).sha256  # CARD-2, and CARD-3: cards this lifeboat can play
    same = " (the same as the bundled card data)" if sha == bundled_card_hash() else \
        f" (not the bundled card data; play with it: lifeboat new GAME.jsonl --players … --cards {file}, and the " \
        "journal keeps a copy, CARD-3)"
    out.print(f"{file}: the card data agrees with its own checks (CARD-2); sha256 {sha}{same}", markup=False,
              soft_wrap=True)
