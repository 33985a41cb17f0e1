"""Rendering messages as text, and the dependency-free token estimate (characters / 4)."""

from __future__ import annotations

import json
import math

from ._types import Message

_PER_MESSAGE_OVERHEAD = 4  # role markers and separators every chat format adds


def render_message(message: Message) -> str:
    """One message as ``role: content`` (tool calls appended as JSON), the form scripts match on."""
    line = f"{message.role}: {message.content}"
    for call in message.tool_calls:
        args = call.raw_arguments if call.raw_arguments is not None else json.dumps(call.arguments)
        line += f"\n{message.role}: [tool call {call.name} {args}]"
    return line


def render_messages(messages: list[Message]) -> str:
    """Every message rendered by ``render_message``, one after the other."""
    return "\n".join(render_message(m) for m in messages)


def estimate_tokens(text: str) -> int:
    """About four characters per token for English and code."""
    return math.ceil(len(text) / 4)


def estimate_messages_tokens(messages: list[Message]) -> int:
    """The estimate for a whole request: its text plus a small overhead per message."""
    return sum(estimate_tokens(render_message(m)) + _PER_MESSAGE_OVERHEAD for m in messages)
