"""Files as a tester met them, through the real CLI in a child process: a whole last line that lacks only its
newline is kept (never cut as torn); every journal the program writes is its owner's only (0600, as the deck
file); an empty receipt file is refused; a path that is a directory, a file, a named pipe or a loop is named as
what it is; a file name too long for the file system is a journal problem (exit 4), never an internal error; a
folder that exists but takes no new file is named as such, not as missing."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from tests.helpers import run_many

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "four-players.jsonl"


def lifeboat(*args: object, cwd: Path | None = None, stdin: str = "", timeout: float = 60,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``lifeboat ARGS`` in a child process: the real program, as a user runs it, with the usual umask 022 (so a
    file's mode is the program's choice, not the test runner's)."""
    return subprocess.run([sys.executable, "-m", "cli.app", *map(str, args)], input=stdin, capture_output=True,
                          text=True, timeout=timeout, check=False, cwd=cwd, umask=0o022,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


def mode(path: Path) -> str:
    return oct(stat.S_IMODE(os.stat(path).st_mode))


def test_a_whole_last_line_without_its_newline_is_kept_and_repair_adds_the_newline(tmp_path: Path) -> None:
    whole = EXAMPLE.read_bytes()
    game = tmp_path / "t.jsonl"
    game.write_bytes(whole[:-1])  # `truncate -s -1`: the deck reveal (seq 183) is whole, only its newline is gone
    replay = lifeboat("replay", game)
    assert replay.returncode == 4, replay.stderr
    assert f"{game}:184: line 184, the last line, only lacks its final newline (the line is whole: its hash and " \
           "the chain check); repair writes a clean copy beside the file (and keeps the file) that adds it" \
        in replay.stderr, replay.stderr
    assert f"run: lifeboat repair {game}" in replay.stderr
    audit = lifeboat("audit", game)
    assert audit.returncode == 5, audit.stdout
    assert "line   184  structure [JOURNAL-CORRUPT]  line 184, the last line, only lacks its final newline" \
        in audit.stdout, audit.stdout
    assert "every draw checked against the revealed deck orders (CHANCE-2)" in audit.stdout  # seq 183 was read
    repaired = lifeboat("repair", game)
    assert repaired.returncode == 0, repaired.stderr
    assert f"wrote a clean copy to {tmp_path / 't.clean.jsonl'} (line 184, the last, kept whole and given the " \
           "newline it lacked); every line and the hash chain check, last seq 183" in repaired.stdout, repaired.stdout
    assert game.read_bytes() == whole[:-1]  # the file is kept as it was, nothing cut, no side file
    assert (tmp_path / "t.clean.jsonl").read_bytes() == whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.clean.jsonl", "t.jsonl"]
    assert lifeboat("audit", tmp_path / "t.clean.jsonl").returncode == 0


def test_a_whole_last_line_ending_in_cr_without_its_lf_is_kept(tmp_path: Path) -> None:
    whole = EXAMPLE.read_bytes()
    crlf = tmp_path / "c.jsonl"
    crlf.write_bytes(whole.replace(b"\n", b"\r\n")[:-1])  # a CR LF journal whose last LF is gone
    repaired = lifeboat("repair", crlf)
    assert repaired.returncode == 0, repaired.stderr
    assert "(without CR before the newline of 183 lines, the CR that ends the last line 184 in place of its " \
           "newline; line 184, the last, kept whole and given the newline it lacked); every line and the hash " \
           "chain check, last seq 183" in repaired.stdout, repaired.stdout
    assert (tmp_path / "c.clean.jsonl").read_bytes() == whole
    game = tmp_path / "t.jsonl"
    game.write_bytes(whole[:-1] + b"\r")  # the same after dos2unix: the lone CR at the end is left
    replay = lifeboat("replay", game)
    assert replay.returncode == 4, replay.stderr
    assert f"{game}:184: line 184, the last line, ends in CR without its LF (the line is whole: its hash and the " \
           "chain check once the CR is dropped); repair writes a clean copy beside the file (and keeps the file) " \
           "that drops the CR and adds the newline" in replay.stderr, replay.stderr
    audit = lifeboat("audit", game)
    assert "line   184  structure [JOURNAL-CORRUPT]  line 184, the last line, ends in CR without its LF" \
        in audit.stdout, audit.stdout
    assert "every draw checked against the revealed deck orders (CHANCE-2)" in audit.stdout  # seq 183 was read
    repaired = lifeboat("repair", game)
    assert repaired.returncode == 0, repaired.stderr
    assert "(without the CR that ends the last line 184 in place of its newline; line 184, the last, kept whole " \
           "and given the newline it lacked)" in repaired.stdout, repaired.stdout
    assert game.read_bytes() == whole[:-1] + b"\r"  # kept as it was: nothing cut, no side file
    assert (tmp_path / "t.clean.jsonl").read_bytes() == whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.clean.jsonl", "c.jsonl", "t.clean.jsonl", "t.jsonl"]


def test_a_truly_torn_last_line_is_still_cut(tmp_path: Path) -> None:
    whole = EXAMPLE.read_bytes()
    game = tmp_path / "t.jsonl"
    game.write_bytes(whole[:-2])  # the last line's closing brace is gone too: incomplete
    repaired = lifeboat("repair", game)
    assert repaired.returncode == 0, repaired.stderr
    assert f"{game}: cut the torn line 184" in repaired.stdout and "ends at seq 182" in repaired.stdout
    last = whole[:-1].rfind(b"\n") + 1
    assert game.read_bytes() == whole[:last] and (tmp_path / "t.jsonl.torn-1").read_bytes() == whole[last:-2]


def test_every_journal_the_program_writes_is_its_owner_s_only(tmp_path: Path) -> None:
    # line 2 of a digital game deals every LOVE, HATE and first hand: the journal is as secret as the deck file
    players = ("--players", "Ann,Bob,Cy,Dee")
    made = {"new": lifeboat("new", tmp_path / "new.jsonl", *players),
            "play --players": lifeboat("play", tmp_path / "play.jsonl", *players, "--bots", "all", "--seed", 3),
            "record --players": lifeboat("record", tmp_path / "record.jsonl", *players, stdin="quit\n"),
            "fork -o": lifeboat("fork", EXAMPLE, "--at", 40, "-o", tmp_path / "fork.jsonl")}
    for command, done in made.items():
        assert done.returncode == 0, (command, done.stdout, done.stderr)
    unended = tmp_path / "unended.jsonl"  # repair's clean copy
    shutil.copyfile(EXAMPLE, unended)
    os.truncate(unended, unended.stat().st_size - 1)
    torn = tmp_path / "torn.jsonl"  # repair's side file keeps the torn bytes
    shutil.copyfile(EXAMPLE, torn)
    os.truncate(torn, torn.stat().st_size - 9)
    for path in (unended, torn):
        assert lifeboat("repair", path).returncode == 0
    written = sorted(p.name for p in tmp_path.iterdir() if mode(p) != "0o600")
    assert written == ["torn.jsonl", "unended.jsonl"]  # the test's own copies; every file the program wrote is 0600
    assert {p.name for p in tmp_path.iterdir()} >= {
        "new.jsonl", "new.jsonl.deck.json", "play.jsonl", "record.jsonl", "fork.jsonl", "unended.clean.jsonl",
        "torn.jsonl.torn-1"}


def test_an_exported_journal_is_its_owner_s_only(postgres_url: str, postgres_schema: str, tmp_path: Path) -> None:
    store = ("--store", postgres_url, "--schema", postgres_schema)
    imported = lifeboat("import", EXAMPLE, *store)
    assert imported.returncode == 0, imported.stderr
    game_id = EXAMPLE.read_text(encoding="utf-8").split('"game_id":"', 1)[1].split('"', 1)[0]
    out = tmp_path / "out.jsonl"
    exported = lifeboat("export", game_id, "-o", out, *store)
    assert exported.returncode == 0, exported.stderr
    assert out.read_bytes() == EXAMPLE.read_bytes() and mode(out) == "0o600"


def test_an_empty_receipt_file_is_refused_saying_what_a_receipt_is(tmp_path: Path) -> None:
    empty, comments = tmp_path / "er.txt", tmp_path / "comments.txt"
    empty.write_bytes(b"")
    comments.write_text("# Ann's receipt, to paste here\n\n", encoding="utf-8")
    for receipts in (empty, comments):
        audit = lifeboat("audit", EXAMPLE, "--receipt", receipts)
        assert (audit.returncode, audit.stdout) == (2, ""), (audit.stdout, audit.stderr)
        assert audit.stderr == (
            f"lifeboat: --receipt {receipts}: the file holds no receipt (it is empty, or only blank lines and # "
            "comments); give a receipt token (LBR1.<game id>.<seq>.<seat>.<32 hex>.<16 hex>) or a file of them, one "
            "per line, as 'lifeboat receipt GAME.jsonl --as SEAT' prints them\n")


def test_a_path_that_is_no_journal_file_is_named_as_what_it_is(tmp_path: Path) -> None:
    game = tmp_path / "b.jsonl"
    shutil.copyfile(EXAMPLE, game)
    (tmp_path / "loop.jsonl").symlink_to("loop.jsonl")
    os.mkfifo(tmp_path / "fifo.jsonl")  # nobody writes to it: opening it for reading would wait for ever
    said = {
        ("audit", game, "--receipt", tmp_path): (2, f"--receipt {tmp_path}: a directory; give a receipt token"),
        ("audit", game, "--parent", tmp_path): (2, f"--parent {tmp_path}: a directory (expected the parent game's "
                                                   "journal file"),
        ("audit", game, "--receipt", "fifo.jsonl"): (2, "--receipt fifo.jsonl: a named pipe (FIFO), not a regular "
                                                        "file; give a receipt token"),
        ("new", "b.jsonl/x.jsonl", "--players", "Ann,Bob,Cy,Dee"): (4, "b.jsonl/x.jsonl: b.jsonl is a file, not a "
                                                                      "folder; choose another folder"),
        ("replay", ""): (2, "lifeboat: GAME: an empty file name (''); name a file, e.g. game.jsonl"),
        ("audit", game, "--parent", ""): (2, "lifeboat: --parent: an empty file name ('')"),
        ("replay", "b.jsonl/x.jsonl"): (4, "lifeboat: b.jsonl/x.jsonl: no such file: b.jsonl is a file, not a folder"),
        ("replay", "loop.jsonl"): (4, "lifeboat: loop.jsonl: cannot read the journal: a loop of symbolic links"),
        ("audit", "loop.jsonl"): (4, "loop.jsonl: cannot be audited: loop.jsonl: cannot read the journal: a loop of "
                                     "symbolic links"),
    }
    for command in ("replay", "audit", "show", "score", "repair"):  # as 'show /dev/null' says it
        said[(command, "fifo.jsonl")] = (4, "fifo.jsonl: not a journal file (expected a regular file holding a "
                                            "lifeboat-journal; found a named pipe (FIFO))")
    for (args, (code, words)), done in zip(said.items(), run_many(*said, cwd=tmp_path)):  # a hang: TimeoutExpired
        out = done.stdout + done.stderr
        assert (done.returncode, words in out) == (code, True), (args, out)
        assert "internal error" not in out and "no such file (give" not in out
    assert not (tmp_path / "b.jsonl" / "x.jsonl").exists() and game.read_bytes() == EXAMPLE.read_bytes()


def test_a_file_name_too_long_for_the_file_system_is_named_never_an_internal_error(tmp_path: Path) -> None:
    game = tmp_path / "b.jsonl"
    shutil.copyfile(EXAMPLE, game)
    long = "x" * 260 + ".jsonl"  # 266 bytes in one name: ENAMETOOLONG (Errno 36), which Path.exists raises
    too_long = "a file name too long for the file system (266 bytes in one name; at most 255)"
    players = ("--players", "Ann,Bob,Cy,Dee")
    said = {
        ("new", long, *players): (4, f"{long}: {too_long}"),
        ("audit", long): (4, f"{long}: {too_long}"),
        ("audit", game, "--parent", long): (2, f"--parent {long}: {too_long}"),
        ("audit", game, "--receipt", long): (2, f"--receipt {long}: {too_long}"),
        ("play", long, *players, "--bots", "all"): (4, f"{long}: {too_long}"),
        ("record", long, *players): (4, f"{long}: {too_long}"),
        ("fork", game, "--at", 3, "-o", long): (4, f"--output {long}: {too_long}"),
        ("replay", game, "--html", long[:-6] + ".html"): (2, f"--html {long[:-6]}.html: a file name too long for "
                                                             "the file system (265 bytes"),  # an output: docs/cli.md
        ("replay", long): (4, f"{long}: {too_long}"),
        ("show", long): (4, f"{long}: {too_long}"),
        ("cards", long): (4, f"{long}: {too_long}"),
        ("repair", long): (4, f"{long}: {too_long}"),
    }
    for (args, (code, words)), done in zip(said.items(), run_many(*said, cwd=tmp_path)):
        out = done.stdout + done.stderr
        assert (done.returncode, words in out) == (code, True), (args[:2], out)
        assert "internal error" not in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.jsonl"]  # nothing written


def test_a_journal_name_the_file_system_allows_makes_a_game_or_is_refused_for_its_deck_file(tmp_path: Path) -> None:
    allowed = "z" * 230 + ".jsonl"  # 236 bytes; its temporary file's name (.NAME.PID.HEX.tmp) would not be
    made = lifeboat("new", allowed, "--players", "Ann,Bob,Cy,Dee", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert lifeboat("audit", allowed, cwd=tmp_path).returncode == 0
    deckless = "y" * 240 + ".jsonl"  # 246 bytes: allowed, but NAME.deck.json (256) is not
    for args in (("new", deckless, "--players", "Ann,Bob,Cy,Dee"), ("fork", allowed, "--at", 3, "-o", deckless)):
        refused = lifeboat(*args, cwd=tmp_path)
        assert (refused.returncode, refused.stdout) == (4, ""), refused.stderr
        assert refused.stderr == (
            f"lifeboat: {deckless}: its deck file {deckless}.deck.json would be a file name too long for the file "
            "system (256 bytes in one name; at most 255); choose a journal name of at most 245 bytes (the deck "
            "file's name adds 10; nothing was written)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [allowed, allowed + ".deck.json"]


def test_a_folder_that_exists_but_cannot_be_written_is_named_as_such(tmp_path: Path) -> None:
    """``fork -o /proc/f.jsonl`` said "/proc: the directory does not exist": it exists, but no file can be made
    there. It now says it cannot be written there, why, and to choose another folder; a folder that truly does not
    exist is still named as missing."""
    game = tmp_path / "g.jsonl"
    shutil.copy(EXAMPLE, game)
    done = lifeboat("fork", game, "--at", 3, "-o", "/proc/f.jsonl")
    assert (done.returncode, done.stdout, done.stderr) == (4, "", (
        "lifeboat: /proc/f.jsonl: cannot create the journal: /proc cannot be written (its file system makes no new "
        "files there, as /proc does); choose another folder\n"))
    missing = lifeboat("fork", game, "--at", 3, "-o", tmp_path / "nope" / "f.jsonl")
    assert missing.returncode == 4 and f"the folder {tmp_path / 'nope'} does not exist" in missing.stderr
    if os.geteuid() != 0:  # root writes in any folder, whatever its mode
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        denied = lifeboat("fork", game, "--at", 3, "-o", locked / "f.jsonl")
        assert (denied.returncode, denied.stderr) == (4, (
            f"lifeboat: {locked / 'f.jsonl'}: cannot create the journal: {locked} cannot be written (permission "
            "denied); choose another folder\n"))
