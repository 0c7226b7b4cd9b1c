"""No side door (architecture "Hidden information"): every message pushed to every link and every HTTP response of
many games played over HTTP holds exactly what that audience may know, no more.

Each game is played by scripted HTTP players (one per seat; a spectator and a referee watch), sometimes with
server-side bots in some seats. Afterwards the journal is replayed here, independently of the server, with
``lifeboat.views``: each pushed message must equal the audience's own view at its seq (and its own log since the
previous message), and no card id that the referee's view at that seq holds in another seat's hand, the decks or
the unseen row stack may appear in a seat's or the spectator's bytes unless that audience's own reference view
names it. Every refused request's body is checked the same way.
"""

from __future__ import annotations

import re
from collections import defaultdict

import httpx
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import journal
from lifeboat.views import Observer
from lifeboat.service import active_commits, initial_state
from tests.web.conftest import Server, auth, new_game
from tests.web.players import Player, play_game, run_async

CARD = re.compile(rb"(?<![A-Za-z0-9_-])(?:[a-z_]+-\d+|nav-[cl]?\d+)(?![A-Za-z0-9_-])")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def _view(obs: Observer, aud: str):  # type: ignore[no-untyped-def]
    return obs.public_view() if aud == "public" else obs.referee_view() if aud == "referee" else obs.seat_view(aud)


def _log(obs: Observer, aud: str, start: int):  # type: ignore[no-untyped-def]
    if aud == "referee":
        return obs.log(referee=True, start=start)
    return obs.log(None if aud == "public" else aud, start=start)


def check_game(server: Server, g: dict, players: list[Player]) -> int:
    """Replay the game's journal here; at each seq a message was pushed at, compare it with the audience's own
    view and log computed independently, and scan its bytes for card ids the audience has not been shown."""
    path = next(p for p in server.folder.glob("*.jsonl") if g["game"] in p.read_text().splitlines()[0])
    wants: dict[int, list[tuple[Player, int, int]]] = defaultdict(list)
    for p in players:
        prev = 0
        for i, r in enumerate(p.received):
            wants[r.seq].append((p, i, prev))
            prev = r.seq
    j = journal.JsonlJournal.open(path)
    obs = Observer(initial_state(j.header, str(path)))
    commits = dict(active_commits(j, str(path)))
    marks: list[int] = []
    known: dict[str, set[bytes]] = defaultdict(set)
    checked = 0
    for seq in range(0, j.last_seq + 1):
        obs.record(commits.get(seq, ()))
        marks.append(len(obs))
        if seq not in wants:
            continue
        ref_ids = set(CARD.findall(msgspec.json.encode(obs.referee_view())))
        for p, i, prev in sorted(wants[seq], key=lambda w: (w[0].name, w[1])):
            r = p.received[i]
            aud = r.message["audience"]
            view = msgspec.json.encode(_view(obs, aud))
            log = msgspec.json.encode(_log(obs, aud, marks[prev]))
            assert view == msgspec.json.encode(r.message["view"]), (p.name, seq)
            assert log == msgspec.json.encode(r.message["events"]), (p.name, seq)
            known[p.name] |= set(CARD.findall(view)) | set(CARD.findall(log))
            if aud != "referee":
                leaked = (ref_ids - known[p.name]) & set(CARD.findall(r.raw))
                assert not leaked, (p.name, seq, leaked)
            checked += 1
    for p in players:
        for status, body in p.responses:
            assert status in (200, 409), body
            assert not set(CARD.findall(body)), body  # a decision's answer names no card at all
    return checked


@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), n=st.integers(4, 6), bots=st.integers(1, 2))
def test_every_pushed_message_holds_only_what_its_audience_may_know(server: Server, seed: int, n: int,
                                                                    bots: int) -> None:
    names = NAMES[:n]
    g = new_game(server, names, bots=names[n - bots:], seed=seed)
    players = run_async(play_game(server.base, g["game"], g["tokens"], seed=seed))
    assert all(p.received[-1].message["view"]["over"] for p in players)
    assert check_game(server, g, players) > 100


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), n=st.integers(4, 6), bots=st.integers(0, 3))
def test_many_games_leak_nothing(server: Server, seed: int, n: int, bots: int) -> None:
    test_every_pushed_message_holds_only_what_its_audience_may_know.hypothesis.inner_test(  # type: ignore[attr-defined]
        server, seed, n, bots)


def test_refusals_name_nothing_the_seat_may_not_know(server: Server) -> None:
    """Illegal lines naming other seats' cards, asks, trades: the errors name only what the asker may know."""
    g = new_game(server, NAMES[:4], seed=31)
    client = httpx.Client()
    ref = client.get(f"{server.base}/api/games/{g['game']}/state", headers=auth(g["tokens"]["referee"])).json()
    secrets = {s["character"]: s for s in ref["view"]["secrets"]}
    lines = ["reveal {card}", "give {card} to kid", "mug {who} hand", "offer {who} {card} for water", "keep {card}",
             "play {card}", "water {who}", "row", "stack {card} bottom {card}", "{who}: pass", "fire {card}"]
    for name in NAMES[:4]:
        mine = client.get(f"{server.base}/api/games/{g['game']}/state", headers=auth(g["tokens"][name])).json()
        me = mine["view"]["viewer"]
        known = set(CARD.findall(msgspec.json.encode(mine)))
        for other, s in secrets.items():
            if other == me:
                continue
            for card in s["hand"]:
                for line in lines:
                    text = line.format(card=card, who=other)
                    r = client.post(f"{server.base}/api/games/{g['game']}/decisions", headers=auth(g["tokens"][name]),
                                    json={"expected_seq": ref["seq"], "line": text})
                    assert r.status_code in (403, 409, 422), r.text
                    typed = set(CARD.findall(text.encode()))  # an error may repeat what was typed
                    hidden = {c.encode() for o, x in secrets.items() if o != me for c in x["hand"]} - known - typed
                    assert not (set(CARD.findall(r.content)) & hidden), (name, text, r.text)
