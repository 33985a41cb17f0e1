"""Choosing a provider from a spec and the environment; nothing is ever chosen silently."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from sofia_nb.config import ModelInfo, Settings
from sofia_nb.llm import (
    PROVIDERS,
    CopilotLLM,
    LLMNotConfiguredError,
    Message,
    OpenAICompatLLM,
    ScriptedLLM,
    create_llm,
    provider_statuses,
    resolve_llm_spec,
)
from tests.support.openai_server import OpenAIServer

ENV_VARS = (
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "AZURE_OPENAI_ENDPOINT",
    "AZURE_OPENAI_API_KEY",
    "GITHUB_TOKEN",
    "OLLAMA_HOST",
    "SOFIA_COPILOT_PROVIDER_BASE_URL",
    "SOFIA_LLM_TIMEOUT",
)


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV_VARS:
        monkeypatch.delenv(name, raising=False)


def test_nothing_configured_says_so_and_offers_demo() -> None:
    assert resolve_llm_spec(None, Settings()) is None
    with pytest.raises(LLMNotConfiguredError) as info:
        create_llm(resolve_llm_spec(None, Settings()), Settings())
    assert "no model is configured" in str(info.value) and "`demo`" in str(info.value)
    assert "--" not in str(info.value)  # settings, not flags: each face words them its way


def test_spec_resolution_order(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(llm="ollama:from-config")
    assert resolve_llm_spec(None, settings) == "ollama:from-config"
    monkeypatch.setenv("SOFIA_LLM", "ollama:from-env")
    assert resolve_llm_spec(None, settings) == "ollama:from-env"
    assert resolve_llm_spec("ollama:from-flag", settings) == "ollama:from-flag"


@pytest.mark.parametrize("spec", ["gpt-4o", "bogus:model", "openai:"])
def test_malformed_specs_are_rejected(spec: str) -> None:
    with pytest.raises(LLMNotConfiguredError, match="not a model spec"):
        create_llm(spec, Settings())


def test_openai_needs_a_key_for_the_public_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LLMNotConfiguredError, match="OPENAI_API_KEY"):
        create_llm("openai:gpt-4o-mini", Settings())
    monkeypatch.setenv("OPENAI_API_KEY", "k-123456789")
    llm = create_llm("openai:gpt-4o-mini", Settings())
    assert isinstance(llm, OpenAICompatLLM)
    assert (llm.model_name, llm.base_url, llm.endpoint.key_env) == (
        "openai:gpt-4o-mini",
        "https://api.openai.com/v1",
        "OPENAI_API_KEY",
    )


def test_openai_base_url_reaches_a_compatible_server(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(models={"local-model": ModelInfo(context_window=4096)})
    with OpenAIServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        server.reply("from the local server")
        llm = create_llm("openai:local-model", settings)
        assert llm.context_window == 4096
        response = asyncio.run(llm.complete([Message(role="user", content="hi")]))
    assert response.text == "from the local server"
    assert "authorization" not in server.chat_requests()[0].headers  # no key set: none sent


def test_azure_uses_the_v1_route_and_the_api_key_header(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LLMNotConfiguredError, match="AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY"):
        create_llm("azure:my-deployment", Settings())
    monkeypatch.setenv("AZURE_OPENAI_ENDPOINT", "https://res.openai.azure.com/")
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", "azure-key-123456")
    llm = create_llm("azure:my-deployment", Settings())
    assert isinstance(llm, OpenAICompatLLM)
    assert llm.base_url == "https://res.openai.azure.com/openai/v1"
    assert (llm.endpoint.key_header, llm.model) == ("api-key", "my-deployment")


def test_github_models_needs_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LLMNotConfiguredError, match="GITHUB_TOKEN"):
        create_llm("github:openai/gpt-4o", Settings())
    monkeypatch.setenv("GITHUB_TOKEN", "gh-token-123456")
    llm = create_llm("github:openai/gpt-4o", Settings())
    assert isinstance(llm, OpenAICompatLLM)
    assert (llm.base_url, llm.model_name) == ("https://models.github.ai/inference", "github:openai/gpt-4o")


@pytest.mark.parametrize(
    ("host", "base_url"),
    [
        (None, "http://127.0.0.1:11434/v1"),
        ("0.0.0.0:9999", "http://0.0.0.0:9999/v1"),
        ("https://gpu-box:11434/", "https://gpu-box:11434/v1"),
    ],
)
def test_ollama_host(monkeypatch: pytest.MonkeyPatch, host: str | None, base_url: str) -> None:
    if host:
        monkeypatch.setenv("OLLAMA_HOST", host)
    settings = Settings(models={"llama3.2": ModelInfo(input_price_per_mtok=1, output_price_per_mtok=1)})
    llm = create_llm("ollama:llama3.2", settings)
    assert isinstance(llm, OpenAICompatLLM)
    assert llm.base_url == base_url
    assert llm.endpoint.priced is False  # local: cost is n/a even when the table has prices


def test_scripted_and_copilot_specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "replies.yaml").write_text("replies: [hi]\n")
    scripted = create_llm(f"scripted:{tmp_path / 'replies.yaml'}", Settings())
    assert isinstance(scripted, ScriptedLLM) and scripted.model_name == "scripted:replies.yaml"
    monkeypatch.setenv("SOFIA_COPILOT_PROVIDER_BASE_URL", "http://127.0.0.1:1/v1")
    monkeypatch.setenv("SOFIA_COPILOT_PROVIDER_API_KEY", "byok-key-123456")
    copilot = create_llm("copilot:gpt-5", Settings())
    assert isinstance(copilot, CopilotLLM) and copilot.model_name == "copilot:gpt-5"
    assert copilot.byok == {
        "type": "openai",
        "base_url": "http://127.0.0.1:1/v1",
        "wire_api": "completions",
        "api_key": "byok-key-123456",
    }


def test_bad_timeout_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_LLM_TIMEOUT", "soon")
    with pytest.raises(LLMNotConfiguredError, match="SOFIA_LLM_TIMEOUT"):
        create_llm("ollama:llama3.2", Settings())


def test_the_config_file_supplies_the_model_table() -> None:
    home = Path(os.environ["SOFIA_HOME"])  # the suite's isolated home
    (home / "config.toml").write_text('[models."ollama:qwen"]\ncontext_window = 32000\n')
    assert create_llm("ollama:qwen").context_window == 32000


def test_provider_statuses_report_presence_never_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "gh-token-planted-98765")
    statuses = {s.provider: s for s in provider_statuses()}
    assert set(statuses) == set(PROVIDERS)
    assert statuses["github"].configured and statuses["github"].detail == "GITHUB_TOKEN set"
    assert not statuses["openai"].configured and not statuses["azure"].configured
    assert statuses["ollama"].detail == "server at http://127.0.0.1:11434"
    assert "gh-token-planted-98765" not in str([s.model_dump() for s in statuses.values()])


def test_openai_is_configured_by_a_base_url_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:1234/v1")  # a local server needs no key
    openai = next(s for s in provider_statuses() if s.provider == "openai")
    assert openai.configured and openai.detail == "OPENAI_API_KEY not set, OPENAI_BASE_URL set"
