"""A stand-in for a web-search MCP server: ``python -m tests.support.fake_websearch``.

Same tool as the demo server and as web-search MCP servers: ``web_search {query, max_results?}``
→ ``{results: [{title, url, snippet}]}``. Results echo the query, so a test can see what reached
the server. Mode from ``FAKE_WEBSEARCH_MODE`` (see ``fake_mcp``); ``FAKE_WEBSEARCH_TOOL`` renames
the tool as other search servers name it (Brave's ``brave_web_search``, Tavily's ``tavily-search``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

from sofia_nb.protocol import CallToolResult, ServedTool, ToolFailure, ToolServer
from sofia_nb.workshop.demo_servers import (
    WEB_SEARCH_TOOL,
    SearchResult,
    WebSearchOutput,
    call_log_from_env,
    json_result,
    logged_server,
)
from tests.support import fake_mcp

MODULE = "fake_websearch"
MODE_ENV = "FAKE_WEBSEARCH_MODE"
TOOL_ENV = "FAKE_WEBSEARCH_TOOL"
SERVER_NAME = "fake-websearch"
RESULTS_PER_QUERY = 3
TOOL = WEB_SEARCH_TOOL.model_copy(
    update={
        "title": "Web search",
        "description": "Search the web. Returns results with title, url and snippet.",
    }
)


def entry(mode: fake_mcp.Mode = "ok", call_log: Path | None = None, tool: str = TOOL.name) -> dict[str, Any]:
    """The ``mcp.json`` entry that starts this fake, offering its search tool as ``tool``."""
    server = fake_mcp.entry(MODULE, MODE_ENV, mode, call_log)
    server["env"][TOOL_ENV] = tool
    return server


def _answer(mode: fake_mcp.Mode, arguments: dict[str, Any]) -> CallToolResult:
    if mode == "auth-expired":
        raise ToolFailure("web search backend refused the request: 401 Unauthorized (API key expired)")
    query = arguments["query"]
    count = min(arguments.get("max_results", 5), RESULTS_PER_QUERY)
    results = [
        SearchResult(
            title=f"Result {i} for {query}",
            url=f"https://search.example/{i}?q={quote_plus(query)}",
            snippet=f"Snippet {i} about {query}.",
        )
        for i in range(1, count + 1)
    ]
    return json_result(WebSearchOutput(results=results).model_dump(mode="json"))


def build(mode: fake_mcp.Mode) -> ToolServer:
    return logged_server(
        SERVER_NAME,
        "0.0.0-test",
        [
            ServedTool(
                TOOL.model_copy(update={"name": os.environ.get(TOOL_ENV, TOOL.name)}),
                lambda arguments: _answer(mode, arguments),
            )
        ],
        call_log=call_log_from_env(),
    )


if __name__ == "__main__":
    fake_mcp.run(MODE_ENV, build, "fake web search: backend unreachable (simulated outage)")
