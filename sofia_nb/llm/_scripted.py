"""The scripted model (architecture.md §4.3): canned replies chosen by purpose and ``match``.

A first-class provider, not a test hack: the demo runs on it, tests and benchmarks build it from
a list in memory. Its model name is ``scripted:<file name>`` everywhere.

The cursor: a chat request carries its conversation, so a reply with a ``match`` is open while
what it matches is not yet answered there (no assistant message follows it); that is how a
resumed session goes on where its turns stop and going back replays. Every other reply is used
once per model (the cursor in memory). A ``fallback`` reply answers what nothing else fits and
is never used up.
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
from ._structured import OutputSchema
from ._tokens import render_message
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
    cached_input_tokens: int = Field(0, ge=0)


class ScriptedReply(BaseModel):
    """One reply of a script; a plain string in the file is a reply with only ``text``."""

    model_config = ConfigDict(extra="forbid")

    text: str = ""
    match: str | None = None
    purpose: Purpose | None = None
    tool_calls: list[ScriptedToolCall] = Field(default_factory=list)
    usage: ScriptedUsage | None = None
    fallback: bool = False
    """Answers a request no other reply fits; never used up."""
    variants: list[str] = Field(default_factory=list)
    """More texts for the same reply, said in turn after ``text``: a reply that answers again (a
    fallback, a reply its ``match`` keeps open) does not say the same words twice in a row."""

    def fits(self, purpose: str, request: _Rendered) -> bool:
        if self.purpose is not None and self.purpose != purpose:
            return False
        return self.match is None or self._match(request) is not None

    def _match(self, request: _Rendered) -> re.Match[str] | None:
        """The last match of ``match`` that ends in the request's open part."""
        assert self.match is not None
        found = [m for m in re.finditer(self.match, request.text, re.S) if m.end() > request.open_from]
        return found[-1] if found else None

    def said(self, request: _Rendered, uses: int) -> str:
        """The text for its ``uses``-th answer (counted from 0): ``text`` and the ``variants`` in
        turn, each ``{name}`` filled with the named group ``name`` of ``match`` (what the request
        said there; empty when the group took no part). Other braces stay as written (JSON)."""
        texts = [self.text, *self.variants]
        text = texts[uses % len(texts)]
        found = self._match(request) if self.match is not None else None
        groups = {k: v or "" for k, v in found.groupdict().items()} if found else {}
        if not groups:
            return text
        return _FIELD.sub(lambda m: groups.get(m.group(1), m.group(0)), text)


_FIELD = re.compile(r"\{(\w+)\}")


class _Rendered:
    """A request as scripts match on it: ``role: content`` lines, and where its open part starts.

    In a chat request the open part is what follows the last assistant message (what the
    conversation has not answered yet); other requests carry no conversation, all of it is open.
    """

    def __init__(self, messages: list[Message], purpose: str) -> None:
        lines = [render_message(m) for m in messages]
        self.text = "\n".join(lines)
        self.open_from = 0
        if purpose == "chat":
            offset = 0
            for message, line in zip(messages, lines, strict=True):
                offset += len(line) + 1
                if message.role == "assistant":
                    self.open_from = offset


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
    fallback: bool = False
    """True when a ``fallback`` reply answered (nothing else in the script fitted)."""


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
        output: OutputSchema | None = None,
    ) -> ProviderReply:
        rendered = _Rendered(messages, purpose)
        index = self._choose(purpose, rendered)
        fallback = index is not None and self.replies[index].fallback
        self.requests.append(
            ScriptedRequest(
                purpose=purpose,
                messages=messages,
                tools=[t.name for t in tools],
                reply_index=index,
                fallback=fallback,
            )
        )
        if index is None:
            error = ScriptExhaustedError(
                f"script exhausted: {self._where} has no unused reply for purpose {purpose!r}"
            )
            self._log(purpose, messages, None, error=str(error))
            raise error
        reply = self.replies[index]
        uses = sum(1 for r in self.requests[:-1] if r.reply_index == index)
        text = reply.said(rendered, uses)
        self._log(purpose, messages, index)
        for piece in _pieces(text, _STREAM_PIECES):
            await emit_text(on_text, piece)
        calls = []
        for call in reply.tool_calls:
            self._calls += 1
            calls.append(ToolCall(id=f"call_{self._calls}", name=call.name, arguments=call.arguments))
        usage = LLMUsage(**reply.usage.model_dump()) if reply.usage else None
        return ProviderReply(
            text=text, tool_calls=calls, finish_reason="tool_calls" if calls else "stop", usage=usage
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

    def _choose(self, purpose: str, request: _Rendered) -> int | None:
        """The first unused reply that fits; else the first ``fallback`` that fits; else None."""
        chosen = self._chosen()
        candidates = [i for i, r in enumerate(self.replies) if r.fits(purpose, request)]
        for i in candidates:
            reply = self.replies[i]
            in_conversation = purpose == "chat" and reply.match is not None  # the conversation decides
            if not reply.fallback and (in_conversation or i not in chosen):
                return i
        return next((i for i in candidates if self.replies[i].fallback), None)

    def _chosen(self) -> set[int]:
        """The replies used up so far: the memory cursor is the request log itself."""
        return {r.reply_index for r in self.requests if r.reply_index is not None and not r.fallback}

    def remaining(self, purpose: str | None = None) -> int:
        """How many replies are still unused (for ``purpose``, counting replies open to any purpose);
        fallbacks are never used up and not counted."""
        chosen = self._chosen()
        return sum(
            1
            for i, r in enumerate(self.replies)
            if i not in chosen and not r.fallback and (purpose is None or r.purpose in (None, purpose))
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
