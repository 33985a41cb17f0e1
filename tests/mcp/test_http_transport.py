"""The Streamable HTTP transport on its own, against a scripted loopback server: what it sends, how it
reads answers and event streams, resumption, the GET stream, the legacy fallback and closing."""

from __future__ import annotations

import asyncio
import json
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
    assert err.value.message.startswith("the HTTP stream broke: ") and len(err.value.message) > 24


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
    def route(request: Request) -> Reply:
        return Reply(hold=True) if request.method == "GET" else session_route(request)

    with serve(route) as server:
        async with transport(server.url) as (t, received):
            await t.send(INIT)
            await t.send(INITIALIZED)
            await t.send(CALL)
    assert received[-1] == answer(CALL, ok=True)
