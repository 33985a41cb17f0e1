"""The hot path's direct validators (``sofia_nb._validation.validator``) are ``model_validate``."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from sofia_nb import protocol as p
from sofia_nb._validation import validator
from sofia_nb.events import EventBus, ToolCallFinished, ToolCallProgress, ToolCallStarted

EVENTS: list[tuple[type[Any], dict[str, Any]]] = [
    (ToolCallStarted, {"call_id": "a-1", "server": "s", "tool": "t", "arguments": {"q": [1, {"x": None}]}}),
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


@pytest.mark.parametrize(("kind", "fields"), EVENTS)
def test_a_directly_validated_event_equals_the_constructed_one(
    kind: type[Any], fields: dict[str, Any]
) -> None:
    built = validator(kind)(fields)
    constructed = kind(**fields, at=built.at)
    assert type(built) is kind
    assert built == constructed and built.model_dump_json() == constructed.model_dump_json()
    assert built.model_fields_set == constructed.model_fields_set - {"at"}


def test_direct_validation_still_refuses_missing_unknown_and_mistyped_fields() -> None:
    make = validator(ToolCallFinished)
    for fields in (
        {"call_id": "a", "server": "s", "tool": "t", "ok": True},  # no duration_s
        {"call_id": "a", "server": "s", "tool": "t", "duration_s": 1, "ok": True, "colour": "red"},
        {"call_id": "a", "server": "s", "tool": "t", "duration_s": "soon", "ok": True},
    ):
        with pytest.raises(ValidationError):
            make(fields)
    assert validator(ToolCallStarted)({"call_id": "a", "server": "s", "tool": "t"}).arguments == {}


@pytest.mark.parametrize(
    "raw",
    [
        {"content": [{"type": "text", "text": "hello"}], "isError": False},
        {"content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
        {"content": [], "isError": True, "structuredContent": {"k": [1, 2]}},
        {},
        {"content": [{"type": "image", "data": "AA==", "mimeType": "image/png"}]},
        {"content": [{"type": "text", "text": "x", "annotations": {"audience": ["user"]}}]},
        {"content": [{"type": "text", "text": "x"}], "_meta": {"m": 1}, "resultType": "complete"},
    ],
)
def test_a_directly_validated_result_equals_model_validate(raw: dict[str, Any]) -> None:
    direct = validator(p.CallToolResult)(raw)
    assert direct == p.CallToolResult.model_validate(raw)
    assert direct.wire() == p.CallToolResult.model_validate(raw).wire()


def test_a_malformed_result_fails_direct_validation() -> None:
    for raw in (
        {"content": [{"type": "text", "text": 5}]},
        {"content": "x"},
        {"content": [{"type": "text"}]},
        {"content": [{"type": "text", "text": "x"}], "isError": "maybe"},
    ):
        with pytest.raises(ValidationError):
            validator(p.CallToolResult)(raw)


def test_the_bus_says_which_events_someone_reads() -> None:
    bus = EventBus()
    assert not bus.wants(ToolCallStarted)
    stop = bus.subscribe(lambda e: None, ToolCallFinished)
    assert bus.wants(ToolCallFinished) and not bus.wants(ToolCallStarted)
    stop()
    bus.subscribe(lambda e: None)
    assert bus.wants(ToolCallStarted)
