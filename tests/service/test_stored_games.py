"""Games of a PostgreSQL store played by two "processes" (two stores, two games, two connections each): what
``lifeboat serve --store`` builds on (lifeboat/service/live/stored.py, lifeboat/service/live/game.py). Real PostgreSQL, no server."""

from __future__ import annotations

import json

import pytest

from lifeboat.service import Table, import_game
from lifeboat.service.errors import Conflict, Refused
from lifeboat.service.live.game import LiveGame
from lifeboat.service.live.stored import GameStore


@pytest.fixture
def stores(postgres_url: str, postgres_schema: str):
    a, b = GameStore(postgres_url, postgres_schema), GameStore(postgres_url, postgres_schema)
    yield a, b
    a.close()
    b.close()


def first_decision(game: LiveGame):
    seat = game.waiting_for()[0]
    return seat, game.read(seat, command=game.decisions(seat)[0].command)


def test_a_decision_in_one_process_is_caught_up_and_a_stale_one_refused(stores) -> None:
    a, b = stores
    game_a = LiveGame.create_stored(a, ["Ann", "Bob", "Cy", "Dee"], seed=4)
    follower = b.follow()
    game_b = LiveGame.open_stored(b, game_a.game_id)
    assert game_b.playable, "the deck orders are in the store: any process deals"
    assert game_b.seq == game_a.seq and game_b.view("referee") == game_a.view("referee")
    before = game_a.seq
    seat, cmd = first_decision(game_a)
    update = game_a.decide(seat, cmd, before)
    assert update.seq > before
    assert follower.wait(5000) == {game_a.game_id: update.seq}  # every commit is notified; the last one counts
    follower.close()
    # B has not looked yet: its decision on the old table is refused (SERVE-2) and B catches up
    with pytest.raises(Conflict) as refused:
        game_b.decide(seat, first_decision(game_b)[1], before)
    assert refused.value.rule == "SERVE-2" and refused.value.seq == update.seq
    assert game_b.seq == update.seq and game_b.view("referee") == game_a.view("referee")
    assert game_b.message(seat, before).events == game_a.message(seat, before).events
    assert game_b.catch_up() is False  # nothing more


def test_links_first_process_wins_and_deck_orders_stay_out_of_the_journal(stores) -> None:
    a, b = stores
    game = LiveGame.create_stored(a, ["Ann", "Bob", "Cy", "Dee"], seed=9)
    assert a.linked_ids() == [] and a.game_ids() == [game.game_id]
    assert a.save_links(game.game_id, b'{"links":[]}', replace=False) is True
    assert b.save_links(game.game_id, b'{"other":1}', replace=False) is False
    assert b.links(game.game_id) == b'{"links":[]}' and b.linked_ids() == [game.game_id]
    orders = a.orders(game.game_id)
    assert orders is not None
    lines = b"".join(game._table.journal.lines())
    assert orders.salt.encode() not in lines  # the dealer's secret is in the private table only (CHANCE-2)


def test_an_imported_game_plays_on_in_the_store_as_one_started_there(stores, postgres_url, postgres_schema,
                                                                     tmp_path) -> None:
    """``import_game`` takes a digital game's deck orders into the store's private table (CHANCE-2), so a serve
    process deals its chance after a decision, as for a game started in the store."""
    a, b = stores
    path = tmp_path / "g.jsonl"
    Table.deal_new(path, ["Ann", "Bob", "Cy", "Dee"], seed=4).close()
    done = import_game(path, postgres_url, schema=postgres_schema)
    assert done.deck_file == f"{path}.deck.json"
    assert b"".join(a._store.open(done.game_id).lines()) == path.read_bytes()  # the journal as it was, no orders
    game = LiveGame.open_stored(b, done.game_id)
    assert game.playable
    dealt = 0
    for _ in range(60):  # decisions until one is followed by chance this process deals from the stored orders
        seat, cmd = first_decision(game)
        update = game.decide(seat, cmd, game.seq)
        dealt += update.seq - update.before_seq - 1
        if dealt:
            break
    assert dealt > 0, "a chance outcome was dealt after a decision"
    assert LiveGame.open_stored(a, done.game_id).view("referee") == game.view("referee")


def test_a_stored_digital_game_without_deck_orders_says_what_is_missing(stores, tmp_path) -> None:
    """A game put in the store without its deck orders (through the journal alone) is shown, and a decision is
    refused saying the orders are missing and where (SERVE-5)."""
    a, _ = stores
    path = tmp_path / "g.jsonl"
    Table.deal_new(path, ["Ann", "Bob", "Cy", "Dee"], seed=4).close()
    a._store.import_jsonl(path).close()
    game = LiveGame.open_stored(a, json.loads(path.read_bytes().splitlines()[0])["game_id"])
    assert not game.playable and not game.over
    seat, cmd = first_decision(game)
    with pytest.raises(Refused) as refused:
        game.decide(seat, cmd, game.seq)
    assert refused.value.rule == "SERVE-5"
    assert refused.value.message == (f"the dealer's deck orders of this digital game are missing: the store "
                                     f"{a.location} keeps none for it (imported without its deck file?); nothing can "
                                     "be dealt, so no decision can be made (export the game, put its deck file beside "
                                     "it and play it from the file)")


def test_CARD_3_a_game_of_another_printing_goes_through_the_store_byte_for_byte(stores, postgres_url, postgres_schema,
                                                                                tmp_path) -> None:
    """CARD-3: the bundled game of a table's own printing (docs/examples/own-printing.jsonl: the Kid is size 6)
    imported into the store, opened by another connection, shows the Kid's 6 and the game's scores; exported, it
    is the same bytes. A game started in the store with a printing carries it the same way."""
    from pathlib import Path

    from lifeboat.service import export_game, load_card_file

    a, b = stores
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "own-printing.jsonl"
    done = import_game(example, postgres_url, schema=postgres_schema)
    game = LiveGame.open_stored(b, done.game_id)
    sizes = {ch.character: ch.size for ch in game.view("referee").characters}
    assert (sizes["kid"], sizes["lady_lauren"]) == (6, 4)
    assert {s.player: s.total for s in game.view("referee").reveal.scores} == {
        "Ann": 21, "Bob": 8, "Cy": 11, "Dee": 22, "Eve": 11}
    out = tmp_path / "back.jsonl"
    export_game(postgres_url, done.game_id, out, schema=postgres_schema)
    assert out.read_bytes() == example.read_bytes()
    cards = load_card_file(example.with_name("own-printing.cards.json"))
    fresh = LiveGame.create_stored(a, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], seed=3, cards=cards)
    other = LiveGame.open_stored(b, fresh.game_id)
    assert {ch.character: ch.size for ch in other.view("referee").characters}["kid"] == 6
    assert other.state.ruleset.card_data == cards.sha256


def decision_before_a_draw(game_a: LiveGame):  # type: ignore[no-untyped-def]
    """Play ``game_a`` on until its next decision is one a draw follows; that decision's seat and command."""
    from lifeboat import apply, chance_request

    for _ in range(200):
        seat, cmd = first_decision(game_a)
        if chance_request(apply(game_a.state, cmd)[0]) is not None:
            return seat, cmd
        game_a.decide(seat, cmd, game_a.seq)
    raise AssertionError("no decision followed by a draw in 200 decisions")


def test_SERVE_12_a_follower_leaves_the_chance_after_a_decision_to_the_process_that_decided(stores) -> None:
    """B catches up with A's decision before A's draws are written (the race every follower ran after every
    decision): B leaves them to A (it dealt them at once and conflicted with A, one refused write per follower per
    decision), A writes them without a conflict, B adopts them."""
    import time

    from lifeboat.service.live import game as live

    a, b = stores
    game_a = LiveGame.create_stored(a, ["Ann", "Bob", "Cy", "Dee"], seed=8)
    game_b = LiveGame.open_stored(b, game_a.game_id)
    _, cmd = decision_before_a_draw(game_a)
    deciding = a.open(game_a.game_id)  # A's table between its decision and its draws
    decision = deciding.decide(cmd).commits[0].seq
    started = time.monotonic()
    assert game_b.catch_up() is True and game_b.seq == decision, "B left the draw to A"
    wait = game_b.owed_wait()
    assert wait is not None and live.OWED_GRACE - (time.monotonic() - started) - 0.01 <= wait <= live.OWED_GRACE
    dealt = deciding.deal(detail=False).commits  # A's draws: no JournalConflict, B wrote nothing
    deciding.close()
    assert dealt and dealt[0].seq == decision + 1
    assert game_b.catch_up() is True and game_b.seq == dealt[-1].seq and game_b.owed_wait() is None
    assert game_b.view("referee") == LiveGame.open_stored(a, game_a.game_id).view("referee")


def test_CHANCE_2_a_process_that_catches_up_with_one_that_died_owing_chance_deals_it(stores, postgres_url,
                                                                                  postgres_schema, tmp_path,
                                                                                  monkeypatch) -> None:
    """Process A writes a decision and dies before the draw that follows it (CHANCE-2); process B, which serves
    the same game and catches up with A's commit, deals the owed draw from the stored orders once A has left it
    unanswered for SERVE-12's grace (shortened here): it used to stay waiting for a dealer nobody was, every page
    on B without a decision, until a restart."""
    import time

    from lifeboat import chance_request
    from lifeboat.service import audit, export_game
    from lifeboat.service.live import game as live

    monkeypatch.setattr(live, "OWED_GRACE", 0.2)
    a, b = stores
    game_a = LiveGame.create_stored(a, ["Ann", "Bob", "Cy", "Dee"], seed=8)
    game_b = LiveGame.open_stored(b, game_a.game_id)
    _, cmd = decision_before_a_draw(game_a)
    dying = a.open(game_a.game_id)  # A's table: it writes the decision, then the process is gone
    decision = dying.decide(cmd).commits[0].seq
    dying.close()
    assert game_b.catch_up() is True and game_b.seq == decision  # within the grace: left to A
    time.sleep((game_b.owed_wait() or 0) + 0.05)  # as web.tables waits: past the grace, not at its edge
    assert game_b.catch_up() is True
    assert game_b.seq > decision, "B dealt the draw A owed"
    assert chance_request(game_b.state) is None and game_b.waiting_for() != ()
    assert LiveGame.open_stored(a, game_a.game_id).view("referee") == game_b.view("referee")  # the same table
    out = tmp_path / "back.jsonl"
    export_game(postgres_url, game_a.game_id, out, schema=postgres_schema)
    assert audit(out).findings == []  # the draw is the committed orders' (CHANCE-2)


def test_SERVE_12_a_process_opening_the_game_between_a_decision_and_its_draws_leaves_them_to_the_decider(
        stores, monkeypatch) -> None:
    """A page loaded on process B right after A's decision makes B open the game between that decision and its
    draws: B cannot tell a live A from a dead one, so it leaves the draws to A for the grace, as a follower does
    (it dealt them at once on opening, racing A: one refused write). A live A deals them without a conflict; a
    dead A's draws are dealt by B once due (the grace shortened here)."""
    import time

    from lifeboat.service.live import game as live

    monkeypatch.setattr(live, "OWED_GRACE", 0.2)
    a, b = stores
    game_a = LiveGame.create_stored(a, ["Ann", "Bob", "Cy", "Dee"], seed=8)
    _, cmd = decision_before_a_draw(game_a)
    deciding = a.open(game_a.game_id)  # A's table between its decision and its draws
    decision = deciding.decide(cmd).commits[0].seq
    game_b = LiveGame.open_stored(b, game_a.game_id)
    wait = game_b.owed_wait()
    assert game_b.seq == decision and wait is not None and 0 < wait <= live.OWED_GRACE, "B left the draw to A"
    dealt = deciding.deal(detail=False).commits  # A's draws: no JournalConflict, B wrote nothing
    assert dealt and dealt[0].seq == decision + 1
    assert game_b.catch_up() is True and game_b.seq == dealt[-1].seq and game_b.owed_wait() is None
    deciding.close()
    game_a.catch_up()
    _, cmd = decision_before_a_draw(game_a)
    dying = a.open(game_a.game_id)
    later = dying.decide(cmd).commits[0].seq  # A decides again and dies before the draw
    dying.close()
    game_c = LiveGame.open_stored(b, game_a.game_id)
    assert game_c.seq == later and game_c.catch_up() is False and game_c.seq == later  # within the grace
    time.sleep((game_c.owed_wait() or 0) + 0.05)  # past the grace, not at its edge
    assert game_c.catch_up() is True and game_c.seq > later and game_c.owed_wait() is None, "C dealt A's draw"
    assert game_c.view("referee") == LiveGame.open_stored(a, game_a.game_id).view("referee")
