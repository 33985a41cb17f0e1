"""The Copilot SDK provider, for real and offline: the npm-installed Copilot CLI in BYOK mode, pointed at
the local fake Chat Completions server. No network, no GitHub login."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from sofia_nb.llm import (
    CopilotLLM,
    HookDecision,
    LLMAuthError,
    LLMProviderError,
    LLMUnavailableError,
    Message,
    ToolCall,
    ToolHooks,
    ToolSpec,
    run_tool_loop,
)
from tests.conftest import ROOT
from tests.support.openai_server import OpenAIServer

from .conftest import Calculator

CLI = ROOT / "tools" / "npm" / "node_modules" / "@github" / "copilot-linux-x64" / "copilot"
ASK = [Message(role="system", content="You are terse."), Message(role="user", content="Say hello")]

needs_cli = pytest.mark.skipif(
    not CLI.is_file(), reason=f"{CLI} is missing; run `make npm` to install the Copilot CLI"
)


@pytest.fixture
def offline_copilot(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("copilot", reason="the copilot extra is not installed")
    monkeypatch.setenv("COPILOT_CLI_PATH", str(CLI))
    monkeypatch.setenv("COPILOT_SKIP_CLI_DOWNLOAD", "1")
    monkeypatch.setenv("COPILOT_HOME", str(tmp_path / "copilot-home"))  # keep its session state out of ~


def byok(server: OpenAIServer) -> dict[str, str]:
    return {"type": "openai", "base_url": server.base_url, "api_key": "x", "wire_api": "completions"}


async def _complete_then_close(llm: CopilotLLM, pieces: list[str]):  # type: ignore[no-untyped-def]
    try:
        return await llm.complete(ASK, on_text=pieces.append)
    finally:
        await llm.aclose()


@needs_cli
@pytest.mark.slow
def test_the_reply_comes_from_the_local_server(offline_copilot: None) -> None:
    with OpenAIServer() as server:
        server.reply("Hello from the fake server", usage=(33, 7))
        pieces: list[str] = []
        response = asyncio.run(_complete_then_close(CopilotLLM("fake-model", byok=byok(server)), pieces))
        requests = server.chat_requests()

    assert response.text == "Hello from the fake server" and response.model == "copilot:fake-model"
    assert "".join(pieces) == "Hello from the fake server"
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.estimated) == (
        33,
        7,
        False,
    )
    sent = requests[0].body["messages"]
    assert sent[0] == {"role": "system", "content": "You are terse."}  # ours replaced Copilot's system prompt
    assert [m["role"] for m in sent] == ["system", "user"] and sent[1]["content"].endswith("Say hello")
    assert "tools" not in requests[0].body or requests[0].body["tools"] == []  # none of Copilot's own tools


@needs_cli
@pytest.mark.slow
def test_tools_run_inside_the_runtime_through_the_loops_checks_and_hooks(offline_copilot: None) -> None:
    calculator = Calculator()
    asked: list[ToolCall] = []

    def before(call: ToolCall) -> HookDecision:
        asked.append(call)
        return HookDecision()

    async def turn(server: OpenAIServer):  # type: ignore[no-untyped-def]
        llm = CopilotLLM("fake-model", byok=byok(server))
        try:
            return await run_tool_loop(llm, ASK, calculator, hooks=ToolHooks(before=before))
        finally:
            await llm.aclose()

    with OpenAIServer() as server:
        server.reply(tool_calls=[("get_sum", {"a": 2, "b": 3})])
        server.reply("The sum is 5")
        result = asyncio.run(turn(server))
        requests = server.chat_requests()

    assert result.response.text == "The sum is 5"
    assert calculator.ran == [{"a": 2, "b": 3}] and [c.name for c in asked] == ["get_sum"]
    assert [t["function"]["name"] for t in requests[0].body["tools"]] == ["get_sum"]
    assert requests[1].body["messages"][-1]["role"] == "tool" and "5" in str(requests[1].body["messages"][-1])


@needs_cli
@pytest.mark.slow
def test_past_the_cap_runtime_tool_calls_are_refused(offline_copilot: None) -> None:
    calculator = Calculator()

    async def turn(server: OpenAIServer):  # type: ignore[no-untyped-def]
        llm = CopilotLLM("fake-model", byok=byok(server))
        try:
            return await run_tool_loop(llm, ASK, calculator, max_rounds=1)
        finally:
            await llm.aclose()

    with OpenAIServer() as server:
        server.reply(tool_calls=[("get_sum", {"a": 1, "b": 1})])
        server.reply(tool_calls=[("get_sum", {"a": 2, "b": 2})])
        server.reply("Stopping at 2.")
        result = asyncio.run(turn(server))
        last_tool_result = server.chat_requests()[-1].body["messages"][-1]

    assert calculator.ran == [{"a": 1, "b": 1}] and result.capped
    assert last_tool_result["role"] == "tool" and "not run: the limit of 1 tool rounds" in str(
        last_tool_result
    )
    assert result.response.text == "Stopping at 2."


@needs_cli
@pytest.mark.slow
def test_a_refused_key_is_an_auth_error_without_the_key(offline_copilot: None) -> None:
    key = "byokKey-planted-5c1e0d"

    async def ask(server: OpenAIServer) -> None:
        llm = CopilotLLM("fake-model", byok={**byok(server), "api_key": key})
        try:
            await llm.complete(ASK)
        finally:
            await llm.aclose()

    with OpenAIServer() as server:
        for _ in range(5):  # the runtime may retry
            server.error(401, f"Incorrect API key provided: {key}")
        with pytest.raises(LLMAuthError) as info:
            asyncio.run(ask(server))
    assert "HTTP 401" in str(info.value) and key not in str(info.value)


def test_a_missing_cli_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("copilot", reason="the copilot extra is not installed")
    missing = tmp_path / "no-copilot"
    monkeypatch.setenv("COPILOT_CLI_PATH", str(missing))
    with pytest.raises(LLMUnavailableError, match=f"the Copilot CLI is missing: {missing} does not exist"):
        asyncio.run(CopilotLLM("gpt-5").complete(ASK))


def test_a_missing_sdk_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "copilot", None)  # makes `import copilot` fail as if not installed
    with pytest.raises(LLMUnavailableError, match=r"pip install 'sofia_nb\[copilot\]'") as info:
        asyncio.run(CopilotLLM("gpt-5").complete(ASK))
    assert info.value.kind == "unavailable" and "copilot model 'gpt-5'" in str(info.value)


def test_tools_without_the_loop_are_refused() -> None:
    with pytest.raises(LLMProviderError, match="run_tool_loop"):
        asyncio.run(CopilotLLM("gpt-5").complete(ASK, tools=[ToolSpec(name="x")]))


def test_errors_name_the_byok_url_and_never_its_key() -> None:
    key = "byokKey-planted-7a2f"
    llm = CopilotLLM("gpt-5", byok={"base_url": "http://127.0.0.1:9/v1", "api_key": key})
    error = llm._error(LLMAuthError, f"the Copilot runtime reported: key {key} refused")
    assert str(error) == (
        "copilot model 'gpt-5' at http://127.0.0.1:9/v1: the Copilot runtime reported: key [REDACTED] refused"
    )
