"""The navigation cards a served message or a replay step names (NAV-3): ``lifeboat.views.catalog.navigation_ids``
(used by ``navigation_in`` and by ``lifeboat.service.live._engine.navigation_shown``) finds exactly the whole ``nav-…`` tokens a
look-around pattern finds (it checks the neighbours in Python, ~10 times faster over a whole view)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from lifeboat.views.catalog import navigation_ids as _nav_ids

LOOKAROUND = re.compile(rb"(?<![A-Za-z0-9_-])nav-[cl]?[0-9]+(?![A-Za-z0-9_-])")


def test_nav_ids_examples() -> None:
    raw = b'{"in_play":["nav-12"],"x":"anav-3","y":"nav-4x","z":"nav-c8","w":"nav-l11-","v":"(nav-7)","u":"nav-"}'
    assert _nav_ids(raw) == {"nav-12", "nav-c8", "nav-7"}


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([b"nav-", b"n", b"a", b"v", b"-", b"c", b"l", b"1", b"27", b"_", b"x", b'"', b" ",
                                 b"\xe2\x80\x9c"]), max_size=20))
def test_nav_ids_as_the_lookaround_pattern(parts: list[bytes]) -> None:
    raw = b"".join(parts)
    assert _nav_ids(raw) == {m.decode() for m in LOOKAROUND.findall(raw)}
