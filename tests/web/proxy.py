"""A TCP proxy a test starts and kills: the database server "goes down" for the processes that reach it through
the proxy, and comes back, while the machine's PostgreSQL (which other tests use) is never touched."""

from __future__ import annotations

import socket
import threading


class Proxy:
    """Forwards ``127.0.0.1:port`` to ``target`` (host, port) while started; :meth:`stop` closes the listening
    socket and cuts every open connection, as a server that went down would."""

    def __init__(self, port: int, target: tuple[str, int]) -> None:
        self.port, self.target = port, target
        self._socks: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None

    def start(self) -> Proxy:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            if listener is not self._listener:  # stopped while accepting: that connection is refused too
                client.close()
                return
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._socks.update((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def stop(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            try:  # wakes the thread blocked in accept (a close alone would leave it accepting)
                listener.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            listener.close()
        with self._lock:
            socks, self._socks = self._socks, set()
        for s in socks:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()
