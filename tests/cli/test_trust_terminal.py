"""Issue 13, item 7: Ctrl-C in ``lifeboat play`` leaves no seat's secrets on a shared screen, and the resume hint
keeps ``--bots`` (following it does not turn bot seats into human seats). Driven through a real pty (pexpect); the
screen left behind is rendered by a terminal emulator (pyte)."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pyte
from tests.helpers import EXE, run

ENV = {**os.environ, "TERM": "xterm", "COLUMNS": "160", "LINES": "50"}
ROWS, COLS = 50, 160
ROOT = Path(__file__).resolve().parents[2]


def spawn(args: list[str], raw: io.StringIO) -> pexpect.spawn:
    child = pexpect.spawn(EXE, args, encoding="utf-8", timeout=30, dimensions=(ROWS, COLS), env=ENV)
    child.logfile_read = raw
    return child


def ann_at_the_hotseat(game: Path, raw: io.StringIO) -> pexpect.spawn:
    """``lifeboat play`` of a new seeded game, Ann human and the other seats bots, past 'Pass the keyboard to Ann'."""
    child = spawn(["play", str(game), "--players", "Ann,Bob,Cy,Dee", "--bots", "Bob,Cy,Dee", "--seed", "5"], raw)
    child.expect(r"Pass the keyboard to Ann")
    child.sendline("")
    return child


def screen_after(raw: str) -> str:
    screen = pyte.Screen(COLS, ROWS)
    pyte.Stream(screen).feed(raw)
    return "\n".join(screen.display)


def test_ctrl_c_clears_the_hand_and_the_hint_keeps_the_bots(tmp_path: Path) -> None:
    game = tmp_path / "hot.jsonl"
    raw = io.StringIO()
    child = ann_at_the_hotseat(game, raw)
    child.expect(r"Your hand: ")
    child.expect(r"Your choice \(1-")
    assert "LOVE: " in raw.getvalue()  # Ann's secrets were on the screen
    assert "Seeded game (--seed 5): anyone who knows or guesses the seed can predict every card." in raw.getvalue()
    child.sendintr()  # Ctrl-C
    child.expect(r"Saved\. Resume with: (.+?)\r?\n")
    hint = child.match.group(1).strip()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    out = raw.getvalue()
    # the visible screen shows no hand, LOVE or HATE; the scrollback was cleared (ESC [3J) after the last hand
    shown = screen_after(out)
    assert "Your hand" not in shown and "LOVE" not in shown and "HATE" not in shown
    assert "Saved. Resume with:" in shown
    assert out.rfind("\x1b[3J") > out.rfind("Your hand")
    assert hint == f"lifeboat play {shlex.quote(str(game))} --bots Bob,Cy,Dee"

    # following the hint: Bob, Cy and Dee are still bots (only Ann is asked), and they play on their own
    before = len(game.read_text().splitlines())
    raw2 = io.StringIO()
    child = spawn(shlex.split(hint)[1:], raw2)
    child.expect(r"Pass the keyboard to (\w+)")
    assert child.match.group(1) == "Ann"
    child.sendline("")
    child.expect(r"Your choice \(1-")
    child.sendline("1")
    child.expect(r"(Pass the keyboard to \w+|Your choice \(1-)")
    assert "Pass the keyboard" not in child.match.group(1)  # no other human seat
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    actors = [json.loads(line)["actor"] for line in game.read_text().splitlines()[before:]]
    assert actors[0] == "Ann" and {"Bob", "Cy", "Dee"} & set(actors[1:])


def expect_or_say(child: pexpect.spawn, pattern: str, raw: io.StringIO) -> None:
    """``child.expect(pattern)``; when it times out, the failure says what the terminal showed and where the process
    was: alive or not, the kernel function it waits in (``wchan``: ``n_tty_read`` or ``wait_woken`` is a read of the
    terminal) and its signal masks (``SigIgn``/``SigCgt``/``SigPnd``: bit 2 is SIGINT), so a flake under load tells
    its cause."""
    try:
        child.expect(pattern)
    except pexpect.TIMEOUT:
        where = ""
        if child.isalive():
            proc = Path(f"/proc/{child.pid}")
            status = [line for line in (proc / "status").read_text().splitlines()
                      if line.startswith(("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"))]
            where = f"wchan {(proc / 'wchan').read_text()!r}; " + "; ".join(status)
        raise AssertionError(f"no {pattern!r} within {child.timeout} s (alive: {child.isalive()}; {where}); the "
                             f"terminal showed:\n{raw.getvalue()[-2000:]}") from None


def deal_the_characters(child: pexpect.spawn, raw: io.StringIO) -> None:
    """Answer ``record``'s setup questions (each player's character) and wait for its first prompt."""
    for player, answer in (("Ann", "captain"), ("Bob", "frenchy"), ("Cy", "kid"), ("Dee", "lauren")):
        expect_or_say(child, f"{player}'s character: ", raw)
        child.sendline(answer)
    expect_or_say(child, "> ", raw)


def interrupt(child: pexpect.spawn, saved: str, raw: io.StringIO) -> None:
    """Ctrl-C; then ``saved`` (a pattern) is said and the command ends with status 0."""
    child.sendintr()
    expect_or_say(child, saved, raw)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_saves_even_when_the_launcher_ignored_sigint(tmp_path: Path) -> None:
    """A process started by a script's ``… &`` (or a test runner started that way) inherits an ignored SIGINT;
    Ctrl-C at the terminal still saves and stops ``play`` and ``record``, and ends ``replay --step`` (it once
    echoed "^C" and waited)."""

    def ignore_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    game = tmp_path / "hot.jsonl"
    raw = io.StringIO()
    child = pexpect.spawn(EXE, ["play", str(game), "--players", "Ann,Bob,Cy,Dee", "--bots", "Bob,Cy,Dee"],
                          encoding="utf-8", timeout=30, dimensions=(ROWS, COLS), env=ENV, preexec_fn=ignore_sigint)
    child.logfile_read = raw
    expect_or_say(child, r"Pass the keyboard to Ann", raw)
    interrupt(child, r"Saved\. Resume with: ", raw)

    rec = tmp_path / "rec.jsonl"
    raw = io.StringIO()
    child = pexpect.spawn(EXE, ["record", str(rec), "--players", "Ann,Bob,Cy,Dee"], encoding="utf-8", timeout=30,
                          dimensions=(ROWS, COLS), env=ENV, preexec_fn=ignore_sigint)
    child.logfile_read = raw
    deal_the_characters(child, raw)
    interrupt(child, r"Saved to .*Resume with: lifeboat record ", raw)

    child = pexpect.spawn(EXE, ["replay", str(rec), "--step"], encoding="utf-8", timeout=30,
                          dimensions=(ROWS, COLS), env=ENV, preexec_fn=ignore_sigint)
    child.expect("> ")
    child.sendintr()
    child.expect(pexpect.EOF)
    assert child.before.endswith("\r\n")  # the line is ended: the shell's prompt does not follow '> ^C'
    child.close()
    assert child.exitstatus == 130  # stopped by Ctrl-C, as a shell says it


NOT_LOOKING = """import signal, sys, threading, time
threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()  # SIGINT unblocked: the kernel picks it
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
from cli.entry import main
sys.argv = ["lifeboat", *sys.argv[1:]]
main()
"""


def not_looking(args: list[str], raw: io.StringIO) -> pexpect.spawn:
    """The CLI (``lifeboat ARGS``, in a Python whose main thread blocks SIGINT and whose other thread sleeps) where a
    Ctrl-C always arrives as it once did by chance under load (issue 27): Python's C-level handler notes it while the
    main thread is not looking at its note, and the main thread then waits for the terminal, which nothing wakes
    (``sys.stdin.readline()`` waited until the next Enter). There the chance was a preemption just before the read
    system call; here the signal goes to the other thread, every time."""
    child = pexpect.spawn(sys.executable, ["-c", NOT_LOOKING, *args], encoding="utf-8", timeout=30,
                          dimensions=(ROWS, COLS), env=ENV)
    child.logfile_read = raw
    return child


def test_a_ctrl_c_noted_before_the_wait_still_saves(tmp_path: Path) -> None:
    """``record`` and ``play`` wait for a line and for Ctrl-C together (cli.terminal.read_line): a Ctrl-C noted
    before the wait began ends it at once, and the session saves and says so."""
    rec = tmp_path / "rec.jsonl"
    raw = io.StringIO()
    child = not_looking(["record", str(rec), "--players", "Ann,Bob,Cy,Dee"], raw)
    deal_the_characters(child, raw)
    interrupt(child, r"Saved to .*Resume with: lifeboat record ", raw)
    assert len(rec.read_text().splitlines()) == 2  # the header and the deal: what was accepted is kept

    game = tmp_path / "hot.jsonl"
    raw = io.StringIO()
    child = not_looking(["play", str(game), "--players", "Ann,Bob,Cy,Dee", "--bots", "Bob,Cy,Dee"], raw)
    expect_or_say(child, r"Pass the keyboard to Ann", raw)
    child.sendline("")
    expect_or_say(child, r"Your choice \(1-", raw)
    interrupt(child, r"Saved\. Resume with: ", raw)
    assert "Your hand" not in screen_after(raw.getvalue())  # cleared first, as after any Ctrl-C


# The executable's entry point, with a Ctrl-C sent by the process to itself as a module starts loading (an audit
# hook sees each import as it begins): the moments a user's early Ctrl-C once hit by chance, here every time
WHILE_LOADING = """import os, signal, sys
module, sent = sys.argv.pop(1), []
def hook(event, args):
    if event == "import" and args[0] == module and not sent:
        sent.append(True)
        os.kill(os.getpid(), signal.SIGINT)
sys.addaudithook(hook)
from cli.entry import main
sys.argv = ["lifeboat", *sys.argv[1:]]
main()
"""


def test_a_ctrl_c_while_the_command_loads_ends_it_quietly() -> None:
    """Issue 27: a Ctrl-C in the first tenth of a second printed a KeyboardInterrupt traceback; now the process ends
    at once with 130 and says nothing (nothing was read or written yet): while ``cli.app`` loads typer, while its
    ``main`` loads the terminal helpers before Typer takes Ctrl-C over, and while the command's module loads."""
    for module in ("typer", "cli.terminal", "cli.cmd_replay"):
        done = subprocess.run([sys.executable, "-c", WHILE_LOADING, module, "replay", "docs/examples/four-players.jsonl"],
                              capture_output=True, text=True, timeout=60, cwd=ROOT,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        assert (done.returncode, done.stdout, done.stderr) == (130, "", ""), module


def test_a_refusal_stays_on_the_redrawn_screen_naming_the_card(tmp_path: Path) -> None:
    """A typed line the rules refuse was said, then the screen was cleared (ESC [2J ESC [3J) and drawn again without
    it; the reason now comes after the redraw, under the menu, with the card by its name (CARD-3) and the id after
    it, the rule id kept."""
    game = tmp_path / "hot.jsonl"
    raw = io.StringIO()
    child = ann_at_the_hotseat(game, raw)
    child.expect(r"Now: Keep one of: (.+?)\.\r\n")
    offered = child.match.group(1)
    child.expect(r"Your choice \(1-")
    face, card = next((f, c) for f, c in (("Jewels", "jewels"), ("Knife", "knife"), ("Parasol", "parasol"))
                      if f not in offered)
    before = game.read_bytes()
    child.sendline(f"keep {card}")
    said = f"Refused [PROV-2] {face} ({card}-1) is not among the cards offered to you (nothing was decided)"
    child.expect(re.escape(said))
    child.expect(r"Your choice \(1-")
    out = raw.getvalue()
    assert out.rfind(said) > out.rfind("\x1b[3J") > out.find(f"keep {card}")  # said after the last clear
    shown = screen_after(out)
    assert said in shown and "Your hand: " in shown
    assert game.read_bytes() == before
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()


def test_another_program_writing_the_game_leaves_no_hand_on_the_screen(tmp_path: Path) -> None:
    """Ann sits at her menu while another program appends to the game (here a note); her choice then stops play with
    exit 4 ("another program wrote…"), which is safe, but her hand and menu stayed on the screen and in the
    scrollback. They are cleared first, as Ctrl-C and Ctrl-D clear them."""
    game = tmp_path / "c.jsonl"
    raw = io.StringIO()
    child = ann_at_the_hotseat(game, raw)
    child.expect(r"Your choice \(1-")
    assert run("annotate", game, "meanwhile", "--at", "1").returncode == 0
    child.sendline("1")
    child.expect(r"another program wrote to this game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 4
    out = raw.getvalue()
    assert out.rfind("\x1b[3J") > out.rfind("Your hand")  # the scrollback was cleared after the last hand
    shown = screen_after(out)
    assert "Your hand" not in shown and "LOVE" not in shown and "HATE" not in shown
    assert "lifeboat: " in shown and "another program wrote to this game" in shown
