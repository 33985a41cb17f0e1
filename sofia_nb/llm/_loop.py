"""The tool loop: model ↔ tools through a dispatcher, with hooks, a round cap and compaction.

The loop never knows where tools come from (MCP or anything else): a ``ToolDispatcher`` offers
``ToolSpec``s and runs calls. Every call passes the same checks whether the loop runs it or a
runtime that calls tools itself (Copilot) does: offered? arguments valid for the tool's JSON
Schema (draft 2020-12)? allowed by the before-hook? Failures go back to the model as tool errors.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, Field

from ..protocol import ArgumentValidator
from ..redact import redacted_head
from ._errors import LLMContextOverflowError
from ._tokens import estimate_messages_tokens, estimate_tokens, render_messages
from ._types import (
    LLMClient,
    LLMResponse,
    LLMUsage,
    Message,
    Purpose,
    TextCallback,
    ToolCall,
    ToolOutput,
    ToolRunningClient,
    ToolSpec,
)

T = TypeVar("T")

TOOL_RESULT_CHARS = 40_000
"""The most of one tool result a model reads (about 10,000 tokens): a server may send megabytes,
which would fill the context window and cost as much. The rest is cut, and a note says so."""

COMPACT_PROMPT = (
    "Summarise the conversation below for your own later use. Keep every decision, fact, name, "
    "number and open question; drop small talk. Answer with the summary only."
)
SUMMARY_PREFIX = "Summary of the earlier conversation:\n"


class ToolDispatcher(Protocol):
    """Where tools live: what is offered, and running one call."""

    async def list_tools(self) -> list[ToolSpec]: ...

    async def call_tool(self, call: ToolCall) -> ToolOutput: ...


class HookDecision(BaseModel):
    """A before-hook's answer. A denial's ``reason`` is what the model reads as the tool result."""

    allow: bool = True
    reason: str = ""


BeforeHook = Callable[[ToolCall], Awaitable[HookDecision] | HookDecision]
AfterHook = Callable[[ToolCall, ToolOutput], Awaitable[ToolOutput | None] | ToolOutput | None]
ErrorHook = Callable[[ToolCall, ToolOutput], Awaitable[ToolOutput | None] | ToolOutput | None]


@dataclass
class ToolHooks:
    """``before`` decides allow/deny; ``after`` sees successful results, ``on_error`` failed ones.

    ``after`` and ``on_error`` may return a replacement result (None keeps the original).
    """

    before: BeforeHook | None = None
    after: AfterHook | None = None
    on_error: ErrorHook | None = None


class ToolLoopResult(BaseModel):
    """The turn's outcome: the final reply, the history to continue with, and what happened."""

    response: LLMResponse
    messages: list[Message]
    responses: list[LLMResponse] = Field(default_factory=list)  # every request, compaction included
    rounds: int = 0
    capped: bool = False
    compactions: int = 0

    @property
    def usage(self) -> LLMUsage:
        """Total usage of the turn; cost is None when any request's cost is unknown."""
        costs = [r.usage.cost_usd for r in self.responses]
        return LLMUsage(
            input_tokens=sum(r.usage.input_tokens for r in self.responses),
            output_tokens=sum(r.usage.output_tokens for r in self.responses),
            cached_input_tokens=sum(r.usage.cached_input_tokens for r in self.responses),
            estimated=any(r.usage.estimated for r in self.responses),
            cost_usd=None if any(c is None for c in costs) else sum(c for c in costs if c is not None),
        )


async def _maybe_await(value: Awaitable[T] | T) -> T:
    if inspect.isawaitable(value):
        return await value
    return value


class ToolLoop:
    """One conversation turn with tools. ``run_tool_loop`` is the one-call form."""

    def __init__(
        self,
        client: LLMClient,
        dispatcher: ToolDispatcher | None = None,
        *,
        hooks: ToolHooks | None = None,
        max_rounds: int = 8,
        compact_at: float = 0.8,
        keep_recent: int = 6,
        result_chars: int = TOOL_RESULT_CHARS,
    ) -> None:
        self.client = client
        self.dispatcher = dispatcher
        self.hooks = hooks or ToolHooks()
        self.max_rounds = max_rounds
        self.result_chars = result_chars
        self.compact_at = compact_at
        self.keep_recent = keep_recent
        self._offered: dict[str, ToolSpec] = {}
        self._validator = ArgumentValidator()
        self._responses: list[LLMResponse] = []
        self._compactions = 0

    async def run(
        self, messages: list[Message], *, purpose: Purpose = "chat", on_text: TextCallback | None = None
    ) -> ToolLoopResult:
        tools = await self.dispatcher.list_tools() if self.dispatcher else []
        self._offered = {t.name: t for t in tools}
        self._responses, self._compactions = [], 0
        history = list(messages)
        if tools and isinstance(self.client, ToolRunningClient):
            return await self._run_in_runtime(history, tools, purpose, on_text)
        rounds = 0
        while True:
            response = await self._ask(history, tools, purpose, on_text)
            history.append(Message(role="assistant", content=response.text, tool_calls=response.tool_calls))
            if not response.tool_calls:
                return self._result(response, history, rounds, capped=False)
            if rounds >= self.max_rounds:
                history += [
                    Message(role="tool", content=self._cap_text(), tool_call_id=c.id)
                    for c in response.tool_calls
                ]
                final = await self._ask(history, [], purpose, on_text)
                # no tools were offered to this last request, so any call it still makes is dropped
                history.append(Message(role="assistant", content=final.text))
                return self._result(final, history, rounds, capped=True)
            rounds += 1
            for call in response.tool_calls:
                result = await self.execute(call)
                history.append(
                    Message(role="tool", content=result.text, tool_call_id=call.id, name=call.name)
                )

    async def _run_in_runtime(
        self, history: list[Message], tools: list[ToolSpec], purpose: Purpose, on_text: TextCallback | None
    ) -> ToolLoopResult:
        """A runtime that calls tools itself gets ``execute`` instead of returning calls.

        The runtime does not report rounds, so the cap counts calls: past it, calls get the cap's tool
        error and the runtime's model ends its turn on its own.
        """
        assert isinstance(self.client, ToolRunningClient)
        history = await self._fit(history, tools)
        calls_run, capped = 0, False

        async def capped_execute(call: ToolCall) -> ToolOutput:
            nonlocal calls_run, capped
            if calls_run >= self.max_rounds:
                capped = True
                return ToolOutput(text=self._cap_text(), is_error=True)
            calls_run += 1
            return await self.execute(call)

        response = await self.client.complete_running_tools(
            history, tools=tools, execute=capped_execute, purpose=purpose, on_text=on_text
        )
        self._responses.append(response)
        history.append(Message(role="assistant", content=response.text))
        return self._result(response, history, calls_run, capped=capped)

    def _cap_text(self) -> str:
        return (
            f"not run: the limit of {self.max_rounds} tool rounds for this turn was reached; "
            "answer now with what you have"
        )

    def _result(
        self, response: LLMResponse, history: list[Message], rounds: int, capped: bool
    ) -> ToolLoopResult:
        return ToolLoopResult(
            response=response,
            messages=history,
            responses=self._responses,
            rounds=rounds,
            capped=capped,
            compactions=self._compactions,
        )

    async def _ask(
        self, history: list[Message], tools: list[ToolSpec], purpose: Purpose, on_text: TextCallback | None
    ) -> LLMResponse:
        """One request, compacting first when it would not fit, and once more if the provider says so."""
        history[:] = await self._fit(history, tools)
        try:
            response = await self.client.complete(
                history, tools=tools or None, purpose=purpose, on_text=on_text
            )
        except LLMContextOverflowError:
            compacted = await self.compact(history)
            if compacted == history:
                raise
            history[:] = compacted
            response = await self.client.complete(
                history, tools=tools or None, purpose=purpose, on_text=on_text
            )
        self._responses.append(response)
        return response

    async def _fit(self, history: list[Message], tools: list[ToolSpec]) -> list[Message]:
        window = self.client.context_window
        if window is None:
            return history
        tool_tokens = sum(estimate_tokens(t.model_dump_json()) for t in tools)
        if estimate_messages_tokens(history) + tool_tokens <= window * self.compact_at:
            return history
        return await self.compact(history)

    async def compact(self, history: list[Message]) -> list[Message]:
        """Replace older messages by a ``compact``-purpose summary; keep system prompt and recent turns."""
        head = 0  # the system prompt stays; an earlier summary is folded into the new one
        while head < len(history) and history[head].role == "system":
            if history[head].content.startswith(SUMMARY_PREFIX):
                break
            head += 1
        split = max(head, len(history) - self.keep_recent)
        while split > head and history[split].role == "tool":  # keep tool results with the call that asked
            split -= 1
        old = history[head:split]
        if not old:
            return history
        request = [
            Message(role="system", content=COMPACT_PROMPT),
            Message(role="user", content=render_messages(old)),
        ]
        summary = await self.client.complete(request, purpose="compact")
        self._responses.append(summary)
        self._compactions += 1
        return [
            *history[:head],
            Message(role="system", content=SUMMARY_PREFIX + summary.text),
            *history[split:],
        ]

    async def execute(self, call: ToolCall) -> ToolOutput:
        """Check, hook and dispatch one call; every failure becomes a tool error the model can read."""
        result = self._check(call)
        if result is None and self.hooks.before is not None:
            decision = await _maybe_await(self.hooks.before(call))
            if not decision.allow:
                result = ToolOutput(text=f"denied: {decision.reason or 'not allowed'}", is_error=True)
        if result is None:
            assert self.dispatcher is not None  # a call passed _check, so a dispatcher offered the tool
            try:
                result = await self.dispatcher.call_tool(call)
            except Exception as exc:  # a tool's failure is the model's information, not the turn's end
                result = ToolOutput(text=f"tool {call.name!r} failed: {exc}", is_error=True)
        hook: Any = self.hooks.on_error if result.is_error else self.hooks.after
        if hook is not None:
            result = await _maybe_await(hook(call, result)) or result
        return self._for_the_model(result)

    def _for_the_model(self, result: ToolOutput) -> ToolOutput:
        """The result as the model reads it: redacted, and cut to ``result_chars`` with a note.
        (The hooks above saw it whole: the log records its real size.)"""
        shown = redacted_head(result.text, self.result_chars)
        if len(result.text) > self.result_chars:
            shown += (
                f"\n\n[cut by sofia_nb: the tool result has {len(result.text):,} characters; "
                f"the first {len(shown):,} are shown. Ask for less (a narrower query, fewer "
                "results, a page) to see more.]"
            )
        return result if shown == result.text else result.model_copy(update={"text": shown})

    def _check(self, call: ToolCall) -> ToolOutput | None:
        spec = self._offered.get(call.name)
        if spec is None:
            offered = ", ".join(sorted(self._offered)) or "none"
            return ToolOutput(
                text=f"tool {call.name!r} was not offered; available tools: {offered}", is_error=True
            )
        if call.raw_arguments is not None:
            shown = redacted_head(call.raw_arguments, 200)
            return ToolOutput(
                text=f"arguments for {call.name!r} are not a JSON object: {shown}",
                is_error=True,
            )
        problem = self._validator.problem(call.name, spec.parameters, call.arguments)
        return None if problem is None else ToolOutput(text=problem, is_error=True)


async def run_tool_loop(
    client: LLMClient,
    messages: list[Message],
    dispatcher: ToolDispatcher | None = None,
    *,
    purpose: Purpose = "chat",
    hooks: ToolHooks | None = None,
    max_rounds: int = 8,
    on_text: TextCallback | None = None,
    result_chars: int = TOOL_RESULT_CHARS,
) -> ToolLoopResult:
    """Run one turn: ask, run the tools the model calls, ask again, until it answers without tools."""
    loop = ToolLoop(client, dispatcher, hooks=hooks, max_rounds=max_rounds, result_chars=result_chars)
    return await loop.run(messages, purpose=purpose, on_text=on_text)
