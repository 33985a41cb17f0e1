"""An HTTP server on 127.0.0.1 that answers each request with whatever the test's ``route`` returns.

For the transport's own tests: statuses, headers, event streams that end early, bodies cut short,
answers that never come. ``route(request)`` gets the method, path, lower-cased headers and the parsed
JSON body (None when there is none) and returns a ``Reply``; every request is kept in ``requests``.
A header sent twice reads as its values joined with ", " (RFC 9110's combined field value), so a
client that doubles a header instead of replacing it is seen doing so.
"""

from __future__ import annotations

import json
import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.loopback_http import LoopbackHttpServer


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass(frozen=True)
class Reply:
    """One answer. ``content_type=None`` sends no Content-Type; ``length`` overrides Content-Length
    (a larger one cuts the body short); ``stream=True`` sends no length and closes after the body;
    ``hold=True`` answers nothing until the server stops; ``drop=True`` hangs up without answering;
    ``feed`` keeps the body open and writes each text put on it, until None (or the server stops)."""

    status: int = 200
    body: bytes = b""
    content_type: str | None = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    length: int | None = None
    stream: bool = False
    hold: bool = False
    drop: bool = False
    feed: queue.Queue[str | None] | None = None


def json_reply(message: Any, **headers: str) -> Reply:
    return Reply(body=json.dumps(message).encode(), headers=headers)


def sse_reply(*events: str, **headers: str) -> Reply:
    """An event stream of the given raw events (each one gets its blank line)."""
    return Reply(
        body="".join(f"{e}\n\n" for e in events).encode(), content_type="text/event-stream", headers=headers
    )


class ScriptedHttpServer(LoopbackHttpServer):
    def __init__(self, route: Callable[[Request], Reply]) -> None:
        self.route = route
        self.requests: list[Request] = []
        super().__init__(_handler(self))

    def of(self, method: str) -> list[Request]:
        return [r for r in self.requests if r.method == method]


def _handler(server: ScriptedHttpServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            return

        def _answer(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            request = Request(
                self.command,
                self.path,
                {k.lower(): ", ".join(self.headers.get_all(k, [])) for k in self.headers},
                json.loads(raw) if raw else None,
            )
            server.requests.append(request)
            reply = server.route(request)
            if reply.hold:
                server.stopping.wait(30)
                return
            if reply.drop:
                self.close_connection = True
                return
            self.send_response(reply.status)
            if reply.content_type is not None:
                self.send_header("Content-Type", reply.content_type)
            if reply.stream or reply.feed is not None:
                self.send_header("Connection", "close")
                self.close_connection = True
            else:
                self.send_header("Content-Length", str(reply.length or len(reply.body)))
            for key, value in reply.headers.items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(reply.body)
            self.wfile.flush()
            while reply.feed is not None and not server.stopping.is_set():
                try:
                    chunk = reply.feed.get(timeout=0.05)
                except queue.Empty:
                    continue
                if chunk is None:
                    break
                self.wfile.write(chunk.encode())
                self.wfile.flush()
            if reply.length is not None and reply.length > len(reply.body):
                self.close_connection = True  # the promised rest never comes

        do_GET = do_POST = do_DELETE = _answer

    return Handler
