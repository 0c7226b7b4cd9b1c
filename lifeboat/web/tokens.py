"""Links to a served game: one secret token per seat, one for spectators, one for the referee (SERVE-1).

A token is 32 random bytes (:func:`secrets.token_urlsafe`). It is shown once, when it is issued, and stored only as
its sha256 in a sidecar file beside the game, ``GAME.jsonl.serve.json`` (mode 0600), never in the journal (which
stays shareable). A token is checked by hashing it and comparing with every stored hash of the game in constant
time (:func:`hmac.compare_digest`, no early exit), so a wrong token takes as long as a right one and a failed
check reveals nothing. The sidecar also lists the seats that bots play (not a secret); its shape is
:class:`lifeboat.service.live.links.Sidecar`.

Shapes: an :class:`Access` is ``role`` (``"seat"``, ``"spectator"``, ``"referee"``) and ``seat`` (a character id
for a seat, else ``""``). Errors: :class:`TokenFileError` for a sidecar that is not ours (unreadable, wrong shape).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from pathlib import Path

import msgspec

from lifeboat.service.errors import LinksUnreadable
from lifeboat.service.game.files import read_regular
from lifeboat.service.live.links import SUFFIX, Access, LinkEntry, Role, Sidecar, read_links, sidecar_path

__all__ = ["SUFFIX", "Access", "Role", "Sidecar", "TokenFileError", "TokenStore", "sidecar_path"]


class TokenFileError(Exception):
    """A sidecar file that cannot be read as links of a served game (``path``, ``message``)."""

    def __init__(self, path: Path, message: str) -> None:
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _sidecar(where: Path, raw: bytes, todo: str) -> Sidecar:
    """The links kept as ``raw`` (:func:`lifeboat.service.live.links.read_links`). Raises :class:`TokenFileError` naming
    ``where``, saying ``todo``."""
    try:
        return read_links(raw)
    except LinksUnreadable as exc:
        raise TokenFileError(where, f"{exc}; {todo}") from None


class TokenStore:
    """The links of one game, held in memory and in its sidecar file, or (``saver`` given) wherever ``saver``
    keeps the sidecar's bytes: a PostgreSQL store's ``private`` table (``lifeboat serve --store``). ``saver(raw)``
    returns False when it kept links another process stored first."""

    def __init__(self, game: Path | str, sidecar: Sidecar, saver: Callable[[bytes], bool] | None = None) -> None:
        self.game, self._data, self._saver = game, sidecar, saver
        self._stamp = self._file_stamp()  # the sidecar file as last read or written (a file-kept store)

    def _file_stamp(self) -> tuple[int, int] | None:
        if self._saver is not None:
            return None
        try:
            st = sidecar_path(Path(self.game)).stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_ino)

    def _fresh(self) -> None:
        """A file-kept store reads its sidecar again when another process changed it (``lifeboat links --reissue``
        while ``serve`` runs): a reissued seat's old link stops at once. One ``stat`` a check."""
        stamp = self._file_stamp()
        if stamp is None or stamp == self._stamp:
            return
        try:
            path = sidecar_path(Path(self.game))
            self._data = _sidecar(path, read_regular(path), "")
        except (OSError, TokenFileError):
            return  # a sidecar being replaced: the links held stay until it reads
        self._stamp = stamp

    @classmethod
    def of_bytes(cls, where: str, raw: bytes | None, saver: Callable[[bytes], bool]) -> TokenStore:
        """The links kept as ``raw`` (none: ``None``) by ``saver``'s store. Raises :class:`TokenFileError`."""
        if raw is None:
            return cls(where, Sidecar(), saver)
        return cls(where, _sidecar(Path(where), raw, "give new links"), saver)

    @classmethod
    def load(cls, game: Path) -> TokenStore:
        """The links of ``game`` (none when it has no sidecar yet). Raises :class:`TokenFileError`."""
        path = sidecar_path(game)
        if not path.exists():
            return cls(game, Sidecar())
        todo = "move it away to issue new links"
        try:
            raw = read_regular(path)  # a named pipe there is refused, not waited on
        except OSError as exc:
            raise TokenFileError(path, f"{LinksUnreadable(str(exc))}; {todo}") from None
        return cls(game, _sidecar(path, raw, todo))

    @property
    def bots(self) -> tuple[str, ...]:
        """The character ids of the seats bots play."""
        return tuple(self.bot_kinds)

    @property
    def bot_kinds(self) -> dict[str, str]:
        """``{character id: bot kind}`` of the seats bots play (an entry without ``=KIND``, as written before bots
        had kinds, is a random bot)."""
        return {c: k or "random" for c, _, k in (entry.partition("=") for entry in self._data.bots)}

    @property
    def issued(self) -> bool:
        return bool(self._data.links)

    def issue(self, seats: list[str], bots: dict[str, str] | None = None) -> dict[str, str]:
        """New links for every seat in ``seats`` (character ids; the seats of ``bots``, ``{character id: bot
        kind}``, get none), the spectators and the referee; the old ones stop working. Returns ``{"referee": token,
        "spectator": token, seat: token …}``: the only time the tokens exist outside the requests that carry them;
        ``{}`` when the store kept the links another process issued first (nothing changed)."""
        bots = bots or {}
        tokens: dict[str, str] = {}
        entries: list[LinkEntry] = []
        for key, access in [("referee", Access("referee")), ("spectator", Access("spectator"))] + [
                (s, Access("seat", s)) for s in seats if s not in bots]:
            tokens[key] = secrets.token_urlsafe(32)
            entries.append(LinkEntry(_digest(tokens[key]), access))
        data = Sidecar(links=tuple(entries), bots=tuple(f"{c}={k}" for c, k in bots.items()))
        if self._saver is not None:
            if not self._saver(msgspec.json.encode(data)):
                return {}
            self._data = data
            return tokens
        self._data = data
        self._save()
        return tokens

    def seats(self) -> list[str]:
        """The character ids that have a seat link (bots' seats have none)."""
        self._fresh()
        return [e.access.seat for e in self._data.links if e.access.role == "seat"]

    def reissue(self, seat: str) -> str:
        """A new link for ``seat`` (a character id with a seat link) only: its old token stops working, every other
        link keeps working (the sidecar keeps only hashes, so a lost link cannot be printed again: SERVE-1).
        Returns the new token. Raises ``KeyError`` for a seat without a link; a file-kept store only."""
        self._fresh()
        if seat not in self.seats():
            raise KeyError(seat)
        token = secrets.token_urlsafe(32)
        links = tuple(LinkEntry(_digest(token), e.access) if e.access == Access("seat", seat) else e
                      for e in self._data.links)
        self._data = msgspec.structs.replace(self._data, links=links)
        self._save()
        return token

    def _save(self) -> None:
        path = sidecar_path(Path(self.game))
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, msgspec.json.encode(self._data))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
        self._stamp = self._file_stamp()

    def check(self, token: str) -> Access | None:
        """Who ``token`` lets in, or ``None``. Compares with every stored hash in constant time."""
        self._fresh()
        digest = _digest(token)
        found: Access | None = None
        for entry in self._data.links:
            if hmac.compare_digest(digest, entry.sha256):
                found = entry.access
        return found
