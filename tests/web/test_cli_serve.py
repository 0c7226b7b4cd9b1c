"""``lifeboat serve`` and ``lifeboat new … --serve`` as a user runs them: the links and QR codes printed, a game
started in the terminal served, links kept across restarts (only their hashes are stored), files that are not
games reported."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx

from tests.web.conftest import free_port
from tests.helpers import EXE


def serve_until_ready(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([EXE, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = []
    deadline = time.monotonic() + 20
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        out.append(line)
        if line.startswith(("Serving ", "正在提供")):  # the last line printed before serving, in either language
            break
    return proc, "".join(out)


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    proc.wait(timeout=10)


def test_new_with_serve_prints_links_and_qr_codes(tmp_path: Path) -> None:
    # another game in the folder is not served with it (it once got links printed here too)
    subprocess.run([EXE, "new", "old.jsonl", "--players", "Ann,Bob,Cy,Dee"], cwd=tmp_path, check=True,
                   capture_output=True)
    port = free_port()
    proc, out = serve_until_ready(["new", "g.jsonl", "--players", "Ann,Bob,Cy,Dee", "--seed", "3", "--serve",
                                   "--port", str(port), "--bots", "Dee", "--bot-delay", "0"], tmp_path)
    try:
        links = dict(line.split()[0:1] + [line.split()[-1]] for line in out.splitlines()
                     if "/play/" in line)
        assert sorted(links) == ["Ann", "Bob", "Cy", "referee", "spectator"]
        assert "bots play: Dee (random)" in out
        assert "Next: lifeboat play" not in out  # the game is served, not played in this terminal
        assert "old.jsonl" not in out and not (tmp_path / "old.jsonl.serve.json").exists()
        assert out.count("scan with the phone's camera") == 3
        assert "▀" in out or "█" in out  # the QR codes, drawn with blocks
        assert out.splitlines()[-1] == (f"Serving 1 game(s) from {tmp_path} at http://127.0.0.1:{port}  (start a "
                                        f"game: http://127.0.0.1:{port}/ ; Ctrl-C stops)")
        url = links["Ann"]
        game, token = url.split("/play/")[1].split("#")
        for _ in range(200):  # "Serving" is printed just before the server binds its port
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/games/{game}/state",
                              headers={"Authorization": f"Bearer {token}"})
                break
            except httpx.ConnectError:
                time.sleep(0.05)
        assert r.status_code == 200 and r.json()["view"]["player"] == "Ann"
        assert token not in (tmp_path / "g.jsonl").read_text()
    finally:
        stop(proc)


def test_new_with_serve_and_no_qr_prints_the_links_only(tmp_path: Path) -> None:
    """``new --serve --no-qr``, as ``serve --no-qr`` (a fresh user found it refused): links, no QR codes."""
    port = free_port()
    proc, out = serve_until_ready(["new", "g.jsonl", "--players", "Ann,Bob,Cy,Dee", "--serve", "--no-qr",
                                   "--port", str(port), "--bots", "Bob,Cy,Dee", "--bot-delay", "0"], tmp_path)
    try:
        assert sum("/play/" in line for line in out.splitlines()) == 3  # referee, spectator, Ann
        assert "scan with the phone's camera" not in out and "█" not in out and "▀" not in out
    finally:
        stop(proc)


def test_serve_a_terminal_game_and_keep_its_links(tmp_path: Path) -> None:
    subprocess.run([EXE, "new", "t.jsonl", "--players", "Ann,Bob,Cy,Dee", "--seed", "4"], cwd=tmp_path,
                   check=True, capture_output=True)
    (tmp_path / "notes.jsonl").write_text("not a game\n")
    port = free_port()
    proc, first = serve_until_ready(["serve", "--dir", ".", "--port", str(port), "--no-qr"], tmp_path)
    stop(proc)
    assert "Not served: notes.jsonl" in first.replace(str(tmp_path) + "/", "")
    assert "t.jsonl, seq " in first and "Ann (" in first and "scan" not in first
    proc, second = serve_until_ready(["serve", "--dir", ".", "--port", str(port), "--no-qr"], tmp_path)
    stop(proc)
    assert "1 game(s) keep the links given before (--new-links gives new ones)." in second
    assert "/play/" not in second
    proc, third = serve_until_ready(["serve", "--dir", ".", "--port", str(port), "--no-qr", "--new-links"], tmp_path)
    stop(proc)
    assert third.count("/play/") == 6


def test_a_copied_game_file_is_not_served_twice(tmp_path: Path) -> None:
    # SERVE-8: the copy once took over the game's id, silently: the first file's printed links then led nowhere
    subprocess.run([EXE, "new", "a.jsonl", "--players", "Ann,Bob,Cy,Dee"], cwd=tmp_path, check=True,
                   capture_output=True)
    for suffix in ("", ".deck.json"):
        shutil.copy(tmp_path / f"a.jsonl{suffix}", tmp_path / f"b.jsonl{suffix}")
    game_id = (tmp_path / "a.jsonl").read_text().split('"game_id":"')[1].split('"')[0]
    port = free_port()
    proc, out = serve_until_ready(["serve", "--port", str(port), "--no-qr"], tmp_path)
    stop(proc)
    assert f"Not served: b.jsonl: [SERVE-8] the same game (id {game_id}) as a.jsonl, which is served: one is a " \
        "copy of the other" in out.replace(str(tmp_path) + "/", ""), out
    assert out.count("/play/") == 6 and "(a.jsonl, seq " in out and "(b.jsonl" not in out
    assert out.splitlines()[-1].startswith("Serving 1 game(s) from ")
    assert not (tmp_path / "b.jsonl.serve.json").exists()


def test_serve_usage_errors(tmp_path: Path) -> None:
    r = subprocess.run([EXE, "serve", "--dir", str(tmp_path / "nope")], capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (2, f"lifeboat: --dir {tmp_path / 'nope'}: no such folder (create it: mkdir "
                                           f"{tmp_path / 'nope'}); --dir names the folder of the game files to serve\n")
    (tmp_path / "games.jsonl").write_text("", encoding="utf-8")
    r = subprocess.run([EXE, "serve", "--dir", str(tmp_path / "games.jsonl")], capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (2, f"lifeboat: --dir {tmp_path / 'games.jsonl'}: a file, not a folder; --dir "
                                           "names the folder of the game files to serve\n")
    r = subprocess.run([EXE, "serve", "--dir", str(tmp_path), "--store", "postgresql://127.0.0.1/test"],
                       capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (2, "lifeboat: --dir and --store name two places to serve from; give one (a "
                                           "folder of game files, or a PostgreSQL store)\n")
    r = subprocess.run([EXE, "new", str(tmp_path / "x.jsonl"), "--players", "A,B,C,D", "--bots", "D"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "--bots goes with --serve" in r.stderr
    for bots, message in [("Dee=genius", "--bots: [SERVE-6] unknown bot kind 'genius'; expected one of random, "
                                         "heuristic, search (nothing was written)"),  # once said '--bots: … bots:'
                          ("Dee,Dee=search", "--bots: [SERVE-6] 'Dee' is named twice, as random and as search; name "
                                             "each player once (nothing was written)"),
                          ("Zed=search", "--bots: [SERVE-6] not players of the game: Zed; expected names from --players "
                                         "(nothing was written)")]:
        r = subprocess.run([EXE, "new", str(tmp_path / "y.jsonl"), "--players", "Ann,Bob,Cy,Dee", "--serve",
                            "--bots", bots], capture_output=True, text=True)
        assert (r.returncode, r.stderr) == (2, f"lifeboat: {message}\n")
        assert not (tmp_path / "y.jsonl").exists()
    import socket

    with socket.socket() as taken:  # a port in use, a port out of range, a negative delay: said before anything
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for extra, message in [(["--port", str(port)], f"--host 127.0.0.1 --port {port}: cannot listen there "
                                                       "(Address already in use); choose another --port, or a --host "
                                                       "of this machine"),
                               (["--port", "99999"], "--port 99999: expected a port number from 1 to 65535"),
                               (["--bot-delay", "-5"], "--bot-delay -5: expected milliseconds, 0 or more")]:
            r = subprocess.run([EXE, "new", str(tmp_path / "z.jsonl"), "--players", "Ann,Bob,Cy,Dee", "--serve",
                                *extra], capture_output=True, text=True)
            assert (r.returncode, r.stderr) == (2, f"lifeboat: {message}\n")
            assert not (tmp_path / "z.jsonl").exists() and "New game" not in r.stdout
        r = subprocess.run([EXE, "serve", "--dir", str(tmp_path), "--port", str(port)], capture_output=True,
                           text=True)
        assert r.returncode == 2 and "cannot listen there" in r.stderr and "Serving" not in r.stdout


def test_SERVE_10_a_second_serve_of_one_folder_is_refused(tmp_path: Path) -> None:
    """SERVE-10: two serve processes of one folder did not see each other's decisions (the second one's pages stayed behind,
    every decision made there was refused as late, SERVE-2): the second is refused, naming the first; new --serve
    in that folder is refused before it writes its game; once the first stops, the folder serves again."""
    from tests.web.conftest import start_server, stop_server

    proc, srv = start_server(tmp_path)
    try:
        lock = (tmp_path / ".lifeboat-serve.lock").read_text()
        assert lock == f"pid {proc.pid}, {srv.base}\n"
        port = free_port()
        second = subprocess.run([EXE, "serve", "--dir", str(tmp_path), "--port", str(port), "--no-qr"],
                                capture_output=True, text=True, timeout=30)
        message = (f"lifeboat: {tmp_path.resolve()}: already served by another lifeboat serve (pid {proc.pid}, "
                   f"{srv.base}); two servers of one folder do not see each other's decisions: stop it (or use its "
                   "links), or serve a PostgreSQL store from several processes (--store, docs/postgresql.md)\n")
        assert (second.returncode, second.stdout, second.stderr) == (2, "", message)
        new = subprocess.run([EXE, "new", str(tmp_path / "n.jsonl"), "--players", "A,B,C,D", "--serve", "--port",
                              str(port)], capture_output=True, text=True, timeout=30)
        assert (new.returncode, new.stderr) == (2, message) and not (tmp_path / "n.jsonl").exists()
    finally:
        stop_server(proc)
    proc, srv = start_server(tmp_path)  # the lock went with the process
    stop_server(proc)


def test_SERVE_10_two_new_serve_tables_share_a_folder(tmp_path: Path) -> None:
    """SERVE-10: 'new … --serve' serves only the game it writes, so two tables may share a folder (each its own
    port); a serve of the whole folder is refused while they run."""
    import signal

    procs = []
    try:
        for name in ("a", "b"):
            port = free_port()
            log = (tmp_path / f"{name}.log").open("w")
            procs.append(subprocess.Popen([EXE, "new", str(tmp_path / f"{name}.jsonl"), "--players", "A,B,C,D",
                                           "--serve", "--port", str(port), "--no-qr"], stdout=log, stderr=log))
            deadline = time.monotonic() + 30
            while "Serving 1 game(s)" not in (tmp_path / f"{name}.log").read_text():
                assert procs[-1].poll() is None, (tmp_path / f"{name}.log").read_text()
                assert time.monotonic() < deadline
                time.sleep(0.1)
        whole = subprocess.run([EXE, "serve", "--dir", str(tmp_path), "--port", str(free_port()), "--no-qr"],
                               capture_output=True, text=True, timeout=30)
        assert whole.returncode == 2 and "already served by another lifeboat serve (pid " in whole.stderr
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=30)
    for name in ("a", "b"):  # Ctrl-C said nothing: the shell's prompt followed '^C'
        assert (tmp_path / f"{name}.log").read_text().endswith(
            "\nStopped. Every decision is in the games' journals; serve them again with the same links.\n")


def test_the_links_in_chinese_name_the_roles_and_characters_in_chinese_in_one_column(tmp_path: Path) -> None:
    """A new user's finding: under --lang zh the links said 'referee', 'spectator' and '小安 (The Kid)', and a
    Chinese name pushed its link two columns out of line (padding counted characters, not columns)."""
    from rich.cells import cell_len

    port = free_port()
    proc, out = serve_until_ready(["new", "g.jsonl", "--players", "小安,阿宝,Cy,Dee", "--seed", "3", "--serve",
                                   "--no-qr", "--lang", "zh", "--port", str(port), "--bots", "Cy,Dee",
                                   "--bot-delay", "0"], tmp_path)
    try:
        lines = [line for line in out.splitlines() if "/play/" in line]
        labels = [line.split("http")[0].strip() for line in lines]
        assert labels[:2] == ["裁判", "观众"] and len(labels) == 4
        assert all(re.fullmatch(r"(小安|阿宝)（[^\x00-\x7f]+）", x) for x in labels[2:]), labels
        assert len({cell_len(line.split("http")[0]) for line in lines}) == 1  # the links start in one column
    finally:
        stop(proc)
