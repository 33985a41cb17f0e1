"""The client's one deadline mechanism: ``Deadlines`` (per request id) and ``within`` (any wait)."""

from __future__ import annotations

import asyncio

import pytest

from sofia_nb.mcp import McpError
from sofia_nb.mcp._deadlines import Deadlines


async def test_expiry_is_a_timeout_naming_what_was_awaited() -> None:
    deadlines = Deadlines()
    with pytest.raises(McpError) as err:
        async with deadlines.within(0.05, "tools/call"):
            await asyncio.sleep(30)
    assert err.value.kind == "timeout" and err.value.message == "tools/call: no answer within 0.05 s"


async def test_nested_waits_report_the_one_that_expired() -> None:
    deadlines = Deadlines()
    with pytest.raises(McpError) as err:
        async with deadlines.within(0.05, "outer"), deadlines.within(30, "inner"):
            await asyncio.sleep(30)
    assert err.value.message.startswith("outer:")
    async with deadlines.within(None, "no limit"):
        await asyncio.sleep(0)


async def test_a_cancel_from_elsewhere_stays_a_cancel() -> None:
    deadlines = Deadlines()

    async def wait() -> None:
        async with deadlines.within(30, "wait"):
            await asyncio.sleep(30)

    task = asyncio.create_task(wait())
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def test_one_instance_keeps_working_on_a_new_event_loop() -> None:
    deadlines = Deadlines()

    async def expire(limit: float) -> str:
        try:
            async with deadlines.within(limit, "wait"):
                await asyncio.sleep(30)
        except McpError as exc:
            return exc.kind
        return "no timeout"

    async def first() -> None:
        async with deadlines.within(0.2, "armed and left"):  # leaves a timer on this loop
            await asyncio.sleep(0)

    asyncio.run(first())
    assert asyncio.run(expire(0.3)) == "timeout"  # later than the stale timer: a new one is armed
