"""``lifeboat serve`` and ``lifeboat new … --serve``: serve games over HTTP, one device per seat (docs/serve.md).

Parses the options, prints each new link (and a QR code of each seat's link, for phones at the table) and starts
the web server; everything else is in ``web``.
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import JOURNAL, USAGE, fail, user_errors
from lifeboat.i18n import _


def check_listen(host: str, port: int, bot_delay_ms: int) -> None:
    """Before anything is written or printed: ``--port`` is a port, ``--bot-delay`` not negative, and the server
    can listen on ``host:port`` (a port in use or a host that is not this machine's would stop the server after
    its links were printed). Exits with USAGE."""
    import socket

    if not 0 < port < 65536:
        raise fail(_("--port {port}: expected a port number from 1 to 65535").format(port=port), USAGE)
    if bot_delay_ms < 0:
        raise fail(_("--bot-delay {bot_delay_ms}: expected milliseconds, 0 or more").format(bot_delay_ms=bot_delay_ms), USAGE)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(infos[0][4])
    except OSError as exc:
        raise fail(_("--host {host} --port {port}: cannot listen there ({value}); choose another "
                     "--port, or a --host of this machine").format(host=host, port=port, value=exc.strerror or exc), USAGE) from None


LOCK_NAME = ".lifeboat-serve.lock"
"""The file in a served folder that one ``serve`` process holds locked (``flock``) while it runs (SERVE-10)."""

_held: dict[Path, int] = {}  # folder -> the open lock file of this process (a second flock of it would conflict)


def lock_folder(folder: Path, base: str, shared: bool = False) -> None:
    """SERVE-10: hold ``folder``'s lock file for as long as this process runs (the system drops it at exit, a kill
    included). ``serve`` of the folder holds it alone: a second ``serve`` of the folder would not see the first
    one's decisions (its pages would stay behind and every decision made there would be refused as late, SERVE-2),
    so it is refused: exits with USAGE. ``new … --serve`` (``shared``) serves only the game it writes: several of
    them share a folder, but not with a ``serve`` of the whole folder. A folder where no file can be created is
    served without the lock."""
    import fcntl
    import os

    folder = folder.resolve()
    if folder in _held:
        return
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return
    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except OSError:
        other = os.read(fd, 200).decode("utf-8", "replace").strip() or "unknown"
        os.close(fd)
        raise fail(_("{folder}: already served by another lifeboat serve ({other}); two servers of one "
                     "folder do not see each other's decisions: stop it (or use its links), or serve a "
                     "PostgreSQL store from several processes (--store, docs/postgresql.md)").format(folder=folder, other=other), USAGE) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"pid {os.getpid()}, {base}\n".encode())
    _held[folder] = fd


def before_new(game: Path, host: str, port: int, bot_delay_ms: int) -> None:
    """``new … --serve``, before the game is written: the server can listen (:func:`check_listen`) and the game's
    folder is served by no other process (:func:`lock_folder`, SERVE-10). Exits with USAGE."""
    from lifeboat.web.serving import base_url

    with user_errors():
        check_listen(host, port, bot_delay_ms)
        lock_folder(game.resolve().parent, base_url(host, port), shared=True)  # it serves only its own game


def run(folder: Path, host: str, port: int, new_links: bool, bot_delay_ms: int, qr: bool,
        bots: dict[Path, dict[str, str]] | None = None, cards: Path | None = None, only: Path | None = None) -> None:
    from cli.common import console
    from lifeboat.web import serving

    out = console()
    with user_errors():
        if not folder.is_dir():
            text = (_("--dir {folder}: a file, not a folder; --dir names the folder of the game files to serve")
                    if folder.exists() else
                    _("--dir {folder}: no such folder (create it: mkdir {folder}); --dir names the folder of the game "
                      "files to serve"))
            raise fail(text.format(folder=folder), USAGE)
        check_listen(host, port, bot_delay_ms)
        card_set = _card_set(cards)
        base = serving.base_url(host, port)
        lock_folder(folder, base, shared=only is not None)
        tables, issued, skipped = serving.prepare(folder, base, new_links=new_links, bot_delay=bot_delay_ms / 1000,
                                                  bots=bots, cards=card_set, only=only)
        for s in skipped:
            out.print(_("Not served: {path}: {message}").format(path=s.path, message=s.message), markup=False)
        for item in issued:
            _print_links(out, item, qr)
        kept = len(tables.all()) - len(issued)
        if kept:
            out.print(_("{kept} game(s) keep the links given before (--new-links gives new ones).").format(kept=kept), markup=False)
        out.print(_("Serving {n_all} game(s) from {folder} at {base}  (start a game: {base}/ ; Ctrl-C "
                    "stops)").format(n_all=len(tables.all()), folder=folder, base=base), markup=False)
        _reach(out, host, port)
    serving.run(tables, host, port, base)
    out.print(_("\nStopped. Every decision is in the games' journals; serve them again with the same "
                "links."), markup=False)


def _card_set(cards: Path | None):
    """The card set new games of the page play with (``serve --cards``, CARD-3); ``None``: the bundled data."""
    from lifeboat.service import load_card_file

    return None if cards is None else load_card_file(cards)


def check_workers(workers: int, store: str | None) -> None:
    """``--workers N``: from 1 to 64, and more than one only with ``--store`` (a folder is served by one process,
    SERVE-10). Exits with USAGE."""
    if not 1 <= workers <= 64:
        raise fail(_("--workers {workers}: expected a number of processes from 1 to 64").format(workers=workers),
                   USAGE)
    if workers > 1 and store is None:
        raise fail(_("--workers {workers}: several processes serve a PostgreSQL store (--store), never a folder: "
                     "one process serves a folder (SERVE-10)").format(workers=workers), USAGE)


def run_store(url: str, schema: str, host: str, port: int, new_links: bool, bot_delay_ms: int, qr: bool,
              cards: Path | None = None, workers: int = 1) -> None:
    """``lifeboat serve --store URL``: serve the games of a PostgreSQL store, alongside any other serve process
    on the same store (docs/postgresql.md); ``workers`` processes of this one on one port (each serves every
    game: :func:`lifeboat.web.serving.run_workers`)."""
    from cli.common import console
    from lifeboat.service.live.stored import GameStore
    from lifeboat.web import serving

    out = console()
    with user_errors():
        check_listen(host, port, bot_delay_ms)
        card_set = _card_set(cards)
        store = GameStore(url, schema)  # a bad URL: USAGE; a server that cannot be reached: JOURNAL
        base = serving.base_url(host, port)
        tables, issued, skipped = serving.prepare_store(store, base, new_links=new_links,
                                                        bot_delay=bot_delay_ms / 1000, cards=card_set)
        for s in skipped:
            out.print(_("Not served: {path}: {message}").format(path=s.path, message=s.message), markup=False)
        for item in issued:
            _print_links(out, item, qr)
        out.print(_("Serving the games of {location} at {base}  (start a game: {base}/ ; Ctrl-C stops)").format(location=store.location, base=base),
                  markup=False)
        _reach(out, host, port)
    if workers > 1:
        out.print(_("{workers} processes serve every game on port {port}.").format(workers=workers, port=port),
                  markup=False)
        store.close()  # each worker process opens the store for itself
        serving.run_workers(url, schema, host, port, base, workers, bot_delay_ms / 1000, cards)
    else:
        serving.run(tables, host, port, base)
    out.print(_("\nStopped. Every decision is in the games' journals; serve them again with the same "
                "links."), markup=False)


def _reach(out, host: str, port: int) -> None:
    """Say plainly who can open the links: on 127.0.0.1 this computer only (and the flag that lets phones in);
    on 0.0.0.0 the other addresses of this machine a phone may use if the first does not answer."""
    from lifeboat.web import serving

    if serving.loopback_only(host):
        out.print(_("Only this computer can open these links: the server listens on {host}. For phones on the same "
                    "Wi-Fi, serve with --host 0.0.0.0 (the links then use this computer's address on the "
                    "network).").format(host=host), markup=False)
    elif host in serving.ALL_INTERFACES:
        found = serving.lan_addresses(serving.machine_addresses())
        if not found:
            out.print(_("No network address found on this computer: phones cannot reach it until it joins the "
                        "table's Wi-Fi."), markup=False)
        elif len(found) > 1:
            out.print(_("If a phone cannot open a link, try this computer's other addresses: {others} (same port "
                        "{port}).").format(others=", ".join(found[1:]), port=port), markup=False)


def links(game: Path, seat: str | None, reissue: str | None, host: str | None, port: int | None,
          qr: bool) -> None:
    """``lifeboat links GAME [--seat NAME] [--reissue NAME]``: what the host holds of a served game's links, and a
    new link for one seat (SERVE-1: only the tokens' hashes are kept, so a lost link cannot be printed again; a
    reissued seat's old link stops at once, in a running serve too, and every other link keeps working)."""
    from cli.common import console
    from lifeboat.web import serving
    from lifeboat.web.tokens import TokenFileError, TokenStore

    out = console()
    with user_errors():  # a file that is no journal, or a broken one: exit 4, in replay's words (docs/cli.md)
        game_id, seats = _served_game(game)
        try:
            store = TokenStore.load(game)
        except TokenFileError as exc:  # its links file, as import refuses it (exit 4)
            raise fail(str(exc), JOURNAL) from None
        if not store.issued:  # a game that is fine but was never served: nothing to show (exit 2, as score's END-2)
            raise fail(_("{game}: no links were given for this game yet; serve it (lifeboat serve) to give them").format(game=game), USAGE)
        by_name = {p: c for c, p in seats.items()}
        for name in (seat, reissue):
            if name is not None and name not in by_name:
                raise fail(_("--seat/--reissue {name}: not a player of this game; expected one of: {names}").format(
                    name=name, names=_(", ").join(seats.values())), USAGE)
        if reissue is None:
            shown = [seat] if seat else [seats[c] for c in store.seats()]
            out.print(_("Only the links' hashes are kept (SERVE-1): a lost link cannot be printed again. Give a "
                        "seat a new link with: lifeboat links {game} --reissue NAME (that seat's old link stops at "
                        "once; the others keep working).").format(game=game), markup=False)
            out.print(_("Seats with a link: {names}").format(names=_(", ").join(shown)), markup=False)
            return
        if by_name[reissue] not in store.seats():
            raise fail(_("--reissue {name}: a bot plays this seat; it has no link").format(name=reissue), USAGE)
        token = store.reissue(by_name[reissue])
    base = _running_base(game) if host is None and port is None else serving.base_url(host or "127.0.0.1", port or 8000)
    url = f"{base}/play/{game_id}#{token}"
    out.print(_("A new link for {name}; the old one no longer opens the game. Keep it secret; it is shown only "
                "now:").format(name=reissue), markup=False)
    out.print(f"  {url}", markup=False)
    if qr:
        out.print(serving.qr_text(url), markup=False, end="")


def _served_game(game: Path) -> tuple[str, dict[str, str]]:
    """The id of the game at ``game`` and its seats (``{character id: player name}``), read as ``lifeboat replay``
    reads a game: line 1 first (:func:`lifeboat.service.card_data_note_of`), then the whole journal, replayed
    strictly (:meth:`lifeboat.service.Table.open`; nothing is written: chance a stopped server owes is its to deal).

    Raises what every reader raises, which :func:`cli.errors.user_errors` says in the same words and with the same
    exit code as ``replay``: JournalNotFound (missing), JournalCorrupt (a directory, a named pipe, never opened, an
    empty or binary file), NotAJournal (junk, the dealer's deck file ``GAME.jsonl.deck.json``: named as such),
    the other journal errors and ReplayError."""
    from lifeboat.service import Table, card_data_note_of

    card_data_note_of(game)  # its note is replay's business; reading line 1 refuses what is no journal
    table = Table.open(game)
    try:
        return table.game_id, {c.character: c.player for c in table.state.characters}
    finally:
        table.close()


def _running_base(game: Path) -> str:
    """The address a running serve of ``game``'s folder printed (its lock file, SERVE-10), else 127.0.0.1:8000."""
    try:
        text = (game.resolve().parent / LOCK_NAME).read_text(encoding="utf-8")
    except OSError:
        text = ""
    base = text.partition(", ")[2].strip()
    return base if base.startswith("http") else "http://127.0.0.1:8000"


def _print_links(out, item, qr: bool) -> None:
    from lifeboat.web import serving

    game = item.table.game
    state = "finished" if game.over else f"seq {game.seq}"
    where = game.path.name if game.store is None else game.store.location
    out.print(_("\nGame {game_id} ({where}, {state}): keep each link secret; it is shown only now.").format(game_id=game.game_id, where=where, state=state),
              markup=False)
    from rich.cells import cell_len

    from cli.describe import who

    seats = {p: who(c) for c, p in game.seats().items()}  # the characters' names in the reader's language
    roles = {"referee": _("referee"), "spectator": _("spectator")}
    for name, url in item.links.items():
        label = _("{player} ({character})").format(player=name, character=seats[name]) if name in seats \
            else roles.get(name, name)
        out.print(f"  {label}{' ' * max(1, 29 - cell_len(label))}{url}", markup=False)  # columns, not characters
    kinds = item.table.links.bot_kinds
    bots = [f"{p} ({kinds.get(c, 'random')})" for c, p in game.seats().items() if p not in item.links]
    if bots:
        out.print(_("  bots play: {bots}").format(bots=_(", ").join(bots)), markup=False)
    if qr:
        for name, url in item.links.items():
            if name in seats:
                out.print(_("\n  {name} ({seats}): scan with the phone's camera").format(name=name, seats=seats[name]), markup=False)
                out.print(serving.qr_text(url), markup=False, end="")


def bot_spec(bots: str | None, players: str) -> dict[str, str]:
    """``--bots`` of ``new --serve`` read before anything is written: ``{player name: bot kind}``. Exits with
    USAGE (SERVE-6) for an unknown kind or a name that is not among ``players``."""
    from lifeboat.service.errors import LiveError
    from lifeboat.service.game.players import split_list
    from lifeboat.web.tables import named_bots

    with user_errors():
        try:
            kinds = named_bots([b.strip() for b in split_list(bots)]) if bots else {}
        except LiveError as exc:
            message = exc.message.removeprefix("bots: ")  # the server's field name; here it is --bots
            raise fail(_("--bots: [{rule}] {message} (nothing was written)").format(rule=exc.rule, message=message), USAGE) from None
        names = {p.strip() for p in split_list(players)}
        unknown = [b for b in kinds if b not in names]
        if unknown:
            raise fail(_("--bots: [SERVE-6] not players of the game: {unknown}; expected names from "
                         "--players (nothing was written)").format(unknown=', '.join(unknown)), USAGE)
    return kinds


def new_and_serve(game: Path, bots: dict[str, str], host: str, port: int, bot_delay_ms: int, qr: bool,
                  cards: Path | None = None) -> None:
    """After ``lifeboat new`` wrote ``game``: serve it, and only it (the other files of its folder are not
    ``lifeboat serve``'s business here), with new links (``bots``: ``{player name: bot kind}``); games started from
    the start page go to its folder, and play with ``cards`` too (CARD-3)."""
    path = game.resolve()
    run(path.parent, host, port, False, bot_delay_ms, qr, bots={path: bots}, only=path, cards=cards)


def serve_recording(game: Path, host: str, port: int, qr: bool) -> None:
    """``lifeboat record GAME --serve``: the record page of one recorded game (lifeboat/web/record.py) behind one
    secret link, printed once (with a QR code for the phone), until Ctrl-C. The journal stays the terminal's: stop
    the page and go on with ``lifeboat record GAME``, or the other way round."""
    from cli.common import console
    from lifeboat.web import record, serving

    out = console()
    with user_errors():
        check_listen(host, port, 0)
        base = serving.base_url(host, port)
        app, token = record.create_record_app(game, base=base)
    url = f"{base}/record#{token}"
    out.print(_("Record {game} on a phone or a tablet: {url}").format(game=game, url=url), markup=False)
    out.print(_("Keep the link secret (it is shown only now); on the table's Wi-Fi, start with --host 0.0.0.0. "
                "Ctrl-C stops; the terminal may take over with: {command}").format(command=f"lifeboat record {game}"),
              markup=False)
    if qr:
        out.print(serving.qr_text(url), markup=False)
    record.run(app, host, port)
    out.print("\n" + _("Stopped. Every line is in {game}; go on with lifeboat record {game} (or --serve again).").format(
        game=game), markup=False)
