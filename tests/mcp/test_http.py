"""The Streamable HTTP transport against a loopback fake: JSON and SSE answers, sessions, auth, faults."""

from __future__ import annotations

import socket

import pytest

from sofia_nb.events import EventRecorder, ServerLog, WarningIssued
from sofia_nb.mcp import McpError, McpManager, ServerConfig
from tests.mcp.conftest import manager_for
from tests.support.mcp_http_fake import FakeHttpServer


def http_entry(url: str, name: str = "web", **extra: object) -> ServerConfig:
    return ServerConfig.model_validate({"name": name, "type": "http", "url": url, "timeout": 3, **extra})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("sse", [False, True], ids=["json", "sse"])
async def test_session_headers_and_call(sse: bool) -> None:
    with FakeHttpServer(sse=sse) as server:
        async with manager_for(http_entry(server.url)) as manager:
            events = EventRecorder(manager.bus)
            assert (await manager.call_tool("web", "echo", {"text": "hello"})).text() == "hello"
        posts = [h for method, _, h in server.requests if method == "POST"]
        assert "mcp-session-id" not in posts[0] and "mcp-protocol-version" not in posts[0]
        assert posts[0]["accept"] == "application/json, text/event-stream"
        assert all(h["mcp-session-id"] == "session-1" for h in posts[1:])
        assert all(h["mcp-protocol-version"] == "2025-11-25" for h in posts[1:])
        assert [m for m, _, h in server.requests if m == "DELETE"] == ["DELETE"]  # session ended on close
        if sse:
            assert [e.data for e in events.of_type(ServerLog)] == ["hi", "hi", "hi"]


async def test_expired_session_reinitializes_once() -> None:
    with FakeHttpServer(expire_once=True) as server:
        async with manager_for(http_entry(server.url)) as manager:
            assert (await manager.call_tool("web", "echo", {"text": "again"})).text() == "again"
    bodies = [h.get("mcp-session-id") for m, _, h in server.requests if m == "POST"]
    assert "session-2" in bodies


async def test_bearer_token_read_at_call_time_and_sent_only_to_its_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FAKE_GH_TOKEN", "token-one-123456")
    with FakeHttpServer() as github, FakeHttpServer() as other:
        entries = [http_entry(github.url, "github", tokenEnv="FAKE_GH_TOKEN"), http_entry(other.url, "other")]
        async with manager_for(*entries) as manager:
            await manager.call_tool("github", "echo", {"text": "a"})
            monkeypatch.setenv("FAKE_GH_TOKEN", "token-two-123456")
            await manager.call_tool("github", "echo", {"text": "b"})
            await manager.call_tool("other", "echo", {"text": "c"})
    auth = [h.get("authorization") for m, _, h in github.requests if m == "POST"]
    assert auth[0] == "Bearer token-one-123456" and auth[-1] == "Bearer token-two-123456"
    assert not any("authorization" in h for _, _, h in other.requests)


async def test_legacy_sse_fallback() -> None:
    with FakeHttpServer(legacy=True) as server:
        async with manager_for(http_entry(server.url)) as manager:
            assert (await manager.call_tool("web", "echo", {"text": "old"})).text() == "old"
    assert [(m, p.split("?")[0]) for m, p, _ in server.requests[:3]] == [
        ("POST", "/sse"),
        ("GET", "/sse"),
        ("POST", "/message"),
    ]


@pytest.mark.parametrize(
    ("fault", "kind"),
    [
        ({"status": 401}, "auth-failure"),
        ({"status": 403}, "auth-failure"),
        ({"status": 500}, "unknown"),
        ({"malformed": True}, "protocol"),
    ],
)
async def test_http_faults_map_to_kinds_without_retry(fault: dict, kind: str) -> None:
    with FakeHttpServer(**fault) as server:
        async with manager_for(http_entry(server.url)) as manager:
            events = EventRecorder(manager.bus)
            with pytest.raises(McpError) as err:
                await manager.call_tool("web", "echo", {"text": "x"})
    assert err.value.kind == kind and err.value.server == "web"
    assert not events.of_type(WarningIssued)


async def test_refused_port_and_unresolvable_host_are_retried_once() -> None:
    entries = [
        http_entry(f"http://127.0.0.1:{free_port()}/mcp", "refused"),
        http_entry("http://sofia-nb-test.invalid/mcp", "nowhere"),
    ]
    async with McpManager(manager_for(*entries).config, retry_delay_s=0.05) as manager:
        events = EventRecorder(manager.bus)
        for server, kind in (("refused", "connection-refused"), ("nowhere", "dns-failure")):
            with pytest.raises(McpError) as err:
                await manager.list_tools(server)
            assert err.value.kind == kind
    assert [w.details["server"] for w in events.of_type(WarningIssued)] == ["refused", "nowhere"]


async def test_modern_probe_headers_then_handshake_fallback() -> None:
    with FakeHttpServer() as server:  # a handshake-era server: server/discover gets an empty result
        async with McpManager(manager_for(http_entry(server.url)).config, probe_modern=True) as manager:
            assert (await manager.call_tool("web", "echo", {"text": "ok"})).text() == "ok"
            assert (await manager.session("web")).protocol_version == "2025-11-25"
    posts = [h for method, _, h in server.requests if method == "POST"]
    assert posts[0]["mcp-method"] == "server/discover" and posts[0]["mcp-protocol-version"] == "2026-07-28"
    assert "mcp-method" not in posts[1] and "mcp-protocol-version" not in posts[1]  # initialize
