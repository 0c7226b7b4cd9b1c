"""``lifeboat serve`` and ``lifeboat new … --serve``: serve games over HTTP, one device per seat (docs/serve.md).

Parses the options, prints each new link (and a QR code of each seat's link, for phones at the table) and starts
the web server; everything else is in ``web``.
"""

from __future__ import annotations

from pathlib import Path

from cli.errors import USAGE, fail, user_errors
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
            what = "a file, not a folder" if folder.exists() else f"no such folder (create it: mkdir {folder})"
            raise fail(_("--dir {folder}: {what}; --dir names the folder of the game files to serve").format(folder=folder, what=what), USAGE)
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
    serving.run(tables, host, port)
    out.print(_("\nStopped. Every decision is in the games' journals; serve them again with the same "
                "links."), markup=False)


def _card_set(cards: Path | None):  # type: ignore[no-untyped-def]
    """The card set new games of the page play with (``serve --cards``, CARD-3); ``None``: the bundled data."""
    from lifeboat.service import load_card_file

    return None if cards is None else load_card_file(cards)


def run_store(url: str, schema: str, host: str, port: int, new_links: bool, bot_delay_ms: int, qr: bool,
              cards: Path | None = None) -> None:
    """``lifeboat serve --store URL``: serve the games of a PostgreSQL store, alongside any other serve process
    on the same store (docs/postgresql.md)."""
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
    serving.run(tables, host, port)
    out.print(_("\nStopped. Every decision is in the games' journals; serve them again with the same "
                "links."), markup=False)


def _print_links(out, item, qr: bool) -> None:  # type: ignore[no-untyped-def]
    from lifeboat.web import serving

    game = item.table.game
    state = "finished" if game.over else f"seq {game.seq}"
    where = game.path.name if game.store is None else game.store.location
    out.print(_("\nGame {game_id} ({where}, {state}): keep each link secret; it is shown only now.").format(game_id=game.game_id, where=where, state=state),
              markup=False)
    from lifeboat.service.game.names import catalog

    names = catalog()["characters"]
    seats = {p: names[c]["en"] if c in names else c for c, p in game.seats().items()}
    for name, url in item.links.items():
        label = f"{name} ({seats[name]})" if name in seats else name
        out.print(f"  {label:<28} {url}", markup=False)
    kinds = item.table.links.bot_kinds
    bots = [f"{p} ({kinds.get(c, 'random')})" for c, p in game.seats().items() if p not in item.links]
    if bots:
        out.print(_("  bots play: {bots}").format(bots=', '.join(bots)), markup=False)
    if qr:
        for name, url in item.links.items():
            if name in seats:
                out.print(_("\n  {name} ({seats}): scan with the phone's camera").format(name=name, seats=seats[name]), markup=False)
                out.print(serving.qr_text(url), markup=False, end="")


def bot_spec(bots: str | None, players: str) -> dict[str, str]:
    """``--bots`` of ``new --serve`` read before anything is written: ``{player name: bot kind}``. Exits with
    USAGE (SERVE-6) for an unknown kind or a name that is not among ``players``."""
    from lifeboat.service.errors import LiveError
    from lifeboat.web.tables import named_bots

    with user_errors():
        try:
            kinds = named_bots([b.strip() for b in bots.split(",")]) if bots else {}
        except LiveError as exc:
            message = exc.message.removeprefix("bots: ")  # the server's field name; here it is --bots
            raise fail(_("--bots: [{rule}] {message} (nothing was written)").format(rule=exc.rule, message=message), USAGE) from None
        names = {p.strip() for p in players.split(",")}
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
        app, token = record.create_record_app(game)
    url = f"{base}/record#{token}"
    out.print(f"Record {game} on a phone or a tablet: {url}", markup=False)
    out.print("Keep the link secret (it is shown only now); on the table's Wi-Fi, start with --host 0.0.0.0. "
              "Ctrl-C stops; the terminal may take over with: lifeboat record " + str(game), markup=False)
    if qr:
        out.print(serving.qr_text(url), markup=False)
    record.run(app, host, port)
    out.print(f"\nStopped. Every line is in {game}; go on with lifeboat record {game} (or --serve again).",
              markup=False)
