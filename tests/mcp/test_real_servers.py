"""The client against real peers: server-everything (stdio and Streamable HTTP), server-filesystem, and
a server written with the official Python SDK (both protocol eras)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from sofia_nb.events import EventRecorder, ToolCallProgress, WarningIssued
from sofia_nb.mcp import McpError, McpManager, ServerConfig
from sofia_nb.protocol import ImageContent, ResourceLink, TextContent
from tests.conftest import npm_binary
from tests.support.mcp_helpers import config

pytestmark = pytest.mark.node
SDK_SERVER = Path(__file__).resolve().parents[1] / "support" / "mcp_sdk_server.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def everything_http() -> Iterator[str]:
    binary = npm_binary("mcp-server-everything")
    port = free_port()
    proc = subprocess.Popen(
        [str(binary), "streamableHttp"],
        env={**os.environ, "PORT": str(port)},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture(params=["stdio", "http"])
async def everything(request: pytest.FixtureRequest, everything_http: str) -> AsyncIterator[McpManager]:
    # everything_http is a direct dependency so it starts before the leaked-children guard looks.
    if request.param == "stdio":
        entry = ServerConfig(
            name="ev", command=str(npm_binary("mcp-server-everything")), args=["stdio"], timeout=20
        )
    else:
        entry = ServerConfig(name="ev", type="http", url=everything_http, timeout=20)
    async with McpManager(config(entry), retry_delay_s=0.05) as manager:
        yield manager


async def test_everything_tools_and_calls(everything: McpManager) -> None:
    tools = {t.name: t for t in await everything.list_tools("ev")}
    assert {"echo", "get-sum", "get-structured-content", "trigger-long-running-operation"} <= set(tools)
    assert tools["echo"].annotations and tools["echo"].annotations.read_only_hint is True
    assert tools["get-structured-content"].output_schema is not None
    assert (await everything.call_tool("ev", "echo", {"message": "hi"})).text() == "Echo: hi"
    assert "3" in (await everything.call_tool("ev", "get-sum", {"a": 1, "b": 2})).text()
    structured = await everything.call_tool("ev", "get-structured-content", {"location": "New York"})
    assert set(structured.structured_content) >= {"temperature", "conditions", "humidity"}
    image = await everything.call_tool("ev", "get-tiny-image", {})
    assert any(isinstance(b, ImageContent) and b.mime_type == "image/png" for b in image.content)
    links = await everything.call_tool("ev", "get-resource-links", {"count": 2})
    assert sum(isinstance(b, ResourceLink) for b in links.content) == 2
    with pytest.raises(McpError) as err:
        await everything.call_tool("ev", "get-sum", {"a": "one", "b": 2})
    assert err.value.kind == "validation"


async def test_everything_progress(everything: McpManager) -> None:
    events = EventRecorder(everything.bus)
    result = await everything.call_tool("ev", "trigger-long-running-operation", {"duration": 1, "steps": 3})
    assert "completed" in result.text()
    assert [e.progress for e in events.of_type(ToolCallProgress)] == [1, 2, 3]


async def test_everything_timeout_sends_cancel(everything: McpManager) -> None:
    session = await everything.session("ev")
    sent: list[dict] = []
    real_send = session.transport.send

    async def spy(msg: dict) -> None:
        sent.append(msg)
        await real_send(msg)

    session.transport.send = spy  # type: ignore[method-assign]
    events = EventRecorder(everything.bus)
    with pytest.raises(McpError) as err:
        await everything.call_tool(
            "ev", "trigger-long-running-operation", {"duration": 10, "steps": 2}, timeout=0.5
        )
    assert err.value.kind == "timeout"
    calls = [m["id"] for m in sent if m.get("method") == "tools/call"]
    for _ in range(40):  # the cancel notice is sent by a background task
        cancelled = [m["params"]["requestId"] for m in sent if m.get("method") == "notifications/cancelled"]
        if len(cancelled) == len(calls):
            break
        await asyncio.sleep(0.05)
    assert calls and cancelled == calls  # the tool is read-only: retried once, each attempt cancelled
    assert len(events.of_type(WarningIssued)) == 1


async def test_everything_resources_and_prompts(everything: McpManager) -> None:
    resources = await everything.list_resources("ev")
    assert resources
    read = await everything.read_resource("ev", resources[0].uri)
    assert read.contents and read.contents[0].uri == resources[0].uri
    prompts = {p.name for p in await everything.list_prompts("ev")}
    assert "simple-prompt" in prompts
    prompt = await everything.get_prompt("ev", "simple-prompt")
    assert prompt.messages and isinstance(prompt.messages[0].content, TextContent)


async def test_filesystem_inside_and_outside(tmp_path: Path) -> None:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "note.txt").write_text("inside")
    (tmp_path / "secret.txt").write_text("TOPSECRET")
    entry = ServerConfig(
        name="fs", command=str(npm_binary("mcp-server-filesystem")), args=[str(allowed)], timeout=20
    )
    async with McpManager(config(entry)) as manager:
        tools = {t.name for t in await manager.list_tools("fs")}
        read = "read_text_file" if "read_text_file" in tools else "read_file"
        inside = await manager.call_tool("fs", read, {"path": str(allowed / "note.txt")})
        assert inside.text() == "inside" and not inside.is_error
        outside = await manager.call_tool("fs", read, {"path": str(tmp_path / "secret.txt")})
        assert outside.is_error and "TOPSECRET" not in outside.text()
        assert await manager.available("fs")  # a tool error is not a crash


@pytest.mark.parametrize("probe_modern", [False, True], ids=["handshake", "2026-07-28"])
async def test_official_sdk_server(probe_modern: bool) -> None:
    entry = ServerConfig(name="sdk", command=sys.executable, args=[str(SDK_SERVER)], timeout=30)
    async with McpManager(config(entry), probe_modern=probe_modern) as manager:
        assert {t.name for t in await manager.list_tools("sdk")} == {"add", "shout", "explode"}
        result = await manager.call_tool("sdk", "add", {"a": 2, "b": 40})
        assert result.structured_content == {"total": 42}
        assert (await manager.call_tool("sdk", "explode", {})).is_error
        session = await manager.session("sdk")
        assert session.protocol_version == ("2026-07-28" if probe_modern else "2025-11-25")
