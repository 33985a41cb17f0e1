"""The scripted model (architecture.md §4.3): canned replies chosen by purpose and ``match``.

A first-class provider, not a test hack: the demo runs on it, tests and benchmarks build it from
a list in memory. Its model name is ``scripted:<file name>`` everywhere.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .._datafile import DataFileError, read_json_or_yaml
from .._validation import describe
from ..config import Settings
from ..events import EventBus
from ..redact import redact
from ._base import BaseLLM, ProviderReply, emit_text
from ._errors import LLMNotConfiguredError, ScriptExhaustedError
from ._tokens import render_messages
from ._types import LLMUsage, Message, Purpose, TextCallback, ToolCall, ToolSpec

_STREAM_PIECES = 3


class ScriptedToolCall(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class ScriptedUsage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    input_tokens: int = Field(ge=0)
    output_tokens: int = Field(ge=0)


class ScriptedReply(BaseModel):
    """One reply of a script; a plain string in the file is a reply with only ``text``."""

    model_config = ConfigDict(extra="forbid")

    text: str = ""
    match: str | None = None
    purpose: Purpose | None = None
    tool_calls: list[ScriptedToolCall] = Field(default_factory=list)
    usage: ScriptedUsage | None = None

    def fits(self, purpose: str, rendered: str) -> bool:
        if self.purpose is not None and self.purpose != purpose:
            return False
        return self.match is None or re.search(self.match, rendered, re.S) is not None


class Script(BaseModel):
    """The file's shape: ``{"replies": [...]}``."""

    model_config = ConfigDict(extra="forbid")

    replies: list[ScriptedReply | str]


class ScriptedRequest(BaseModel):
    """A request the scripted model received, and the index of the reply it chose (None: exhausted)."""

    purpose: str
    messages: list[Message]
    tools: list[str]
    reply_index: int | None


class ScriptedLLM(BaseLLM):
    """Answers from a script. Build it with ``from_file(path)`` or from a list of replies in memory.

    ``name`` is the file name the model is known by (``scripted:<name>``); a script made in memory
    gets ``inline`` unless told otherwise. ``log_path`` (default ``$SOFIA_SCRIPTED_LOG``) receives
    every request and the reply chosen as JSON Lines.
    """

    provider = "scripted"
    priced = False

    def __init__(
        self,
        replies: Sequence[ScriptedReply | str | dict[str, Any]],
        *,
        name: str = "inline",
        source: Path | None = None,
        log_path: Path | None = None,
        settings: Settings | None = None,
        bus: EventBus | None = None,
        context_window: int | None = None,
    ) -> None:
        super().__init__(name, settings=settings, bus=bus, context_window=context_window)
        self.source = source
        self.replies = _validate(list(replies), self._where)
        self.requests: list[ScriptedRequest] = []
        env_log = os.environ.get("SOFIA_SCRIPTED_LOG")
        self.log_path = log_path or (Path(env_log) if env_log else None)
        self._calls = 0

    @classmethod
    def from_file(cls, path: str | Path, **kwargs: Any) -> ScriptedLLM:
        """Load a script: JSON when the name ends in ``.json``, else YAML (which reads JSON too)."""
        path = Path(path)
        try:
            data = read_json_or_yaml(path, "scripted model file")
        except DataFileError as exc:
            raise LLMNotConfiguredError(str(exc)) from None
        if not isinstance(data, dict) or "replies" not in data:
            raise LLMNotConfiguredError(
                f'the scripted model file {path} must be an object with a "replies" list'
            )
        return cls(data["replies"], name=path.name, source=path, **kwargs)

    @property
    def _where(self) -> str:
        return str(self.source) if self.source else f"the in-memory script {self.model_name!r}"

    async def _request(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec],
        purpose: Purpose,
        on_text: TextCallback | None,
    ) -> ProviderReply:
        rendered = render_messages(messages)
        chosen = self._chosen()
        index = next(
            (i for i, r in enumerate(self.replies) if i not in chosen and r.fits(purpose, rendered)), None
        )
        self.requests.append(
            ScriptedRequest(
                purpose=purpose, messages=messages, tools=[t.name for t in tools], reply_index=index
            )
        )
        if index is None:
            error = ScriptExhaustedError(
                f"script exhausted: {self._where} has no unused reply for purpose {purpose!r}"
            )
            self._log(purpose, messages, None, error=str(error))
            raise error
        reply = self.replies[index]
        self._log(purpose, messages, index)
        for piece in _pieces(reply.text, _STREAM_PIECES):
            await emit_text(on_text, piece)
        calls = []
        for call in reply.tool_calls:
            self._calls += 1
            calls.append(ToolCall(id=f"call_{self._calls}", name=call.name, arguments=call.arguments))
        usage = LLMUsage(**reply.usage.model_dump()) if reply.usage else None
        return ProviderReply(
            text=reply.text, tool_calls=calls, finish_reason="tool_calls" if calls else "stop", usage=usage
        )

    def _log(
        self, purpose: str, messages: list[Message], index: int | None, error: str | None = None
    ) -> None:
        if self.log_path is None:
            return
        entry = {
            "at": datetime.now(UTC).isoformat(),
            "model": self.model_name,
            "purpose": purpose,
            "messages": [m.model_dump(exclude_defaults=True) for m in messages],
            "reply_index": index,
            "reply": self.replies[index].model_dump(exclude_defaults=True) if index is not None else None,
        }
        if error:
            entry["error"] = error
        with self.log_path.open("a", encoding="utf-8") as log:
            log.write(json.dumps(redact(entry), ensure_ascii=False) + "\n")

    def _chosen(self) -> set[int]:
        """The replies already used: the cursor is the request log itself."""
        return {r.reply_index for r in self.requests if r.reply_index is not None}

    def remaining(self, purpose: str | None = None) -> int:
        """How many replies are still unused (for ``purpose``, counting replies open to any purpose)."""
        chosen = self._chosen()
        return sum(
            1
            for i, r in enumerate(self.replies)
            if i not in chosen and (purpose is None or r.purpose in (None, purpose))
        )


def _validate(replies: list[ScriptedReply | str | dict[str, Any]], where: str) -> list[ScriptedReply]:
    try:
        script = Script.model_validate(
            {"replies": [r.model_dump() if isinstance(r, BaseModel) else r for r in replies]}
        )
    except ValidationError as exc:
        raise LLMNotConfiguredError(f"{where}: {describe(exc)}") from None
    result = [ScriptedReply(text=r) if isinstance(r, str) else r for r in script.replies]
    for n, reply in enumerate(result):
        if reply.match is not None:
            try:
                re.compile(reply.match)
            except re.error as exc:
                raise LLMNotConfiguredError(
                    f"{where}: replies.{n}.match is not a valid regex: {exc}"
                ) from None
    return result


def _pieces(text: str, count: int) -> list[str]:
    """``text`` cut into about ``count`` pieces, so callers see it stream."""
    size = max(1, -(-len(text) // count))
    return [text[i : i + size] for i in range(0, len(text), size)]
