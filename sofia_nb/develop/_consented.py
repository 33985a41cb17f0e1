"""The loop's own tool calls (enrichment, GitHub) asked for first, like the workshop's.

Enrichment sends failing test output to documentation and search services and the GitHub adapter
writes a repository: neither may happen unless a person or the run's consent policy allowed it.
"""

from __future__ import annotations

from typing import Any

from ..consent import ConsentBroker
from ..mcp import ToolLister
from ..protocol import CallToolResult, Tool
from ._enrich import ToolCaller


class ConsentDenied(Exception):
    """A tool call was refused before it was sent (the reason says by whom)."""


class ConsentedCaller:
    """A ``ToolCaller`` that asks ``broker`` before every call and sends nothing on a deny."""

    def __init__(self, caller: ToolCaller, broker: ConsentBroker) -> None:
        self.caller = caller
        self.broker = broker

    @property
    def servers(self) -> list[str]:
        return self.caller.servers

    async def list_tools(self, server: str) -> list[Tool]:
        """Listing sends nothing of the project, so it needs no consent (finding the search tool)."""
        if not isinstance(self.caller, ToolLister):
            return []
        return await self.caller.list_tools(server)

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 - McpManager's signature
    ) -> CallToolResult:
        decision = await self.broker.ask(f"{server}/{tool}", arguments)
        if not decision.allowed:
            raise ConsentDenied(
                f"consent denied for {server}/{tool} ({decision.decided_by}: {decision.reason})"
            )
        return await self.caller.call_tool(server, tool, arguments, timeout)
