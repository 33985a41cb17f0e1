"""The OpenAI-compatible provider against a real local server: streaming, tools, usage, retries, errors."""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest

from sofia_nb.config import ModelInfo, Settings
from sofia_nb.events import EventBus, EventRecorder, UsageRecorded
from sofia_nb.llm import (
    Endpoint,
    LLMAuthError,
    LLMConnectionError,
    LLMContextOverflowError,
    LLMError,
    LLMModelNotFoundError,
    LLMProviderError,
    LLMRateLimitError,
    LLMTimeoutError,
    Message,
    OpenAICompatLLM,
    ToolSpec,
)
from tests.support.openai_server import OpenAIServer

from .conftest import PLANTED_KEY

HELLO = [Message(role="system", content="be brief"), Message(role="user", content="hello")]


def test_streaming_text_arrives_in_pieces_with_streamed_usage(
    server: OpenAIServer, client: OpenAICompatLLM
) -> None:
    server.reply("Hello there, workshop!", usage=(21, 6), chunk_size=5)
    pieces: list[str] = []

    response = asyncio.run(client.complete(HELLO, on_text=pieces.append))

    assert len(pieces) > 1 and "".join(pieces) == "Hello there, workshop!"
    assert response.text == "Hello there, workshop!"
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.estimated) == (
        21,
        6,
        False,
    )
    assert response.finish_reason == "stop" and response.model == "openai:gpt-test"
    body = server.chat_requests()[0].body
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert body["messages"][0] == {"role": "system", "content": "be brief"}
    assert server.chat_requests()[0].headers["authorization"] == f"Bearer {PLANTED_KEY}"


def test_async_text_callback_is_awaited(server: OpenAIServer, client: OpenAICompatLLM) -> None:
    server.reply("abcdefgh", chunk_size=2)
    seen: list[str] = []

    async def collect(text: str) -> None:
        seen.append(text)

    asyncio.run(client.complete(HELLO, on_text=collect))
    assert seen == ["ab", "cd", "ef", "gh"]


def test_non_streamed_reply_reads_usage_from_the_body(server: OpenAIServer, client: OpenAICompatLLM) -> None:
    server.reply("plain", usage=(40, 2))
    response = asyncio.run(client.complete(HELLO))
    assert response.text == "plain"
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.estimated) == (
        40,
        2,
        False,
    )
    assert "stream" not in server.chat_requests()[0].body


@pytest.mark.parametrize("streamed", [True, False])
def test_tool_calls_are_assembled(server: OpenAIServer, client: OpenAICompatLLM, streamed: bool) -> None:
    server.reply(tool_calls=[("read_docs", {"q": "pricing tiers"}), ("get_sum", {"a": 2, "b": 40})])
    tools = [ToolSpec(name="read_docs"), ToolSpec(name="get_sum")]

    response = asyncio.run(
        client.complete(HELLO, tools=tools, on_text=(lambda _t: None) if streamed else None)
    )

    assert [(c.id, c.name, c.arguments) for c in response.tool_calls] == [
        ("call_0", "read_docs", {"q": "pricing tiers"}),
        ("call_1", "get_sum", {"a": 2, "b": 40}),
    ]
    assert response.finish_reason == "tool_calls"
    body = server.chat_requests()[0].body
    assert [t["function"]["name"] for t in body["tools"]] == ["read_docs", "get_sum"]


def test_tool_results_are_sent_back_in_wire_form(server: OpenAIServer, client: OpenAICompatLLM) -> None:
    from sofia_nb.llm import ToolCall

    call = ToolCall(id="call_9", name="read_docs", arguments={"q": "x"})
    history = [
        *HELLO,
        Message(role="assistant", tool_calls=[call]),
        Message(role="tool", content="42", tool_call_id="call_9"),
    ]
    server.reply("done")
    asyncio.run(client.complete(history))
    sent = server.chat_requests()[0].body["messages"]
    assert sent[2] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "call_9", "type": "function", "function": {"name": "read_docs", "arguments": '{"q": "x"}'}}
        ],
    }
    assert sent[3] == {"role": "tool", "content": "42", "tool_call_id": "call_9"}


def test_missing_usage_is_estimated_and_flagged(server: OpenAIServer, client: OpenAICompatLLM) -> None:
    server.reply("x" * 40, usage=None)
    response = asyncio.run(client.complete(HELLO, on_text=lambda _t: None))
    assert response.usage.estimated is True
    assert response.usage.output_tokens == 10


def test_usage_event_carries_cost_and_context_window(server: OpenAIServer) -> None:
    settings = Settings(
        models={
            "gpt-priced": ModelInfo(context_window=8000, input_price_per_mtok=2.0, output_price_per_mtok=10.0)
        }
    )
    bus = EventBus()
    recorder = EventRecorder(bus)
    llm = OpenAICompatLLM(
        Endpoint(provider="openai", model="gpt-priced", base_url=server.base_url), settings=settings, bus=bus
    )
    server.reply("hi", usage=(1_000, 100))

    response = asyncio.run(llm.complete(HELLO, purpose="extract"))

    assert response.usage.cost_usd == pytest.approx((1_000 * 2.0 + 100 * 10.0) / 1e6)
    [event] = recorder.of_type(UsageRecorded)
    assert (event.model, event.purpose, event.input_tokens, event.context_window) == (
        "openai:gpt-priced",
        "extract",
        1000,
        8000,
    )
    assert event.cost_usd == response.usage.cost_usd


def test_unpriced_and_local_models_cost_nothing_known(server: OpenAIServer) -> None:
    settings = Settings(models={"llama3": ModelInfo(input_price_per_mtok=1.0, output_price_per_mtok=1.0)})
    local = OpenAICompatLLM(
        Endpoint(provider="ollama", model="llama3", base_url=server.base_url, priced=False), settings=settings
    )
    unpriced = OpenAICompatLLM(
        Endpoint(provider="openai", model="other", base_url=server.base_url), settings=settings
    )
    server.reply("a")
    server.reply("b")
    assert asyncio.run(local.complete(HELLO)).usage.cost_usd is None
    assert asyncio.run(unpriced.complete(HELLO)).usage.cost_usd is None


def test_429_with_retry_after_is_waited_out_and_retried(
    server: OpenAIServer, client: OpenAICompatLLM
) -> None:
    server.error(429, "Rate limit reached", retry_after=1)
    server.reply("finally")

    response = asyncio.run(client.complete(HELLO))

    first, second = server.chat_requests()
    assert response.text == "finally"
    assert second.at - first.at >= 0.95  # the client honoured Retry-After: 1 before retrying


def test_retry_after_is_capped(server: OpenAIServer) -> None:
    llm = OpenAICompatLLM(
        Endpoint(provider="openai", model="m", base_url=server.base_url), max_retry_wait=0.2
    )
    server.error(429, "Rate limit reached", retry_after=3600)
    server.reply("ok")
    assert asyncio.run(llm.complete(HELLO)).text == "ok"
    first, second = server.chat_requests()
    assert second.at - first.at < 3600


def test_server_errors_are_retried(server: OpenAIServer, client: OpenAICompatLLM) -> None:
    server.error(503, "overloaded", retry_after=0)
    server.reply("recovered")
    assert asyncio.run(client.complete(HELLO)).text == "recovered"
    assert len(server.chat_requests()) == 2


def test_rate_limit_after_the_last_retry_is_a_typed_error(
    server: OpenAIServer, client: OpenAICompatLLM
) -> None:
    for _ in range(3):
        server.error(429, "Rate limit reached", retry_after=0)
    with pytest.raises(LLMRateLimitError, match="after 3 attempts") as info:
        asyncio.run(client.complete(HELLO))
    assert len(server.chat_requests()) == 3 and info.value.kind == "rate-limited"


@pytest.mark.parametrize(
    ("status", "message", "code", "error", "words"),
    [
        (
            401,
            f"Incorrect API key provided: {PLANTED_KEY}",
            "invalid_api_key",
            LLMAuthError,
            "OPENAI_API_KEY",
        ),
        (403, "forbidden", None, LLMAuthError, "refused the credentials"),
        (
            404,
            "The model `gpt-test` does not exist",
            "model_not_found",
            LLMModelNotFoundError,
            "does not know",
        ),
        (
            400,
            "This model's maximum context length is 8192 tokens",
            "context_length_exceeded",
            LLMContextOverflowError,
            "context window",
        ),
        (400, "bad temperature", None, LLMProviderError, "HTTP 400: bad temperature"),
    ],
)
def test_http_errors_map_to_typed_errors_naming_provider_model_and_url(
    server: OpenAIServer,
    client: OpenAICompatLLM,
    status: int,
    message: str,
    code: str | None,
    error: type[LLMError],
    words: str,
) -> None:
    server.error(status, message, code=code)
    with pytest.raises(error) as info:
        asyncio.run(client.complete(HELLO))
    text = str(info.value)
    assert words in text
    assert text.startswith(f"openai model 'gpt-test' at {server.base_url}: ")
    assert PLANTED_KEY not in text and info.value.status == status


def test_unknown_model_is_a_model_not_found_error() -> None:
    with OpenAIServer(known_models={"real-model"}) as server:
        llm = OpenAICompatLLM(Endpoint(provider="openai", model="no-such-model", base_url=server.base_url))
        with pytest.raises(LLMModelNotFoundError, match="no-such-model"):
            asyncio.run(llm.complete(HELLO))


def test_timeout_is_a_typed_error(server: OpenAIServer) -> None:
    llm = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url), timeout=0.3)
    server.reply("late", delay=2.0)
    with pytest.raises(LLMTimeoutError, match=r"no answer within 0\.3 s"):
        asyncio.run(llm.complete(HELLO))


def test_connection_refused_is_a_typed_error() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base_url = f"http://127.0.0.1:{port}/v1"
    llm = OpenAICompatLLM(Endpoint(provider="ollama", model="llama3", base_url=base_url), max_retries=1)
    with pytest.raises(LLMConnectionError, match=f"ollama model 'llama3' at {base_url}: cannot connect"):
        asyncio.run(llm.complete(HELLO))


def test_azure_sends_the_key_in_the_api_key_header(server: OpenAIServer) -> None:
    endpoint = Endpoint(
        provider="azure",
        model="my-deploy",
        base_url=server.base_url,
        api_key=PLANTED_KEY,
        key_header="api-key",
    )
    server.reply("hi")
    asyncio.run(OpenAICompatLLM(endpoint).complete(HELLO))
    headers = server.chat_requests()[0].headers
    assert headers["api-key"] == PLANTED_KEY and "authorization" not in headers


def test_the_key_never_reaches_error_messages_logs_or_reprs(
    server: OpenAIServer, client: OpenAICompatLLM, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="sofia_nb")
    server.error(429, f"slow down, key {PLANTED_KEY}", retry_after=0)
    server.error(401, f"Incorrect API key provided: {PLANTED_KEY}")
    with pytest.raises(LLMAuthError) as info:
        asyncio.run(client.complete(HELLO))
    assert caplog.records, "the retry should have been logged"
    everything = [str(info.value), repr(info.value), caplog.text, repr(client.endpoint), str(client.endpoint)]
    assert all(PLANTED_KEY not in text for text in everything)


def test_an_error_event_inside_the_stream_is_a_typed_error(
    server: OpenAIServer, client: OpenAICompatLLM
) -> None:
    server.reply("partial", stream_error="maximum context length exceeded")
    with pytest.raises(LLMContextOverflowError, match="stream error: maximum context length exceeded"):
        asyncio.run(client.complete(HELLO, on_text=lambda _t: None))


def test_a_stream_that_breaks_off_is_a_connection_error(
    server: OpenAIServer, client: OpenAICompatLLM
) -> None:
    server.reply("half a sent", cut=True)
    with pytest.raises(LLMConnectionError, match="the stream ended before the reply was complete"):
        asyncio.run(client.complete(HELLO, on_text=lambda _t: None))


def test_the_sync_twin_works_with_and_without_a_running_loop(
    server: OpenAIServer, client: OpenAICompatLLM
) -> None:
    server.reply("one")
    server.reply("two")
    assert client.complete_sync(HELLO).text == "one"

    async def inside_a_running_loop() -> str:  # as in a Jupyter cell
        return client.complete_sync(HELLO).text

    assert asyncio.run(inside_a_running_loop()) == "two"
    client.close()
    assert client._loop_thread is None


def test_the_fake_server_can_answer_from_a_function() -> None:
    def responder(body: dict[str, object]) -> str:
        return f"you said {len(body['messages'])} messages"  # type: ignore[arg-type]

    with OpenAIServer(responder=responder) as server:
        llm = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url))
        server.reply("queued first")
        assert asyncio.run(llm.complete(HELLO)).text == "queued first"
        assert llm.complete_sync(HELLO).text == "you said 2 messages"
        llm.close()
