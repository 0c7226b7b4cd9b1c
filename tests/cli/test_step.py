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
