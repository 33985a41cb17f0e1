"""The lifecycle every loopback HTTP fake shares: a threaded server on 127.0.0.1, a daemon thread,
``with`` to start and stop it.

``serve_forever`` polls for shutdown every 0.05 s rather than its default 0.5 s: stopping a fake
is part of every HTTP test, and half a second each added up to minutes of the suite and of each
mutation run.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Self

POLL_S = 0.05


class LoopbackHttpServer:
    """Subclasses pass their request handler class; ``url`` is ``http://127.0.0.1:PORT/`` + ``path``."""

    path = "mcp"

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.stopping = threading.Event()
        """Set when the server stops: handlers holding a stream open end it."""
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(POLL_S,), daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/{self.path}"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stopping.set()
        self._released()
        self._httpd.shutdown()
        self._httpd.server_close()

    def _released(self) -> None:
        """What a subclass wakes before the server stops (a handler waiting on a queue)."""
