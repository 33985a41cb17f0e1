"""The GitHub Copilot SDK provider (optional extra ``copilot``), imported only when used.

Copilot is an agent runtime, not a chat API: each request opens a fresh SDK session with our
system prompt in place of Copilot's, none of Copilot's built-in tools, and the conversation so far
as the prompt. Tools run inside the runtime, so they are offered only through
``complete_running_tools``, whose executor (the tool loop's checks and hooks) handles each call.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from ..config import Settings
from ..events import EventBus
from ._base import BaseLLM, ProviderReply, emit_text
from ._errors import LLMAuthError, LLMProviderError, LLMTimeoutError, LLMUnavailableError
from ._structured import OutputSchema
from ._tokens import render_messages
from ._types import (
    LLMResponse,
    LLMUsage,
    Message,
    Purpose,
    TextCallback,
    ToolCall,
    ToolExecutor,
    ToolSpec,
)

_executor: ContextVar[ToolExecutor | None] = ContextVar("sofia_copilot_executor", default=None)
_INSTALL_HINT = "install it with: pip install 'sofia_nb[copilot]'"


def provider_from_env(env: dict[str, str] | None = None) -> dict[str, Any] | None:
    """Bring-your-own-key settings from ``SOFIA_COPILOT_PROVIDER_*``, or None to use a Copilot login."""
    source = os.environ if env is None else env
    base_url = source.get("SOFIA_COPILOT_PROVIDER_BASE_URL")
    if not base_url:
        return None
    provider: dict[str, Any] = {
        "type": source.get("SOFIA_COPILOT_PROVIDER_TYPE", "openai"),
        "base_url": base_url,
        "wire_api": source.get("SOFIA_COPILOT_PROVIDER_WIRE_API", "completions"),
    }
    if key := source.get("SOFIA_COPILOT_PROVIDER_API_KEY"):
        provider["api_key"] = key
    return provider


class CopilotLLM(BaseLLM):
    """``copilot:MODEL``. ``provider`` is a BYOK config (see ``provider_from_env``); None uses the login."""

    provider = "copilot"
    list_priced = False  # a Copilot subscription is not billed at the OpenAI list prices

    def __init__(
        self,
        model: str,
        *,
        byok: dict[str, Any] | None = None,
        cli_path: str | None = None,
        timeout: float = 300.0,
        settings: Settings | None = None,
        bus: EventBus | None = None,
        context_window: int | None = None,
    ) -> None:
        super().__init__(model, settings=settings, bus=bus, context_window=context_window)
        self.byok = byok
        self.cli_path = cli_path or os.environ.get("COPILOT_CLI_PATH") or shutil.which("copilot")
        self._cli_missing = bool(self.cli_path) and not Path(str(self.cli_path)).is_file()
        self.timeout = timeout
        self._client: Any = None
        self._start_lock = asyncio.Lock()

    @property
    def base_url(self) -> str:
        return str(self.byok.get("base_url", "")) if self.byok else ""

    def _key(self) -> str:
        return str(self.byok.get("api_key", "")) if self.byok else ""

    async def _ensure_client(self) -> Any:
        async with self._start_lock:  # concurrent first requests share one runtime process
            if self._client is None:
                self._client = await self._start_client()
        return self._client

    async def _start_client(self) -> Any:
        try:
            from copilot import CopilotClient, RuntimeConnection
        except ImportError:
            raise self._error(
                LLMUnavailableError, f"the GitHub Copilot SDK is not installed; {_INSTALL_HINT}"
            ) from None
        if self._cli_missing:
            raise self._error(
                LLMUnavailableError, f"the Copilot CLI is missing: {self.cli_path} does not exist"
            )
        connection = RuntimeConnection.for_stdio(path=self.cli_path) if self.cli_path else None
        try:  # without a path the SDK resolves (maybe downloads) its runtime in the constructor
            client = CopilotClient(
                connection=connection, use_logged_in_user=None if self.byok is None else False
            )
            await client.start()
        except (RuntimeError, OSError) as exc:
            raise self._error(
                LLMUnavailableError,
                f"cannot start the Copilot CLI ({exc}); install it (npm install -g @github/copilot) "
                "or point COPILOT_CLI_PATH at the binary",
            ) from None
        return client

    async def complete_running_tools(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec],
        execute: ToolExecutor,
        purpose: Purpose = "chat",
        on_text: TextCallback | None = None,
    ) -> LLMResponse:
        token = _executor.set(execute)
        try:
            return await self.complete(messages, tools=tools, purpose=purpose, on_text=on_text)
        finally:
            _executor.reset(token)

    async def _request(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec],
        purpose: Purpose,
        on_text: TextCallback | None,
        output: OutputSchema | None = None,
    ) -> ProviderReply:
        execute = _executor.get()
        if tools and execute is None:
            raise self._error(
                LLMProviderError, "Copilot runs tools inside its runtime; offer tools through run_tool_loop"
            )
        client = await self._ensure_client()
        from copilot import PermissionHandler  # importable: _ensure_client checked the SDK

        system = "\n\n".join(m.content for m in messages if m.role == "system")
        session = await client.create_session(
            model=self.model,
            provider=self.byok,
            on_permission_request=PermissionHandler.approve_all,  # only our tools exist; our hooks decide
            system_message={"mode": "replace", "content": system} if system else None,
            tools=[_sdk_tool(t, execute) for t in tools] if execute else None,
            available_tools=[t.name for t in tools],
            streaming=True,
            infinite_sessions={"enabled": False},
        )
        try:
            return await self._run_turn(session, _prompt(messages), on_text)
        finally:
            await session.disconnect()

    async def _run_turn(self, session: Any, prompt: str, on_text: TextCallback | None) -> ProviderReply:
        loop = asyncio.get_running_loop()
        events: asyncio.Queue[Any] = asyncio.Queue()
        unsubscribe = session.on(lambda event: loop.call_soon_threadsafe(events.put_nowait, event))
        try:
            await session.send(prompt)
            async with asyncio.timeout(self.timeout):
                return await self._read_turn(events, on_text)
        except TimeoutError:
            await session.abort()
            raise self._error(LLMTimeoutError, f"no answer within {self.timeout:g} s") from None
        finally:
            unsubscribe()

    async def _read_turn(self, events: asyncio.Queue[Any], on_text: TextCallback | None) -> ProviderReply:
        """The session's events until it is idle: text streamed and kept, usage summed, errors typed."""
        from copilot.session_events import (
            AssistantMessageData,
            AssistantMessageDeltaData,
            AssistantUsageData,
            SessionErrorData,
            SessionIdleData,
        )

        text, usage = "", LLMUsage()
        while not isinstance(data := (await events.get()).data, SessionIdleData):
            if isinstance(data, AssistantMessageDeltaData) and data.parent_tool_call_id is None:
                await emit_text(on_text, data.delta_content)
            elif isinstance(data, AssistantMessageData) and data.content:
                text = data.content
            elif isinstance(data, AssistantUsageData):
                usage.input_tokens += int(data.input_tokens or 0)
                usage.output_tokens += int(data.output_tokens or 0)
                usage.cached_input_tokens += int(data.cache_read_tokens or 0)
            elif isinstance(data, SessionErrorData):
                kind = LLMAuthError if (data.error_type or "").startswith("auth") else LLMProviderError
                raise self._error(kind, f"the Copilot runtime reported: {data.message}")
        # the cache's reads are part of the input, whether the runtime counts them in it or apart
        usage.input_tokens = max(usage.input_tokens, usage.cached_input_tokens)
        reported = usage.input_tokens or usage.output_tokens
        return ProviderReply(text=text, usage=usage if reported else None)

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.stop()


def _prompt(messages: list[Message]) -> str:
    """The conversation after the system prompt: a lone user message as is, else as a transcript."""
    rest = [m for m in messages if m.role != "system"]
    if len(rest) == 1 and rest[0].role == "user":
        return rest[0].content
    return f"The conversation so far:\n\n{render_messages(rest)}\n\nContinue as the assistant."


def _sdk_tool(spec: ToolSpec, execute: ToolExecutor) -> Any:
    """An SDK tool whose handler goes through the tool loop's executor."""
    from copilot.tools import Tool, ToolInvocation, ToolResult

    async def handler(invocation: ToolInvocation) -> ToolResult:
        arguments = invocation.arguments if isinstance(invocation.arguments, dict) else {}
        result = await execute(
            ToolCall(id=invocation.tool_call_id, name=invocation.tool_name, arguments=arguments)
        )
        if result.is_error:
            return ToolResult(text_result_for_llm=result.text, result_type="failure", error=result.text)
        return ToolResult(text_result_for_llm=result.text)

    return Tool(
        name=spec.name,
        description=spec.description,
        parameters=spec.parameters,
        handler=handler,
        skip_permission=True,
    )
