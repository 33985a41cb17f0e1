"""Streamable HTTP (MCP 2025-03-26 and later), with the legacy HTTP+SSE transport as a fallback.

Every client message is a POST; the answer is JSON or an SSE stream that may carry notifications
and server requests before the response. Auth is the entry's headers plus a bearer token read at
every request from the one environment variable the entry names, so a token never reaches
another server and a rotated token is picked up without reconnecting.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from urllib.parse import urljoin

import httpx

from ..protocol import (
    MODERN_PROTOCOL_VERSION,
    JsonRpcDecodeError,
    Message,
    check_message,
    decode,
    dumps,
    loads,
)
from ..redact import redacted_head
from ._errors import McpError
from ._transport import SessionExpired, Transport

_ACCEPT = "application/json, text/event-stream"
_CLOSE_TIMEOUT_S = 2.0
_DEFAULT_RETRY_MS = 1000
_LISTENER_WAIT_S = 2.0


def connect_error(exc: httpx.TransportError, url: str) -> McpError:
    """Map httpx's connection failures to kinds, looking at the OS error underneath."""
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, socket.gaierror):
            return McpError("dns-failure", f"cannot resolve the host of {url}")
        if isinstance(cause, ConnectionRefusedError):
            break
        cause = cause.__cause__ or cause.__context__
    if "Name or service not known" in str(exc) or "nodename nor servname" in str(exc):
        return McpError("dns-failure", f"cannot resolve the host of {url}")
    return McpError("connection-refused", f"cannot connect to {url}: {_why(exc)}")


def _why(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def _refused(response: httpx.Response) -> bool:
    """Any status from 300 up: redirects are followed, so one that is left is a refusal too."""
    return response.status_code >= 300


def _status_error(response: httpx.Response, body: str, token_env: str | None = None) -> McpError:
    status = response.status_code
    detail = f"HTTP {status} {response.reason_phrase}".rstrip()
    if status in (401, 403):
        if token_env:  # name the variable: the usual fix is to set it, or to renew what it holds
            set_or_renew = "is refused" if os.environ.get(token_env) else "is not set"
            return McpError(
                "auth-failure", f"{detail}: the token in {token_env} {set_or_renew}; set {token_env}"
            )
        return McpError("auth-failure", f"{detail}: check the token or headers configured for this server")
    start = redacted_head(body, 200).strip()
    message = f"{detail}: {start}" if start else detail
    if status >= 500:
        return McpError("unknown", message, http_status=status)
    return McpError("protocol", message)


@dataclass(slots=True)
class SseEvent:
    event: str
    data: str
    id: str | None
    retry_ms: int | None


async def sse_events(response: httpx.Response) -> AsyncIterator[SseEvent]:
    """The events of a text/event-stream. ``data`` may be empty: server-everything starts every
    stream with such a priming event, which carries only an ``id`` (and maybe a ``retry``)."""
    event, event_id, retry = "message", None, None
    data: list[str] = []
    async for line in response.aiter_lines():
        if not line:
            if data or event_id is not None or retry is not None:
                yield SseEvent(event, "\n".join(data), event_id, retry)
            event, data, event_id, retry = "message", [], None, None
            continue
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "data":
            data.append(value)
        elif field == "event":
            event = value
        elif field == "id":
            event_id = value
        elif field == "retry" and value.isdigit():
            retry = int(value)
    if data:
        yield SseEvent(event, "\n".join(data), event_id, retry)


class HttpTransport(Transport):
    def __init__(
        self,
        url: str,
        *,
        headers: dict[str, str] | None = None,
        token_env: str | None = None,
        legacy_sse: bool = False,
    ) -> None:
        super().__init__()
        self.url = url
        self.headers = dict(headers or {})
        self.token_env = token_env
        self._client: httpx.AsyncClient | None = None
        self._session_id: str | None = None
        self._want_legacy = legacy_sse
        self._legacy_post_url: str | None = None
        self._legacy_task: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None

    async def start(self) -> None:
        # Deadlines come from the session (per request); httpx must not add its own.
        self._client = httpx.AsyncClient(timeout=httpx.Timeout(None), follow_redirects=True)
        if self._want_legacy:
            await self._open_legacy()

    def _request_headers(self, msg: Message | None = None) -> httpx.Headers:
        # httpx.Headers, so an entry's "accept" or "authorization" replaces ours instead of doubling it.
        headers = httpx.Headers({"Accept": _ACCEPT, "Content-Type": "application/json"})
        headers.update(self.headers)
        if msg is not None and self.protocol_version == MODERN_PROTOCOL_VERSION and "method" in msg:
            headers["Mcp-Method"] = msg["method"]  # 2026-07-28 routing headers (ASCII names only)
            params = msg.get("params") or {}
            name = params.get("name") or params.get("uri")
            if isinstance(name, str) and name.isascii():
                headers["Mcp-Name"] = name
        if self._session_id:
            headers["Mcp-Session-Id"] = self._session_id
        if self.protocol_version:
            headers["MCP-Protocol-Version"] = self.protocol_version
        if self.token_env:
            token = os.environ.get(self.token_env)
            if token:
                headers["Authorization"] = f"Bearer {token}"
        return headers

    def _stream_headers(self) -> httpx.Headers:
        """A GET for an event stream: the session's headers, asking for SSE only, with no body type."""
        headers = self._request_headers()
        headers["Accept"] = "text/event-stream"
        del headers["Content-Type"]
        return headers

    async def send(self, msg: Message) -> None:
        assert self._client is not None, "start() first"
        if self._legacy_post_url is not None:
            await self._post_legacy(msg)
            return
        is_init = msg.get("method") == "initialize"
        try:
            headers = self._request_headers(msg)
            async with self._client.stream("POST", self.url, content=dumps(msg), headers=headers) as response:
                if is_init and response.status_code in (400, 404, 405) and self._session_id is None:
                    await self._open_legacy()  # an old server: HTTP+SSE (2024-11-05)
                    await self._post_legacy(msg)
                    return
                await self._handle(response, msg)
            if msg.get("method") == "notifications/initialized" and self._listener is None:
                await self._open_listener()
        except httpx.ConnectError as exc:
            raise connect_error(exc, self.url) from None
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as exc:
            raise McpError("connection-lost", f"the HTTP stream broke: {_why(exc)}") from None

    async def _handle(self, response: httpx.Response, msg: Message) -> None:
        if response.status_code in (202, 204):
            return
        if response.status_code == 404 and self._session_id is not None:
            self._session_id = None
            raise SessionExpired
        if _refused(response):
            body = (await response.aread()).decode("utf-8", "replace")
            raise _status_error(response, body, self.token_env)
        if msg.get("method") == "initialize":
            self._session_id = response.headers.get("mcp-session-id")
        answered = "id" not in msg or "method" not in msg  # only requests expect an answer
        content_type = response.headers.get("content-type", "")
        if not content_type.startswith("text/event-stream"):
            answered |= self._deliver((await response.aread()).decode(), msg)
        else:
            last_id, retry_ms = None, None
            async for event in sse_events(response):
                last_id, retry_ms = event.id or last_id, event.retry_ms or retry_ms
                if event.data.strip():
                    answered |= self._deliver(event.data, msg)
            if not answered and last_id is not None:  # a resumable stream closed early (SEP-1699)
                answered = await self._resume(last_id, retry_ms, msg)
        if not answered:
            raise McpError("connection-lost", "the HTTP response ended before the answer arrived")

    async def _resume(self, last_id: str, retry_ms: int | None, msg: Message) -> bool:
        """Wait the server's ``retry``, then GET with ``Last-Event-ID`` until ``msg``'s answer arrives."""
        assert self._client is not None
        await asyncio.sleep((retry_ms if retry_ms is not None else _DEFAULT_RETRY_MS) / 1000)
        headers = self._stream_headers()
        headers["Last-Event-ID"] = last_id
        async with self._client.stream("GET", self.url, headers=headers) as response:
            if _refused(response):
                return False
            async for event in sse_events(response):
                if event.data.strip() and self._deliver(event.data, msg):
                    return True
        return False

    async def _open_listener(self) -> None:
        """Open the optional GET stream before the first request, so nothing the server sends on it
        early is lost; a server that is slow to answer the GET does not hold the handshake long."""
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._listener = asyncio.create_task(self._listen(ready), name="mcp-http-get-stream")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(ready), _LISTENER_WAIT_S)

    async def _listen(self, ready: asyncio.Future[None]) -> None:
        """The GET stream, where a server sends requests and notifications of its own."""
        assert self._client is not None
        try:
            async with self._client.stream("GET", self.url, headers=self._stream_headers()) as response:
                ready.set_result(None)
                if response.status_code != 200:  # 405: the server does not offer one
                    return
                async for event in sse_events(response):
                    if event.data.strip():
                        self._deliver(event.data, {})
        except (httpx.HTTPError, McpError):
            return  # optional: losing it loses nothing the POST streams carry
        finally:
            if not ready.done():
                ready.set_result(None)

    def _deliver(self, data: str, msg: Message) -> bool:
        """Hand one body or event to the session; True when it held the answer to ``msg``."""
        try:
            parsed = loads(data)
            # A list is a batch: servers older than 2025-06-18 may still answer with one.
            items = [check_message(x) for x in (parsed if isinstance(parsed, list) else [parsed])]
        except ValueError as exc:
            raise McpError("protocol", f"malformed JSON-RPC from the server: {exc}") from None
        answered = False
        for item in items:
            answered |= "method" not in item and item.get("id") == msg.get("id")
            self.on_message(item)
        return answered

    # -- legacy HTTP+SSE -----------------------------------------------------------------------
    async def _open_legacy(self) -> None:
        assert self._client is not None
        ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._legacy_task = asyncio.create_task(self._legacy_stream(ready))
        self._legacy_post_url = await ready

    async def _legacy_stream(self, ready: asyncio.Future[str]) -> None:
        assert self._client is not None
        error: McpError = McpError("connection-lost", "the server closed its SSE stream")
        try:
            async with self._client.stream("GET", self.url, headers=self._stream_headers()) as response:
                if _refused(response):
                    raise _status_error(
                        response, (await response.aread()).decode("utf-8", "replace"), self.token_env
                    )
                async for event in sse_events(response):
                    if event.event == "endpoint" and not ready.done():
                        ready.set_result(urljoin(self.url, event.data.strip()))
                    elif event.event == "message" and event.data.strip():
                        try:
                            self.on_message(decode(event.data))
                        except JsonRpcDecodeError:
                            self.on_stray(redacted_head(event.data, 200))
        except McpError as exc:
            error = exc
        except httpx.ConnectError as exc:
            error = connect_error(exc, self.url)
        except (httpx.HTTPError, OSError) as exc:
            error = McpError("connection-lost", f"the SSE stream broke: {_why(exc)}")
        if not ready.done():
            ready.set_exception(error)
        else:
            self.on_closed(error)

    async def _post_legacy(self, msg: Message) -> None:
        assert self._client is not None and self._legacy_post_url is not None
        try:
            response = await self._client.post(
                self._legacy_post_url, content=dumps(msg), headers=self._request_headers()
            )
        except httpx.ConnectError as exc:
            raise connect_error(exc, self._legacy_post_url) from None
        if _refused(response):
            raise _status_error(response, response.text, self.token_env)

    async def aclose(self) -> None:
        client, self._client = self._client, None
        if client is None:
            return
        tasks = [t for t in (self._legacy_task, self._listener) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._session_id is not None:
            with contextlib.suppress(httpx.HTTPError, TimeoutError):
                await asyncio.wait_for(
                    client.delete(self.url, headers=self._request_headers()), _CLOSE_TIMEOUT_S
                )
        await client.aclose()
