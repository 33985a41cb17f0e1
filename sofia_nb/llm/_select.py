"""Choosing a model from a spec (``openai:gpt-4o``, ``scripted:demo.yaml``...) and the environment.

Nothing is ever chosen by default: with no spec the caller gets ``LLMNotConfiguredError`` saying
how to pick one, or to use the demo. Every environment variable read here is listed in docs/llm.md.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

from pydantic import BaseModel

from ..config import Settings, SetupError, load_settings
from ..events import EventBus
from ._base import BaseLLM
from ._copilot import CopilotLLM, provider_from_env
from ._errors import LLMError, LLMNotConfiguredError
from ._openai import Endpoint, OpenAICompatLLM
from ._scripted import ScriptedLLM
from ._types import LLMClient

PROVIDERS = ("openai", "azure", "github", "ollama", "copilot", "scripted")
OPENAI_URL = "https://api.openai.com/v1"
GITHUB_MODELS_URL = "https://models.github.ai/inference"
OLLAMA_URL = "http://127.0.0.1:11434"

NOT_CONFIGURED = (
    "no model is configured: set `llm` to a model spec (for example openai:gpt-4o-mini, ollama:llama3.2 "
    "or scripted:replies.yaml), or SOFIA_LLM, or llm in config.toml; or set `demo` to use the bundled "
    "scripted model. sofia_nb never calls a network model you did not choose."
)


def resolve_llm_spec(cli_value: str | None = None, settings: Settings | None = None) -> str | None:
    """The spec to use: ``--llm``, else ``$SOFIA_LLM``, else the config file's ``llm``, else None."""
    return cli_value or os.environ.get("SOFIA_LLM") or (settings.llm if settings else None)


def create_llm(spec: str | None, settings: Settings | None = None, bus: EventBus | None = None) -> BaseLLM:
    """The client for ``spec``; the model table comes from ``settings`` (the config file when None)."""
    if not spec:
        raise LLMNotConfiguredError(NOT_CONFIGURED)
    provider, sep, model = spec.partition(":")
    if not sep or not model or provider not in PROVIDERS:
        raise LLMNotConfiguredError(
            f"`llm` {spec!r} is not a model spec; use PROVIDER:MODEL, PROVIDER one of {', '.join(PROVIDERS)}"
        )
    settings = settings if settings is not None else load_settings()
    if provider == "scripted":
        return ScriptedLLM.from_file(Path(model).expanduser(), settings=settings, bus=bus)
    if provider == "copilot":
        return CopilotLLM(model, byok=provider_from_env(), settings=settings, bus=bus)
    timeout = _float_env("SOFIA_LLM_TIMEOUT", 120.0)
    return OpenAICompatLLM(endpoint_for(provider, model), settings=settings, bus=bus, timeout=timeout)


def choose_llm(
    spec: str | None,
    client: LLMClient | None = None,
    *,
    demo: Path | None = None,
    settings: Settings | None = None,
    bus: EventBus | None = None,
) -> LLMClient:
    """The model a façade runs with: the ``client`` a caller brings, else ``spec``, else the
    ``demo`` script when one is given, else ``$SOFIA_LLM`` or the config file's ``llm``.

    Raises ``SetupError`` naming ``llm`` when none of them gives a model (or both a spec and a
    client are given: which one was meant cannot be guessed).
    """
    if client is not None:
        if spec:
            raise SetupError(f"both a model spec ({spec!r}) and a model client were given", "llm")
        return client
    fallback = f"scripted:{demo}" if demo is not None else None
    try:
        return create_llm(spec or fallback or resolve_llm_spec(None, settings), settings, bus)
    except LLMError as exc:
        raise SetupError(str(exc), "llm") from None


def endpoint_for(provider: str, model: str) -> Endpoint:
    """The endpoint of an OpenAI-compatible ``provider:model`` from the environment (no request)."""
    env = os.environ
    if provider == "openai":
        base_url = env.get("OPENAI_BASE_URL") or OPENAI_URL
        key = env.get("OPENAI_API_KEY")
        if not key and base_url == OPENAI_URL:
            raise LLMNotConfiguredError(
                f"openai:{model} needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)"
            )
        return Endpoint(
            provider="openai", model=model, base_url=base_url, api_key=key, key_env="OPENAI_API_KEY"
        )
    if provider == "azure":
        endpoint, key = env.get("AZURE_OPENAI_ENDPOINT"), env.get("AZURE_OPENAI_API_KEY")
        if not endpoint or not key:
            raise LLMNotConfiguredError(f"azure:{model} needs AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY")
        base_url = endpoint.rstrip("/")
        if not base_url.endswith("/openai/v1"):
            base_url += "/openai/v1"
        return Endpoint(
            provider="azure",
            model=model,
            base_url=base_url,
            api_key=key,
            key_header="api-key",
            key_env="AZURE_OPENAI_API_KEY",
        )
    if provider == "github":
        token = env.get("GITHUB_TOKEN")
        if not token:
            raise LLMNotConfiguredError(f"github:{model} needs GITHUB_TOKEN (a token with the models scope)")
        return Endpoint(
            provider="github", model=model, base_url=GITHUB_MODELS_URL, api_key=token, key_env="GITHUB_TOKEN"
        )
    host = env.get("OLLAMA_HOST") or OLLAMA_URL
    if "://" not in host:
        host = f"http://{host}"
    return Endpoint(provider="ollama", model=model, base_url=f"{host.rstrip('/')}/v1", priced=False)


STRUCTURED_OUTPUT = "response_format json_schema"
"""What the OpenAI-compatible providers do (a model table row may turn it off); Copilot and the
scripted model read the schema from the prompt instead."""


class ProviderStatus(BaseModel):
    """Whether a provider could be used here, judged from the environment only (no network)."""

    provider: str
    configured: bool
    detail: str
    structured_output: str = "json in prose"
    """How the provider gives a record as JSON: ``response_format json_schema`` (schema-valid by
    construction), or ``json in prose`` (the schema in the prompt, the answer parsed from the text)."""

    checked: bool = False
    """Whether its server was asked (``doctor``); without, ``configured`` says only that the
    settings it needs are present."""

    def with_structured(self, how: str) -> ProviderStatus:
        return self.model_copy(update={"structured_output": how})


def provider_statuses() -> list[ProviderStatus]:
    """One line per provider for ``doctor``: which settings are present (never their values)."""
    env = os.environ
    sdk = importlib.util.find_spec("copilot") is not None
    cli = env.get("COPILOT_CLI_PATH") or shutil.which("copilot")
    copilot_detail = (
        f"SDK {'installed' if sdk else 'missing (extra copilot)'}; CLI "
        + (f"at {cli}" if cli else "from the SDK's download cache")
        + ("; BYOK" if env.get("SOFIA_COPILOT_PROVIDER_BASE_URL") else "; Copilot login")
    )
    schema = STRUCTURED_OUTPUT
    return [
        _env_status("openai", ("OPENAI_API_KEY", "OPENAI_BASE_URL"), need=any).with_structured(schema),
        _env_status("azure", ("AZURE_OPENAI_ENDPOINT", "AZURE_OPENAI_API_KEY")).with_structured(schema),
        _env_status("github", ("GITHUB_TOKEN",)).with_structured(schema),
        ProviderStatus(
            provider="ollama",
            configured=True,
            detail=f"server at {env.get('OLLAMA_HOST') or OLLAMA_URL}",
            structured_output=f"{schema} (Ollama's format)",
        ),
        ProviderStatus(provider="copilot", configured=sdk, detail=copilot_detail),
        ProviderStatus(provider="scripted", configured=True, detail="always available (scripted:PATH)"),
    ]


def _env_status(
    provider: str, names: tuple[str, ...], need: Callable[[Iterable[bool]], bool] = all
) -> ProviderStatus:
    """Configured when ``need`` (all or any) of ``names`` are set; the detail says which are."""
    present = [bool(os.environ.get(n)) for n in names]
    detail = ", ".join(f"{n} {'set' if p else 'not set'}" for n, p in zip(names, present, strict=True))
    return ProviderStatus(provider=provider, configured=need(present), detail=detail)


def _float_env(name: str, default: float) -> float:
    value = os.environ.get(name)
    if not value:
        return default
    try:
        return float(value)
    except ValueError:
        raise LLMNotConfiguredError(f"{name}={value!r} is not a number of seconds") from None
