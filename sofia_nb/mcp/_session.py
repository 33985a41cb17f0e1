"""One MCP client connection: JSON-RPC correlation, the handshake, and the typed requests.

Transport-agnostic: stdio and HTTP both deliver messages to ``_on_message``. Hot-path messages are
plain dicts; only results handed to callers become pydantic models.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from .. import protocol as p
from .._validation import describe, validator
from .._version import __version__
from ..events import EventBus, ServerLog, WarningIssued
from ._deadlines import Deadlines
from ._errors import ErrorKind, McpError
from ._transport import SessionExpired, Transport

ProgressCallback = Callable[[p.ProgressParams], None]
RequestHandler = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
"""Answers a server→client request (``sampling/createMessage``, ``elicitation/create``) or raises
``protocol.JsonRpcError`` to refuse it."""

MAX_PAGES = 100
"""Pages read of one listing: a server whose cursor never ends must not hold the client forever."""
MAX_STRAY_REPORTS = 20
"""Warnings for non-JSON lines on a server's stdout; past twenty they are counted, not reported."""
DISCOVER_TIMEOUT_S = 5.0
"""Includes the server's start-up: a Python server needs ~3 s to import on a loaded 2-core machine."""
M = TypeVar("M", bound=p.WireModel)
CLIENT_INFO = p.Implementation(name="sofia-nb", version=__version__)
_call_result = validator(p.CallToolResult)  # once per call: no Python wrapper frame

_CODE_KINDS: dict[int, ErrorKind] = {
    p.INVALID_PARAMS: "validation",
    p.PARSE_ERROR: "protocol",
    p.INVALID_REQUEST: "protocol",
    p.METHOD_NOT_FOUND: "protocol",
    p.UNSUPPORTED_PROTOCOL_VERSION: "protocol",
    p.REQUEST_TIMEOUT: "timeout",
}


def _error_kind(code: int, method: str) -> ErrorKind:
    return _CODE_KINDS.get(code, "tool-error" if method == "tools/call" else "unknown")


async def refuse(method: str, params: dict[str, Any]) -> dict[str, Any]:
    """The default handler for sampling and elicitation: decline, the person was not asked."""
    if method == "elicitation/create":
        return {"action": "decline"}
    raise p.JsonRpcError(p.INVALID_REQUEST, f"{method} is refused by this client")


class ClientSession:
    """A live connection to one server. ``open()`` runs the handshake; requests may run concurrently."""

    def __init__(
        self,
        transport: Transport,
        server: str,
        *,
        bus: EventBus | None = None,
        handler: RequestHandler | None = None,
        probe_modern: bool = False,
    ) -> None:
        self.transport = transport
        self.server = server
        self._bus = bus
        self._handler = handler
        self._probe_modern = probe_modern
        self._next_id = 0
        # The loop the session was opened on: asking asyncio for the running loop on every request
        # costs a getpid() system call (its fork check).
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pending: dict[p.RequestId, asyncio.Future[p.Message]] = {}
        self._deadlines = Deadlines()
        self._progress: dict[p.RequestId, ProgressCallback] = {}
        self._background: set[asyncio.Task[Any]] = set()
        self._lost: McpError | None = None
        self._strays = 0
        self._tools: dict[str, p.Tool] | None = None
        self._meta: dict[str, Any] | None = None  # the 2026-07-28 per-request envelope, when negotiated
        self.info: p.InitializeResult | None = None
        transport.on_message = self._on_message
        transport.on_closed = self._on_closed
        transport.on_stray = self._on_stray

    # -- lifecycle ---------------------------------------------------------------------------
    @property
    def protocol_version(self) -> str | None:
        return self.transport.protocol_version

    @property
    def alive(self) -> bool:
        return self._lost is None

    async def open(self) -> None:
        """Start the transport and run the handshake (or the modern ``server/discover`` probe).

        Two protocol eras: the handshake era (``initialize``, then ``notifications/initialized``;
        revisions up to 2025-11-25), which every server we meet speaks, and the 2026-07-28 era,
        which has no handshake: every request carries a ``_meta`` envelope. The client speaks the
        handshake era unless ``probe_modern``: a probe costs a round trip, and an older server
        answers it with an error or not at all (``DISCOVER_TIMEOUT_S``) before the fallback.

        No deadline here: the caller wraps this in one (``Deadlines.within``; cancelling is safe).
        """
        self._loop = asyncio.get_running_loop()
        try:
            await self.transport.start()
            if not (self._probe_modern and await self._discover()):
                await self._initialize()
        except McpError as exc:
            if exc.kind == "connection-lost":  # died before the handshake finished
                exc.kind = "connection-refused"
            raise

    async def _initialize(self) -> None:
        caps: dict[str, Any] = {"roots": {"listChanged": False}}
        if self._handler is not None:
            caps |= {"sampling": {}, "elicitation": {"form": {}}}
        params = {
            "protocolVersion": p.LATEST_PROTOCOL_VERSION,
            "capabilities": caps,
            "clientInfo": CLIENT_INFO.wire(),
        }
        result = await self.request("initialize", params)
        try:
            self.info = p.InitializeResult.model_validate(result)
        except ValidationError as exc:
            raise McpError("protocol", f"malformed initialize result: {describe(exc)}") from None
        version = self.info.protocol_version
        if version not in p.SUPPORTED_PROTOCOL_VERSIONS:
            raise McpError(
                "protocol", f"the server speaks protocol {version!r}, which this client does not support"
            )
        self.transport.protocol_version = version
        await self.transport.send(p.notification("notifications/initialized"))

    async def _discover(self) -> bool:
        """Probe for a 2026-07-28 server; any error or a slow answer means a handshake-era server."""
        meta = {
            p.PROTOCOL_VERSION_META_KEY: p.MODERN_PROTOCOL_VERSION,
            p.CLIENT_CAPABILITIES_META_KEY: {},
            p.CLIENT_INFO_META_KEY: CLIENT_INFO.wire(),
        }
        self.transport.protocol_version = p.MODERN_PROTOCOL_VERSION  # HTTP sends it as a header
        try:
            result = await self.request("server/discover", {"_meta": meta}, timeout=DISCOVER_TIMEOUT_S)
        except McpError as exc:
            self.transport.protocol_version = None
            if exc.kind in ("connection-lost", "connection-refused"):
                raise
            return False
        if p.MODERN_PROTOCOL_VERSION not in result.get("supportedVersions", []):
            self.transport.protocol_version = None
            return False
        self._meta = meta
        info = (result.get("_meta") or {}).get(p.SERVER_INFO_META_KEY)
        self.info = p.InitializeResult.model_validate(
            {
                "protocolVersion": p.MODERN_PROTOCOL_VERSION,
                "capabilities": result.get("capabilities", {}),
                "serverInfo": info or {"name": self.server, "version": ""},
                "instructions": result.get("instructions"),
            }
        )
        return True

    async def aclose(self) -> None:
        for task in list(self._background):
            task.cancel()
        self._deadlines.close()
        await self.transport.aclose()
        self._on_closed(McpError("connection-lost", "the connection was closed"))

    # -- JSON-RPC engine -----------------------------------------------------------------------
    async def request(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        on_progress: ProgressCallback | None = None,
        on_sent: Callable[[], None] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 - a per-request deadline; expiry sends a cancel
    ) -> dict[str, Any]:
        """Send a request and return its ``result``; raises ``McpError`` (``timeout`` after ``timeout`` s).

        ``on_sent`` runs once the request is on the wire, while the server works on it (for stdio;
        HTTP answers within the send). Cancelling the awaiting task (a deadline, a KeyboardInterrupt)
        sends ``notifications/cancelled``.
        """
        if self._lost is not None:
            raise McpError(self._lost.kind, self._lost.message, stderr_tail=self._lost.stderr_tail)
        self._next_id += 1
        rid = self._next_id
        if self._meta is not None or on_progress is not None:
            meta = {**self._meta} if self._meta else {}
            if params and "_meta" in params:
                meta.update(params["_meta"])
            if on_progress is not None:
                meta["progressToken"] = rid
                self._progress[rid] = on_progress
            params = {**params, "_meta": meta} if params else {"_meta": meta}
        loop = self._loop or asyncio.get_running_loop()
        future: asyncio.Future[p.Message] = loop.create_future()
        self._pending[rid] = future
        message = p.request(rid, method, params)
        if timeout is not None:
            self._deadlines.start(rid, timeout, loop)
        try:
            try:
                await self.transport.send(message)
            except p.JsonRpcEncodeError as exc:  # raised before anything is written
                raise McpError("validation", f"the {method} request cannot be sent: {exc}") from None
            except SessionExpired:
                await self._reinitialize()
                try:
                    await self.transport.send(message)
                except SessionExpired:
                    raise McpError(
                        "connection-lost", "the HTTP session expired again right after a new handshake"
                    ) from None
            if on_sent is not None:
                on_sent()
            response = await future
        except asyncio.CancelledError:
            if method != "initialize":  # initialize cannot be cancelled (spec)
                self._spawn(
                    self.transport.send(p.notification("notifications/cancelled", {"requestId": rid}))
                )
            if timeout is not None and self._deadlines.stop(rid):
                raise McpError("timeout", f"{method}: no answer within {timeout:g} s") from None
            raise
        finally:
            del self._pending[rid]
            if timeout is not None:
                self._deadlines.stop(rid)
            if on_progress is not None:
                del self._progress[rid]
        result = response.get("result")
        if result is not None:
            if not isinstance(result, dict):
                raise McpError("protocol", f"the result of {method} is not an object")
            return result
        error = p.JsonRpcError.from_dict(response.get("error"))
        raise McpError(_error_kind(error.code, method), f"{error.message} (JSON-RPC error {error.code})")

    async def _reinitialize(self) -> None:
        """HTTP session expired (404): handshake once more on a fresh session, then resend."""
        self.transport.protocol_version = None
        await self._initialize()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[Any]) -> None:
        self._background.discard(task)
        if not task.cancelled():
            task.exception()  # a cancel notice to a dead server may fail; nothing to do about it

    def _on_message(self, msg: p.Message) -> None:
        if "method" not in msg:
            future = self._pending.get(msg.get("id"))  # type: ignore[arg-type]
            if future is not None and not future.done():  # a late answer to a cancelled call is dropped
                future.set_result(msg)
        elif "id" in msg:
            self._spawn(self._answer(msg))
        else:
            self._on_notification(msg["method"], msg.get("params") or {})

    def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        try:
            self._notification(method, params)
        except ValidationError as exc:  # a malformed notification must not take the connection down
            self._warn(f"malformed {method} ignored: {describe(exc)}")

    def _notification(self, method: str, params: dict[str, Any]) -> None:
        if method == "notifications/progress":
            callback = self._progress.get(params.get("progressToken"))  # type: ignore[arg-type]
            if callback is not None:
                callback(p.ProgressParams.model_validate(params))
        elif method == "notifications/message" and self._bus is not None:
            log = p.LoggingMessageParams.model_validate(params)
            self._bus.emit(ServerLog(server=self.server, level=log.level, logger=log.logger, data=log.data))
        elif method == "notifications/tools/list_changed":
            self._tools = None

    async def _answer(self, msg: p.Message) -> None:
        method, rid, params = msg["method"], msg["id"], msg.get("params") or {}
        try:
            if method == "ping":
                result: dict[str, Any] = {}
            elif method == "roots/list":
                result = {"roots": []}
            elif method in ("sampling/createMessage", "elicitation/create"):
                result = await (self._handler or refuse)(method, params)
            else:
                raise p.JsonRpcError(p.METHOD_NOT_FOUND, f"method not supported by this client: {method}")
            reply = p.result_response(rid, result)
        except p.JsonRpcError as exc:
            reply = p.error_response(rid, exc)
        await self.transport.send(reply)

    def _on_closed(self, error: McpError) -> None:
        if self._lost is not None:
            return
        self._lost = error
        for future in self._pending.values():
            if not future.done():
                future.set_exception(McpError(error.kind, error.message, stderr_tail=error.stderr_tail))

    def _on_stray(self, line: str) -> None:
        self._strays += 1
        if self._strays <= MAX_STRAY_REPORTS:
            self._warn(f"non-JSON line on stdout ignored: {line}")

    def _warn(self, message: str) -> None:
        if self._bus is not None:
            self._bus.emit(
                WarningIssued(
                    message=f"{self.server}: {message}", source="mcp", details={"server": self.server}
                )
            )

    # -- typed requests --------------------------------------------------------------------------
    async def _paginate(self, method: str, key: str) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        params: dict[str, Any] = {}
        for _ in range(MAX_PAGES):
            result = await self.request(method, params or None)
            items.extend(result.get(key) or [])
            cursor = result.get("nextCursor")
            if not cursor:
                return items
            params = {"cursor": cursor}
        raise McpError("protocol", f"{method} returned more than {MAX_PAGES} pages")

    async def list_tools(self) -> list[p.Tool]:
        """Every tool (all pages), cached until the server says the list changed."""
        if self._tools is None:
            raw = await self._paginate("tools/list", "tools")
            self._tools = {t.name: t for t in _parse_list(p.Tool, raw, "tools/list")}
        return list(self._tools.values())

    def cached_tool(self, name: str) -> p.Tool | None:
        """The tool from the cached list, without a request (None when unknown or not yet listed)."""
        return self._tools.get(name) if self._tools is not None else None

    async def tool(self, name: str) -> p.Tool | None:
        if self._tools is None:
            await self.list_tools()
        assert self._tools is not None
        return self._tools.get(name)

    async def call_tool(
        self,
        name: str,
        arguments: dict[str, Any],
        on_progress: ProgressCallback | None = None,
        on_sent: Callable[[], None] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 - a per-request deadline; expiry sends a cancel
    ) -> dict[str, Any]:
        """The ``tools/call`` request; its raw result, to be read with ``call_result`` (the raw dict
        also gives the result's size and preview without serialising it again)."""
        return await self.request(
            "tools/call", {"name": name, "arguments": arguments}, on_progress, on_sent, timeout
        )

    async def list_resources(self) -> list[p.Resource]:
        return _parse_list(p.Resource, await self._paginate("resources/list", "resources"), "resources/list")

    async def read_resource(self, uri: str) -> p.ReadResourceResult:
        return _parse(p.ReadResourceResult, await self.request("resources/read", {"uri": uri}))

    async def list_prompts(self) -> list[p.Prompt]:
        return _parse_list(p.Prompt, await self._paginate("prompts/list", "prompts"), "prompts/list")

    async def get_prompt(self, name: str, arguments: dict[str, str] | None = None) -> p.GetPromptResult:
        params = {"name": name, "arguments": arguments or {}}
        return _parse(p.GetPromptResult, await self.request("prompts/get", params))

    async def ping(self) -> None:
        await self.request("ping")


def call_result(raw: dict[str, Any]) -> p.CallToolResult:
    """A ``tools/call`` result read from the wire; ``McpError('protocol')`` when it is malformed."""
    try:
        return _call_result(raw)
    except ValidationError as exc:
        raise McpError("protocol", f"malformed tools/call result: {describe(exc)}") from None


def _parse(model: type[M], raw: dict[str, Any]) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise McpError("protocol", f"malformed {model.__name__}: {describe(exc)}") from None


def _parse_list(model: type[M], raw: list[dict[str, Any]], method: str) -> list[M]:
    try:
        return [model.model_validate(item) for item in raw]
    except ValidationError as exc:
        raise McpError("protocol", f"malformed {method} result: {describe(exc)}") from None
