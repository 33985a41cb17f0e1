"""The one consent gate for tool calls: the workshop's tool loop, enrichment and the Ralph loop use it."""

from __future__ import annotations

from typing import Any

from ..protocol import CallToolResult, Origin, Tool, ToolCallError, ToolHost
from ._broker import ConsentBroker


class ConsentDenied(ToolCallError):
    """A tool call refused before it was sent; ``decided_by`` and ``reason`` say by whom and why."""

    kind = "denied"

    def __init__(self, tool: str, reason: str, decided_by: str) -> None:
        super().__init__(f"consent denied for {tool} ({decided_by}: {reason})")
        self.tool = tool
        self.reason = reason
        self.decided_by = decided_by


async def permit(
    broker: ConsentBroker | None, tool: str, arguments: dict[str, Any] | None, description: str = ""
) -> None:
    """Return when ``tool`` (``server/tool``) may run with ``arguments``, else raise ``ConsentDenied``.

    Without a broker nobody can answer, so the call is denied: the headless default is deny.
    """
    if broker is None:
        raise ConsentDenied(tool, "no one can give consent", "no broker")
    decision = await broker.ask(tool, arguments, description=description)
    if not decision.allowed:
        raise ConsentDenied(tool, decision.reason, decision.decided_by)


class ConsentedTools:
    """A ``ToolHost`` that asks ``broker`` before every call and sends nothing on a deny.

    Without a broker every call is denied (see ``permit``). Listing tools needs no consent: it
    sends nothing of the user's.
    """

    def __init__(self, host: ToolHost, broker: ConsentBroker | None) -> None:
        self.host = host
        self.broker = broker

    @property
    def servers(self) -> list[str]:
        return self.host.servers

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:  # noqa: ASYNC109
        return await self.host.list_tools(server, timeout)

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 - the host's per-call deadline
        *,
        origin: Origin = "program",
        description: str = "",
    ) -> CallToolResult:
        await permit(self.broker, f"{server}/{tool}", arguments, description)
        return await self.host.call_tool(server, tool, arguments, timeout, origin=origin)
