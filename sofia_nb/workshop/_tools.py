"""Tool use by the model: the workshop's dispatcher over MCP servers and built-in tools.

Tools are named ``server/tool`` everywhere people see them (consent, the log, the session). On the
wire to the model the slash becomes ``__`` (``search__web_search``) because OpenAI-compatible
function names may not contain ``/``, so a scripted model file names tools ``server__tool`` too.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..consent import ConsentDenied, ConsentedTools, gated
from ..events import EventBus, ToolCallFinished, ToolCallStarted, WarningIssued
from ..llm import (
    TOOL_RESULT_CHARS,
    HookDecision,
    LLMClient,
    LLMResponse,
    Message,
    TextCallback,
    ToolCall,
    ToolHooks,
    ToolLoop,
    ToolOutput,
    ToolSpec,
)
from ..protocol import CallToolResult, error_kind
from ..redact import redact, redacted_head
from ..session import ToolCallRecord, WorkshopSession
from ._cards import Deck, search_cards

WIRE_SEPARATOR = "__"
BUILTIN_SERVER = "builtin"
_WIRE_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_PREVIEW_CHARS = 300
"""What the session's call log keeps of a result (redacted): the gist, for the audit and the export."""
KEPT_RESULT_CHARS = 4_000
"""What the session keeps of a result the model read, so later turns of the phase still have it
(a card search is a few hundred characters a card; a web search's page of snippets fits)."""
MAX_TOOLS_PER_SERVER = 64
"""Tools of one MCP server offered to the model. Every tool offered rides along in every request
(10,000 tools made a 3.6 MB request); OpenAI-compatible APIs accept 128 functions in all."""
DESCRIPTION_CHARS = 2_000
"""A tool's description as the model reads it; a server may write megabytes there."""
SCHEMA_CHARS = 20_000
"""A tool whose parameter schema is larger than this (as JSON) is not offered."""
_NAMED_IN_A_WARNING = 30


class ToolRef(BaseModel):
    """A tool on a named server, written ``server/tool``."""

    model_config = ConfigDict(frozen=True)

    server: str
    tool: str

    @classmethod
    def parse(cls, name: str) -> ToolRef:
        """``server/tool`` or the wire form ``server__tool``."""
        for separator in ("/", WIRE_SEPARATOR):
            server, found, tool = name.partition(separator)
            if found and server and tool:
                return cls(server=server, tool=tool)
        raise ValueError(f"tool name {name!r} is not of the form server/tool")

    @property
    def name(self) -> str:
        return f"{self.server}/{self.tool}"

    @property
    def wire_name(self) -> str:
        """The name the model sees: ``server__tool``, within OpenAI's ``[A-Za-z0-9_-]{1,64}``."""
        return _WIRE_UNSAFE.sub("-", f"{self.server}{WIRE_SEPARATOR}{self.tool}")[:64]


def result_text(result: CallToolResult) -> str:
    """A tool result as the model reads it: its text, else its structured content as JSON."""
    text = result.text()
    if text or result.structured_content is None:
        return text
    return json.dumps(result.structured_content, ensure_ascii=False)


def tool_record(
    session: WorkshopSession,
    ref: ToolRef,
    arguments: dict[str, Any],
    *,
    call_id: str,
    origin: Literal["model", "program"],
    started: float,
    text: str,
    is_error: bool = False,
    error_kind: str | None = None,
) -> ToolCallRecord:
    """Append one tool call to the session's log (arguments and preview redacted)."""
    record = ToolCallRecord(
        call_id=call_id,
        server=ref.server,
        tool=ref.tool,
        arguments=redact(arguments),
        origin=origin,
        ok=not is_error and error_kind is None,
        is_error=is_error,
        error_kind=error_kind,
        duration_s=time.perf_counter() - started,
        result_preview=redacted_head(text, _PREVIEW_CHARS),
        result_text=redacted_head(text, KEPT_RESULT_CHARS) if origin == "model" and not is_error else "",
        phase=session.phase,
    )
    session.tool_calls.append(record)
    return record


def _names(tools: list[str]) -> str:
    """Tool names for a warning, the first few of a long list and how many more."""
    shown = ", ".join(redacted_head(name, 80) for name in tools[:_NAMED_IN_A_WARNING])
    more = len(tools) - _NAMED_IN_A_WARNING
    return f"{shown} and {more:,} more" if more > 0 else shown


@dataclass(frozen=True)
class BuiltinTool:
    """A tool the workshop provides itself. ``forwards_to`` names the MCP tool it calls (through
    the gated host it was made with, which asks consent for that call); None: it answers in
    process and sends nothing anywhere."""

    ref: ToolRef
    description: str
    parameters: dict[str, Any]
    run: Callable[[dict[str, Any]], Awaitable[ToolOutput]]
    forwards_to: ToolRef | None = None


def cards_search_tool(deck: Deck | None = None) -> BuiltinTool:
    """``builtin/search_cards``: the envisioning deck, searched by keywords and category."""

    async def run(args: dict[str, Any]) -> ToolOutput:
        try:
            cards = search_cards(
                str(args.get("query", "")), args.get("category"), int(args.get("limit", 8)), deck
            )
        except ValueError as exc:
            return ToolOutput(text=str(exc), is_error=True)
        found = [
            {
                "id": c.id,
                "title": c.title,
                "category": c.category,
                "description": c.description,
                "scenarios": list(c.scenarios),
                "services": list(c.services),
            }
            for c in cards
        ]
        return ToolOutput(text=json.dumps({"cards": found}, ensure_ascii=False))

    return BuiltinTool(
        ref=ToolRef(server=BUILTIN_SERVER, tool="search_cards"),
        description="Search the AI envisioning cards by keywords, optionally within one category.",
        parameters={
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "keywords, e.g. 'forecast demand'"},
                "category": {"type": "string", "description": "a category id or title"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 20},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
        run=run,
    )


def web_search_tool(tools: ConsentedTools, backend: ToolRef, query_argument: str = "query") -> BuiltinTool:
    """``builtin/web_search``: forwards ``{query}`` to the configured search tool on an MCP server,
    through the gated host (consent is asked for the backend's call, with its arguments)."""
    host = gated(tools, "web_search_tool")

    async def run(args: dict[str, Any]) -> ToolOutput:
        result = await host.call_tool(
            backend.server, backend.tool, {query_argument: args["query"]}, origin="model"
        )
        return ToolOutput(text=result_text(result), is_error=result.is_error)

    return BuiltinTool(
        ref=ToolRef(server=BUILTIN_SERVER, tool="web_search"),
        description=f"Search the web (through {backend.name}); returns titles, URLs and snippets.",
        parameters={
            "type": "object",
            "properties": {"query": {"type": "string", "minLength": 1}},
            "required": ["query"],
            "additionalProperties": False,
        },
        run=run,
        forwards_to=backend,
    )


@dataclass
class _Target:
    ref: ToolRef
    spec: ToolSpec
    builtin: BuiltinTool | None = None

    @property
    def local(self) -> bool:
        """Answered in process: no server sees the call (nor announces it)."""
        return self.builtin is not None and self.builtin.forwards_to is None


@dataclass
class WorkshopTools:
    """The model's tools for a workshop: built-ins plus the tools of ``servers`` on ``tools``.

    It is the LLM tool loop's dispatcher: every MCP call goes through ``tools``, the gated host,
    which asks consent with the call's arguments before sending it (a deny is the tool result the
    model reads); every call is logged in the session. Used as the engine's chat runner:
    ``await workshop_tools(llm, messages, on_text=...)``.
    """

    session: WorkshopSession
    tools: ConsentedTools | None = None
    servers: Sequence[str] = ()
    builtins: Sequence[BuiltinTool] = ()
    bus: EventBus | None = None
    max_rounds: int = 8
    max_tools_per_server: int = MAX_TOOLS_PER_SERVER
    tool_result_chars: int = TOOL_RESULT_CHARS
    _targets: dict[str, _Target] = field(default_factory=dict, init=False)
    _started: dict[str, float] = field(default_factory=dict, init=False)
    _errors: dict[str, str] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        if self.tools is not None:
            self.tools = gated(self.tools, "WorkshopTools")

    async def __call__(
        self, llm: LLMClient, messages: list[Message], *, on_text: TextCallback | None
    ) -> LLMResponse:
        loop = ToolLoop(
            llm, self, hooks=self.hooks, max_rounds=self.max_rounds, result_chars=self.tool_result_chars
        )
        result = await loop.run(messages, on_text=on_text)
        return result.response.model_copy(update={"usage": result.usage})

    @property
    def hooks(self) -> ToolHooks:
        return ToolHooks(before=self._before, after=self._after, on_error=self._after)

    async def list_tools(self) -> list[ToolSpec]:
        if not self._targets:
            for builtin in self.builtins:
                spec = ToolSpec(
                    name=builtin.ref.wire_name, description=builtin.description, parameters=builtin.parameters
                )
                self._targets[spec.name] = _Target(builtin.ref, spec, builtin)
            for server in self.servers:
                await self._add_server(server)
        return [t.spec for t in self._targets.values()]

    async def _add_server(self, server: str) -> None:
        if self.tools is None:
            return
        try:
            tools = await self.tools.list_tools(server)
        except Exception as exc:  # one broken server must not take the others' tools away
            self._warn(f"tools of MCP server {server!r} are not offered: {exc}")
            return
        offered: list[str] = []
        too_large: list[str] = []
        left_out: list[str] = []
        clashing: list[str] = []
        for tool in tools:
            if len(offered) >= self.max_tools_per_server:
                left_out.append(tool.name)
                continue
            if len(json.dumps(tool.input_schema)) > SCHEMA_CHARS:
                too_large.append(tool.name)
                continue
            ref = ToolRef(server=server, tool=tool.name)
            description = redacted_head(tool.description or "", DESCRIPTION_CHARS)
            spec = ToolSpec(name=ref.wire_name, description=description, parameters=tool.input_schema)
            if (taken := self._targets.get(spec.name)) is not None:  # one name, two tools: offer the first
                clashing.append(f"{ref.name} (the model's name {spec.name} is {taken.ref.name}'s)")
                continue
            self._targets[spec.name] = _Target(ref, spec)
            offered.append(tool.name)
        if left_out:
            self._warn(
                f"MCP server {server!r} offers {len(tools):,} tools; the model is offered "
                f"{len(offered):,} of them ([workshop] max_tools_per_server = "
                f"{self.max_tools_per_server}). Not offered: {_names(left_out)}"
            )
        if clashing:
            self._warn(f"tools not offered, their names would call another tool: {_names(clashing)}")
        if too_large:
            self._warn(
                f"tools of MCP server {server!r} with a parameter schema over {SCHEMA_CHARS:,} "
                f"characters are not offered: {_names(too_large)}"
            )

    def _target(self, name: str) -> _Target | None:
        try:
            return self._targets.get(ToolRef.parse(name).wire_name)
        except ValueError:
            return None

    async def call_tool(self, call: ToolCall) -> ToolOutput:
        target = self._target(call.name)
        assert target is not None  # the loop only dispatches offered tools
        try:
            if target.builtin is not None:
                return await target.builtin.run(call.arguments)
            assert self.tools is not None  # only offered when there is a host
            result = await self.tools.call_tool(
                target.ref.server, target.ref.tool, call.arguments, origin="model"
            )
        except ConsentDenied as exc:  # nothing was sent; the model reads why
            self._errors[call.id] = exc.kind
            return ToolOutput(text=f"denied: {exc.tool} was not allowed ({exc.reason})", is_error=True)
        except Exception as exc:  # the model reads the failure; the kind goes to the log
            self._errors[call.id] = error_kind(exc)
            return ToolOutput(text=f"{target.ref.name} failed: {exc}", is_error=True)
        return ToolOutput(text=result_text(result), is_error=result.is_error)

    def _before(self, call: ToolCall) -> HookDecision:
        self._started[call.id] = time.perf_counter()
        return HookDecision()

    def _after(self, call: ToolCall, result: ToolOutput) -> None:
        target = self._target(call.name)
        try:
            ref = target.ref if target else ToolRef.parse(call.name)
        except ValueError:
            ref = ToolRef(server="unknown", tool=call.name)
        if target is not None and target.builtin is not None and target.builtin.forwards_to is not None:
            ref = (
                target.builtin.forwards_to
            )  # the one name that is called, as consent and the live log name it
        checked = (
            call.id in self._started
        )  # the loop rejects unoffered tools and bad arguments before the hook
        started = self._started.pop(call.id, time.perf_counter())
        kind = self._errors.pop(call.id, None)
        if kind is None and result.is_error:
            kind = "tool-error" if checked else "rejected"
        record = tool_record(
            self.session,
            ref,
            call.arguments,
            call_id=call.id,
            origin="model",
            started=started,
            text=result.text,
            is_error=result.is_error,
            error_kind=kind,  # None unless the result is an error: only failures record a kind
        )
        if kind in ("denied", "rejected") or (target is not None and target.local and checked):
            self._announce(record, len(result.text))  # the manager announced every call that reached a server

    def _announce(self, record: ToolCallRecord, size: int) -> None:
        """Tool-call events for a call no server saw (local, denied or rejected), for the live log."""
        if self.bus is None:
            return
        common = {"call_id": record.call_id, "server": record.server, "tool": record.tool}
        self.bus.emit(ToolCallStarted(**common, arguments=record.arguments, origin=record.origin))
        self.bus.emit(
            ToolCallFinished(
                **common,
                duration_s=record.duration_s,
                ok=record.ok,
                is_error=record.is_error,
                error_kind=record.error_kind,
                error_message=record.result_preview if record.is_error else None,
                result_size=size,
                result_preview=record.result_preview,
            )
        )

    def _warn(self, message: str) -> None:
        if self.bus is not None:
            self.bus.emit(WarningIssued(message=message, source="workshop.tools"))
