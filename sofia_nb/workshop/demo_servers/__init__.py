"""Offline MCP servers bundled for the demo, so its enrichment and tool calls are real MCP traffic.

The search server answers ``web_search {query, max_results?}`` from a corpus about the demo's
fictional company (facts in this folder's README.md). :func:`search_server_entry` gives the MCP
config entry that starts it; :func:`count_calls` reads the call log the server keeps when
``SOFIA_TOOL_CALL_LOG`` is set.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from ._corpus import SearchResult, WebSearchOutput, load_corpus, search_corpus
from ._search import SERVER_NAME, TOOL_NAME, WEB_SEARCH_TOOL, build_server
from ._served import CALL_LOG_ENV, call_log_from_env, count_calls, json_result, logged_server

DEMO_SEARCH_SERVER = "demo-search"
"""The name the demo's MCP config gives the search server; its tool is ``demo-search/web_search``."""

SEARCH_SERVER_MODULE = "sofia_nb.workshop.demo_servers.search_server"


def search_server_entry(call_log: Path | None = None) -> dict[str, Any]:
    """The stdio server entry (VS Code ``mcp.json`` shape) that starts the search server.

    It runs with this interpreter, so it works from any working directory; with ``call_log`` (else
    ``$SOFIA_TOOL_CALL_LOG``) the server appends every ``tools/call`` it receives to that file. A
    stdio server gets only the allow-listed environment, so the entry names what it needs: the log,
    and ``PYTHONPATH`` when sofia_nb is found through it.
    """
    entry: dict[str, Any] = {"type": "stdio", "command": sys.executable, "args": ["-m", SEARCH_SERVER_MODULE]}
    env = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}
    call_log = call_log or call_log_from_env()
    if call_log is not None:
        env[CALL_LOG_ENV] = str(call_log)
    if env:
        entry["env"] = env
    return entry


__all__ = [
    "CALL_LOG_ENV",
    "DEMO_SEARCH_SERVER",
    "SEARCH_SERVER_MODULE",
    "SERVER_NAME",
    "TOOL_NAME",
    "WEB_SEARCH_TOOL",
    "SearchResult",
    "WebSearchOutput",
    "build_server",
    "call_log_from_env",
    "count_calls",
    "json_result",
    "load_corpus",
    "logged_server",
    "search_corpus",
    "search_server_entry",
]
