"""The hot path's unvalidated builds equal what validation would have made (``sofia_nb._trusted``)."""

from __future__ import annotations

from typing import Any

import pytest

from sofia_nb import protocol as p
from sofia_nb.events import EventBus, ToolCallFinished, ToolCallProgress, ToolCallStarted, TurnAdded


def test_trusted_events_equal_validated_ones() -> None:
    cases: list[tuple[type[Any], dict[str, Any]]] = [
        (
            ToolCallStarted,
            {"call_id": "a-1", "server": "s", "tool": "t", "arguments": {"q": [1, {"x": None}]}},
        ),
        (ToolCallStarted, {"call_id": "a-2", "server": "s", "tool": "t", "origin": "model"}),
        (ToolCallProgress, {"call_id": "a-1", "server": "s", "tool": "t", "progress": 0.5, "total": None}),
        (ToolCallFinished, {"call_id": "a-1", "server": "s", "tool": "t", "duration_s": 0.2, "ok": True}),
        (
            ToolCallFinished,
            {
                "call_id": "a-1",
                "server": "s",
                "tool": "t",
                "duration_s": 0.2,
                "ok": False,
                "error_kind": "timeout",
            },
        ),
    ]
    for kind, fields in cases:
        built = kind.trusted(**fields)
        validated = kind(**fields, at=built.at)
        assert built == validated and built.model_dump_json() == validated.model_dump_json()
        assert built.model_fields_set == validated.model_fields_set - {"at"}
    assert ToolCallStarted.trusted(call_id="a", server="s", tool="t").arguments == {}  # a fresh default


def test_trusted_events_refuse_missing_and_unknown_fields() -> None:
    with pytest.raises(TypeError, match="needs"):
        ToolCallFinished.trusted(call_id="a", server="s", tool="t", ok=True)
    with pytest.raises(TypeError, match="knows"):
        TurnAdded.trusted(session_id="s", phase="p", role="user", seq=1, content="x", colour="red")


@pytest.mark.parametrize(
    "raw",
    [
        {"content": [{"type": "text", "text": "hello"}], "isError": False},
        {"content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
        {"content": [], "isError": True, "structuredContent": {"k": [1, 2]}},
        {},
        # Not the plain shape: validated the ordinary way.
        {"content": [{"type": "image", "data": "AA==", "mimeType": "image/png"}]},
        {"content": [{"type": "text", "text": "x", "annotations": {"audience": ["user"]}}]},
        {"content": [{"type": "text", "text": "x"}], "_meta": {"m": 1}, "resultType": "complete"},
        {"content": [{"type": "text", "text": "x"}], "isError": 1},
    ],
)
def test_a_result_from_the_wire_equals_the_validated_one(raw: dict[str, Any]) -> None:
    assert p.CallToolResult.from_wire(raw) == p.CallToolResult.model_validate(raw)
    assert p.CallToolResult.from_wire(raw).wire() == p.CallToolResult.model_validate(raw).wire()


def test_a_malformed_result_still_fails_validation() -> None:
    from pydantic import ValidationError

    for raw in (
        {"content": [{"type": "text", "text": 5}]},
        {"content": "x"},
        {"content": [{"type": "text"}]},
    ):
        with pytest.raises(ValidationError):
            p.CallToolResult.from_wire(raw)


def test_the_bus_says_which_events_someone_reads() -> None:
    bus = EventBus()
    assert not bus.wants(ToolCallStarted)
    stop = bus.subscribe(lambda e: None, ToolCallFinished)
    assert bus.wants(ToolCallFinished) and not bus.wants(ToolCallStarted)
    stop()
    bus.subscribe(lambda e: None)
    assert bus.wants(ToolCallStarted)
