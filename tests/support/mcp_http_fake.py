"""A Streamable HTTP MCP server on 127.0.0.1 with switchable faults, for the client's HTTP tests.

Faults: ``status`` (every POST answers that HTTP status; only ``tools/call`` POSTs with
``status_on_calls``), ``expire_once`` (the first tools/call after
the handshake gets 404, as for an expired session), ``malformed`` (200 with a body that is not
JSON-RPC), ``hang`` (never answers a tools/call). ``sse=True`` answers requests as event streams
that start with an empty priming event and carry a log notification before the response
(as server-everything does).
``legacy=True`` speaks only the old HTTP+SSE transport (GET /sse, POST /message). Every request is
recorded in ``requests`` (method, path, headers).
"""

from __future__ import annotations

import itertools
import json
import queue
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.loopback_http import LoopbackHttpServer

TOOL = {
    "name": "echo",
    "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
    "annotations": {"readOnlyHint": True},
}
WRITE_TOOL = {
    "name": "create_thing",
    "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
    "annotations": {"readOnlyHint": False, "idempotentHint": False},
}


class FakeHttpServer(LoopbackHttpServer):
    def __init__(
        self,
        *,
        status: int | None = None,
        status_on_calls: bool = False,
        sse: bool = False,
        expire_once: bool = False,
        malformed: bool = False,
        hang: bool = False,
        legacy: bool = False,
    ) -> None:
        self.status, self.sse, self.expire_once = status, sse, expire_once
        self.status_on_calls = status_on_calls
        self.malformed, self.hang, self.legacy = malformed, hang, legacy
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self._sessions = itertools.count(1)
        self._session: str | None = None
        self._expired = False
        self._legacy_queue: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.path = "sse" if legacy else "mcp"
        super().__init__(_handler(self))

    def _released(self) -> None:
        self._legacy_queue.put(None)

    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        """The JSON-RPC response to ``msg`` (None for notifications and responses)."""
        method, rid = msg.get("method"), msg.get("id")
        if method is None or rid is None:
            return None
        if method == "initialize":
            result: dict[str, Any] = {
                "protocolVersion": msg["params"]["protocolVersion"],
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "http-fake", "version": "1"},
            }
        elif method == "tools/list":
            result = {"tools": [TOOL, WRITE_TOOL]}
        elif method == "tools/call":
            result = {"content": [{"type": "text", "text": msg["params"]["arguments"].get("text", "")}]}
        else:
            result = {}
        return {"jsonrpc": "2.0", "id": rid, "result": result}


def _handler(fake: FakeHttpServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            return

        def _record(self) -> None:
            fake.requests.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()}))

        def _reply(
            self,
            status: int,
            body: bytes = b"",
            content_type: str = "application/json",
            headers: dict[str, str] | None = None,
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            self._record()
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            if fake.legacy:
                if self.path.startswith("/message"):
                    self._reply(202)
                    answer = fake.answer(body)
                    if answer is not None:
                        fake._legacy_queue.put(answer)
                else:
                    self._reply(405, b"use GET /sse")
                return
            if fake.status is not None and (not fake.status_on_calls or body.get("method") == "tools/call"):
                self._reply(fake.status, b'{"error": "nope"}')
                return
            if fake.hang and body.get("method") == "tools/call":
                fake.stopping.wait(30)
                return
            if body.get("method") == "initialize":
                fake._session = f"session-{next(fake._sessions)}"
            elif self.headers.get("Mcp-Session-Id") != fake._session:
                self._reply(404, b"unknown session")
                return
            elif body.get("method") == "tools/call" and fake.expire_once and not fake._expired:
                fake._expired = True
                fake._session = None
                self._reply(404, b"session expired")
                return
            if fake.malformed and body.get("method") == "tools/call":
                self._reply(200, b'{"jsonrpc": "2.0", "id": ')
                return
            answer = fake.answer(body)
            session = {"Mcp-Session-Id": fake._session or ""}
            if answer is None:
                self._reply(202, headers=session)
            elif fake.sse:
                log = {
                    "jsonrpc": "2.0",
                    "method": "notifications/message",
                    "params": {"level": "info", "data": "hi"},
                }
                stream = "id: 0\ndata:\n\n" + "".join(
                    f"event: message\ndata: {json.dumps(m)}\n\n" for m in (log, answer)
                )
                self._reply(200, stream.encode(), "text/event-stream", session)
            else:
                self._reply(200, json.dumps(answer).encode(), headers=session)

        def do_GET(self) -> None:
            self._record()
            if not fake.legacy:
                self._reply(405)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"event: endpoint\ndata: /message?sessionId=legacy-1\n\n")
            self.wfile.flush()
            while (msg := fake._legacy_queue.get()) is not None:  # None: the server is stopping
                self.wfile.write(f"event: message\ndata: {json.dumps(msg)}\n\n".encode())
                self.wfile.flush()

        def do_DELETE(self) -> None:
            self._record()
            self._reply(200)

    return Handler
