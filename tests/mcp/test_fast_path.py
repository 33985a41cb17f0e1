"""What the tools/call hot path does instead of the obvious: a shared deadline timer, the started
event published once the request is on the wire."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from sofia_nb.events import EventRecorder, ToolCallFinished, ToolCallProgress, ToolCallStarted
from sofia_nb.mcp import McpError
from sofia_nb.mcp._deadlines import Deadlines
from tests.mcp.conftest import manager_for
from tests.support.mcp_helpers import fake_entry


async def test_deadlines_share_a_timer_and_leave_other_cancels_alone() -> None:
    deadlines = Deadlines()

    async def wait(key: str, limit: float) -> str:
        deadlines.start(key, limit)
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            if deadlines.stop(key):
                return "expired"
            raise
        finally:
            deadlines.stop(key)
        return "slept"

    async def after_a_swallowed_cancel() -> str:
        asyncio.current_task().cancel()  # type: ignore[union-attr]
        try:
            await asyncio.sleep(0)
        except asyncio.CancelledError:
            pass  # swallowed without uncancel(): the task keeps counting one cancel
        return await wait("after", 0.05)

    assert await asyncio.wait_for(asyncio.create_task(after_a_swallowed_cancel()), 5) == "expired"
    late = asyncio.create_task(wait("late", 20))
    await asyncio.sleep(0)
    early = asyncio.create_task(wait("early", 0.05))  # earlier than the armed timer: re-armed for it
    assert await asyncio.wait_for(early, 5) == "expired"
    assert not late.done()
    late.cancel()  # someone else's cancel stays a cancel
    with pytest.raises(asyncio.CancelledError):
        await late
    deadlines.close()


async def test_the_entry_deadline_cancels_the_call_and_keeps_the_connection(fake_log: Path) -> None:
    entry = fake_entry(log=fake_log).model_copy(update={"write_timeout": 0.3})
    async with manager_for(entry) as manager:
        events = EventRecorder(manager.bus)
        with pytest.raises(McpError) as err:
            await manager.call_tool("fake", "create_thing", {"hang": True})  # not idempotent: no retry
        assert err.value.kind == "timeout" and "no answer within 0.3 s" in err.value.message
        for _ in range(50):
            sent = [json.loads(line) for line in fake_log.read_text().splitlines()]
            cancels = [m for m in sent if m.get("method") == "notifications/cancelled"]
            if cancels:
                break
            await asyncio.sleep(0.05)
        call = next(m for m in sent if m.get("method") == "tools/call")
        assert cancels and cancels[0]["params"]["requestId"] == call["id"]
        assert (await manager.call_tool("fake", "echo", {"text": "still here"})).text() == "still here"
        calls = [e for e in events.events if isinstance(e, ToolCallStarted | ToolCallFinished)]
        assert [type(e) for e in calls] == [ToolCallStarted, ToolCallFinished] * 2
        assert calls[1].error_kind == "timeout" and calls[0].call_id != calls[2].call_id


async def test_started_comes_before_progress_and_finished(fake_log: Path) -> None:
    async with manager_for(fake_entry(log=fake_log)) as manager:
        events = EventRecorder(manager.bus)
        await manager.call_tool("fake", "sleep", {"seconds": 0.15})
        kinds = [type(e) for e in events.events]
        assert kinds == [ToolCallStarted, *[ToolCallProgress] * 3, ToolCallFinished]


async def test_arguments_that_are_no_json_fail_validation_and_nothing_is_sent(fake_log: Path) -> None:
    async with manager_for(fake_entry(log=fake_log)) as manager:
        with pytest.raises(McpError) as err:  # the schema puts no type on extra members, JSON does
            await manager.call_tool("fake", "echo", {"text": "hi", "extra": object()})
        assert err.value.kind == "validation" and "not JSON-serializable" in err.value.message
        sent = [json.loads(line) for line in fake_log.read_text().splitlines()]
        assert not [m for m in sent if m.get("method") == "tools/call"]
        assert (await manager.call_tool("fake", "echo", {"text": "after"})).text() == "after"
