"""The terminal lines for tool calls and token use, shared by ``workshop``, ``dev`` and ``fix``."""

from __future__ import annotations

from ..events import Event, ToolCallFinished, ToolCallStarted, UsageRecorded


def tool_call_line(event: Event) -> str | None:
    """``tool: server/tool …`` when a call starts and when it ends (duration, outcome); else None."""
    if isinstance(event, ToolCallStarted):
        return f"tool: {event.server}/{event.tool} started ({event.origin})"
    if isinstance(event, ToolCallFinished):
        state = "ok" if event.ok else f"failed ({event.error_kind or 'error'})"
        return f"tool: {event.server}/{event.tool} {state} in {event.duration_s:.2f}s"
    return None


class TokenTally:
    """Tokens used since the last ``take()``: the per-iteration count of ``dev`` and ``fix``."""

    def __init__(self) -> None:
        self.input = self.output = 0

    def add(self, event: UsageRecorded) -> None:
        self.input += event.input_tokens
        self.output += event.output_tokens

    def take(self) -> str:
        line = f"tokens: {self.input} in, {self.output} out"
        self.input = self.output = 0
        return line
