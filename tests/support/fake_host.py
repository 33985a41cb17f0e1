"""An in-process tool host answering from a table: what the loop, enrichment and consent tests call
through, with every call recorded."""

from __future__ import annotations

from typing import Any

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.protocol import CallToolResult, TextContent, Tool


class FakeCaller:
    """An in-process stand-in for McpManager: records calls, answers from a table, raises for failures."""

    def __init__(self, answers: dict[tuple[str, str], str | Exception]) -> None:
        self.answers = answers
        self.calls: list[tuple[str, str, dict[str, Any]]] = []

    @property
    def servers(self) -> list[str]:
        return sorted({server for server, _ in self.answers})

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:
        return [Tool(name=tool, input_schema={"type": "object"}) for s, tool in self.answers if s == server]

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        timeout: float | None = None,
        *,
        origin: str = "program",
    ) -> CallToolResult:
        self.calls.append((server, tool, dict(arguments or {})))
        answer = self.answers[server, tool]
        if isinstance(answer, Exception):
            raise answer
        return CallToolResult(content=[TextContent(text=answer)])


def allowed(host: Any) -> ConsentedTools:
    """``host`` behind a gate that allows every call (the loop accepts only a gated host)."""
    return ConsentedTools(host, ConsentBroker(PolicyConsent("allow-all")))
