"""What every provider shares: timing, usage (reported or estimated), cost, and the usage event."""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from .._aio import LoopThread
from .._usage import spent
from ..config import ModelInfo, Settings
from ..events import EventBus, UsageRecorded
from ..redact import redact, redact_text
from ._errors import LLMError
from ._record import record_path_from_env, record_reply
from ._structured import OutputSchema
from ._tokens import estimate_messages_tokens, estimate_tokens
from ._types import LLMResponse, LLMUsage, Message, Purpose, TextCallback, ToolCall, ToolSpec

_log = logging.getLogger(__name__)


@dataclass
class ProviderReply:
    """A provider's raw answer; ``usage`` is None when the provider reported no numbers."""

    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str = "stop"
    usage: LLMUsage | None = None
    model: str | None = None
    """The model the response says answered (an Azure deployment's model, a dated snapshot)."""


def _kept(on_text: TextCallback | None, pieces: list[str]) -> TextCallback | None:
    """``on_text`` that also keeps each streamed piece in ``pieces`` (None stays None: no stream)."""
    if on_text is None:
        return None

    def keep(piece: str) -> Any:
        pieces.append(piece)
        return on_text(piece)

    return keep


def redacted_messages(messages: list[Message], secrets: list[str] | None = None) -> list[Message]:
    """``messages`` as they may leave for a model: every text (what participants and the facilitator
    typed, tool results, the model's own earlier replies and tool-call arguments) redacted by the
    same rule as the session file. A message with nothing to hide is passed as it is."""
    out = []
    for message in messages:
        update: dict[str, Any] = {}
        content = redact_text(message.content, secrets)
        if content != message.content:
            update["content"] = content
        arguments = [redact(call.arguments, secrets) for call in message.tool_calls]
        if any(new != call.arguments for new, call in zip(arguments, message.tool_calls, strict=True)):
            update["tool_calls"] = [
                call.model_copy(update={"arguments": new})
                for new, call in zip(arguments, message.tool_calls, strict=True)
            ]
        out.append(message.model_copy(update=update) if update else message)
    return out


async def emit_text(on_text: TextCallback | None, text: str) -> None:
    """Hand a streamed piece to ``on_text``, awaiting it when it is a coroutine function."""
    if on_text is None or not text:
        return
    result = on_text(text)
    if inspect.isawaitable(result):
        await result


class BaseLLM(ABC):
    """Implements ``LLMClient.complete`` around a provider's ``_request``.

    Subclasses set ``provider`` (the spec prefix), ``priced`` (False for local and scripted
    models, whose cost is always n/a) and ``list_priced`` (False where the bundled table's list
    prices do not apply, as for Copilot's subscription; config.toml's prices still do).
    """

    provider: str = ""
    priced: bool = True
    list_priced: bool = True
    structured_output: str | None = None
    """How the provider gives schema-valid JSON (``"json_schema"``: ``response_format``), or None:
    it reads the schema in the prompt and answers in prose."""

    def __init__(
        self,
        model: str,
        *,
        settings: Settings | None = None,
        bus: EventBus | None = None,
        context_window: int | None = None,
    ) -> None:
        self.model = model
        self.settings = settings or Settings()
        self.bus = bus
        self._context_window = context_window
        self.reported_model: str | None = None
        """The model the last response named (the model table is looked up by it first)."""
        self._loop_thread: LoopThread | None = None
        self.record_path = record_path_from_env()
        # SOFIA_RECORD: every reply appended to a scripted-model file, so a real run becomes a fixture

    @property
    def model_name(self) -> str:
        return f"{self.provider}:{self.model}"

    def model_info(self) -> ModelInfo | None:
        """This model's row: config.toml's, else the bundled table's (by the reported name first)."""
        return self.settings.model_info(self.model_name, reported=self.reported_model)

    @property
    def context_window(self) -> int | None:
        """The explicit window, else the model table's, else None (unknown: no compaction)."""
        if self._context_window is not None:
            return self._context_window
        info = self.model_info()
        return info.context_window if info else None

    @property
    def price_source(self) -> str | None:
        """Where the prices come from (``config.toml``, or "estimated, as of DATE"); None: unpriced."""
        info = self._priced_info()
        return info.source if info else None

    def _priced_info(self) -> ModelInfo | None:
        info = self.model_info() if self.priced else None
        if info is None or info.input_price_per_mtok is None or info.output_price_per_mtok is None:
            return None
        if info.source != "config.toml" and not self.list_priced:
            return None
        return info

    @property
    def base_url(self) -> str:
        """Where requests go, named in error messages; empty when there is no URL."""
        return ""

    def _key(self) -> str:
        """The provider's secret, redacted from error messages; empty when there is none."""
        return ""

    def _error(self, cls: type[LLMError], message: str, status: int | None = None) -> LLMError:
        """An error of kind ``cls`` naming this provider, model and URL, with the key redacted."""
        return cls(
            message,
            provider=self.provider,
            model=self.model,
            base_url=self.base_url,
            status=status,
            secrets=[self._key()],
        )

    def cost_usd(self, usage: LLMUsage) -> float | None:
        """Cost from the model table's prices, the cached part of the input at its cached-input
        price (the input price when the row has none); None for local, scripted and unpriced models."""
        info = self._priced_info()
        if info is None or info.input_price_per_mtok is None or info.output_price_per_mtok is None:
            return None
        cached = min(usage.cached_input_tokens, usage.input_tokens)
        cached_price = info.cached_input_price_per_mtok
        cached_price = info.input_price_per_mtok if cached_price is None else cached_price
        return (
            (usage.input_tokens - cached) * info.input_price_per_mtok
            + cached * cached_price
            + usage.output_tokens * info.output_price_per_mtok
        ) / 1_000_000

    async def complete(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec] | None = None,
        purpose: Purpose = "chat",
        on_text: TextCallback | None = None,
        output: OutputSchema | None = None,
    ) -> LLMResponse:
        started = time.perf_counter()
        messages = redacted_messages(messages, [self._key()])  # the one door to the model: docs/security.md
        streamed: list[str] = []
        try:
            reply = await self._request(
                messages, tools=tools or [], purpose=purpose, on_text=_kept(on_text, streamed), output=output
            )
        except (asyncio.CancelledError, KeyboardInterrupt):
            # A request stopped while it streams is billed all the same (its prompt, what it said):
            # its estimate goes to the ledger and the meter, so what was spent is what is saved.
            self._account(purpose, self._estimate(messages, ProviderReply(text="".join(streamed))))
            raise
        self.reported_model = reply.model or self.reported_model
        usage = self._account(purpose, reply.usage or self._estimate(messages, reply))
        response = LLMResponse(
            text=reply.text,
            tool_calls=reply.tool_calls,
            usage=usage,
            finish_reason=reply.finish_reason,
            latency_s=time.perf_counter() - started,
            model=self.model_name,
        )
        if self.record_path is not None:
            record_reply(self.record_path, purpose, response, secrets=[self._key()])
        _log.debug(
            "%s %s: %d in (%d cached) + %d out tokens%s in %.2f s",
            self.model_name,
            purpose,
            usage.input_tokens,
            usage.cached_input_tokens,
            usage.output_tokens,
            " (estimated)" if usage.estimated else "",
            response.latency_s,
        )
        return response

    def _account(self, purpose: Purpose, usage: LLMUsage) -> LLMUsage:
        """Price one request's ``usage``, hand it to the session's ledger (when a run keeps one) and
        to the meter (``UsageRecorded``): the one place a request is counted, ended or stopped."""
        usage = usage.model_copy(update={"cost_usd": self.cost_usd(usage)})
        spent(purpose, self.model_name, usage)
        if self.bus is not None:
            self.bus.emit(
                UsageRecorded(
                    model=self.model_name,
                    purpose=purpose,
                    input_tokens=usage.input_tokens,
                    output_tokens=usage.output_tokens,
                    cached_input_tokens=usage.cached_input_tokens,
                    estimated=usage.estimated,
                    cost_usd=usage.cost_usd,
                    price_source=self.price_source if usage.cost_usd is not None else None,
                    context_window=self.context_window,
                )
            )
        return usage

    @staticmethod
    def _estimate(messages: list[Message], reply: ProviderReply) -> LLMUsage:
        output = reply.text + "".join(c.name + json.dumps(c.arguments) for c in reply.tool_calls)
        return LLMUsage(
            input_tokens=estimate_messages_tokens(messages),
            output_tokens=estimate_tokens(output),
            estimated=True,
        )

    @abstractmethod
    async def _request(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec],
        purpose: Purpose,
        on_text: TextCallback | None,
        output: OutputSchema | None = None,
    ) -> ProviderReply:
        """Send one request to the provider (``output``: see ``LLMClient.complete``)."""

    def complete_sync(
        self,
        messages: list[Message],
        *,
        tools: list[ToolSpec] | None = None,
        purpose: Purpose = "chat",
        on_text: TextCallback | None = None,
    ) -> LLMResponse:
        """The sync twin of ``complete``, also inside a running loop (Jupyter): it runs on a loop
        this client owns for its lifetime, so connections are reused across calls."""
        if self._loop_thread is None:
            self._loop_thread = LoopThread(f"sofia-nb-llm-{self.provider}")
        return self._loop_thread.run(self.complete(messages, tools=tools, purpose=purpose, on_text=on_text))

    def close(self) -> None:
        """The sync twin of ``aclose`` for a client used through ``complete_sync``."""
        if self._loop_thread is not None:
            self._loop_thread.run(self.aclose())
            self._loop_thread.close()
            self._loop_thread = None

    async def aclose(self) -> None:
        """Nothing to release by default."""
        return None
