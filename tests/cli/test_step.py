"""``lifeboat replay --step`` as a teacher uses it (issue 12), scripted through stdin: forward and back, a commit,
a round, the next navigation card (with its contents), notes for this reader only (NOTE-1), and the decisions that
were open to the reader's own seat (never another seat's)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app
from lifeboat.service import replay_book

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def step(game: Path, who: str, keys: list[str]) -> str:
    done = CliRunner().invoke(app, ["replay", str(game), "--as", who, "--step"], input="\n".join(keys) + "\nq\n")
    assert done.exit_code == 0, done.output
    return done.output


def headers(out: str) -> list[str]:
    return re.findall(r"^(?:> )?\[([0-9-]+)/\d+\] round (\d+)$", out, re.M)


def test_navigate_by_commit_round_navigation_and_back() -> None:
    game = EXAMPLES / "four-players.jsonl"
    book = replay_book(game, "Ann")
    out = step(game, "Ann", ["", "40", "r 3", "v", "b", "9999", "r 99"])
    seen = [span for span, _ in headers(out)]
    at40 = next(s for s in book.steps if s.first <= 40 <= s.seq)
    round3 = next(s for s in book.steps if s.round == 3)
    nav = next(s for s in book.steps if s.seq > round3.seq and s.navigation_card)
    before_nav = book.steps[book.steps.index(nav) - 1]

    def span(s) -> str:  # type: ignore[no-untyped-def]
        return str(s.seq) if s.first == s.seq else f"{s.first}-{s.seq}"

    assert seen == [span(book.steps[0]), span(book.steps[1]), span(at40), span(round3), span(nav), span(before_nav)]
    facts = next(iter(nav.navigation.values()))
    assert f"Navigation {facts['print_no']}: {facts['text']}" in out  # the card's contents where it is named
    assert "No step holds commit 9999 (they go from 1 to" in out and "No round 99 here (rounds" in out
    table = at40.table  # the table at every step, in one line: bow to stern, wounds/size
    chars = {c.character: c for c in table.characters}
    first = chars[table.seats[0]]
    assert out.count("  Boat, bow to stern: ") == len(seen)
    assert f"seagulls {table.seagulls}/4" in out and f"{first.wounds}/{first.size}" in out


def test_a_seat_sees_what_else_it_could_have_done_and_only_its_own(tmp_path: Path) -> None:
    game = EXAMPLES / "four-players.jsonl"
    book = replay_book(game, "Ann")
    mine = next(s for s in book.steps if s.alternatives and len(s.alternatives) > 9)
    out = step(game, "Ann", [str(mine.seq), "a"])
    assert f"Open to {mine.decider_label} ({len(mine.alternatives)}):" in out
    chosen = next(a.text for a in mine.alternatives if a.chosen)
    assert f"> {chosen}  (chosen)" in out
    assert "more (a lists them all)" in out
    for a in mine.alternatives:  # 'a' lists every one
        assert a.text in out
    assert {s.decider for s in book.steps if s.alternatives} == {mine.decider}
    public = step(game, "public", [str(mine.seq), "a"])
    assert "Open to" not in public and "Nothing this reader may know was open here." in public


def test_notes_reach_their_audience_in_step(tmp_path: Path) -> None:
    game = tmp_path / "four.jsonl"
    shutil.copyfile(EXAMPLES / "four-players.jsonl", game)
    for who, text in (("public", "PUBLIC note"), ("Bob", "BOB's note"), ("referee", "REFEREE note")):
        done = CliRunner().invoke(app, ["annotate", str(game), "--at", "30", "--for", who, text])
        assert done.exit_code == 0, done.output
    ann, bob, ref = (step(game, who, ["30"]) for who in ("Ann", "Bob", "referee"))
    assert "Note: PUBLIC note" in ann and "BOB" not in ann and "REFEREE" not in ann
    assert "Note for " in bob and "(Bob): BOB's note" in bob and "REFEREE" not in bob
    assert "PUBLIC note" in ref and "BOB's note" in ref and "Note for the referee: REFEREE note" in ref


def test_recorded_commentary_in_step() -> None:
    out = step(EXAMPLES / "episode-a.jsonl", "public", ["3"])
    assert "Note: 2. Before the wounds, Dr. Harter expends his Bucket of Chum: sharks." in out


def test_open_decisions_that_play_alike_are_listed_once() -> None:
    """Keeping one Water or another (or one Jewels or another) is one decision; Paintings of other values are not.
    The chosen decision is always listed, once."""
    from lifeboat.legal import legal_commands
    from lifeboat.service import replay

    import journal

    game = EXAMPLES / "six-players.jsonl"
    book = replay_book(game, "referee")
    befores = {s.commit.seq: s.before for s in replay(journal.JsonlJournal.open(game), str(game))}
    collapsed = 0
    for s in book.steps:
        if not s.alternatives:
            continue
        assert sum(a.chosen for a in s.alternatives) == 1
        plain = [re.sub(r"\b(water|jewels|oar|knife|blackjack|gaffing_hook|medical_kit|chum|life_preserver|"
                        r"parasol|compass|flare_gun)(-\d+)\b", r"\1", a.text) for a in s.alternatives]
        assert len(plain) == len(set(plain)), plain
        collapsed += len(legal_commands(befores[s.seq], s.decider)) > len(s.alternatives)
    assert collapsed > 0


def test_a_superscript_digit_and_back_at_the_first_step(tmp_path: Path) -> None:
    """'²' is a digit to str.isdigit but not to int(): at replay --step's prompt (and play's) it was an internal
    error; 'b' at the first step said nothing."""
    from tests.helpers import run

    game = EXAMPLES / "four-players.jsonl"
    done = run("replay", game, "--step", stdin="²\nr²\nb\nq\n")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.count("> Enter/n: next · b: back") == 2  # the help, for both
    assert "> That is the first step (Enter goes on).\n" in done.stdout
    new = tmp_path / "g.jsonl"
    assert run("new", new, "--players", "A,B,C,D", "--seed", "3").returncode == 0
    played = run("play", new, stdin="\n²\n")
    assert (played.returncode, played.stderr) == (0, "")
    assert "Your choice (1-4, a line of notation, or help): [NOTATION-1] unknown verb '2';" in played.stdout


def test_w_answers_for_the_decision_the_step_shows() -> None:
    """'w' asks the bot at the position just before the decision shown (it used to ask after the step's commit: at
    Ann's fight pass it answered for her next action, "Mug Lady Lauren…"; at her action, "Frenchy is not to move
    here"). At every step showing Ann's decision its answer is one of that decision's open options; at a step that
    is not hers it says so and names her next decision; in a step of passes holding her forced pass it is that."""
    import journal
    from lifeboat.legal import legal_commands
    from lifeboat.service import replay

    game = EXAMPLES / "four-players.jsonl"
    book = replay_book(game, "Ann")  # Ann plays Frenchy
    mine = [s for s in book.steps if s.decider == "frenchy" and s.alternatives and len(s.alternatives) > 1]
    assert [s.seq for s in mine[:3]] == [6, 19, 20] and len(mine) > 40
    out = step(game, "Ann", [k for s in mine for k in (str(s.seq), "w")] + ["21", "w"])
    said = re.findall(r"^> The heuristic bot, as Frenchy knowing only what it knew then, would: (.*)$", out, re.M)
    assert len(said) == len(mine)
    for s, answer in zip(mine, said):
        assert answer in [a.text for a in s.alternatives], (s.seq, answer)
    assert said[1] in ("Pass (stay out of the fight for now)", "Join the attackers (the Captain, strength 7)",
                       "Join the defenders (Sir Stephen and Lady Lauren, strength 9)")  # 19: the fight, not 20
    assert ("> This step (21) is not a decision of Frenchy: w answers at Frenchy's own decisions; the next is at "
            "commit 25 (type 25, then w).") in out
    # Dee (Sir Stephen) passed at 30 inside the step 29-30 of Lady Lauren's: her only open option
    before = {x.commit.seq: x.before for x in replay(journal.JsonlJournal.open(game), str(game))}
    assert [type(c).__name__ for c in legal_commands(before[30], "sir_stephen")] == ["Pass"]
    dee = step(game, "Dee", ["29", "w"])
    assert "> [29-30/183] round 1\n  Lady Lauren and you passed." in dee
    assert "> The heuristic bot, as Sir Stephen knowing only what it knew then, would: Pass (give no Water now)" in dee
    zh = CliRunner().invoke(app, ["replay", str(game), "--as", "Ann", "--step", "--lang", "zh"],
                            input="19\nw\n21\nw\nq\n").output
    assert re.search(r"^> heuristic机器人作为水手，只知道当时所知，会这样做：(加入攻击方|加入防守方|跳过)", zh, re.M), zh
    assert "> 这一步（21）不是水手的决定：w 只回答水手自己的决定；下一个在序号25（输入 25，再按 w）。" in zh


def test_ctrl_c_during_a_long_w_returns_to_the_step() -> None:
    """A search bot asked to think a minute (`w`) could only be stopped by leaving the replay (Ctrl-C ended it):
    now Ctrl-C stops the bot and the same step asks again; `q` then ends the replay normally (exit 0)."""
    import time

    import pexpect

    from tests.helpers import EXE

    four = Path(__file__).resolve().parents[2] / "docs" / "examples" / "four-players.jsonl"
    child = pexpect.spawn(EXE, ["replay", str(four), "--as", "Ann", "--step", "--bot", "search", "--think", "60s"],
                          encoding="utf-8", timeout=30, dimensions=(50, 160))
    child.expect("> ")
    child.sendline("19")  # Ann's decision in a fight
    child.expect("> ")
    child.sendline("w")
    time.sleep(2)  # the search has begun (it would think for 60 s)
    child.sendintr()
    child.expect("The bot was stopped; the step is as it was.")
    child.expect("> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
