"""Replay documents of random in-memory games (tests/views/oracle.random_game), built with the same pieces the
service uses (``Observer`` + ``ReplayBook``), for browser tests that need no journal."""

from __future__ import annotations

from typing import Any

import msgspec

from lifeboat.views import Observer
from lifeboat.views.book import ReplayBook
from lifeboat.views.catalog import public_catalog
from views.oracle import random_game


def random_document(seed: int, players: int, viewer: str = "public", to: int | None = None) -> dict[str, Any]:
    """The replay document of random game ``seed`` read by ``viewer`` (``"public"``, ``"referee"`` or a character
    id), commits 1 … ``to``."""
    obs: Observer | None = None
    book: ReplayBook | None = None
    for seq, commit in enumerate(random_game(seed, players), 1):
        if to is not None and seq > to:
            break
        if obs is None:
            obs = Observer(commit.before)
        start = len(obs)
        obs.record(commit.events)
        who = None if viewer in ("public", "referee") else viewer
        if book is None:
            book = ReplayBook(viewer)
        log = obs.log(who, referee=viewer == "referee", start=start)
        actor = "chance" if type(commit.command).__module__.endswith("commands") and not hasattr(commit.command, "by") \
            else obs.state.char(commit.command.by).player
        book.add(seq, actor, obs, log, before=commit.before, command=commit.command)
    assert book is not None
    persp: dict[str, Any] = {"kind": viewer if viewer in ("public", "referee") else "seat"}
    if persp["kind"] == "seat":
        persp.update(character=viewer, player=obs.state.char(viewer).player)  # type: ignore[union-attr]
    return {"format": "lifeboat-replay", "version": 1, "title": f"random game {seed}", "perspective": persp,
            "catalog": public_catalog(), "steps": msgspec.to_builtins(book.steps)}
