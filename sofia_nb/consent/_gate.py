"""The one consent gate for tool calls, held as a type: ``ConsentedTools``.

A raw ``ToolHost`` (an ``McpManager``) sends whatever it is asked to. The workshop's tool loop,
its enrichment and the Ralph loop never get one: they are handed a ``ConsentedTools``, whose only
way to send a call is to ask first, with the arguments that will be sent. So consent cannot be
forgotten by a new tool or a new caller, and what a person approved is what goes out.

When consent is asked: before every call, never after (a call already sent cannot be taken back);
for a few calls a step makes together (three searches, three WorkIQ questions) once, with the
question listing each call's arguments (``allow``), and then exactly those calls can be sent.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
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
    broker: ConsentBroker | None,
    tool: str,
    arguments: dict[str, Any] | None,
    description: str = "",
    *,
    credential_allowed: bool = False,
) -> None:
    """Return when ``tool`` (``server/tool``) may run with ``arguments``, else raise ``ConsentDenied``.

    Without a broker nobody can answer, so the call is denied: the headless default is deny.
    ``credential_allowed``: the server's entry lets a person allow arguments that carry a credential.
    """
    if broker is None:
        raise ConsentDenied(tool, "no one can give consent", "no broker")
    decision = await broker.ask(
        tool, arguments, description=description, credential_allowed=credential_allowed
    )
    if not decision.allowed:
        raise ConsentDenied(tool, decision.reason, decision.decided_by)


@dataclass(frozen=True)
class AllowedCall:
    """One call a person allowed, with the arguments they saw; ``send`` sends exactly those."""

    host: ToolHost
    server: str
    tool: str
    arguments: dict[str, Any]
    origin: Origin = "program"

    async def send(self, timeout: float | None = None) -> CallToolResult:  # noqa: ASYNC109
        """Send the call (``timeout``: the host's per-call deadline)."""
        return await self.host.call_tool(self.server, self.tool, self.arguments, timeout, origin=self.origin)


class ConsentedTools:
    """The gated tool host: asks ``broker`` before every call and sends nothing on a deny.

    Without a broker every call is denied (see ``permit``). Listing tools needs no consent: it
    sends nothing of the user's.
    """

    def __init__(self, host: ToolHost, broker: ConsentBroker | None) -> None:
        if isinstance(host, ConsentedTools):
            raise TypeError("the host is gated already: asking twice would ask the person twice")
        self._host = host
        self.broker = broker

    @property
    def servers(self) -> list[str]:
        return self._host.servers

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:  # noqa: ASYNC109
        return await self._host.list_tools(server, timeout)

    async def allow(
        self,
        server: str,
        tool: str,
        calls: Sequence[dict[str, Any]],
        *,
        description: str = "",
        origin: Origin = "program",
    ) -> list[AllowedCall]:
        """One question for ``calls`` to ``server/tool``; the calls, each ready to send, or
        ``ConsentDenied``. The question carries one call's arguments as they are, several as
        ``{"calls": [...]}``; each call sends a copy of what was asked, so a change to the caller's
        dictionaries, during the question or after it, cannot change what is sent."""
        if not calls:
            return []
        # Copied before the question: while a person reads it, the caller's dictionaries may change.
        asked = [copy.deepcopy(arguments) for arguments in calls]
        shown = asked[0] if len(asked) == 1 else {"calls": asked}
        allowed = _sends_credentials(self._host, server)
        await permit(self.broker, f"{server}/{tool}", shown, description, credential_allowed=allowed)
        return [AllowedCall(self._host, server, tool, arguments, origin) for arguments in asked]

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
        """Ask for this one call with its arguments, then send it (``ConsentDenied`` on a deny)."""
        (call,) = await self.allow(server, tool, [arguments or {}], description=description, origin=origin)
        return await call.send(timeout)


def _sends_credentials(host: ToolHost, server: str) -> bool:
    """Whether ``server``'s entry says ``sendCredentials: true``; False for a host without entries."""
    entry = getattr(host, "entry", None)
    try:
        return entry is not None and getattr(entry(server), "send_credentials", False) is True
    except (KeyError, ToolCallError):  # an unknown server: the call itself fails, naming it
        return False


def gated(tools: object, user: str) -> ConsentedTools:
    """``tools`` when it is the gated host; a ``TypeError`` naming ``user`` otherwise.

    The types already say so; this holds it for callers the type checker does not see (a raw
    ``McpManager`` handed over from untyped code would otherwise send without asking).
    """
    if isinstance(tools, ConsentedTools):
        return tools
    raise TypeError(
        f"{user} needs a ConsentedTools (the gated tool host), not a {type(tools).__name__}: "
        "wrap it as ConsentedTools(host, broker) so every call is asked for first"
    )
