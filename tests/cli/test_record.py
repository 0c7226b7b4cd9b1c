"""``lifeboat record`` driven through stdin, as at a real table (REC-1, REC-2, POS-1, PROC-1).

The game below is the one of the tutorial, docs/recording.md (a test checks that the tutorial types exactly these
lines): four players, every hidden card entered as ``?``, the navigation cards named when they are turned up, the
hands and LOVE/HATE named at the end. Every run goes through the installed ``lifeboat`` executable.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import journal
from lifeboat.service import final_state
from lifeboat.state import State
from tests.helpers import refusals, run, run_many

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = "Ann,Bob,Cy,Dee"
EPISODE_B = ROOT / "docs" / "examples" / "episode-b.position.toml"

SETUP = """\
chance: deal ann = captain love ? hate ? ?; bob = kid love ? hate ? ?; cy = lauren love ? hate ? ?; dee = frenchy love ? hate ? ?; removed 10 ?
"""
ROUND_1 = """\
chance: draw ? ? ? ?
lauren: keep ?
captain: keep ?
frenchy: keep ?
kid: keep ?
lauren: do nothing
captain: row
chance: nav ? ?
captain: stack 1 bottom 1
frenchy: mug kid hand
kid: refuse
close
chance: take ?
kid: mug lauren hand
chance: take ?
kid: choose 31
close
lauren: water captain
close
"""
ROUND_2 = """\
chance: draw ? ? ?
lauren: keep ?
captain: keep ?
frenchy: keep ?
lauren: do nothing
captain: row
undo
captain: mug lauren hand
lauren: refuse
close
chance: take ?
frenchy: do nothing
chance: nav 30
close
"""
ROUND_3 = """\
chance: draw ? ?
captain: keep ?
frenchy: keep ?
captain: fire flare gun
chance: nav 21 23 25
"""
END = """\
hands
recorder: ?p16 is cash
recorder: ?p20 is cash
recorder: ?p19 is painting(2)
recorder: ?p22 is water
recorder: ?p18 is jewels
recorder: ?p13 is jewels
recorder: ?p14 is painting(3)
recorder: ?p17 is cash
recorder: ?p12 is oar
recorder: ?p21 is knife
recorder: ?p23 is chum
recorder: captain love kid hate frenchy
recorder: kid love captain hate lauren
recorder: lauren love frenchy hate kid
recorder: frenchy love lauren hate captain
"""
GAME = SETUP + ROUND_1 + ROUND_2 + ROUND_3 + END

# By hand (SCORE-1, SCORE-2). Land is sighted: Lady Lauren (unconscious), the Captain and Frenchy survive; the Kid
# died in the boat (a body: his treasure still counts).
#   Ann, Captain:  survival 5 + treasure (2 cash doubled = 4, painting 2) 6 + LOVE Kid (dead) 0 + HATE Frenchy 0 = 11
#   Bob, Kid:      survival 0 + treasure (2 jewels) 4 + LOVE Captain 5 + HATE Lauren (alive) 0              = 9
#   Cy, Lauren:    survival 8 + treasure 0 + LOVE Frenchy 6 + HATE Kid (dead: his size) 3                     = 17
#   Dee, Frenchy:  survival 6 + treasure (painting 3, cash 1) 4 + LOVE Lauren 8 + HATE Captain 0             = 18
SCORES = {
    "Ann": (5, 6, 0, 0, 11),
    "Bob": (0, 4, 5, 0, 9),
    "Cy": (8, 0, 6, 3, 17),
    "Dee": (6, 4, 8, 0, 18),
}


def record(game: Path, stdin: str, *args: object) -> subprocess.CompletedProcess[str]:
    return run("record", game, *args, stdin=stdin)


def upto(line: str, text: str = GAME) -> str:
    """The lines of ``text`` before the first one equal to ``line``."""
    lines = text.splitlines(keepends=True)
    return "".join(lines[:[x.strip() for x in lines].index(line)])


def started(tmp_path: Path, text: str, name: str = "g.jsonl") -> Path:
    """A recording of ``text`` from setup, every line accepted."""
    game = tmp_path / name
    done = record(game, text, "--players", PLAYERS)
    assert done.returncode == 0, done.stdout + done.stderr
    return game


def decisions(game: Path) -> list[tuple]:
    return [(c.actor, c.command, c.events) for c in journal.read(game)]


def state(game: Path) -> State:
    return final_state(game)


# ---- a full game ------------------------------------------------------------------------------------------------


def test_a_full_game_recorded_from_setup_with_public_knowledge_only(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    done = record(game, GAME, "--players", PLAYERS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert refusals(done.stdout) == []
    out = done.stdout
    # what the table is told after the navigation cards: wounds, thirst, who is now dead or unconscious
    assert "Overboard: Lady Lauren, the Captain, Frenchy and the Kid." in out
    assert "Thirst is counted: Lady Lauren is thirsty once, the Captain twice, Frenchy twice and the Kid twice." in out
    assert "  The Kid took 2 wounds (thirst).\n  The Kid is now dead (a body in the boat).\n" in out
    assert "  Lady Lauren took 1 wound (thirst).\n  Lady Lauren is now unconscious.\n" in out
    assert "A seagull: 4 out of 4." in out
    assert "withdrew decision" in out  # the slip in round 2
    # 'hands' told the recorder which placeholders to name
    assert "Ann (The Captain): hand ?p16 ?p20 ?p19 ?p22 · LOVE ? · HATE ?" in out
    assert "Dee (Frenchy): hand ?p14 ?p17 ?p12 ?p21 ?p23 · LOVE ? · HATE ?" in out

    final = state(game)
    assert final.over and final.seagulls == 4
    assert [final.status(c) for c in ("lady_lauren", "captain", "frenchy", "kid")] == [
        "unconscious", "conscious", "conscious", "dead"]
    assert final.char("captain").hand == ("cash-1", "cash-2", "painting-3", "water-2")
    assert (final.char("kid").love, final.char("kid").hate) == ("captain", "lady_lauren")
    assert final.discard == ("water-1", "flare_gun-1")

    score = run("score", game, "--json")
    assert score.returncode == 0, score.stderr
    data = json.loads(score.stdout)
    assert data["over"] is True and data["winners"] == ["Dee"]
    got = {s["player"]: (s["survival"], s["treasure"], s["love"], s["hate"], s["total"]) for s in data["scores"]}
    assert got == SCORES
    replay = run("replay", game)
    assert replay.returncode == 0, replay.stderr
    assert "Winner: Dee" in replay.stdout
    audit = run("audit", game, "--json")
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_the_tutorial_types_exactly_the_lines_of_this_game() -> None:
    """docs/recording.md follows this game: its ```text blocks, in order, are the lines of GAME."""
    doc = (ROOT / "docs" / "recording.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```text\n(.*?)^```", doc, flags=re.M | re.S)

    def typed(text: str) -> list[str]:
        return [x.strip() for x in text.splitlines() if x.strip() and not x.lstrip().startswith("#")]

    assert typed("".join(blocks)) == typed(GAME)


# ---- undo (REC-2) -----------------------------------------------------------------------------------------------


def test_undo_withdraws_the_last_decision_by_appending_a_correction(tmp_path: Path) -> None:
    before_row = started(tmp_path, upto("captain: row"), "a.jsonl")
    game = started(tmp_path, upto("captain: row") + "captain: row\nchance: nav ? ?\n", "b.jsonl")
    old = game.read_bytes()

    done = record(game, "undo\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"withdrew decision \d+ .*\n  \[round 1\] The Captain rowed; 2 navigation cards to draw", done.stdout)
    new = game.read_bytes()
    assert new.startswith(old) and len(new) > len(old)  # nothing deleted, nothing rewritten
    added = [json.loads(x) for x in new[len(old):].decode().splitlines()]
    assert [(x["actor"], x["command"]["type"]) for x in added] == [("recorder", "correction")]
    # the game goes on from before the draw: chance must draw again
    assert state(game) == state(started(tmp_path, upto("chance: nav ? ?"), "rowed.jsonl"))

    # two undos in a row: the draw was withdrawn, now the row, then Lady Lauren's 'do nothing'
    old = game.read_bytes()
    done = record(game, "undo\nundo\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("withdrew decision") == 2
    new = game.read_bytes()
    assert new.startswith(old) and len(new.splitlines()) == len(old.splitlines()) + 2
    assert state(game) == state(started(tmp_path, upto("lauren: do nothing"), "c.jsonl"))
    # replay tells the game from before it: the last table is the one before Lady Lauren acted
    table = json.loads(run("replay", game, "--json").stdout.splitlines()[-1])["table"]
    assert table["step"]["text"] == "Lady Lauren's action." and table["waiting_for"] == ["lady_lauren"]
    assert run("audit", game).returncode == 0

    # and the recording goes on: the row again, then the same game as if nothing had been undone
    done = record(game, "lauren: do nothing\ncaptain: row\n")
    assert done.returncode == 0
    assert state(game) == state(started(tmp_path, upto("chance: nav ? ?"), "d.jsonl"))
    assert state(before_row) != state(game)


def test_undo_after_close_withdraws_every_pass_of_that_line(tmp_path: Path) -> None:
    game = started(tmp_path, upto("close"))  # the fight: Frenchy against the Kid
    fight = state(game)
    done = record(game, "close\nundo\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"withdrew decisions \d+-\d+", done.stdout)
    assert state(game) == fight


def test_undo_with_nothing_to_undo_is_refused(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    done = record(game, "undo\n", "--players", PLAYERS)
    assert done.returncode == 3
    assert refusals(done.stdout) == ["line 1: refused [REC-2] there is no decision to undo (nothing was recorded)"]
    assert len(game.read_bytes().splitlines()) == 1  # the header only
    game = started(tmp_path, SETUP, "h.jsonl")
    done = record(game, "undo\nundo\n")
    assert done.returncode == 3
    assert "withdrew decision 1 " in done.stdout
    assert refusals(done.stdout) == ["line 2: refused [REC-2] there is no decision to undo (nothing was recorded)"]


def test_undo_never_reaches_further_back_than_replay_can_fold(tmp_path: Path) -> None:
    """Corrections reach only the last 64 decisions (REC-2): undoing more is refused, the journal stays sound."""
    game = started(tmp_path, GAME)  # 65 decisions and a correction
    count = len(list(journal.read(game)))
    assert count > 64
    done = record(game, "undo\n" * (count + 2))
    assert done.returncode == 3
    assert "only the last 64 decisions can be withdrawn" in done.stdout
    assert run("audit", game).returncode == 0
    assert record(game, "show\n").returncode == 0


# ---- a contradiction between unseen cards and a reveal (REC-1) --------------------------------------------------


def test_a_second_flare_gun_is_a_contradiction_that_names_where_the_first_is(tmp_path: Path) -> None:
    game = started(tmp_path, upto("lauren: do nothing") + "captain: reveal flare gun\n")
    assert state(game).char("captain").face_up == ("flare_gun-1",)
    old = game.read_bytes()
    done = record(game, "kid: reveal flare gun\n")  # the Kid holds two unseen cards
    assert done.returncode == 3
    assert refusals(done.stdout) == [
        "line 1: refused [REC-1] Flare Gun cannot be here: it is held by The Captain (nothing was recorded)"]
    assert game.read_bytes() == old


# ---- bad lines: refused, explained, and the journal byte for byte as before -------------------------------------


def test_every_kind_of_bad_line_is_refused_with_its_rule_and_changes_nothing(tmp_path: Path) -> None:
    game = started(tmp_path, upto("lauren: do nothing"))  # round 1, Lady Lauren's action
    cases = [
        ("captian: row", "NOTATION-1", ["unknown actor 'captian'", "did you mean 'captain'?"]),
        ("frenchy: heal c", "NOTATION-1", ["'c' could be captain, cash", "type one of: frenchy: heal captain |"]),
        ("kid: row", "ACT-1", ["it is Lady Lauren's action, not The Kid's"]),
        ("lauren: reveal banana", "NOTATION-1", ["unknown card 'banana'", "expected a provision"]),
        ("close", "PROC-1", ["no window is open"]),
        ("chance: draw ? ? ? ?", "CHANCE-1", ["no provisions are being drawn now"]),
        ("recorder: ?p99 is water", "NOTATION-1", ["there is no placeholder ?p99"]),
        # the scribe's form for unseen rowed cards, when nothing was rowed (it said "no navigation card '1'")
        ("lauren: stack 1 bottom 1", "NOTATION-1", ["there are no rowed navigation cards to place now"]),
    ]
    old = game.read_bytes()
    for (line, rule, words), done in zip(cases, run_many(*((("record", game), line + "\n") for line, _, _ in cases))):
        assert done.returncode == 3, (line, done.stdout)
        [refusal] = refusals(done.stdout)
        assert refusal.startswith(f"line 1: refused [{rule}] ") and refusal.endswith("(nothing was recorded)"), refusal
        for word in words:
            assert word in refusal, (line, refusal)
        assert "1 line(s) were refused" in done.stderr
    assert game.read_bytes() == old

    # a card already accounted for: the Flare Gun was fired; the recorder cannot name an unseen card as it
    over = started(tmp_path, SETUP + ROUND_1 + ROUND_2 + ROUND_3, "over.jsonl")
    old = over.read_bytes()
    done = record(over, "recorder: ?p16 is flare gun\n")
    assert done.returncode == 3
    assert refusals(done.stdout) == [
        "line 1: refused [REC-1] Flare Gun cannot be ?p16: it is in the discard pile (nothing was recorded)"]
    assert over.read_bytes() == old
    # ... nor a LOVE card twice
    assert record(over, "recorder: captain love kid hate frenchy\n").returncode == 0
    old = over.read_bytes()
    done = record(over, "recorder: lauren love kid hate captain\n")
    assert done.returncode == 3
    assert refusals(done.stdout) == [
        "line 1: refused [REC-1] another player already holds the LOVE card of The Kid (nothing was recorded)"]
    assert over.read_bytes() == old

    # an abbreviation that fits two characters (six players: the First Mate and Frenchy)
    six = tmp_path / "six.jsonl"
    done = record(six, "first mate: mug f hand\n", "--position", EPISODE_B)
    assert done.returncode == 3
    assert refusals(done.stdout) == [
        "line 1: refused [NOTATION-1] 'f' could be first mate or frenchy; type one of: first mate: mug first mate "
        "hand | first mate: mug frenchy hand (nothing was recorded)"]
    assert list(journal.read(six)) == []

    # good lines only: exit 0; one refused line among good ones: exit 3, the good ones recorded
    assert record(game, "lauren: do nothing\n").returncode == 0
    done = record(game, "captain: row\nkid: row\nchance: nav ? ?\n")
    assert done.returncode == 3 and len(refusals(done.stdout)) == 1
    assert state(game) == state(started(tmp_path, upto("captain: stack 1 bottom 1"), "same.jsonl"))


# ---- starting: positions, existing files, digital games -------------------------------------------------------


def test_a_bad_position_file_is_refused_and_writes_no_journal(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EPISODE_B.read_text().replace('hand = ["flare_gun", "?"]', 'hand = ["flare_gun", "banana"]'))
    game = tmp_path / "g.jsonl"
    done = record(game, "", "--position", bad)
    assert done.returncode == 3
    assert "[POS-1] sir_stephen.hand: 'banana' is not a card" in done.stderr
    at = bad.read_text().splitlines().index('hand = ["flare_gun", "banana"]') + 1
    assert done.stderr.startswith(f"lifeboat: {bad}:{at}: [POS-1] ")  # the file and line, as for any input file
    assert done.stderr.rstrip().endswith("fix the file (docs/position-format.md) and run the command again (nothing "
                                         "was written)")
    assert not game.exists()
    broken = tmp_path / "broken.toml"
    broken.write_text("phase = [\n")
    done = record(game, "", "--position", broken)  # a syntax error is a POS-1 refusal as a wrong field is: exit 3
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith(f"lifeboat: {broken}: [POS-1] not a valid position file: not TOML (")
    assert "fix the file (docs/position-format.md)" in done.stderr and not game.exists()
    for unreadable in (tmp_path / "missing.toml", tmp_path):  # a file that cannot be read: exit 4, as any input file
        done = record(game, "", "--position", unreadable)
        assert done.returncode == 4 and f"{unreadable}: cannot read the position file" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and not game.exists()


def test_position_or_players_on_an_existing_recording_is_refused(tmp_path: Path) -> None:
    game = started(tmp_path, SETUP)
    old = game.read_bytes()
    for args in (("--position", EPISODE_B), ("--players", PLAYERS), ("--option", "quick_game=on")):
        done = record(game, "", *args)
        assert done.returncode == 2
        assert done.stderr == (f"lifeboat: {game}: already exists; --position, --players, --option and --cards only "
                               "start a new recording (a recording keeps the options it started with)\n")
        assert game.read_bytes() == old


def test_a_digital_game_is_refused_with_a_pointer_to_play(tmp_path: Path) -> None:
    game = tmp_path / "d.jsonl"
    assert run("new", game, "--players", PLAYERS, "--seed", "3").returncode == 0
    old = game.read_bytes()
    done = record(game, "legal\nchance: draw ? ? ? ?\n")
    assert done.returncode == 2 and "a digital game" in done.stderr and "lifeboat play" in done.stderr
    assert done.stdout == ""
    # without its deck file too: the header commits to the decks, and its state holds the real cards
    game.with_name(game.name + ".deck.json").unlink()
    done = record(game, "legal\n")
    assert done.returncode == 2 and "lifeboat play" in done.stderr and done.stdout == ""
    assert game.read_bytes() == old


def test_no_players_and_no_position_is_refused(tmp_path: Path) -> None:
    done = record(tmp_path / "g.jsonl", "chance: deal\n")
    assert done.returncode == 2 and "--players" in done.stderr


def test_recording_from_a_position(tmp_path: Path) -> None:
    """Episode B from its position: the First Mate mugs Sir Stephen's Parasol and loses the fight."""
    game = tmp_path / "b.jsonl"
    done = record(game, "first mate: mug stephen parasol\nstephen: refuse\nstephen: reveal flare gun\nclose\n",
                  "--position", EPISODE_B)
    assert done.returncode == 0, done.stdout + done.stderr
    final = state(game)
    assert final.char("sir_stephen").face_up == ("parasol-1", "flare_gun-1")
    assert final.char("first_mate").wounds == 1
    assert run("audit", game).returncode == 0


# ---- stopping and resuming --------------------------------------------------------------------------------------


def test_resuming_a_recording_equals_recording_it_in_one_go(tmp_path: Path) -> None:
    whole = started(tmp_path, GAME, "whole.jsonl")
    first = upto("chance: nav 30")
    game = started(tmp_path, first, "parts.jsonl")
    assert not state(game).over
    done = record(game, GAME[len(first):])
    assert done.returncode == 0, done.stdout + done.stderr
    assert decisions(game) == decisions(whole)
    assert state(game) == state(whole)
    assert run("score", game, "--json").stdout == run("score", whole, "--json").stdout


def test_legal_says_what_may_be_typed_now_chance_included(tmp_path: Path) -> None:
    text = ("legal\n" + SETUP + "legal\n" + upto("captain: row", ROUND_1) + "captain: row\nlegal\nchance: nav ? ?\n"
            "legal\n")
    done = record(tmp_path / "g.jsonl", text, "--players", PLAYERS)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout.splitlines()
    assert ("chance: deal ann = <character> love ? hate ? ?; bob = <character> love ? hate ? ?; cy = <character> "
            "love ? hate ? ?; dee = <character> love ? hate ? ?; removed 10 ?") in out
    assert "chance: draw ? ? ? ?  (name a card you see: chance: draw water ? ? ?)" in out
    assert "chance: nav ? ?  (cards only the rower or the navigator sees)" in out
    assert "captain: stack ? bottom ?" in out[-3]  # the Captain places what he drew; no 'captain: captain:'
    assert not any(x.startswith("captain: captain:") for x in out)
    over = started(tmp_path, SETUP + ROUND_1 + ROUND_2 + ROUND_3, "over.jsonl")
    done = record(over, "legal\n")
    assert "The game is over: only recorder lines" in done.stdout
    assert "Provisional: no winner until these are shown and named" in done.stdout  # SCORE-4: what to name, at the end
    # only what is still unnamed (REF-21) and could change a score (SCORE-4): the Kid died alone, so whoever his
    # HATE names, Bob gets nothing from it (a HATE of another scores a dead one's size; of himself, the others' dead)
    assert "\nBob (The Kid): ?p18 ?p13 LOVE\n" in done.stdout


def test_comments_become_public_notes_on_the_next_decision(tmp_path: Path) -> None:
    """NOTE-1: '# …' lines wait for the next accepted decision and become one public note on it (a line starting
    with '#' and two spaces goes on the one before; a refused line keeps them waiting); '## …' stays out; comments
    after the last decision go on it."""
    text = (SETUP + "## private: not in the journal\n# Lauren has no reason\n#   to row yet.\n# Watch her.\n"
            "chance: draw ? ? ? ?\n# the Kid keeps\nkid: keep nonsense\nlauren: keep ?\n# the end of the session\n")
    game = tmp_path / "g.jsonl"
    done = record(game, text, "--players", PLAYERS)
    assert done.returncode == 3, done.stdout + done.stderr  # the nonsense line is refused
    commits = list(journal.read(game))
    notes = [(c.seq, c.actor, c.command) for c in commits if c.command["type"] == "note"]
    kinds = {c.seq: c.command["type"] for c in commits}
    assert [(n["at"], n["audience"], n["text"]) for _, _, n in notes] == [
        (2, "public", "Lauren has no reason to row yet.\nWatch her."),
        (4, "public", "the Kid keeps"),
        (4, "public", "the end of the session")]
    assert kinds[2] == "draw_provisions" and kinds[4] == "keep_provision"
    assert {actor for _, actor, _ in notes} == {"annotator"}
    assert "private" not in game.read_text(encoding="utf-8")
    audit = run("audit", game)
    assert audit.returncode == 0, audit.stdout
    lonely = tmp_path / "lonely.jsonl"  # nothing to attach a comment to: said, not silently dropped
    done = record(lonely, "# nobody has been dealt yet\n", "--players", PLAYERS)
    assert "comment not kept: there is no decision yet to attach it to (NOTE-1): nobody has been dealt yet" in done.stdout


def test_a_character_whose_thirst_water_cancelled_is_no_longer_listed_as_thirsty(tmp_path: Path) -> None:
    """THIRST-1: after two Waters the Captain owes 0 thirst; the open window names only who still owes some."""
    text = SETUP + ROUND_1.removesuffix("close\n") + "frenchy: water captain\n"  # still in the thirst window
    done = record(tmp_path / "g.jsonl", text, "--players", PLAYERS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Frenchy gave Water to the Captain.\n" in done.stdout
    assert ("] Thirst: Lady Lauren is thirsty once, Frenchy twice and the Kid twice. Each thirst left when everyone "
            "has passed is one wound. Play a card or pass.") in done.stdout
    assert "The Captain 0" not in done.stdout and "The Captain once" not in done.stdout


def test_NAV_1_a_navigator_with_one_card_on_the_row_stack_chooses_the_only_card(tmp_path: Path) -> None:
    """The step said 'The Kid, the navigator, chooses one of 1 card.' (NAV-1: one card kept on the row stack)."""
    game = started(tmp_path, upto("kid: choose 31"))
    for who, now in (("public", "Now: The Kid, the navigator, chooses the only card on the row stack."),
                     # the Captain put it there: he knows which card it is, and the record does not
                     ("Ann", "Now: The Kid, the navigator, chooses the only card on the row stack: an unknown card."),
                     ("Bob", "Now: Choose the navigation card: an unknown card.")):
        shown = run("show", game, "--as", who)
        assert shown.returncode == 0, shown.stderr
        assert [x for x in shown.stdout.splitlines() if x.startswith("Now:")] == [now], (who, shown.stdout)


def test_a_finished_recording_says_it_is_over_not_how_to_resume(tmp_path: Path) -> None:
    """A game over with every shown card named has nothing to resume: the last words say how to see it (it said
    "Resume with: lifeboat record …"); one over with cards still to name resumes to name them."""
    game = tmp_path / "g.jsonl"
    for args in (("--players", PLAYERS), ()):  # the session that ends it, then one opened on the finished game
        done = record(game, GAME if args else "", *args)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.endswith(f"\nSaved to {game}. The game is over: nothing to resume. See it with: "
                                    f"lifeboat replay {game} (scores: lifeboat score {game})\n"), done.stdout[-300:]
    over = started(tmp_path, SETUP + ROUND_1 + ROUND_2 + ROUND_3, "over.jsonl")
    assert record(over, "").stdout.endswith(f"Saved to {over}. Resume with: lifeboat record {over}\n")
