"""Finding the web-search tool among the configured servers, so search works without a setting."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from ..protocol import ToolHost

SEARCH_TOOL_NAMES = ("web_search", "brave_web_search", "tavily-search", "web_search_exa")
"""Known search tools, most preferred first: generic, Brave, Tavily, Exa."""


async def find_search_tool(host: ToolHost, servers: Sequence[str]) -> tuple[str, str] | None:
    """``(server, tool)`` of the first known search tool: by name preference, then server order.

    The servers are asked in parallel; each listing keeps its own query deadline and is cached by the
    host, so only servers not yet known are asked. A server that fails to list is passed over.
    """
    listings = await asyncio.gather(*(host.list_tools(s) for s in servers), return_exceptions=True)
    offered = {
        server: {tool.name for tool in listing}
        for server, listing in zip(servers, listings, strict=True)
        if not isinstance(listing, BaseException)
    }
    for name in SEARCH_TOOL_NAMES:
        for server in servers:
            if name in offered.get(server, ()):
                return server, name
    return None


def search_off_message(setting: str) -> str:
    """The one line saying search is off, and how to turn it on."""
    return (
        f"Web search is off: no configured MCP server offers {', '.join(SEARCH_TOOL_NAMES)}; "
        f'add one to .vscode/mcp.json or set {setting} = "server/tool".'
    )
