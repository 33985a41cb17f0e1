"""Chat Completions wire details: SSE framing, tool-call fragments, and argument parsing."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from ._types import ToolCall


async def iter_sse_data(lines: AsyncIterator[str]) -> AsyncIterator[str]:
    """Yield the ``data`` of each server-sent event; comments, ids and empty events are skipped."""
    data: list[str] = []
    async for line in lines:
        if line == "":
            if joined := "\n".join(data):
                yield joined
            data = []
        elif line.startswith("data:"):
            value = line[5:]
            data.append(value[1:] if value.startswith(" ") else value)
    if joined := "\n".join(data):
        yield joined


def parse_arguments(text: str) -> tuple[dict[str, Any], str | None]:
    """A tool call's arguments as a dict; with the raw text too when it is not a JSON object."""
    if not text.strip():
        return {}, None
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return {}, text
    return (value, None) if isinstance(value, dict) else ({}, text)


class ToolCallAssembler:
    """Joins streamed ``tool_calls`` fragments into whole calls.

    Fragments are keyed by ``index``. Some servers (Ollama) reuse index 0 for every call of a
    parallel batch and tell them apart by id, while others (LM Studio) send a fresh id on every
    fragment; so a fragment starts a new call only when its id differs *and* it names a function.
    """

    def __init__(self) -> None:
        self._calls: list[dict[str, Any]] = []
        self._by_index: dict[int, dict[str, Any]] = {}

    def add(self, fragment: dict[str, Any]) -> None:
        index = fragment.get("index", 0)
        call_id = fragment.get("id") or ""
        function = fragment.get("function") or {}
        slot = self._by_index.get(index)
        starts_new = (
            slot is not None and call_id and slot["id"] and call_id != slot["id"] and function.get("name")
        )
        if slot is None or starts_new:
            slot = {"id": call_id, "name": "", "arguments": ""}
            self._calls.append(slot)
            self._by_index[index] = slot
        slot["id"] = slot["id"] or call_id
        slot["name"] += function.get("name") or ""
        slot["arguments"] += function.get("arguments") or ""

    def calls(self) -> list[ToolCall]:
        return [to_tool_call(c["id"], c["name"], c["arguments"], n) for n, c in enumerate(self._calls)]


def to_tool_call(call_id: str, name: str, arguments: str, position: int) -> ToolCall:
    """A ``ToolCall`` from wire values; a missing id gets a stable one from its position."""
    parsed, raw = parse_arguments(arguments)
    return ToolCall(id=call_id or f"call_{position}", name=name, arguments=parsed, raw_arguments=raw)
