"""Fuzzing the journal readers (issue 13): whatever bytes a file holds, ``JsonlJournal.open`` + ``commits()``,
``verify``, ``read_with_findings`` and ``repair`` raise nothing but :class:`journal.JournalError` (and ``repair``
never touches a file it does not repair). The files are a sound journal put through random edits: bytes flipped,
inserted or cut, lines swapped or duplicated, a byte-order mark, CR LF, blank lines, JSON nested deep, and field
values replaced by any JSON value *with the hash chain recomputed* (so the reader gets past the hash check to the
decoding and the checks behind it). About 1,000 files in CI (700 edited journals, 300 random byte strings; fresh
ones every run: the failing example is printed, with ``print_blob`` to replay it), far more with ``-m slow``."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journal_testkit import sound_file

from journal import JournalError, JsonlJournal, read_with_findings, repair, verify

ROOT = Path(__file__).resolve().parents[2]


def _sound() -> list[bytes]:
    with tempfile.TemporaryDirectory() as tmp:
        return sound_file(Path(tmp) / "g.jsonl", 6)


SOUND = _sound()
GAME = (ROOT / "docs" / "examples" / "four-players.jsonl").read_bytes().splitlines(keepends=True)[:12]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**140) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def load(raw: bytes) -> dict | None:
    """The JSON object a line holds, or ``None`` (the edits may have made it anything)."""
    try:
        body = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return body if isinstance(body, dict) else None


def reseal(lines: list[bytes]) -> list[bytes]:
    """The lines (dicts as JSON) with ``prev`` and ``hash`` recomputed, as a careful forger would."""
    out, prev = [], ""
    for i, raw in enumerate(lines):
        body = load(raw)
        if body is None:
            out.append(raw)
            continue
        body.pop("hash", None)
        if i > 0 and "prev" in body:
            body["prev"] = prev
        text = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
        prev = hashlib.sha256(text).hexdigest()
        out.append(text[:-1] + b',"hash":"' + prev.encode() + b'"}\n' if text.endswith(b"}") else text + b"\n")
    return out


@st.composite
def edited(draw: st.DrawFn) -> bytes:
    lines = list(draw(st.sampled_from([SOUND, GAME])))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["value", "value", "flip", "insert", "cut", "swap", "dup", "drop", "bom", "crlf",
                                   "blank", "deep", "line", "truncate"]))
        body = load(lines[i])
        if op in ("value", "deep") and body is None:
            continue
        if op == "value":  # a field of line i replaced by any JSON value, the chain recomputed
            key = draw(st.sampled_from(sorted(body) + ["extra"]))
            body[key] = draw(JSON)
            lines[i] = json.dumps(body, separators=(",", ":")).encode() + b"\n"
            lines = reseal(lines)
        elif op == "flip" and lines[i]:  # (a cut may have left the line empty: nothing to flip)
            at = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:at] + bytes([draw(st.integers(0, 255))]) + lines[i][at + 1:]
        elif op == "insert":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(st.binary(min_size=1, max_size=6)) + lines[i][at:]
        elif op == "cut":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + lines[i][at + draw(st.integers(1, 40)):]
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "drop" and len(lines) > 1:
            del lines[i]
        elif op == "bom":
            lines[0] = b"\xef\xbb\xbf" + lines[0]
        elif op == "crlf":
            lines[i] = lines[i].replace(b"\n", b"\r\n")
        elif op == "blank":
            lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from([b"\n", b" \n", b"\r\n", b"\t\n"])))
        elif op == "deep":
            depth = draw(st.sampled_from([63, 64, 65, 200, 1000, 5000]))
            body[draw(st.sampled_from(sorted(body)))] = "@DEEP@"
            text = json.dumps(body, separators=(",", ":")).replace('"@DEEP@"', "[" * depth + "]" * depth)
            lines[i] = text.encode() + b"\n"
            if draw(st.booleans()):
                lines = reseal(lines)
        elif op == "line":
            lines[i] = draw(st.binary(max_size=30) | st.text(max_size=30).map(str.encode)) + b"\n"
        elif op == "truncate":
            data = b"".join(lines)
            return data[:draw(st.integers(0, len(data)))]
    return b"".join(lines)


def read_every_way(path: Path) -> None:
    """Every reader over ``path``; only journal errors may come out."""
    try:
        with JsonlJournal.open(path, allow_torn=True) as j:
            for _ in j.commits():
                pass
    except JournalError:
        pass
    try:
        verify(path)
    except JournalError:
        pass
    reader = read_with_findings(path)
    try:
        for _ in reader.commits():
            pass
    except JournalError:
        pass
    before = path.read_bytes()
    try:
        report = repair(path)
    except JournalError:
        assert path.read_bytes() == before  # a refused repair touches nothing
        return
    if report.cut_line is None:
        assert path.read_bytes() == before
    if report.clean_copy is not None:
        verify(report.clean_copy)
        os.unlink(report.clean_copy)
    for side in path.parent.glob(path.name + ".torn-*"):
        side.unlink()


# Files in memory when the system has a tmpfs (fsync there costs nothing, and a thousand files take seconds).
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


def check(data: bytes) -> None:
    with tempfile.TemporaryDirectory(dir=SCRATCH) as tmp:
        path = Path(tmp) / "g.jsonl"
        path.write_bytes(data)
        read_every_way(path)


@settings(max_examples=700, deadline=None, database=None, print_blob=True, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=edited())
def test_only_journal_errors_come_out_of_any_file(data: bytes) -> None:
    check(data)


@pytest.mark.slow
@settings(max_examples=30_000, deadline=None, database=None, print_blob=True, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=edited())
def test_only_journal_errors_come_out_of_many_more_files(data: bytes) -> None:
    check(data)


@settings(max_examples=300, deadline=None, database=None, print_blob=True, derandomize=False)
@given(data=st.binary(max_size=300))
def test_only_journal_errors_come_out_of_random_bytes(data: bytes) -> None:
    check(data)
