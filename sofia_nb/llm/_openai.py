"""The OpenAI-compatible Chat Completions provider over httpx (OpenAI, Azure v1, GitHub Models, Ollama...)."""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import time
from typing import Any, Literal

import httpx
from pydantic import BaseModel, ConfigDict, SecretStr

from ..config import Settings
from ..events import EventBus
from ..redact import redact_text, redacted_head
from ._base import BaseLLM, ProviderReply, emit_text
from ._errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMContextOverflowError,
    LLMError,
    LLMModelNotFoundError,
    LLMProviderError,
    LLMRateLimitError,
    LLMTimeoutError,
)
from ._stream import ToolCallAssembler, iter_sse_data, to_tool_call
from ._structured import OutputSchema
from ._types import LLMUsage, Message, Purpose, TextCallback, ToolSpec

_log = logging.getLogger(__name__)

_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
_OVERFLOW_HINTS = ("context_length_exceeded", "context length", "context window", "maximum context")


class Endpoint(BaseModel):
    """Where and how to reach one OpenAI-compatible model. The key never appears in ``repr``."""

    model_config = ConfigDict(frozen=True)

    provider: str
    model: str
    base_url: str
    api_key: SecretStr | None = None
    key_header: Literal["authorization", "api-key"] = "authorization"
    key_env: str | None = None  # named in auth error messages so people know what to fix
    priced: bool = True
    structured_output: Literal["json_schema"] | None = "json_schema"
    """OpenAI, Azure OpenAI, GitHub Models, vLLM and Ollama (which turns it into its ``format``)
    all take ``response_format`` with a strict ``json_schema``; None for a server that does not."""


class OpenAICompatLLM(BaseLLM):
    """Chat Completions over httpx: streaming (SSE), tool calls, usage, retries, typed errors.

    Streams when ``on_text`` is given (asking for usage in the stream), otherwise sends one plain
    request. 429 and 5xx answers are retried up to ``max_retries`` times, waiting what
    ``Retry-After`` says (capped at ``max_retry_wait`` seconds) or an exponential backoff.
    """

    def __init__(
        self,
        endpoint: Endpoint,
        *,
        settings: Settings | None = None,
        bus: EventBus | None = None,
        context_window: int | None = None,
        timeout: float = 120.0,
        max_retries: int = 3,
        max_retry_wait: float = 30.0,
    ) -> None:
        super().__init__(endpoint.model, settings=settings, bus=bus, context_window=context_window)
        self.endpoint = endpoint
        self.provider = endpoint.provider
        self.priced = endpoint.priced
        info = self.settings.model_info(self.model_name)
        said = info.structured_output if info is not None else None  # the model table overrides
        self.structured_output = (
            endpoint.structured_output if said is None else ("json_schema" if said else None)
        )
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self._client: httpx.AsyncClient | None = None
        self._client_loop: asyncio.AbstractEventLoop | None = None

    @property
    def base_url(self) -> str:
        return self.endpoint.base_url.rstrip("/")

    def _key(self) -> str:
        return self.endpoint.api_key.get_secret_value() if self.endpoint.api_key else ""

    def _headers(self) -> dict[str, str]:
        key = self._key()
        if not key:
            return {}
        if self.endpoint.key_header == "api-key":
            return {"api-key": key}
        return {"Authorization": f"Bearer {key}"}

    def _body(
        self, messages: list[Message], tools: list[ToolSpec], stream: bool, output: OutputSchema | None = None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": [_wire_message(m) for m in messages]}
        if output is not None and self.structured_output == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": output.name, "strict": True, "schema": output.strict()},
            }
        if tools:
            body["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
                }
                for t in tools
            ]
            body["tool_choice"] = "auto"
        if stream:
            body["stream"] = True
            body["stream_options"] = {"include_usage": True}
        return body

    async def _request(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec],
        purpose: Purpose,
        on_text: TextCallback | None,
        output: OutputSchema | None = None,
    ) -> ProviderReply:
        body = self._body(messages, tools, on_text is not None, output)
        try:
            return await self._send(body, on_text)
        except LLMProviderError as exc:
            if "response_format" not in body or exc.status != 400 or not _refuses_structured_output(str(exc)):
                raise
        # this server does not take it: from now on ask as for the others, JSON in prose
        _log.info("%s refuses response_format; asking for JSON in prose", self.model_name)
        self.structured_output = None
        body.pop("response_format")
        return await self._send(body, on_text)

    async def _send(self, body: dict[str, Any], on_text: TextCallback | None) -> ProviderReply:
        """One request with its retries."""
        client = self._http_client()
        stream = on_text is not None
        url = f"{self.base_url}/chat/completions"
        for attempt in range(self.max_retries + 1):
            try:
                async with client.stream("POST", url, json=body, headers=self._headers()) as response:
                    if response.status_code >= 400:
                        await self._wait_or_raise(response, attempt)
                        continue
                    if stream:
                        return await self._read_stream(response, on_text)
                    await response.aread()
                    return self._read_body(self._json(response.text))
            except httpx.TimeoutException:
                raise self._error(LLMTimeoutError, f"no answer within {self.timeout:g} s") from None
            except httpx.ConnectError as exc:
                if attempt == self.max_retries:
                    raise self._error(LLMConnectionError, f"cannot connect ({exc})") from None
                await asyncio.sleep(self._backoff(attempt))
            except httpx.HTTPError as exc:
                raise self._error(LLMConnectionError, f"the connection failed ({exc})") from None
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _wait_or_raise(self, response: httpx.Response, attempt: int) -> None:
        """After an error answer: wait when it may be retried and a retry is left, else raise its error."""
        await response.aread()
        if response.status_code not in _RETRY_STATUSES or attempt == self.max_retries:
            raise self._http_error(response.status_code, response.text, attempts=attempt + 1)
        wait = self._retry_wait(response, attempt)
        _log.info(
            "%s %s: HTTP %s (%s); retrying in %.1f s",
            self.model_name,
            self.base_url,
            response.status_code,
            redact_text(_error_detail(response.text)[0], [self._key()]),
            wait,
        )
        await asyncio.sleep(wait)

    def _http_client(self) -> httpx.AsyncClient:
        """One connection pool per event loop: a pool made on a loop that has ended cannot be reused."""
        loop = asyncio.get_running_loop()
        if self._client is None or self._client_loop is not loop:
            self._client = httpx.AsyncClient(
                timeout=httpx.Timeout(self.timeout, connect=min(self.timeout, 10.0))
            )
            self._client_loop = loop
        return self._client

    def _backoff(self, attempt: int) -> float:
        return float(min(0.5 * 2**attempt, self.max_retry_wait))

    def _retry_wait(self, response: httpx.Response, attempt: int) -> float:
        """Seconds before a retry: ``retry-after-ms``, ``Retry-After`` (seconds or a date), else backoff."""
        wait: float | None = None
        if ms := response.headers.get("retry-after-ms"):
            wait = _to_float(ms, scale=0.001)
        elif value := response.headers.get("retry-after"):
            wait = _to_float(value)
            if wait is None:
                try:
                    wait = email.utils.parsedate_to_datetime(value).timestamp() - time.time()
                except (TypeError, ValueError):
                    wait = None
        if wait is None:
            return self._backoff(attempt)
        return max(0.0, min(wait, self.max_retry_wait))

    def _http_error(self, status: int | None, body: str, attempts: int = 1) -> LLMError:
        """The typed error for an error answer (``status`` None: an error event inside a stream)."""
        message, code = _error_detail(body)
        detail = (f"HTTP {status}" if status else "stream error") + (f": {message}" if message else "")
        lowered = f"{code} {message}".lower()
        if status in (401, 403):
            hint = f"; check {self.endpoint.key_env}" if self.endpoint.key_env else ""
            return self._error(LLMAuthError, f"the provider refused the credentials ({detail}){hint}", status)
        if any(h in lowered for h in _OVERFLOW_HINTS):
            return self._error(
                LLMContextOverflowError, f"the request exceeds the context window ({detail})", status
            )
        if (
            status == 404
            or code in ("model_not_found", "DeploymentNotFound")
            or _names_unknown_model(lowered)
        ):
            return self._error(
                LLMModelNotFoundError, f"the provider does not know this model ({detail})", status
            )
        if status == 429:
            return self._error(
                LLMRateLimitError, f"still rate-limited after {attempts} attempts ({detail})", status
            )
        return self._error(LLMProviderError, detail, status)

    async def _read_stream(self, response: httpx.Response, on_text: TextCallback | None) -> ProviderReply:
        text: list[str] = []
        assembler = ToolCallAssembler()
        finish: str | None = None
        usage: LLMUsage | None = None
        model: str | None = None
        done = False
        async for data in iter_sse_data(response.aiter_lines()):
            if data.strip() == "[DONE]":
                done = True
                break
            chunk = self._json(data)
            if chunk.get("error"):
                raise self._http_error(None, data)
            usage = _usage(chunk.get("usage")) or usage
            model = _reported_model(chunk) or model
            for choice in chunk.get("choices") or []:
                delta = choice.get("delta") or {}
                if content := delta.get("content"):
                    text.append(content)
                    await emit_text(on_text, content)
                for fragment in delta.get("tool_calls") or []:
                    assembler.add(fragment)
                finish = choice.get("finish_reason") or finish
        if not done and finish is None:
            raise self._error(LLMConnectionError, "the stream ended before the reply was complete")
        return ProviderReply(
            text="".join(text),
            tool_calls=assembler.calls(),
            finish_reason=finish or "stop",
            usage=usage,
            model=model,
        )

    def _read_body(self, body: dict[str, Any]) -> ProviderReply:
        choices = body.get("choices") or []
        if not choices:
            raise self._error(LLMProviderError, "the reply holds no choices")
        message = choices[0].get("message") or {}
        calls = [
            to_tool_call(
                c.get("id") or "",
                (c.get("function") or {}).get("name") or "",
                (c.get("function") or {}).get("arguments") or "",
                n,
            )
            for n, c in enumerate(message.get("tool_calls") or [])
        ]
        return ProviderReply(
            text=message.get("content") or "",
            tool_calls=calls,
            finish_reason=choices[0].get("finish_reason") or "stop",
            usage=_usage(body.get("usage")),
            model=_reported_model(body),
        )

    def _json(self, text: str) -> dict[str, Any]:
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = None
        if not isinstance(value, dict):
            raise self._error(
                LLMProviderError, f"the reply is not a JSON object: {redacted_head(text, 200)!r}"
            )
        return value

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


def _wire_message(message: Message) -> dict[str, Any]:
    """A ``Message`` in Chat Completions form (assistant tool calls echoed, tool results by id)."""
    wire: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        wire["content"] = message.content or None
        wire["tool_calls"] = [
            {
                "id": c.id,
                "type": "function",
                "function": {
                    "name": c.name,
                    "arguments": c.raw_arguments if c.raw_arguments is not None else json.dumps(c.arguments),
                },
            }
            for c in message.tool_calls
        ]
    if message.role == "tool":
        wire["tool_call_id"] = message.tool_call_id
    return wire


def _usage(raw: Any) -> LLMUsage | None:
    """The reply's ``usage``: prompt and completion tokens, and the prompt tokens a prompt cache
    served (``prompt_tokens_details.cached_tokens``: OpenAI, Azure OpenAI; 0 when not said)."""
    if not isinstance(raw, dict) or "prompt_tokens" not in raw:
        return None
    details = raw.get("prompt_tokens_details")
    cached = details.get("cached_tokens") if isinstance(details, dict) else None
    prompt = _count(raw.get("prompt_tokens"))
    return LLMUsage(
        input_tokens=prompt,
        output_tokens=_count(raw.get("completion_tokens")),
        cached_input_tokens=min(_count(cached), prompt),
    )


def _count(value: Any) -> int:
    """A token count from a server's JSON: a non-negative integer, else 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _error_detail(text: str) -> tuple[str, str]:
    """The provider's error message and code from an error body (OpenAI or Ollama shape)."""
    try:
        body = json.loads(text)
    except json.JSONDecodeError:
        return redacted_head(text.strip(), 300), ""
    error = body.get("error", body) if isinstance(body, dict) else body
    if isinstance(error, dict):
        code = str(error.get("code") or error.get("type") or "")
        return redacted_head(str(error.get("message") or ""), 300), code
    return redacted_head(str(error), 300), ""


def _refuses_structured_output(message: str) -> bool:
    """Whether a 400 answer says the server does not take ``response_format``/``json_schema``."""
    lowered = message.lower()
    return any(w in lowered for w in ("response_format", "json_schema", "structured output"))


def _names_unknown_model(lowered: str) -> bool:
    return "model" in lowered and any(w in lowered for w in ("not found", "does not exist", "unknown model"))


def _to_float(value: str, scale: float = 1.0) -> float | None:
    try:
        return float(value) * scale
    except ValueError:
        return None


def _reported_model(body: dict[str, Any]) -> str | None:
    """The ``model`` a response names (a server's word: kept only when it is a short plain name)."""
    model = body.get("model")
    return model if isinstance(model, str) and 0 < len(model) <= 100 and model.isprintable() else None
