"""A fake Context7 MCP server on 127.0.0.1 (Streamable HTTP, as mcp.context7.com serves it) with the real
tool names: ``resolve-library-id`` then ``query-docs``. ``broken=True`` answers every call with an error."""

from __future__ import annotations

from typing import Any

from .loopback_mcp import LoopbackMcpServer, text_result

RESOLVE = {
    "name": "resolve-library-id",
    "description": "Resolves a package/product name to a Context7-compatible library ID.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What the user is trying to do"},
            "libraryName": {"type": "string", "description": "Library name to search for"},
        },
        "required": ["query", "libraryName"],
    },
    "annotations": {"readOnlyHint": True, "openWorldHint": True},
}
QUERY_DOCS = {
    "name": "query-docs",
    "description": "Fetches up-to-date documentation for a library by its Context7-compatible ID.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "libraryId": {
                "type": "string",
                "description": "Context7-compatible library ID, e.g. /org/project",
            },
            "query": {"type": "string", "description": "The question to answer from the docs"},
        },
        "required": ["libraryId", "query"],
    },
    "annotations": {"readOnlyHint": True, "openWorldHint": True},
}


class FakeContext7(LoopbackMcpServer):
    def __init__(self, broken: bool = False) -> None:
        super().__init__("context7-fake", [RESOLVE, QUERY_DOCS], self._handle)
        self.broken = broken

    def _handle(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        if self.broken:
            return text_result("Context7 API error: 503 Service Unavailable", is_error=True)
        if tool == "resolve-library-id":
            name = args["libraryName"].lower()
            return text_result(
                f"- Title: {name}\n- Context7-compatible library ID: /fake/{name}\n- Trust score: 9"
            )
        return text_result(f"DOCS for {args['libraryId']}: {args['query'][:80]} -- use the documented API.")
