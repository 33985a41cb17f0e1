"""Fixtures for the LLM layer: the local OpenAI-compatible server and clients pointed at it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from sofia_nb.llm import Endpoint, OpenAICompatLLM, ToolCall, ToolOutput, ToolSpec
from tests.support.openai_server import OpenAIServer

PLANTED_KEY = "plantedKey-7f3a9c2e51b84d06"  # no well-known shape: only value redaction can catch it


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as running:
        yield running


@pytest.fixture
def client(server: OpenAIServer) -> OpenAICompatLLM:
    endpoint = Endpoint(
        provider="openai",
        model="gpt-test",
        base_url=server.base_url,
        api_key=PLANTED_KEY,
        key_env="OPENAI_API_KEY",
    )
    return OpenAICompatLLM(endpoint, timeout=10, max_retries=2, max_retry_wait=5)


SUM = ToolSpec(
    name="get_sum",
    description="adds two numbers",
    parameters={
        "type": "object",
        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
        "required": ["a", "b"],
        "additionalProperties": False,
    },
)


class Calculator:
    """A dispatcher offering ``get_sum``; it records what it actually ran."""

    def __init__(self, fail: bool = False) -> None:
        self.ran: list[dict[str, Any]] = []
        self.fail = fail

    async def list_tools(self) -> list[ToolSpec]:
        return [SUM]

    async def call_tool(self, call: ToolCall) -> ToolOutput:
        self.ran.append(call.arguments)
        if self.fail:
            raise RuntimeError("calculator is on fire")
        return ToolOutput(text=str(call.arguments["a"] + call.arguments["b"]))
