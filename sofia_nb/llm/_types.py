"""The LLM layer's vocabulary: messages, tool specs and calls, usage, responses, and the client protocol."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from .._usage import Usage
from ._structured import OutputSchema

Purpose = Literal["chat", "repair", "extract", "summarize", "compact", "scaffold", "fix", "enrich"]
PURPOSES: tuple[str, ...] = ("chat", "repair", "extract", "summarize", "compact", "scaffold", "fix", "enrich")

TextCallback = Callable[[str], Awaitable[None] | None]
"""Receives each streamed piece of text as it arrives."""


class ToolSpec(BaseModel):
    """A tool offered to the model: a name, what it does, and a JSON Schema for its arguments."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})


class ToolCall(BaseModel):
    """A tool call the model asked for."""

    id: str
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    raw_arguments: str | None = None  # the text the model sent when it was not a JSON object


class Message(BaseModel):
    """One chat message. ``tool`` messages answer a ``ToolCall`` by id."""

    model_config = ConfigDict(extra="forbid")

    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None


LLMUsage = Usage
"""Token usage of one request (``sofia_nb._usage.Usage``, the same class the session stores)."""


class ToolOutput(BaseModel):
    """What running one tool call gave back to the model: text, and whether it is an error."""

    text: str = ""
    is_error: bool = False


class LLMResponse(BaseModel):
    """What one model request returned."""

    text: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    usage: LLMUsage = Field(default_factory=LLMUsage)
    finish_reason: str = "stop"
    latency_s: float = 0.0
    model: str = ""


@runtime_checkable
class LLMClient(Protocol):
    """Every provider implements this. ``model_name`` is the spec users see (``scripted:demo.yaml``)."""

    @property
    def model_name(self) -> str: ...

    @property
    def context_window(self) -> int | None: ...

    async def complete(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec] | None = None,
        purpose: Purpose = "chat",
        on_text: TextCallback | None = None,
        output: OutputSchema | None = None,
    ) -> LLMResponse:
        """Send ``messages`` (system prompt first) and return the reply; stream text to ``on_text``.

        With ``output``, a provider that supports structured output answers JSON valid for its
        strict form (``OutputSchema.strict``); any other answers in prose, as the prompt asks."""
        ...

    async def aclose(self) -> None:
        """Release connections or child processes."""
        ...


ToolExecutor = Callable[[ToolCall], Awaitable[ToolOutput]]
"""Runs one tool call (with every check and hook of the tool loop) and returns its result."""


@runtime_checkable
class ToolRunningClient(LLMClient, Protocol):
    """A client whose runtime calls tools itself (Copilot): it gets an executor instead of returning calls."""

    async def complete_running_tools(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec],
        execute: ToolExecutor,
        purpose: Purpose = "chat",
        on_text: TextCallback | None = None,
    ) -> LLMResponse:
        """Like ``complete``; every tool call the model makes goes through ``execute``."""
        ...
