"""The enrichment arm's fake Context7 / web-search MCP server: ``python enrich_server.py context7|search``.

A real stdio MCP process (the demo servers' framing) with the real services' tool names:
``context7`` offers ``resolve-library-id`` and ``query-docs``, ``search`` offers ``web_search``. Both
answer from ``corpus.yaml`` beside this file and never reach a network.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sofia_nb.protocol import (
    CallToolResult,
    ServedTool,
    TextContent,
    Tool,
    ToolAnnotations,
    ToolFailure,
    run_stdio,
)
from sofia_nb.workshop.demo_servers import (
    WEB_SEARCH_TOOL,
    SearchResult,
    WebSearchOutput,
    json_result,
    logged_server,
)

CORPUS = yaml.safe_load((Path(__file__).with_name("corpus.yaml")).read_text())
READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def _schema(**properties: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {name: {"type": "string", "description": text} for name, text in properties.items()},
        "required": list(properties),
    }


RESOLVE = Tool(
    name="resolve-library-id",
    description="Resolves a package/product name to a Context7-compatible library ID.",
    input_schema=_schema(query="What the user is trying to do", libraryName="Library name to search for"),
    annotations=READ_ONLY,
)
QUERY_DOCS = Tool(
    name="query-docs",
    description="Fetches up-to-date documentation for a library by its Context7-compatible ID.",
    input_schema=_schema(libraryId="Context7-compatible library ID", query="The question to answer"),
    annotations=READ_ONLY,
)


def _text(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(text=text)])


def resolve(arguments: dict[str, Any]) -> CallToolResult:
    name = arguments["libraryName"].lower()
    for library in CORPUS["libraries"]:
        if library["name"] == name:
            return _text(f"- Title: {name}\n- Context7-compatible library ID: {library['id']}")
    return _text(f"No libraries found matching {name!r}.")


def query_docs(arguments: dict[str, Any]) -> CallToolResult:
    for library in CORPUS["libraries"]:
        if library["id"] == arguments["libraryId"]:
            return _text(library["docs"])
    raise ToolFailure(f"unknown library id {arguments['libraryId']!r}")


def web_search(arguments: dict[str, Any]) -> CallToolResult:
    query = arguments["query"].lower()
    hits = [
        SearchResult(title=e["title"], url=e["url"], snippet=e["snippet"].strip())
        for e in CORPUS["search"]
        if e["match"] in query
    ]
    return json_result(
        WebSearchOutput(results=hits[: arguments.get("max_results", 5)]).model_dump(mode="json")
    )


SEARCH = WEB_SEARCH_TOOL.model_copy(
    update={
        "title": "Web search",
        "description": "Search the web. Returns results with title, url and snippet.",
    }
)
TOOLS = {
    "context7": [ServedTool(RESOLVE, resolve), ServedTool(QUERY_DOCS, query_docs)],
    "search": [ServedTool(SEARCH, web_search)],
}


if __name__ == "__main__":
    run_stdio(logged_server(f"fixloop-fake-{sys.argv[1]}", "0.0.0-bench", TOOLS[sys.argv[1]]))
