"""A second server implementation for the client's tests: the official ``mcp`` SDK's ``MCPServer`` on stdio.

Dual-era (it answers ``initialize`` and ``server/discover``), so it also exercises the modern probe.
"""

from __future__ import annotations

from mcp.server import MCPServer
from mcp.types import ToolAnnotations
from pydantic import BaseModel

server = MCPServer("sdk-fake", version="1.0")


class Sum(BaseModel):
    total: int


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def add(a: int, b: int) -> Sum:
    """Add two integers."""
    return Sum(total=a + b)


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def shout(text: str) -> str:
    """Upper-case the text."""
    return text.upper()


@server.tool()
def explode() -> str:
    """Always fails."""
    raise ValueError("boom")


if __name__ == "__main__":
    server.run("stdio")
