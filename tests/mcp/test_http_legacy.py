"""The legacy HTTP+SSE transport (2024-11-05) behind the Streamable HTTP one: when it is chosen, how its
event stream and its POSTs are read, and how each of them fails."""

from __future__ import annotations

import asyncio
import queue
import socket
from collections.abc import Callable

import pytest

from sofia_nb.mcp import McpError
from sofia_nb.mcp._http import HttpTransport
from sofia_nb.mcp._transport import SessionExpired
from tests.mcp.test_http_transport import CALL, INIT, LOG, answer, data, transport
from tests.support.scripted_http import Reply, Request, ScriptedHttpServer, json_reply

ENDPOINT = "event: endpoint\ndata: /message?sessionId=old-1\n\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OldServer:
    """GET opens the event stream (the endpoint first); POSTs to the endpoint are answered on it."""

    def __init__(self, first: str = ENDPOINT, *, init_status: int = 405, post_status: int = 202) -> None:
        self.first, self.init_status, self.post_status = first, init_status, post_status
        self.stream: queue.Queue[str | None] = queue.Queue()

    def __call__(self, request: Request) -> Reply:
        if request.method == "GET":
            return Reply(body=self.first.encode(), content_type="text/event-stream", feed=self.stream)
        if not request.path.startswith("/message"):
            return Reply(self.init_status, b"use the SSE endpoint")
        if self.post_status >= 300:
            return Reply(self.post_status, b"refused here", content_type="text/plain")
        if "id" in request.body and "method" in request.body:
            self.stream.put(f"event: message\n{data(answer(request.body))}\n\n")
        return Reply(202, content_type=None)


async def until(check: Callable[[], bool]) -> None:
    for _ in range(300):
        if check():
            return
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("code", [400, 404, 405])
async def test_an_old_server_refusing_the_initialize_post_gets_the_legacy_transport(code: int) -> None:
    old = OldServer(init_status=code)
    with ScriptedHttpServer(old) as server:
        async with transport(server.url, headers={"X-Team": "blue"}) as (t, received):
            await t.send(INIT)
            await t.send(CALL)
            await until(lambda: len(received) == 2)
            old.stream.put(None)
    assert received == [answer(INIT), answer(CALL)]
    assert [(r.method, r.path) for r in server.requests] == [
        ("POST", "/mcp"),
        ("GET", "/mcp"),
        ("POST", "/message?sessionId=old-1"),
        ("POST", "/message?sessionId=old-1"),
    ]
    get, post = server.requests[1].headers, server.requests[2].headers
    assert get["accept"] == "text/event-stream" and "content-type" not in get and get["x-team"] == "blue"
    assert post["content-type"] == "application/json" and post["x-team"] == "blue"


@pytest.mark.parametrize("code", [401, 403, 410, 500])
async def test_other_refusals_of_the_initialize_post_are_errors_not_an_old_server(code: int) -> None:
    with ScriptedHttpServer(OldServer(init_status=code)) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError):
                await t.send(INIT)
    assert server.of("GET") == []


async def test_a_request_refused_with_405_after_the_handshake_is_an_error_not_an_old_server() -> None:
    with ScriptedHttpServer(OldServer()) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "protocol" and server.of("GET") == []


async def test_a_reinitialize_refused_with_404_during_a_session_is_an_expiry_not_an_old_server() -> None:
    def route(request: Request) -> Reply:
        if request.method == "POST" and "mcp-session-id" not in request.headers:
            return json_reply(answer(INIT), **{"Mcp-Session-Id": "s-1"})
        return Reply(404, b"unknown session")

    with ScriptedHttpServer(route) as server:
        async with transport(server.url) as (t, _):
            await t.send(INIT)
            with pytest.raises(SessionExpired):
                await t.send(INIT)
    assert server.of("GET") == []


async def test_the_legacy_stream_delivers_messages_reports_strays_and_ignores_other_events() -> None:
    old = OldServer(ENDPOINT + "event: endpoint\ndata: /elsewhere\n\n")
    strays: list[str] = []
    with ScriptedHttpServer(old) as server:
        async with transport(server.url, legacy_sse=True) as (t, received):
            t.on_stray = strays.append
            for event in ("event: ping\ndata: {}", "event: message\ndata:", f"event: message\n{data(LOG)}"):
                old.stream.put(event + "\n\n")
            old.stream.put("event: message\ndata: " + "not json " * 40 + "\n\n")
            await t.send(CALL)
            await until(lambda: len(received) == 2)
            old.stream.put(None)
    assert received == [LOG, answer(CALL)]
    assert strays == [("not json " * 40)[:198]]  # 200 characters, less the word the cut would split
    assert server.requests[1].path == "/message?sessionId=old-1"  # the first endpoint counts


async def test_an_absolute_endpoint_is_used_as_it_is() -> None:
    elsewhere = f"http://127.0.0.1:{free_port()}/message"
    with ScriptedHttpServer(OldServer(f"event: endpoint\ndata: {elsewhere}\n\n")) as server:
        async with transport(server.url, legacy_sse=True) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert (err.value.kind, err.value.message) == (
        "connection-refused",
        f"cannot connect to {elsewhere}: All connection attempts failed",  # the URL that refused
    )


@pytest.mark.parametrize(
    ("status", "kind", "message"),
    [
        (500, "unknown", "HTTP 500 Internal Server Error: refused here"),
        (300, "protocol", "HTTP 300 Multiple Choices: refused here"),
        (401, "auth-failure", "HTTP 401 Unauthorized: the token in OLD_TOKEN is not set; set OLD_TOKEN"),
    ],
)
async def test_a_refused_legacy_post_fails_that_send_with_the_body_or_the_token_variable(
    monkeypatch: pytest.MonkeyPatch, status: int, kind: str, message: str
) -> None:
    monkeypatch.delenv("OLD_TOKEN", raising=False)
    with ScriptedHttpServer(OldServer(post_status=status)) as server:
        async with transport(server.url, legacy_sse=True, token_env="OLD_TOKEN") as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert (err.value.kind, err.value.message) == (kind, message)


async def test_a_refused_legacy_stream_fails_the_start_naming_the_token_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OLD_TOKEN", raising=False)
    with ScriptedHttpServer(lambda r: Reply(401, b"\xffwho?")) as server:
        t = HttpTransport(server.url, legacy_sse=True, token_env="OLD_TOKEN")
        with pytest.raises(McpError) as err:
            await t.start()
        await t.aclose()
    assert (err.value.kind, err.value.message) == (
        "auth-failure",
        "HTTP 401 Unauthorized: the token in OLD_TOKEN is not set; set OLD_TOKEN",
    )


@pytest.mark.parametrize(
    ("status", "kind", "message"),
    [
        (500, "unknown", "HTTP 500 Internal Server Error: no stream here"),
        (300, "protocol", "HTTP 300 Multiple Choices: no stream here"),
    ],
)
async def test_a_legacy_stream_refused_with_a_status_fails_the_start_with_the_body(
    status: int, kind: str, message: str
) -> None:
    with ScriptedHttpServer(lambda r: Reply(status, b"no stream here", content_type="text/plain")) as server:
        t = HttpTransport(server.url, legacy_sse=True)
        with pytest.raises(McpError) as err:
            await t.start()
        await t.aclose()
    assert (err.value.kind, err.value.message) == (kind, message)


async def test_a_legacy_stream_that_cannot_connect_fails_the_start() -> None:
    url = f"http://127.0.0.1:{free_port()}/sse"
    t = HttpTransport(url, legacy_sse=True)
    with pytest.raises(McpError) as err:
        await t.start()
    await t.aclose()
    assert (err.value.kind, err.value.message) == (
        "connection-refused",
        f"cannot connect to {url}: All connection attempts failed",
    )


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (Reply(body=b"data: no endpoint\n\n", content_type="text/event-stream", stream=True), None),
        (
            Reply(body=b"data: x\n", content_type="text/event-stream", length=400),
            "the SSE stream broke: peer closed connection without sending complete message body",
        ),
    ],
    ids=["closed", "cut-short"],
)
async def test_a_legacy_stream_that_ends_before_its_endpoint_fails_the_start(
    reply: Reply, message: str | None
) -> None:
    with ScriptedHttpServer(lambda r: reply) as server:
        t = HttpTransport(server.url, legacy_sse=True)
        with pytest.raises(McpError) as err:
            await t.start()
        await t.aclose()
    assert err.value.kind == "connection-lost"
    if message is None:
        assert err.value.message == "the server closed its SSE stream"
    else:
        assert err.value.message.startswith(message) and len(err.value.message) > len(message)


async def test_a_legacy_stream_that_closes_later_closes_the_connection() -> None:
    old = OldServer()
    closed: list[McpError] = []
    with ScriptedHttpServer(old) as server:
        async with transport(server.url, legacy_sse=True) as (t, _):
            t.on_closed = closed.append
            old.stream.put(None)
            await until(lambda: bool(closed))
    assert [(e.kind, e.message) for e in closed] == [("connection-lost", "the server closed its SSE stream")]


async def test_closing_stops_a_legacy_stream_that_is_still_open() -> None:
    old = OldServer()
    closed: list[McpError] = []
    with ScriptedHttpServer(old) as server:
        async with transport(server.url, legacy_sse=True) as (t, received):
            t.on_closed = closed.append
            await t.send(CALL)
            await until(lambda: bool(received))
        await asyncio.sleep(0.05)
        old.stream.put(f"event: message\n{data(LOG)}\n\n")
        await asyncio.sleep(0.05)
    assert received == [answer(CALL)] and closed == []
