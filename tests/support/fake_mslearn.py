"""A fake Microsoft Learn MCP server on 127.0.0.1 (Streamable HTTP, like learn.microsoft.com/api/mcp) with
its real tool names: ``microsoft_docs_search``, ``microsoft_docs_fetch``, ``microsoft_code_sample_search``."""

from __future__ import annotations

from typing import Any

from .loopback_mcp import LoopbackMcpServer, text_result


def _tool(name: str, description: str, required: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {required: {"type": "string"}, **(extra or {})}
    return {
        "name": name,
        "description": description,
        "inputSchema": {"type": "object", "properties": props, "required": [required]},
        "annotations": {"readOnlyHint": True, "openWorldHint": True},
    }


TOOLS = [
    _tool("microsoft_docs_search", "Search official Microsoft/Azure documentation", "query"),
    _tool("microsoft_docs_fetch", "Fetch a Microsoft Learn page as markdown", "url"),
    _tool(
        "microsoft_code_sample_search",
        "Search code samples in Microsoft Learn",
        "query",
        {"language": {"type": "string"}},
    ),
]


class FakeMsLearn(LoopbackMcpServer):
    def __init__(self) -> None:
        super().__init__("mslearn-fake", TOOLS, self._handle)

    def _handle(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        query = args.get("query") or args.get("url", "")
        return text_result(
            f"LEARN: Azure guidance for '{query[:60]}': use DefaultAzureCredential and managed identity.\n"
            "Source: https://learn.microsoft.com/azure/fake-page"
        )
