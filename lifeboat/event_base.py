"""The base of every event Struct (:mod:`lifeboat.events`): a msgspec tagged union on ``type``."""

from __future__ import annotations

import msgspec


class _Ev(msgspec.Struct, frozen=True, gc=False, tag_field="type", forbid_unknown_fields=True):
    pass
