import asyncio

import pytest
from pydantic import ValidationError

from sofia_nb.events import Activity, EventBus, EventRecorder, ToolCallStarted, WarningIssued, event_adapter


def test_subscribers_receive_events_filtered_by_type() -> None:
    bus = EventBus()
    everything = EventRecorder(bus)
    only_tools: list[ToolCallStarted] = []
    bus.subscribe(only_tools.append, ToolCallStarted)
    bus.emit(Activity(name="scaffold"))
    bus.emit(ToolCallStarted(call_id="1", server="s", tool="t"))
    assert [e.type for e in everything.events] == ["activity", "tool_call_started"]
    assert [e.call_id for e in only_tools] == ["1"]


def test_unsubscribe_stops_delivery() -> None:
    bus = EventBus()
    seen: list[object] = []
    stop = bus.subscribe(seen.append)
    bus.emit(Activity(name="a"))
    stop()
    bus.emit(Activity(name="b"))
    assert len(seen) == 1


def test_a_failing_subscriber_is_reported_and_does_not_break_the_publisher() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)

    def broken(event: object) -> None:
        raise RuntimeError("boom")

    bus.subscribe(broken, Activity)
    bus.emit(Activity(name="x"))
    warnings = recorder.of_type(WarningIssued)
    assert len(warnings) == 1
    assert "boom" in warnings[0].message


async def test_async_subscribers_run_on_the_running_loop() -> None:
    bus = EventBus()
    seen: list[str] = []

    async def slow(event: Activity) -> None:
        await asyncio.sleep(0)
        seen.append(event.name)

    bus.subscribe(slow, Activity)
    bus.emit(Activity(name="later"))
    assert seen == []
    await bus.drain()
    assert seen == ["later"]


def test_async_subscriber_without_a_loop_runs_to_completion() -> None:
    bus = EventBus()
    seen: list[str] = []

    async def sub(event: Activity) -> None:
        seen.append(event.name)

    bus.subscribe(sub, Activity)
    bus.emit(Activity(name="now"))
    assert seen == ["now"]


def test_events_round_trip_through_json_by_their_type_tag() -> None:
    event = ToolCallStarted(call_id="7", server="github", tool="create_repository", arguments={"name": "x"})
    again = event_adapter.validate_json(event.model_dump_json())
    assert again == event


def test_events_are_immutable() -> None:
    event = Activity(name="x")
    with pytest.raises(ValidationError):
        event.name = "y"  # type: ignore[misc]
