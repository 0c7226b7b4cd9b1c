"""``lifeboat cards [FILE]``: check card data against its own checks and print its hash (CARD-2).

Exit 0 when the data agrees with its checks; 4, with the field named, when it does not.
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import user_errors
from lifeboat.i18n import _


def run(file: Path | None) -> None:
    from cli.common import console
    from lifeboat.service import bundled_card_hash, load_card_file

    out = console()
    if file is None:
        out.print(_("the bundled card data (lifeboat/data/cards.json) agrees with its own checks (CARD-2); sha256 "
                    "{sha}").format(sha=bundled_card_hash()), markup=False, soft_wrap=True)
        return
    with user_errors():
        sha = load_card_file(file).sha256  # CARD-2, and CARD-3: cards this lifeboat can play
    if sha == bundled_card_hash():
        text = _("{file}: the card data agrees with its own checks (CARD-2); sha256 {sha} (the same as the bundled "
                 "card data)").format(file=file, sha=sha)
    else:
        text = _("{file}: the card data agrees with its own checks (CARD-2); sha256 {sha} (not the bundled card "
                 "data; play with it: {command}, and the journal keeps a copy, CARD-3)").format(
            file=file, sha=sha, command=f"lifeboat new GAME.jsonl --players … --cards {file}")
    out.print(text, markup=False, soft_wrap=True)
