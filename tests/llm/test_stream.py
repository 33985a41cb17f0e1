"""Chat Completions wire details that servers vary on: SSE framing and tool-call fragments."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from sofia_nb.llm._stream import ToolCallAssembler, iter_sse_data, parse_arguments


async def _lines(*lines: str) -> AsyncIterator[str]:
    for line in lines:
        yield line


async def _collect(*lines: str) -> list[str]:
    return [data async for data in iter_sse_data(_lines(*lines))]


def test_sse_skips_comments_ids_and_empty_priming_events() -> None:
    events = asyncio.run(
        _collect(
            ": keep-alive", "", "id: 1", "data:", "", "event: message", 'data: {"a": 1}', "", "data: [DONE]"
        )
    )
    assert events == ['{"a": 1}', "[DONE]"]


def test_sse_joins_multi_line_data() -> None:
    assert asyncio.run(_collect("data: first", "data:second", "")) == ["first\nsecond"]


def test_fragments_are_joined_by_index() -> None:
    assembler = ToolCallAssembler()
    assembler.add({"index": 0, "id": "a", "function": {"name": "read", "arguments": '{"q"'}})
    assembler.add({"index": 1, "id": "b", "function": {"name": "sum", "arguments": ""}})
    assembler.add({"index": 0, "function": {"arguments": ': "x"}'}})
    assembler.add({"index": 1, "function": {"arguments": '{"a": 1}'}})
    assert [(c.id, c.name, c.arguments) for c in assembler.calls()] == [
        ("a", "read", {"q": "x"}),
        ("b", "sum", {"a": 1}),
    ]


def test_ollama_style_parallel_calls_reuse_index_zero_with_new_ids() -> None:
    assembler = ToolCallAssembler()
    assembler.add({"index": 0, "id": "c1", "function": {"name": "read", "arguments": '{"q": 1}'}})
    assembler.add({"index": 0, "id": "c2", "function": {"name": "read", "arguments": '{"q": 2}'}})
    assert [(c.id, c.arguments) for c in assembler.calls()] == [("c1", {"q": 1}), ("c2", {"q": 2})]


def test_lm_studio_style_fresh_ids_on_continuation_fragments_stay_one_call() -> None:
    assembler = ToolCallAssembler()
    assembler.add({"index": 0, "id": "x1", "function": {"name": "read", "arguments": '{"q":'}})
    assembler.add({"index": 0, "id": "x2", "function": {"arguments": ' "v"}'}})
    assert [(c.id, c.arguments) for c in assembler.calls()] == [("x1", {"q": "v"})]


def test_a_call_without_an_id_gets_one_and_bad_arguments_keep_their_text() -> None:
    assembler = ToolCallAssembler()
    assembler.add({"index": 0, "function": {"name": "read", "arguments": "{not json"}})
    [call] = assembler.calls()
    assert (call.id, call.arguments, call.raw_arguments) == ("call_0", {}, "{not json")
    assert parse_arguments("") == ({}, None)
    assert parse_arguments("[1, 2]") == ({}, "[1, 2]")
