"""``McpManager``: one lazily opened, shared connection per configured server, with validation,
one retry, timeouts and tool-call events. ``SyncMcpManager`` is its twin for scripts and papermill.
"""

from __future__ import annotations

import asyncio
import itertools
import uuid
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TypeVar

from .. import protocol as p
from .._aio import LoopThread
from ..events import EventBus, WarningIssued
from ._call_events import CallEvents
from ._config import InputProvider, McpConfig, McpConfigError, ServerConfig, load_config
from ._deadlines import Deadlines
from ._errors import McpError
from ._github_auth import with_github_token
from ._http import HttpTransport
from ._retry import RETRY_DELAY_S, retry_delay, should_retry
from ._session import ClientSession, RequestHandler, call_result
from ._stdio import StdioTransport
from ._transport import Transport

T = TypeVar("T")


def make_transport(entry: ServerConfig) -> Transport:
    """The transport an entry asks for (``type``: stdio, http, or the legacy sse)."""
    if entry.type == "stdio":
        assert entry.command is not None
        return StdioTransport(
            entry.command, entry.args, env=entry.env, cwd=entry.cwd, inherit_env=entry.inherit_env
        )
    assert entry.url is not None
    return HttpTransport(
        entry.url, headers=entry.headers, token_env=entry.token_env, legacy_sse=entry.type == "sse"
    )


def _read_only(tool: p.Tool) -> bool:
    return bool(tool.annotations and tool.annotations.read_only_hint)


class McpManager:
    """Every MCP server of one run. Use as ``async with McpManager(config) as mcp:``."""

    def __init__(
        self,
        config: McpConfig | str | Path | None = None,
        *,
        bus: EventBus | None = None,
        prompt: InputProvider | None = None,
        handler: RequestHandler | None = None,
        probe_modern: bool = False,
        retry_delay_s: float = RETRY_DELAY_S,
    ) -> None:
        self.config = config if isinstance(config, McpConfig) else load_config(config)
        self.bus = bus or EventBus()
        self._prompt = prompt
        self._handler = handler
        self._probe_modern = probe_modern
        self._retry_delay_s = retry_delay_s
        self._sessions: dict[str, ClientSession] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._tools: dict[tuple[str, str], p.Tool] = {}
        self._validator = p.ArgumentValidator()
        self._deadlines = Deadlines()
        self._call_prefix = uuid.uuid4().hex[:8] + "-"  # call ids: unique per manager, numbered within
        self._call_numbers = itertools.count(1)

    @property
    def servers(self) -> list[str]:
        return list(self.config.servers)

    def entry(self, server: str) -> ServerConfig:
        try:
            return self.config.servers[server]
        except KeyError:
            known = ", ".join(self.config.servers) or "none"
            raise McpError("validation", f"unknown MCP server (configured: {known})", server=server) from None

    def connected(self, server: str) -> bool:
        session = self._sessions.get(server)
        return session is not None and session.alive

    # -- connections ---------------------------------------------------------------------------
    async def session(self, server: str) -> ClientSession:
        """The live connection to ``server``, opened (handshake included) on first use."""
        session = self._sessions.get(server)
        if session is not None and session.alive:
            return session
        async with self._locks.setdefault(server, asyncio.Lock()):
            session = self._sessions.get(server)
            if session is not None and session.alive:
                return session
            if session is not None:
                del self._sessions[server]
                await session.aclose()
            entry = self.entry(server)
            try:
                resolved = self.config.resolve(server, self._prompt)
            except McpConfigError as exc:
                raise McpError("validation", str(exc), server=server) from None
            session = ClientSession(
                make_transport(with_github_token(resolved)),
                server,
                bus=self.bus,
                handler=self._handler,
                probe_modern=self._probe_modern,
            )
            try:
                async with self._deadlines.within(entry.query_timeout, "handshake"):
                    await session.open()
            except BaseException as exc:
                await asyncio.shield(session.aclose())
                if isinstance(exc, McpError) and exc.kind == "timeout":
                    exc.server, exc.stderr_tail = server, session.transport.stderr_tail()
                raise
            self._sessions[server] = session
            return session

    async def available(self, server: str) -> bool:
        """True when ``server`` is configured and answers the handshake (connecting if needed)."""
        try:
            await self.session(server)
        except McpError:
            return False
        return True

    async def aclose(self) -> None:
        """Close every connection; stdio servers are stopped and their process groups killed."""
        sessions, self._sessions = list(self._sessions.values()), {}
        self._deadlines.close()
        await asyncio.gather(*(s.aclose() for s in sessions), return_exceptions=True)

    async def __aenter__(self) -> McpManager:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # -- retry -----------------------------------------------------------------------------------
    async def _retry(
        self,
        server: str,
        what: str,
        error: McpError,
        attempt: Callable[[], Awaitable[T]],
        tool: str | None,
    ) -> T:
        """After a first attempt failed with ``error``: raise it, or run ``attempt`` once more after the
        retry delay when the retry rule allows (``should_retry``: a lost connection or a timeout, and
        a tool call only when the tool says it is read-only, so nothing is done twice)."""
        error.with_context(server, tool)
        known = self._tools.get((server, tool)) if tool else None
        if not should_retry(error, is_tool_call=tool is not None, tool=known):
            raise error
        delay = retry_delay(self._retry_delay_s)
        self.bus.emit(
            WarningIssued(
                message=f"{server}/{what}: {error.kind}, retrying once in {delay:.1f} s",
                source="mcp",
                details={"server": server, "tool": what, "attempt": 2, "delay_s": delay, "kind": error.kind},
            )
        )
        await asyncio.sleep(delay)
        try:
            return await attempt()
        except McpError as exc:
            raise exc.with_context(server, tool) from None

    async def _query(
        self,
        server: str,
        what: str,
        run: Callable[[ClientSession], Awaitable[T]],
        timeout: float | None,  # noqa: ASYNC109 - a per-request deadline; expiry sends a cancel
    ) -> T:
        limit = timeout or self.entry(server).query_timeout

        async def attempt() -> T:
            async with self._deadlines.within(limit, what):
                return await run(await self.session(server))

        try:
            return await attempt()
        except McpError as exc:
            return await self._retry(server, what, exc, attempt, None)

    # -- queries ---------------------------------------------------------------------------------
    async def list_tools(self, server: str, timeout: float | None = None) -> list[p.Tool]:  # noqa: ASYNC109
        """Every tool of ``server`` (all pages), cached until the server reports a change."""
        return await self._query(server, "tools/list", lambda s: s.list_tools(), timeout)

    async def list_resources(self, server: str, timeout: float | None = None) -> list[p.Resource]:  # noqa: ASYNC109
        return await self._query(server, "resources/list", lambda s: s.list_resources(), timeout)

    async def read_resource(
        self,
        server: str,
        uri: str,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> p.ReadResourceResult:
        return await self._query(server, "resources/read", lambda s: s.read_resource(uri), timeout)

    async def list_prompts(self, server: str, timeout: float | None = None) -> list[p.Prompt]:  # noqa: ASYNC109
        return await self._query(server, "prompts/list", lambda s: s.list_prompts(), timeout)

    async def get_prompt(
        self,
        server: str,
        name: str,
        arguments: dict[str, str] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> p.GetPromptResult:
        return await self._query(server, "prompts/get", lambda s: s.get_prompt(name, arguments), timeout)

    # -- tool calls ------------------------------------------------------------------------------
    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 - the contract's per-call deadline
        *,
        origin: Literal["model", "program"] = "program",
    ) -> p.CallToolResult:
        """Validate ``arguments`` against the tool's schema, call it, and return the typed result.

        ``timeout`` bounds each attempt as a whole (connecting, listing, the call); without it the
        server entry's limit bounds the request alone: ``timeout`` for a read-only tool,
        ``write_timeout`` for one that changes something. An ``isError`` result is returned, not
        raised (the model should read it); every other failure raises ``McpError``, after one
        retry where the retry rule allows. Emits ``ToolCallStarted``/``ToolCallProgress``/
        ``ToolCallFinished``.
        """
        args = dict(arguments or {})
        events = CallEvents(
            self.bus, f"{self._call_prefix}{next(self._call_numbers)}", server, tool, args, origin
        )
        try:
            try:
                raw = await self._call_attempt(server, tool, args, timeout, events)
            except McpError as exc:
                raw = await self._retry(
                    server, tool, exc, lambda: self._call_attempt(server, tool, args, timeout, events), tool
                )
            result = call_result(raw)
        except BaseException as exc:
            events.failed(exc)
            raise
        events.finished(result, raw)
        return result

    async def _call_attempt(
        self,
        server: str,
        tool: str,
        args: dict[str, Any],
        timeout: float | None,  # noqa: ASYNC109 - the caller's deadline for the whole attempt
        events: CallEvents,
    ) -> dict[str, Any]:
        """One attempt: the connection (opened on first use), the tool's definition (listed on first
        use), the arguments checked against its schema, then the ``tools/call`` request; the raw
        result."""
        async with self._deadlines.within(timeout, "tools/call"):
            session = self._sessions.get(server)
            if session is None or not session.alive:
                session = await self.session(server)
            definition = session.cached_tool(tool) or await self._listed_tool(session, tool)
            self._tools[server, tool] = definition
            problem = self._validator.problem(tool, definition.input_schema, args)
            if problem is not None:
                raise McpError("validation", problem)
            limit = None if timeout is not None else self._request_limit(server, definition)
            return await session.call_tool(tool, args, events.progress, events.announce, limit)

    async def _listed_tool(self, session: ClientSession, tool: str) -> p.Tool:
        """The tool's definition from a fresh listing (the first call to it, or after the server
        said its list changed); ``McpError('validation')`` when the server has no such tool."""
        async with self._deadlines.within(self.entry(session.server).query_timeout, "tools/list"):
            definition = await session.tool(tool)
        if definition is None:
            raise McpError("validation", "the server has no such tool")
        return definition

    def _request_limit(self, server: str, definition: p.Tool) -> float:
        """A call without a caller's deadline: the entry's limit for a query or for a write."""
        entry = self.config.servers[server]
        return entry.query_timeout if _read_only(definition) else entry.tool_write_timeout


class SyncMcpManager:
    """The blocking twin of ``McpManager`` for scripts and papermill; safe inside a running loop.

    It owns a private event loop thread for its lifetime, so its connections stay on one loop.
    """

    def __init__(self, config: McpConfig | str | Path | None = None, **options: Any) -> None:
        self._thread = LoopThread("sofia-nb-mcp")
        self.manager = McpManager(config, **options)

    @property
    def servers(self) -> list[str]:
        return self.manager.servers

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self._thread.run(coro)

    def list_tools(self, server: str, timeout: float | None = None) -> list[p.Tool]:
        return self._run(self.manager.list_tools(server, timeout))

    def call_tool(
        self, server: str, tool: str, arguments: dict[str, Any] | None = None, timeout: float | None = None
    ) -> p.CallToolResult:
        return self._run(self.manager.call_tool(server, tool, arguments, timeout))

    def available(self, server: str) -> bool:
        return self._run(self.manager.available(server))

    def list_resources(self, server: str, timeout: float | None = None) -> list[p.Resource]:
        return self._run(self.manager.list_resources(server, timeout))

    def read_resource(self, server: str, uri: str, timeout: float | None = None) -> p.ReadResourceResult:
        return self._run(self.manager.read_resource(server, uri, timeout))

    def list_prompts(self, server: str, timeout: float | None = None) -> list[p.Prompt]:
        return self._run(self.manager.list_prompts(server, timeout))

    def get_prompt(
        self, server: str, name: str, arguments: dict[str, str] | None = None, timeout: float | None = None
    ) -> p.GetPromptResult:
        return self._run(self.manager.get_prompt(server, name, arguments, timeout))

    def close(self) -> None:
        """Stop every server, then the loop thread (idempotent)."""
        if not self._thread.loop.is_closed():
            self._run(self.manager.aclose())
            self._thread.close()

    def __enter__(self) -> SyncMcpManager:
        return self

    def __exit__(
        self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
