"""The client against the fake stdio server: protocol features, events, faults that are not errors."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from sofia_nb.events import (
    EventRecorder,
    ServerLog,
    ToolCallFinished,
    ToolCallProgress,
    ToolCallStarted,
    WarningIssued,
)
from sofia_nb.mcp import McpError, McpManager
from sofia_nb.protocol import EmbeddedResource, TextContent
from tests.mcp.conftest import manager_for
from tests.support.mcp_helpers import fake_entry


def received(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


async def test_handshake_then_every_page_of_tools(fake: McpManager, fake_log: Path) -> None:
    tools = await fake.list_tools("fake")
    assert [t.name for t in tools][:3] == ["echo", "add", "sleep"] and len(tools) == 14
    methods = [m.get("method") for m in received(fake_log)]
    assert methods[:2] == ["initialize", "notifications/initialized"]
    assert methods.count("tools/list") == 5  # pages of 3 (14 tools)
    init = received(fake_log)[0]["params"]
    assert init["protocolVersion"] == "2025-11-25" and init["clientInfo"]["name"] == "sofia-nb"
    session = await fake.session("fake")
    assert (
        session.protocol_version == "2025-11-25" and session.info and session.info.server_info.name == "fake"
    )


async def test_call_returns_typed_result_and_emits_events(fake: McpManager) -> None:
    events = EventRecorder(fake.bus)
    result = await fake.call_tool("fake", "add", {"a": 2, "b": 3})
    assert result.structured_content == {"sum": 5} and result.content == [TextContent(text="5")]
    started, finished = events.of_type(ToolCallStarted)[0], events.of_type(ToolCallFinished)[0]
    assert (started.server, started.tool, started.arguments) == ("fake", "add", {"a": 2, "b": 3})
    assert finished.call_id == started.call_id and finished.ok and finished.result_size == 1
    assert finished.duration_s >= 0 and finished.error_kind is None


async def test_secrets_in_arguments_are_redacted_in_events(fake: McpManager) -> None:
    events = EventRecorder(fake.bus)
    await fake.call_tool("fake", "echo", {"text": "Bearer abcdefghijkl123", "api_key": "k"}, timeout=5)
    assert events.of_type(ToolCallStarted)[0].arguments == {"text": "[REDACTED]", "api_key": "[REDACTED]"}


async def test_progress_notifications_become_events(fake: McpManager) -> None:
    events = EventRecorder(fake.bus)
    assert (await fake.call_tool("fake", "sleep", {"seconds": 0.3})).text() == "slept"
    progress = events.of_type(ToolCallProgress)
    assert [(e.progress, e.total, e.message) for e in progress] == [
        (1, 3, "step 1"),
        (2, 3, "step 2"),
        (3, 3, "step 3"),
    ]
    assert progress[0].call_id == events.of_type(ToolCallStarted)[0].call_id


async def test_server_log_notification_reaches_the_bus(fake: McpManager) -> None:
    events = EventRecorder(fake.bus)
    await fake.call_tool("fake", "log", {})
    assert [(e.server, e.level, e.logger, e.data) for e in events.of_type(ServerLog)] == [
        ("fake", "warning", "fake", "careful")
    ]


async def test_is_error_result_is_returned_not_raised(fake: McpManager) -> None:
    events = EventRecorder(fake.bus)
    result = await fake.call_tool("fake", "fail", {})
    assert result.is_error and result.text() == "it went wrong"
    finished = events.of_type(ToolCallFinished)[0]
    assert finished.is_error and not finished.ok


async def test_invalid_arguments_are_never_sent(fake: McpManager, fake_log: Path) -> None:
    events = EventRecorder(fake.bus)
    with pytest.raises(McpError) as err:
        await fake.call_tool("fake", "add", {"a": 1, "b": "two"})
    assert (err.value.kind, err.value.server, err.value.tool) == ("validation", "fake", "add")
    assert "b" in err.value.message
    assert not [m for m in received(fake_log) if m.get("method") == "tools/call"]
    assert events.of_type(ToolCallFinished)[0].error_kind == "validation"
    assert not events.of_type(WarningIssued)  # validation is never retried


async def test_timeout_sends_cancel_and_keeps_the_connection(fake: McpManager, fake_log: Path) -> None:
    with pytest.raises(McpError) as err:
        await fake.call_tool("fake", "create_thing", {"hang": True}, timeout=0.3)
    assert err.value.kind == "timeout"
    for _ in range(50):
        cancels = [m for m in received(fake_log) if m.get("method") == "notifications/cancelled"]
        if cancels:
            break
        await asyncio.sleep(0.05)
    call = next(m for m in received(fake_log) if m.get("method") == "tools/call")
    assert cancels and cancels[0]["params"]["requestId"] == call["id"]
    assert (await fake.call_tool("fake", "echo", {"text": "still here"})).text() == "still here"


async def test_cancelling_the_task_sends_cancel(fake: McpManager, fake_log: Path) -> None:
    await fake.list_tools("fake")
    task = asyncio.create_task(fake.call_tool("fake", "never", {}))
    await asyncio.sleep(0.2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.sleep(0.2)
    assert any(m.get("method") == "notifications/cancelled" for m in received(fake_log))


async def test_fifty_concurrent_calls_on_one_connection(fake: McpManager, fake_log: Path) -> None:
    results = await asyncio.gather(*(fake.call_tool("fake", "add", {"a": i, "b": 1000}) for i in range(50)))
    assert [r.structured_content["sum"] for r in results] == [i + 1000 for i in range(50)]
    assert sum(1 for m in received(fake_log) if m.get("method") == "initialize") == 1


async def test_ten_mib_line(fake: McpManager) -> None:
    result = await fake.call_tool("fake", "big", {"mib": 10})
    assert len(result.text()) == 10 * 1024 * 1024


async def test_stderr_flood_does_not_block_the_server(fake: McpManager) -> None:
    for _ in range(3):
        assert (await fake.call_tool("fake", "flood", {}, timeout=10)).text() == "flooded"


@pytest.mark.parametrize("mode", ["garbage", "stderr-flood", "slow-start"])
async def test_start_up_quirks_are_not_failures(mode: str) -> None:
    async with manager_for(fake_entry(mode=mode, FAKE_DELAY="1")) as manager:
        events = EventRecorder(manager.bus)
        assert (await manager.call_tool("fake", "echo", {"text": "ok"})).text() == "ok"
    warnings = [w.message for w in events.of_type(WarningIssued)]
    if mode == "garbage":
        assert any("Starting fake server" in w for w in warnings)


async def test_resources_read_and_embedded_resource_content_types(fake: McpManager) -> None:
    # The fake has no resources capability: the client surfaces the server's answer as an McpError.
    with pytest.raises(McpError) as err:
        await fake.list_resources("fake")
    assert err.value.kind == "protocol"
    assert EmbeddedResource.model_validate({"type": "resource", "resource": {"uri": "x", "text": "y"}})


async def test_connection_is_shared_and_lazy(fake: McpManager, fake_log: Path) -> None:
    assert not fake.connected("fake") and not fake_log.exists()
    await asyncio.gather(fake.list_tools("fake"), fake.call_tool("fake", "echo", {"text": "a"}))
    assert fake.connected("fake") and await fake.available("fake")
    assert sum(1 for m in received(fake_log) if m.get("method") == "initialize") == 1
    assert not await fake.available("nope")


async def test_tool_list_is_cached_until_the_server_says_it_changed(fake: McpManager, fake_log: Path) -> None:
    await fake.list_tools("fake")
    await fake.call_tool("fake", "echo", {"text": "cached"})
    pages = sum(1 for m in received(fake_log) if m.get("method") == "tools/list")
    await fake.call_tool("fake", "changed", {})
    await fake.list_tools("fake")
    assert sum(1 for m in received(fake_log) if m.get("method") == "tools/list") == 2 * pages


async def test_server_requests_are_answered_sampling_refused_elicitation_declined(
    fake: McpManager, fake_log: Path
) -> None:
    await fake.call_tool("fake", "ask_client", {})
    for _ in range(40):
        answers = {m["id"]: m for m in received(fake_log) if str(m.get("id", "")).startswith("srv-")}
        if len(answers) == 4:
            break
        await asyncio.sleep(0.05)
    assert answers["srv-0"]["result"] == {}  # ping
    assert answers["srv-1"]["error"]["code"] == -32600  # sampling refused: nobody was asked
    assert answers["srv-2"]["result"] == {"action": "decline"}
    assert answers["srv-3"]["result"] == {"roots": []}


async def test_malformed_messages_are_reported_not_fatal(fake: McpManager) -> None:
    events = EventRecorder(fake.bus)
    assert (await fake.call_tool("fake", "malformed", {})).text() == "survived"
    warnings = [w.message for w in events.of_type(WarningIssued)]
    assert any("malformed notifications/progress" in w for w in warnings)
    assert any("non-JSON line" in w for w in warnings)  # the list id: not a JSON-RPC message


async def test_server_exit_fails_every_pending_call_at_once_with_the_stderr_tail(fake: McpManager) -> None:
    await fake.list_tools("fake")
    pending = [asyncio.create_task(fake.call_tool("fake", "create_thing", {"hang": True})) for _ in range(3)]
    await asyncio.sleep(0.2)
    with pytest.raises(McpError) as died:
        await fake.call_tool("fake", "create_thing", {"die": True})  # not idempotent: no retry
    errors = await asyncio.wait_for(asyncio.gather(*pending, return_exceptions=True), 2)
    assert died.value.kind == "connection-lost" and "exited with code 3" in died.value.message
    assert all(isinstance(e, McpError) and e.kind == "connection-lost" for e in errors)
    mid_call = await asyncio.gather(fake.call_tool("fake", "die", {}), return_exceptions=True)
    assert isinstance(mid_call[0], McpError) and "dying mid-call as asked" in mid_call[0].stderr_tail


async def test_a_line_over_the_limit_ends_the_connection_as_protocol(
    fake: McpManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sofia_nb.mcp._stdio.LINE_LIMIT", 1024 * 1024)  # 64 MiB in production
    with pytest.raises(McpError) as err:
        await fake.call_tool("fake", "big", {"mib": 2})
    assert err.value.kind == "protocol" and "longer than 1 MiB" in err.value.message
