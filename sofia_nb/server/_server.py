"""The MCP server core: one connection's protocol state, independent of the transport.

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
import itertools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from .. import protocol as p
from .._validation import describe
from .._version import __version__
from ..context import ContextError, ContextTool, allowed_roots, tools
from . import _tools
from ._roots import narrow, offered_roots

log = logging.getLogger(__name__)

SERVER_INFO = p.Implementation(name="sofia-nb", version=__version__, title="sofia_nb context tools")
INSTRUCTIONS = (
    "Read-only code and workshop context. Prefer `code` over reading whole files, `grep`/`refs` over "
    "raw searches (hits carry their enclosing function), and `changed` to see what a diff touched."
)
ROOTS_WAIT_S = 10.0  # how long a tool call waits for the client's roots/list answer
LIST_TTL_MS = 300_000  # the tool list never changes while the process lives

Era = Literal["handshake", "modern"]
Send = Callable[[p.Message], Awaitable[None]]


class _Reject(Exception):
    """A request answered with a JSON-RPC error."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.error = p.JsonRpcError(code, message, data)


def _valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _shape_problem(msg: p.Message) -> tuple[int, str] | None:
    """What is wrong with a request or notification's members, as an error code and reason."""
    if not isinstance(msg.get("method"), str):
        return p.INVALID_REQUEST, "'method' must be a string"
    if "id" in msg and not _valid_id(msg["id"]):
        return p.INVALID_REQUEST, "'id' must be a string or an integer"
    if msg.get("params") is not None and not isinstance(msg["params"], dict):
        return p.INVALID_PARAMS, "'params' must be an object"
    return None


class ContextServer:
    """Serves the context registry to one client; feed it frames, it sends replies through ``send``."""

    def __init__(self, roots: list[Path], send: Send) -> None:
        self.configured_roots = [r.resolve() for r in roots]
        self.roots = list(self.configured_roots)
        self._send = send
        self.era: Era | None = None
        self.protocol_version: str | None = None
        self._client_has_roots = False
        self._roots_ready = asyncio.Event()
        self._roots_ready.set()
        self._pending: dict[p.RequestId, asyncio.Future[p.Message]] = {}
        self._ids = itertools.count(1)
        self._running: dict[p.RequestId, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[None]] = set()

    # The tools are imported on first use (tools/list or a call), not at start-up: `initialize`
    # is answered before the providers' modules (session models, HTTP client) are loaded.
    @functools.cached_property
    def _tools(self) -> dict[str, ContextTool]:
        return tools()

    @functools.cached_property
    def _listing(self) -> list[dict[str, Any]]:
        return [_tools.describe(t).wire() for t in self._tools.values()]

    # -- framing ---------------------------------------------------------------------------------

    async def receive(self, frame: bytes | str) -> None:
        """Handle one line from the client. Never raises: a bad frame gets a JSON-RPC error."""
        try:
            msg = p.loads(frame)
        except p.JsonRpcDecodeError as exc:
            await self._error(None, p.JsonRpcError(p.PARSE_ERROR, f"parse error: {exc}"))
            return
        msg_id = msg.get("id") if isinstance(msg, dict) else None
        reply_id = msg_id if _valid_id(msg_id) else None
        try:
            p.check_message(msg)
        except p.JsonRpcDecodeError as exc:
            await self._error(reply_id, p.JsonRpcError(p.INVALID_REQUEST, f"invalid request: {exc}"))
            return
        if p.is_response(msg):
            self._on_response(msg)
            return
        problem = _shape_problem(msg)
        if problem is not None:
            await self._error(reply_id, p.JsonRpcError(problem[0], f"invalid request: {problem[1]}"))
            return
        method, params = msg["method"], msg.get("params") or {}
        if "id" not in msg:
            await self._on_notification(method, params)
            return
        assert reply_id is not None  # _shape_problem checked it: a request's id is a string or an integer
        self._start(self._answer(reply_id, method, params), key=reply_id)

    def _start(self, work: Coroutine[Any, Any, None], key: p.RequestId | None = None) -> None:
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

    async def _answer(self, msg_id: p.RequestId, method: str, params: dict[str, Any]) -> None:
        try:
            result = await self._dispatch(method, params)
        except _Reject as exc:
            await self._error(msg_id, exc.error)
        except asyncio.CancelledError:
            return  # cancelled by the client: no reply, as the spec asks
        except Exception as exc:  # a server bug must not take the connection down
            log.exception("handling %s failed", method)
            await self._error(
                msg_id, p.JsonRpcError(p.INTERNAL_ERROR, f"internal error: {type(exc).__name__}")
            )
        else:
            await self._send(p.result_response(msg_id, result))

    async def _error(self, msg_id: p.RequestId | None, error: p.JsonRpcError) -> None:
        await self._send(p.error_response(msg_id, error))

    # -- eras ------------------------------------------------------------------------------------

    def _settle_era(self, method: str, params: dict[str, Any]) -> None:
        meta = params.get("_meta")
        enveloped = isinstance(meta, dict) and p.PROTOCOL_VERSION_META_KEY in meta
        if self.era is None:
            self.era = "modern" if enveloped and method != "initialize" else "handshake"
            log.info("connection era: %s", self.era)
        if self.era == "handshake" and enveloped and method != "initialize":
            raise _Reject(
                p.INVALID_REQUEST,
                "this connection serves the handshake protocol era; requests "
                "carrying the 2026-07-28 envelope are not accepted on it",
            )
        if self.era == "modern":
            self._check_envelope(method, params, meta)

    def _check_envelope(self, method: str, params: dict[str, Any], meta: Any) -> None:
        supported = {"supported": [p.MODERN_PROTOCOL_VERSION]}
        if method == "initialize":
            requested = params.get("protocolVersion")
            raise _Reject(
                p.UNSUPPORTED_PROTOCOL_VERSION,
                "connection is serving the 2026-07-28 protocol; the initialize handshake is not accepted",
                {**supported, "requested": requested},
            )
        if not isinstance(meta, dict):
            raise _Reject(
                p.INVALID_PARAMS,
                f"params._meta must be an object carrying "
                f"{p.PROTOCOL_VERSION_META_KEY!r} and {p.CLIENT_CAPABILITIES_META_KEY!r}",
            )
        missing = [k for k in (p.PROTOCOL_VERSION_META_KEY, p.CLIENT_CAPABILITIES_META_KEY) if k not in meta]
        if missing:
            raise _Reject(
                p.INVALID_PARAMS, f"params._meta is missing the envelope key(s): {', '.join(missing)}"
            )
        version = meta[p.PROTOCOL_VERSION_META_KEY]
        if not isinstance(version, str):
            raise _Reject(p.INVALID_PARAMS, "the protocol version in params._meta must be a string")
        if version != p.MODERN_PROTOCOL_VERSION:
            raise _Reject(
                p.UNSUPPORTED_PROTOCOL_VERSION,
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
            "_meta": {**result.get("_meta", {}), p.SERVER_INFO_META_KEY: SERVER_INFO.wire()},
        }
        if cacheable:
            result.update(ttlMs=LIST_TTL_MS, cacheScope="public")
        return result

    # -- requests --------------------------------------------------------------------------------

    async def _dispatch(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._settle_era(method, params)
        if method == "initialize":
            return self._initialize(params)
        if method == "server/discover" and self.era == "modern":
            return self._stamp(
                {
                    "supportedVersions": [p.MODERN_PROTOCOL_VERSION],
                    "capabilities": {"tools": {"listChanged": False}},
                    "instructions": INSTRUCTIONS,
                    "serverInfo": SERVER_INFO.wire(),
                },
                cacheable=True,
            )
        if method == "ping" and self.era == "handshake":
            return {}
        if method == "tools/list":
            if params.get("cursor") is not None:
                raise _Reject(p.INVALID_PARAMS, "invalid cursor: this server lists every tool on one page")
            return self._stamp({"tools": self._listing}, cacheable=True)
        if method == "tools/call":
            return self._stamp((await self._call(params)).wire())
        raise _Reject(p.METHOD_NOT_FOUND, f"method not found: {method}")

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        try:
            request = p.InitializeParams.model_validate(params)
        except ValidationError as exc:
            raise _Reject(p.INVALID_PARAMS, f"invalid initialize params: {describe(exc)}") from None
        self.protocol_version = p.negotiate(request.protocol_version)
        self._client_has_roots = request.capabilities.roots is not None
        if self._client_has_roots:
            self._roots_ready.clear()  # set again once the client has answered roots/list
        return p.InitializeResult(
            protocol_version=self.protocol_version,
            capabilities=p.ServerCapabilities(tools={"listChanged": False}),
            server_info=SERVER_INFO,
            instructions=INSTRUCTIONS,
        ).wire()

    async def _call(self, params: dict[str, Any]) -> p.CallToolResult:
        name, arguments = params.get("name"), params.get("arguments")
        if not isinstance(name, str):
            raise _Reject(p.INVALID_PARAMS, "tools/call needs the tool's 'name'")
        if arguments is not None and not isinstance(arguments, dict):
            raise _Reject(p.INVALID_PARAMS, "'arguments' must be an object")
        tool = self._tools.get(name)
        if tool is None:
            raise _Reject(p.INVALID_PARAMS, f"Unknown tool: {name}")
        if not self._roots_ready.is_set():
            try:
                await asyncio.wait_for(self._roots_ready.wait(), ROOTS_WAIT_S)
            except TimeoutError:
                log.warning("the client declared roots but did not list them; serving the --root folders")
                self._roots_ready.set()
        return await asyncio.to_thread(self._run_tool, tool, arguments or {}, list(self.roots))

    @staticmethod
    def _run_tool(tool: ContextTool, arguments: dict[str, Any], roots: list[Path]) -> p.CallToolResult:
        try:
            with allowed_roots(roots):
                return _tools.success(tool.call(arguments))
        except ValidationError as exc:
            problems = describe(exc, every=True, root="arguments")
            return _tools.failure(f"invalid arguments for {tool.name}: {problems}")
        except ContextError as exc:
            return _tools.failure(f"{tool.name}: {exc}")
        except Exception as exc:  # a tool bug becomes a result the model can report, not a dead server
            log.exception("tool %s failed", tool.name)
            return _tools.failure(f"{tool.name} failed unexpectedly: {type(exc).__name__}: {exc}")

    # -- notifications and the client's answers --------------------------------------------------

    async def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        if method == "notifications/initialized" and self._client_has_roots:
            self._start(self._fetch_roots())
        elif method == "notifications/roots/list_changed" and self._client_has_roots:
            self._roots_ready.clear()
            self._start(self._fetch_roots())
        elif method == "notifications/cancelled":
            task = self._running.get(params.get("requestId"))  # type: ignore[arg-type]
            if task is not None:
                task.cancel()

    def _on_response(self, msg: p.Message) -> None:
        future = self._pending.pop(msg.get("id"), None)  # type: ignore[arg-type]
        if future is not None and not future.done():
            future.set_result(msg)

    async def _fetch_roots(self) -> None:
        """Ask the client for its roots and narrow ours to them; without an answer keep ``--root``."""
        request_id = f"sofia-roots-{next(self._ids)}"
        future: asyncio.Future[p.Message] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self._send(p.request(request_id, "roots/list"))
            reply = await asyncio.wait_for(future, ROOTS_WAIT_S)
            if "result" in reply:
                offered = offered_roots(reply["result"])
                self.roots = (
                    narrow(self.configured_roots, offered) if offered else list(self.configured_roots)
                )
                log.info("allowed roots: %s", ", ".join(map(str, self.roots)) or "(none)")
            else:
                log.warning("the client refused roots/list: %s", reply.get("error"))
        except TimeoutError:
            log.warning("no answer to roots/list; serving the --root folders")
        finally:
            self._pending.pop(request_id, None)
            self._roots_ready.set()
