"""Format versions and the upcaster hook.

Policy (see docs/journal-format.md, "Versioning"):

* This code writes version :data:`journal.model.FORMAT_VERSION` (1) and appends only to files of that version.
* Within a version, lines never change shape. Any change to a line's fields is a new version.
* A newer version than this code knows raises :class:`journal.errors.UnsupportedJournalVersion`.
* To read an older version ``v``, register an upcaster for ``v``: two functions that turn a decoded header
  (``dict``) and a decoded commit (``dict``) of version ``v`` into the shape of version ``v + 1``. Readers
  chain the upcasters up to the current version. Hashes are always checked on the bytes as stored, before
  upcasting. An older file is read-only: fork it to get a current-version copy to append to.

Version 1 is the first version, so no upcaster is registered today.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.model import FORMAT_VERSION

RawLine = dict[str, Any]
Upgrade = Callable[[RawLine], RawLine]

_UPCASTERS: dict[int, tuple[Upgrade, Upgrade]] = {}


def register_upcaster(from_version: int, *, header: Upgrade, commit: Upgrade) -> None:
    """Register how to read version ``from_version``: ``header`` and ``commit`` each take a decoded line of that
    version (a ``dict``; the ``hash`` member is included and must be kept) and return it in the shape of version
    ``from_version + 1``. The header function must set ``"version"`` to ``from_version + 1``.

    Raises:
        ValueError: ``from_version`` is not below the current version, or already has an upcaster.
    """
    if not isinstance(from_version, int) or from_version >= FORMAT_VERSION or from_version < 0:
        raise ValueError(f"an upcaster reads an older version than {FORMAT_VERSION}, not {from_version!r}")
    if from_version in _UPCASTERS:
        raise ValueError(f"version {from_version} already has an upcaster")
    _UPCASTERS[from_version] = (header, commit)


def unregister_upcaster(from_version: int) -> None:
    """Remove the upcaster of ``from_version`` (for tests and plugins); no error if there is none."""
    _UPCASTERS.pop(from_version, None)


def supported_versions() -> tuple[int, ...]:
    """The versions this code reads, ascending: the current one and every older one with a full upcaster chain."""
    versions = [FORMAT_VERSION]
    version = FORMAT_VERSION - 1
    while version in _UPCASTERS:
        versions.append(version)
        version -= 1
    return tuple(sorted(versions))


def upcast_header(raw: RawLine, version: int) -> RawLine:
    """A decoded header of ``version`` brought to the current version (``raw`` itself if already current)."""
    for v in range(version, FORMAT_VERSION):
        raw = _UPCASTERS[v][0](raw)
    return raw


def upcast_commit(raw: RawLine, version: int) -> RawLine:
    """A decoded commit of ``version`` brought to the current version (``raw`` itself if already current)."""
    for v in range(version, FORMAT_VERSION):
        raw = _UPCASTERS[v][1](raw)
    return raw
