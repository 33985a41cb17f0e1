"""Cost and limits known without configuration: the bundled model table, looked up by the model
name the response reports (an Azure deployment's name says nothing), config.toml's rows first."""

from __future__ import annotations

import asyncio

import pytest

from sofia_nb.config import ModelInfo, Settings, bundled_model_info, bundled_models
from sofia_nb.events import EventBus, UsageRecorded
from sofia_nb.llm import CopilotLLM, Endpoint, LLMUsage, Message, OpenAICompatLLM
from tests.support.openai_server import OpenAIServer

HELLO = [Message(role="user", content="hello")]


def test_the_bundled_table_names_its_date_and_knows_the_common_models() -> None:
    for name in ("gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini", "o4-mini", "gpt-5"):
        info = bundled_models()[name]
        assert info.context_window > 0 and info.input_price_per_mtok and info.output_price_per_mtok
        assert info.source == "estimated, as of 2026-12-04"
    # GitHub Models' names, provider specs and dated snapshots find their row; the longest name wins
    assert bundled_model_info("openai/gpt-4o-mini") == bundled_models()["gpt-4o-mini"]
    assert bundled_model_info("github:openai/gpt-4.1") == bundled_models()["gpt-4.1"]
    assert bundled_model_info("gpt-4o-mini-2024-07-18") == bundled_models()["gpt-4o-mini"]
    assert bundled_model_info("my-team-deployment") is None and bundled_model_info("llama3.2") is None


def test_an_azure_deployment_is_priced_by_the_model_its_response_reports() -> None:
    bus = EventBus()
    seen: list[UsageRecorded] = []
    bus.subscribe(seen.append, UsageRecorded)
    with OpenAIServer(reports_model="gpt-4o-2024-11-20") as server:
        server.reply("hi", usage=(10_000, 1_000))
        llm = OpenAICompatLLM(
            Endpoint(provider="azure", model="team-chat-prod", base_url=server.base_url, api_key="k"),
            settings=Settings(),
            bus=bus,
        )
        assert llm.context_window is None  # nothing known before the first answer
        response = asyncio.run(llm.complete(HELLO))
    assert response.usage.cost_usd == pytest.approx((10_000 * 2.50 + 1_000 * 10.00) / 1e6)
    [event] = seen
    assert event.context_window == 128_000 and event.price_source == "estimated, as of 2026-12-04"


def test_config_toml_rows_win_over_the_bundled_table() -> None:
    settings = Settings(
        models={
            "gpt-4o": ModelInfo(context_window=64_000, input_price_per_mtok=1.0, output_price_per_mtok=1.0)
        }
    )
    with OpenAIServer() as server:
        server.reply("hi", usage=(1_000_000, 0))
        llm = OpenAICompatLLM(
            Endpoint(provider="openai", model="gpt-4o", base_url=server.base_url), settings=settings
        )
        response = asyncio.run(llm.complete(HELLO))
    assert response.usage.cost_usd == pytest.approx(1.0) and llm.context_window == 64_000
    assert llm.price_source == "config.toml"


def test_copilot_knows_its_window_but_no_list_price_applies_to_a_subscription() -> None:
    llm = CopilotLLM("gpt-4o", settings=Settings())
    assert llm.context_window == 128_000
    assert llm.cost_usd(LLMUsage(input_tokens=1000, output_tokens=1000)) is None
