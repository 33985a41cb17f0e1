"""The Streamable HTTP transport on its own, against a scripted loopback server: what it sends, how it
reads answers and event streams, resumption, the GET stream, the legacy fallback and closing."""

from __future__ import annotations

import asyncio
import json
import queue
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from sofia_nb.mcp import McpError
from sofia_nb.mcp._http import HttpTransport
from sofia_nb.mcp._transport import SessionExpired
from sofia_nb.protocol import MODERN_PROTOCOL_VERSION, Message
from tests.support.scripted_http import Reply, Request, ScriptedHttpServer, json_reply, sse_reply

INIT: Message = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25"},
}
INITIALIZED: Message = {"jsonrpc": "2.0", "method": "notifications/initialized"}
CALL: Message = {
    "jsonrpc": "2.0",
    "id": 2,
    "method": "tools/call",
    "params": {"name": "echo", "arguments": {}},
}
LOG: Message = {
    "jsonrpc": "2.0",
    "method": "notifications/message",
    "params": {"level": "info", "data": "hi"},
}

SERVER_ASKS_WITH_OUR_ID: Message = {
    "jsonrpc": "2.0",
    "id": CALL["id"],  # ids are per direction: the server's own request may reuse ours
    "method": "sampling/createMessage",
    "params": {"messages": [], "maxTokens": 10},
}
OTHER_ANSWER: Message = {"jsonrpc": "2.0", "id": 99, "result": {}}


def answer(msg: Message, **result: Any) -> Message:
    return {"jsonrpc": "2.0", "id": msg["id"], "result": result}


def data(msg: Message, event_id: str | None = None) -> str:
    return (f"id: {event_id}\n" if event_id else "") + f"data: {json.dumps(msg)}"


@asynccontextmanager
async def transport(url: str, **options: Any) -> AsyncIterator[tuple[HttpTransport, list[Message]]]:
    received: list[Message] = []
    t = HttpTransport(url, **options)
    t.on_message = received.append
    await t.start()
    try:
        yield t, received
    finally:
        await t.aclose()


def serve(route: Callable[[Request], Reply]) -> ScriptedHttpServer:
    return ScriptedHttpServer(route)


def session_route(request: Request) -> Reply:
    """A plain server: a session on initialize, JSON answers, no GET stream."""
    if request.method != "POST":
        return Reply(405)
    if request.body.get("method") == "initialize":
        return json_reply(answer(request.body), **{"Mcp-Session-Id": "s-1"})
    if "id" in request.body and "method" in request.body:
        return json_reply(answer(request.body, ok=True))
    return Reply(202, content_type=None)


async def test_requests_carry_the_entry_headers_the_session_the_version_and_a_fresh_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WEB_TOKEN", "tok-first-123456")
    with serve(session_route) as server:
        async with transport(server.url, headers={"X-Team": "blue"}, token_env="WEB_TOKEN") as (t, _):
            await t.send(INIT)
            t.protocol_version = "2025-11-25"
            monkeypatch.setenv("WEB_TOKEN", "tok-second-123456")
            await t.send(CALL)
            monkeypatch.setenv("WEB_TOKEN", "")
            await t.send(CALL)
    first, second, third = (r.headers for r in server.of("POST"))
    assert first["accept"] == "application/json, text/event-stream"
    assert first["content-type"] == "application/json" and first["x-team"] == "blue"
    assert first["authorization"] == "Bearer tok-first-123456"
    assert "mcp-session-id" not in first and "mcp-protocol-version" not in first
    assert second["authorization"] == "Bearer tok-second-123456"
    assert second["mcp-session-id"] == "s-1" and second["mcp-protocol-version"] == "2025-11-25"
    assert "authorization" not in third  # an empty variable sends no token
    assert "mcp-method" not in second  # routing headers belong to the modern protocol only


@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"name": "echo"}, "echo"),
        ({"uri": "file:///a.txt"}, "file:///a.txt"),
        ({"name": "échо"}, None),
        (None, None),
    ],
    ids=["tool", "resource", "not-ascii", "no-params"],
)
async def test_modern_requests_carry_routing_headers(params: dict[str, str] | None, name: str | None) -> None:
    with serve(session_route) as server:
        async with transport(server.url) as (t, _):
            t.protocol_version = MODERN_PROTOCOL_VERSION
            msg: Message = {"jsonrpc": "2.0", "id": 5, "method": "tools/call"}
            if params is not None:
                msg["params"] = params
            await t.send(msg)
    (sent,) = server.of("POST")
    assert sent.headers["mcp-method"] == "tools/call"
    assert sent.headers["mcp-protocol-version"] == MODERN_PROTOCOL_VERSION
    assert sent.headers.get("mcp-name") == name


async def test_an_answer_without_a_content_type_is_read_as_json() -> None:
    with serve(lambda r: Reply(body=json.dumps(answer(CALL, n=1)).encode(), content_type=None)) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == [answer(CALL, n=1)]


@pytest.mark.parametrize("code", [202, 204])
async def test_an_accepted_or_empty_answer_ends_the_send_quietly(code: int) -> None:
    with serve(lambda r: Reply(code, content_type=None)) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == []


@pytest.mark.parametrize("code", [300, 301, 418])
async def test_any_status_from_300_up_fails_the_send(code: int) -> None:
    with serve(lambda r: Reply(code, b"no such thing")) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "protocol" and err.value.message.startswith(f"HTTP {code} ")
    assert err.value.message.endswith(": no such thing")


async def test_a_refused_token_names_the_entry_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_TOKEN", "tok-123456789")
    with serve(lambda r: Reply(401)) as server:
        async with transport(server.url, token_env="WEB_TOKEN") as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "auth-failure" and "the token in WEB_TOKEN is refused" in err.value.message


async def test_an_error_body_that_is_not_utf8_is_shown_with_replacement_characters() -> None:
    with serve(lambda r: Reply(500, b"\xffbroken", content_type="text/plain")) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.message == "HTTP 500 Internal Server Error: \ufffdbroken"


async def test_an_expired_session_is_forgotten_so_closing_sends_no_delete() -> None:
    def route(request: Request) -> Reply:
        if request.method == "POST" and request.body["method"] == "initialize":
            return json_reply(answer(request.body), **{"Mcp-Session-Id": "s-1"})
        return Reply(404, b"unknown session")

    with serve(route) as server:
        async with transport(server.url) as (t, _):
            await t.send(INIT)
            with pytest.raises(SessionExpired):
                await t.send(CALL)
    assert [r.headers.get("mcp-session-id") for r in server.of("POST")] == [None, "s-1"]
    assert server.of("DELETE") == []


async def test_a_404_without_a_session_is_an_error_not_an_expiry() -> None:
    with serve(lambda r: Reply(404, b"gone")) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert (err.value.kind, err.value.message) == ("protocol", "HTTP 404 Not Found: gone")


async def test_closing_ends_the_session_with_a_delete_once() -> None:
    with serve(session_route) as server:
        t = HttpTransport(server.url)
        await t.start()
        await t.send(INIT)
        await t.aclose()
        await t.aclose()
    (delete,) = server.of("DELETE")
    assert delete.headers["mcp-session-id"] == "s-1"


async def test_closing_without_a_session_sends_no_delete() -> None:
    with serve(lambda r: json_reply(answer(r.body))) as server:
        async with transport(server.url) as (t, _):
            await t.send(INIT)
    assert server.of("DELETE") == []


async def test_an_answer_that_is_not_the_one_asked_for_is_a_lost_connection() -> None:
    with serve(lambda r: json_reply(LOG)) as server:
        async with transport(server.url) as (t, received):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert (err.value.kind, err.value.message) == (
        "connection-lost",
        "the HTTP response ended before the answer arrived",
    )
    assert received == [LOG]


@pytest.mark.parametrize(
    "msg", [LOG, {"jsonrpc": "2.0", "id": 9, "result": {}}], ids=["notification", "response-to-the-server"]
)
async def test_a_message_that_expects_no_answer_takes_whatever_comes_back(msg: Message) -> None:
    with serve(lambda r: json_reply(LOG)) as server:
        async with transport(server.url) as (t, received):
            await t.send(msg)
    assert received == [LOG]


async def test_a_batch_answer_is_delivered_item_by_item() -> None:
    with serve(lambda r: Reply(body=json.dumps([LOG, answer(CALL)]).encode())) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == [LOG, answer(CALL)]


async def test_a_body_that_is_not_json_rpc_is_a_protocol_error() -> None:
    with serve(lambda r: Reply(body=b'{"id": 2}')) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "protocol"
    assert err.value.message.startswith("malformed JSON-RPC from the server: ")


async def test_a_body_cut_short_is_a_broken_stream() -> None:
    with serve(lambda r: Reply(body=b'{"jsonrpc": "2.0"', length=500)) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "connection-lost"
    assert err.value.message.startswith(
        "the HTTP stream broke: peer closed connection without sending complete message body"
    )


async def test_an_event_stream_delivers_every_message_and_skips_empty_events() -> None:
    with serve(lambda r: sse_reply("id: 0\ndata:", "data:  ", data(LOG), data(answer(CALL)))) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == [LOG, answer(CALL)]


async def test_an_event_stream_that_ends_without_the_answer_and_without_an_id_is_a_lost_connection() -> None:
    with serve(lambda r: sse_reply(data(LOG))) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "connection-lost" and server.of("GET") == []


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The delays the transport waits (recorded, then not waited)."""
    asked: list[float] = []
    real = asyncio.sleep

    async def record(delay: float, result: Any = None) -> Any:
        asked.append(delay)
        return await real(0, result)

    monkeypatch.setattr(asyncio, "sleep", record)
    return asked


def resumable(*after: str, get_status: int = 200, retry: str = "retry: 250\n") -> Callable[[Request], Reply]:
    """The POST stream stops after two ids (and no answer); the resuming GET sends ``after``."""

    def route(request: Request) -> Reply:
        if request.method == "POST":
            return sse_reply(f"id: 1\n{retry}data:", data(LOG, "2"), "data: ")
        return Reply(
            get_status, "".join(f"{e}\n\n" for e in after).encode(), content_type="text/event-stream"
        )

    return route


async def test_a_stream_cut_before_the_answer_resumes_from_the_last_event_id_after_the_retry(
    sleeps: list[float],
) -> None:
    with serve(resumable(data(LOG), data(answer(CALL)), data(LOG))) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == [LOG, LOG, answer(CALL)]  # the one after the answer is not read
    (get,) = server.of("GET")
    assert get.headers["last-event-id"] == "2" and get.headers["accept"] == "text/event-stream"
    assert "content-type" not in get.headers
    assert 0.25 in sleeps


async def test_without_a_retry_the_resume_waits_one_second(sleeps: list[float]) -> None:
    with serve(resumable(data(answer(CALL)), retry="")) as server:
        async with transport(server.url) as (t, _):
            await t.send(CALL)
    assert 1.0 in sleeps and 0.25 not in sleeps


@pytest.mark.parametrize(
    ("after", "get_status"), [((data(LOG),), 200), ((), 500)], ids=["no-answer-either", "refused"]
)
async def test_a_resume_that_brings_no_answer_is_a_lost_connection(
    sleeps: list[float], after: tuple[str, ...], get_status: int
) -> None:
    with serve(resumable(*after, get_status=get_status)) as server:
        async with transport(server.url) as (t, _):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "connection-lost" and len(server.of("GET")) == 1


def session_route_except(method: str, reply: Reply) -> Callable[[Request], Reply]:
    """``session_route``, but every ``method`` request gets ``reply``."""
    return lambda request: reply if request.method == method else session_route(request)


def listening(*events: str, status: int = 200) -> Callable[[Request], Reply]:
    def route(request: Request) -> Reply:
        if request.method == "GET":
            return Reply(
                status, "".join(f"{e}\n\n" for e in events).encode(), "text/event-stream", stream=True
            )
        return session_route(request)

    return route


async def test_the_get_stream_opens_once_after_the_handshake_and_delivers_what_the_server_sends() -> None:
    ping: Message = {"jsonrpc": "2.0", "id": "srv-1", "method": "ping"}
    with serve(listening("id: 0\ndata:", data(ping), data(LOG))) as server:
        async with transport(server.url) as (t, received):
            await t.send(INIT)
            assert server.of("GET") == []
            await t.send(INITIALIZED)
            await t.send(INITIALIZED)
            for _ in range(200):
                if len(received) == 3:
                    break
                await asyncio.sleep(0.01)
    assert received[1:] == [ping, LOG]
    (get,) = server.of("GET")
    assert get.headers["accept"] == "text/event-stream" and "content-type" not in get.headers
    assert get.headers["mcp-session-id"] == "s-1"


async def test_a_get_stream_the_server_refuses_delivers_nothing() -> None:
    with serve(listening(data(LOG), status=405)) as server:
        async with transport(server.url) as (t, received):
            await t.send(INIT)
            await t.send(INITIALIZED)
            await t.send(CALL)
    assert LOG not in received


async def test_a_get_stream_that_breaks_is_dropped_quietly() -> None:
    with serve(listening("data: {not json")) as server:
        async with transport(server.url) as (t, received):
            await t.send(INIT)
            await t.send(INITIALIZED)
            await t.send(CALL)
            assert received[-1] == answer(CALL, ok=True)


async def test_a_get_stream_that_never_answers_does_not_hold_the_handshake() -> None:
    with serve(session_route_except("GET", Reply(hold=True))) as server:
        async with transport(server.url) as (t, received):
            await t.send(INIT)
            await t.send(INITIALIZED)
            await t.send(CALL)
    assert received[-1] == answer(CALL, ok=True)


async def test_an_entry_header_replaces_ours_whatever_its_case(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_TOKEN", "tok-entry-123456")
    entry = {"accept": "application/json", "content-type": "application/json; charset=utf-8"}
    with serve(session_route) as server:
        async with transport(server.url, headers=entry) as (t, _):
            await t.send(CALL)
        async with transport(server.url, headers={"authorization": "Basic c2VjcmV0"}) as (t, _):
            await t.send(CALL)
        async with transport(server.url, headers={"authorization": "x"}, token_env="WEB_TOKEN") as (t, _):
            await t.send(CALL)
    first, second, third = (r.headers for r in server.of("POST"))
    assert first["accept"] == "application/json"
    assert first["content-type"] == "application/json; charset=utf-8"
    assert second["authorization"] == "Basic c2VjcmV0"
    assert third["authorization"] == "Bearer tok-entry-123456"  # the named variable wins


async def test_the_get_stream_asks_for_an_event_stream_only() -> None:
    with serve(listening(data(LOG))) as server:
        async with transport(server.url, headers={"Accept": "application/json"}) as (t, received):
            await t.send(INIT)
            await t.send(INITIALIZED)
            await wait_for(lambda: LOG in received)
    (get,) = server.of("GET")
    assert get.headers["accept"] == "text/event-stream" and "content-type" not in get.headers


async def test_a_redirected_endpoint_is_followed() -> None:
    def route(request: Request) -> Reply:
        if request.path == "/mcp":
            return Reply(307, content_type=None, headers={"Location": "/mcp/"})
        return json_reply(answer(request.body, moved=True))

    with serve(route) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == [answer(CALL, moved=True)]
    assert [r.path for r in server.of("POST")] == ["/mcp", "/mcp/"]


async def test_a_server_slower_than_httpx_default_timeout_is_waited_for() -> None:
    """The session's deadline decides how long a call may take; httpx's own 5 s must not cut it."""

    def route(request: Request) -> Reply:
        time.sleep(5.3)
        return json_reply(answer(request.body, slow=True))

    with serve(route) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == [answer(CALL, slow=True)]


@pytest.mark.parametrize(
    "reply",
    [
        Reply(body=json.dumps([answer(CALL), LOG]).encode()),
        sse_reply(data(answer(CALL)), data(LOG)),
    ],
    ids=["batch", "event-stream"],
)
async def test_what_follows_the_answer_does_not_undo_it(reply: Reply) -> None:
    with serve(lambda r: reply) as server:
        async with transport(server.url) as (t, received):
            await t.send(CALL)
    assert received == [answer(CALL), LOG]


@pytest.mark.parametrize(
    "reply",
    [
        Reply(body=json.dumps([SERVER_ASKS_WITH_OUR_ID, OTHER_ANSWER]).encode()),
        sse_reply(data(SERVER_ASKS_WITH_OUR_ID), data(OTHER_ANSWER)),
    ],
    ids=["batch", "event-stream"],
)
async def test_a_server_request_reusing_our_id_or_an_answer_to_another_id_is_not_the_answer(
    reply: Reply,
) -> None:
    with serve(lambda r: reply) as server:
        async with transport(server.url) as (t, received):
            with pytest.raises(McpError) as err:
                await t.send(CALL)
    assert err.value.kind == "connection-lost"
    assert received == [SERVER_ASKS_WITH_OUR_ID, OTHER_ANSWER]


async def test_a_stray_answer_on_the_get_stream_does_not_stop_it() -> None:
    with serve(listening(data(OTHER_ANSWER), data(LOG))) as server:
        async with transport(server.url) as (t, received):
            await t.send(INIT)
            await t.send(INITIALIZED)
            await wait_for(lambda: LOG in received)
    assert received[1:] == [OTHER_ANSWER, LOG]


async def test_a_get_stream_the_server_hangs_up_on_does_not_hold_the_handshake(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the wait for the GET set to an hour, only the stream's own end can release it."""
    monkeypatch.setattr("sofia_nb.mcp._http._LISTENER_WAIT_S", 3600)

    with serve(session_route_except("GET", Reply(drop=True))) as server:
        async with transport(server.url) as (t, received):
            await t.send(INIT)
            async with asyncio.timeout(5):
                await t.send(INITIALIZED)
            await t.send(CALL)
    assert received[-1] == answer(CALL, ok=True) and len(server.of("GET")) == 1


async def test_closing_leaves_no_task_of_the_transport_running() -> None:
    feed: queue.Queue[str | None] = queue.Queue()

    def route(request: Request) -> Reply:
        if request.method == "GET":
            return Reply(content_type="text/event-stream", feed=feed)
        return session_route(request)

    with serve(route) as server:
        t = HttpTransport(server.url)
        await t.start()
        await t.send(INITIALIZED)  # no session: closing sends no DELETE that would wait for the tasks
        await wait_for(lambda: len(server.of("GET")) == 1)
        await t.aclose()
        others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        assert [task for task in others if not task.done()] == []


async def test_closing_after_the_server_is_gone_raises_nothing() -> None:
    def route(request: Request) -> Reply:  # no connection is kept alive for the DELETE
        return Reply(
            body=json.dumps(answer(request.body)).encode(), headers={"Mcp-Session-Id": "s"}, stream=True
        )

    with serve(route) as server:
        t = await with_session(server.url)
    await t.aclose()  # the DELETE finds nobody listening


async def test_a_refused_connection_names_the_url() -> None:
    with serve(session_route) as server:
        url = server.url
    async with transport(url) as (t, _):
        with pytest.raises(McpError) as err:
            await t.send(CALL)
    assert (err.value.kind, err.value.message) == (
        "connection-refused",
        f"cannot connect to {url}: All connection attempts failed",
    )


async def test_closing_does_not_wait_long_for_a_server_that_never_answers_the_delete(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sofia_nb.mcp._http._CLOSE_TIMEOUT_S", 0.2)

    with serve(session_route_except("DELETE", Reply(hold=True))) as server:
        t = await with_session(server.url)
        async with asyncio.timeout(5):
            await t.aclose()
    assert len(server.of("DELETE")) == 1


async def test_closing_a_transport_that_never_started_does_nothing() -> None:
    await HttpTransport("http://127.0.0.1:9/mcp").aclose()


async def wait_for(check: Callable[[], bool]) -> None:
    async with asyncio.timeout(5):
        while not check():
            await asyncio.sleep(0.01)


async def with_session(url: str) -> HttpTransport:
    """A started transport that has made the handshake (so closing sends a DELETE)."""
    t = HttpTransport(url)
    await t.start()
    await t.send(INIT)
    return t
