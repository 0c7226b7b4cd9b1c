"""No journal error quotes an unprintable character (an invariant, for any bytes a line may hold): ``str(error)``
and ``found`` of whatever every reader raises are printable (ESC, NUL, BEL escaped as ``\\x1b`` …), and a line that
holds a NUL byte or bytes that are not UTF-8 is named "not a text journal" and quoted not at all."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from journal_testkit import sound_file

from journal import JournalError, JsonlJournal, read_with_findings


def _bytes_line() -> st.SearchStrategy[bytes]:
    return st.binary(min_size=1, max_size=120).filter(lambda b: b"\n" not in b)


@settings(max_examples=150, deadline=None)
@given(raw=_bytes_line(), at=st.integers(min_value=0, max_value=3))
def test_no_error_quotes_an_unprintable_character(tmp_path_factory, raw: bytes, at: int) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("p") / "g.jsonl"
    lines = sound_file(path, 3)
    lines[at] = raw + b"\n"
    path.write_bytes(b"".join(lines))
    try:
        JsonlJournal.open(path)
    except JournalError as exc:
        assert str(exc).isprintable() and (exc.found is None or exc.found.isprintable())
        editor = raw.startswith(b"\xef\xbb\xbf") or raw.endswith(b'"}\r') or raw.isspace()  # repair's cases
        if (b"\x00" in raw or not _utf8(raw)) and not editor:
            assert exc.message.startswith(f"not a text journal: line {at + 1} holds ")
            assert exc.found == "binary bytes, not shown"
    reader = read_with_findings(path)  # audit's reader: every problem as a finding
    try:
        for _ in reader.commits():
            pass
    except JournalError as exc:
        assert str(exc).isprintable()
    for problem in reader.problems:
        assert problem.message.isprintable() and (problem.found is None or problem.found.isprintable())


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@settings(max_examples=100, deadline=None)
@given(key=st.text(min_size=1, max_size=12), value=st.text(max_size=12), at=st.integers(min_value=0, max_value=3))
def test_a_json_line_naming_control_characters_is_quoted_escaped(tmp_path_factory, key: str, value: str,  # type: ignore[no-untyped-def]
                                                                 at: int) -> None:
    """msgspec's message names the line's own keys (``unknown field `…```): escaped there too."""
    import json

    path = tmp_path_factory.mktemp("j") / "g.jsonl"
    lines = sound_file(path, 3)
    body = json.loads(lines[at])
    body[key] = value
    lines[at] = json.dumps(body).encode() + b"\n"
    path.write_bytes(b"".join(lines))
    try:
        JsonlJournal.open(path)
    except JournalError as exc:
        assert str(exc).isprintable() and exc.message.isprintable()
