"""The tool loop against a scripted model and a small in-process dispatcher."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from sofia_nb.llm import (
    HookDecision,
    Message,
    ScriptedLLM,
    ToolCall,
    ToolHooks,
    ToolLoop,
    ToolOutput,
    run_tool_loop,
)

from .conftest import Calculator

ASK = [Message(role="system", content="You add numbers."), Message(role="user", content="What is 2 + 3?")]


def sum_call(**arguments: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": "get_sum", "arguments": arguments}]}


def tool_messages(messages: list[Message]) -> list[str]:
    return [m.content for m in messages if m.role == "tool"]


def test_a_tool_round_then_the_answer() -> None:
    llm = ScriptedLLM([sum_call(a=2, b=3), {"match": "tool: 5", "text": "It is 5."}])
    calculator = Calculator()

    result = asyncio.run(run_tool_loop(llm, ASK, calculator))

    assert result.response.text == "It is 5." and result.rounds == 1 and not result.capped
    assert calculator.ran == [{"a": 2, "b": 3}]
    assert [m.role for m in result.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert llm.requests[0].tools == ["get_sum"]
    assert len(result.responses) == 2 and result.usage.estimated


def test_a_tool_that_was_not_offered_is_a_tool_error_to_the_model() -> None:
    llm = ScriptedLLM([{"tool_calls": [{"name": "delete_everything"}]}, "sorry"])
    calculator = Calculator()
    result = asyncio.run(run_tool_loop(llm, ASK, calculator))
    [text] = tool_messages(result.messages)
    assert text == "tool 'delete_everything' was not offered; available tools: get_sum"
    assert calculator.ran == []


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"a": 2}, 'arguments: "b" is a required property'),
        ({"a": "two", "b": 3}, 'a: "two" is not of type "number"'),
        ({"a": 1, "b": 2, "c": 3}, "Additional properties are not allowed"),
    ],
)
def test_arguments_failing_the_schema_are_not_dispatched(arguments: dict[str, Any], words: str) -> None:
    llm = ScriptedLLM([sum_call(**arguments), "ok"])
    calculator = Calculator()
    errors: list[str] = []
    hooks = ToolHooks(on_error=lambda call, result: errors.append(result.text))

    result = asyncio.run(run_tool_loop(llm, ASK, calculator, hooks=hooks))

    [text] = tool_messages(result.messages)
    assert text.startswith("invalid arguments for get_sum: ") and words in text
    assert calculator.ran == [] and errors == [text]


def test_arguments_that_are_not_json_are_a_tool_error() -> None:
    class BrokenJson(ScriptedLLM):
        async def _request(self, *args: Any, **kwargs: Any) -> Any:
            reply = await super()._request(*args, **kwargs)
            reply.tool_calls = [
                ToolCall(id=c.id, name=c.name, raw_arguments="{a: 2") for c in reply.tool_calls
            ]
            return reply

    llm = BrokenJson([sum_call(a=2, b=3), "ok"])
    result = asyncio.run(run_tool_loop(llm, ASK, Calculator()))
    assert tool_messages(result.messages) == ["arguments for 'get_sum' are not a JSON object: {a: 2"]


def test_a_denied_call_returns_the_reason_to_the_model() -> None:
    llm = ScriptedLLM(
        [sum_call(a=2, b=3), {"match": "denied: the facilitator said no", "text": "I cannot add."}]
    )
    calculator = Calculator()
    asked: list[str] = []

    async def before(call: ToolCall) -> HookDecision:
        asked.append(call.name)
        return HookDecision(allow=False, reason="the facilitator said no")

    result = asyncio.run(run_tool_loop(llm, ASK, calculator, hooks=ToolHooks(before=before)))

    assert asked == ["get_sum"] and calculator.ran == []
    assert tool_messages(result.messages) == ["denied: the facilitator said no"]
    assert result.response.text == "I cannot add."


def test_after_hook_sees_and_may_replace_a_result() -> None:
    llm = ScriptedLLM([sum_call(a=2, b=3), "done"])
    seen: list[str] = []

    def after(call: ToolCall, result: ToolOutput) -> ToolOutput:
        seen.append(result.text)
        return ToolOutput(text=f"{result.text} (checked)")

    result = asyncio.run(run_tool_loop(llm, ASK, Calculator(), hooks=ToolHooks(after=after)))
    assert seen == ["5"] and tool_messages(result.messages) == ["5 (checked)"]


def test_a_failing_tool_goes_through_the_error_hook_and_back_to_the_model() -> None:
    llm = ScriptedLLM([sum_call(a=2, b=3), "it failed"])
    errors: list[tuple[str, str]] = []
    hooks = ToolHooks(
        on_error=lambda call, result: errors.append((call.name, result.text)), after=lambda c, r: None
    )
    result = asyncio.run(run_tool_loop(llm, ASK, Calculator(fail=True), hooks=hooks))
    assert errors == [("get_sum", "tool 'get_sum' failed: calculator is on fire")]
    assert tool_messages(result.messages) == ["tool 'get_sum' failed: calculator is on fire"]


def test_past_the_round_cap_the_model_is_told_and_its_turn_still_ends() -> None:
    llm = ScriptedLLM([sum_call(a=1, b=1), sum_call(a=2, b=2), sum_call(a=3, b=3), "Stopping here: 2 and 4."])
    calculator = Calculator()

    result = asyncio.run(run_tool_loop(llm, ASK, calculator, max_rounds=2))

    assert result.capped and result.rounds == 2
    assert calculator.ran == [{"a": 1, "b": 1}, {"a": 2, "b": 2}]
    assert tool_messages(result.messages)[-1].startswith(
        "not run: the limit of 2 tool rounds for this turn was reached"
    )
    assert llm.requests[-1].tools == []  # the final request offers no tools
    assert result.response.text == "Stopping here: 2 and 4." and result.messages[-1].role == "assistant"


def test_history_is_compacted_before_it_would_overflow_the_window() -> None:
    long_turns = [
        Message(role="user" if n % 2 == 0 else "assistant", content=f"turn {n}: " + "details " * 60)
        for n in range(10)
    ]
    history = [Message(role="system", content="You are the facilitator."), *long_turns]
    llm = ScriptedLLM(
        [{"purpose": "compact", "match": "turn 0", "text": "They discussed turns 0 to 5."}, "answer"],
        context_window=800,
    )

    result = asyncio.run(ToolLoop(llm, keep_recent=4).run(history))

    assert result.compactions == 1 and [r.purpose for r in llm.requests] == ["compact", "chat"]
    compact_request = llm.requests[0].messages[1].content
    assert "turn 5" in compact_request and "turn 6" not in compact_request
    sent = llm.requests[1].messages
    assert sent[0].content == "You are the facilitator."
    assert sent[1].content == "Summary of the earlier conversation:\nThey discussed turns 0 to 5."
    assert [m.content for m in sent[2:]] == [m.content for m in long_turns[6:]]
    assert result.response.text == "answer"


def test_no_compaction_when_the_window_is_unknown_or_roomy() -> None:
    llm = ScriptedLLM(["fine"], context_window=100_000)
    assert asyncio.run(run_tool_loop(llm, ASK)).compactions == 0
    assert [r.purpose for r in llm.requests] == ["chat"]


def test_every_request_carries_the_turns_purpose() -> None:
    llm = ScriptedLLM([{"purpose": "fix", **sum_call(a=1, b=2)}, {"purpose": "fix", "text": "fixed"}])
    result = asyncio.run(run_tool_loop(llm, ASK, Calculator(), purpose="fix"))
    assert result.response.text == "fixed" and {r.purpose for r in llm.requests} == {"fix"}


def test_a_provider_overflow_error_triggers_compaction_and_one_retry() -> None:
    from sofia_nb.llm import Endpoint, OpenAICompatLLM
    from tests.support.openai_server import OpenAIServer

    history = [*ASK, Message(role="assistant", content="Let me think."), *ASK[1:] * 8]
    with OpenAIServer() as server:
        server.error(
            400, "This model's maximum context length is 8192 tokens", code="context_length_exceeded"
        )
        server.reply("short summary")
        server.reply("5")
        llm = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url))
        result = asyncio.run(ToolLoop(llm, keep_recent=2).run(history))
        bodies = [r.body for r in server.chat_requests()]
    assert result.response.text == "5" and result.compactions == 1
    assert len(bodies) == 3 and bodies[1]["messages"][0]["content"].startswith("Summarise the conversation")
    assert len(bodies[2]["messages"]) == 4  # system prompt, summary, the two recent messages


def test_a_second_compaction_folds_the_earlier_summary_in() -> None:
    history = [
        Message(role="system", content="You are the facilitator."),
        Message(role="system", content="Summary of the earlier conversation:\nEARLIER SUMMARY"),
        *[Message(role="user", content=f"turn {n}") for n in range(5)],
    ]
    llm = ScriptedLLM([{"purpose": "compact", "match": "EARLIER SUMMARY", "text": "NEW SUMMARY"}])

    compacted = asyncio.run(ToolLoop(llm, keep_recent=2).compact(history))

    assert [m.content for m in compacted] == [
        "You are the facilitator.",
        "Summary of the earlier conversation:\nNEW SUMMARY",
        "turn 3",
        "turn 4",
    ]
