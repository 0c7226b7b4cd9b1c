"""Taps per decision on the record page against keystrokes per decision at the terminal, over bot games (issue 30).

``--games`` random-bot digital games (4 to 6 players in turn, seeds ``--seed`` …) are recorded by a scribe who sees
what the whole table sees (every hidden card is ``?``: tests/engine/scribe.py with ``--miss 1``), on a record page's
desk (lifeboat/service/game/desk.py, a real journal in a temp folder) and, in thought, at the terminal. For each line
the scribe records:

* **page**: 1 tap when the line is one of the desk's choices; a pick's slots (+1 to Record when it has several)
  when a pick gives it; else typed in the page's box: one tap per character, +1 to Record;
* **terminal**: the line as typed (the notation render, without ``actor:`` when the recorder may leave it out),
  +1 for Enter;

a window's passes are one ``close`` for both (a tap, or 5 keys and Enter), and passes that a later join makes moot
cost nothing (nobody records them). At the end every card that could change a score is named (SCORE-4). Printed:
per kind of decision (the command type) how many lines, the mean taps and keystrokes, and the kinds the page
leaves slowest. A benchmark, not a test; run from the repository root:

    .venv/bin/python bench/record_taps.py [--games 12] [--seed 1] [--miss 1.0]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lifeboat import commands as c  # noqa: E402
from lifeboat.notation import parse, render  # noqa: E402
from lifeboat.ruleset import NEW_GAME  # noqa: E402
from lifeboat.state import WINDOW_TYPES, State  # noqa: E402
from lifeboat.service import Desk, Table  # noqa: E402
from tests.engine import scribe  # noqa: E402


def typed(line: c.Command, state: State, actor: str | None) -> str:
    """The line as the scribe types it: the render, without its actor when that is the default one."""
    text = render(line, state)
    head, sep, rest = text.partition(": ")
    if sep and actor is not None:
        try:
            if parse(rest, state, actor) == line:
                return rest
        except Exception:  # noqa: BLE001 - the short form does not read back: the whole line
            pass
    return text


def taps(desk: Desk, line: c.Command, state: State) -> int | None:
    """Taps the page needs for ``line`` now, or ``None`` when it must be typed."""
    choices, picks = desk.options()
    for choice in choices:
        if choice.line != "close" and _same(choice.line, state, line):
            return 1
    for pick in picks:
        for words in _fillings(pick, line, state):
            if _same(pick.template.format(*words), state, line):
                return len(pick.slots) + (1 if len(pick.slots) > 1 else 0)
    return None


def _same(text: str, state: State, line: c.Command) -> bool:
    try:
        return parse(text, state) == line
    except Exception:  # noqa: BLE001 - a choice that does not read as this line
        return False


def _fillings(pick, line: c.Command, state: State):  # type: ignore[no-untyped-def]
    if len(pick.slots) == 1:
        return [(w,) for w in pick.slots[0].options]
    if isinstance(line, c.DealSetup):
        words = {"lady_lauren": "lauren", "sir_stephen": "stephen", "dr_harter": "harter", "mrs_wong": "wong"}
        return [tuple(words.get(x, x.replace("_", " ")) for x in line.characters)]
    if isinstance(line, c.DrawNavigation):
        return [tuple(str(state.cards.navigation[x].print_no) for x in line.cards if x in state.cards.navigation)]
    return []


def measure(games: int, seed: int, miss: float) -> dict[str, list[tuple[int, int]]]:
    """``{kind: [(page taps, terminal keys), …]}`` over the games."""
    per: dict[str, list[tuple[int, int]]] = defaultdict(list)
    folder = Path(tempfile.mkdtemp(prefix="lifeboat-taps-"))
    for g in range(games):
        path = folder / f"g{g}.jsonl"
        players = scribe.PLAYERS[: 4 + g % 3]
        Table.record_new(path, players=list(players)).close()
        desk = Desk(path)
        passes: list[tuple[int, int]] = []

        def observe(line: c.Command, rec: State) -> None:
            nonlocal passes
            before = type(rec.step) in WINDOW_TYPES
            if isinstance(line, c.Pass) and before:
                passes.append((1, 6))
            else:
                passes = []  # a join or a play re-opens the window: the passes before it were never recorded
                waiting = desk.table.waiting_for()
                actor = "chance" if desk.table.chance_request() is not None else (
                    waiting[0] if len(waiting) == 1 else None)
                keys = len(typed(line, rec, actor)) + 1
                page = taps(desk, line, rec)
                per[type(line).__name__].append((page if page is not None else keys, keys))
            desk.table.decide(line, detail=False)
            if passes and type(desk.state.step) not in WINDOW_TYPES:  # the window closed: one close line
                per["close (a window's passes)"].append(passes[0])
                passes = []

        scribe.record(seed + g, len(players), miss, observe=observe, ruleset=NEW_GAME)  # as Table.record_new
        _name_the_end(desk, per)
        desk.shut()
    return per


def _name_the_end(desk: Desk, per: dict[str, list[tuple[int, int]]]) -> None:
    """SCORE-4: what the page asks for at the end, one pick at a time (1 tap a card; 3 a LOVE and HATE), against
    typing ``recorder: ?p16 is cash`` or ``recorder: kid love captain hate frenchy``."""
    for item in desk.view().picks:
        words = ["cash"] if len(item.slots) == 1 else ["captain", "frenchy"]
        per["naming at the end"].append((len(item.slots) + (1 if len(item.slots) > 1 else 0),
                                         len(item.template.format(*words)) + 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--miss", type=float, default=1.0)
    a = ap.parse_args()
    per = measure(a.games, a.seed, a.miss)
    rows = sorted(per.items(), key=lambda kv: -sum(p for p, _ in kv[1]) / len(kv[1]))
    all_page = [p for v in per.values() for p, _ in v]
    all_keys = [k for v in per.values() for _, k in v]
    print(f"{a.games} games, {len(all_page)} lines: page {sum(all_page) / len(all_page):.2f} taps a line, terminal "
          f"{sum(all_keys) / len(all_keys):.1f} keystrokes a line")
    print(f"{'kind of decision':<28} {'lines':>6} {'page taps':>10} {'terminal keys':>14}")
    for kind, values in rows:
        page = sum(p for p, _ in values) / len(values)
        keys = sum(k for _, k in values) / len(values)
        print(f"{kind:<28} {len(values):>6} {page:>10.2f} {keys:>14.1f}")


if __name__ == "__main__":
    main()
