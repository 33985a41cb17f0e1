"""A minimal Streamable HTTP MCP server on 127.0.0.1 for fakes of remote services (GitHub, Context7, Learn).

It answers each POST with one JSON response (allowed by the transport spec), hands out a session id,
lists the tools it was given with their real schemas, and records every ``tools/call``.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.loopback_http import LoopbackHttpServer

Handler = Callable[[str, dict[str, Any]], dict[str, Any]]
"""(tool, arguments) -> a ``CallToolResult`` dict (``content``, ``structuredContent``, ``isError``)."""


def text_result(text: str, structured: Any = None, is_error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": is_error}
    if structured is not None:
        result["structuredContent"] = structured
    return result


class LoopbackMcpServer(LoopbackHttpServer):
    """``with LoopbackMcpServer("name", tools, handler) as s: s.url``; ``s.calls`` lists (tool, args)."""

    def __init__(self, name: str, tools: list[dict[str, Any]], handler: Handler) -> None:
        self.name = name
        self.tools = tools
        self.handler = handler
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.authorizations: list[str | None] = []
        """The ``Authorization`` header of every POST, as received."""
        self.required_authorization: str | None = None
        """When set, a POST carrying another ``Authorization`` gets HTTP 401, as GitHub answers."""
        self.session_id = uuid.uuid4().hex
        super().__init__(_request_handler(self))

    def entry(self) -> dict[str, Any]:
        """The mcp.json server entry for this fake."""
        return {"type": "http", "url": self.url}

    def calls_to(self, tool: str) -> list[dict[str, Any]]:
        return [args for name, args in self.calls if name == tool]

    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        method, params = msg.get("method"), msg.get("params") or {}
        if "id" not in msg:
            return None  # a notification
        if method == "initialize":
            result: dict[str, Any] = {
                "protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {"listChanged": False}},
                "serverInfo": {"name": self.name, "version": "0.0.0-fake"},
            }
        elif method == "ping":
            result = {}
        elif method == "tools/list":
            result = {"tools": self.tools}
        elif method == "tools/call":
            args = params.get("arguments") or {}
            self.calls.append((params["name"], args))
            result = self.handler(params["name"], args)
        else:
            return {
                "jsonrpc": "2.0",
                "id": msg["id"],
                "error": {"code": -32601, "message": f"no method {method}"},
            }
        return {"jsonrpc": "2.0", "id": msg["id"], "result": result}


def _request_handler(fake: LoopbackMcpServer) -> type[BaseHTTPRequestHandler]:
    class RequestHandler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_GET(self) -> None:
            self.send_response(405)
            self.send_header("Allow", "POST, DELETE")
            self.end_headers()

        def do_DELETE(self) -> None:
            self.send_response(200)
            self.end_headers()

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            authorization = self.headers.get("Authorization")
            fake.authorizations.append(authorization)
            if fake.required_authorization is not None and authorization != fake.required_authorization:
                self.send_response(401)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            reply = fake.answer(json.loads(body))
            if reply is None:
                self.send_response(202)
                self.end_headers()
                return
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Mcp-Session-Id", fake.session_id)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return RequestHandler
