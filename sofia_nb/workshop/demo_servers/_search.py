"""The demo's offline web-search tool and the server that offers it.

One tool, ``web_search {query, max_results?}`` → ``{results: [{title, url, snippet, published}]}``, the shape
web-search MCP tools use, answered from the bundled corpus about the demo company. Read-only and
closed-world: it never reaches a network. Calls are counted in ``$SOFIA_TOOL_CALL_LOG`` when set.
"""

from __future__ import annotations

from typing import Any

from ..._version import __version__
from ...protocol import CallToolResult, ServedTool, Tool, ToolAnnotations, ToolServer
from ._corpus import WebSearchOutput, search_corpus
from ._served import call_log_from_env, json_result, logged_server

SERVER_NAME = "sofia-demo-search"
TOOL_NAME = "web_search"
MAX_RESULTS = 10

WEB_SEARCH_TOOL = Tool(
    name=TOOL_NAME,
    title="Web search (offline demo corpus)",
    description=(
        "Search the web for company news, competitors and industry trends. Returns results with "
        "title, url, snippet and publication date. This demo server answers from a bundled offline corpus."
    ),
    input_schema={
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "description": "What to search for."},
            "max_results": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_RESULTS,
                "default": 5,
                "description": "How many results to return at most.",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    },
    output_schema=WebSearchOutput.model_json_schema(),
    annotations=ToolAnnotations(
        read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
)


def _web_search(arguments: dict[str, Any]) -> CallToolResult:
    found = search_corpus(arguments["query"], arguments.get("max_results", 5))
    return json_result(found.model_dump(mode="json"))


def build_server() -> ToolServer:
    """The server, counting calls in the file named by ``SOFIA_TOOL_CALL_LOG`` (if set)."""
    return logged_server(
        SERVER_NAME,
        __version__,
        [ServedTool(WEB_SEARCH_TOOL, _web_search)],
        instructions="Offline demo search over a fixed corpus about Valdora Fresh Distribution.",
        call_log=call_log_from_env(),
    )
