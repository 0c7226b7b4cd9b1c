"""What a served game keeps of its links outside its journal (SERVE-1): the sha256 of each token and the seats bots
play, never a token. Beside a game file it is the sidecar ``GAME.jsonl.serve.json`` (mode 0600); in a PostgreSQL
store the same bytes are the game's ``serve.json`` in the ``private`` table (docs/serve.md, docs/postgresql.md).

``lifeboat.web.tokens`` issues and checks the links; this module only says what the kept bytes are, so that ``lifeboat
import`` can carry a served game's links and bot seats into a store (:func:`lifeboat.service.transfer.store.import_game`).

Shapes: :class:`Sidecar` ``{"format": "lifeboat-serve", "version": 1, "links": [{"sha256": hex, "access":
{"role": "seat" | "spectator" | "referee", "seat": character id or ""}}, …], "bots": ["CHARACTER=KIND", …]}``.
Errors: :func:`read_links` raises :class:`LinksUnreadable`, :func:`decode_links` ``journal.JournalCorrupt``, for
bytes of any other shape.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

import journal
from lifeboat.service.errors import LinksUnreadable
from lifeboat.service.game.files import write_private_file
from lifeboat.i18n import _

Role = Literal["seat", "spectator", "referee"]
SUFFIX = ".serve.json"
LINKS = "serve.json"
"""The name of a served game's links in a store's ``private`` table."""


class Access(msgspec.Struct, frozen=True):
    """Who a token lets in: ``role`` and, for a seat, its character id."""

    role: Role
    seat: str = ""


class LinkEntry(msgspec.Struct, frozen=True):
    """One link: the sha256 (hex) of its token and who it lets in."""

    sha256: str
    access: Access


class Sidecar(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The sidecar file's content: the token hashes and the seats bots play (``CHARACTER=KIND``)."""

    format: Literal["lifeboat-serve"] = "lifeboat-serve"
    version: int = 1
    links: tuple[LinkEntry, ...] = ()
    bots: tuple[str, ...] = ()


def sidecar_path(game: Path) -> Path:
    """The sidecar of the game file ``game``."""
    return game.with_name(game.name + SUFFIX)


def read_links(raw: bytes) -> Sidecar:
    """The links kept as ``raw`` (a sidecar file's bytes, or a store's ``serve.json``): the one decoder of them.
    Raises :class:`LinksUnreadable` for bytes of any other shape (each caller says what to do about it)."""
    try:
        return msgspec.json.decode(raw, type=Sidecar)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        raise LinksUnreadable(str(exc)) from None


def decode_links(raw: bytes, where: str) -> Sidecar:
    """The links kept as ``raw`` (a sidecar file's bytes, named ``where``). Raises journal.JournalCorrupt (line 1)
    for anything that is not the links of a served game."""
    try:
        return read_links(raw)
    except LinksUnreadable as exc:
        raise journal.JournalCorrupt(str(exc), path=where, line=1,
                                     expected=_("the links 'lifeboat serve' keeps (token hashes and bot seats); move the file away to import "
                                                "the game without them")) from None


def write_links_file(target: Path, raw: bytes) -> None:
    """Write links kept elsewhere (``raw``, a store's ``serve.json``) to the new sidecar ``target``, readable by its
    owner only (0600), as ``lifeboat serve`` writes it.

    Raises:
        FileExistsError: ``target`` exists (nothing is overwritten). OSError: it cannot be written.
    """
    write_private_file(target, raw)


def not_found_words(lang: str) -> tuple[str, str]:
    """What a browser opening an unknown address of ``lifeboat serve`` is told, in ``lang`` (``"en"``,
    ``"zh_Hans"``…): a heading and a sentence saying what a link is and who gives a new one."""
    from lifeboat.i18n import _, using_language

    with using_language(lang):
        return (_("No page at this address."),
                _("A seat's link is the whole address the host gave, with everything after the #; the host can give "
                  "a seat a new link (lifeboat links GAME --reissue NAME)."))
