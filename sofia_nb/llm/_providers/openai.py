"""``openai:MODEL``: OpenAI, or any OpenAI-compatible server at ``OPENAI_BASE_URL`` (vLLM, LM Studio…)."""

from __future__ import annotations

import os

from .._errors import LLMNotConfiguredError
from .._openai import Endpoint
from .._provider import CompatProvider

OPENAI_URL = "https://api.openai.com/v1"


class OpenAIProvider(CompatProvider):
    name = "openai"
    summary = "OpenAI (OPENAI_API_KEY), or an OpenAI-compatible server at OPENAI_BASE_URL"
    environment = ("OPENAI_API_KEY", "OPENAI_BASE_URL")
    needs_all = False

    def endpoint(self, model: str) -> Endpoint:
        base_url = os.environ.get("OPENAI_BASE_URL") or OPENAI_URL
        key = os.environ.get("OPENAI_API_KEY")
        if not key and base_url == OPENAI_URL:
            raise LLMNotConfiguredError(
                f"openai:{model} needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)"
            )
        return Endpoint(
            provider=self.name, model=model, base_url=base_url, api_key=key, key_env="OPENAI_API_KEY"
        )


PROVIDER = OpenAIProvider()
