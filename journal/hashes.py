"""A line's hash member: finding it, and hashing a line's body (docs/journal-format.md, "Hashes").

A sealed line (without its newline) ends in ``,"hash":"<64 lowercase hex>"}``; its hash is the SHA-256 of the line
with that ending replaced by ``}`` (its *body*). :mod:`journal.codec` builds on these.
"""

from __future__ import annotations

import hashlib

HASH_KEY = b',"hash":"'
SUFFIX_LEN = len(HASH_KEY) + 64 + 2  # ,"hash":"<64 hex>"}
_HEX = frozenset(b"0123456789abcdef")


def split_hash(line: bytes) -> tuple[bytes, str] | None:
    """``(body, stored_hash)`` of a line (without its newline), or ``None`` if it does not end in a hash member."""
    if len(line) < SUFFIX_LEN + 1 or not line.endswith(b'"}') or line[-SUFFIX_LEN:-66] != HASH_KEY:
        return None
    digest = line[-66:-2]
    if not _HEX.issuperset(digest):
        return None
    return line[:-SUFFIX_LEN] + b"}", digest.decode("ascii")


def line_hash(body: bytes) -> str:
    """``sha256(body)`` in lowercase hex."""
    return hashlib.sha256(body).hexdigest()


def sealed_whole(raw: bytes) -> bool:
    """Whether ``raw`` (a line without its newline) ends in a hash member that is the SHA-256 of the rest: a line
    written whole. A torn line (a prefix cut by a crash) never is one; a whole last line that lacks only its
    newline (an editor or a tool dropped it) is."""
    split = split_hash(raw)
    return split is not None and line_hash(split[0]) == split[1]


def unended_whole(raw: bytes) -> bytes | None:
    """The whole line in a last line ``raw`` that has no newline: ``raw`` itself if it is :func:`sealed_whole`, or
    ``raw`` without a final CR if that is (a CR LF journal that lost only its LF); else ``None`` (a torn line)."""
    if sealed_whole(raw):
        return raw
    if raw.endswith(b"\r") and sealed_whole(raw[:-1]):
        return raw[:-1]
    return None
