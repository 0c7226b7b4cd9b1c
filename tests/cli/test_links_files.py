"""``lifeboat links FILE`` reads its file as ``lifeboat replay`` does (docs/cli.md, exit codes): a missing file, a
directory, a named pipe, an empty, binary or junk file, the dealer's deck file given for its journal and a journal
with a torn last line are journal problems, exit 4, each said in the very words ``replay`` says it, in English and
under ``--lang zh``; the deck file is named as such and nothing of it is printed. A game that is fine but was never
served is exit 2 (nothing to show, as ``score`` of an unfinished game), and ``links`` never writes the journal.

Every command runs in a child process with a deadline (:func:`tests.forks.run`): a reader that opened the named
pipe would wait for a writer for ever, and the test would fail on the deadline instead of hanging."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests import forks
from tests.helpers import EXE

KINDS = ("missing", "directory", "fifo", "empty", "binary", "junk", "deck", "torn")


def lifeboat(*args: object) -> subprocess.CompletedProcess[str]:
    """``lifeboat ARGS``, as a user runs it; 20 s at most (a wait on the named pipe: TimeoutExpired)."""
    return forks.run(EXE, [str(a) for a in args], timeout=20)


def bad_files(tmp_path: Path, game: Path) -> dict[str, Path]:
    """One file of each kind in ``KINDS`` (the deck file is the one ``new`` wrote beside ``game``)."""
    files = {kind: tmp_path / f"{kind}.jsonl" for kind in KINDS}
    files["directory"].mkdir()
    os.mkfifo(files["fifo"])  # nobody ever writes to it
    files["empty"].write_bytes(b"")
    files["binary"].write_bytes(bytes(range(256)))
    files["junk"].write_text("# my notes\nnot a game at all\n", encoding="utf-8")
    files["deck"] = game.with_name(game.name + ".deck.json")
    files["torn"].write_bytes(game.read_bytes() + b'{"seq":')  # a crash during a write
    return files


def test_links_says_what_replay_says_of_every_file_that_is_no_journal(tmp_path: Path) -> None:
    game = tmp_path / "game.jsonl"
    made = lifeboat("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", 7)
    assert made.returncode == 0, made.stderr
    for kind, path in bad_files(tmp_path, game).items():
        for lang in ("en", "zh"):
            links, replay = lifeboat("links", path, "--lang", lang), lifeboat("replay", path, "--lang", lang)
            assert (replay.returncode, replay.stdout) == (4, ""), (kind, lang, replay.stderr)
            said = replay.stderr.replace("lifeboat replay", "lifeboat links")  # none of them names it, so far
            assert (links.returncode, links.stdout, links.stderr) == (4, "", said), (kind, lang)
            assert links.stderr.startswith(f"lifeboat: {path}") and links.stderr.count("\n") == 1, (kind, lang)
            assert "[JOURNAL]" not in links.stderr and "Traceback" not in links.stderr, (kind, lang)


def test_each_kind_is_named_as_what_it_is(tmp_path: Path) -> None:
    game = tmp_path / "game.jsonl"
    assert lifeboat("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", 7).returncode == 0
    deck = game.with_name("game.jsonl.deck.json").read_text(encoding="utf-8")
    files = bad_files(tmp_path, game)
    said = {kind: lifeboat("links", path).stderr for kind, path in files.items()}
    zh = {kind: lifeboat("links", path, "--lang", "zh").stderr for kind, path in files.items()}
    assert said["missing"] == f"lifeboat: {files['missing']}: no such file\n"
    assert zh["missing"] == f"lifeboat: {files['missing']}：没有这个文件\n"
    assert said["directory"].startswith(f"lifeboat: {files['directory']}: is a directory, expected a journal file")
    assert said["fifo"] == (f"lifeboat: {files['fifo']}: not a journal file (expected a regular file holding a "
                            "lifeboat-journal; found a named pipe (FIFO))\n")
    assert said["empty"] == f"lifeboat: {files['empty']}: the file is empty, expected a lifeboat-journal\n"
    assert said["binary"].startswith(f"lifeboat: {files['binary']}:1: not a text journal")
    assert said["junk"].startswith(f"lifeboat: {files['junk']}:1: not a lifeboat journal: line 1 is not JSON")
    assert said["deck"] == (f"lifeboat: {files['deck']}: this is the dealer's deck file of {game} (it holds the deck "
                            f"orders; keep it secret), not a journal; give the journal {game}\n")
    assert zh["deck"] == (f"lifeboat: {files['deck']}：这是{game}的发牌者牌堆文件（它保存着牌堆顺序；请保密），不是日志；"
                          f"请给出日志{game}\n")
    orders = json.loads(deck)  # nothing of the dealer's secret: no character, LOVE, HATE, card or salt of it
    secret = {orders.pop("salt"), *(name for names in orders.values() for name in names)}
    assert secret and not [name for name in secret if name in said["deck"] + zh["deck"]]
    assert said["torn"].endswith(f" — run: lifeboat repair {files['torn']}\n")


def test_a_game_never_served_is_exit_2_and_links_writes_nothing(tmp_path: Path) -> None:
    game = tmp_path / "game.jsonl"
    assert lifeboat("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", 7).returncode == 0
    before = game.read_bytes()
    done = lifeboat("links", game)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"lifeboat: {game}: no links were given for this game yet; serve it (lifeboat serve) to "
                           "give them\n")
    assert game.read_bytes() == before and not game.with_name("game.jsonl.serve.json").exists()


def test_a_named_pipe_for_the_deck_file_or_the_links_file_is_refused_never_waited_on(tmp_path: Path) -> None:
    """Beside the journal, the dealer's deck file (read by ``links``, ``play`` and ``serve``) and the served game's
    links file are read only when they are regular files: a named pipe there is said as one, exit 4."""
    game = tmp_path / "game.jsonl"
    assert lifeboat("new", game, "--players", "Ann,Bob,Cy,Dee", "--seed", 7).returncode == 0
    links_file = tmp_path / "game.jsonl.serve.json"
    os.mkfifo(links_file)
    done = lifeboat("links", game)
    assert (done.returncode, done.stdout) == (4, "")
    assert done.stderr == (f"lifeboat: {links_file}: not the links of a served game (a named pipe (FIFO)); move it "
                           "away to issue new links\n")
    links_file.unlink()
    deck = tmp_path / "game.jsonl.deck.json"
    deck.unlink()
    os.mkfifo(deck)
    for command in (("links", game), ("play", game)):
        done = lifeboat(*command)
        assert (done.returncode, done.stderr) == (4, f"lifeboat: {deck}: the deck file is not deck orders (a named "
                                                     "pipe (FIFO)) (expected the dealer's deck orders written by "
                                                     "'lifeboat new')\n"), command
