"""Choosing a model from a spec (``openai:gpt-4o``, ``scripted:demo.yaml``...) and the environment.

Nothing is ever chosen by default: with no spec the caller gets ``LLMNotConfiguredError`` saying
how to pick one, or to use the demo. Every environment variable read here is listed in docs/llm.md.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..config import Settings, SetupError, load_settings
from ..events import EventBus
from ._base import BaseLLM
from ._errors import LLMError, LLMNotConfiguredError
from ._provider import ProviderStatus
from ._registry import BUILTIN, all_providers, get_provider
from ._types import LLMClient

PROVIDERS = BUILTIN
"""The built-in providers' spec prefixes (plugins add theirs: ``all_providers``)."""

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
    name, sep, model = spec.partition(":")
    provider = get_provider(name) if sep and model else None
    if provider is None:
        names = ", ".join(p.name for p in all_providers())
        raise LLMNotConfiguredError(
            f"`llm` {spec!r} is not a model spec; use PROVIDER:MODEL, PROVIDER one of {names}"
        )
    return provider.create(model, settings if settings is not None else load_settings(), bus)


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


def provider_statuses() -> list[ProviderStatus]:
    """One line per provider for ``doctor``: which settings are present (never their values)."""
    return [provider.status() for provider in all_providers()]
