"""The one MCP tool server, transport-free: a table of tools in, JSON-RPC answers out.

``ToolServer`` is one connection's protocol state. A transport feeds it lines (``receive``) and
gives it a writer (``connect``); it answers ``initialize``, ``ping``, ``server/discover``,
``tools/list`` and ``tools/call``, correlates its own requests to the client (``request``, e.g.
``roots/list``) and drops the reply of a cancelled request. The context tools (``sofia_nb.server``)
and the demo's offline servers (``sofia_nb.workshop.demo_servers``) are two configurations of it.

The first request decides the connection's era, once: a request carrying the 2026-07-28
``_meta`` envelope (``server/discover`` for the official clients) makes it a modern connection,
where every request must carry that envelope, results carry ``resultType`` and the server's
identity, and ``initialize`` is refused with -32022; anything else (the ``initialize`` handshake)
makes it a handshake-era connection, where enveloped requests are refused. This mirrors the
official 2.x SDK, so its ``mode='auto'`` probe and a client pinned to the handshake both work.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import itertools
import logging
import threading
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from .._validation import describe
from ._arguments import ArgumentValidator
from ._jsonrpc import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    UNSUPPORTED_PROTOCOL_VERSION,
    JsonRpcDecodeError,
    JsonRpcError,
    Message,
    RequestId,
    check_message,
    encode,
    error_response,
    is_response,
    loads,
    request,
    result_response,
)
from ._models import (
    CallToolResult,
    ClientCapabilities,
    Implementation,
    InitializeParams,
    InitializeResult,
    ServerCapabilities,
    TextContent,
    Tool,
)
from ._versions import (
    CLIENT_CAPABILITIES_META_KEY,
    MODERN_PROTOCOL_VERSION,
    PROTOCOL_VERSION_META_KEY,
    SERVER_INFO_META_KEY,
    negotiate,
)

log = logging.getLogger(__name__)

LIST_TTL_MS = 300_000  # a served tool table never changes while the process lives
Era = Literal["handshake", "modern"]
Send = Callable[[Message], Awaitable[None]]
Write = Callable[[bytes], None]
"""A transport's writer of one encoded frame, callable from any thread (stdio: a locked write)."""
Handler = Callable[[dict[str, Any]], CallToolResult | Awaitable[CallToolResult | None]]
"""Answers one call with the tool's arguments (plain, or a coroutine for slow work: its ``None``
means the reply was written already, by :meth:`ToolServer.in_thread`)."""

_REQUEST: ContextVar[RequestId | None] = ContextVar("sofia_mcp_request", default=None)
"""The id of the request a task answers (each request's task has its own context)."""


class ToolFailure(Exception):
    """Raised by a handler for a tool-execution error: the model reads it as an ``isError`` result."""


@dataclass(frozen=True)
class ServedTool:
    """A tool as listed (``tool``) and the function that answers a call of it."""

    tool: Tool
    handler: Handler


def error_result(text: str) -> CallToolResult:
    """A tool-execution error (MCP 2025-11-25, SEP-1303): ``isError`` with a reason the model can act on."""
    return CallToolResult(content=[TextContent(text=text)], is_error=True)


def _valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _shape_problem(msg: Message) -> tuple[int, str] | None:
    """What is wrong with a request or notification's members, as an error code and reason."""
    if not isinstance(msg.get("method"), str):
        return INVALID_REQUEST, "'method' must be a string"
    if "id" in msg and not _valid_id(msg["id"]):
        return INVALID_REQUEST, "'id' must be a string or an integer"
    if msg.get("params") is not None and not isinstance(msg["params"], dict):
        return INVALID_PARAMS, "'params' must be an object"
    return None


class ToolServer:
    """Serves a fixed table of tools to one client.

    ``validate`` checks arguments against each tool's input schema before its handler runs (off
    when the handler validates with the model the schema was generated from); ``on_call`` sees every
    ``tools/call`` as received, before any check; ``on_notification`` sees the client's
    notifications other than ``notifications/cancelled``.
    """

    def __init__(
        self,
        info: Implementation,
        tools: Sequence[ServedTool] | Callable[[], Sequence[ServedTool]],
        *,
        instructions: str | None = None,
        validate: bool = True,
        on_call: Callable[[Any, Any], None] | None = None,
        on_notification: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.info = info
        self.instructions = instructions
        self._table = tools
        self._validator = ArgumentValidator() if validate else None
        self._on_call = on_call
        self._on_notification = on_notification
        self._send: Send | None = None
        self._write: Write | None = None
        # Requests whose work runs in a thread that will write the reply (:meth:`in_thread`), and
        # those of them cancelled: the thread's reply and a cancel are taken under one lock.
        self._reply_lock = threading.Lock()
        self._in_threads: set[RequestId] = set()
        self._cancelled: set[RequestId] = set()
        self.era: Era | None = None
        self.protocol_version: str | None = None
        self.client_capabilities: ClientCapabilities | None = None
        self._pending: dict[RequestId, asyncio.Future[Message]] = {}
        self._ids = itertools.count(1)
        self._running: dict[RequestId, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[None]] = set()

    # A callable table is built on first use (tools/list or a call): `initialize` is answered
    # before the tools' modules are imported, which keeps a server's start-up short.
    @functools.cached_property
    def _tools(self) -> dict[str, ServedTool]:
        served = self._table() if callable(self._table) else self._table
        return {s.tool.name: s for s in served}

    @functools.cached_property
    def _listing(self) -> list[dict[str, Any]]:
        return [served.tool.wire() for served in self._tools.values()]

    def connect(self, send: Send, write: Write | None = None) -> None:
        """Give the server the transport's writer; every reply and request goes through it.

        ``write``, when the transport has one, lets a call running in a worker thread
        (:meth:`in_thread`) write its reply from there: the reply leaves without waiting for the
        event loop to wake and take it over, the thread hop that costs most when the server was idle.
        """
        self._send = send
        self._write = write

    async def send(self, msg: Message) -> None:
        assert self._send is not None, "connect() the server to a transport first"
        await self._send(msg)

    # -- framing ---------------------------------------------------------------------------------

    async def receive(self, frame: bytes | str) -> None:
        """Handle one line from the client. Never raises: a bad frame gets a JSON-RPC error."""
        try:
            msg = loads(frame)
        except JsonRpcDecodeError as exc:
            await self._error(None, JsonRpcError(PARSE_ERROR, f"parse error: {exc}"))
            return
        msg_id = msg.get("id") if isinstance(msg, dict) else None
        reply_id = msg_id if _valid_id(msg_id) else None
        try:
            check_message(msg)
        except JsonRpcDecodeError as exc:
            await self._error(reply_id, JsonRpcError(INVALID_REQUEST, f"invalid request: {exc}"))
            return
        if is_response(msg):
            self._on_response(msg)
            return
        problem = _shape_problem(msg)
        if problem is not None:
            await self._error(reply_id, JsonRpcError(problem[0], f"invalid request: {problem[1]}"))
            return
        method, params = msg["method"], msg.get("params") or {}
        if "id" not in msg:
            self._notification(method, params)
            return
        assert reply_id is not None  # _shape_problem checked it: a request's id is a string or an integer
        self.start(self._answer(reply_id, method, params), key=reply_id)

    def start(self, work: Coroutine[Any, Any, None], key: RequestId | None = None) -> None:
        """Run ``work`` beside the read loop; requests stay cancellable by id until they finish."""
        task = asyncio.create_task(work)
        self._background.add(task)
        if key is not None:
            self._running[key] = task

        def forget(done: asyncio.Task[None]) -> None:
            self._background.discard(done)
            if key is not None and self._running.get(key) is done:
                del self._running[key]

        task.add_done_callback(forget)

    async def drain(self, timeout: float) -> None:  # noqa: ASYNC109 - how long answers may still take
        """Let answers already being computed reach the client (before the pipe closes)."""
        if self._background:
            await asyncio.wait(list(self._background), timeout=timeout)

    async def in_thread(self, work: Callable[[], CallToolResult]) -> CallToolResult | None:
        """Run a call's ``work`` in a worker thread and answer with its result; ``None`` when the
        thread wrote the reply itself (the transport gave a ``write``). A request cancelled while it
        runs gets no reply either way: the cancel and the write are taken under one lock."""
        msg_id = _REQUEST.get()
        if self._write is None or msg_id is None:
            return await asyncio.to_thread(work)
        with self._reply_lock:
            self._in_threads.add(msg_id)
        # The thread outlives a cancelled task (it stops at its next check): it, not the task,
        # takes the request off the lists.
        return await asyncio.to_thread(self._work_and_reply, work, msg_id)

    def _work_and_reply(self, work: Callable[[], CallToolResult], msg_id: RequestId) -> None:
        assert self._write is not None
        try:
            # A tool's or the encoder's error goes back to the loop, which answers it.
            frame = encode(result_response(msg_id, self._stamp(work().wire())))
            with self._reply_lock:
                if msg_id not in self._cancelled:
                    try:
                        self._write(frame)
                    except (OSError, ValueError) as exc:  # the client went away (a closed pipe or file)
                        log.info("reply to %s not written: %s", msg_id, exc)
        finally:
            with self._reply_lock:
                self._in_threads.discard(msg_id)
                self._cancelled.discard(msg_id)

    async def _answer(self, msg_id: RequestId, method: str, params: dict[str, Any]) -> None:
        _REQUEST.set(msg_id)
        try:
            result = await self._dispatch(method, params)
        except JsonRpcError as exc:
            await self._error(msg_id, exc)
        except asyncio.CancelledError:
            return  # cancelled by the client: no reply, as the spec asks
        except Exception as exc:  # a server bug must not take the connection down
            log.exception("handling %s failed", method)
            await self._error(msg_id, JsonRpcError(INTERNAL_ERROR, f"internal error: {type(exc).__name__}"))
        else:
            if result is not None:  # None: written by the worker thread (in_thread)
                await self.send(result_response(msg_id, result))

    async def _error(self, msg_id: RequestId | None, error: JsonRpcError) -> None:
        await self.send(error_response(msg_id, error))

    # -- eras ------------------------------------------------------------------------------------

    def _settle_era(self, method: str, params: dict[str, Any]) -> None:
        # Decided once, by the first request: a connection that changed era midway would let an
        # enveloped request skip the capabilities the handshake agreed, or the reverse.
        meta = params.get("_meta")
        enveloped = isinstance(meta, dict) and PROTOCOL_VERSION_META_KEY in meta
        if self.era is None:
            self.era = "modern" if enveloped and method != "initialize" else "handshake"
            log.info("connection era: %s", self.era)
        if self.era == "handshake" and enveloped and method != "initialize":
            raise JsonRpcError(
                INVALID_REQUEST,
                "this connection serves the handshake protocol era; requests "
                "carrying the 2026-07-28 envelope are not accepted on it",
            )
        if self.era == "modern":
            self._check_envelope(method, params, meta)

    def _check_envelope(self, method: str, params: dict[str, Any], meta: Any) -> None:
        supported = {"supported": [MODERN_PROTOCOL_VERSION]}
        if method == "initialize":
            requested = params.get("protocolVersion")
            raise JsonRpcError(
                UNSUPPORTED_PROTOCOL_VERSION,
                "connection is serving the 2026-07-28 protocol; the initialize handshake is not accepted",
                {**supported, "requested": requested},
            )
        if not isinstance(meta, dict):
            raise JsonRpcError(
                INVALID_PARAMS,
                f"params._meta must be an object carrying "
                f"{PROTOCOL_VERSION_META_KEY!r} and {CLIENT_CAPABILITIES_META_KEY!r}",
            )
        missing = [k for k in (PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY) if k not in meta]
        if missing:
            raise JsonRpcError(
                INVALID_PARAMS, f"params._meta is missing the envelope key(s): {', '.join(missing)}"
            )
        version = meta[PROTOCOL_VERSION_META_KEY]
        if not isinstance(version, str):
            raise JsonRpcError(INVALID_PARAMS, "the protocol version in params._meta must be a string")
        if version != MODERN_PROTOCOL_VERSION:
            raise JsonRpcError(
                UNSUPPORTED_PROTOCOL_VERSION,
                "Unsupported protocol version",
                {**supported, "requested": version},
            )
        self.protocol_version = version

    def _stamp(self, result: dict[str, Any], cacheable: bool = False) -> dict[str, Any]:
        """Modern results carry ``resultType`` and the server's identity; lists also a cache hint."""
        if self.era != "modern":
            return result
        result = {
            **result,
            "resultType": "complete",
            "_meta": {**result.get("_meta", {}), SERVER_INFO_META_KEY: self.info.wire()},
        }
        if cacheable:
            result.update(ttlMs=LIST_TTL_MS, cacheScope="public")
        return result

    # -- requests --------------------------------------------------------------------------------

    async def _dispatch(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        self._settle_era(method, params)
        if method == "initialize":
            return self._initialize(params)
        if method == "server/discover" and self.era == "modern":
            discovered = {
                "supportedVersions": [MODERN_PROTOCOL_VERSION],
                "capabilities": {"tools": {"listChanged": False}},
                "serverInfo": self.info.wire(),
            }
            if self.instructions is not None:
                discovered["instructions"] = self.instructions
            return self._stamp(discovered, cacheable=True)
        if method == "ping" and self.era == "handshake":
            return {}
        if method == "tools/list":
            if params.get("cursor") is not None:
                raise JsonRpcError(INVALID_PARAMS, "invalid cursor: this server lists every tool on one page")
            return self._stamp({"tools": self._listing}, cacheable=True)
        if method == "tools/call":
            called = await self._call(params)
            return None if called is None else self._stamp(called.wire())
        raise JsonRpcError(METHOD_NOT_FOUND, f"method not found: {method}")

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        try:
            hello = InitializeParams.model_validate(params)
        except ValidationError as exc:
            raise JsonRpcError(INVALID_PARAMS, f"invalid initialize params: {describe(exc)}") from None
        self.protocol_version = negotiate(hello.protocol_version)
        self.client_capabilities = hello.capabilities
        return InitializeResult(
            protocol_version=self.protocol_version,
            capabilities=ServerCapabilities(tools={"listChanged": False}),
            server_info=self.info,
            instructions=self.instructions,
        ).wire()

    async def _call(self, params: dict[str, Any]) -> CallToolResult | None:
        name, arguments = params.get("name"), params.get("arguments")
        if self._on_call is not None:
            self._on_call(name, arguments)
        if not isinstance(name, str):
            raise JsonRpcError(INVALID_PARAMS, "tools/call needs the tool's 'name'")
        if arguments is not None and not isinstance(arguments, dict):
            raise JsonRpcError(INVALID_PARAMS, "'arguments' must be an object")
        served = self._tools.get(name)
        if served is None:
            known = ", ".join(self._tools)
            raise JsonRpcError(INVALID_PARAMS, f"unknown tool {name!r}; this server has: {known}")
        arguments = arguments or {}
        if self._validator is not None:
            problem = self._validator.problem(name, served.tool.input_schema, arguments)
            if problem is not None:
                return error_result(problem)
        try:
            answer = served.handler(arguments)
            return await answer if inspect.isawaitable(answer) else answer
        except ToolFailure as exc:
            return error_result(str(exc))
        except Exception as exc:  # a tool bug becomes a result the model can report, not a dead server
            log.exception("tool %s failed", name)
            return error_result(f"{name} failed unexpectedly: {type(exc).__name__}: {exc}")

    # -- notifications and the client's answers --------------------------------------------------

    def _notification(self, method: str, params: dict[str, Any]) -> None:
        if method == "notifications/cancelled":
            request_id = params.get("requestId")
            task = self._running.get(request_id)  # type: ignore[arg-type]
            if task is not None:
                with self._reply_lock:  # a reply being written from a thread is out already
                    if request_id in self._in_threads:
                        self._cancelled.add(request_id)
                task.cancel()
        elif self._on_notification is not None:
            self._on_notification(method, params)

    def _on_response(self, msg: Message) -> None:
        future = self._pending.pop(msg.get("id"), None)  # type: ignore[arg-type]
        if future is not None and not future.done():
            future.set_result(msg)

    async def request(self, method: str, timeout: float, params: dict[str, Any] | None = None) -> Message:  # noqa: ASYNC109
        """Ask the client (``roots/list``); its reply message, or ``TimeoutError`` after ``timeout`` s."""
        request_id = f"sofia-{next(self._ids)}"
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self.send(request(request_id, method, params))
            return await asyncio.wait_for(future, timeout)
        finally:
            self._pending.pop(request_id, None)
