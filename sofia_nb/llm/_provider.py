"""What a model provider declares, once: its spec prefix, the environment it reads, how it makes a
client, how records come back as JSON, how ``doctor`` checks it and its help line.

The built-in providers are one module each in ``_providers/``; another installed package adds one
through the ``sofia_nb.llm_providers`` entry-point group (``_registry.py``, docs/llm.md). Model
selection, ``doctor`` and the CLI's help read the registry, so a provider is changed in its module
alone.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar, TypeAlias

from pydantic import BaseModel

from ._errors import LLMError, LLMNotConfiguredError

if TYPE_CHECKING:
    from ..config import Settings
    from ..events import EventBus
    from ._base import BaseLLM
    from ._openai import Endpoint
    from ._probe import Probe

STRUCTURED_OUTPUT = "response_format json_schema"
"""What the OpenAI-compatible providers do (a model table row may turn it off)."""
JSON_IN_PROSE = "json in prose"
"""What the others do: the schema in the prompt, the answer's JSON read from the text."""


class ProviderStatus(BaseModel):
    """Whether a provider could be used here, judged from the environment only (no network)."""

    provider: str
    configured: bool
    detail: str
    structured_output: str = JSON_IN_PROSE
    """How the provider gives a record as JSON: ``response_format json_schema`` (schema-valid by
    construction), or ``json in prose`` (the schema in the prompt, the answer parsed from the text)."""

    checked: bool = False
    """Whether its server was asked (``doctor``); without, ``configured`` says only that the
    settings it needs are present."""


Checked: TypeAlias = "tuple[ProviderStatus, Probe | None]"
"""What ``Provider.check`` gives ``doctor``: the status, and the chosen model's check (or None)."""


class Provider:
    """One model provider. Subclasses set the class attributes and implement ``create``; ``status``
    and ``check`` have defaults that read ``environment``.

    A provider is stateless: the registry holds one instance for the process.
    """

    name: ClassVar[str]
    """The spec's prefix: ``NAME:MODEL`` chooses this provider."""
    model_word: ClassVar[str] = "MODEL"
    """What follows the colon, as help names it (``DEPLOYMENT`` for Azure, ``PATH`` for a script)."""
    summary: ClassVar[str]
    """One line for help and docs: what it reaches and what it needs."""
    environment: ClassVar[tuple[str, ...]] = ()
    """The environment variables it reads (their names only are ever shown)."""
    needs_all: ClassVar[bool] = True
    """Whether all of ``environment`` must be set for it to be configured (else any one)."""
    structured_output: ClassVar[str] = JSON_IN_PROSE
    program: ClassVar[str | None] = None
    """A program it runs; ``doctor`` finds it (PATH, the npm folder) and hands it to ``check``."""

    @property
    def spec(self) -> str:
        """``name:MODEL_WORD``, as help shows it."""
        return f"{self.name}:{self.model_word}"

    def help_line(self) -> str:
        """``spec``: ``summary`` — the line the CLI's help and ``doctor`` show."""
        return f"{self.spec}: {self.summary}"

    def create(self, model: str, settings: Settings, bus: EventBus | None) -> BaseLLM:
        """The client for ``NAME:model``; ``LLMNotConfiguredError`` saying what is missing."""
        raise NotImplementedError

    def status(self) -> ProviderStatus:
        """Configured when ``needs`` of ``environment`` are set; the detail says which are."""
        present = [bool(os.environ.get(n)) for n in self.environment]
        said = zip(self.environment, present, strict=True)
        detail = ", ".join(f"{n} {'set' if p else 'not set'}" for n, p in said)
        return ProviderStatus(
            provider=self.name,
            configured=all(present) if self.needs_all else any(present),
            detail=detail or "needs no settings",
            structured_output=self.structured_output,
        )

    def check(self, model: str | None, *, program_path: str | None = None) -> Checked:
        """What ``doctor`` shows: the status, after asking where asking is cheap, and for the chosen
        model (``model`` given) one check of it. By default the status alone."""
        return self.status(), None


class CompatProvider(Provider):
    """A provider behind an OpenAI-compatible Chat Completions endpoint: ``endpoint`` says where
    and with which key; the client, the timeout and ``doctor``'s check (one models-list request,
    never a completion) are shared."""

    structured_output = STRUCTURED_OUTPUT

    def endpoint(self, model: str) -> Endpoint:
        """Where ``NAME:model`` is reached, from the environment (no request)."""
        raise NotImplementedError

    def create(self, model: str, settings: Settings, bus: EventBus | None) -> BaseLLM:
        from ._openai import OpenAICompatLLM

        timeout = float_env("SOFIA_LLM_TIMEOUT", 120.0)
        return OpenAICompatLLM(self.endpoint(model), settings=settings, bus=bus, timeout=timeout)

    def check(self, model: str | None, *, program_path: str | None = None) -> Checked:
        from ._probe import Probe, probe_endpoint

        if model is None:
            return self.status(), None
        try:
            return self.status(), probe_endpoint(self.endpoint(model))
        except LLMError as exc:  # a missing key: said without asking anyone
            return self.status(), Probe(state="error", detail=str(exc))


def float_env(name: str, default: float) -> float:
    """A number of seconds from the environment, ``default`` when unset."""
    value = os.environ.get(name)
    if not value:
        return default
    try:
        return float(value)
    except ValueError:
        raise LLMNotConfiguredError(f"{name}={value!r} is not a number of seconds") from None
