"""Tools seen from above: the one contract the workshop, enrichment and the Ralph loop call tools through.

``sofia_nb.mcp.McpManager`` is the real host; ``sofia_nb.consent.ConsentedTools`` wraps any host so
that nothing is sent without consent. Every failure a host raises is a ``ToolCallError`` with a
``kind``, so callers branch on a typed field instead of guessing.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from ._models import CallToolResult, Tool

Origin = Literal["model", "program"]
"""Who asked for a call: the model (its tool loop) or the product itself (enrichment, publishing)."""


class ToolCallError(Exception):
    """A tool call that did not produce a result. ``kind`` is a stable lowercase tag."""

    kind: str = "error"


class ToolHost(Protocol):
    """List a server's tools and call one (an ``isError`` result is returned, every other failure
    raises a ``ToolCallError``)."""

    @property
    def servers(self) -> list[str]: ...

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]: ...  # noqa: ASYNC109

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 - the per-call deadline
        *,
        origin: Origin = "program",
    ) -> CallToolResult: ...


def error_kind(exc: BaseException) -> str:
    """The ``kind`` of a failed call: a ``ToolCallError``'s own, else ``"error"``."""
    return exc.kind if isinstance(exc, ToolCallError) else "error"
