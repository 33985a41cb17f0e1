"""What one ``tools/call`` tells the bus (``mcp/_call_events.py``): started once, then finished with
the outcome, on every path; a secret never rides along; nothing is built for nobody."""

from __future__ import annotations

import asyncio

import pytest

from sofia_nb.events import EventRecorder, ToolCallFinished, ToolCallStarted
from sofia_nb.mcp import McpError, McpManager
from sofia_nb.redact import REDACTED


def ends(recorder: EventRecorder) -> tuple[ToolCallStarted, ToolCallFinished]:
    [started] = recorder.of_type(ToolCallStarted)
    [finished] = recorder.of_type(ToolCallFinished)
    assert finished.call_id == started.call_id
    return started, finished


async def test_a_result_reports_its_size_and_a_redacted_preview_of_200_characters(fake: McpManager) -> None:
    recorder = EventRecorder(fake.bus)
    text = "ghp_abcdefghijklmnopqrst1234 " + "word " * 60
    await fake.call_tool("fake", "echo", {"text": text})
    started, finished = ends(recorder)
    assert started.arguments == {"text": text.replace("ghp_abcdefghijklmnopqrst1234", REDACTED)}
    assert finished.ok and not finished.is_error and finished.result_size == len(text)
    # cut at 200 characters of the result, inside the 35th word, which is left out whole
    assert finished.result_preview == f"{REDACTED} " + "word " * 34
    assert finished.error_kind is None and finished.error_message is None


async def test_a_tool_error_is_a_result_not_ok_and_without_an_error_kind(fake: McpManager) -> None:
    recorder = EventRecorder(fake.bus)
    assert (await fake.call_tool("fake", "fail", {})).is_error
    _, finished = ends(recorder)
    assert (finished.ok, finished.is_error, finished.error_kind) == (False, True, None)
    assert finished.result_preview == "it went wrong"


async def test_a_failed_call_reports_the_kind_and_the_redacted_message(fake: McpManager) -> None:
    recorder = EventRecorder(fake.bus)
    with pytest.raises(McpError):
        await fake.call_tool("fake", "echo", {"text": ["sk-abcdefghijklmnop1234"]})  # the message quotes it
    started, finished = ends(recorder)
    assert started.arguments == {"text": [REDACTED]}
    assert (finished.ok, finished.is_error, finished.error_kind) == (False, False, "validation")
    assert finished.error_message and "is not of type" in finished.error_message
    assert "sk-abcdefghijklmnop1234" not in finished.model_dump_json()


async def test_a_cancelled_call_is_announced_and_ends_as_cancelled(fake: McpManager) -> None:
    recorder = EventRecorder(fake.bus)
    call = asyncio.create_task(fake.call_tool("fake", "never", {}))
    for _ in range(200):
        if recorder.of_type(ToolCallStarted):
            break
        await asyncio.sleep(0.01)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    _, finished = ends(recorder)
    assert (finished.ok, finished.error_kind, finished.error_message) == (False, "cancelled", "")


async def test_nothing_is_built_or_redacted_for_nobody(fake: McpManager, monkeypatch) -> None:
    import sofia_nb.mcp._call_events as module

    def refuse(*_: object) -> None:
        raise AssertionError("built an event nobody reads")

    for name in ("redact", "redact_text", "_started", "_finished"):
        monkeypatch.setattr(module, name, refuse)
    assert (await fake.call_tool("fake", "echo", {"text": "hi"})).text() == "hi"
    with pytest.raises(McpError):
        await fake.call_tool("fake", "echo", {"text": 3})
