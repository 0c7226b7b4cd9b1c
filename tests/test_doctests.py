"""Examples that run (issue 27): the examples in the docstrings of the public API of ``lifeboat`` and ``journal``
(python-chess's habit) are run as doctests by the suite, so an example that stops being true fails here."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = {  # module: how many examples it must hold at least (a docstring cut by mistake fails too)
    "lifeboat": 10,  # a whole game: new_game, apply, chance, legal_commands, scores, winners
    "lifeboat.game": 5,  # apply, and a refusal with its rule id
    "lifeboat.legal": 5,  # legal_commands
    "lifeboat.notation": 8,  # parse, render, legal_lines, a refusal
    "lifeboat.notation.chinese": 4,  # a line in Chinese words, and one that stays English
    "lifeboat.cards": 4,  # characters, seat order, faces, placeholders
    "journal": 10,  # a memory journal: append, a conflict, commits; saved, verified, read
}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_examples_in_the_docstrings_run(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True, verbose=False)
    assert failed == 0, f"{name}: {failed} of {attempted} examples failed (the output above says which)"
    assert attempted >= MODULES[name]
